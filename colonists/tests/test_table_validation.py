"""One failing table per rule of OTHER-GAMES §3.6 (and of the format), with its exact line.

Each case changes the spec's valid table (tests/factory.py) in one place.
"""

from collections.abc import Callable
from typing import Any

import pytest

from colonists import ColonistsError, score
from colonists.tests.factory import spec_table, two_player_table

GROUP_KEYS_TEXT = (
    "adamant_cutters, spice_merchants, crystalin_farmers, fluidum_brewers, koprolith_miners, "
    "mechanics or corpex"
)


def refused(table: Any) -> str:
    with pytest.raises(ColonistsError) as caught:
        score(table)
    return str(caught.value)


def changed(change: Callable[[dict], Any], *, second_player: bool = False) -> dict:
    table = two_player_table() if second_player else spec_table()
    change(table)
    return table


def caro(table: dict) -> dict:
    return table["players"][0]


def ben(table: dict) -> dict:
    return table["players"][1]


# --- §3.6: colonist group keys ----------------------------------------------------------------


def test_it_refuses_an_unknown_group_in_a_city():
    table = changed(lambda t: caro(t)["cities"][0].update(colonists="elves"))
    assert refused(table) == (
        "players[0].cities[0].colonists: must be null (an uninhabited city) or a colonist "
        f"group: {GROUP_KEYS_TEXT}"
    )


def test_it_refuses_an_unknown_unhoused_group():
    table = changed(lambda t: caro(t).update(unhoused_colonists=["Mechanics"]))
    assert refused(table) == (
        f"players[0].unhoused_colonists[0]: must be a colonist group: {GROUP_KEYS_TEXT}"
    )


# --- §3.6: each group at most once over all players (one stone per group) ---------------------


def test_it_refuses_a_group_held_by_two_players():
    table = changed(lambda t: ben(t).update(unhoused_colonists=["mechanics"]), second_player=True)
    assert refused(table) == (
        "players[1].unhoused_colonists[0]: the Mechanics are already at "
        "players[0].unhoused_colonists[0]: each group of colonists has one stone"
    )


def test_it_refuses_a_group_both_housed_and_unhoused():
    table = changed(lambda t: caro(t)["unhoused_colonists"].append("spice_merchants"))
    assert refused(table) == (
        "players[0].unhoused_colonists[1]: the Spice Merchants are already at "
        "players[0].cities[0].colonists: each group of colonists has one stone"
    )


def test_it_refuses_a_group_living_in_two_cities():
    table = changed(lambda t: ben(t)["cities"][0].update(colonists="corpex"), second_player=True)
    assert refused(table) == (
        "players[1].cities[0].colonists: the Corpex are already at "
        "players[0].cities[1].colonists: each group of colonists has one stone"
    )


# --- §3.6: the Corpex only with the Condominium built (CX:71, CX:15) --------------------------


def test_it_refuses_the_corpex_without_the_condominium():
    table = changed(lambda t: t["rules"].update(condominium_built=False))
    assert refused(table) == (
        "players[0].cities[1].colonists: the Corpex enter the game only when a player builds "
        "the Condominium, and rules.condominium_built is false"
    )


def test_condominium_built_defaults_to_false():
    table = changed(lambda t: t["rules"].pop("condominium_built"))
    assert refused(table).startswith("players[0].cities[1].colonists: the Corpex enter the game")


# --- §3.6: never the Koprolith Miners and the Spice Merchants with one player (CX:138) --------


def test_it_refuses_koprolith_miners_and_spice_merchants_with_one_player():
    table = changed(lambda t: caro(t)["unhoused_colonists"].append("koprolith_miners"))
    assert refused(table) == (
        "players[0].unhoused_colonists[1]: a player never has both the Koprolith Miners and the "
        "Spice Merchants (players[0].cities[0].colonists): the two groups refuse to cooperate"
    )


def test_it_lets_two_players_hold_one_rival_each():
    table = changed(
        lambda t: ben(t).update(unhoused_colonists=["koprolith_miners"]), second_player=True
    )
    assert score(table)["players"][1]["vp"]["unrest"] == -1


# --- §3.6: one group per city (CX:93) ---------------------------------------------------------


