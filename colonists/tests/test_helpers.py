"""The in-game helpers: the colonists board, who gets a group, change of loyalty, bids."""

import pytest

from colonists import (
    ColonistsError,
    bid_value,
    change_of_loyalty,
    claimant_priority,
    colonists_board,
)


def refused(function, *args, **kwargs) -> str:
    with pytest.raises(ColonistsError) as caught:
        function(*args, **kwargs)
    return str(caught.value)


# --- the colonists board (CX:79-93, CX:138-144) -------------------------------------------------

BOARD = {
    "players": ["caro", "ben"],
    "groups": {
        "adamant_cutters": {"place": "reception_camp"},
        "spice_merchants": {"place": "contracted", "player": "caro"},
        "mechanics": {"place": "city", "player": "ben"},
        "fluidum_brewers": {"place": "contracted", "player": "ben"},
    },
}


def test_the_board_says_where_each_of_the_seven_groups_is():
    board = colonists_board(BOARD)
    assert [(g["group"], g["place"], g["player"]) for g in board["groups"]] == [
        ("adamant_cutters", "reception_camp", None),
        ("spice_merchants", "contracted", "caro"),
        ("crystalin_farmers", "not_arrived", None),
        ("fluidum_brewers", "contracted", "ben"),
        ("koprolith_miners", "not_arrived", None),
        ("mechanics", "city", "ben"),
        ("corpex", "not_arrived", None),
    ]
    where = {g["group"]: g["where"] for g in board["groups"]}
    assert where["adamant_cutters"] == (
        'in the Reception Camp ("Limbo") until a player has a territory with the Adamant '
        "Cutters' resource"
    )
    assert where["spice_merchants"] == (
        "contracted by caro, waiting for a city: −1 VP for caro if it ends so"
    )
    assert where["mechanics"] == "living in ben's city: citizens for the rest of the game"
    assert where["corpex"] == (
        "not in the game yet: the Corpex enter when a player builds the Condominium"
    )
    assert board["reception_camp"] == ["adamant_cutters"]


def test_the_board_counts_the_unrest_each_player_would_have_now():
    players = colonists_board(BOARD)["players"]
    assert [(p["name"], p["contracted"], p["citizens"], p["unrest_now"]) for p in players] == [
        ("caro", ["spice_merchants"], [], -1),
        ("ben", ["fluidum_brewers"], ["mechanics"], -1),
    ]
    assert players[0]["why"] == (
        "the Spice Merchants without a city: −1 VP for unrest if the game ended now (CX:144)"
    )


def test_the_board_warns_of_the_two_rival_groups_and_always_shows_the_reminders():
    board = colonists_board(BOARD)
    assert board["warnings"] == [
        "caro has the Spice Merchants: the Koprolith Miners never go to caro, and caro cannot "
        "take over a territory that would bring them (CX:138–140)"
    ]
    assert board["reminders"] == [
        "The Koprolith Miners and the Spice Merchants never go to one player: the two groups "
        "refuse to cooperate (CX:138–140).",
        "At the end, each contracted group not living in a city costs the player who contracted "
        "it 1 VP (CX:144).",
    ]


def test_the_board_refuses_the_two_rivals_with_one_player():
    board = {
        "players": ["caro"],
        "groups": {
            "spice_merchants": {"place": "city", "player": "caro"},
            "koprolith_miners": {"place": "contracted", "player": "caro"},
        },
    }
    assert refused(colonists_board, board) == (
        "board.groups.koprolith_miners.player: caro has the Spice Merchants: a player never has "
        "both the Koprolith Miners and the Spice Merchants, the two groups refuse to cooperate"
    )


def test_the_board_refuses_the_corpex_before_the_condominium():
    board = {"players": ["caro"], "groups": {"corpex": {"place": "reception_camp"}}}
    assert refused(colonists_board, board) == (
        "board.groups.corpex.place: the Corpex enter the game only when a player builds the "
        "Condominium, and board.condominium_built is false"
    )
    board["condominium_built"] = True
    assert colonists_board(board)["reception_camp"] == ["corpex"]


