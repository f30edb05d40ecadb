"""The replay's typed state (solar175.state): what `replay()` returns, its JSON both ways.

The two files in `data/` are the `replay` command's output written before the replay returned
types (the demo; a campaign that ends on a shared tie, with warnings): `to_dict()` must give
them byte for byte. When the demo or the replay's rules change on purpose, write them again
with `python manage.py replay fixtures/demo-campaign.json > solar175/tests/data/demo-replay.json`
(and `ended_campaign()` below, through `replay`).
"""

import dataclasses
import json
import random
from pathlib import Path

import pytest

from benchmarks.samples import make_campaign, random_campaign
from solar175.catalogue import Catalogue
from solar175.replay import replay
from solar175.state import (
    AwardHeld,
    CampaignState,
    City,
    DebtPaid,
    GameResult,
    NextGame,
    ReplayedGame,
    SectionUnlocked,
    Standing,
)

CATALOGUE = Catalogue.from_fixture()
PROJECT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"


def ended_campaign() -> dict:
    """A campaign a Type VI of its own box ends, its tie shared by the house rule."""
    data = random_campaign(
        random.Random(4), games=14, corporations=3, last_megastructure="ring-world"
    )
    data["box"] = {
        "megastructures": [
            {"key": "ring-world", "name": "Ring World", "type": 6, "location": "Titan"}
        ]
    }
    data["settings"]["campaign_tie_break"] = "shared"
    return data


def as_printed(state: CampaignState) -> str:
    """The `replay` command's output (it writes a line)."""
    return json.dumps(state.to_dict(), indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    ("campaign", "printed"),
    [
        (lambda: json.loads((PROJECT / "fixtures" / "demo-campaign.json").read_text()), "demo"),
        (ended_campaign, "ended-shared"),
    ],
)
def test_the_json_is_what_the_replay_printed_before_it_had_types(campaign, printed):
    state = replay(campaign(), CATALOGUE)
    assert as_printed(state) == (DATA / f"{printed}-replay.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", range(6))
def test_from_dict_reads_back_what_to_dict_wrote(seed):
    data = random_campaign(random.Random(seed), games=4 + 3 * seed, corporations=2 + seed % 4)
    state = replay(data, CATALOGUE)
    stored = json.loads(json.dumps(state.to_dict()))
    assert CampaignState.from_dict(stored) == state
    # The cache stores each game apart from the rest: each reads back alone too.
    for game in state.games:
        assert ReplayedGame.from_dict(json.loads(json.dumps(game.to_dict()))) == game


def test_replay_returns_frozen_types_read_by_attribute():
    state = replay(json.loads((PROJECT / "fixtures" / "demo-campaign.json").read_text()), CATALOGUE)
    assert isinstance(state, CampaignState)
    assert isinstance(state.next_game, NextGame)
    assert state.next_game.number == state.games_played + 1 == 13
    assert all(isinstance(a, AwardHeld) for a in state.awards)
    assert all(isinstance(s, Standing) for s in state.standings)
    assert all(isinstance(c, City) for c in state.cities)
    last = state.games[-1]
    assert isinstance(last.score, GameResult)
    assert last.winner == last.score.winner == last.score.ranked()[0].corporation
    assert state.game(12) is last and state.game(99) is None
    assert state.unlocked() == {u.section: u.game for u in state.unlocked_sections}
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.games_played = 0  # type: ignore[misc]


def test_an_empty_cache_reads_as_a_campaign_before_its_first_game():
    state = CampaignState.from_dict({})
    assert state == CampaignState()
    assert state.next_game.number == 1
    assert state.next_game.zones_in_play == (1, 2)
    assert state.next_game.megastructure_options == ()
    assert not state.campaign_over and state.games == ()


def test_keys_an_older_cache_lacks_take_their_defaults_in_one_place():
    fresh = replay(make_campaign(2, corporations=2), CATALOGUE).to_dict()
    old = {
        key: value
        for key, value in fresh.items()
        if key not in ("overthrows", "games_by_corporation", "progress", "shared_winners")
    }
    old["elections"] = [{"game": 1, "winner": "celestial_rebellion", "overthrown": True}]
    old["next_game"] = {"number": 3, "incumbent_party": "workers_union"}
    old["games"] = [
        {
            key: value
            for key, value in game.items()
            if key not in ("election", "points_after", "megastructure_zone_stated")
        }
        for game in fresh["games"]
    ]
    state = CampaignState.from_dict(old)
    assert state.overthrows == 1  # counted from the elections
    assert state.games_by_corporation is None  # the standings then show no games column
    assert state.progress == () and state.shared_winners == ()
    assert state.next_game.zones_in_play == (1, 2)
    assert state.next_game.switches == ()
    first = state.games[0]
    assert first.election.winner == fresh["games"][0]["score"]["election"]["winner"]
    assert first.points_after is None  # the charts then count the points back


def test_a_debt_mark_names_its_row_only_when_it_has_one():
    assert DebtPaid("teal", 2).to_dict() == {"corporation": "teal", "points": 2}
    with_row = {"corporation": "teal", "points": 3, "row": 2}
    assert DebtPaid.from_dict(with_row).to_dict() == with_row


def test_the_next_game_carries_the_house_rules_a_table_states():
    state = replay(
        make_campaign(1, corporations=2, settings={"second_place_rounding": "up"}), CATALOGUE
    )
    assert state.next_game.house == {"second_place_rounding": "up"}
    assert state.next_game.to_dict()["second_place_rounding"] == "up"
    assert state.next_game.rules.house == state.games[0].rules.house
    assert state.games[0].rules.to_dict()["second_place_rounding"] == "up"
    unlocked = state.unlocked_sections
    assert unlocked and all(isinstance(u, SectionUnlocked) for u in unlocked)
