"""Properties of the campaign replay over random valid campaigns (hypothesis).

The campaigns come from `benchmarks.samples.random_campaign`: 2 to 5 corporations, up to
two dozen games, powers, loans and political influence once open, manual unlocks, stated
megastructure zones, cities, debt, absent players. Each property holds for every one of them.
The engine's own properties are in `scoring/tests/test_engine_properties.py`.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from benchmarks.samples import FIXED_UNLOCKS, make_game, random_campaign
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue, MegastructureEntry
from solar175.tests.replayed import replay
from tests.budget import examples

CATALOGUE = Catalogue.from_fixture()
SIZES = dict(CATALOGUE.section_boxes)
PARTIES = ("united_federalists", "workers_union", "brave_new_dawn", "celestial_rebellion")
MAX_GAMES = 24
# Modest for every test run (the file takes seconds); PROPERTY_EXAMPLES=1000 for a long hunt.
PROPERTIES = settings(
    max_examples=int(os.environ.get("PROPERTY_EXAMPLES") or examples(40)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def campaigns(draw, min_games: int = 0, max_games: int = MAX_GAMES) -> dict:
    """A random valid campaign file. Hypothesis shrinks the seed, the games and the players."""
    seed = draw(st.integers(0, 2**32 - 1))
    games = draw(st.integers(min_games, max_games))
    corporations = draw(st.integers(2, 5))
    return random_campaign(random.Random(seed), games=games, corporations=corporations)


def corporations_of(data: dict) -> list[str]:
    return [c["key"] for c in data["corporations"]]


def prefix(data: dict, games: int) -> dict:
    cut = copy.deepcopy(data)
    cut["games"] = cut["games"][:games]
    return cut


# --- one replay ------------------------------------------------------------------------------


@PROPERTIES
@given(campaigns())
def test_it_never_crashes_never_mutates_its_input_and_gives_plain_json(data):
    before = copy.deepcopy(data)
    state = replay(data, CATALOGUE)
    assert data == before
    assert json.loads(json.dumps(state)) == state
    assert replay(data, CATALOGUE) == state  # a pure function: same input, same output
    assert state["games_played"] == len(data["games"])
    assert state["next_game"]["number"] == len(data["games"]) + 1
    assert [g["number"] for g in state["games"]] == [g["number"] for g in data["games"]]


@PROPERTIES
@given(campaigns())
def test_tracker_boxes_stay_within_their_sections_and_add_up_game_by_game(data):
    state = replay(data, CATALOGUE)
    crossed: Counter = Counter()
    tallied: Counter = Counter()
    for game in state["games"]:
        for corp, sections_ in game["boxes_crossed"].items():
            assert len(sections_) == len(set(sections_)), "one box a section a game"
            crossed.update((corp, s) for s in sections_)
        tallied.update(game["influence_tally"])
    assert set(state["tracker"]) == set(corporations_of(data))
    for corp, boxes in state["tracker"].items():
        for section, size in SIZES.items():
            assert 0 <= boxes[section] <= size
            assert boxes[section] == crossed[corp, section]
        assert boxes["influence_tally"] == tallied[corp]
        if boxes["influence_tally"]:
            # "If this section ever becomes full, then add a tally".
            assert boxes["influence"] == SIZES["influence"]


@PROPERTIES
@given(campaigns())
def test_each_section_has_at_most_one_gold_and_one_silver_and_silver_after_gold(data):
    state = replay(data, CATALOGUE)
    seen: dict[tuple[str, str], int] = {}
    held: set[tuple[str, str]] = set()
    for index, award in enumerate(state["awards"]):
        key = (award["section"], award["tier"])
        assert key not in seen, f"two {key} awards"
        seen[key] = index
        assert (award["section"], award["corporation"]) not in held, "two awards, one section"
        held.add((award["section"], award["corporation"]))
        # Won by crossing the section's last box, in that game.
        section = award["section"]
        assert state["tracker"][award["corporation"]][section] == SIZES[section]
        game = state["games"][award["game"] - 1]
        assert section in game["sections_completed"][award["corporation"]]
        assert award in game["awards"]
        assert award["points"] == CATALOGUE.awards[section, award["tier"]].points
        if award["tier"] == "silver":
            gold = state["awards"][seen[section, "gold"]]  # KeyError: a silver before its gold
            assert seen[section, "gold"] < index and gold["game"] <= award["game"]


@PROPERTIES
@given(campaigns())
def test_standings_are_award_points_minus_debt_ranked_by_points(data):
    state = replay(data, CATALOGUE)
    debt = Counter()
    for game in data["games"]:
        for mark in game["debt_marks"]:
            debt[mark["corporation"]] += mark["points"]
    award_points = Counter()
    for award in state["awards"]:
        award_points[award["corporation"]] += award["points"]
    corporations = corporations_of(data)
    assert state["debt"] == {corp: debt[corp] for corp in corporations}
    standings = state["standings"]
    assert sorted(s["corporation"] for s in standings) == sorted(corporations)
    for row in standings:
        corp = row["corporation"]
        assert row["points"] == award_points[corp] - debt[corp]
        assert state["campaign_points"][corp]["points"] == row["points"]
        # Ties on points share a rank (1, 1, 3).
        assert row["rank"] == 1 + sum(other["points"] > row["points"] for other in standings)
    points = [row["points"] for row in standings]
    assert points == sorted(points, reverse=True)
    if state["games"]:
        assert state["games"][-1]["points_after"] == {
            s["corporation"]: s["points"] for s in standings
        }


@PROPERTIES
@given(campaigns())
def test_election_wins_add_up_to_the_games_played_and_each_winner_governs_the_next_game(data):
    state = replay(data, CATALOGUE)
    wins = state["election_wins"]
    assert set(wins) == set(PARTIES)
    assert sum(wins.values()) == state["games_played"] == len(state["elections"])
    assert Counter(e["winner"] for e in state["elections"]) == +Counter(wins)
    assert state["overthrows"] == sum(e["overthrown"] for e in state["elections"])
    assert state["overthrows"] <= wins["celestial_rebellion"]
    incumbent = "united_federalists"  # "onto the United Federalists if it is your first game"
    for game, election in zip(state["games"], state["elections"], strict=True):
        assert game["incumbent_party"] == incumbent
        incumbent = election["winner"]
    assert state["next_game"]["incumbent_party"] == incumbent


@PROPERTIES
@given(campaigns())
def test_unlocks_are_listed_once_in_order_and_the_locked_ones_show_progress(data):
    state = replay(data, CATALOGUE)
    unlocked = {u["section"]: u["game"] for u in state["unlocked_sections"]}
    assert len(unlocked) == len(state["unlocked_sections"])
    games = [u["game"] for u in state["unlocked_sections"]]
    assert games == sorted(games)
    from_games = [u["section"] for g in state["games"] for u in g["unlocked_sections"]]
    assert len(from_games) == len(set(from_games))
    assert set(from_games) == {s for s, g in unlocked.items() if g > 0}
    assert all(
        unlocked[s] == g["number"]
        for g in state["games"]
        for s in (u["section"] for u in g["unlocked_sections"])
    )
    for section, after in FIXED_UNLOCKS.items():
        if state["games_played"] >= after:
            assert unlocked[section] <= after  # "end of game N", or earlier by hand
    assert set(state["unlock_reasons"]) == {str(s) for s in unlocked}
    locked = [p["section"] for p in state["progress"]]
    assert locked == sorted(set(range(1, 34)) - set(unlocked))
    for row in state["progress"]:
        if row["kind"] != "manual":
            # A trigger that had fired would have unlocked its section.
            assert row["current"] < row["target"], row
    # Zones only open: each game plays the zones of the one before and maybe more.
    zones = [set(g["rules"]["zones_in_play"]) for g in state["games"]]
    assert all(a <= b for a, b in zip(zones, zones[1:], strict=False))


# --- replays of a prefix ---------------------------------------------------------------------


@PROPERTIES
@given(campaigns(min_games=1), st.data())
def test_later_games_never_change_what_earlier_games_derived(data, draw):
    """Replaying games 1..k gives the full replay's first k games, and the campaign only
    grows: boxes, awards, unlocks, election wins and debt never go back."""
    full = replay(data, CATALOGUE)
    cuts = draw.draw(
        st.lists(st.integers(0, len(data["games"])), min_size=1, max_size=4, unique=True)
    )
    previous = None
    for cut in sorted(cuts):
        state = replay(prefix(data, cut), CATALOGUE)
        assert state["games"] == full["games"][:cut]
        assert state["awards"] == full["awards"][: len(state["awards"])]
        assert state["elections"] == full["elections"][:cut]
        if previous is not None:
            for corp, boxes in state["tracker"].items():
                assert all(boxes[k] >= n for k, n in previous["tracker"][corp].items())
            earlier = previous["unlocked_sections"]
            assert state["unlocked_sections"][: len(earlier)] == earlier
            for party, wins in previous["election_wins"].items():
                assert state["election_wins"][party] >= wins
            for corp, points in previous["debt"].items():
                assert state["debt"][corp] >= points
        previous = state


CONTINUED_KEYS = (
    "games_played",
    "tracker",
    "awards",
    "debt",
    "standings",
    "elections",
    "election_wins",
    "megastructures_built",
    "cities",
    "next_game",
    "campaign_over",
    "winner",
    "shared_winners",
    "overthrows",
    "campaign_points",
    "progress",
)


@PROPERTIES
@given(campaigns(min_games=1), st.data())
def test_continuing_from_a_prefix_replay_as_the_opening_equals_the_full_replay(data, draw):
    full = replay(data, CATALOGUE)
    cut = draw.draw(st.integers(1, len(data["games"])))
    rest = copy.deepcopy(data)
    rest["opening"] = replay(prefix(data, cut), CATALOGUE)
    rest["games"] = rest["games"][cut:]
    resumed = replay(rest, CATALOGUE)
    for key in CONTINUED_KEYS:
        assert resumed[key] == full[key], key
    # The opening's sections count as unlocked "after game 0"; the later ones keep their game.
    assert {u["section"] for u in resumed["unlocked_sections"]} == {
        u["section"] for u in full["unlocked_sections"]
    }
    later = [u for u in full["unlocked_sections"] if u["game"] > cut]
    assert [u for u in resumed["unlocked_sections"] if u["game"] > 0] == later
    assert resumed["games"] == full["games"][cut:]
    assert sum(resumed["election_wins"].values()) == resumed["games_played"]


# --- the end of the campaign -----------------------------------------------------------------

# Placed on Titan (zone 3): the games that build it need no zone of their own.
THE_END = MegastructureEntry(
    key="the-great-attractor", name="The Great Attractor", type=6, location="Titan", zone=3
)
ENDING_CATALOGUE = CATALOGUE.with_megastructures(THE_END)


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, MAX_GAMES), st.integers(2, 5))
def test_a_type_vi_ends_the_campaign_with_the_best_of_the_standings_winning(seed, games, corps):
    data = random_campaign(
        random.Random(seed), games=games, corporations=corps, last_megastructure=THE_END.key
    )
    state = replay(data, ENDING_CATALOGUE)
    assert state["campaign_over"] is True
    assert state["next_game"]["megastructure_options"] == []
    detail = state["campaign_points"]

    def best(corp: str) -> tuple[int, int, int]:
        d = detail[corp]
        return d["points"], d["gold"], d["awards"]

    top = max(best(c) for c in detail)
    winners = [c for c in corporations_of(data) if best(c) == top]
    if len(winners) == 1:
        assert (state["winner"], state["shared_winners"]) == (winners[0], [])
    else:
        assert (state["winner"], state["shared_winners"]) == (None, winners)
    # No game can follow.
    data["games"].append(make_game(games + 1, data["games"][-1]["table"], megastructure=None))
    with pytest.raises(CampaignError) as caught:
        replay(data, ENDING_CATALOGUE)
    assert caught.value.path == f"games[{games}].number"
