"""What the phone pages use beyond §2.10: the next step, the private and shared views, the
end-state table of a finished session, the canonical files, and the readings' settings."""

import json
import time

import pytest

from startropolis import (
    StartropolisError,
    canonical_session,
    canonical_table,
    next_step,
    play,
    private_view,
    score,
    table_from_session,
    table_view,
)

from .builders import (
    attach,
    buy,
    civic,
    full_game,
    hold,
    module,
    pass_,
    revenues,
    round_,
    session,
    station,
)
from .test_2_derived import PRINTED_SESSION

THREE = ["emily", "caleb", "rosa"]


# --- the next step


def test_next_step_in_the_purchase_phase_lists_the_options_with_prices():
    game = session(THREE)
    game["construction_track"] = ["supply", "solar", "supply", "market_center", "civic", "police"]
    with pytest.raises(StartropolisError) as caught:
        play(game)
    assert str(caught.value) == (
        "construction_track[4]: Civic cards are a separate stack above the track (ST:76)"
    )
    game["construction_track"][4:] = ["basic_habitation", "luxury_habitation"]
    step = next_step(game)
    assert (step["phase"], step["round"], step["player"]) == ("purchase", 1, "emily")
    buys = [o for o in step["options"] if o["option"] == "buy"]
    assert [(o["slot"], o["type"], o["price"]) for o in buys] == [
        (1, "supply", 5 + 3),
        (2, "solar", 6 + 2),
        (3, "supply", 5 + 2),
        (4, "market_center", 7 + 1),
        (5, "basic_habitation", 5),
        (6, "luxury_habitation", 7),
    ]
    assert buys[0]["why"] == "Supply 5M + 3M rush fee"
    passes = [o for o in step["options"] if o["option"] == "pass"]
    assert [o["gain"] for o in passes] == [2, 3, 3, 4, 5, 5]


def test_next_step_in_the_attachment_phase_says_where_each_held_module_may_go():
    game = session(
        THREE,
        [
            round_(
                [
                    buy("emily", "m1", "supply"),
                    buy("caleb", "m2", "luxury_habitation"),
                    buy("rosa", "m3", "supply"),
                ],
                [attach("m3", "core"), attach("m2", "m3")],
            )
        ],
    )
    step = play(game)["next"]
    assert (step["phase"], step["player"], step["pass"]) == ("attachment", "emily", 1)
    assert step["held"] == [
        {
            "id": "m1",
            "type": "supply",
            "may_attach_to": ["core", "m3"],
            "refused": [
                {
                    "node": "m2",
                    "why": "Luxury Habitation m2 already has a Supply Module attached (m3); only "
                    "one of each module type may attach to it",
                }
            ],
        }
    ]


def test_held_modules_attach_in_later_passes_in_the_same_order():
    # ST:136: after everyone's first module, the extra ones one at a time, Last to First.
    game = session(
        ["ann", "bob"],
        [
            round_(
                [buy("ann", "a1", "supply"), buy("bob", "b1", "supply")], [hold("bob"), hold("ann")]
            ),
            round_(
                [buy("ann", "a2", "solar"), buy("bob", "b2", "solar")],
                [attach("b1", "core"), attach("a1", "core")],
            ),
        ],
    )
    step = play(game)["next"]
    assert (step["player"], step["pass"]) == ("bob", 2)
    game["rounds"][1]["attachments"].append(attach("b2", "b1"))
    assert play(game)["next"]["player"] == "ann"


# --- the views


def test_table_view_hides_credits_and_missions():
    game = json.loads(json.dumps(PRINTED_SESSION))
    game["rules"]["missions"] = True
    game["players"][0]["mission"] = {
        "dealt": ["Lap of Luxury", "B"],
        "kept": "Lap of Luxury",
        "reward": 10,
    }
    state = play(game)
    shared = table_view(state)
    assert "credits" not in shared and "missions" not in shared
    assert "credits" in state  # the state itself is left untouched
    assert "13" not in json.dumps(shared["players"])


def test_private_view_keeps_only_the_players_own_figures():
    game = json.loads(json.dumps(PRINTED_SESSION))
    game["rules"]["missions"] = True
    game["players"][1]["mission"] = {
        "dealt": ["Lap of Luxury", "B"],
        "kept": "Lap of Luxury",
        "reward": 10,
        "most": "luxury_habitation",
    }
    state = play(game)
    own = private_view(state, "caleb")
    assert own["credits"] == {"caleb": 14}
    assert own["missions"]["caleb"]["kept"] == "Lap of Luxury"
    assert own["missions"]["caleb"]["achieved_now"] is False  # emily owns the only Luxury
    assert list(own["missions"]) == ["caleb"]
    with pytest.raises(StartropolisError) as caught:
        private_view(state, "zoe")
    assert str(caught.value) == 'player: the text "zoe" is not a player of this session'