def test_it_refuses_two_groups_in_one_city():
    table = changed(
        lambda t: caro(t)["cities"][0].update(colonists=["spice_merchants", "fluidum_brewers"])
    )
    assert refused(table) == (
        "players[0].cities[0].colonists: must be null or one colonist group: each city offers "
        "space for one group of colonists only"
    )


# --- §3.6: the sanity bounds ------------------------------------------------------------------


def test_it_refuses_more_than_30_cities():
    table = changed(lambda t: caro(t).update(cities=[{"colonists": None}] * 31))
    assert refused(table) == "players[0].cities: must list at most 30 cities, not 31"


def test_it_takes_30_cities():
    table = changed(lambda t: caro(t).update(cities=[{"colonists": None}] * 30))
    assert score(table)["players"][0]["vp"]["cities"] == [0] * 30


def test_it_refuses_a_category_value_below_minus_99():
    table = changed(lambda t: caro(t)["other"].update(territories=-100))
    assert refused(table) == "players[0].other.territories: must be between -99 and 999"


def test_it_refuses_a_category_value_above_999():
    table = changed(lambda t: caro(t)["other"].update(omnium=1000))
    assert refused(table) == "players[0].other.omnium: must be between -99 and 999"


def test_it_refuses_no_player():
    assert refused(changed(lambda t: t.update(players=[]))) == (
        "players: must list between 1 and 8 players"
    )


def test_it_refuses_more_than_8_players():
    players = [{"name": f"p{i}", "other": {"territories": 0, "omnium": 0}} for i in range(9)]
    assert refused(changed(lambda t: t.update(players=players))) == (
        "players: must list between 1 and 8 players"
    )


def test_it_refuses_more_than_20_categories():
    table = changed(lambda t: t["rules"].update(categories=[f"c{i}" for i in range(21)]))
    assert refused(table) == "rules.categories: must list at most 20 categories, not 21"


# --- §3.6 / §3.7: every player gives each named category and no other -------------------------


def test_it_refuses_a_player_without_other_when_there_are_categories():
    table = changed(lambda t: ben(t).pop("other"), second_player=True)
    assert refused(table) == (
        "players[1].other: is missing: every player gives each category of rules.categories "
        "(territories, omnium)"
    )


def test_it_refuses_a_missing_category():
    table = changed(lambda t: caro(t)["other"].pop("omnium"))
    assert refused(table) == (
        "players[0].other.omnium: is missing: every player gives each category of rules.categories"
    )


def test_it_refuses_a_category_the_rules_do_not_name():
    table = changed(lambda t: caro(t)["other"].update(bonus=3))
    assert refused(table) == (
        "players[0].other.bonus: is not a category of rules.categories; allowed: territories, "
        "omnium"
    )


def test_it_refuses_any_category_when_the_rules_name_none():
    table = changed(lambda t: t["rules"].update(categories=[]))
    assert refused(table) == (
        "players[0].other.territories: is not a category of rules.categories; rules.categories "
        "names none"
    )


def test_it_refuses_a_category_value_that_is_not_a_whole_number():
    table = changed(lambda t: caro(t)["other"].update(omnium=2.0))
    assert refused(table) == "players[0].other.omnium: must be a whole number, not 2.0"


def test_it_refuses_true_as_a_category_value():
    table = changed(lambda t: caro(t)["other"].update(omnium=True))
    assert refused(table) == "players[0].other.omnium: must be a whole number, not true"


# --- §3.6: category names non-empty, unique, of a sane length ---------------------------------


def test_it_refuses_an_empty_category_name():
    table = changed(lambda t: t["rules"]["categories"].append("  "))
    assert refused(table) == "rules.categories[2]: must not be empty: give a category name"


def test_it_refuses_a_repeated_category_name():
    table = changed(lambda t: t["rules"]["categories"].append("Omnium "))
    assert refused(table) == (
        "rules.categories[2]: repeats rules.categories[1]; give each category once"
    )


def test_it_refuses_a_category_name_over_40_characters():
    table = changed(lambda t: t["rules"]["categories"].append("x" * 41))
    assert refused(table) == "rules.categories[2]: must be at most 40 characters long"