def test_the_board_refuses_a_player_it_does_not_know_and_a_player_where_none_belongs():
    board = {"players": ["caro"], "groups": {"mechanics": {"place": "city", "player": "dan"}}}
    assert refused(colonists_board, board) == (
        'board.groups.mechanics.player: must be one of board.players (caro), not the text "dan"'
    )
    board["groups"]["mechanics"]["player"] = ["caro"]
    assert refused(colonists_board, board) == (
        "board.groups.mechanics.player: must be one of board.players (caro), not a list"
    )
    board = {
        "players": ["caro"],
        "groups": {"mechanics": {"place": "reception_camp", "player": "caro"}},
    }
    assert refused(colonists_board, board) == (
        "board.groups.mechanics.player: is only for a group contracted or living in a city, not "
        "reception_camp"
    )


def test_the_board_refuses_an_unknown_group_and_place():
    assert refused(colonists_board, {"players": ["caro"], "groups": {"elves": {}}}) == (
        "board.groups.elves: is not a colonist group; allowed: adamant_cutters, spice_merchants, "
        "crystalin_farmers, fluidum_brewers, koprolith_miners, mechanics, corpex"
    )
    board = {"players": ["caro"], "groups": {"mechanics": {"place": "limbo"}}}
    assert refused(colonists_board, board) == (
        "board.groups.mechanics.place: must be not_arrived, reception_camp, contracted or city, "
        'not the text "limbo"'
    )


def test_the_board_refuses_two_players_of_one_name():
    assert refused(colonists_board, {"players": ["caro", "Caro"]}) == (
        "board.players[1]: repeats board.players[0]; give each player once"
    )


# --- who gets a group (CX:89, CX:117) ------------------------------------------------------------


def test_an_uninhabited_city_has_priority():
    result = claimant_priority(
        "fluidum_brewers", [{"player": "caro"}, {"player": "ben", "uninhabited_city": True}]
    )
    assert [(row["player"], row["rank"]) for row in result["order"]] == [("ben", 1), ("caro", 2)]
    assert result["winner"] == "ben"
    assert result["decided_by"] == "uninhabited_city"
    assert result["why"] == (
        "ben contracts the Fluidum Brewers: a player with an uninhabited city has priority (CX:89)"
    )


def test_among_uninhabited_cities_the_one_with_energy_has_priority():
    result = claimant_priority(
        "mechanics",
        [
            {"player": "caro", "uninhabited_city": True},
            {"player": "ben", "uninhabited_city": True, "powered": True},
            {"player": "dan"},
        ],
    )
    assert [(row["player"], row["rank"], row["why"]) for row in result["order"]] == [
        ("ben", 1, "has an uninhabited city with energy"),
        ("caro", 2, "has an uninhabited city, without energy"),
        ("dan", 3, "has no uninhabited city"),
    ]
    assert (result["winner"], result["decided_by"]) == ("ben", "energy")


def test_a_tie_left_is_the_harbour_masters_choice():
    claimants = [
        {"player": "caro", "uninhabited_city": True},
        {"player": "ben", "uninhabited_city": True},
        {"player": "dan"},
    ]
    open_tie = claimant_priority("adamant_cutters", claimants)
    assert open_tie["tied"] == ["caro", "ben"]
    assert (open_tie["winner"], open_tie["decided_by"]) == (None, "harbour_master")
    assert open_tie["why"] == (
        "a tie between caro and ben: the Harbour Master decides who contracts the Adamant "
        "Cutters (CX:89)"
    )
    decided = claimant_priority("adamant_cutters", claimants, "ben")
    assert decided["winner"] == "ben"
    assert decided["why"] == (
        "ben contracts the Adamant Cutters: the Harbour Master's choice in a tie between caro "
        "and ben (CX:89)"
    )


def test_players_without_a_city_tie_too():
    result = claimant_priority("mechanics", [{"player": "caro"}, {"player": "ben"}])
    assert result["tied"] == ["caro", "ben"]


def test_a_single_claimant_gets_the_group():
    result = claimant_priority("mechanics", [{"player": "caro"}])
    assert (result["winner"], result["decided_by"]) == ("caro", "only_claimant")


