"""What every request passes through on a hosted app (config/settings.py `MIDDLEWARE`):

- `head_without_body`: a HEAD request's answer is the GET's headers without its body (Django
  writes the body, and gunicorn warned in its log of every HEAD that it dropped it);
- `request_size_limit`: a request larger than `MAX_REQUEST_BYTES` is refused (413) before
  anything reads its body (the CSRF check reads a form's body; an upload is spooled to disk);
- `CompressedText`: HTML, SVG, JSON, CSS and script answers gzip-compressed for a browser
  that asks (Django's GZipMiddleware, with its BREACH mitigation: a random length of padding
  in each response); pictures already compressed (PNG) go as they are;
- `private_pages`: a page for a signed-in person says `Cache-Control: private`, so no shared
  cache (a proxy's, a school's) keeps a member's page, an invite token or a campaign;
- `BusyDatabaseMiddleware`: a write that found the database busy past its timeout and was not
  shown beside a form (hosting.busy) is a 503 with a sentence, never a 500; and so is a
  database the app cannot reach (`UNREACHABLE_SENTENCE`).

The database can fail before any view runs: the session and the signed-in person are read
from it by whatever first asks (a middleware, the page's frame). An exception raised in a
middleware never reaches `process_exception`; Django answers it with its 500 handler, so
`server_error` (config/urls.py's `handler500`) gives the same 503 and sentence for those. Both
answer an htmx request with the sentence alone, put at the top of the page (`HX-Retarget`:
base.html's `#unavailable-banner`), the rest of the page and what was typed in it left as
they were; and a script asking for JSON (a draft's push and poll) with `{"error": sentence}`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.middleware.gzip import GZipMiddleware
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from hosting.busy import DatabaseBusy, is_busy, is_unreachable

# Said in the person's language where it is shown (`gettext(UNREACHABLE_SENTENCE)`).
UNREACHABLE_SENTENCE = gettext_noop(
    "The app cannot reach its database right now: nothing typed on this page was saved. "
    "Try again in a minute."
)

Handler = Callable[[HttpRequest], HttpResponse]


def megabytes(size: int) -> str:
    """3.1 MB: rounded up to a tenth, so a size just over a limit never reads as the limit."""
    tenths = -(-size * 10 // (1024 * 1024))
    # The person's decimal mark: 3.1 MB in English, 3,1 MB in German.
    return f"{number_format(tenths / 10, decimal_pos=1)} MB"


def head_without_body(get_response: Handler) -> Handler:
    """The outermost middleware: for HEAD, the answer with every header a GET's has (its
    Content-Length too, which RFC 9110 allows) and no body. Django's views answer HEAD as GET,
    body and all; gunicorn then drops the body and logs a warning for every such request,
    which is every request an uptime monitor sends."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if request.method == "HEAD":
            if response.streaming:
                # A file's answer keeps its file among what is closed after it is sent.
                response.streaming_content = ()
            else:
                response.content = b""
        return response

    return middleware


# A proxy in front (deploy/) sends the whole body before it reads the answer: answered unread,
# the connection closed under the proxy's feet and the phone got the proxy's 502 page instead
# of the sentence, now and then (tests/test_proxies.py through nginx). A body up to this many
# times the limit is read and dropped first; the deploy samples' proxies refuse larger ones.
DRAINED_TIMES_LIMIT = 2


def _drop_body(request: HttpRequest, length: int) -> None:
    left = length
    while left > 0:
        chunk = request.read(min(left, 64 * 1024))
        if not chunk:
            return
        left -= len(chunk)


def request_size_limit(get_response: Handler) -> Handler:
    def middleware(request: HttpRequest) -> HttpResponse:
        limit = settings.MAX_REQUEST_BYTES
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > limit:
            sentence = _(
                "This request is %(size)s: the app takes at most %(most)s in one request (a "
                "campaign file is at most 2 MB). Nothing of it was kept or saved."
            ) % {"size": megabytes(length), "most": megabytes(limit)}
            if length <= DRAINED_TIMES_LIMIT * limit:
                _drop_body(request, length)
            response = render(request, "hosting/refused.html", {"sentence": sentence}, status=413)
            response["Connection"] = "close"
            return response
        return get_response(request)

    return middleware


# What compresses well: text of every kind, SVG, JSON (the campaign file, the manifest).
COMPRESSED_TYPES = ("text/", "image/svg+xml", "application/json", "application/manifest+json")
COMPRESSED_TYPES += ("application/javascript", "application/xml")


class CompressedText(GZipMiddleware):
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        kind = response.get("Content-Type", "").split(";")[0].strip().lower()
        if not kind.startswith(COMPRESSED_TYPES):
            return response
        return super().process_response(request, response)


def private_pages(get_response: Handler) -> Handler:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True)
        return response

    return middleware


def sentence_response(
    request: HttpRequest, sentence: str, *, title: str, retry_after: int
) -> HttpResponse:
    """A 503 saying `sentence`, rendered without the database: as an anonymous page (the
    session and the person are in the database), no messages. To htmx, the sentence alone,
    shown at the top of the page (htmx swaps a 503 only when told where: base.html). To a
    request that sends or asks for JSON (a draft's push and poll, static/js/draft.js), JSON:
    `{"error": sentence}`, which the phone shows, keeping what was typed to send again."""
    context = {"sentence": sentence, "title": title, "user": AnonymousUser(), "messages": ()}
    if wants_json(request):
        response = JsonResponse({"error": sentence}, status=503)
    elif request.headers.get("HX-Request") == "true":
        response = render(request, "hosting/_unavailable.html", context, status=503)
        # Into base.html's place for it, replacing the last one: a page that polls says it once.
        response["HX-Retarget"] = "#unavailable-banner"
        response["HX-Reswap"] = "innerHTML"
    else:
        response = render(request, "hosting/unavailable.html", context, status=503)
    response["Retry-After"] = str(retry_after)
    patch_cache_control(response, no_store=True)
    return response


def wants_json(request: HttpRequest) -> bool:
    """A script's request for JSON: it sends JSON (a draft's push) or accepts JSON first (a
    draft's poll, whose `HX-Request` header asks for the htmx page's own swapping too)."""
    accepted = request.headers.get("Accept", "")
    return request.content_type == "application/json" or accepted.startswith("application/json")


def unreachable_response(request: HttpRequest) -> HttpResponse:
    return sentence_response(
        request, _(UNREACHABLE_SENTENCE), title=_("Database unreachable"), retry_after=60
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's 500 handler (config/urls.py): an unreachable database is its own 503 page
    with a sentence wherever it was found, in a middleware or a view; anything else is
    Django's own answer."""
    from django.views.defaults import server_error as django_server_error

    if is_unreachable(sys.exc_info()[1]):
        return unreachable_response(request)
    return django_server_error(request)


class BusyDatabaseMiddleware:
    def __init__(self, get_response: Handler) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, DatabaseBusy) or is_busy(exception):
            # A page's person goes back to the form; a draft's phone sends it again itself.
            if wants_json(request):
                sentence = _(
                    "Nothing was saved: the app was busy saving what others sent at the same "
                    "moment. Your entries are kept here: send them again in a moment."
                )
            else:
                sentence = _(
                    "Nothing was saved: the app was busy saving what others sent at the same "
                    "moment. Your entries are kept here: send them again: go back, and send it "
                    "again in a moment."
                )
            return sentence_response(request, sentence, title=_("Not saved"), retry_after=2)
        if is_unreachable(exception):
            return unreachable_response(request)
        return None
