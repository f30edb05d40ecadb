"""One failing table per bound of OTHER-GAMES.md §2.8, with the exact error line."""

import copy

import pytest

from startropolis import StartropolisError, score, validate_table

CORE_SIX = ["basic_habitation", "solar", "supply", "market_center", "luxury_habitation", "civic"]


def good_table(players: int = 3) -> dict:
    return {
        "format": "startropolis-table",
        "version": 1,
        "rules": {"players": players, "modules_in_play": list(CORE_SIX), "missions": True},
        "players": [
            {"faction": f"faction-{i}", "credits": 30 + i, "revenue": 10, "modules": []}
            for i in range(players)
        ],
    }


def error_of(table: dict) -> str:
    with pytest.raises(StartropolisError) as caught:
        score(table)
    return str(caught.value)


def test_the_good_table_scores():
    assert score(good_table())["winners"] == ["faction-2"]


def test_the_printed_table_scores_as_printed():
    table = {
        "format": "startropolis-table",
        "version": 1,
        "rules": {
            "players": 3,
            "modules_in_play": CORE_SIX,
            "missions": True,
            "advanced_factions": False,
            "spend_basis": "printed",
        },
        "players": [
            {
                "faction": "broodmaster",
                "credits": 47,
                "revenue": 19,
                "modules": [
                    {"type": "luxury_habitation"},
                    {"type": "market_center", "card": "bank", "cost": 5},
                    {"type": "civic"},
                ],
                "bank_invested": 0,
                "mission": {"name": "Lap of Luxury", "reward": 10, "achieved": True},
            },
            {"faction": "fungi", "credits": 40, "revenue": 12},
            {"faction": "faction-3", "credits": 30, "revenue": 9},
        ],
    }
    result = score(table)
    assert result["players"][0] == result["players"][0] | {
        "faction": "broodmaster",
        "credits": 47,
        "mission": 10,
        "final_credits": 57,
        "revenue": 19,
        "spend": 15,
        "rank": 1,
    }
    assert list(result["players"][0])[:8] == [
        "faction",
        "credits",
        "mission",
        "final_credits",
        "revenue",
        "spend",
        "rank",
        "spend_printed",
    ]
    assert (result["winners"], result["decided_by"]) == (["broodmaster"], "credits")


def test_players_between_2_and_4():
    table = good_table()
    table["rules"]["players"] = 5
    assert error_of(table) == "rules.players: must be between 2 and 4"


def test_players_match_rules_players():
    table = good_table()
    table["players"].pop()
    assert error_of(table) == "players: 2 players are listed, but rules.players is 3"


def test_at_most_six_module_types():
    table = good_table()
    table["rules"]["modules_in_play"].append("police")
    assert error_of(table) == (
        "rules.modules_in_play: 7 module types are listed; a game has at most 6"
    )


def test_module_types_known():
    table = good_table()
    table["rules"]["modules_in_play"][1] = "cafeteria"
    assert error_of(table) == (
        'rules.modules_in_play[1]: the text "cafeteria" is not a module type; known: '
        "basic_habitation, solar, supply, market_center, luxury_habitation, civic, broadcast, "
        "police, fusion, salvage, stadium, xenomorph_research"
    )


def test_owned_module_type_in_play():
    table = good_table()
    table["players"][0]["modules"] = [{"type": "police"}]
    assert error_of(table) == (
        "players[0].modules[0].type: Police is not in play in this game (in play: "
        "basic_habitation, solar, supply, market_center, luxury_habitation, civic)"
    )


def test_the_advanced_sets_own_basic_card_beside_a_bank_is_legal():
    # ST:289: "Each set of Advanced Module Cards contains one card from the Basic Module set
    # (the yellow module)": a basic Market Center beside a Bank is the advanced set's own.
    table = good_table()
    table["players"][0]["modules"] = [{"type": "market_center", "card": "bank"}]
    table["players"][1]["modules"] = [{"type": "market_center"}]
    spent = {p["faction"]: p["spend_printed"] for p in score(table)["players"]}
    assert spent == {"faction-0": 5, "faction-1": 7, "faction-2": 0}
    # The same two cards in one player's hand, the basic one first.
    table = good_table()
    table["players"][0]["modules"] = [
        {"type": "market_center"},
        {"type": "market_center", "card": "bank"},
    ]
    assert score(table)["players"][-1]["explain"]["spend_printed"] == (
        "Market Center 7M + Bank 5M = 12M"
    )


