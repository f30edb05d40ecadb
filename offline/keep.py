"""Which responses a phone may keep to read offline, and for whom.

The service worker (`offline/sw.js`, docs/offline.md) stores a page only when the server says
so, in headers it reads and strips from nothing (they are for the worker only):

- `Offline-Keep`: this response may be kept and shown again without a connection. On a
  campaign page it also names the campaign and the sections unlocked when it was drawn
  (`yes; campaign=12; unlocked=1 2 3 7`), so that when a section locks again (a game edited
  away) the worker throws away every kept page drawn while it was unlocked.
- `Offline-Person` (`offline.middleware`): whose page this is, as a key that names nobody
  (a game draft's typing kept on the phone is filed under it, live/static/js/draft.js).
- `Offline-Session` (`offline.middleware`): the session the page was drawn in, as a key that
  names nobody. The worker keeps pages for one session: a response for another session, or
  for nobody (signed out, the session over), makes it forget every page it kept, so two
  people sharing one phone never read each other's pages. The same key is in a cookie the
  worker can read (`solar175_offline`: not HttpOnly, expiring with the session cookie);
  offline, the worker shows a kept page only while that cookie still names the session the
  page was kept for, so a session that expired or whose cookie was cleared leaves nothing to
  read.

Pages opt in: `campaign.frame`'s `page_frame(..., offline=True)` or `kept_offline` for
campaign pages, `readable_offline` for the others, `keep_offline(request, response)` where
only some answers may be kept (a section page: unlocked yes, locked never, even for the
person who revealed it).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

KEEP_HEADER = "Offline-Keep"
PERSON_HEADER = "Offline-Person"
SESSION_HEADER = "Offline-Session"
# The session's key for the worker, readable by it (`cookieStore`): never HttpOnly.
SESSION_COOKIE = "solar175_offline"
NOBODY = "nobody"


def person_key(request: HttpRequest) -> str:
    """Who a response was drawn for: a keyed hash of the signed-in user (stable, names no
    one, useless on another site), or `nobody`."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return NOBODY
    return salted_hmac("offline.person", str(user.pk)).hexdigest()[:20]


def session_key(request: HttpRequest) -> str:
    """The session a response was drawn in, for a signed-in person: a keyed hash of the
    session's key (names no one, gives nothing to sign in with), or `nobody`. A new sign-in
    cycles the session's key, so it is a new key too."""
    user = getattr(request, "user", None)
    session = getattr(request, "session", None)
    if user is None or not user.is_authenticated or session is None or not session.session_key:
        return NOBODY
    return salted_hmac("offline.session", session.session_key).hexdigest()[:24]


def _never_stored(response: HttpResponse) -> bool:
    """`no-store` is kept to the letter. `private`, `no-cache` and `max-age=0` are not a
    refusal: the worker's store is this person's own, on their own phone (what `private`
    allows), and it asks the network first every time (what `no-cache` asks)."""
    return "no-store" in response.get("Cache-Control", "")


def keep_offline(
    request: HttpRequest, response: HttpResponse, campaign: Any = None
) -> HttpResponse:
    """Mark `response` as one the phone may keep: a page's full GET (no htmx fragment), 200,
    that nothing asked never to store. `campaign`: the campaign the page shows."""
    if (
        request.method != "GET"
        or getattr(request, "htmx", False)
        or response.status_code != 200
        or _never_stored(response)
    ):
        return response
    value = "yes"
    if campaign is not None:
        unlocked = sorted(campaign.replayed().unlocked())
        value += f"; campaign={campaign.pk}; unlocked={' '.join(map(str, unlocked))}"
    response[KEEP_HEADER] = value
    return response


def readable_offline(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page (not a campaign's) the phone may keep for the person who opened it."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return keep_offline(request, view(request, *args, **kwargs))

    return wrapper
