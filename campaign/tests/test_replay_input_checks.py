"""The replay's input checks that the import used to make alone, and the megastructure zone a
table states (docs/campaign-file.md): the pure `replay` refuses what the database could not hold."""

import json

import pytest
from django.core.management import CommandError, call_command

from benchmarks.samples import leader_table, make_campaign, make_game
from campaign.models import Campaign, Corporation, Game
from gamefile.fields import DATE_SENTENCE
from gamefile.limits import SANITY_SENTENCE
from scoring.models import Megastructure
from solar175 import campaign_file
from solar175.campaign_file import CampaignError, validate_campaign
from solar175.catalogue import Catalogue
from solar175.tests.replayed import refused, replay

CATALOGUE = Catalogue.from_fixture()


def two_games() -> dict:
    tables = [leader_table("purple", "yellow"), leader_table("yellow", "purple")]
    data = make_campaign(corporations=2, tables=tables)
    data["games"][0]["named_city"] = {"location": "Mars", "name": "New Caro"}
    return data


def zones(data) -> list:
    return [g["megastructure_zone"] for g in replay(data, CATALOGUE)["games"]]


# --- the megastructure zone a table states ---------------------------------------------


def test_a_table_stating_another_zone_than_the_location_is_that_games_fact():
    # docs/campaign-file.md: a zone the group stated for a game (in its table, or as its own
    # megastructure_zone) is that game's fact and wins; the location's zone is the default.
    # So a later correction of the box can never make this game contradict it.
    data = two_games()
    # Game 2 builds the sky hooks throughout zone 3, on Titan: zone 3.
    data["games"][1]["table"]["megastructure_zone"] = 2
    assert zones(data) == [1, 2]
    state = replay(data, CATALOGUE)
    assert [g["megastructure_zone_stated"] for g in state["games"]] == [False, True]


def test_a_table_stating_the_location_zone_is_accepted():
    data = two_games()
    data["games"][1]["table"]["megastructure_zone"] = 3
    assert zones(data) == [1, 3]


def test_the_game_zone_wins_over_the_location_and_the_table_must_agree_with_it():
    data = two_games()
    data["games"][1]["megastructure_zone"] = 2
    data["games"][1]["table"]["megastructure_zone"] = 2
    assert zones(data) == [1, 2]
    data["games"][1]["table"]["megastructure_zone"] = 3  # the location's, not the game's
    with pytest.raises(CampaignError) as caught:
        replay(data, CATALOGUE)
    assert caught.value == CampaignError(
        "games[1].table.megastructure_zone",
        "must agree with games[1].megastructure_zone, which is 2",
    )


def test_a_table_states_the_zone_of_a_megastructure_the_catalogue_places_nowhere():
    assert CATALOGUE.zone_of("the-kraken") is None
    data = two_games()
    data["games"][1]["megastructure"] = "the-kraken"
    # Every game has its token on the board (RULES-NOTES §6): a file of an earlier release
    # that leaves the zone out is read as that release scored it, with no zone and a warning.
    state = replay(data, CATALOGUE)
    assert state["games"][1]["megastructure_zone"] is None
    # (and built out of order: game 2 builds a fixed Type I)
    assert [w["path"] for w in state["warnings"]] == [
        "games[1].megastructure",
        "games[1].megastructure_zone",
    ]
    data["games"][1]["table"]["megastructure_zone"] = 2
    assert zones(data) == [1, 2]


def test_a_stated_table_zone_moves_the_presence_bonus_where_the_group_says():
    table = {
        "players": [
            {"corporation": "purple", "outposts": {"1": 1}},
            {"corporation": "yellow", "outposts": {"2": 1}},
        ],
        "hubs": {},
        "ballots": {},
    }
    data = make_campaign(corporations=2, tables=[table])
    earth = replay(data, CATALOGUE)["games"][0]["score"]["players"]
    # Empty HUBs: presence scores only the +5 of the megastructure's zone (Earth's 1).
    assert {p["corporation"]: p["ip"]["presence"] for p in earth} == {"purple": 5, "yellow": 0}
    data["games"][0]["table"]["megastructure_zone"] = 2
    stated = replay(data, CATALOGUE)["games"][0]["score"]["players"]
    assert {p["corporation"]: p["ip"]["presence"] for p in stated} == {"purple": 0, "yellow": 5}
    # A zone not in play is refused with a sentence, not scored as no bonus.
    data["games"][0]["table"]["megastructure_zone"] = 3
    error = refused_by_replay(data)
    assert error.path == "games[0].table.megastructure_zone"


