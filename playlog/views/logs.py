"""Play logs themselves: the list, a new one, a log's plays (newest first, with winners), its
settings (the owner), deleting it (the owner), and importing a play file (a player)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import F, Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from gamefile.errors import FieldError
from gamefile.json_input import JsonInputError, parse_json_bytes
from hosting.form_words import refusal
from hosting.words import translated
from playlog import actions
from playlog.forms import (
    ImportAgainForm,
    NewPlayLogForm,
    PlayFileForm,
    PlayLogSettingsForm,
    PublicPageForm,
)
from playlog.frame import OWNER, PLAYER, LogPage, log_page
from playlog.models import PlayLog, PlayPerson
from playlog.pages import offered
from playlog.summary import summarise
from playlog.words import in_words, where

# A play file is a few kilobytes; this is far beyond any real one.
MAX_UPLOAD = 1_000_000


def sentence(error: FieldError, *, file: bool = False) -> str:
    """A rules refusal as a page says it. In a file the field's path is how a person finds it:
    the sentence, then the path. On a form the field is named first in words, as every form
    names its field ("Player 2, credits: must be between 0 and 999."), never a path's tail
    after the sentence."""
    said = translated(error.message)
    if file:
        return f"{said[:1].upper()}{said[1:]} ({error.path})."
    message, place = in_words(said), where(error.path)
    if not place:
        return f"{message[:1].upper()}{message[1:]}."
    # Translators: a field's place, then what it refuses ("Player 2, credits: must be …").
    return _("%(field)s: %(problem)s.") % {
        "field": f"{place[:1].upper()}{place[1:]}",
        "problem": message,
    }


@login_required
@require_GET
def log_list(request: HttpRequest) -> HttpResponse:
    """The play logs this person is a member of, with their role in each."""
    logs = PlayLog.objects.filter(memberships__user=request.user).annotate(
        member_role=F("memberships__role")
    )
    return render(request, "playlog/log_list.html", {"logs": logs})


@login_required
@require_http_methods(["GET", "POST"])
def log_create(request: HttpRequest) -> HttpResponse:
    form = NewPlayLogForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        log = actions.create_play_log(
            form.cleaned_data["name"], request.user, time_zone=form.cleaned_data["time_zone"]
        )
        messages.success(request, _("Play log “%(name)s” made: you are its owner.") % {"name": log})
        return redirect(log)
    status = 400 if request.method == "POST" else 200
    return render(request, "playlog/log_form.html", {"form": form}, status=status)


def games_offered(page: LogPage) -> list[dict[str, Any]]:
    return [
        {"key": key, "title": page.title(key), "new_url": pages.new_url(page.log)}
        for key, pages in offered().items()
    ]


@log_page("playlog/log.html", "log")
def log_home(page: LogPage) -> dict[str, Any]:
    """The plays newest first, each with its people and winners."""
    plays = page.log.plays.newest_first().prefetch_related(
        Prefetch("people", queryset=PlayPerson.objects.order_by("seat"))
    )
    return page.frame(
        plays=[summarise(play, page.title(play.game)) for play in plays],
        games=games_offered(page),
        file_form=PlayFileForm(),
    )


def settings_sections(log: PlayLog, data: Any = None) -> list[dict[str, Any]]:
    """Each game's part of the settings page, asked of the game (`GamePages.settings`): its
    form (bound to `data`, the POST), what the app remembered, its stored settings."""
    sections = []
    for key, pages in offered().items():
        if pages.settings is None:
            continue
        stored = log.settings_for(key)
        form_class = pages.settings.form
        sections.append(
            {
                "key": key,
                "heading": pages.settings.heading,
                "form": form_class(data, stored=stored, prefix=pages.namespace)
                if form_class
                else None,
                "remembered": pages.settings.remembered,
                "stored": stored,
            }
        )
    return sections


@log_page("playlog/settings.html", "settings", role=OWNER, methods=("GET", "POST"))
def log_settings(page: LogPage) -> HttpResponse | dict[str, Any]:
    request, log = page.request, page.log
    post = request.POST if request.method == "POST" else None
    name_form = PlayLogSettingsForm(
        post, initial={"name": log.name, "time_zone": log.time_zone}, prefix="log"
    )
    games = settings_sections(log, post)
    forms = [game["form"] for game in games if game["form"]]
    if post is not None and name_form.is_valid() & all([form.is_valid() for form in forms]):
        actions.rename_play_log(log, name_form.cleaned_data["name"])
        if name_form.cleaned_data["time_zone"]:
            actions.set_time_zone(log, name_form.cleaned_data["time_zone"])
        for game in games:
            if game["form"]:
                actions.change_game_settings(log, game["key"], game["form"].settings())
        messages.success(request, _("Settings saved."))
        return redirect("playlog:settings", log=log.slug)
    context = page.frame(
        name_form=name_form,
        games=games,
        public_url=request.build_absolute_uri(
            reverse("playlog_public:log", args=[log.public_token])
        )
        if log.public_enabled
        else "",
    )
    if post is not None:
        return page.render(context, status=400)
    return context


@log_page("", "settings", role=OWNER, methods=("POST",))
def public_switch(page: LogPage) -> HttpResponse:
    """The public page on or off (the owner's, on the settings page)."""
    form = PublicPageForm(page.request.POST)
    enabled = form.is_valid() and form.cleaned_data["enabled"]
    actions.switch_public_page(page.log, enabled)
    if enabled:
        messages.success(
            page.request, _("The public page is on: anyone with its address can read it.")
        )
    else:
        messages.success(
            page.request, _("The public page is off: its address answers “not found”.")
        )
    return redirect("playlog:settings", log=page.log.slug)


@log_page("playlog/log_confirm_delete.html", "settings", role=OWNER, methods=("GET", "POST"))
def log_delete(page: LogPage) -> HttpResponse | dict[str, Any]:
    if page.request.method == "POST":
        name = page.log.name
        actions.delete_play_log(page.log)
        messages.success(page.request, _("Play log “%(name)s” deleted.") % {"name": name})
        return redirect("playlog:list")
    return page.frame(plays=page.log.plays.count())


@log_page("playlog/import_confirm.html", "log", role=PLAYER, methods=("POST",))
def play_import(page: LogPage) -> HttpResponse | dict[str, Any]:
    """A play file uploaded: a new play, or the file's first problem in a sentence and nothing
    written. A file the log already holds (the same play, the same date, the same people) asks
    first; the page carries the file's text so that "Import it again" needs no second upload."""
    request, log = page.request, page.log
    again_form = ImportAgainForm(request.POST)
    if not again_form.is_valid():
        messages.error(
            request, _("%(problem)s Nothing was imported.") % {"problem": refusal(again_form)}
        )
        return redirect(log)
    text = again_form.text()
    again = text is not None
    if again:
        raw = text.encode()
    else:
        form = PlayFileForm(request.POST, request.FILES)
        if not form.is_valid():
            messages.error(request, _("Choose a play file to import."))
            return redirect(log)
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            messages.error(request, _("That file is too big to be a play file."))
            return redirect(log)
        raw = upload.read()
    if len(raw) > MAX_UPLOAD:
        messages.error(request, _("That file is too big to be a play file."))
        return redirect(log)
    try:
        data = parse_json_bytes(raw)
        if not again:
            same = actions.same_plays(log, data)
            if same:
                return page.frame(same=same, content=raw.decode())
        play = actions.import_play(log, data, request.user)
    except JsonInputError as error:
        messages.error(
            request,
            _("The file %(problem)s: nothing was imported.") % {"problem": translated(error)},
        )
        return redirect(log)
    except FieldError as error:
        messages.error(
            request,
            _("%(problem)s Nothing was imported.") % {"problem": sentence(error, file=True)},
        )
        return redirect(log)
    messages.success(request, _("Imported play %(number)s.") % {"number": play.number})
    return redirect(play)
