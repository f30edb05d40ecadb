"""What every request passes through on a hosted app (config/settings.py `MIDDLEWARE`):

- `request_size_limit`: a request larger than `MAX_REQUEST_BYTES` is refused (413) before
  anything reads its body (the CSRF check reads a form's body; an upload is spooled to disk);
- `private_pages`: a page for a signed-in person says `Cache-Control: private`, so no shared
  cache (a proxy's, a school's) keeps a member's page, an invite token or a campaign;
- `BusyDatabaseMiddleware`: a write that found the database busy past its timeout and was not
  shown beside a form (hosting.busy) is a 503 with a sentence, never a 500.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control

from hosting.busy import BUSY_SENTENCE, DatabaseBusy, is_busy

Handler = Callable[[HttpRequest], HttpResponse]


def megabytes(size: int) -> str:
    """3.1 MB: rounded up to a tenth, so a size just over a limit never reads as the limit."""
    tenths = -(-size * 10 // (1024 * 1024))
    return f"{tenths / 10:.1f} MB"


def request_size_limit(get_response: Handler) -> Handler:
    def middleware(request: HttpRequest) -> HttpResponse:
        limit = settings.MAX_REQUEST_BYTES
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > limit:
            sentence = (
                f"This request is {megabytes(length)}: the app takes at most "
                f"{megabytes(limit)} in one request (a campaign file is at most 2 MB). "
                "Nothing was read or saved."
            )
            response = render(request, "hosting/refused.html", {"sentence": sentence}, status=413)
            response["Connection"] = "close"
            return response
        return get_response(request)

    return middleware


def private_pages(get_response: Handler) -> Handler:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True)
        return response

    return middleware


class BusyDatabaseMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, DatabaseBusy) or is_busy(exception):
            sentence = f"{BUSY_SENTENCE}: go back, and send it again in a moment."
            response = render(request, "hosting/refused.html", {"sentence": sentence}, status=503)
            response["Retry-After"] = "2"
            return response
        return None
