"""The campaign replay on real campaign files: tracker, awards, debt, standings, elections,
rules in force, the opening snapshot, the megastructure choice and the next game."""

import copy

import pytest

from benchmarks.samples import (
    holdings,
    leader_table,
    make_campaign,
    make_game,
    make_player,
    make_table,
)
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue, MegastructureEntry
from solar175.tests.replayed import replay, unlocked

CATALOGUE = Catalogue.from_fixture()
THREE = ("purple", "yellow", "teal")
TYPE_II = (
    "skyhooks-zone-5",
    "iptc-internal-upgrade",
    "space-elevator-mars",
    "ufss-hq-security-upgrade",
)
TYPE_III = ("terraform-mars", "terraform-venus", "the-kraken", "titanica-elite")
CONTRACT_KEYS = [
    "games_played",
    "tracker",
    "awards",
    "debt",
    "standings",
    "elections",
    "election_wins",
    "unlocked_sections",
    "megastructures_built",
    "cities",
    "next_game",
    "campaign_over",
    "winner",
]
TRACKER_KEYS = [
    "presence_1",
    "presence_2",
    "presence_3",
    "presence_4",
    "presence_5",
    "presence_6",
    "megastructure",
    "bases",
    "military",
    "mining",
    "credits",
    "influence",
    "influence_tally",
]
NEXT_GAME_KEYS = [
    "number",
    "zones_in_play",
    "incumbent_party",
    "starting_credits",
    "celestial_rebellion",
    "trade_unions",
    "megastructure_options",
    "megastructure_chooser",
]


def leaders(*names: str, corporations=THREE, sections=("credits",), **kwargs) -> dict:
    """A campaign whose game n is won by names[n-1], crossing `sections` (and influence)."""
    tables = [
        leader_table(name, *(c for c in corporations if c != name), sections=sections)
        for name in names
    ]
    return make_campaign(corporations=corporations, tables=tables, **kwargs)


def opening(after_game: int = 4, **state) -> dict:
    data = {
        "after_game": after_game,
        "tracker": {},
        "awards": [],
        "election_wins": {},
        "unlocked_sections": [],
        "megastructures_built": [],
        "cities": [],
        "incumbent_party": "united_federalists",
    }
    data.update(state)
    return data


def award_list(state: dict) -> list[tuple]:
    return [(a["section"], a["tier"], a["corporation"], a["game"]) for a in state["awards"]]


# --- shape -------------------------------------------------------------------------------


def test_it_returns_the_contract_keys_first_and_in_order():
    state = replay(leaders("purple", "yellow"), CATALOGUE)
    assert list(state)[: len(CONTRACT_KEYS)] == CONTRACT_KEYS
    assert list(state["tracker"]) == list(THREE)
    for boxes in state["tracker"].values():
        assert list(boxes) == TRACKER_KEYS
    assert list(state["next_game"])[: len(NEXT_GAME_KEYS)] == NEXT_GAME_KEYS
    assert state["games_played"] == 2
    assert state["campaign_over"] is False
    assert state["winner"] is None


def test_it_replays_an_empty_log():
    state = replay(make_campaign(0), CATALOGUE)
    assert state["games_played"] == 0
    assert state["unlocked_sections"] == []
    assert state["next_game"]["number"] == 1
    assert state["next_game"]["zones_in_play"] == [1, 2]
    assert state["next_game"]["incumbent_party"] == "united_federalists"
    assert state["next_game"]["megastructure_options"] == ["skyhooks-zones-1-2"]
    assert state["next_game"]["starting_credits"] == 1
    assert len(state["progress"]) == 33


def test_it_is_a_pure_function_of_its_input():
    campaign = make_campaign(20, corporations=4)
    before = copy.deepcopy(campaign)
    assert replay(campaign, CATALOGUE) == replay(campaign, CATALOGUE)
    assert campaign == before


# --- tracker -----------------------------------------------------------------------------


def test_it_crosses_one_box_per_game_for_the_leader_capped_at_the_section_size():
    state = replay(leaders(*["purple"] * 10, sections=("credits", "presence_1")), CATALOGUE)
    purple = state["tracker"]["purple"]
    assert purple["credits"] == 8
    assert purple["presence_1"] == 6
    assert purple["influence"] == 8
    assert state["tracker"]["yellow"]["credits"] == 0