def refused_by_replay(data) -> CampaignError:
    with pytest.raises(CampaignError) as caught:
        replay(data, CATALOGUE)
    return caught.value


# --- dates -------------------------------------------------------------------------------


@pytest.mark.parametrize("date", ["2026-02-30", "2026-13-01", "0000-01-01", "2025-02-29"])
def test_a_date_not_on_the_calendar_is_refused(date):
    data = two_games()
    data["games"][1]["played_on"] = date
    assert refused(data) == CampaignError("games[1].played_on", DATE_SENTENCE)


@pytest.mark.parametrize("date", ["2026-01-05\n", "٢٠٢٦-٠١-٠٥", "2026-1-5", " 2026-01-05"])
def test_a_date_not_written_yyyy_mm_dd_in_ascii_digits_is_refused(date):
    data = two_games()
    data["games"][0]["played_on"] = date
    assert refused(data) == CampaignError("games[0].played_on", DATE_SENTENCE)


def test_a_leap_day_is_a_date():
    data = two_games()
    data["games"][1]["played_on"] = "2028-02-29"
    validate_campaign(data, CATALOGUE)


# --- text the database holds -------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "limit"),
    [
        (lambda d: (d, "name"), 100),
        (lambda d: (d["corporations"][1], "name"), 60),
        (lambda d: (d["corporations"][0], "player"), 60),
        (lambda d: (d["games"][0]["named_city"], "location"), 60),
        (lambda d: (d["games"][0]["named_city"], "name"), 60),
    ],
    ids=["name", "corporation name", "player", "city location", "city name"],
)
def test_text_longer_than_its_column_is_refused_at_its_path(where, limit):
    data = two_games()
    holder, key = where(data)
    holder[key] = "é" * limit
    validate_campaign(data, CATALOGUE)
    holder[key] = "é" * (limit + 1)
    error = refused(data)
    assert error.message == f"must be at most {limit} characters long"
    assert error.path.endswith(key)


def test_a_corporation_key_longer_than_30_is_refused():
    key = "k" * 31
    data = make_campaign(corporations=[key, "yellow"], tables=[leader_table(key, "yellow")])
    assert refused(data) == CampaignError(
        "corporations[0].key", "must be at most 30 characters long"
    )


@pytest.mark.parametrize("key", ["purple\n", "pur ple", "pürple", "purple/1"])
def test_a_corporation_key_must_be_usable_in_an_address(key):
    data = make_campaign(corporations=[key, "yellow"], tables=[leader_table(key, "yellow")])
    assert refused(data) == CampaignError(
        "corporations[0].key", "must be letters, digits, - or _ (such as purple)"
    )


@pytest.mark.parametrize(
    ("text", "words"), [("Nul\x00l", "NUL character"), ("Sur\ud800", "lone surrogate (U+D800)")]
)
def test_text_no_database_stores_is_refused(text, words):
    data = two_games()
    data["games"][0]["named_city"]["name"] = text
    error = refused(data)
    assert error.path == "games[0].named_city.name"
    assert words in error.message
    data = two_games()
    data["games"][0]["notes"] = text
    assert refused(data).path == "games[0].notes"


def test_a_game_number_beyond_the_sanity_bound_is_refused():
    """The column holds 32,767; the sanity bound (gamefile.limits) stops well before."""
    data = two_games()
    data["opening"] = {"after_game": 40000, "incumbent_party": "united_federalists"}
    assert refused(data) == CampaignError("opening.after_game", SANITY_SENTENCE)
    data["opening"]["after_game"] = 998
    data["games"] = [make_game(1000, leader_table("purple", "yellow"), megastructure=None)]
    assert refused(data) == CampaignError("games[0].number", SANITY_SENTENCE)
    assert (
        SANITY_SENTENCE
        == "must be at most 999 (no count in a game of Solar 175 comes near a thousand)"
    )


