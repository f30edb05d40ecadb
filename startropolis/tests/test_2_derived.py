"""The spec's derived tests (OTHER-GAMES.md §2.6, "Derived tests"), then the printed §2.10 state."""

import pytest

from startropolis import StartropolisError, play, score
from startropolis.modules import MODULE_TYPES, clearance_price

from .builders import attach, buy, civic, hold, module, pass_, revenues, round_, session, station

# --- clearance prices


def test_clearance_prices_are_half_rounded_up():
    expected = {
        "basic_habitation": 3,
        "solar": 3,
        "supply": 3,
        "market_center": 4,
        "luxury_habitation": 4,
        "civic": 2,
        "broadcast": 2,
        "police": 4,
        "fusion": 4,
        "salvage": 3,
        "stadium": 5,
        "xenomorph_research": 2,
    }
    assert {key: clearance_price(kind.cost) for key, kind in MODULE_TYPES.items()} == expected


def six_quiet_rounds() -> list[dict]:
    # Nobody earns: every marker stays on 0, so the order stays ann, bob.
    return [round_([pass_("ann"), pass_("bob")]) for _ in range(6)]


def test_final_round_is_clearance_and_a_rushed_slot_adds_its_full_fee():
    game = session(["ann", "bob"], six_quiet_rounds(), track_credits=True)
    before = play(game)
    assert (before["next_round"], before["final_round_next"], before["clearance"]) == (
        7,
        True,
        True,
    )
    assert before["prices"]["luxury_habitation"] == 4
    assert before["next"]["clearance"] is True
    civic_options = [o for o in before["next"]["options"] if o["option"] == "civic"]
    assert civic_options[0] == {  # ST-R6: Civic 2 in clearance; the rush fee is unchanged
        "option": "civic",
        "discard_slot": 1,
        "price": 2 + 3,
        "why": "Civic 2M + 3M rush fee to discard slot 1",
    }
    game["rounds"].append(round_([buy("ann", "m1", "luxury_habitation", 1), civic("bob", "m2", 6)]))
    state = play(game)
    assert module(state, "m1")["paid"] == 4 + 3  # half of 7 rounded up + the slot 1 fee
    assert module(state, "m2")["paid"] == 2


def test_the_round_before_the_last_warns_that_the_next_round_is_the_last():
    game = session(["ann", "bob"], six_quiet_rounds()[:5])
    state = play(game)
    assert (state["next_round"], state["final_round_next"]) == (6, False)
    game["rounds"].append(round_([pass_("ann"), pass_("bob")]))
    assert play(game)["final_round_next"] is True


# --- the 3-player station m1..m6


def three_player_station() -> dict:
    return session(
        ["ali", "bea", "cy"],
        [
            round_(
                [
                    buy("ali", "m1", "basic_habitation"),
                    buy("bea", "m2", "market_center"),
                    buy("cy", "m5", "solar"),
                ],
                [hold("cy"), hold("bea"), attach("m1", "core")],
            ),
            round_(
                [
                    buy("bea", "m4", "luxury_habitation"),
                    buy("cy", "m6", "supply"),
                    buy("ali", "m3", "supply"),
                ],
                [
                    attach("m3", "m1"),
                    attach("m5", "m3"),
                    attach("m2", "m1"),
                    hold("cy"),
                    attach("m4", "m2"),
                ],
            ),
        ],
    )


def test_three_player_station_revenues():
    state = play(three_player_station())
    revenue = {m["id"]: m["revenue"] for m in state["modules"]}
    assert revenue == {"m1": 6, "m2": 4, "m3": 3, "m4": 6, "m5": 3, "m6": 0}
    assert module(state, "m1")["why"] == (
        "3 different types attached (the Core, Market Center and Supply)"
    )
    assert state["revenue"] == {"ali": 9, "bea": 10, "cy": 3}
    assert state["order"] == ["cy", "ali", "bea"]


def test_three_player_station_cy_lands_on_top_of_bea_and_takes_second():
    game = three_player_station()
    game["rounds"].append(
        round_([pass_("cy"), pass_("ali"), pass_("bea")], [attach("m6", "core", "m5")])
    )
    state = play(game)
    assert module(state, "m6")["revenue"] == 7
    assert module(state, "m6")["why"] == "3M + 4M (the Core, wild, pairs with Solar Power m5)"
    assert state["revenue"] == {"ali": 9, "bea": 10, "cy": 10}
    assert state["track"]["10"] == ["bea", "cy"]
    assert state["order_cards"] == {"ali": "first", "cy": "second", "bea": "last"}


# --- Supply and Luxury Habitation on the Core


