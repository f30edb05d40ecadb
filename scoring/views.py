"""The scoring wizard, its live result, and the one-off games it saves.

The views translate: request data to a `TableForm`, the form's table to the engine, the
engine's `GameScore` to a `ScoreSheet` the templates show. No rule is computed here.

For a campaign's pages: `score_sheet()` turns any `GameScore` into the sheet that
`scoring/wizard.html#live-result` and `scoring/game_detail.html#score-sheet` render, and
`render_live_result()` answers the htmx live preview of any `TableForm`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign.models import Game
from scoring.forms import (
    CorporationOption,
    OneOffGameForm,
    SetupForm,
    TableForm,
    WizardCatalogue,
)
from scoring.models import CorporationColour
from solar175 import engine
from solar175.table import TableError, parse_table

CATEGORY_LABELS = {
    "credits": "Credits",
    "loans": "Unpaid loans",
    "mining": "Mining",
    "political_influence": "Political influence",
    "bases": "Bases",
    "megastructure": "Megastructure",
    "military": "Military",
    "presence": "Presence",
    "bonus": "Player power",
}
# Shown only when someone scored there: most games have no loans, cards or powers.
OPTIONAL_CATEGORIES = ("loans", "political_influence", "bonus")
HOME_GAMES = 5


# --- the score sheet: a GameScore as the pages show it ------------------------------------


@dataclass(frozen=True)
class SheetPlayer:
    corporation: str
    name: str
    css_colour: str
    total: int
    rank: int
    crosses: tuple[str, ...]

    @property
    def short_name(self) -> str:
        # A phone's score sheet has room for a word per column: "Purple", not "Purple corporation".
        return self.name.split()[0] if self.name.strip() else self.corporation


@dataclass(frozen=True)
class SheetRow:
    label: str
    values: tuple[int, ...]
    doubled: bool = False


@dataclass(frozen=True)
class SheetVote:
    party: str
    label: str
    votes: int
    union_votes: int
    elected: bool


@dataclass(frozen=True)
class ScoreSheet:
    players: tuple[SheetPlayer, ...]
    rows: tuple[SheetRow, ...]
    presence_rows: tuple[SheetRow, ...]
    votes: tuple[SheetVote, ...]
    election: str
    doubled: str
    winner: SheetPlayer
    tie_break: str | None
    worker_values: tuple[tuple[str, int], ...]

    @property
    def standings(self) -> list[SheetPlayer]:
        return sorted(self.players, key=lambda player: player.rank)


def score_sheet(
    score: engine.GameScore,
    table: engine.TableState,
    catalogue: WizardCatalogue,
    corporations: list[CorporationOption] | None = None,
) -> ScoreSheet:
    """The words and rows around an engine result; every number is the engine's."""
    options = {c.key: c for c in (corporations or catalogue.corporations)}
    crosses: dict[str, list[str]] = {p.corporation: [] for p in score.players}
    for section, winners in score.tracker.items():
        for corporation in winners:
            crosses[corporation].append(catalogue.section(section))

    def option(key: str) -> CorporationOption:
        return options.get(key) or catalogue.corporation(key)

    players = tuple(
        SheetPlayer(
            corporation=p.corporation,
            name=option(p.corporation).name,
            css_colour=option(p.corporation).css_colour,
            total=p.total,
            rank=p.rank,
            crosses=tuple(crosses[p.corporation]),
        )
        for p in score.players
    )
    election = score.election
    doubled = engine.DOUBLED_BY[election.winner]
    rows = tuple(
        SheetRow(CATEGORY_LABELS[c], tuple(p.ip[c] for p in score.players), c == doubled)
        for c in engine.CATEGORIES
        if c not in OPTIONAL_CATEGORIES or any(p.ip[c] for p in score.players)
    )
    presence_rows = tuple(
        SheetRow(catalogue.zone(z), tuple(p.presence[z] for p in score.players))
        for z in table.rules.zones_in_play
    )
    parties = list(engine.LEGITIMATE_PARTIES)
    if table.rules.celestial_rebellion:
        parties.append(engine.CELESTIAL_REBELLION)
    votes = tuple(
        SheetVote(
            party=party,
            label=catalogue.party(party),
            votes=election.votes[party],
            union_votes=election.union_votes.get(party, 0),
            elected=party == election.winner,
        )
        for party in parties
    )
    winner = next(p for p in players if p.corporation == score.winner)
    worker_values = [
        (catalogue.hub(key), score.worker_values[key]) for key in ("hensler", "ufss", "military")
    ]
    worker_values += [
        (catalogue.hub("", zone=z), value) for z, value in score.worker_values["zones"].items()
    ]
    return ScoreSheet(
        players=players,
        rows=rows,
        presence_rows=presence_rows,
        votes=votes,
        election=_election_sentence(election, catalogue),
        doubled=CATEGORY_LABELS[doubled],
        winner=winner,
        tie_break=_tie_break_sentence(score, winner),
        worker_values=tuple(worker_values),
    )


