"""Every figure explains itself (solar175.explain): the terms add up to the engine's figures, the
sentences use the rulebook's words, and each tracker box and award says why."""

import re

from hypothesis import given

from solar175.engine import (
    CATEGORIES,
    CELESTIAL_REBELLION,
    Ballots,
    Hubs,
    HubWorkers,
    PlayerTable,
    Rules,
    Ship,
    TableState,
    score_game,
    zone_presence,
)
from solar175.explain import (
    award_sentence,
    explain_as_dict,
    explain_game,
    explain_player,
    presence_terms,
    tracker_reasons,
)
from solar175.house_rules import HouseRules
from solar175.tests.test_engine_properties import PROPERTY_SETTINGS, tables

KEY_PATTERN = re.compile(r"[a-z]+_[a-z_]+|extra-|§")


def contract_table() -> TableState:
    """The one player of docs/table-file.md's example, with the others the example implies."""
    return TableState(
        players=(
            PlayerTable(
                corporation="purple",
                credits=12,
                mining_tokens=2,
                megastructure_tokens=3,
                military_tokens=2,
                outposts={1: 3, 2: 1},
                bases=(1, 2),
                ships=(Ship(zone=1, presence=2),),
            ),
        ),
        rules=Rules(zones_in_play=(1, 2)),
        megastructure_zone=1,
        hubs=Hubs(
            hensler=HubWorkers(3, 1),
            ufss=HubWorkers(3, 1),
            military=HubWorkers(2, 0),
            zones={1: HubWorkers(3, 2), 2: HubWorkers(3, 0)},
        ),
        ballots=Ballots(united_federalists=2, workers_union=1),
    )


def test_it_explains_the_printed_example_of_the_score_file():
    table = contract_table()
    terms = explain_player(table, score_game(table), "purple")
    assert [t.as_dict() for t in terms["bases"]] == [
        {"ip": 6, "why": "base in zone 1: Hensler worker value 5 + zone 1"},
        {"ip": 7, "why": "base in zone 2: Hensler worker value 5 + zone 2"},
    ]
    assert [t.ip for t in terms["megastructure"]] == [15, 15]
    assert terms["megastructure"][1].why == "doubled: the United Federalists are in power"
    assert [t.why for t in terms["presence"]] == [
        "zone 1: most presence (7): the Zone HUB's worker value 7",
        "zone 1: most presence where the megastructure is being built",
        "zone 2: most presence (3): the Zone HUB's worker value 3",
    ]
    assert terms["loans"] == [] and terms["bonus"] == []


def test_it_explains_the_rulebooks_presence_example():
    # Presence: 1 base + 3 outposts + the starting ship in zone 1 -> presence 7.
    player = PlayerTable("purple", outposts={1: 3}, bases=(1,), ships=(Ship(1, 2),))
    assert [(t.ip, t.why) for t in presence_terms(player, 1)] == [
        (3, "3 outposts × 1"),
        (2, "1 base × 2"),
        (2, "a ship with presence 2"),
    ]


def test_it_explains_a_shared_first_place_and_no_second():
    # Zone 1 HUB WV 7: Ali and Rosa tie on 7 and score 12 each; Caro (5) scores nothing.
    table = TableState(
        players=(
            PlayerTable("purple", outposts={1: 3}, bases=(1,)),
            PlayerTable("yellow", outposts={1: 1}, bases=(1, 1), ships=(Ship(1, 2),)),
            PlayerTable("teal", outposts={1: 5}, bases=(1,)),
        ),
        megastructure_zone=1,
        hubs=Hubs(zones={1: HubWorkers(workers=3, algorithms=2)}),
    )
    explained = explain_game(table, score_game(table))
    assert explained["purple"]["presence"] == []
    assert [t.ip for t in explained["yellow"]["presence"]] == [7, 5]
    assert "shared" in explained["teal"]["presence"][0].why


def test_it_explains_second_place_with_the_campaigns_rounding():
    players = (
        PlayerTable("purple", outposts={1: 4}),
        PlayerTable("yellow", outposts={1: 2}),
        PlayerTable("teal"),
    )
    for rounding, half in (("down", 2), ("up", 3)):
        table = TableState(
            players=players,
            rules=Rules(house=HouseRules({"second_place_rounding": rounding})),
            megastructure_zone=2,
            hubs=Hubs(zones={1: HubWorkers(workers=5)}),
        )
        (term,) = explain_player(table, score_game(table), "yellow")["presence"]
        assert term.ip == half
        assert term.why.endswith(f"rounded {rounding}")