# --- from a finished session to its table


def finished_game(**rules) -> dict:
    return full_game(
        ["ann", "bob"],
        ["basic_habitation", "solar", "supply", "market_center", "luxury_habitation", "civic"],
        **rules,
    )


def test_table_from_a_finished_session_scores_with_the_tracked_credits():
    game = finished_game(track_credits=True)
    state = play(game)
    table = table_from_session(game)
    assert [p["credits"] for p in table["players"]] == [
        state["credits"]["ann"],
        state["credits"]["bob"],
    ]
    assert [p["revenue"] for p in table["players"]] == [
        state["revenue"]["ann"],
        state["revenue"]["bob"],
    ]
    result = score(table)
    assert result["players"][0]["rank"] == 1
    assert result["players"][0]["player"] in ("ann", "bob")


def test_table_from_a_session_without_tracked_credits_needs_them_entered():
    game = finished_game()
    with pytest.raises(StartropolisError) as caught:
        table_from_session(game)
    assert str(caught.value) == (
        "credits: must give each player's credits in hand: the session does not track them"
    )
    table = table_from_session(game, credits={"ann": 30, "bob": 41})
    assert score(table)["winners"] == ["faction-bob"]


def test_table_from_an_unfinished_session_is_refused():
    with pytest.raises(StartropolisError) as caught:
        table_from_session(PRINTED_SESSION)
    assert str(caught.value) == (
        "rounds: the game is not over (rosa has not taken a Purchase Phase turn in round 2); a "
        "table is made after the final Revenue Phase"
    )


def test_table_from_session_carries_the_missions():
    game = finished_game(track_credits=True, missions=True)
    game["players"][0]["mission"] = {
        "dealt": ["Lap of Luxury", "X"],
        "kept": "Lap of Luxury",
        "reward": 10,
        "most": "luxury_habitation",
    }
    game["players"][1]["mission"] = {"dealt": ["Y", "Z"], "kept": "Z", "reward": 7}
    with pytest.raises(StartropolisError) as caught:
        table_from_session(game)
    assert (
        str(caught.value)
        == 'missions_achieved.bob: is required: did bob achieve "Z"? (true or false)'
    )
    table = table_from_session(game, missions_achieved={"bob": True})
    bob = next(p for p in score(table)["players"] if p["player"] == "bob")
    assert bob["mission"] == 7


# --- canonical files


def test_canonical_session_round_trips_byte_for_byte():
    game = json.loads(json.dumps(PRINTED_SESSION))
    game["rounds"][0]["purchases"][0] = {
        "module": {"type": "luxury_habitation", "id": "m1"},
        "slot": 6,
        "option": "buy",
        "player": "emily",
    }
    once = json.dumps(canonical_session(game), indent=2, ensure_ascii=False)
    twice = json.dumps(canonical_session(json.loads(once)), indent=2, ensure_ascii=False)
    assert once == twice
    assert list(json.loads(once)["rounds"][0]["purchases"][0]) == [
        "player",
        "option",
        "slot",
        "module",
    ]
    assert json.loads(once)["rules"]["spend_basis"] == "printed"
    assert play(json.loads(once))["credits"] == play(PRINTED_SESSION)["credits"]


def test_canonical_table_round_trips_byte_for_byte():
    table = {
        "players": [
            {
                "revenue": 3,
                "credits": 10,
                "faction": "a",
                "modules": [{"cost": 5, "card": "bank", "type": "market_center"}],
            },
            {"faction": "b", "credits": 11, "revenue": 2},
        ],
        "rules": {"players": 2},
    }
    once = json.dumps(canonical_table(table), indent=2, ensure_ascii=False)
    twice = json.dumps(canonical_table(json.loads(once)), indent=2, ensure_ascii=False)
    assert once == twice
    first = json.loads(once)
    assert list(first) == ["format", "version", "rules", "players"]
    assert list(first["players"][0]) == ["faction", "credits", "revenue", "modules"]
    assert list(first["players"][0]["modules"][0]) == ["type", "card", "cost"]


# --- the readings' settings


def civic_last_game(negative_revenue: str) -> dict:
    # ann's Civic earns 6M as First, then the redeal makes her Last: −3M at once (ST-R11).
    return session(
        ["ann", "bob"],
        [
            round_([civic("ann", "m1"), pass_("bob")], [attach("m1", "core")]),
            round_([pass_("bob"), pass_("ann")]),
        ],
        negative_revenue=negative_revenue,
        track_credits=True,
    )