def test_the_limits_are_the_models_column_sizes():
    assert campaign_file.CAMPAIGN_NAME_MAX_LENGTH == Campaign._meta.get_field("name").max_length
    fields = {
        campaign_file.CORPORATION_KEY_MAX_LENGTH: Corporation._meta.get_field("key"),
        campaign_file.CORPORATION_NAME_MAX_LENGTH: Corporation._meta.get_field("name"),
        campaign_file.PLAYER_NAME_MAX_LENGTH: Corporation._meta.get_field("player"),
        campaign_file.CITY_LOCATION_MAX_LENGTH: Game._meta.get_field("city_location"),
        campaign_file.CITY_NAME_MAX_LENGTH: Game._meta.get_field("city_name"),
    }
    for limit, field in fields.items():
        assert limit == field.max_length, field
    # A catalogue key always fits the game's column; a power key, the corporation's.
    megastructure_key = Megastructure._meta.get_field("key").max_length
    assert megastructure_key <= Game._meta.get_field("megastructure").max_length
    power = Corporation._meta.get_field("power").max_length
    assert max(len(p) for p in campaign_file.POWERS) <= power
    # PositiveSmallIntegerField's largest value on every backend Django supports.
    assert campaign_file.MAX_GAME_NUMBER == 32767


# --- optional keys: absent or null, never another type -----------------------------------


@pytest.mark.parametrize(
    ("key", "value", "path"),
    [
        ("settings", [], "settings"),
        ("settings", False, "settings"),
        ("manual_unlocks", 0, "manual_unlocks"),
        ("manual_unlocks", {}, "manual_unlocks"),
        ("powers", [], "powers"),
        ("powers", "", "powers"),
    ],
)
def test_an_optional_key_of_the_wrong_type_is_refused(key, value, path):
    data = two_games()
    data[key] = value
    assert refused(data).path == path
    data[key] = None
    validate_campaign(data, CATALOGUE)


def test_debt_marks_of_the_wrong_type_are_refused():
    data = two_games()
    data["games"][0]["debt_marks"] = False
    assert refused(data).path == "games[0].debt_marks"


# --- the opening, stored as given ----------------------------------------------------------


def opening(**extra) -> dict:
    data = two_games()
    data["opening"] = {"after_game": 2, "incumbent_party": "united_federalists", **extra}
    data["games"] = [make_game(3, leader_table("purple", "yellow"))]
    return data


def test_an_opening_of_plain_json_is_accepted_with_what_the_replay_ignores():
    data = opening(standings=[{"corporation": "purple", "points": 1.5, "note": None}])
    assert replay(data, CATALOGUE)["games_played"] == 3


@pytest.mark.parametrize(
    ("ignored", "path", "words"),
    [
        ({"a": float("nan")}, "opening.standings.a", "finite"),
        ([float("inf")], "opening.standings[0]", "finite"),
        ([2**64], "opening.standings[0]", "between"),
        ({"x\x00": 1}, "opening.standings.x\\u0000", "NUL"),
        (["\udfff"], "opening.standings[0]", "surrogate"),
    ],
)
def test_an_opening_no_database_stores_is_refused(ignored, path, words):
    error = refused(opening(standings=ignored))
    assert error.path == path
    assert words in error.message


def test_an_opening_nested_too_deep_is_refused_without_exhausting_the_stack():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    error = refused(opening(progress=deep))
    assert error.message == "nests more than 32 levels deep"
    assert error.path.startswith("opening.progress[0][0]")


# --- the `replay` command refuses them too -------------------------------------------------


def test_the_replay_command_exits_2_on_an_impossible_date(tmp_path):
    data = two_games()
    data["games"][1]["played_on"] = "2026-02-30"
    path = tmp_path / "campaign.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        call_command("replay", str(path))
    assert caught.value.returncode == 2
    assert str(caught.value) == f"games[1].played_on: {DATE_SENTENCE}"
