"""The campaign tests' factory: what several test files make or check, in one place.

- `DEMO`, `demo_data()`: the demo campaign's file, and its data.
- `fresh_campaign()`: the Thursday group's new campaign (three corporations, no game yet),
  owned by the user `owner` (accounts.tests.factory).
- `rows()`: how many campaigns, corporations, games and changes are stored (to show that
  something wrote nothing).
- `assert_cache_is_the_replay(campaign)`: the stored cache is what a replay derives.
- `fields_of(game, **changes)`: a stored game's facts as `actions.save_game` takes them.

The campaign files the tests build (`make_campaign`, `leader_table`, `random_campaign`, …) are
`benchmarks.samples`, pure and shared with the benchmarks and the property tests;
campaign/tests/conftest.py makes the shared fixtures (`user`, `demo`, `three_games`, `played`).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from accounts.tests.factory import owned
from campaign import actions
from campaign.campaign_io import campaign_to_dict
from campaign.models import Campaign, Change, Corporation, Game
from solar175.catalogue import Catalogue
from solar175.tests.replayed import replay

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-campaign.json"


def demo_data() -> dict:
    return json.loads(DEMO.read_text(encoding="utf-8"))


def fresh_campaign() -> Campaign:
    return owned(
        actions.create_campaign(
            "Thursday group",
            [
                {"key": "purple", "name": "Purple corporation", "player": "Caro"},
                {"key": "yellow", "name": "Yellow corporation", "player": "Ali"},
                {"key": "teal", "name": "Teal corporation", "player": "Rosa", "ai": True},
            ],
        )
    )


def rows() -> dict[str, int]:
    return {m.__name__: m.objects.count() for m in (Campaign, Corporation, Game, Change)}


def assert_cache_is_the_replay(campaign: Campaign) -> dict:
    """The stored cache is exactly what a fresh replay of the stored log derives."""
    campaign = Campaign.objects.get(pk=campaign.pk)
    expected = json.loads(json.dumps(replay(campaign_to_dict(campaign), Catalogue.from_fixture())))
    assert campaign.replayed_state().to_dict() == expected
    results = {g.number: g.result for g in campaign.games.all()}
    assert results == {g["number"]: g["score"] for g in expected["games"]}
    return expected


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
