"""The colonist game (expert rules, OTHER-GAMES.md §3): the end-state score sheet, and the
helpers at the table (the card layout, where the groups are, who gets a group, a bid's value).

The game's title is a setting of the play log (`playlog.titles.game_title`); the base game's
other Victory Points are the group's own categories, named once per log in its settings.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

import colonists
from gamefile.errors import FieldError
from hosting.form_words import refusal
from hosting.words import translated
from playlog import actions
from playlog.colonists.forms import (
    BidForm,
    BoardForm,
    ClaimForm,
    ColonistsSheet,
    LayoutForm,
    RoundForm,
)
from playlog.forms import PlayFactsForm
from playlog.frame import PLAYER, LogPage, log_page
from playlog.models import Play
from playlog.summary import seats_of, shown_result
from playlog.views.logs import sentence

GAME = colonists.GAME_KEY
SHEET = "playlog/colonists/sheet.html"
TABLE = "playlog/colonists/table.html"


def _categories(page: LogPage, play: Play | None) -> list[str]:
    """A play keeps the categories it was scored with; a new one takes the log's."""
    if play is not None and play.table is not None:
        return list(play.table["rules"]["categories"])
    return list(page.log.settings_for(GAME).get("categories", []))


def _sheet_page(page: LogPage, play: Play | None) -> HttpResponse | dict[str, Any]:
    """The score sheet, new or again: live totals (`preview`, htmx on every change), more rows,
    save; or, for a new play, "start at the table" with the names alone."""
    request = page.request
    post = request.POST if request.method == "POST" else None
    categories = _categories(page, play)
    sheet = ColonistsSheet(
        post,
        members=page.members(),
        categories=categories,
        table=play.table if play else None,
        people=seats_of(play),
        more=post is not None and "more" in post,
    )
    facts = PlayFactsForm(
        post,
        prefix="facts",
        initial={"played_on": play.played_on, "notes": play.notes} if play else None,
    )
    errors: list[str] = []
    result = shown_result(play)
    table_now = play.table if play else None
    warnings: list[str] = []
    if post is not None and "more" not in post and sheet.is_valid() & facts.is_valid():
        starting = "start" in post and play is None
        # A game not played yet has no category VP: its table only checks the names and cities.
        table = sheet.table(blank=0) if starting else sheet.table()
        people = sheet.people()
        if not table["players"]:
            errors.append(_("Who played? Give each player a name or choose a member."))
        elif not starting:
            errors += sheet.blank_categories()
        found = colonists.validate_table(table) if table["players"] and not errors else []
        errors += [sentence(error) for error in found]
        if not errors:
            result = colonists.score(table)
            table_now = table
            warnings = result["warnings"]
        else:
            result = None
        if not errors and "save" in post:
            return _save(page, play, facts, table, people)
        if not errors and starting:
            return _start_at_table(page, facts, people, table)
    context = page.frame(
        play=play,
        sheet=sheet,
        facts=facts,
        errors=errors,
        result=result,
        table=table_now,
        warnings=warnings,
        categories=categories,
        title=page.title(GAME),
    )
    if request.htmx and post is not None:
        return page.render(context, template=f"{SHEET}#live")
    if post is not None and (errors or "save" in post or "start" in post):
        return page.render(context, status=400)
    return context


def _save(page: LogPage, play: Play | None, facts, table, people) -> HttpResponse:
    try:
        if play is None:
            play = actions.add_play(
                page.log, facts.play_file(GAME, people, table, None), page.request.user
            )
        else:
            changes: dict[str, Any] = {
                "played_on": facts.cleaned_data["played_on"].isoformat(),
                "notes": facts.cleaned_data["notes"],
                "players": people,
                "table": table,
            }
            if play.session is not None:
                # The names at the table follow the sheet's.
                changes["session"] = {**play.session, "players": [p["name"] for p in people]}
            play = actions.change_play(play, changes)
    except FieldError as error:
        messages.error(page.request, sentence(error))
        if play is None:
            return redirect("colonists:new", log=page.log.slug)
        return redirect("colonists:sheet", log=page.log.slug, number=play.number)
    messages.success(page.request, _("Score sheet saved."))
    return redirect(play)


def _start_at_table(page: LogPage, facts, people, table) -> HttpResponse:
    session = {
        "format": colonists.SESSION_FORMAT,
        "version": 1,
        "players": [p["name"] for p in people],
        "condominium_built": table["rules"]["condominium_built"],
        "cards": [],
        "round": 1,
        "groups": {},
    }
    try:
        play = actions.add_play(
            page.log, facts.play_file(GAME, people, None, session), page.request.user
        )
    except FieldError as error:
        messages.error(page.request, sentence(error))
        return redirect("colonists:new", log=page.log.slug)
    return redirect("colonists:table", log=page.log.slug, number=play.number)


