"""What the rules fix for a game the group enters or corrects (solar175.game_entry)."""

from types import SimpleNamespace as Thing

from solar175.campaign_file import POWER_BONUS_IP, Power
from solar175.game_entry import (
    city_changes_namer,
    debt_boxes_in_play,
    first_game_number,
    first_player,
    free_city_locations,
    free_powers,
    leased_ships_in_play,
    manual_unlock_window,
    megastructure_choices,
    new_switches,
    opening_players,
    power_chooser,
    powers_in_play,
    rules_in_force,
    seat_order,
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


# --- each rule once: what the pages ask instead of deriving it (docs/architecture.md) -----


def test_the_first_player_is_the_last_winner_and_the_order_of_play_starts_there():
    assert first_player("teal") == "teal"
    assert first_player(None) is None
    assert seat_order(["purple", "teal", "yellow"], first_player("teal")) == [
        "teal",
        "yellow",
        "purple",
    ]
    # Not at this table: the campaign's order as it is.
    assert seat_order(["purple", "yellow"], first_player("teal", ["purple", "yellow"])) == [
        "purple",
        "yellow",
    ]


def test_the_last_games_unlocks_are_new_and_none_before_the_first_game():
    unlocked = [(7, 3), (2, 4)]
    assert new_switches(unlocked, 4) == switches_on([2])
    assert new_switches([(1, 0)], 0) == frozenset()


def test_a_section_the_group_unlocks_itself_offers_the_games_since_its_earliest():
    assert manual_unlock_window({"kind": "games_played"}, 9, None) is None
    # #19: "anytime after game 4".
    assert manual_unlock_window({"kind": "manual", "after_game": 4}, 3, None) == (4, [])
    assert manual_unlock_window({"kind": "manual", "after_game": 4}, 6, None) == (4, [4, 5, 6])
    # #30 has no game of its own: after game 1 at the earliest; never before the opening.
    assert manual_unlock_window({"kind": "manual"}, 7, {"after_game": 5}) == (1, [5, 6, 7])


def test_a_city_is_named_where_a_naming_space_is_free_in_a_zone_played():

    mars = Thing(name="Mars", zone=2, naming_spaces=2)
    io = Thing(name="Io", zone=5, naming_spaces=1)
    moon = Thing(name="Moon", zone=1, naming_spaces=1)
    cities = [Thing(location="Moon"), Thing(location="Mars")]
    assert free_city_locations([mars, io, moon], cities, (1, 2)) == [mars]


def test_powers_are_picked_in_the_games_placing_each_once():
    held = {"teal": "extra_ip", "purple": "", "yellow": ""}
    assert power_chooser(["teal", "red", "yellow", "purple"], held) == "yellow"
    assert power_chooser(["teal"], held) is None
    assert free_powers(["extra_ip", "extra_credits"], held.values()) == ["extra_credits"]


def test_the_switches_the_pages_ask_about():
    assert powers_in_play(switches_on([7])) and not powers_in_play(switches_on([8]))
    assert leased_ships_in_play(switches_on([4])) and not leased_ships_in_play(frozenset())
