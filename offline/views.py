"""The installable app's files at the site's root: the web app manifest, the service worker,
the favicon, and the page a phone shows for an address it never opened while offline.

None of them depends on who asks: the worker stores the offline page with its static files,
for whoever holds the phone (docs/offline.md); it stores it in each language the site speaks
(`/offline/?language=de`), and shows the one in the language of the last page the phone read
(its Content-Language), so a German phone (or a person who chose German) reads it in German.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language, to_locale
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from offline import icons
from offline.keep import SESSION_COOKIE

WORKER_SOURCE = Path(__file__).resolve().parent / "sw.js"
# The static files the worker stores when it installs: the pages' CSS and scripts, and the
# icons. (The fonts are Pillow's, for the pictures; no page loads them.)
PRECACHED_FOLDERS = ("css/", "js/", "vendor/", "icons/")
THEME_COLOUR = icons.NIGHT
BACKGROUND_COLOUR = "#ffffff"
DAY = 24 * 60 * 60


def language_tag() -> str:
    """The active language as a BCP 47 tag, as a manifest writes it: "en-GB", "de"."""
    return to_locale(get_language() or settings.LANGUAGE_CODE).replace("_", "-")


def manifest_data() -> dict[str, Any]:
    """The web app manifest: what a phone needs to install the app, in the phone's language."""
    return {
        "id": "/",
        "name": _("Solar 175 campaign manager"),
        "short_name": "Solar 175",
        "description": _(
            "Score Solar 175 games and keep the campaign: tracker cards, sections, the setup "
            "sheet and the rules in force, readable at the table without signal."
        ),
        "lang": language_tag(),
        "dir": "ltr",
        "start_url": reverse("scoring:home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games", "utilities"],
        "icons": [
            {
                "src": static(f"icons/{spec.name}"),
                "sizes": f"{spec.size}x{spec.size}",
                "type": "image/png",
                "purpose": "maskable" if spec.kind == "maskable" else "any",
            }
            for spec in icons.ICONS
            if spec.kind in ("any", "maskable")
        ],
        "shortcuts": [
            {"name": _("Campaigns"), "url": reverse("campaign:list")},
            {"name": _("Score a game"), "url": reverse("scoring:wizard")},
        ],
    }


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    response = JsonResponse(
        manifest_data(), content_type="application/manifest+json", json_dumps_params={"indent": 1}
    )
    patch_cache_control(response, public=True, max_age=DAY)
    return response


def precached_files() -> list[str]:
    """The addresses of the static files the worker keeps from the start (hashed names when
    the static files are collected with a manifest)."""
    found: set[str] = set()
    for finder in finders.get_finders():
        for path, _storage in finder.list(["*.map", "*.txt", ".*"]):
            path = path.replace("\\", "/")
            if path.startswith(PRECACHED_FOLDERS):
                found.add(path)
    return [static(path) for path in sorted(found)]


def languages() -> list[str]:
    """The codes of the languages the site speaks (`LANGUAGES`): "en-gb", "de"."""
    return [code for code, _name in settings.LANGUAGES]


def offline_page_in(language: str) -> str:
    """The address of the offline page in `language`, as the worker stores it."""
    return f"{reverse('offline:page')}?language={language}"


def worker_source() -> str:
    """The worker: its settings (addresses this site chose, and its words in every language),
    then `offline/sw.js`. The same for everyone, whatever their language. Its version is the
    hash of both, so a new deploy (new static files, a new worker, new words) installs anew."""
    offline_pages = {code: offline_page_in(code) for code in languages()}
    needs_connection = {}
    for code in languages():
        with translation.override(code):
            needs_connection[code] = _("This page needs a connection.")
    config = {
        "precache": [
            *precached_files(),
            reverse("offline:page"),
            *offline_pages.values(),
            reverse("offline:manifest"),
        ],
        # The offline page in the language of the phone that installed the worker, and in
        # each language: the one shown is the last page's language's (sw.js).
        "offlinePage": reverse("offline:page"),
        "offlinePages": offline_pages,
        "defaultLanguage": settings.LANGUAGE_CODE,
        "sessionCookie": SESSION_COOKIE,
        # The folder's address, not `static("")`: the manifest storage a host collects with
        # (`make serve`) refuses a name it did not hash.
        "staticUrl": settings.STATIC_URL,
        "workerUrl": reverse("offline:worker"),
        # Said when even the offline page is not kept, in the phone's language.
        "needsConnectionWords": needs_connection,
    }
    source = WORKER_SOURCE.read_text(encoding="utf-8")
    body = json.dumps(config, sort_keys=True)
    version = hashlib.sha256((body + source).encode()).hexdigest()[:12]
    return f'const CONFIG = {body};\nCONFIG.version = "{version}";\n{source}'


@require_safe
def worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the site's root so that its scope is every page."""
    response = HttpResponse(worker_source(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    # Always asked again: a new deploy reaches every phone at its next page.
    patch_cache_control(response, no_cache=True, max_age=0)
    return response


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for whatever the page's <link> says."""
    path = finders.find(f"icons/{icons.FAVICON}")
    if not path:
        raise Http404("No favicon: run `python manage.py draw_icons`.")
    response = FileResponse(open(path, "rb"), content_type="image/x-icon")  # noqa: SIM115
    patch_cache_control(response, public=True, max_age=7 * DAY)
    return response


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    """What the phone shows, offline, for an address it never opened: it needs a connection.
    The same for everyone (no name, no form): the worker keeps it for whoever holds the
    phone. In the language `?language=` names (one the site speaks), else the request's."""
    language = request.GET.get("language", "")
    if language not in languages():
        language = get_language()
    with translation.override(language):
        response = render(request, "offline/offline.html", {"debug": settings.DEBUG})
        response["Content-Language"] = get_language()
    patch_cache_control(response, no_cache=True)
    return response