def _election_sentence(election: engine.Election, catalogue: WizardCatalogue) -> str:
    party = catalogue.party(election.winner)
    votes = election.votes[election.winner]
    if election.overthrown:
        return f"The {party} took power: {votes} spoiled ballots outnumber every party's votes."
    if election.incumbent_kept_power:
        return f"A tie at the top: the {party}, in power, stay in power."
    return f"The {party} won the election with {votes} votes."


def _tie_break_sentence(score: engine.GameScore, winner: SheetPlayer) -> str | None:
    if score.tie_break == engine.TIE_BREAK_ZONE_1:
        return f"Tie on {winner.total} IP broken by most presence in zone 1."
    if score.tie_break == engine.TIE_BREAK_PLAY_ORDER:
        return (
            f"Tie on {winner.total} IP and on presence in zone 1 broken by the order of play: "
            f"{winner.name} takes the first player marker soonest."
        )
    return None


# --- the wizard -------------------------------------------------------------------------


def _live_sheet(table_form: TableForm) -> ScoreSheet | None:
    if not table_form.is_valid():
        return None
    table = table_form.to_table()
    state = parse_table(table)
    return score_sheet(
        engine.score_game(state), state, table_form.catalogue, table_form.corporations
    )


def render_live_result(request: HttpRequest, table_form: TableForm) -> HttpResponse:
    """The htmx live preview: the result panel, the totals bar and every field's sentence.

    Always status 200, valid or not: an invalid table shows its sentences beside the fields.
    """
    context = {"table_form": table_form, "sheet": _live_sheet(table_form)}
    return render(request, "scoring/wizard.html#live-oob", context)


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
        "sheet": _live_sheet(table_form),
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
    catalogue = WizardCatalogue.load()
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
                title="Score a game",
                form_action=reverse("scoring:wizard"),
                cancel_url=reverse("scoring:home"),
            )
        template = "scoring/setup.html#setup-form" if request.htmx else "scoring/setup.html"
        return render(request, template, {"setup": setup, "catalogue": catalogue})

    table_form = TableForm(request.POST, catalogue=catalogue)
    game_form = OneOffGameForm(request.POST)
    if "refresh" not in request.POST and table_form.is_valid() and game_form.is_valid():
        game = save_one_off_game(
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
        title="Score a game",
        form_action=reverse("scoring:wizard"),
        cancel_url=reverse("scoring:home"),
    )


@login_required
@require_POST
def preview(request: HttpRequest) -> HttpResponse:
    return render_live_result(request, TableForm(request.POST))


# --- one-off games: the one writing path ---------------------------------------------------


class StaleGame(Exception):
    """Someone saved the game after this editor opened it."""


