"""`validate_campaign`: every structural problem of a campaign file, named by its path."""

import pytest

from benchmarks.samples import leader_table, make_campaign, make_player, make_table
from solar175.campaign_file import POWERS, CampaignError, parse_campaign, validate_campaign
from solar175.catalogue import Catalogue
from solar175.tests.replayed import refused, replay

CATALOGUE = Catalogue.from_fixture()


def good() -> dict:
    return make_campaign(6, corporations=3)


def test_a_good_file_passes():
    validate_campaign(good(), CATALOGUE)
    parsed = parse_campaign(good(), CATALOGUE)
    assert [g.number for g in parsed.games] == [1, 2, 3, 4, 5, 6]
    assert parsed.first_game == 1


def test_the_contract_example_file_passes_structurally():
    data = {
        "format": "solar175-campaign",
        "version": 1,
        "name": "Thursday group",
        "settings": {"second_place_rounding": "down"},
        "corporations": [
            {"key": "purple", "name": "Purple corporation", "player": "Caro", "ai": False},
            {"key": "yellow", "name": "Yellow corporation", "player": "Ali", "ai": False},
        ],
        "opening": None,
        "games": [
            {
                "number": 1,
                "played_on": "2026-01-05",
                "megastructure": "skyhooks-zones-1-2",
                "table": {
                    "players": [make_player("purple", credits=12), make_player("yellow")],
                    "hubs": {},
                    "ballots": {},
                },
                "neds_sold_out": False,
                "census_completed": False,
                "megastructure_repairs_completed": False,
                "named_city": {"location": "Mars", "name": "New Caro"},
                "debt_marks": [{"corporation": "purple", "points": 2}],
            }
        ],
        "manual_unlocks": [{"section": 19, "after_game": 5}],
        "powers": {"purple": "extra-ip"},
    }
    validate_campaign(data, CATALOGUE)
    state = replay(data, CATALOGUE)
    assert state["cities"] == [
        {"game": 1, "location": "Mars", "name": "New Caro", "corporation": "purple"}
    ]
    assert state["debt"] == {"purple": 2, "yellow": 0}


def change(data: dict, path: str, value) -> dict:
    target = data
    *parents, last = path.split(".")
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    if last.isdigit():
        target[int(last)] = value
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "error_path", "words"),
    [
        ("format", "solar175-table", "format", "must be"),
        ("version", 2, "version", "must be 1"),
        ("name", "", "name", "must not be empty"),
        (
            "settings",
            {"second_place_rounding": "sideways"},
            "settings.second_place_rounding",
            "must be one of down, up",
        ),
        (
            "settings",
            {"campaign_tie_break": "coin"},
            "settings.campaign_tie_break",
            "must be one of awards, shared",
        ),
        ("corporations.1.key", "purple", "corporations[1].key", 'repeats "purple"'),
        ("corporations.0.ai", "no", "corporations[0].ai", "true or false"),
        ("games.2.number", 5, "games[2].number", "must be 3"),
        ("games.1.number", "2", "games[1].number", "whole number"),
        ("games.0.played_on", "5 Jan", "games[0].played_on", "YYYY-MM-DD"),
        ("games.0.megastructure", "death-star", "games[0].megastructure", "not a megastructure"),
        ("games.0.megastructure_zone", 7, "games[0].megastructure_zone", "between 1 and 6"),
        ("games.0.neds_sold_out", 1, "games[0].neds_sold_out", "true or false"),
        ("games.0.named_city", {"location": "Mars"}, "games[0].named_city.name", "required"),
        (
            "games.0.debt_marks",
            [{"corporation": "pink", "points": 1}],
            "games[0].debt_marks[0].corporation",
            "corporation of this campaign",
        ),
        (
            "games.0.debt_marks",
            [{"corporation": "teal", "points": -1}],
            "games[0].debt_marks[0].points",
            "0 or more",
        ),
        (
            "games.0.table.players.0.corporation",
            "pink",
            "games[0].table.players[0].corporation",
            "corporation of this campaign",
        ),
        (
            "games.0.table.players.0.credits",
            30,
            "games[0].table.players[0].credits",
            "between 0 and 29",
        ),
        ("games.0.colour", "red", "games[0].colour", "not a known key"),
        (
            "manual_unlocks",
            [{"section": 34, "after_game": 5}],
            "manual_unlocks[0].section",
            "between 1 and 33",
        ),
        (
            "manual_unlocks",
            [{"section": 19, "after_game": 5}, {"section": 19, "after_game": 6}],
            "manual_unlocks[1].section",
            "repeats section #19",
        ),
        ("powers", {"purple": "laser-eyes"}, "powers.purple", "must be one of"),
        ("powers", {"pink": "extra-ip"}, "powers.pink", "corporation of this campaign"),
        (
            "powers",
            {"purple": "extra-ip", "teal": "extra-ip"},
            "powers.teal",
            "each power is unique",
        ),
        ("opening", {"after_game": 2}, "opening.incumbent_party", "required"),
    ],
)
def test_bad_input_is_refused_with_its_path(path, value, error_path, words):
    error = refused(change(good(), path, value))
    assert error.path == error_path
    assert words in error.message


def test_six_players_at_one_table_are_refused():
    data = make_campaign(corporations=5, tables=[make_table("purple", "yellow")])
    data["games"][0]["table"]["players"] = [
        make_player(c) for c in ("purple", "yellow", "teal", "orange", "fifth", "purple")
    ]
    error = refused(data)
    assert error.path == "games[0].table.players"
    assert "2 to 5 players" in error.message