def test_it_explains_loans_and_the_rebellions_credits():
    table = TableState(
        players=(
            PlayerTable("purple", credits=7, loans=(5, 5)),
            PlayerTable("yellow", credits=9),
        ),
        rules=Rules(celestial_rebellion=True),
        megastructure_zone=1,
        ballots=Ballots(spoiled=3),
    )
    score = score_game(table)
    assert score.election.winner == CELESTIAL_REBELLION
    purple = explain_player(table, score, "purple")
    assert purple["credits"] == []
    assert purple["loans"][0].ip == -3
    yellow = explain_player(table, score, "yellow")
    assert yellow["credits"][0].ip == 9
    assert "1 IP each: the Celestial Rebellion is in power" in yellow["credits"][0].why


@PROPERTY_SETTINGS
@given(tables())
def test_the_terms_always_add_up_to_the_figure(table):
    score = score_game(table)
    explained = explain_game(table, score)
    for player in score.players:
        terms = explained[player.corporation]
        assert list(terms) == list(CATEGORIES)
        for category in CATEGORIES:
            assert sum(t.ip for t in terms[category]) == player.ip[category], category
            if player.ip[category] == 0:
                assert terms[category] == []
            for term in terms[category]:
                assert term.ip != 0
                assert not KEY_PATTERN.search(term.why), term.why


@PROPERTY_SETTINGS
@given(tables())
def test_presence_terms_add_up_to_the_presence(table):
    for player in table.players:
        for zone in table.rules.zones_in_play:
            assert sum(t.ip for t in presence_terms(player, zone)) == zone_presence(player, zone)


@PROPERTY_SETTINGS
@given(tables())
def test_tracker_reasons_name_exactly_the_corporations_that_cross(table):
    score = score_game(table)
    reasons = tracker_reasons(table, score)
    assert set(reasons) == set(score.tracker)
    for section, reason in reasons.items():
        assert list(reason.corporations) == score.tracker[section]
        sentence = reason.sentence()
        assert not KEY_PATTERN.search(sentence), sentence


def test_a_tracker_reason_says_who_tied_and_why_nobody_crossed():
    table = TableState(
        players=(
            PlayerTable("purple", mining_tokens=3),
            PlayerTable("teal", mining_tokens=3),
            PlayerTable("yellow", credits=1),
        ),
        megastructure_zone=1,
    )
    reasons = tracker_reasons(table, score_game(table))
    assert reasons["mining"].sentence() == (
        "Purple and Teal: most mining resource tokens left: 3, tied (all tied players cross a box)."
    )
    assert reasons["credits"].sentence() == (
        "Nobody crosses a box: the most credits left after repaying loans was 1, "
        "and it takes at least 2."
    )


def test_the_explain_dict_has_a_key_for_every_category():
    table = contract_table()
    explained = explain_as_dict(table, score_game(table))
    assert list(explained["purple"]) == list(CATEGORIES)
    assert explained["purple"]["mining"] == [{"ip": 4, "why": "2 mining resource tokens × 2 IP"}]


def test_an_award_says_why_it_went_where_it_did():
    awards = [
        {"section": "mining", "tier": "gold", "corporation": "purple", "game": 6},
        {"section": "mining", "tier": "silver", "corporation": "teal", "game": 6},
        {"section": "bases", "tier": "gold", "corporation": "teal", "game": 4},
        {"section": "bases", "tier": "silver", "corporation": "purple", "game": 8},
    ]
    scores = {
        6: {
            "players": [
                {"corporation": "purple", "total": 70, "rank": 1},
                {"corporation": "teal", "total": 64, "rank": 2},
            ]
        }
    }
    assert award_sentence(awards[0], awards, scores) == (
        "Purple completed the section in game 6; Teal completed it in "
        "the same game too, and most IP in that game takes the higher award (Purple 70, Teal 64)."
    )
    assert award_sentence(awards[1], awards, scores) == (
        "Teal completed the section in game 6; Purple completed it in the same game too, and "
        "most IP in that game takes the higher award (Teal 64, Purple 70)."
    )
    assert award_sentence(awards[3], awards, scores) == (
        "Purple completed the section in game 8; Teal had completed it first (in game 4)."
    )
