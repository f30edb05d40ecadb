"""What the rules fix for a game the group enters or corrects (solar175.game_entry)."""

from solar175.campaign_file import POWER_BONUS_IP, Power
from solar175.game_entry import (
    city_changes_namer,
    debt_boxes_in_play,
    first_game_number,
    first_player,
    megastructure_choices,
    opening_players,
    rules_in_force,
    sections_open_at,
    stated_zone,
)
from solar175.sections import Switch, switches_on


def test_the_log_starts_after_the_opening_snapshot():
    assert first_game_number(None) == 1
    assert first_game_number({}) == 1
    assert first_game_number({"after_game": 6}) == 7
    # An older snapshot states how many games were played instead.
    assert first_game_number({"games_played": 4}) == 5
    assert first_game_number({"after_game": 6, "games_played": 4}) == 7


def test_a_game_sees_the_sections_unlocked_before_it_and_the_next_game_every_one():
    unlocked = [(1, 0), (3, 2), (7, 4)]
    assert sections_open_at(unlocked, 1) == [1]
    assert sections_open_at(unlocked, 3) == [1, 3]
    assert sections_open_at(unlocked, 4) == [1, 3]
    assert sections_open_at(unlocked, 5) == [1, 3, 7]
    assert sections_open_at(iter(unlocked), None) == [1, 3, 7]


def test_the_debt_boxes_come_with_section_8s_tracker_cards():
    assert debt_boxes_in_play([Switch.NEW_TRACKER_CARDS])
    assert not debt_boxes_in_play([])
    assert debt_boxes_in_play(switches_on([8])) and not debt_boxes_in_play(switches_on([1, 7]))


def test_a_correction_keeps_the_megastructure_it_records():
    assert megastructure_choices(["ring", "sail"]) == ["ring", "sail"]
    assert megastructure_choices(["ring"], "sail") == ["ring", "sail"]
    assert megastructure_choices(["ring", "sail"], "sail") == ["ring", "sail"]
    assert megastructure_choices((), "") == []


def test_the_replays_rules_win_and_the_house_rules_fill_in():
    derived = {"zones": [1, 2], "second_place_rounding": "up"}
    house = {"second_place_rounding": "down", "other": "x"}
    merged = rules_in_force(derived, house)
    assert merged == {"zones": [1, 2], "second_place_rounding": "up", "other": "x"}
    assert list(merged) == ["zones", "second_place_rounding", "other"]
    assert derived == {"zones": [1, 2], "second_place_rounding": "up"}  # not changed


def test_a_new_game_counts_the_extra_ip_power_for_its_holder():
    powers = {"teal": Power.EXTRA_IP, "purple": None}
    assert opening_players(["purple", "teal", "yellow"], powers) == [
        {"corporation": "purple", "bonus_ip": 0},
        {"corporation": "teal", "bonus_ip": POWER_BONUS_IP},
        {"corporation": "yellow", "bonus_ip": 0},
    ]


def test_a_stated_zone_is_the_games_own_or_its_tables():
    assert stated_zone(3, {"megastructure_zone": 4}) == 3
    assert stated_zone(None, {"megastructure_zone": 4}) == 4
    assert stated_zone(None, None) is None
    assert stated_zone(None, {"megastructure_zone": True}) is None
    assert stated_zone(None, {"megastructure_zone": "4"}) is None


def test_the_last_winner_takes_the_first_player_token_when_at_the_table():
    assert first_player("teal", ["purple", "teal"]) == "teal"
    assert first_player("yellow", ["purple", "teal"]) is None
    assert first_player(None, iter(["purple"])) is None


def test_a_city_is_asked_about_when_its_namer_no_longer_wins():
    assert city_changes_namer("teal", "purple")
    assert not city_changes_namer("teal", "teal")
    assert not city_changes_namer(None, "teal") and not city_changes_namer("", "teal")