def save_one_off_game(
    game: Game | None,
    table: dict[str, Any],
    *,
    played_on: date,
    version: int | None = None,
    user=None,
) -> Game:
    """Store a one-off game's table and its score (the derived cache) in one transaction.

    `table` must be valid (`TableForm.to_table()`). Editing needs the `version` the editor
    started from: an older one raises `StaleGame` and changes nothing. A new game belongs to
    `user`, who alone sees and edits it (`_one_off_game`).
    """
    result = engine.score_game(parse_table(table)).as_dict()
    with transaction.atomic():
        if game is None:
            return Game.objects.create(
                campaign=None,
                number=1,
                played_on=played_on,
                table=table,
                result=result,
                created_by=user,
                updated_by=user,
            )
        updated = Game.objects.filter(pk=game.pk, campaign=None, version=version).update(
            table=table,
            result=result,
            played_on=played_on,
            version=F("version") + 1,
            updated_at=timezone.now(),
            updated_by=user,
        )
        if not updated:
            raise StaleGame
    game.refresh_from_db()
    return game


def _one_off_game(request: HttpRequest, pk: int) -> Game:
    """The person's own one-off game; anyone else's is 404, as if it did not exist.

    Campaign games are edited through their campaign, which replays what follows them."""
    return get_object_or_404(Game, pk=pk, campaign__isnull=True, created_by=request.user.pk)


def _saved_message(game: Game, catalogue: WizardCatalogue) -> str:
    winner = next(p for p in game.result["players"] if p["corporation"] == game.result["winner"])
    name = catalogue.corporation(winner["corporation"]).name
    return f"Game saved: {name} wins with {winner['total']} IP."


# --- lists and pages -----------------------------------------------------------------------


@dataclass(frozen=True)
class GameRow:
    """A saved game in a list, from its cached result: no table is re-scored for a list."""

    game: Game
    players: tuple[tuple[CorporationOption, int], ...]
    winner: CorporationOption | None


def _game_rows(games: list[Game]) -> list[GameRow]:
    colours = {
        c.key: CorporationOption(c.key, c.name, c.css_colour)
        for c in CorporationColour.objects.all()
    }

    def option(key: str) -> CorporationOption:
        return colours.get(key) or CorporationOption(key, key.capitalize())

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
    catalogue = WizardCatalogue.load()
    sheet, problem = None, None
    try:
        state = parse_table(game.table)
    except TableError as error:
        # A table saved under older checks: say so, and let the group correct it.
        problem = str(error)
    else:
        sheet = score_sheet(engine.score_game(state), state, catalogue)
    return render(
        request, "scoring/game_detail.html", {"game": game, "sheet": sheet, "problem": problem}
    )


@login_required
@require_http_methods(["GET", "POST"])
def game_edit(request: HttpRequest, pk: int) -> HttpResponse:
    game = _one_off_game(request, pk)
    catalogue = WizardCatalogue.load()
    if request.method == "GET":
        table_form = TableForm(table=game.table, catalogue=catalogue)
        game_form = OneOffGameForm(instance=game)
    else:
        table_form = TableForm(request.POST, table=game.table, catalogue=catalogue)
        game_form = OneOffGameForm(request.POST, instance=game)
        if "refresh" not in request.POST and table_form.is_valid() and game_form.is_valid():
            try:
                save_one_off_game(
                    game,
                    table_form.to_table(),
                    played_on=game_form.cleaned_data["played_on"],
                    version=game_form.cleaned_data["version"],
                    user=request.user,
                )
            except StaleGame:
                game_form.add_error(
                    None,
                    "Someone saved this game after you opened it. Open it again to see their "
                    "changes, then make yours.",
                )
            else:
                messages.success(request, _saved_message(game, catalogue))
                return redirect("scoring:game_detail", pk=game.pk)
    return _table_page(
        request,
        table_form,
        game_form,
        title=f"Edit the game of {date_format(game.played_on)}",
        form_action=reverse("scoring:game_edit", args=[game.pk]),
        cancel_url=reverse("scoring:game_detail", args=[game.pk]),
    )


@login_required
@require_http_methods(["GET", "POST"])
def game_delete(request: HttpRequest, pk: int) -> HttpResponse:
    game = _one_off_game(request, pk)
    if request.method == "POST":
        game.delete()
        messages.success(request, f"The game of {date_format(game.played_on)} is deleted.")
        return redirect("scoring:game_list")
    rows = _game_rows([game])
    return render(request, "scoring/game_confirm_delete.html", {"game": game, "row": rows[0]})
