"""Headers and a cookie for the service worker (docs/offline.md).

- `Offline-Person` and `Offline-Session` on every page and every response the phone may keep
  (`offline.keep`): whose it is and in which session it was drawn, so the worker forgets the
  last session's pages when a page of another session (or a signed-out one) arrives.
- The `solar175_offline` cookie (`SessionCookieMiddleware`): the same session key, for the
  worker to read offline, set and deleted with the session cookie and expiring when it does.
- `Clear-Site-Data` on a successful sign-out: the browser deletes the Cache Storage, the
  service worker and the HTTP cache of this site, so nothing of the person stays on the
  phone. (The page also tells the worker to forget, `static/js/offline.js`, for browsers
  that ignore the header.) The sign-out is Django's `logout` view, found by its URL name.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from offline.keep import (
    KEEP_HEADER,
    NOBODY,
    PERSON_HEADER,
    SESSION_COOKIE,
    SESSION_HEADER,
    person_key,
    session_key,
)

SIGN_OUT_VIEW = "logout"
# Sent by every browser that runs a service worker (fetch metadata), by no script.
BROWSER = "HTTP_SEC_FETCH_MODE"
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
        session = session_key(request)
        if is_page or KEEP_HEADER in response:
            response[PERSON_HEADER] = person_key(request)
            response[SESSION_HEADER] = session
        if (
            session != NOBODY
            and BROWSER in request.META
            and request.COOKIES.get(SESSION_COOKIE) != session
        ):
            # The browser lacks this session's cookie for the worker (a session older than
            # it, or the cookie alone deleted): the session is saved again, so that its
            # cookie is sent again and SessionCookieMiddleware sends the worker's beside it,
            # with the same expiry. Only a browser runs a worker: a client that sends no
            # fetch metadata (a script, the test client) gets no extra save.
            request.session.modified = True
        if is_sign_out(request, response):
            response["Clear-Site-Data"] = CLEAR_SITE_DATA
        return response


class SessionCookieMiddleware:
    """The worker's cookie follows the session cookie: set with the same lifetime (its
    `Max-Age`, `Expires`, path, domain, `Secure`, `SameSite`) whenever Django's
    SessionMiddleware sets the session cookie, and deleted when it deletes it, so that it
    never outlives the session on the phone. Not HttpOnly: the worker reads it with
    `cookieStore`. Listed before SessionMiddleware, so it sees the session cookie that
    middleware sets on the way out."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        sent = response.cookies.get(settings.SESSION_COOKIE_NAME)
        key = session_key(request)
        if sent is not None and sent.value and key != NOBODY:
            response.set_cookie(
                SESSION_COOKIE,
                key,
                max_age=int(sent["max-age"]) if sent["max-age"] != "" else None,
                expires=sent["expires"] or None,
                path=sent["path"] or "/",
                domain=sent["domain"] or None,
                secure=bool(sent["secure"]),
                httponly=False,
                samesite=sent["samesite"] or None,
            )
        elif SESSION_COOKIE in request.COOKIES and (sent is not None or key == NOBODY):
            # The session ended (signed out, expired, flushed), or it is no one's.
            response.delete_cookie(
                SESSION_COOKIE,
                path=settings.SESSION_COOKIE_PATH,
                domain=settings.SESSION_COOKIE_DOMAIN,
                samesite=settings.SESSION_COOKIE_SAMESITE,
            )
        return response
