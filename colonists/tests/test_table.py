"""Scoring the end-state table (OTHER-GAMES §3.3, §3.7): the spec's derived tests first."""

import json

import pytest

from colonists import ColonistsError, canonical_table, score, validate_table
from colonists.tests.factory import one_city, spec_table, two_player_table


def city_value(**city) -> int:
    return score(one_city(**city))["players"][0]["vp"]["cities"][0]


# --- derived tests of §3.4 --------------------------------------------------------------------


def test_it_values_an_uninhabited_city_at_0():
    assert city_value(colonists=None) == 0


def test_it_values_an_inhabited_city_at_1():
    assert city_value(colonists="mechanics") == 1


def test_it_values_an_inhabited_powered_city_at_3_not_1_plus_3():
    # CX-R4: "it has a value of 3 VP" replaces the 1.
    assert city_value(colonists="mechanics", powered=True) == 3


def test_it_values_an_inhabited_metropolis_at_3():
    assert city_value(colonists="mechanics", metropolis=True) == 3


def test_it_values_an_inhabited_powered_metropolis_at_5():
    assert city_value(colonists="mechanics", powered=True, metropolis=True) == 5


def test_it_values_an_uninhabited_metropolis_at_0():
    # CX-R3: "Uninhabited cities have no value" is absolute, powered or not.
    assert city_value(colonists=None, metropolis=True) == 0
    assert city_value(colonists=None, powered=True, metropolis=True) == 0


def test_it_scores_3_plus_3_minus_1_for_the_spec_player_without_categories():
    # Cities [powered, Spice Merchants] and [Metropolis, Corpex], the Mechanics unhoused (no
    # empty city left for them): 3 + 3 − 1 = 5, plus the other categories.
    table = spec_table()
    table["rules"]["categories"] = []
    del table["players"][0]["other"]
    player = score(table)["players"][0]
    assert player["vp"] == {"cities": [3, 3], "unrest": -1}
    assert player["total"] == 5
    assert player["why"]["total"] == "3 + 3 − 1 = 5 VP"


def test_it_gives_the_spec_output_for_the_spec_table():
    result = score(spec_table())
    expected = {
        "players": [
            {
                "name": "caro",
                "vp": {"cities": [3, 3], "unrest": -1, "territories": 6, "omnium": 2},
                "total": 13,
                "rank": 1,
            }
        ],
        "winners": ["caro"],
    }
    assert {
        "players": [{k: p[k] for k in ("name", "vp", "total", "rank")} for p in result["players"]],
        "winners": result["winners"],
    } == expected
    # Keys exactly as printed, in the printed order, before the ones this package adds.
    assert list(result)[:2] == ["players", "winners"]
    assert list(result["players"][0])[:4] == ["name", "vp", "total", "rank"]
    assert list(result["players"][0]["vp"]) == ["cities", "unrest", "territories", "omnium"]


def test_it_explains_every_figure_in_the_rulebook_words():
    why = score(spec_table())["players"][0]["why"]
    assert why == {
        "vp": {
            "cities": [
                "inhabited by the Spice Merchants, connected to a power hub: 3 VP",
                "inhabited by the Corpex: 1 VP, a Metropolis: +2 VP, 3 VP in all",
            ],
            "unrest": "the Mechanics not living in a city: −1 VP (social unrest)",
            "territories": "6 VP, as entered (a base-game source of Victory Points)",
            "omnium": "2 VP, as entered (a base-game source of Victory Points)",
        },
        "total": "3 + 3 − 1 + 6 + 2 = 13 VP",
    }


def test_it_explains_an_uninhabited_metropolis_and_a_powered_metropolis():
    table = one_city(colonists=None, metropolis=True)
    table["players"][0]["cities"].append(
        {"colonists": "adamant_cutters", "powered": True, "metropolis": True}
    )
    cities = score(table)["players"][0]["why"]["vp"]["cities"]
    assert cities == [
        "an uninhabited Metropolis: 0 VP (uninhabited cities have no value)",
        "inhabited by the Adamant Cutters, connected to a power hub: 3 VP, a Metropolis: +2 VP, "
        "5 VP in all",
    ]


def test_it_counts_unrest_for_each_unhoused_group_the_corpex_too():
    # CX:144, CX-R6: the Corpex follow the same unrest rule.
    table = one_city(colonists="mechanics")
    table["players"][0]["unhoused_colonists"] = ["corpex", "fluidum_brewers"]
    player = score(table)["players"][0]
    assert player["vp"]["unrest"] == -2
    assert player["total"] == -1
    assert player["why"]["vp"]["unrest"] == (
        "the Corpex and the Fluidum Brewers not living in a city: −1 VP each, −2 VP in all "
        "(social unrest)"
    )
    assert player["why"]["total"] == "1 − 2 = −1 VP"