def test_civic_is_revalued_right_after_the_redeal():
    game = civic_last_game("floor")
    game["rounds"] = game["rounds"][:1]
    state = play(game)
    assert state["collected"]["ann"] == 6
    assert module(state, "m1")["why"] == "Last player order card"
    assert module(state, "m1")["revenue"] == -3


def test_negative_revenue_floor_stops_the_marker_at_0():
    game = civic_last_game("floor")
    after_round_1 = play({**game, "rounds": game["rounds"][:1]})
    assert after_round_1["revenue"]["ann"] == 0
    assert after_round_1["players"][0]["revenue_why"] == (
        "Civic m1 −3M = −3M; the marker stops at 0 (negative revenue is not paid)"
    )
    state = play(game)
    assert state["collected"]["ann"] == 0
    assert state["credits"]["ann"] == 14 - 3 + 6 + 5


def test_negative_revenue_pay_takes_it_from_the_player():
    game = civic_last_game("pay")
    after_round_1 = play({**game, "rounds": game["rounds"][:1]})
    assert after_round_1["track"] == {"-3": ["ann"], "0": ["bob"]}
    state = play(game)
    assert state["collected"]["ann"] == -3
    assert state["credits"]["ann"] == 14 - 3 + 6 + 5 - 3
    # The redeal makes ann First again: her Civic is back to 6M (ST-R11).
    assert state["revenue"]["ann"] == 6


def test_solar_counts_itself_or_not():
    # Reading ST-R2 and its setting.
    built = station(("s", "solar", "a", ["core"]))
    assert revenues(built, ["a"]).modules["s"].revenue == 3
    assert revenues(built, ["a"], solar_counts_itself=False).modules["s"].revenue == 2


def test_police_counts_the_core_as_residential_or_commercial():
    # Reading ST-R1: the Core is wild in the Police owner's favour.
    built = station(("p", "police", "a", ["core"]))
    assert revenues(built, ["a"]).modules["p"].revenue == 5


def test_broadcast_on_a_negative_host_rounds_up():
    # Reading ST-R14: ceil(−3/2) = −1.
    built = station(("c", "civic", "a", ["core"]), ("b", "broadcast", "a", ["c"]))
    report = revenues(built, ["a"], cards={"a": "last"})
    assert report.modules["b"].revenue == -1


# --- speed


def test_a_four_player_game_replays_well_under_50_ms():
    game = full_game(
        ["a", "b", "c", "d"],
        ["basic_habitation", "solar", "supply", "market_center", "luxury_habitation", "police"],
        track_credits=True,
    )
    assert len(game["rounds"]) == 5
    best = min(_timed(game) for _ in range(5))
    assert best < 0.050


def _timed(game: dict) -> float:
    start = time.perf_counter()
    play(game)
    return time.perf_counter() - start


# --- advanced cards and entered figures


def test_an_advanced_card_earns_the_revenue_the_table_enters():
    game = session(
        ["ann", "bob"],
        [
            round_(
                [buy("ann", "m1", "supply", card="smelter", cost=6), pass_("bob")],
                [attach("m1", "core")],
                card_revenue={"m1": 4},
                revenue_adjustments={"bob": 2},
                credit_adjustments={"bob": -25},
            ),
        ],
        track_credits=True,
    )
    state = play(game)
    assert module(state, "m1")["why"] == "advanced card smelter: revenue entered by the table"
    assert (module(state, "m1")["revenue"], module(state, "m1")["cost"]) == (4, 6)
    assert state["collected"] == {"ann": 4, "bob": 2}
    assert state["credits"]["bob"] == 0  # 14 + 5 + 2, then −25 stops at 0
    assert state["spend"] == {"ann": 6, "bob": 0}
    game["rounds"].append(round_([pass_(p) for p in state["order"]]))
    assert play(game)["collected"] == {"ann": 4, "bob": 2}  # entered figures carry over


def test_the_final_round_reminds_a_bank_owner_to_withdraw():
    # Reading ST-R9: money on the Bank card is not in hand at the end.
    rounds = [
        round_(
            [buy("ann", "m1", "market_center", card="bank", invest={"m1": 2}), pass_("bob")],
            [attach("m1", "core")],
        )
    ]
    game = session(["ann", "bob"], rounds, track_credits=True)
    while play(game)["next_round"] < 7:
        order = play(game)["order"]
        game["rounds"].append(round_([pass_(p) for p in order]))
    state = play(game)
    if state["next"]["player"] != "ann":
        game["rounds"].append(round_([pass_("bob")]))
        state = play(game)
    step = state["next"]
    assert step["player"] == "ann"
    assert step["bank"] == [{"module": "m1", "invested": 2, "may_invest": 2, "may_withdraw": 2}]
    assert step["reminders"][-1] == (
        "Money on a Bank card is not in hand at the end of the game: withdraw it this turn."
    )