def test_a_second_basic_card_beside_the_advanced_set_is_the_basic_set():
    # ST:287: "players should not play with both the Basic and the Advanced Solar Module Cards".
    table = good_table()
    table["players"][0]["modules"] = [{"type": "market_center", "card": "bank"}]
    table["players"][1]["modules"] = [{"type": "market_center"}, {"type": "market_center"}]
    assert error_of(table) == (
        "players[1].modules[1].card: is a basic Market Center card, but players[0].modules[0] "
        "is advanced and players[1].modules[0] is basic: the advanced Market Center set holds "
        "one basic card, and the basic and advanced sets of one module type are never both played"
    )
    table = good_table()
    table["players"][0]["modules"] = [{"type": "market_center"}, {"type": "market_center"}]
    table["players"][1]["modules"] = [{"type": "market_center", "card": "bank"}]
    assert error_of(table) == (
        "players[1].modules[0].card: is an advanced Market Center card, but "
        "players[0].modules[0] and players[0].modules[1] are basic: the advanced Market Center "
        "set holds one basic card, and the basic and advanced sets of one module type are never "
        "both played"
    )


def test_advanced_card_cost_between_1_and_20():
    table = good_table()
    table["players"][0]["modules"] = [{"type": "supply", "card": "smelter", "cost": 21}]
    assert error_of(table) == "players[0].modules[0].cost: must be between 1 and 20"


def test_a_basic_card_costs_its_printed_cost():
    table = good_table()
    table["players"][0]["modules"] = [{"type": "supply", "cost": 4}]
    assert error_of(table) == (
        'players[0].modules[0].cost: the basic Supply card costs 5M; give "card" for an '
        "advanced card with a cost of its own"
    )


def test_the_bank_is_a_market_center_card():
    table = good_table()
    table["players"][0]["modules"] = [{"type": "supply", "card": "bank"}]
    assert error_of(table) == (
        'players[0].modules[0].card: "bank" is an advanced Market Center card, not a Supply card'
    )


def test_modules_per_player_at_most_the_rounds():
    table = good_table()
    table["players"][0]["modules"] = [{"type": "supply"}] * 5 + [{"type": "solar"}] * 2
    assert error_of(table) == (
        "players[0].modules: 7 modules owned, but a 3-player game has 6 rounds with one "
        "purchase each"
    )


def test_modules_per_type_at_most_the_box():
    # The line §2.8 prints.
    table = good_table()
    luxury = {"type": "luxury_habitation"}
    table["players"][0]["modules"] = [luxury, luxury]
    table["players"][1]["modules"] = [luxury, luxury]
    table["players"][2]["modules"] = [luxury]
    assert error_of(table) == "players[2].modules: 5 Luxury Habitation Modules owned, the box has 4"


def test_two_player_game_removes_a_luxury_habitation():
    table = good_table(2)
    luxury = {"type": "luxury_habitation"}
    table["players"][0]["modules"] = [luxury, luxury]
    table["players"][1]["modules"] = [luxury, luxury]
    assert error_of(table) == (
        "players[1].modules: 4 Luxury Habitation Modules owned, a 2-player game has 3"
    )


def test_two_player_game_removes_two_solar():
    table = good_table(2)
    table["players"][0]["modules"] = [{"type": "solar"}] * 5
    assert error_of(table) == (
        "players[0].modules: 5 Solar Power Modules owned, a 2-player game has 4"
    )


def test_credits_between_0_and_999():
    table = good_table()
    table["players"][1]["credits"] = -1
    assert error_of(table) == "players[1].credits: must be between 0 and 999"


def test_revenue_between_0_and_300():
    table = good_table()
    table["players"][0]["revenue"] = 301
    assert error_of(table) == "players[0].revenue: must be between 0 and 300"


def test_negative_revenue_only_when_it_is_paid():
    table = good_table()
    table["players"][0]["revenue"] = -3
    assert error_of(table) == "players[0].revenue: must be between 0 and 300"
    table["rules"]["negative_revenue"] = "pay"
    assert score(table)["players"][-1]["revenue"] == -3
    table["players"][0]["revenue"] = -31
    assert error_of(table) == "players[0].revenue: must be between -30 and 300"


def test_bank_invested_only_with_a_bank_card():
    table = good_table()
    table["players"][0]["bank_invested"] = 2
    assert error_of(table) == (
        "players[0].bank_invested: 2M invested, but this player owns no Bank card"
    )


def test_bank_invested_never_below_0():
    table = good_table()
    table["players"][0]["modules"] = [{"type": "market_center", "card": "bank"}]
    table["players"][0]["bank_invested"] = -1
    assert error_of(table) == (
        "players[0].bank_invested: must be 0 or more: the credits on the card"
    )