def test_it_counts_the_influence_tally_after_the_section_is_full():
    state = replay(leaders(*["purple"] * 11), CATALOGUE)
    assert state["tracker"]["purple"]["influence"] == 8
    assert state["tracker"]["purple"]["influence_tally"] == 3
    assert state["games"][8]["influence_tally"] == ["purple"]
    assert state["games"][7]["influence_tally"] == []


def test_tied_leaders_all_cross_a_box():
    tables = [
        make_table(make_player("purple", credits=6), make_player("yellow", credits=6), "teal")
    ]
    state = replay(make_campaign(corporations=THREE, tables=tables), CATALOGUE)
    assert state["tracker"]["purple"]["credits"] == 1
    assert state["tracker"]["yellow"]["credits"] == 1
    assert state["games"][0]["boxes_crossed"]["yellow"] == ["credits"]


# --- awards ------------------------------------------------------------------------------


def test_first_to_complete_takes_gold_second_silver_third_nothing():
    state = replay(leaders(*["purple"] * 8, *["yellow"] * 8, *["teal"] * 8), CATALOGUE)
    credits = [a for a in award_list(state) if a[0] == "credits"]
    assert credits == [("credits", "gold", "purple", 8), ("credits", "silver", "yellow", 16)]
    assert state["tracker"]["teal"]["credits"] == 8
    assert state["games"][23]["sections_completed"] == {"teal": ["credits", "influence"]}
    assert state["games"][23]["awards"] == []
    points = {s["corporation"]: s["points"] for s in state["standings"]}
    # Benefactor (5) + Medal of Freedom (10); Friend (3) + Order of the Shepherd (7).
    assert points == {"purple": 15, "yellow": 10, "teal": 0}


def credit_race(purple_extra: dict, yellow_extra: dict, order=("purple", "yellow")) -> dict:
    """Both corporations one box short of the credits award, then both complete it."""
    players = {
        "purple": make_player("purple", **holdings("credits", **purple_extra)),
        "yellow": make_player("yellow", **holdings("credits", **yellow_extra)),
    }
    table = make_table(*(players[c] for c in order), "teal")
    start = opening(tracker={"purple": {"credits": 7}, "yellow": {"credits": 7}})
    return replay(make_campaign(corporations=THREE, opening=start, tables=[table]), CATALOGUE)


def test_same_game_completion_goes_to_most_ip_first():
    state = credit_race({"mining_tokens": 1}, {})
    assert award_list(state)[:2] == [
        ("credits", "gold", "purple", 5),
        ("credits", "silver", "yellow", 5),
    ]
    state = credit_race({}, {"mining_tokens": 1})
    assert award_list(state)[:2] == [
        ("credits", "gold", "yellow", 5),
        ("credits", "silver", "purple", 5),
    ]


def test_same_game_tie_on_ip_goes_to_most_zone_1_presence():
    # Equal IP: each leads one zone worth the same, but only yellow has zone 1 presence.
    state = credit_race({"outposts": {"2": 1}}, {"outposts": {"1": 1}})
    game = state["games"][0]["score"]
    totals = {p["corporation"]: p["total"] for p in game["players"]}
    assert totals["purple"] == totals["yellow"]
    assert award_list(state)[:2] == [
        ("credits", "gold", "yellow", 5),
        ("credits", "silver", "purple", 5),
    ]


def test_same_game_full_tie_goes_to_the_next_in_play_order():
    state = credit_race({}, {}, order=("yellow", "purple"))
    assert award_list(state)[0] == ("credits", "gold", "yellow", 5)
    state = credit_race({}, {}, order=("purple", "yellow"))
    assert award_list(state)[0] == ("credits", "gold", "purple", 5)


def test_an_edit_in_the_middle_of_the_log_changes_a_later_award():
    names = ["purple"] * 7 + ["yellow"] * 7
    campaign = leaders(*names)
    race = make_table(
        make_player("purple", **holdings("credits", mining_tokens=1)),
        make_player("yellow", **holdings("credits")),
        "teal",
    )
    campaign["games"].append(make_game(15, race))
    before = replay(campaign, CATALOGUE)
    assert ("credits", "gold", "purple", 15) in award_list(before)
    assert unlocked(before)[14] == 15

    campaign["games"][1]["table"] = leader_table("yellow", "purple", "teal")
    after = replay(campaign, CATALOGUE)
    assert ("credits", "gold", "yellow", 14) in award_list(after)
    assert not any(a[0] == "credits" and a[2] == "purple" for a in award_list(after))
    assert after["tracker"]["purple"]["credits"] == 7
    assert unlocked(after)[14] == 14