def test_supply_on_the_core_and_one_basic_habitation_earns_7():
    built = station(("s", "supply", "a", ["core"]), ("h", "basic_habitation", "a", ["s"]))
    assert revenues(built, ["a"]).modules["s"].revenue == 7


def test_luxury_on_the_core_a_basic_habitation_and_a_supply_earns_4():
    built = station(
        ("l", "luxury_habitation", "a", ["core"]),
        ("h", "basic_habitation", "a", ["l"]),
        ("s", "supply", "a", ["l"]),
    )
    assert revenues(built, ["a"]).modules["l"].revenue == 4


def test_a_second_supply_on_the_luxury_habitation_is_refused():
    game = session(
        ["ann", "bob"],
        [
            round_(
                [buy("ann", "m1", "luxury_habitation"), buy("bob", "m2", "supply")],
                [attach("m2", "core"), attach("m1", "core", "m2")],
            ),
            round_(
                [buy("ann", "m3", "supply"), pass_("bob")],
                [attach("m3", "m1")],
            ),
        ],
    )
    with pytest.raises(StartropolisError) as caught:
        play(game)
    assert str(caught.value) == (
        "rounds[1].attachments[0].to[0]: Luxury Habitation m1 already has a Supply Module "
        "attached (m2); only one of each module type may attach to it"
    )


# --- Fusion Reactor


FUSION_GAME = ["basic_habitation", "solar", "supply", "market_center", "fusion", "civic"]


def fusion_game() -> dict:
    return session(
        ["ann", "bob"],
        [
            round_(
                [buy("ann", "m1", "fusion"), pass_("bob")],
                [attach("m1", "core")],
                fusion_rolls={"m1": 1},
            ),
            round_(
                [buy("bob", "m2", "basic_habitation"), pass_("ann")],
                [attach("m2", "m1")],
                fusion_rolls={"m1": 3},
            ),
            round_([pass_("bob"), pass_("ann")], fusion_rolls={"m1": 5}),
        ],
        modules_in_play=FUSION_GAME,
    )


def test_fusion_roll_1_then_3_then_5():
    game = fusion_game()
    rounds = game["rounds"]
    game["rounds"] = rounds[:1]
    first = play(game)
    assert (module(first, "m1")["revenue"], module(first, "m1")["tokens"]) == (6, 1)
    assert module(first, "m1")["why"] == "rolled 1: 6M, Power Surge: a +1M token added"
    game["rounds"] = rounds[:2]
    second = play(game)
    assert module(second, "m1")["revenue"] == 6
    assert module(second, "m1")["why"] == "rolled 3 + 1 token = 4: 5M + 1M token"
    game["rounds"] = rounds
    third = play(game)
    assert module(third, "m1")["surged"] is True
    assert module(third, "m1")["revenue"] == 0
    assert module(third, "m1")["why"] == (
        "rolled 5 + 1 token = 6: Plasma Surge: no longer counts as an attached module"
    )
    assert module(third, "m2")["active"] is False
    assert module(third, "m2")["why"] == (
        "inactive: cut off from the Core by the Plasma Surge of m1"
    )
    assert third["collected"] == {"ann": 0, "bob": 0}


def test_the_revenue_phase_waits_for_the_fusion_roll():
    game = fusion_game()
    game["rounds"] = game["rounds"][:1]
    del game["rounds"][0]["fusion_rolls"]
    step = play(game)["next"]
    assert (step["phase"], step["rolls_needed"]) == ("revenue", ["m1"])


def test_a_surged_reactor_no_longer_rolls_nor_takes_attachments():
    game = fusion_game()
    game["rounds"].append(round_([pass_("ann"), pass_("bob")], fusion_rolls={"m1": 2}))
    with pytest.raises(StartropolisError) as caught:
        play(game)
    assert str(caught.value).startswith("rounds[3].fusion_rolls.m1: m1 is not an active Fusion")
    game["rounds"][3] = round_([pass_("ann"), buy("bob", "m3", "supply")], [attach("m3", "m1")])
    with pytest.raises(StartropolisError) as caught:
        play(game)
    assert str(caught.value) == (
        "rounds[3].attachments[0].to[0]: m1 had a Plasma Surge: it no longer counts as "
        "attached and its port is blocked"
    )


# --- final ranking


def table(*players: dict) -> dict:
    return {
        "format": "startropolis-table",
        "version": 1,
        "rules": {"players": len(players), "missions": True},
        "players": list(players),
    }


def test_ranking_tie_on_credits_goes_to_revenue():
    result = score(
        table(
            {"faction": "a", "credits": 40, "revenue": 12},
            {"faction": "b", "credits": 40, "revenue": 15},
        )
    )
    assert (result["winners"], result["decided_by"]) == (["b"], "revenue")
    assert [(p["faction"], p["rank"]) for p in result["players"]] == [("b", 1), ("a", 2)]


