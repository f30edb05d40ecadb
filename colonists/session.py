"""The colonist game at the table (`colonists-expert-session`): what the helpers remember.

The expert layout is laid once (CX:24) and the groups move between the Reception Camp, the
players' contracts and their cities (CX:79-93); a session file keeps exactly that, so a phone
that reloads, or another player's phone, shows the same table:

```json
{"format": "colonists-expert-session", "version": 1,
 "players": ["caro", "dan", "eli"], "condominium_built": false,
 "cards": ["Aeolis", "Power Hub 1", "Spice Merchants", "Spaceport"], "round": 2,
 "groups": {"spice_merchants": {"place": "contracted", "player": "caro"}}}
```

`play(session)` gives the state the page shows: `round` (`card_round` of the sequence, or null
while no card is entered) and `board` (`colonists_board`). It is the same shape of call as the
other games' companions (`space_explorers.play`, `startropolis.play`), so the play log and the
`play` command treat the three alike. Every problem is a `ColonistsError` named by its path in
the session (`groups.corpex.place`, `cards[3]`, `round`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from colonists.cards import COLONISTS, card_round, read_card_sequence
from colonists.errors import ColonistsError
from colonists.groups import GROUP_KEYS, group
from colonists.helpers import NOT_ARRIVED, RECEPTION_CAMP, colonists_board
from colonists.state import ColonistsState
from colonists.table import VERSION
from gamefile.reading import describe
from gamefile.words import _

SESSION_FORMAT = "colonists-expert-session"
SESSION_KEYS = ("format", "version", "players", "condominium_built", "cards", "round", "groups")
BOARD_PREFIX = "board."


def _read(session: Any) -> dict[str, Any]:
    if not isinstance(session, Mapping):
        raise ColonistsError(
            "session", _("must be an object, not %(found)s", found=describe(session))
        )
    for key in session:
        if key not in SESSION_KEYS:
            raise ColonistsError(
                str(key),
                _("is not a session key; allowed: %(allowed)s", allowed=", ".join(SESSION_KEYS)),
            )
    if session.get("format") != SESSION_FORMAT:
        raise ColonistsError(
            "format",
            _(
                'must be "%(format)s", not %(found)s',
                format=SESSION_FORMAT,
                found=describe(session.get("format")),
            ),
        )
    version = session.get("version", VERSION)
    if isinstance(version, bool) or version != VERSION:
        raise ColonistsError(
            "version", _("must be %(version)s, the only version of this file", version=VERSION)
        )
    cards = session.get("cards", [])
    if not isinstance(cards, list):
        raise ColonistsError("cards", _("must be a list, not %(found)s", found=describe(cards)))
    return {
        "players": session.get("players", []),
        "condominium_built": session.get("condominium_built", False),
        "cards": cards,
        "round": session.get("round", 1),
        "groups": session.get("groups", {}),
    }


def play(session: Any) -> dict[str, Any]:
    """The table's state: this round's card and what comes, and where every group is."""
    data = _read(session)
    board_input = {
        "players": data["players"],
        "condominium_built": data["condominium_built"],
        "groups": data["groups"],
    }
    try:
        board = colonists_board(board_input)
    except ColonistsError as error:
        # The board helper names its argument `board`; in the file these keys are top-level.
        path = error.path.removeprefix(BOARD_PREFIX)
        raise ColonistsError(path, error.message) from None
    rounds = card_round(data["cards"], data["round"]) if data["cards"] else None
    if not data["cards"] and data["round"] != 1:
        raise ColonistsError("round", _("must be 1 while no card of the layout is entered"))
    return {"round": rounds, "board": board}


def session_state(session: Any) -> ColonistsState:
    """`play(session)` as types, for the table's page."""
    return ColonistsState.from_dict(play(session))


def canonical_session(session: Any) -> dict[str, Any]:
    """The session with every key, in the documented order (raises on a bad session)."""
    state = play(session)
    data = _read(session)
    groups = {}
    for key in GROUP_KEYS:
        entry = data["groups"].get(key)
        if entry is None:
            continue
        place = {"place": entry["place"]}
        if "player" in entry:
            place["player"] = entry["player"]
        groups[key] = place
    return {
        "format": SESSION_FORMAT,
        "version": VERSION,
        "players": [player["name"] for player in state["board"]["players"]],
        "condominium_built": bool(data["condominium_built"]),
        "cards": [str(card) for card in data["cards"]],
        "round": data["round"],
        "groups": groups,
    }


def with_arrivals(session: Any, previous_round: int) -> tuple[dict[str, Any], list[str]]:
    """The session after the table moved from `previous_round` to the session's round, with
    the groups the rules move: a colonist card is not auctioned; when its round comes its stone
    goes to the Reception Camp (CX:73, CX:79). Going back, a group still in the camp returns to
    its card. Every other move (a contract, a city) is the players' choice and stays theirs.
    Also the sentences saying what moved."""
    data = _read(session)
    changed = {**dict(session), "groups": dict(data["groups"])}
    if not data["cards"]:
        return changed, []
    now = data["round"]
    said = []
    for card in read_card_sequence(data["cards"]).cards:
        if card.kind != COLONISTS or card.group is None:
            continue
        place = changed["groups"].get(card.group, {}).get("place", NOT_ARRIVED)
        name = group(card.group).name
        if previous_round < card.round <= now and place == NOT_ARRIVED:
            changed["groups"][card.group] = {"place": RECEPTION_CAMP}
            said.append(
                _(
                    "The %(group)s arrive in the Reception Camp: their card came up "
                    "in round %(round)s (colonist cards are not auctioned).",
                    group=name,
                    round=card.round,
                )
            )
        elif now < card.round <= previous_round and place == RECEPTION_CAMP:
            changed["groups"].pop(card.group)
            said.append(
                _(
                    "The %(group)s go back to their card (round %(round)s).",
                    group=name,
                    round=card.round,
                )
            )
    return changed, said