# --- debt and standings ------------------------------------------------------------------


def test_debt_marks_add_up_and_come_off_the_campaign_points():
    campaign = leaders(*["purple"] * 8)
    campaign["games"][5]["debt_marks"] = [{"corporation": "purple", "points": 2}]
    campaign["games"][6]["debt_marks"] = [
        {"corporation": "purple", "points": 3},
        {"corporation": "teal", "points": 1},
    ]
    state = replay(campaign, CATALOGUE)
    assert state["debt"] == {"purple": 5, "yellow": 0, "teal": 1}
    assert state["standings"] == [
        {"corporation": "purple", "points": 15 - 5, "rank": 1},
        {"corporation": "yellow", "points": 0, "rank": 2},
        {"corporation": "teal", "points": -1, "rank": 3},
    ]
    assert state["campaign_points"]["purple"] == {
        "award_points": 15,
        "debt": 5,
        "points": 10,
        "gold": 2,
        "silver": 0,
        "awards": 2,
    }


def test_ties_on_points_share_a_rank():
    state = replay(leaders("purple", "yellow"), CATALOGUE)
    assert [s["rank"] for s in state["standings"]] == [1, 1, 1]
    campaign = leaders("purple")
    campaign["games"][0]["debt_marks"] = [{"corporation": "teal", "points": 2}]
    state = replay(campaign, CATALOGUE)
    assert [(s["corporation"], s["rank"]) for s in state["standings"]] == [
        ("purple", 1),
        ("yellow", 1),
        ("teal", 3),
    ]


# --- elections and the rules in force ----------------------------------------------------


def test_it_records_each_election_and_the_next_incumbent():
    tables = [
        leader_table("purple", "yellow", ballots={"workers_union": 2}),
        leader_table("yellow", "purple", ballots={"brave_new_dawn": 1, "workers_union": 1}),
        leader_table("purple", "yellow", ballots={}),
    ]
    state = replay(make_campaign(corporations=2, tables=tables), CATALOGUE)
    assert state["elections"] == [
        {"game": 1, "winner": "workers_union", "overthrown": False},
        # A tie: "the party that is currently in power remains in power".
        {"game": 2, "winner": "workers_union", "overthrown": False},
        {"game": 3, "winner": "workers_union", "overthrown": False},
    ]
    assert [g["incumbent_party"] for g in state["games"]] == [
        "united_federalists",
        "workers_union",
        "workers_union",
    ]
    assert state["election_wins"]["workers_union"] == 3
    assert state["next_game"]["incumbent_party"] == "workers_union"


def test_zones_and_rules_follow_the_unlocked_sections_game_by_game():
    state = replay(make_campaign(7, corporations=3), CATALOGUE)
    zones = [g["rules"]["zones_in_play"] for g in state["games"]]
    assert zones == [
        [1, 2],
        [1, 2, 3],  # #1 after game 1
        [1, 2, 3, 4],  # #3 after game 2
        [1, 2, 3, 4],
        [1, 2, 3, 4, 5],  # #8 after game 4
        [1, 2, 3, 4, 5, 6],  # #10: zone 5 sky hooks built in game 5
        [1, 2, 3, 4, 5, 6],
    ]
    # The space elevator on Mars is built in game 7: the Rebellion (#12) from game 8.
    assert not any(g["rules"]["celestial_rebellion"] for g in state["games"])
    assert state["next_game"]["celestial_rebellion"] is True
    assert "celestial_rebellion" in state["next_game"]["political_row"]


def test_the_megastructure_location_sets_the_presence_bonus_zone():
    tables = [leader_table("purple", "yellow")] * 2
    campaign = make_campaign(corporations=2, tables=tables)
    state = replay(campaign, CATALOGUE)
    assert [g["megastructure_zone"] for g in state["games"]] == [1, 3]  # Earth, Titan

    # The game's own zone wins over the location's; a table may state the location's zone.
    campaign["games"][0]["megastructure_zone"] = 2
    campaign["games"][1]["table"] = {**tables[1], "megastructure_zone": 3}
    state = replay(campaign, CATALOGUE)
    assert [g["megastructure_zone"] for g in state["games"]] == [2, 3]


