"""Two headers for the service worker (docs/offline.md).

- `Offline-Person` on every page and every response the phone may keep (`offline.keep`):
  whose it is, so the worker forgets the last person's pages when another person's (or a
  signed-out) page arrives.
- `Clear-Site-Data` on a successful sign-out: the browser deletes the Cache Storage, the
  service worker and the HTTP cache of this site, so nothing of the person stays on the
  phone. (The page also tells the worker to forget, `static/js/offline.js`, for browsers
  that ignore the header.) The sign-out is Django's `logout` view, found by its URL name.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from offline.keep import KEEP_HEADER, PERSON_HEADER, person_key

SIGN_OUT_VIEW = "logout"
# "cache": the HTTP cache; "storage": the Cache Storage, the service workers, local storage
# and IndexedDB. Not "cookies": the sign-out already ended the session.
CLEAR_SITE_DATA = '"cache", "storage"'


def is_sign_out(request: HttpRequest, response: HttpResponse) -> bool:
    match = getattr(request, "resolver_match", None)
    return (
        request.method == "POST"
        and match is not None
        and match.view_name == SIGN_OUT_VIEW
        and response.status_code < 400
    )


class OfflineHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        is_page = response.get("Content-Type", "").startswith("text/html")
        if is_page or KEEP_HEADER in response:
            response[PERSON_HEADER] = person_key(request)
        if is_sign_out(request, response):
            response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response
