"""Tables for the tests: the spec's example (OTHER-GAMES §3.7) and small builders."""

from __future__ import annotations

import copy
from typing import Any

SPEC_TABLE: dict[str, Any] = {
    "format": "colonists-expert-table",
    "version": 1,
    "rules": {"condominium_built": True, "categories": ["territories", "omnium"]},
    "players": [
        {
            "name": "caro",
            "cities": [
                {"colonists": "spice_merchants", "powered": True, "metropolis": False},
                {"colonists": "corpex", "powered": False, "metropolis": True},
            ],
            "unhoused_colonists": ["mechanics"],
            "other": {"territories": 6, "omnium": 2},
        }
    ],
}


def spec_table() -> dict[str, Any]:
    """A fresh copy of the spec's table, to change in one place."""
    return copy.deepcopy(SPEC_TABLE)


def two_player_table() -> dict[str, Any]:
    """The spec's table with a second player, ben, who has one uninhabited city."""
    table = spec_table()
    table["players"].append(
        {
            "name": "ben",
            "cities": [{"colonists": None, "powered": False, "metropolis": False}],
            "unhoused_colonists": [],
            "other": {"territories": 4, "omnium": 1},
        }
    )
    return table


def one_city(**city: Any) -> dict[str, Any]:
    """A one-player table with one city and no categories."""
    return {
        "format": "colonists-expert-table",
        "version": 1,
        "rules": {"condominium_built": True},
        "players": [{"name": "caro", "cities": [city]}],
    }
