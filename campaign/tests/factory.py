"""Test helpers that need the database's models: a stored game's facts as an action takes them.

The campaign files the tests build (`make_campaign`, `leader_table`, `random_campaign`, …) are
`benchmarks.samples`, pure and shared with the benchmarks and the property tests.
"""

from __future__ import annotations

import copy
from typing import Any


def fields_of(game: Any, **changes: Any) -> dict[str, Any]:
    """Everything `actions.save_game` takes about a stored `Game`, with `changes` applied:
    how a test edits one fact of a game and keeps the rest."""
    fields = {
        "table": copy.deepcopy(game.table),
        "played_on": game.played_on,
        "megastructure": game.megastructure,
        "megastructure_zone": game.megastructure_zone,
        "neds_sold_out": game.neds_sold_out,
        "census_completed": game.census_completed,
        "megastructure_repairs_completed": game.megastructure_repairs_completed,
        "city_location": game.city_location,
        "city_name": game.city_name,
        "debt_marks": game.debt_marks,
        "notes": game.notes,
    }
    fields.update(changes)
    return fields