def test_it_says_no_unrest_when_every_group_has_a_city():
    player = score(one_city(colonists="mechanics"))["players"][0]
    assert player["vp"]["unrest"] == 0
    assert player["why"]["vp"]["unrest"] == (
        "every group this player contracted lives in a city: no unrest, 0 VP"
    )


def test_it_ranks_by_total_and_names_the_single_winner():
    result = score(two_player_table())
    assert [(p["name"], p["total"], p["rank"]) for p in result["players"]] == [
        ("caro", 13, 1),
        ("ben", 5, 2),
    ]
    assert result["winners"] == ["caro"]
    assert result["why"] == "caro wins with 13 VP"


def test_tied_players_share_the_rank_and_the_win():
    # CX-R5: no tie-breaker in this part: a shared win; ranks 1, 1, 3.
    table = two_player_table()
    table["players"][1]["other"]["territories"] = 12
    table["players"].append({"name": "dan", "other": {"territories": 0, "omnium": 0}})
    result = score(table)
    assert [(p["name"], p["rank"]) for p in result["players"]] == [
        ("caro", 1),
        ("ben", 1),
        ("dan", 3),
    ]
    assert result["winners"] == ["caro", "ben"]
    assert result["why"] == (
        "caro and ben share the win with 13 VP each: the expert rules print no tie-breaker"
    )


def test_it_scores_a_table_in_the_middle_of_the_game_as_a_live_estimate():
    # One path for the final sheet and the estimate: a player with nothing yet is 0 VP.
    result = score({"format": "colonists-expert-table", "players": [{"name": "caro"}]})
    assert result["players"][0]["vp"] == {"cities": [], "unrest": 0}
    assert result["players"][0]["total"] == 0
    assert result["players"][0]["why"]["total"] == "0 VP"


def test_it_warns_of_unhoused_colonists_beside_an_uninhabited_city():
    # CX:93: "As soon as a player constructs a city, his colonists move in".
    table = two_player_table()
    table["players"][1]["unhoused_colonists"] = ["fluidum_brewers"]
    assert score(table)["warnings"] == [
        "ben has 1 uninhabited city and the Fluidum Brewers without a city: colonists move in as "
        "soon as their player has a city (CX:93)"
    ]
    assert score(spec_table())["warnings"] == []


def test_it_takes_negative_and_large_category_values_within_the_bounds():
    table = spec_table()
    table["players"][0]["other"] = {"territories": -99, "omnium": 999}
    assert score(table)["players"][0]["total"] == 3 + 3 - 1 - 99 + 999


# --- canonical form ---------------------------------------------------------------------------


def test_canonical_table_fills_every_default_in_the_documented_order():
    table = {
        "players": [{"cities": [{"colonists": "mechanics"}], "name": "caro"}],
        "format": "colonists-expert-table",
    }
    assert canonical_table(table) == {
        "format": "colonists-expert-table",
        "version": 1,
        "rules": {"condominium_built": False, "categories": []},
        "players": [
            {
                "name": "caro",
                "cities": [{"colonists": "mechanics", "powered": False, "metropolis": False}],
                "unhoused_colonists": [],
                "other": {},
            }
        ],
    }


def test_canonical_table_orders_categories_as_the_rules_list_them():
    table = spec_table()
    table["players"][0]["other"] = {"omnium": 2, "territories": 6}
    assert list(canonical_table(table)["players"][0]["other"]) == ["territories", "omnium"]


def test_export_import_export_is_byte_identical():
    first = json.dumps(canonical_table(two_player_table()), indent=2, ensure_ascii=False)
    second = json.dumps(canonical_table(json.loads(first)), indent=2, ensure_ascii=False)
    assert first == second
    assert json.loads(first) == two_player_table()


def test_canonical_table_refuses_a_bad_table():
    with pytest.raises(ColonistsError):
        canonical_table({"format": "colonists-expert-table"})


# --- every problem at once --------------------------------------------------------------------


def test_validate_table_lists_every_problem_in_reading_order():
    table = spec_table()
    table["version"] = 2
    table["players"][0]["cities"][0]["powered"] = "yes"
    table["players"][0]["other"]["omnium"] = 1000
    assert [str(error) for error in validate_table(table)] == [
        "version: must be 1, the only table version",
        'players[0].cities[0].powered: must be true or false, not the text "yes"',
        "players[0].other.omnium: must be between -99 and 999",
    ]
    assert validate_table(spec_table()) == []