def test_the_presence_bonus_is_scored_in_the_stated_zone():
    table = make_table(
        make_player("purple", outposts={"2": 1}), make_player("yellow", outposts={"1": 1})
    )
    campaign = make_campaign(corporations=2, tables=[table])
    earth = replay(campaign, CATALOGUE)["games"][0]["score"]["players"]
    campaign["games"][0]["megastructure_zone"] = 2
    jupiter = replay(campaign, CATALOGUE)["games"][0]["score"]["players"]
    assert [p["ip"]["presence"] for p in earth] == [3, 3 + 5]
    assert [p["ip"]["presence"] for p in jupiter] == [3 + 5, 3]


def test_a_table_that_agrees_with_the_derived_rules_is_accepted():
    table = leader_table("purple", "yellow")
    table["rules"] = {
        "zones_in_play": [1, 2, 3],
        "celestial_rebellion": False,
        "trade_unions": False,
        "second_place_rounding": "down",
    }
    table["incumbent_party"] = "united_federalists"
    campaign = make_campaign(corporations=2, tables=[leader_table("purple", "yellow"), table])
    assert replay(campaign, CATALOGUE)["games_played"] == 2


@pytest.mark.parametrize(
    ("game", "key", "value", "path", "message"),
    [
        (
            1,
            "rules",
            {"zones_in_play": [1, 2]},
            "games[1].table.rules.zones_in_play",
            "must be [1, 2, 3] in game 2 (sections #1 unlocked)",
        ),
        (
            2,
            "rules",
            {"zones_in_play": [1, 2, 3]},
            "games[2].table.rules.zones_in_play",
            "must be [1, 2, 3, 4] in game 3 (sections #1, #3 unlocked)",
        ),
        (
            0,
            "rules",
            {"zones_in_play": [1, 2, 3]},
            "games[0].table.rules.zones_in_play",
            "must be [1, 2] in game 1 (no zone section unlocked yet)",
        ),
        (
            0,
            "rules",
            {"celestial_rebellion": True},
            "games[0].table.rules.celestial_rebellion",
            "must be false in game 1 (section #12 not unlocked)",
        ),
        (
            1,
            "rules",
            {"trade_unions": True},
            "games[1].table.rules.trade_unions",
            "must be false in game 2 (section #13 not unlocked)",
        ),
        (
            0,
            "rules",
            {"second_place_rounding": "up"},
            "games[0].table.rules.second_place_rounding",
            'must be "down", the campaign\'s setting',
        ),
        (
            1,
            "incumbent_party",
            "united_federalists",
            "games[1].table.incumbent_party",
            'must be "workers_union" in game 2 (the party in power after game 1)',
        ),
    ],
)
def test_a_table_contradicting_the_derived_rules_is_refused_with_its_path(
    game, key, value, path, message
):
    tables = [
        leader_table("purple", "yellow", ballots={"workers_union": 1}),
        leader_table("yellow", "purple"),
        leader_table("purple", "yellow"),
    ]
    campaign = make_campaign(corporations=2, tables=tables)
    campaign["games"][game]["table"][key] = value
    with pytest.raises(CampaignError) as caught:
        replay(campaign, CATALOGUE)
    assert (caught.value.path, caught.value.message) == (path, message)
    assert str(caught.value) == f"{path}: {message}"


def test_a_table_using_a_zone_not_yet_in_play_is_refused_with_its_path():
    table = make_table(make_player("purple", outposts={"3": 2}), "yellow")
    campaign = make_campaign(corporations=2, tables=[table])
    with pytest.raises(CampaignError) as caught:
        replay(campaign, CATALOGUE)
    assert caught.value.path == "games[0].table.players[0].outposts.3"


def test_game_and_table_megastructure_zones_must_agree():
    campaign = make_campaign(corporations=2, tables=[leader_table("purple", "yellow")])
    campaign["games"][0]["megastructure_zone"] = 1
    campaign["games"][0]["table"]["megastructure_zone"] = 2
    with pytest.raises(CampaignError) as caught:
        replay(campaign, CATALOGUE)
    assert caught.value.path == "games[0].table.megastructure_zone"


# --- the opening snapshot ----------------------------------------------------------------