def test_a_rival_or_a_player_without_the_resource_cannot_claim():
    result = claimant_priority(
        "koprolith_miners",
        [
            {"player": "caro", "uninhabited_city": True, "groups": ["spice_merchants"]},
            {"player": "ben", "uninhabited_city": True, "resource_territory": False},
            {"player": "dan"},
        ],
    )
    assert result["excluded"] == [
        {
            "player": "caro",
            "why": "has the Spice Merchants: the two groups refuse to cooperate (CX:138–140)",
        },
        {"player": "ben", "why": "has no territory with Koprolith (CX:85)"},
    ]
    assert (result["winner"], result["decided_by"]) == ("dan", "only_claimant")


def test_the_mechanics_need_no_resource_territory():
    result = claimant_priority("mechanics", [{"player": "caro", "resource_territory": False}])
    assert result["winner"] == "caro"


def test_nobody_may_contract_when_every_claimant_is_excluded():
    result = claimant_priority(
        "spice_merchants", [{"player": "caro", "groups": ["koprolith_miners"]}]
    )
    assert result["winner"] is None
    assert result["why"] == (
        "no claimant may contract the Spice Merchants: they stay where they are (CX:81)"
    )


def test_the_harbour_masters_choice_must_be_among_the_tied():
    claimants = [
        {"player": "caro", "uninhabited_city": True},
        {"player": "ben", "uninhabited_city": True},
        {"player": "dan"},
    ]
    assert refused(claimant_priority, "mechanics", claimants, "dan") == (
        "harbour_master_choice: must be one of the tied claimants: caro or ben"
    )
    assert refused(claimant_priority, "mechanics", claimants[1:], "dan") == (
        "harbour_master_choice: must be null: ben has priority, the Harbour Master decides only "
        "a tie"
    )


def test_claimants_are_checked():
    assert refused(claimant_priority, "elves", [{"player": "caro"}]) == (
        "group: must be a colonist group: adamant_cutters, spice_merchants, crystalin_farmers, "
        "fluidum_brewers, koprolith_miners, mechanics or corpex"
    )
    assert refused(claimant_priority, "mechanics", []) == (
        "claimants: must be a list of 1 to 8 players who want the Mechanics"
    )
    assert refused(claimant_priority, "mechanics", [{"player": "caro", "powered": True}]) == (
        "claimants[0].powered: says the uninhabited city has energy: give it only with "
        "uninhabited_city true"
    )
    assert (
        refused(claimant_priority, "mechanics", [{"player": "caro"}, {"player": "caro"}])
        == "claimants[1].player: repeats claimants[0]; give each player once"
    )
    assert refused(
        claimant_priority, "mechanics", [{"player": "caro", "groups": ["mechanics"]}]
    ) == ("claimants[0].groups: holds the Mechanics already: they are not claimed then")
    assert refused(claimant_priority, "mechanics", [{"player": "caro", "city": True}]) == (
        "claimants[0].city: is not a claimant key; allowed: player, uninhabited_city, powered, "
        "resource_territory, groups"
    )


# --- change of loyalty (CX:100-111) ---------------------------------------------------------------

BEN = {"player": "ben", "uninhabited_city": True, "resource_territory": True, "willing": True}


def test_the_group_changes_loyalty_when_every_condition_holds():
    result = change_of_loyalty("fluidum_brewers", BEN)
    assert [(c["source"], c["holds"]) for c in result["conditions"]] == [
        ("CX:93", True),
        ("CX:103", True),
        ("CX:105", True),
        ("CX:107", True),
        ("CX:109", True),
    ]
    assert result["changes_loyalty"] is True
    assert result["why"] == (
        "the Fluidum Brewers cancel their contract at once and sign up with ben, moving into "
        "ben's uninhabited city (CX:100, CX:111); if several players' cities qualify, the Harbour "
        "Master decides"
    )


def test_each_failing_condition_keeps_the_group():
    for change, source in (
        ({"uninhabited_city": False}, "CX:103"),
        ({"resource_territory": False}, "CX:105"),
        ({"contracted": ["mechanics"]}, "CX:107"),
        ({"willing": False}, "CX:109"),
    ):
        result = change_of_loyalty("fluidum_brewers", {**BEN, **change})
        assert result["changes_loyalty"] is False
        assert [c["source"] for c in result["conditions"] if c["holds"] is False] == [source]
    result = change_of_loyalty("fluidum_brewers", BEN, group_in_city=True)
    assert result["changes_loyalty"] is False
    assert result["why"] == (
        "the Fluidum Brewers stay with their player; this condition fails: the Fluidum Brewers "
        "do not live in a city yet (citizens stay for the rest of the game) (CX:93)"
    )