def test_six_corporations_are_refused():
    data = make_campaign(corporations=5, tables=[])
    data["corporations"].append({"key": "pink", "name": "Pink"})
    assert refused(data).path == "corporations"


def test_every_power_key_of_the_contract_is_known():
    assert POWERS == (
        "extra-ip",
        "extra-credits",
        "both-political-cards",
        "free-megastructure-token",
        "extra-vote",
        "cheaper-bases",
    )


def opening(**state) -> dict:
    data = {
        "after_game": 4,
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


@pytest.mark.parametrize(
    ("state", "error_path", "words"),
    [
        (
            {"awards": [{"section": "presence_9", "tier": "gold", "corporation": "purple"}]},
            "opening.awards[0].section",
            "must be a tracker section",
        ),
        (
            {"awards": [{"section": "credits", "tier": "platinum", "corporation": "purple"}]},
            "opening.awards[0].tier",
            '"gold" or "silver"',
        ),
        (
            {"awards": [{"section": "credits", "tier": "gold", "corporation": "purple"}]},
            "opening.awards[0]",
            "purple has 0 of 8 credits boxes in opening.tracker",
        ),
        (
            {
                "tracker": {"purple": {"credits": 8}},
                "awards": [{"section": "credits", "tier": "silver", "corporation": "purple"}],
            },
            "opening.awards[0]",
            "needs its gold won first",
        ),
        (
            {"tracker": {"purple": {"credits": 9}}},
            "opening.tracker.purple.credits",
            "between 0 and 8",
        ),
        ({"tracker": {"purple": {"luck": 1}}}, "opening.tracker.purple.luck", "tracker section"),
        ({"tracker": {"pink": {}}}, "opening.tracker.pink", "corporation of this campaign"),
        ({"election_wins": {"pirates": 2}}, "opening.election_wins.pirates", "not a known key"),
        (
            {"unlocked_sections": [{"section": 40, "game": 1}]},
            "opening.unlocked_sections[0].section",
            "between 1 and 33",
        ),
        ({"unlocked_sections": [1, 1]}, "opening.unlocked_sections[1]", "repeats section #1"),
        (
            {"megastructures_built": [{"game": 1, "megastructure": "moon-base"}]},
            "opening.megastructures_built[0].megastructure",
            "not a megastructure",
        ),
        ({"incumbent_party": "celestial_rebellion"}, "opening.incumbent_party", "section #12"),
        ({"overthrows": 2}, "opening.overthrows", "at most"),
        ({"after_game": 0}, "opening.after_game", "1 or more"),
        ({"mood": "tense"}, "opening.mood", "not a known key"),
    ],
)
def test_a_bad_opening_is_refused_with_its_path(state, error_path, words):
    data = make_campaign(corporations=3, opening=opening(), tables=[])
    data["opening"].update(state)
    error = refused(data)
    assert error.path == error_path
    assert words in error.message


def test_an_opening_without_tables_needs_games_numbered_after_it():
    data = make_campaign(
        corporations=2, opening=opening(after_game=4), tables=[leader_table("purple", "yellow")]
    )
    validate_campaign(data, CATALOGUE)
    assert data["games"][0]["number"] == 5


def test_the_table_checks_run_before_the_replay():
    data = good()
    data["games"][3]["table"]["hubs"]["hensler"]["workers"] = -1
    error = refused(data)
    assert error.path == "games[3].table.hubs.hensler.workers"


def five_games() -> dict:
    tables = [leader_table("purple", "yellow") for _ in range(5)]
    return make_campaign(corporations=("purple", "yellow"), tables=tables)


def give(data: dict, game: int, **fields) -> dict:
    data["games"][game - 1]["table"]["players"][0].update(fields)
    return data


def replay_error(data: dict) -> CampaignError:
    validate_campaign(data, CATALOGUE)  # structurally fine: the rules in force refuse it
    with pytest.raises(CampaignError) as caught:
        replay(data, CATALOGUE)
    return caught.value


def test_loans_before_section_15_are_refused():
    error = replay_error(give(five_games(), 2, loans=[3]))
    assert error.path == "games[1].table.players[0].loans"
    assert error.message == (
        "must be empty in game 2: loans come with section #15 (Yurushi Bank Loans), not unlocked"
    )
    data = give(five_games(), 2, loans=[3])
    data["manual_unlocks"] = [{"section": 15, "after_game": 1}]
    assert replay(data, CATALOGUE)["games"][1]["score"]["players"][0]["ip"]["loans"] == 0


def test_political_influence_before_section_6_is_refused():
    error = replay_error(give(five_games(), 3, political_influence_ip=5))
    assert error.path == "games[2].table.players[0].political_influence_ip"
    state = replay(give(five_games(), 4, political_influence_ip=5), CATALOGUE)
    assert state["games"][3]["score"]["players"][0]["ip"]["political_influence"] == 5


def test_an_extra_vote_needs_section_7_and_that_power():
    error = replay_error(give(five_games(), 4, extra_vote="workers_union"))
    assert error.path == "games[3].table.players[0].extra_vote"
    assert "section #7" in error.message

    data = give(five_games(), 5, extra_vote="workers_union")
    data["powers"] = {"purple": "extra-ip"}
    error = replay_error(data)
    assert error.message == 'must be null: purple\'s power is "extra-ip", not "extra-vote"'

    data["powers"] = {"purple": "extra-vote"}
    state = replay(data, CATALOGUE)
    assert state["elections"][4]["winner"] == "workers_union"
