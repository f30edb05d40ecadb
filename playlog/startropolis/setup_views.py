"""Startropolis: a new game with the round tracker (its rules, the readings' settings, rush
fees, players and order cards), and the score sheet of a game's end state — from the tracker
(`playlog.startropolis.views.finish`) or entered by hand for a game played without it.

The rush fees are printed on the group's board, not in the rules (reading ST-R3): they are
entered once and remembered in the log's settings for the next game.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

import startropolis
from gamefile.errors import FieldError
from playlog import actions
from playlog.forms import PlayFactsForm
from playlog.frame import PLAYER, LogPage, log_page
from playlog.models import Play
from playlog.startropolis.forms import RulesForm, first_order, seat_forms
from playlog.startropolis.sheet_forms import (
    EndRulesForm,
    end_initial,
    end_player_forms,
    one_market_center_set,
)
from playlog.summary import seats_of, shown_result
from playlog.views.logs import sentence
from startropolis.modules import CORE, MODULE_TYPES

GAME = "startropolis"
NEW = "playlog/startropolis/new.html"
SHEET = "playlog/startropolis/sheet.html"
# ST-R3: what a board in the wild prints is unknown; these start the form until the group's own.
FIRST_RUSH_FEES = [3, 2, 2, 1]


@log_page(NEW, "new", role=PLAYER, methods=("GET", "POST"))
def new_play(page: LogPage) -> HttpResponse | dict[str, Any]:
    """The setup: rules and settings, rush fees, the players and their order cards; then the
    round tracker."""
    request = page.request
    remembered = page.log.settings_for(GAME)
    post = request.POST if request.method == "POST" else None
    facts = PlayFactsForm(post, prefix="facts")
    fees = remembered.get("rush_fees") or FIRST_RUSH_FEES
    rules = RulesForm(
        post,
        prefix="rules",
        initial={f"rush_fee_{i}": fee for i, fee in enumerate(fees, start=1)},
    )
    seats = seat_forms(post, page.members())
    errors: list[str] = []
    if post is not None:
        valid = facts.is_valid() & rules.is_valid()
        valid &= all([seat.is_valid() for seat in seats])
        used = [seat for seat in seats if seat.is_valid() and seat.used()]
        if valid:
            problem = _seat_problem(used)
            if problem:
                errors.append(problem)
            else:
                try:
                    play = _start(page, facts, rules, used)
                except FieldError as error:
                    errors.append(sentence(error))
                else:
                    actions.change_game_settings(page.log, GAME, {"rush_fees": rules.rush_fees()})
                    return redirect("startropolis:table", log=page.log.slug, number=play.number)
        # Every field's refusal is also announced at the top, where it is seen first; a folded
        # section holding one opens (the template), so nothing refused stays hidden.
        errors = _field_errors(facts, rules, seats) + errors
    context = page.frame(
        facts=facts,
        rules=rules,
        seats=seats,
        errors=errors,
        title=page.title(GAME),
        remembered_fees=bool(remembered.get("rush_fees")),
    )
    if post is not None:
        return page.render(context, status=400)
    return context


def _field_errors(facts, rules, seats) -> list[str]:
    """Each refused field as "Player 2, Bid (M): …", in the page's order."""
    found = []
    for where, form in [("The play", facts), *[(f"Player {n}", s) for n, s in enumerate(seats, 1)]]:
        found += _form_errors(where, form)
    return found + _form_errors("Rules", rules)


def _form_errors(where: str, form) -> list[str]:
    found = []
    for name, messages_ in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        place = f"{where}, {label}" if label else where
        found += [f"{place}: {message}" for message in messages_]
    return found


def _seat_problem(used: list) -> str | None:
    if not 2 <= len(used) <= 4:
        return _("Startropolis is for 2 to 4 players (ST:36): fill in a row for each.")
    names = [seat.person()["name"] for seat in used]
    folded = [name.casefold() for name in names]
    if len(set(folded)) != len(folded):
        return _("Give each player once: two rows have the same name.")
    if CORE in folded:
        return _("“core” names the Core Module here: give that player another name.")
    factions = [seat.cleaned_data["faction"].strip() for seat in used]
    if len(set(factions)) != len(factions):
        return _("Each faction is played once: two rows have the same faction.")
    return None


def _start(page: LogPage, facts, rules, used) -> Play:
    people = [seat.person() for seat in used]
    keys = [person["name"] for person in people]
    order = first_order(used, keys)
    if isinstance(order, str):
        raise FieldError("first_order", order)
    players = []
    for key, seat in zip(keys, used, strict=True):
        entry: dict[str, Any] = {"key": key, "faction": seat.cleaned_data["faction"].strip()}
        data = seat.cleaned_data
        if rules.cleaned_data["advanced_factions"] and data.get("bonus_per"):
            entry["bonus"] = {"per": data["bonus_per"], "amount": data["bonus_amount"]}
        players.append(entry)
    session: dict[str, Any] = {
        "format": startropolis.SESSION_FORMAT,
        "version": 1,
        "rules": rules.rules(len(keys)),
        "rush_fees": rules.rush_fees(),
    }
    track = rules.construction_track()
    if track is not None:
        session["construction_track"] = track
    session["players"] = players
    if rules.cleaned_data["bidding"]:
        session["bids"] = {
            key: seat.cleaned_data.get("bid") or 0 for key, seat in zip(keys, used, strict=True)
        }
    session["first_order"] = order
    session["rounds"] = []
    return actions.add_play(
        page.log, facts.play_file(GAME, people, None, session), page.request.user
    )


