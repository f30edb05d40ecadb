"""What every page's template knows of the site's sign-up policy (config/settings.py `SIGNUP`).

`signup_offered`: whether a "Sign up" link is shown. With `open`, everywhere; with `invite`,
only on the way from an invitation link (its page, or a page whose `next` is one: the sign-up
page itself then checks the invitation is still open); with `closed`, nowhere.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

JOIN_PREFIX = "/join/"


def signup(request: HttpRequest) -> dict[str, bool]:
    if settings.SIGNUP == "open":
        return {"signup_offered": True}
    if settings.SIGNUP == "closed":
        return {"signup_offered": False}
    next_url = request.GET.get("next", "")
    return {
        "signup_offered": request.path.startswith(JOIN_PREFIX) or next_url.startswith(JOIN_PREFIX)
    }
