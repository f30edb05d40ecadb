"""Campaign files for tests: real tables the engine scores, no mocks.

The generators live in `campaign/sample_campaigns.py` (the `bench` command uses them too) and
are re-exported here; this module adds the hand-made tables:

- `make_player(corporation, **fields)` and `make_table(*players, **keys)`: one game's table in
  a campaign's shape (no `rules`, `megastructure_zone` or `incumbent_party`).
- `leader_table(leader, *others, sections=...)`: a table where `leader` alone crosses a box in
  each of `sections` and wins the game; the others score nothing.
- `make_game(number, table, **keys)`: one entry of a campaign file's `games`.
- `make_campaign(n_games, ...)`: a whole campaign file; with no `games`, `n_games` random but
  valid games that follow the campaign's unlocks (zones, megastructures).
- `random_campaign(rng, games=..., corporations=...)`: a campaign using the whole format.
- `fields_of(game, **changes)`: a stored game's facts as `actions.save_game` takes them.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from campaign.sample_campaigns import (
    CORPORATIONS,
    FIRST_DATE,
    FIXED_MEGASTRUCTURES,
    LATER_MEGASTRUCTURES,
    default_hubs,
    game_date,
    make_campaign,
    make_game,
    make_player,
    make_table,
    random_campaign,
    random_game,
    random_table,
    scheduled_megastructure,
    scheduled_zones,
)

__all__ = [
    "CORPORATIONS",
    "FIRST_DATE",
    "FIXED_MEGASTRUCTURES",
    "LATER_MEGASTRUCTURES",
    "SECTION_HOLDINGS",
    "default_hubs",
    "game_date",
    "holdings",
    "leader_table",
    "make_campaign",
    "make_game",
    "make_player",
    "make_table",
    "random_campaign",
    "random_game",
    "random_table",
    "scheduled_megastructure",
    "scheduled_zones",
]

# What a leader holds to cross one box in a section (the others hold nothing).
SECTION_HOLDINGS: dict[str, dict[str, Any]] = {
    "credits": {"credits": 10},
    "mining": {"mining_tokens": 2},
    "megastructure": {"megastructure_tokens": 1},
    "military": {"military_tokens": 2},
    "bases": {"bases": [2]},  # a base in zone 2 is also 2 presence there
    "presence_1": {"outposts": {"1": 2}},
    "presence_2": {"outposts": {"2": 2}},
}


def holdings(*sections: str, **extra: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for section in sections:
        for key, value in SECTION_HOLDINGS[section].items():
            if key == "outposts":
                fields.setdefault("outposts", {}).update(value)
            else:
                fields[key] = value
    fields.update(extra)
    return fields


def leader_table(
    leader: str,
    *others: str,
    sections: Sequence[str] = ("credits",),
    ballots: Mapping[str, int] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """`leader` crosses one box in each of `sections` and `influence` (it wins the game)."""
    return make_table(make_player(leader, **holdings(*sections, **extra)), *others, ballots=ballots)


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
