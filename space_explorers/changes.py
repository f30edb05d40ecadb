"""Changing an earlier step of a session, every later step kept and the session replayed.

`change_step(session, index, turn)` returns the session with `turns[index]` replaced. The new
step itself is checked against the table as it stood before it (a bad step raises the usual
`SpaceExplorersError` at its path). Every later step is then replayed on the changed game; the
first one the change makes impossible raises `StepNoLongerFits`, whose `said` is the sentence
a player reads ("Round 4, your turn: you no longer have 2 hand cards to return to the Center:
your hand holds 1 by then") and whose `step` is that step's index. Nothing is ever dropped
here: `take_back_from=step` (the person's explicit choice) keeps the steps before it only.

`steps_before(session)` replays once and gives, for every step, the table as it stood before
it: what a form needs to offer that step's choices again.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from gamefile.words import _, ngettext
from space_explorers.rules import (
    DIVISION_NAMES,
    OPPONENT,
    TOKENS_IN_PLAY,
    YOU,
    SpaceExplorersError,
    name_key,
)
from space_explorers.session import derive, replay
from space_explorers.state import SessionState
from space_explorers.turns import Game, slot_name


class StepNoLongerFits(SpaceExplorersError):
    """A later step the change makes impossible: `step` its index, `said` in players' words."""

    def __init__(self, path: str, message: str, *, step: int, said: str) -> None:
        super().__init__(path, message)
        self.step = step
        self.said = said