def test_an_opening_snapshot_continues_the_campaign():
    start = opening(
        after_game=6,
        tracker={"purple": {"credits": 7, "influence": 3}, "yellow": {"mining": 8}},
        awards=[{"section": "mining", "tier": "gold", "corporation": "yellow", "game": 5}],
        election_wins={"workers_union": 4, "united_federalists": 2},
        unlocked_sections=[{"section": n, "game": n // 2} for n in range(1, 10)],
        megastructures_built=[
            {"game": 1, "megastructure": "skyhooks-zones-1-2"},
            {"game": 5, "megastructure": "skyhooks-zone-5"},
        ],
        cities=[{"game": 6, "location": "Mars", "name": "New Ali", "corporation": "yellow"}],
        incumbent_party="workers_union",
    )
    tables = [leader_table("purple", "yellow", "teal", ballots={"workers_union": 1})]
    state = replay(make_campaign(corporations=THREE, opening=start, tables=tables), CATALOGUE)

    assert state["games_played"] == 7
    assert state["games"][0]["number"] == 7
    assert state["games"][0]["incumbent_party"] == "workers_union"
    # Section #8 was in the opening: zone 5 is in play in game 7 (#10 not listed, so no zone 6).
    assert state["games"][0]["rules"]["zones_in_play"] == [1, 2, 3, 4, 5]
    # Yellow won game 6 (it named the city): it chose game 7's megastructure.
    assert state["games"][0]["megastructure_chooser"] == "yellow"
    assert award_list(state) == [
        ("mining", "gold", "yellow", 5),
        ("credits", "gold", "purple", 7),
    ]
    assert state["tracker"]["purple"]["influence"] == 4
    assert state["election_wins"]["workers_union"] == 5
    opened = unlocked(state)
    assert all(opened[n] == 0 for n in range(1, 10))
    # #13 (five Workers Union wins), #14 (Benefactor) and #18 (Rio Astro gold, already held).
    assert {n: opened[n] for n in (13, 14, 18)} == {13: 7, 14: 7, 18: 7}
    assert state["unlock_reasons"]["13"] == "the Workers Union Party won its 5th election in game 7"
    assert state["next_game"]["trade_unions"] is True
    assert state["next_game"]["number"] == 8
    assert state["next_game"]["megastructure_chooser"] == "purple"
    assert state["cities"] == [
        {"game": 6, "location": "Mars", "name": "New Ali", "corporation": "yellow"}
    ]


def test_games_after_an_opening_are_numbered_from_the_next_game():
    campaign = make_campaign(corporations=2, opening=opening(after_game=6), tables=[])
    campaign["games"] = [make_game(1, leader_table("purple", "yellow"))]
    with pytest.raises(CampaignError) as caught:
        replay(campaign, CATALOGUE)
    assert caught.value.path == "games[0].number"
    assert "must be 7" in caught.value.message


def test_a_replay_output_used_as_the_opening_gives_the_same_campaign():
    whole = make_campaign(30, corporations=4, seed=3)
    straight = replay(whole, CATALOGUE)

    first = copy.deepcopy(whole)
    first["games"] = first["games"][:18]
    middle = replay(first, CATALOGUE)
    rest = copy.deepcopy(whole)
    rest["opening"] = middle
    rest["games"] = rest["games"][18:]
    resumed = replay(rest, CATALOGUE)

    for key in (
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
        "campaign_points",
        "overthrows",
    ):
        assert resumed[key] == straight[key], key
    assert set(unlocked(resumed)) == set(unlocked(straight))
    assert [g["score"] for g in resumed["games"]] == [g["score"] for g in straight["games"][18:]]


# --- megastructures and the next game ----------------------------------------------------


def test_games_1_to_4_build_the_fixed_type_i_megastructures():
    for played, expected in (
        (0, "skyhooks-zones-1-2"),
        (1, "skyhooks-zone-3"),
        (2, "drum-defence-cannon"),
        (3, "skyhooks-zone-4"),
    ):
        state = replay(leaders(*["purple"] * played), CATALOGUE)
        assert state["next_game"]["megastructure_options"] == [expected]
        assert state["next_game"]["megastructure_chooser"] is None


def test_after_game_4_the_last_winner_chooses_among_the_type_ii():
    state = replay(leaders("purple", "purple", "yellow", "teal"), CATALOGUE)
    assert state["next_game"]["megastructure_options"] == list(TYPE_II)
    assert state["next_game"]["megastructure_chooser"] == "teal"


def higher_campaign(*built: str, winners=("purple",)) -> dict:
    names = ["purple"] * 4 + [winners[i % len(winners)] for i in range(len(built))]
    campaign = leaders(*names)
    for game, key in zip(campaign["games"][4:], built, strict=True):
        game["megastructure"] = key
        if CATALOGUE.zone_of(key) is None:
            # Placed nowhere: the game states its location token's zone (RULES-NOTES §6).
            game["megastructure_zone"] = 1
    return campaign


def test_all_type_ii_come_before_any_higher_type():
    state = replay(higher_campaign(*TYPE_II[:3], winners=("yellow",)), CATALOGUE)
    assert state["next_game"]["megastructure_options"] == [TYPE_II[3]]
    assert state["next_game"]["megastructure_chooser"] == "yellow"
    assert 11 not in unlocked(state)

    state = replay(higher_campaign(*TYPE_II), CATALOGUE)
    assert unlocked(state)[11] == 8
    assert state["next_game"]["megastructure_options"] == list(TYPE_III)

    state = replay(higher_campaign(*TYPE_II, *TYPE_III), CATALOGUE)
    # No Type IV in the catalogue: Type V is next (docs/replay.md).
    assert state["next_game"]["megastructure_options"] == ["dyson-swarm"]


def test_a_megastructure_outside_the_options_is_recorded_with_a_warning():
    state = replay(higher_campaign("terraform-mars"), CATALOGUE)
    assert state["megastructures_built"][-1] == {"game": 5, "megastructure": "terraform-mars"}
    assert state["warnings"] == [
        {
            "game": 5,
            "path": "games[4].megastructure",
            "message": "terraform-mars was not among the megastructures open in game 5 ("
            + ", ".join(TYPE_II)
            + ")",
        }
    ]
    assert state["games"][4]["warnings"] == [state["warnings"][0]["message"]]


def with_type_vi() -> Catalogue:
    return CATALOGUE.with_megastructures(
        MegastructureEntry(key="ring-world", name="Ring World", type=6, order=1)
    )


def test_a_type_vi_megastructure_ends_the_campaign_and_names_the_winner():
    catalogue = with_type_vi()
    campaign = higher_campaign(*TYPE_II, *TYPE_III, "dyson-swarm", "ring-world")
    before = replay(higher_campaign(*TYPE_II, *TYPE_III, "dyson-swarm"), catalogue)
    assert before["next_game"]["megastructure_options"] == ["ring-world"]

    state = replay(campaign, catalogue)
    assert state["campaign_over"] is True
    assert state["winner"] == "purple"
    assert unlocked(state)[33] == 14
    assert unlocked(state)[27] == 13
    assert state["next_game"]["megastructure_options"] == []

    campaign["games"].append(make_game(15, leader_table("yellow", "purple", "teal")))
    with pytest.raises(CampaignError) as caught:
        replay(campaign, catalogue)
    assert caught.value.path == "games[14].number"


def test_the_campaign_winner_ties_go_to_more_gold_then_more_awards():
    catalogue = with_type_vi()
    built = ("ring-world",)
    start = opening(
        after_game=20,
        tracker={
            "purple": {"credits": 8, "mining": 8},
            "yellow": {"mining": 8, "megastructure": 8},
            "teal": {"megastructure": 8},
        },
        awards=[
            {"section": "credits", "tier": "gold", "corporation": "purple"},
            {"section": "mining", "tier": "gold", "corporation": "yellow"},
            {"section": "mining", "tier": "silver", "corporation": "purple"},
            {"section": "megastructure", "tier": "gold", "corporation": "teal"},
            {"section": "megastructure", "tier": "silver", "corporation": "yellow"},
        ],
    )
    # purple: 5 + 3 = 8 points, 1 gold; yellow: 5 + 3 = 8 points, 1 gold; 2 awards each.
    table = make_table("purple", "yellow", "teal")
    campaign = make_campaign(corporations=THREE, opening=start, tables=[table])
    campaign["games"][0]["megastructure"] = built[0]
    campaign["games"][0]["megastructure_zone"] = 2
    state = replay(campaign, catalogue)
    assert state["campaign_over"] is True
    assert state["winner"] is None
    assert state["shared_winners"] == ["purple", "yellow"]

    campaign["games"][0]["debt_marks"] = [{"corporation": "purple", "points": 1}]
    assert replay(campaign, catalogue)["winner"] == "yellow"


def test_cities_are_named_by_the_winner():
    campaign = leaders("purple", "yellow")
    campaign["games"][1]["named_city"] = {"location": "Ganymede", "name": "Ali's Rest"}
    state = replay(campaign, CATALOGUE)
    assert state["cities"] == [
        {"game": 2, "location": "Ganymede", "name": "Ali's Rest", "corporation": "yellow"}
    ]
    assert state["games"][1]["city"] == state["cities"][0]


def test_a_city_on_a_card_without_naming_spaces_is_recorded_with_a_warning():
    campaign = leaders("purple")
    campaign["games"][0]["named_city"] = {"location": "Earth", "name": "Nowhere"}
    state = replay(campaign, CATALOGUE)
    assert state["cities"][0]["name"] == "Nowhere"
    assert state["warnings"][0]["path"] == "games[0].named_city.location"


def test_the_next_game_sheet_follows_the_unlocked_sections():
    campaign = make_campaign(20, corporations=4, seed=11)
    campaign["powers"] = {"purple": "extra-credits", "yellow": "both-political-cards"}
    state = replay(campaign, CATALOGUE)
    opened = unlocked(state)
    sheet = state["next_game"]
    assert sheet["number"] == 21
    assert sheet["players"] == 4
    assert sheet["mining_tokens_per_location"] == 2
    assert sheet["hub_bonus_tokens"] is True
    assert sheet["player_powers"] == campaign["powers"]
    assert sheet["political_influence_cards"]["kept"] == {
        "purple": 1,
        "yellow": 2,
        "teal": 1,
        "orange": 1,
    }
    base = 2 if 16 in opened else 1
    assert sheet["starting_credits"] == base
    assert sheet["starting_credits_by_corporation"]["purple"] == base + 3
    assert sheet["starting_credits_by_corporation"]["yellow"] == base
    assert sheet["trade_row"][:2] == ["hensler", "rio_astro"]
    assert ("wotherbys" in sheet["trade_row"]) is (19 in opened)
    assert ("white_star" in sheet["trade_row"]) is True
    assert sheet["employment_side"] == ("B" if 13 in opened else "A")


def test_powers_give_credits_only_once_section_7_is_unlocked():
    campaign = leaders("purple", powers={"purple": "extra-credits"})
    assert replay(campaign, CATALOGUE)["next_game"]["starting_credits_by_corporation"] == {
        "purple": 1,
        "yellow": 1,
        "teal": 1,
    }


def test_two_players_get_one_mining_token_per_location():
    state = replay(leaders("purple", corporations=("purple", "yellow")), CATALOGUE)
    assert state["next_game"]["mining_tokens_per_location"] == 1


def tied_on_points_yellow_with_more_gold(settings: dict | None = None) -> dict:
    start = opening(
        after_game=20,
        tracker={
            "purple": {"credits": 8, "mining": 8},
            "yellow": {"mining": 8, "presence_1": 6},
            "teal": {},
        },
        awards=[
            {"section": "credits", "tier": "gold", "corporation": "purple"},
            {"section": "mining", "tier": "gold", "corporation": "yellow"},
            {"section": "mining", "tier": "silver", "corporation": "purple"},
            {"section": "presence_1", "tier": "gold", "corporation": "yellow"},
        ],
    )
    # purple: 5 + 3 = 8 points, 1 gold; yellow: 5 + 3 = 8 points, 2 gold.
    campaign = make_campaign(
        corporations=THREE, opening=start, tables=[make_table("purple", "yellow", "teal")]
    )
    campaign["games"][0]["megastructure"] = "ring-world"
    campaign["games"][0]["megastructure_zone"] = 2
    if settings is not None:
        campaign["settings"] = settings
    return campaign


def test_the_campaign_tie_break_is_a_house_rule_more_gold_by_default():
    catalogue = with_type_vi()
    state = replay(tied_on_points_yellow_with_more_gold(), catalogue)
    assert [s["points"] for s in state["standings"][:2]] == [8, 8]
    assert (state["winner"], state["shared_winners"]) == ("yellow", [])
    chosen = {"second_place_rounding": "down", "campaign_tie_break": "awards"}
    assert replay(tied_on_points_yellow_with_more_gold(chosen), catalogue)["winner"] == "yellow"


def test_a_group_that_shares_a_tie_has_no_single_campaign_winner():
    catalogue = with_type_vi()
    shared = {"second_place_rounding": "down", "campaign_tie_break": "shared"}
    state = replay(tied_on_points_yellow_with_more_gold(shared), catalogue)
    assert state["winner"] is None
    assert state["shared_winners"] == ["purple", "yellow"]