def test_it_refuses_a_category_name_that_is_not_text():
    table = changed(lambda t: t["rules"]["categories"].append(3))
    assert refused(table) == "rules.categories[2]: must be a category name (a text), not 3"


def test_it_refuses_a_category_named_after_a_computed_figure():
    table = changed(lambda t: t["rules"]["categories"].append("Unrest"))
    assert refused(table) == (
        "rules.categories[2]: must not be cities or unrest: the sheet computes those figures itself"
    )


def test_it_refuses_a_category_name_with_a_line_break():
    table = changed(lambda t: t["rules"]["categories"].append("a\nb"))
    assert refused(table) == (
        "rules.categories[2]: must be plain text on one line (no tabs or line breaks)"
    )


# --- the format's own rules (CONTRACTS.md §0) -------------------------------------------------


def test_it_refuses_a_table_that_is_not_an_object():
    assert refused([]) == "table: must be an object, not a list"


def test_it_refuses_an_unknown_top_level_key():
    assert refused(changed(lambda t: t.update(cards=[]))) == (
        "cards: is not a table key; allowed: format, version, rules, players"
    )


def test_it_refuses_a_table_without_format():
    assert refused(changed(lambda t: t.pop("format"))) == (
        'format: is missing; a colonist game table gives "colonists-expert-table"'
    )


def test_it_refuses_another_game_format():
    assert refused(changed(lambda t: t.update(format="solar175-table"))) == (
        'format: must be "colonists-expert-table", not the text "solar175-table"'
    )


def test_it_refuses_another_version():
    assert refused(changed(lambda t: t.update(version=1.0))) == (
        "version: must be 1, the only table version"
    )


def test_it_refuses_an_unknown_rules_key():
    assert refused(changed(lambda t: t["rules"].update(expert=True))) == (
        "rules.expert: is not a rules key; allowed: condominium_built, categories"
    )


def test_it_refuses_a_condominium_flag_that_is_not_true_or_false():
    assert refused(changed(lambda t: t["rules"].update(condominium_built=1))) == (
        "rules.condominium_built: must be true or false, not 1"
    )


def test_it_refuses_a_table_without_players():
    assert refused(changed(lambda t: t.pop("players"))) == "players: is required"


def test_it_refuses_an_unknown_player_key():
    assert refused(changed(lambda t: caro(t).update(score=3))) == (
        "players[0].score: is not a player key; allowed: name, cities, unhoused_colonists, other"
    )


def test_it_refuses_a_player_without_a_name():
    assert refused(changed(lambda t: caro(t).pop("name"))) == "players[0].name: is required"


def test_it_refuses_an_empty_player_name():
    assert refused(changed(lambda t: caro(t).update(name=""))) == (
        "players[0].name: must not be empty: give a player name"
    )


def test_it_refuses_two_players_of_one_name():
    table = changed(lambda t: ben(t).update(name="Caro"), second_player=True)
    assert refused(table) == (
        "players[1].name: repeats the name of players[0]; give each player a different name"
    )


def test_it_refuses_an_unknown_city_key():
    table = changed(lambda t: caro(t)["cities"][0].update(energy=True))
    assert refused(table) == (
        "players[0].cities[0].energy: is not a city key; allowed: colonists, powered, metropolis"
    )


def test_it_refuses_a_powered_flag_that_is_not_true_or_false():
    table = changed(lambda t: caro(t)["cities"][0].update(powered=None))
    assert refused(table) == "players[0].cities[0].powered: must be true or false, not null"


def test_it_refuses_a_metropolis_flag_that_is_not_true_or_false():
    table = changed(lambda t: caro(t)["cities"][1].update(metropolis="no"))
    assert refused(table) == (
        'players[0].cities[1].metropolis: must be true or false, not the text "no"'
    )


def test_it_refuses_cities_that_are_not_a_list():
    assert refused(changed(lambda t: caro(t).update(cities={}))) == (
        "players[0].cities: must be a list, not an object"
    )


def test_it_refuses_more_unhoused_groups_than_there_are_groups():
    table = changed(lambda t: caro(t).update(unhoused_colonists=["mechanics"] * 8))
    assert refused(table) == "players[0].unhoused_colonists: must list at most 7 groups, not 8"