@log_page(SHEET, "new", role=PLAYER, methods=("GET", "POST"))
def new_play(page: LogPage) -> HttpResponse | dict[str, Any]:
    return _sheet_page(page, None)


@log_page(SHEET, "log", role=PLAYER, methods=("GET", "POST"))
def sheet(page: LogPage, number: int) -> HttpResponse | dict[str, Any]:
    return _sheet_page(page, page.play(number, GAME))


# --- at the table ---------------------------------------------------------------------------


def _table_context(page: LogPage, play: Play, **extra: Any) -> dict[str, Any]:
    session = play.session
    state = colonists.session_state(session)
    players = list(session["players"])
    board_initial = {}
    for group in state.board.groups:
        board_initial[f"{group.group}_place"] = group.place
        board_initial[f"{group.group}_player"] = group.player or ""
    get = page.request.GET
    claim = ClaimForm(get if "claim" in get else None, players=players, prefix="claim")
    bid = BidForm(get if "bid" in get else None, prefix="bid")
    claim_result = bid_result = None
    claim_error = bid_error = None
    if claim.is_bound and claim.is_valid():
        try:
            claim_result = colonists.claimant_priority(
                claim.cleaned_data["group"],
                claim.claimants(state.board),
                claim.cleaned_data["choice"] or None,
            )
        except FieldError as error:
            claim_error = sentence(error)
    if bid.is_bound and bid.is_valid():
        try:
            bid_result = colonists.bid_value(
                bid.cleaned_data["credits"],
                bid.cleaned_data["for_sale"],
                bid.cleaned_data["guild"] or None,
                bid.cleaned_data["contracted"],
            )
        except FieldError as error:
            bid_error = sentence(error)
    return page.frame(
        play=play,
        state=state,
        title=page.title(GAME),
        layout=extra.pop("layout", None)
        or LayoutForm(initial={"cards": "\n".join(session["cards"])}, prefix="layout"),
        board=extra.pop("board", None)
        or BoardForm(initial=board_initial, players=players, prefix="board"),
        claim=claim,
        claim_result=claim_result,
        claim_error=claim_error,
        bid=bid,
        bid_result=bid_result,
        bid_error=bid_error,
        **extra,
    )


def _table_play(page: LogPage, number: int) -> Play:
    play = page.play(number, GAME)
    if play.session is None:
        raise Http404("This play was entered without the helpers at the table.")
    return play


@log_page(TABLE, "log")
def table(page: LogPage, number: int) -> dict[str, Any]:
    return _table_context(page, _table_play(page, number))


def _change(
    page: LogPage,
    play: Play,
    changes: dict[str, Any],
    *,
    arrivals_after: int | None = None,
    **forms: Any,
) -> HttpResponse:
    """The session changed; with `arrivals_after` (the round the table left), the groups whose
    colonist card came up (or went back) move as the rules say, and the page says so."""
    session = {**play.session, **changes}
    try:
        said: list[str] = []
        if arrivals_after is not None:
            session, said = colonists.with_arrivals(session, arrivals_after)
        actions.change_session(play, session)
    except FieldError as error:
        context = _table_context(page, play, error=sentence(error), **forms)
        return page.render(context, status=400)
    for text in said:
        messages.info(page.request, translated(text))
    return redirect("colonists:table", log=page.log.slug, number=play.number)


@log_page(TABLE, "log", role=PLAYER, methods=("POST",))
def table_layout(page: LogPage, number: int) -> HttpResponse:
    """The expert layout entered once (CX:24): the cards in auction order, the Spaceport last."""
    play = _table_play(page, number)
    form = LayoutForm(page.request.POST, prefix="layout")
    if not form.is_valid():
        return page.render(_table_context(page, play, layout=form), status=400)
    changes = {"cards": form.card_list(), "round": 1}
    # A first layout starts round 1: its card may be a colonist card, which comes up at once.
    first = None if play.session.get("cards") else 0
    return _change(page, play, changes, arrivals_after=first, layout=form)


@log_page(TABLE, "log", role=PLAYER, methods=("POST",))
def table_round(page: LogPage, number: int) -> HttpResponse:
    """The next (or the previous) round: the next card of the layout is auctioned."""
    play = _table_play(page, number)
    form = RoundForm(page.request.POST)
    if not form.is_valid():
        return page.render(_table_context(page, play, error=refusal(form)), status=400)
    step = form.step_by()
    now = play.session.get("round", 1)
    return _change(page, play, {"round": now + step}, arrivals_after=now)


@log_page(TABLE, "log", role=PLAYER, methods=("POST",))
def table_board(page: LogPage, number: int) -> HttpResponse:
    """Where each group is now (the Reception Camp, a contract, a city)."""
    play = _table_play(page, number)
    form = BoardForm(page.request.POST, players=play.session["players"], prefix="board")
    if not form.is_valid():
        return page.render(_table_context(page, play, board=form), status=400)
    return _change(page, play, {"groups": form.groups()}, board=form)