def test_bank_invested_at_most_2_a_turn():
    table = good_table()
    table["players"][0]["modules"] = [{"type": "market_center", "card": "bank"}]
    table["players"][0]["bank_invested"] = 13
    assert error_of(table) == (
        "players[0].bank_invested: must be between 0 and 12 (at most 2M a turn on each Bank "
        "card over 6 rounds)"
    )


def test_mission_only_with_rules_missions():
    table = good_table()
    table["rules"]["missions"] = False
    table["players"][0]["mission"] = {"name": "Lap of Luxury", "reward": 10, "achieved": True}
    assert (
        error_of(table) == "players[0].mission: missions are not in play (rules.missions is false)"
    )


def test_mission_reward_between_0_and_50():
    table = good_table()
    table["players"][0]["mission"] = {"name": "Lap of Luxury", "reward": 51, "achieved": True}
    assert error_of(table) == "players[0].mission.reward: must be between 0 and 50"


def test_mission_names_unique():
    table = good_table()
    mission = {"name": "Lap of Luxury", "reward": 10, "achieved": False}
    table["players"][0]["mission"] = mission
    table["players"][1]["mission"] = dict(mission)
    assert error_of(table) == (
        'players[1].mission.name: "Lap of Luxury" is also players[0]\'s mission (names are '
        "compared ignoring case); each Mission Card is dealt once"
    )


def test_mission_outcome_entered_or_judged():
    table = good_table()
    table["players"][0]["mission"] = {"name": "Lap of Luxury", "reward": 10}
    assert error_of(table) == (
        "players[0].mission.achieved: is required: say whether the mission was achieved, or "
        'name the module type in "most" for the app to judge "Own the most ... modules"'
    )


def test_mission_of_the_most_must_agree_with_the_table():
    # Reading ST-R8: a tie for the most is not "the most".
    table = good_table()
    luxury = {"type": "luxury_habitation"}
    table["players"][0]["modules"] = [luxury]
    table["players"][1]["modules"] = [luxury]
    table["players"][0]["mission"] = {
        "name": "Lap of Luxury",
        "reward": 10,
        "most": "luxury_habitation",
        "achieved": True,
    }
    assert error_of(table) == (
        'players[0].mission.achieved: is true, but the table says it is not: "the most" Luxury '
        "Habitation Modules means strictly more than every other player"
    )
    del table["players"][0]["mission"]["achieved"]
    result = score(table)
    mine = next(p for p in result["players"] if p["faction"] == "faction-0")
    assert (mine["mission"], mine["mission_achieved"]) == (0, False)


def test_faction_keys_unique():
    table = good_table()
    table["players"][1]["faction"] = "faction-0"
    assert error_of(table) == (
        'players[1].faction: "faction-0" is also players[0]\'s faction (names are compared '
        "ignoring case); each faction is played once"
    )


def test_spend_basis_paid_needs_the_paid_figures():
    table = good_table()
    table["rules"]["spend_basis"] = "paid"
    assert error_of(table) == (
        'rules.spend_basis: "paid" needs the amount each player paid for modules, and '
        'players[0].paid is not given; a table without a session can use "printed"'
    )
    for index, player in enumerate(table["players"]):
        player["paid"] = 20 + index
    assert score(table)["spend_basis"] == "paid"


def test_integers_only():
    table = good_table()
    table["players"][0]["credits"] = 12.0
    assert error_of(table) == "players[0].credits: must be a whole number, not 12.0"
    table["players"][0]["credits"] = True
    assert error_of(table) == "players[0].credits: must be a whole number, not true"


def test_unknown_keys_refused_with_the_allowed_ones():
    table = good_table()
    table["players"][0]["colour"] = "red"
    assert error_of(table) == (
        "players[0].colour: is not a player key; allowed: player, faction, credits, revenue, "
        "paid, modules, bank_invested, mission"
    )


def test_format_and_version():
    table = good_table()
    table["format"] = "solar175-table"
    assert error_of(table) == 'format: must be "startropolis-table"'
    table = good_table()
    table["version"] = 2
    assert error_of(table) == "version: must be 1, the only table version"


def test_validate_table_lists_every_problem():
    table = good_table()
    table["players"][0]["credits"] = -1
    table["players"][2]["revenue"] = 999
    assert [str(e) for e in validate_table(table)] == [
        "players[0].credits: must be between 0 and 999",
        "players[2].revenue: must be between 0 and 300",
    ]
    assert validate_table(good_table()) == []
    assert validate_table(copy.deepcopy([])) != []
