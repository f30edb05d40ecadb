"""The shared table screen and each player's own screen (OTHER-GAMES.md §2.1 item 5).

"Credits are private, and a player's currently held total does not need to be shared with any
other players" (ST:79); missions stay secret "until the end of the game" (ST:279).
"""

from __future__ import annotations

import copy
from typing import Any

from gamefile.words import _

from .errors import StartropolisError
from .reader import describe

PRIVATE_KEYS = ("credits", "missions")


def table_view(state: dict) -> dict:
    """`state` (from `play`) without any private figure: no credits, no missions."""
    shared = copy.deepcopy(state)
    for key in PRIVATE_KEYS:
        shared.pop(key, None)
    return shared


def private_view(state: dict, player_key: Any) -> dict:
    """`state` with only `player_key`'s own credits and mission among the private figures."""
    if not isinstance(player_key, str) or player_key not in state["revenue"]:
        raise StartropolisError(
            "player",
            _("%(player)s is not a player of this session", player=describe(player_key)),
        )
    own = copy.deepcopy(state)
    for key in PRIVATE_KEYS:
        if key in own:
            own[key] = {player_key: own[key][player_key]}
    return own
