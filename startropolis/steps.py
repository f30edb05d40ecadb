"""A session's log, one step at a time: what the companion's pages add, and the step undo takes
back (OTHER-GAMES.md §2.1: the state is a replay of the log, so undo drops the last entry).

Every function returns a new session (the one given is never changed) and does not check the
step: the caller replays the result (`play`), which refuses a bad step with its sentence. Where
a step goes is where the replay stops (`Game.pending`): a purchase opens the round it belongs
to, an attachment joins the round being attached, the die rolls the round waiting for them.

The steps, in the order undo takes them back: the die rolls of a Revenue Phase, an attachment
(or a hold), a purchase, and a round entry holding nothing else (the figures the table entered
for a round that had not started).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from gamefile.words import _

from .errors import StartropolisError
from .session import replayed

# The figures the table enters for a round (docs/startropolis.md, "A round").
FIGURE_KEYS = ("card_revenue", "revenue_adjustments", "credit_adjustments", "powers_used")
STEP_KEYS = ("purchases", "attachments", "fusion_rolls")
MODULE_ID = re.compile(r"^m(\d+)$")


def _rounds(session: Mapping) -> list[dict]:
    return [dict(r) for r in session.get("rounds", [])]


def _with_rounds(session: Mapping, rounds: list[dict]) -> dict:
    changed = copy.deepcopy(dict(session))
    changed["rounds"] = rounds
    return changed


def _moved_on(phase: str, number: int) -> str:
    """The refusal of a step the table has moved past, naming the phase it is in now."""
    if phase == "purchase":
        return _("the table has moved on: it is round %(round)s's Purchase Phase now", round=number)
    if phase == "attachment":
        return _(
            "the table has moved on: it is round %(round)s's Attachment Phase now", round=number
        )
    return _("the table has moved on: it is round %(round)s's Revenue Phase now", round=number)


def _round_for(session: Mapping, phase: str) -> tuple[list[dict], int]:
    """The rounds, and the index of the round the pending `phase` belongs to (opened when the
    log has none yet). A step of another phase than the pending one is refused."""
    pending = replayed(session).pending
    if pending.phase == "game_over":
        raise StartropolisError("rounds", _("the game is over: the final Revenue Phase is played"))
    if pending.phase != phase:
        # A form from a phone that had not seen the table move on.
        raise StartropolisError(
            "rounds",
            _moved_on(pending.phase, pending.round),
        )
    rounds = _rounds(session)
    index = pending.round - 1
    while len(rounds) <= index:
        rounds.append({})
    return rounds, index


def add_purchase(session: Mapping, purchase: Mapping[str, Any]) -> dict:
    """`purchase` (one Purchase Phase turn) added for the player whose turn it is."""
    rounds, index = _round_for(session, "purchase")
    rounds[index]["purchases"] = [*rounds[index].get("purchases", []), dict(purchase)]
    return _with_rounds(session, rounds)


def add_attachment(session: Mapping, attachment: Mapping[str, Any]) -> dict:
    """One Attachment Phase turn: `{"module", "to"}` or `{"player", "hold": true}`."""
    rounds, index = _round_for(session, "attachment")
    rounds[index]["attachments"] = [*rounds[index].get("attachments", []), dict(attachment)]
    return _with_rounds(session, rounds)


def set_fusion_rolls(session: Mapping, rolls: Mapping[str, int]) -> dict:
    """The die for every Fusion Reactor at the start of the Revenue Phase."""
    rounds, index = _round_for(session, "revenue")
    rounds[index]["fusion_rolls"] = dict(rolls)
    return _with_rounds(session, rounds)


def round_in_play(session: Mapping) -> int:
    """The number of the round being played (or about to start); the last one after the end."""
    game = replayed(session)
    if game.pending.phase == "game_over":
        return game.rules.rounds
    return game.pending.round


def set_round_figures(session: Mapping, figures: Mapping[str, Any]) -> dict:
    """The figures the table enters for the round in play (advanced cards' revenue, revenue
    adjustments, one-off credits, one-time powers used); an empty figure is left out."""
    number = round_in_play(session)
    rounds = _rounds(session)
    while len(rounds) < number:
        rounds.append({})
    entry = {key: value for key, value in rounds[number - 1].items() if key not in FIGURE_KEYS}
    for key in FIGURE_KEYS:
        if figures.get(key):
            entry[key] = copy.deepcopy(figures[key])
    rounds[number - 1] = entry
    return _with_rounds(session, rounds)


def round_figures(session: Mapping) -> dict:
    """The figures entered for the round in play (empty ones absent)."""
    number = round_in_play(session)
    rounds = _rounds(session)
    if len(rounds) < number:
        return {}
    return {key: rounds[number - 1][key] for key in FIGURE_KEYS if key in rounds[number - 1]}


def step_count(session: Mapping) -> int:
    """How many steps the log holds (each undo takes back one)."""
    count = 0
    for entry in session.get("rounds", []):
        count += len(entry.get("purchases", [])) + len(entry.get("attachments", []))
        count += 1 if entry.get("fusion_rolls") else 0
        if not any(entry.get(key) for key in STEP_KEYS):
            count += 1
    return count


def without_last_step(session: Mapping) -> dict:
    """The session with its last step taken back; refused when there is none."""
    rounds = _rounds(session)
    while rounds:
        last = rounds[-1]
        if last.get("fusion_rolls"):
            del last["fusion_rolls"]
            return _with_rounds(session, rounds)
        for key in ("attachments", "purchases"):
            if last.get(key):
                last[key] = last[key][:-1]
                if not last[key]:
                    del last[key]
                if not any(last.get(k) for k in (*STEP_KEYS, *FIGURE_KEYS)):
                    rounds.pop()
                return _with_rounds(session, rounds)
        # A round entry with no step: the figures entered for a round not started yet.
        rounds.pop()
        return _with_rounds(session, rounds)
    raise StartropolisError("rounds", _("has no step to take back"))


def next_module_id(session: Mapping) -> str:
    """`m1`, `m2`, …: the next free id for a module bought (ids the log gave are skipped)."""
    highest = 0
    for entry in session.get("rounds", []):
        for purchase in entry.get("purchases", []):
            module = purchase.get("module") if isinstance(purchase, Mapping) else None
            found = MODULE_ID.match(str((module or {}).get("id", "")))
            if found:
                highest = max(highest, int(found.group(1)))
    return f"m{highest + 1}"


def with_mission(session: Mapping, player: str, mission: Mapping[str, Any] | None) -> dict:
    """`player`'s Mission Cards (dealt two, kept one, its reward, its kind), or none."""
    changed = copy.deepcopy(dict(session))
    for entry in changed["players"]:
        if entry.get("key") == player:
            if mission is None:
                entry.pop("mission", None)
            else:
                entry["mission"] = dict(mission)
            return changed
    raise StartropolisError(
        "player", _("%(player)s is not a player of this session", player=player)
    )