def test_an_unasked_player_is_to_be_asked():
    result = change_of_loyalty("fluidum_brewers", {**BEN, "willing": None})
    assert result["changes_loyalty"] is None
    assert result["why"] == (
        "ask ben: every other condition holds, so the Fluidum Brewers go to ben if ben is willing"
    )


def test_the_mechanics_need_no_resource_for_a_change_of_loyalty():
    result = change_of_loyalty("mechanics", {**BEN, "resource_territory": False})
    assert result["changes_loyalty"] is True
    assert result["conditions"][2] == {
        "condition": "the Mechanics need no resource: any player may contract them",
        "holds": True,
        "source": "CX:76",
    }


def test_the_rivals_never_move_to_a_player_holding_the_other():
    # CX:140: "Neither of the two colonist groups will move to a city of a player who has a
    # contract with the other group."
    result = change_of_loyalty("spice_merchants", {**BEN, "citizens": ["koprolith_miners"]})
    assert result["changes_loyalty"] is False
    assert result["conditions"][-1] == {
        "condition": "ben has no contract with the Koprolith Miners (the two groups refuse to "
        "cooperate)",
        "holds": False,
        "source": "CX:140",
    }


def test_change_of_loyalty_input_is_checked():
    assert refused(change_of_loyalty, "mechanics", {**BEN, "willing": "yes"}) == (
        'other.willing: must be true, false or null, not the text "yes"'
    )
    assert refused(change_of_loyalty, "mechanics", {**BEN, "contracted": ["mechanics"]}) == (
        "other: ben holds the Mechanics already"
    )
    assert refused(change_of_loyalty, "mechanics", {"uninhabited_city": True}) == (
        "other.player: must be a player name (a text), not null"
    )


# --- bids (CX:122-131; CX-E1 and CX-E2 are in test_printed_examples.py) -------------------------


def test_no_bonus_without_the_territorys_guild():
    bid = bid_value(9, "territory", "spice_merchants", ["fluidum_brewers"])
    assert (bid["bonus"], bid["value"]) == (0, 9)
    assert bid["why"] == (
        "9 + 0 = 9 credits: no bonus: the Spice Merchants, whose resource this is, are not under "
        "contract"
    )


def test_the_mechanics_add_1_to_bids_for_harvesters():
    bid = bid_value(4, "harvester", None, ["mechanics"])
    assert (bid["bonus"], bid["value"]) == (1, 5)
    assert bid["why"] == (
        "4 + 1 = 5 credits: the Mechanics' Guild: +1 credit to bids for Harvesters (CX:124)"
    )
    assert bid_value(4, "territory", None, ["mechanics"])["bonus"] == 0


def test_a_harvester_bid_without_cards_says_what_the_text_leaves_open():
    bid = bid_value(0, "harvester", None, ["mechanics"])
    assert (bid["value"], bid["readings"]) == (1, None)
    assert "says nothing of Harvesters" in bid["why"]


def test_a_bid_without_cards_and_without_support_is_no_bid():
    bid = bid_value(0, "other")
    assert bid["value"] == 0
    assert bid["why"] == (
        "no bid: without credit cards only a guild's support lets a player take part (CX:131); "
        "no guild supports this bid"
    )


def test_bid_input_is_checked():
    assert refused(bid_value, -1, "territory") == "credits: must be between 0 and 999"
    assert refused(bid_value, 9, "auction") == (
        'for_sale: must be territory, harvester or other, not the text "auction"'
    )
    assert refused(bid_value, 9, "harvester", "spice_merchants") == (
        'guild: is for a territory\'s resource: give it only with "territory"'
    )
    assert refused(bid_value, 9, "territory", "mechanics") == (
        "guild: must not be the Mechanics: they are not bound to any resource"
    )
    assert refused(bid_value, 9, "territory", None, ["spice_merchants", "koprolith_miners"]) == (
        "contracted[1]: a player never has both the Koprolith Miners and the Spice Merchants: "
        "the two groups refuse to cooperate"
    )