# --- the score sheet -------------------------------------------------------------------------


@log_page(SHEET, "new", role=PLAYER, methods=("GET", "POST"))
def new_end_state(page: LogPage) -> HttpResponse | dict[str, Any]:
    """A game played without the round tracker: its end state, scored as you type."""
    return _sheet(page, None)


@log_page(SHEET, "log", role=PLAYER, methods=("GET", "POST"))
def sheet(page: LogPage, number: int) -> HttpResponse | dict[str, Any]:
    """The score sheet again: a tracker game's is scored on the tracker's page (its table
    comes from the replay); a game entered by hand is edited here."""
    play = page.play(number, GAME)
    if play.session is not None:
        return redirect(f"{_tracker_url(page, play)}#finish")
    return _sheet(page, play)


def _tracker_url(page: LogPage, play: Play) -> str:
    return reverse("startropolis:table", kwargs={"log": page.log.slug, "number": play.number})


def _sheet(page: LogPage, play: Play | None) -> HttpResponse | dict[str, Any]:
    request = page.request
    post = request.POST if request.method == "POST" else None
    table = play.table if play is not None else None
    initial_rules = None
    initial_rows: list[dict[str, Any]] = []
    if table is not None:
        initial_rules = {
            key: table["rules"][key]
            for key in ("modules_in_play", "missions", "spend_basis", "negative_revenue")
        }
        initial_rows = end_initial(table, seats_of(play))
    facts = PlayFactsForm(
        post,
        prefix="facts",
        initial={"played_on": play.played_on, "notes": play.notes} if play else None,
    )
    rules = EndRulesForm(post, prefix="rules", initial=initial_rules)
    rows = end_player_forms(post, page.members(), initial_rows)
    errors: list[str] = []
    result = shown_result(play)
    updating = post is not None and "update" in post
    if post is not None and not updating:
        valid = facts.is_valid() & rules.is_valid() & all([row.is_valid() for row in rows])
        used = [row for row in rows if row.is_valid() and row.used()]
        if valid and not 2 <= len(used) <= 4:
            errors.append(_("Startropolis is for 2 to 4 players (ST:36): fill in a row for each."))
        elif valid:
            in_play, missions = rules.in_play(), rules.cleaned_data["missions"]
            errors += [said for row in used for said in row.blanks(in_play, missions)]
            if not errors:
                errors += one_market_center_set(used, in_play)
        if valid and not errors:
            new_table = _table(rules, used)
            found = startropolis.validate_table(new_table)
            errors += [sentence(error) for error in found]
            result = None if found else startropolis.score(new_table)
            if not found and "save" in post:
                return _save(page, play, facts, [row.person() for row in used], new_table)
    in_play = rules.in_play()
    for row in rows:
        row.shown_counts = row.count_fields(in_play)
    context = page.frame(
        play=play,
        facts=facts,
        rules=rules,
        rows=rows,
        in_play=in_play,
        type_names={key: m.name for key, m in MODULE_TYPES.items()},
        errors=errors,
        result=result,
        title=page.title(GAME),
    )
    if request.htmx and post is not None:
        return page.render(context, template=f"{SHEET}#live")
    if post is not None and (errors or "save" in post):
        return page.render(context, status=400)
    return context


def _table(rules: EndRulesForm, used: list) -> dict[str, Any]:
    data = rules.cleaned_data
    in_play = data["modules_in_play"]
    return {
        "format": startropolis.TABLE_FORMAT,
        "version": 1,
        "rules": {
            "players": len(used),
            "modules_in_play": in_play,
            "missions": data["missions"],
            "advanced_factions": False,
            "spend_basis": data["spend_basis"],
            "negative_revenue": data["negative_revenue"],
        },
        "players": [row.player(in_play, data["missions"]) for row in used],
    }


def _save(page: LogPage, play: Play | None, facts, people, table) -> HttpResponse:
    try:
        if play is None:
            play = actions.add_play(
                page.log, facts.play_file(GAME, people, table, None), page.request.user
            )
        else:
            play = actions.change_play(
                play,
                {
                    "played_on": facts.cleaned_data["played_on"].isoformat(),
                    "notes": facts.cleaned_data["notes"],
                    "players": people,
                    "table": table,
                },
            )
    except FieldError as error:
        messages.error(page.request, sentence(error))
        if play is None:
            return redirect("startropolis:new_end", log=page.log.slug)
        return redirect("startropolis:sheet", log=page.log.slug, number=play.number)
    messages.success(page.request, _("Score sheet saved."))
    return redirect(play)
