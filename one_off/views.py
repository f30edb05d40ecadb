"""The scoring wizard and the one-off games it saves.

The views translate: request data to a `TableForm`, the form's table to the engine, the
engine's `GameScore` to a `ScoreSheet` the templates show (`scoring.wizard.sheet`). No rule is
computed here, and nothing is written but through `one_off.actions`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign.models import Game
from offline.keep import readable_offline
from one_off import actions
from one_off.forms import OneOffGameForm
from scoring.catalogue import CatalogueNames, CorporationOption
from scoring.wizard.setup import SetupForm
from scoring.wizard.sheet import live_sheet, render_live_result, score_sheet
from scoring.wizard.table_form import TableForm
from scoring.words import refusal_sentence
from solar175 import engine
from solar175.table import TableError, read_table

HOME_GAMES = 5


def _table_page(
    request: HttpRequest,
    table_form: TableForm,
    game_form: OneOffGameForm,
    *,
    title: str,
    form_action: str,
    cancel_url: str,
) -> HttpResponse:
    context = {
        "table_form": table_form,
        "game_form": game_form,
        "sheet": live_sheet(table_form),
        "title": title,
        "form_action": form_action,
        "preview_url": reverse("scoring:preview"),
        "cancel_url": cancel_url,
    }
    if request.htmx and "refresh" in request.POST:
        return render(request, "scoring/wizard.html#wizard-body", context)
    return render(request, "scoring/wizard.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def wizard(request: HttpRequest) -> HttpResponse:
    """Score a one-off game: first who plays and the rules (GET), then the table (POST)."""
    catalogue = CatalogueNames()
    if request.method == "GET":
        setup = SetupForm(
            request.GET.copy(),
            initial={},
            corporations=catalogue.corporations,
            catalogue=catalogue,
            fixed={},
        )
        setup.fill_missing(fresh=not request.GET)
        if request.GET.get("step") == "table" and setup.is_ready():
            table_form = TableForm(request.GET, catalogue=catalogue)
            return _table_page(
                request,
                table_form,
                OneOffGameForm(),
                title=_("Score a game"),
                form_action=reverse("scoring:wizard"),
                cancel_url=reverse("scoring:home"),
            )
        template = "scoring/setup.html#setup-form" if request.htmx else "scoring/setup.html"
        return render(request, template, {"setup": setup, "catalogue": catalogue})

    table_form = TableForm(request.POST, catalogue=catalogue)
    game_form = OneOffGameForm(request.POST)
    if "refresh" not in request.POST and table_form.is_valid() and game_form.is_valid():
        game = actions.save_one_off_game(
            None,
            table_form.to_table(),
            played_on=game_form.cleaned_data["played_on"],
            user=request.user,
        )
        messages.success(request, _saved_message(game, catalogue))
        return redirect("scoring:game_detail", pk=game.pk)
    return _table_page(
        request,
        table_form,
        game_form,
        title=_("Score a game"),
        form_action=reverse("scoring:wizard"),
        cancel_url=reverse("scoring:home"),
    )


@login_required
@require_POST
def preview(request: HttpRequest) -> HttpResponse:
    return render_live_result(request, TableForm(request.POST))


def _one_off_game(request: HttpRequest, pk: int) -> Game:
    """The person's own one-off game; anyone else's is 404, as if it did not exist.

    Campaign games are edited through their campaign, which replays what follows them."""
    return get_object_or_404(Game, pk=pk, campaign__isnull=True, created_by=request.user.pk)


def _saved_message(game: Game, catalogue: CatalogueNames) -> str:
    winner = next(p for p in game.result["players"] if p["corporation"] == game.result["winner"])
    name = catalogue.corporation(winner["corporation"]).name
    return _("Game saved: %(name)s wins with %(total)s IP.") % {
        "name": name,
        "total": winner["total"],
    }


@dataclass(frozen=True)
class GameRow:
    """A saved game in a list, from its cached result: no table is re-scored for a list."""

    game: Game
    players: tuple[tuple[CorporationOption, int], ...]
    winner: CorporationOption | None


def _game_rows(games: list[Game]) -> list[GameRow]:
    option = CatalogueNames().corporation

    rows = []
    for game in games:
        result = game.result or {}
        players = tuple((option(p["corporation"]), p["total"]) for p in result.get("players", []))
        winner = option(result["winner"]) if result.get("winner") else None
        rows.append(GameRow(game, players, winner))
    return rows


def _one_off_games(request: HttpRequest):
    """The one-off games this person scored, newest first."""
    return Game.objects.filter(campaign__isnull=True, created_by=request.user.pk).order_by(
        "-played_on", "-id"
    )


@require_safe
@readable_offline
def home(request: HttpRequest) -> HttpResponse:
    """The front page: anyone may see it; a signed-in person sees their latest games."""
    rows = []
    if request.user.is_authenticated:
        rows = _game_rows(list(_one_off_games(request)[:HOME_GAMES]))
    return render(request, "scoring/home.html", {"rows": rows})


@login_required
@require_safe
def game_list(request: HttpRequest) -> HttpResponse:
    rows = _game_rows(list(_one_off_games(request)))
    return render(request, "scoring/game_list.html", {"rows": rows})


@login_required
@require_safe
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = _one_off_game(request, pk)
    catalogue = CatalogueNames()
    sheet, problem = None, None
    try:
        state = read_table(game.table).valid_state()
    except TableError as error:
        # A table saved under older checks: say so, and let the group correct it.
        problem = refusal_sentence(error)
    else:
        sheet = score_sheet(engine.score_game(state), state, catalogue)
    return render(
        request, "scoring/game_detail.html", {"game": game, "sheet": sheet, "problem": problem}
    )


@login_required
@require_http_methods(["GET", "POST"])
def game_edit(request: HttpRequest, pk: int) -> HttpResponse:
    game = _one_off_game(request, pk)
    catalogue = CatalogueNames()
    if request.method == "GET":
        table_form = TableForm(table=game.table, catalogue=catalogue)
        game_form = OneOffGameForm(instance=game)
    else:
        table_form = TableForm(request.POST, table=game.table, catalogue=catalogue)
        game_form = OneOffGameForm(request.POST, instance=game)
        if "refresh" not in request.POST and table_form.is_valid() and game_form.is_valid():
            try:
                actions.save_one_off_game(
                    game,
                    table_form.to_table(),
                    played_on=game_form.cleaned_data["played_on"],
                    version=game_form.cleaned_data["version"],
                    user=request.user,
                )
            except actions.StaleGame:
                game_form.add_error(
                    None,
                    _(
                        "Someone saved this game after you opened it. Open it again to see "
                        "their changes, then make yours."
                    ),
                )
            else:
                messages.success(request, _saved_message(game, catalogue))
                return redirect("scoring:game_detail", pk=game.pk)
    return _table_page(
        request,
        table_form,
        game_form,
        # Translators: %(date)s is the day the game was played.
        title=_("Edit the game of %(date)s") % {"date": date_format(game.played_on)},
        form_action=reverse("scoring:game_edit", args=[game.pk]),
        cancel_url=reverse("scoring:game_detail", args=[game.pk]),
    )


@login_required
@require_http_methods(["GET", "POST"])
def game_delete(request: HttpRequest, pk: int) -> HttpResponse:
    game = _one_off_game(request, pk)
    if request.method == "POST":
        actions.delete_one_off_game(game)
        messages.success(
            request,
            _("The game of %(date)s is deleted.") % {"date": date_format(game.played_on)},
        )
        return redirect("scoring:game_list")
    rows = _game_rows([game])
    return render(request, "scoring/game_confirm_delete.html", {"game": game, "row": rows[0]})