def step_name(index: int) -> str:
    """`turns[7]` as a player says it: you play first (SE:83), so even steps are yours."""
    if index % 2 == 0:
        return _("Round %(round)s, your turn", round=index // 2 + 1)
    return _("Round %(round)s, the Opponent’s turn", round=index // 2 + 1)


def step_in_sentence(index: int) -> str:
    """`step_name` inside a sentence ("Change round 2, your turn"): its own entry, so a
    language that writes its nouns with a capital (German "Runde") keeps it."""
    if index % 2 == 0:
        # Translators: a step of the turn runner inside a sentence, "Change round 2, your turn".
        return _("round %(round)s, your turn", round=index // 2 + 1)
    # Translators: a step of the turn runner inside a sentence ("take back round 2, the
    # Opponent’s turn, onward").
    return _("round %(round)s, the Opponent’s turn", round=index // 2 + 1)


def change_step(
    session: Mapping[str, Any],
    index: int,
    turn: Mapping[str, Any],
    *,
    take_back_from: int | None = None,
) -> dict:
    """`session` with `turns[index]` replaced by `turn` and every later step kept.

    Raises `SpaceExplorersError` when `turn` itself does not fit the table before it, and
    `StepNoLongerFits` for the first later step it makes impossible. With `take_back_from`
    equal to that step's index, the steps from it on are taken back instead (what the person
    chose after reading the sentence); any other value is refused as stale.
    """
    turns = list(session.get("turns", []))
    if not 0 <= index < len(turns):
        raise SpaceExplorersError(f"turns[{index}]", "is not a step of this game")
    changed = {**session, "turns": [*turns[:index], dict(turn)]}
    replay(changed)  # the new step against the table before it: its own path on a refusal
    game, _projects = replay({**session, "turns": turns[:index]})
    game.play_turn(dict(turn), index)
    for later in range(index + 1, len(turns)):
        before = copy.deepcopy(game)
        try:
            game.play_turn(turns[later], later)
        except SpaceExplorersError as error:
            if take_back_from == later:
                return {**session, "turns": [*turns[:index], dict(turn), *turns[index + 1 : later]]}
            raise StepNoLongerFits(
                error.path,
                error.message,
                step=later,
                said=_said(before, turns[later], later, error),
            ) from error
    if take_back_from is not None:
        raise SpaceExplorersError(
            f"turns[{take_back_from}]", "fits the changed game now: nothing needs taking back"
        )
    return {**session, "turns": [*turns[:index], dict(turn), *turns[index + 1 :]]}


def steps_before(session: Mapping[str, Any]) -> list[SessionState]:
    """For every step of `session`, the derived state before it (one replay in all)."""
    game, raw = replay({**session, "turns": []})
    states = []
    for index, turn in enumerate(session.get("turns", [])):
        states.append(derive(game, raw))
        game.play_turn(turn, index)
    return states


# --- why a later step no longer fits, in the players' words ---------------------------------


def _said(game: Game, turn: Any, index: int, error: SpaceExplorersError) -> str:
    return _("%(step)s: %(reason)s", step=step_name(index), reason=_reason(game, turn, error))


def _reason(game: Game, turn: Any, error: SpaceExplorersError) -> str:
    if game.over:
        return _("the game is already over by then, so this step no longer happens")
    field = error.path.rsplit(".", 1)[-1]
    if OPPONENT in turn:
        division = (turn.get(OPPONENT) or {}).get("division")
        if game.center_empty and division is not None:
            return _(
                "the Center is empty by then, so the Opponent recruits nothing (not the "
                "%(division)s card recorded)",
                division=DIVISION_NAMES.get(division, division),
            )
        if division is None:
            return _(
                "the Center holds cards by then, so the Opponent recruits the card in %(slot)s: "
                "tap its Division",
                slot=slot_name(game.marker),
            )
        return error.message
    mine = turn.get(YOU) or {}
    source = mine.get("from")
    if field == "slot":
        return _(
            "%(slot)s is empty by then (the deck and the temporary row ran out), so that card is "
            "no longer there to take",
            slot=slot_name(mine.get("slot", 0)),
        )
    if field == "index" or (field == "from" and source == "temporary"):
        wanted = mine.get("index", 0) + 1
        return _(
            "the temporary row holds %(cards)s by then, so card %(wanted)s of it is no longer "
            "there to take",
            cards=ngettext(
                "%(count)s card", "%(count)s cards", game.temporary, count=game.temporary
            ),
            wanted=wanted,
        )
    if field == "from" and source == "hand":
        return _("your hand is empty by then, so you no longer have a card to recruit from it")
    if field == "from" and source == "deck":
        return _("the Specialist deck is empty by then, so there is no card to take from it")
    if field == "cards_to_center":
        return _payment_reason(game, mine, source)
    if field == "tokens_set_aside":
        held = TOKENS_IN_PLAY - game.stack
        wanted = mine.get("tokens_set_aside", 0)
        return _(
            "you no longer hold %(wanted)s to pass: you hold %(held)s by then",
            wanted=ngettext(
                "%(count)s Research token", "%(count)s Research tokens", wanted, count=wanted
            ),
            held=held,
        )
    if field == "launch":
        name = str(mine.get("launch"))
        for project_index, project in enumerate(game.projects):
            if name_key(project.name) == name_key(name):
                if game.completed_by[project_index] == OPPONENT:
                    return _(
                        "you can no longer launch %(project)s: the Opponent has completed it by "
                        "then",
                        project=project.name,
                    )
                return _(
                    "you can no longer launch %(project)s: you launched it earlier",
                    project=project.name,
                )
    return error.message


def _payment_reason(game: Game, mine: Mapping, source: Any) -> str:
    spare = game.hand - (1 if source == "hand" else 0)
    wanted = mine.get("cards_to_center", 0)
    values = {
        "wanted": ngettext("%(count)s hand card", "%(count)s hand cards", wanted, count=wanted),
        "cards": ngettext("%(count)s card", "%(count)s cards", spare, count=spare),
    }
    if source == "hand":
        return _(
            "you no longer have %(wanted)s to return to the Center as payment: your hand "
            "holds %(cards)s besides the one you recruit by then",
            **values,
        )
    return _(
        "you no longer have %(wanted)s to return to the Center as payment: your hand holds "
        "%(cards)s by then",
        **values,
    )