def test_ranking_tie_on_credits_and_revenue_goes_to_spend():
    result = score(
        table(
            {
                "faction": "a",
                "credits": 40,
                "revenue": 15,
                "modules": [
                    {"type": "luxury_habitation"},
                    {"type": "market_center"},
                    {"type": "civic"},
                ],
            },
            {
                "faction": "b",
                "credits": 40,
                "revenue": 15,
                "modules": [
                    {"type": "basic_habitation"},
                    {"type": "basic_habitation"},
                    {"type": "solar"},
                ],
            },
        )
    )
    assert (result["winners"], result["decided_by"]) == (["a"], "spend")
    assert [p["spend"] for p in result["players"]] == [17, 16]
    assert result["players"][0]["explain"]["spend_printed"] == (
        "Luxury Habitation 7M + Market Center 7M + Civic 3M = 17M"
    )


def test_ranking_mission_reward_counts_in_final_credits():
    result = score(
        table(
            {
                "faction": "a",
                "credits": 35,
                "revenue": 5,
                "mission": {"name": "Lap of Luxury", "reward": 10, "achieved": True},
            },
            {"faction": "b", "credits": 41, "revenue": 20},
        )
    )
    assert (result["winners"], result["decided_by"]) == (["a"], "credits")
    assert result["players"][0]["final_credits"] == 45


def test_ranking_full_tie_is_a_shared_win():
    # Reading ST-R18.
    result = score(
        table(
            {"faction": "a", "credits": 40, "revenue": 15, "modules": [{"type": "supply"}]},
            {"faction": "b", "credits": 40, "revenue": 15, "modules": [{"type": "supply"}]},
            {"faction": "c", "credits": 39, "revenue": 30},
        )
    )
    assert (result["winners"], result["decided_by"]) == (["a", "b"], None)
    assert [p["rank"] for p in result["players"]] == [1, 1, 3]


# --- the printed §2.10 session and its derived state


PRINTED_SESSION = {
    "format": "startropolis-session",
    "version": 1,
    "rules": {
        "players": 3,
        "modules_in_play": [
            "basic_habitation",
            "solar",
            "supply",
            "market_center",
            "luxury_habitation",
            "civic",
        ],
        "negative_revenue": "floor",
        "solar_counts_itself": True,
        "track_credits": True,
    },
    "rush_fees": [3, 2, 2, 1],
    "players": [
        {"key": "emily", "faction": "faction-1"},
        {"key": "caleb", "faction": "broodmaster"},
        {"key": "rosa", "faction": "faction-3"},
    ],
    "first_order": ["emily", "caleb", "rosa"],
    "rounds": [
        {
            "purchases": [
                {
                    "player": "emily",
                    "option": "buy",
                    "slot": 6,
                    "module": {"id": "m1", "type": "luxury_habitation"},
                },
                {
                    "player": "caleb",
                    "option": "civic",
                    "discard_slot": 5,
                    "module": {"id": "m2", "type": "civic"},
                },
                {"player": "rosa", "option": "pass", "discard_slot": 6},
            ],
            "attachments": [{"module": "m2", "to": ["core"]}, {"module": "m1", "to": ["core"]}],
            "fusion_rolls": {},
        }
    ],
}

PRINTED_STATE = {
    "rounds_total": 6,
    "next_round": 2,
    "final_round_next": False,
    "modules": [
        {
            "id": "m1",
            "type": "luxury_habitation",
            "owner": "emily",
            "attached": True,
            "revenue": 6,
            "why": "7M − 1M × 1 connection",
        },
        {
            "id": "m2",
            "type": "civic",
            "owner": "caleb",
            "attached": True,
            "revenue": 3,
            "why": "Second player order card",
        },
    ],
    "revenue": {"emily": 6, "caleb": 3, "rosa": 0},
    "track": {"0": ["rosa"], "3": ["caleb"], "6": ["emily"]},
    "collected": {"emily": 6, "caleb": 3, "rosa": 0},
    "order_cards": {"rosa": "first", "caleb": "second", "emily": "last"},
    "credits": {"emily": 13, "caleb": 14, "rosa": 19},
}


def test_printed_session_gives_the_printed_state():
    state = play(PRINTED_SESSION)
    assert list(state)[: len(PRINTED_STATE)] == list(PRINTED_STATE)
    for key, expected in PRINTED_STATE.items():
        if key == "modules":
            printed_keys = list(expected[0])
            assert [{k: m[k] for k in printed_keys} for m in state["modules"]] == expected
        else:
            assert state[key] == expected, key
    assert list(state["order_cards"]) == ["rosa", "caleb", "emily"]
