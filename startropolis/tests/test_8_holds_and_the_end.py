"""The session format as the contract writes it (OTHER-GAMES.md §2.10, CONTRACTS §3).

- Attachment turns are `{module, to}`: a turn with no attachment is a hold (ST:124, "a player
  does not wish to attach their module": it is held for a future turn). The explicit
  `{"player", "hold": true}` the web tracker writes reads the same.
- The game ends after the final round's collection (ST:156): the Revenue Track keeps the income
  the players collected, which is the tie-break's "furthest ahead on the Revenue Track" (ST:162).
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from startropolis import StartropolisError, play, score, table_from_session
from tests.budget import examples

from .builders import attach, buy, civic, hold, pass_, round_, session
from .test_6_properties import driven_games

THREE = ["emily", "caleb", "rosa"]
SLOW = settings(
    max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def contract_form(game: dict) -> dict:
    """The session as the contract writes it: no explicit holds; a finished round carries its
    Revenue Phase's `fusion_rolls` (empty without a reactor), as the printed example does."""
    written = copy.deepcopy(game)
    finished = play(game)
    for number, entry in enumerate(written["rounds"], start=1):
        entry["attachments"] = [a for a in entry.get("attachments", []) if "hold" not in a]
        if finished["game_over"] or number < len(written["rounds"]):
            entry.setdefault("fusion_rolls", {})
    return written


def without_log(state: dict) -> dict:
    return {key: value for key, value in state.items() if key != "log"}


# --- table tests: each place a skipped turn can be


def three_buy(first: str = "luxury_habitation") -> list[dict]:
    return [buy("emily", "m1", first), buy("caleb", "m2", "supply"), buy("rosa", "m3", "solar")]


CASES = {
    # Last→First is rosa, caleb, emily: caleb's turn is skipped in the middle of pass 1.
    "skipped in the middle": (
        [round_(three_buy(), [attach("m3", "core"), attach("m1", "core")], fusion_rolls={})],
        [round_(three_buy(), [attach("m3", "core"), hold("caleb"), attach("m1", "core")])],
    ),
    # Nothing after rosa's attachment, but a second round follows: caleb and emily held.
    "skipped at the end, a round follows": (
        [
            round_(three_buy(), [attach("m3", "core")]),
            round_([pass_("emily"), pass_("caleb"), pass_("rosa")]),
        ],
        [
            round_(three_buy(), [attach("m3", "core"), hold("caleb"), hold("emily")]),
            round_([pass_("emily"), pass_("caleb"), pass_("rosa")]),
        ],
    ),
    # The round's Revenue Phase key is written: everyone still holding held.
    "nobody attached, the round's dice key written": (
        [round_(three_buy(), [], fusion_rolls={})],
        [round_(three_buy(), [hold("rosa"), hold("caleb"), hold("emily")])],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_skipped_attachment_turn_is_a_hold(name):
    implicit, explicit = CASES[name]
    assert without_log(play(session(THREE, implicit))) == without_log(
        play(session(THREE, explicit))
    )
    assert play(session(THREE, implicit))["log"] == play(session(THREE, explicit))["log"]


def test_the_printed_example_with_caleb_holding_his_civic():
    rounds = [
        round_(
            [
                buy("emily", "m1", "luxury_habitation"),
                civic("caleb", "m2", 5),
                pass_("rosa"),
            ],
            [attach("m1", "core")],
            fusion_rolls={},
        )
    ]
    state = play(session(THREE, rounds))
    assert state["next_round"] == 2
    m2 = next(m for m in state["modules"] if m["id"] == "m2")
    assert (m2["attached"], m2["revenue"]) == (False, 0)
    assert state["collected"] == {"emily": 6, "caleb": 0, "rosa": 0}
    assert "caleb holds m2 for a later round" in [e["text"] for e in state["log"]]


def test_a_skipped_turn_in_the_second_pass():
    # Round 1: caleb and rosa skip (hold); round 2: each buys again, so caleb and rosa have two
    # modules to attach: pass 1 everyone attaches one, pass 2 the first of them is skipped.
    game = session(THREE, [round_(three_buy(), [attach("m1", "core")], fusion_rolls={})])
    game["rounds"].append(round_([]))
    order = play(game)["order"]
    bought = {"emily": "m4", "caleb": "m5", "rosa": "m6"}
    kinds = {"emily": "market_center", "caleb": "basic_habitation", "rosa": "basic_habitation"}
    game["rounds"][1]["purchases"] = [buy(p, bought[p], kinds[p]) for p in order]
    first_pass = [attach(bought[p], "core") for p in reversed(order)]
    second = [p for p in reversed(order) if p != "emily"]
    skipped, attaching = second
    earlier = {"caleb": "m2", "rosa": "m3"}
    implicit = copy.deepcopy(game)
    implicit["rounds"][1]["attachments"] = [*first_pass, attach(earlier[attaching], "core")]
    implicit["rounds"][1]["fusion_rolls"] = {}
    explicit = copy.deepcopy(game)
    explicit["rounds"][1]["attachments"] = [
        *first_pass,
        hold(skipped),
        attach(earlier[attaching], "core"),
    ]
    state = play(implicit)
    assert without_log(state) == without_log(play(explicit))
    assert state["next_round"] == 3
    held = [m["id"] for m in state["modules"] if not m["attached"]]
    assert held == [earlier[skipped]]


def test_an_unfinished_attachment_phase_still_waits_at_the_end_of_the_log():
    # No later round and no Revenue Phase key: the log stops where the table stands.
    state = play(session(THREE, [round_(three_buy(), [attach("m3", "core")])]))
    assert state["next"]["phase"] == "attachment"
    assert state["next"]["player"] == "caleb"


def test_a_module_of_a_player_who_held_is_refused_with_a_sentence():
    game = session(THREE, [round_(three_buy(), [attach("m1", "core"), attach("m2", "core")])])
    with pytest.raises(StartropolisError) as caught:
        play(game)
    assert str(caught.value) == (
        "rounds[0].attachments[1].module: caleb held their modules earlier in this round (a "
        "turn with no attachment is a hold, ST:124); m2 waits for a later round"
    )


# --- property: generated valid sessions read the same in both forms


@SLOW
@given(driven_games())
def test_generated_sessions_read_the_same_without_explicit_holds(driven):
    game, states, _ = driven
    written = contract_form(game)
    assert without_log(play(written)) == without_log(states[-1])
    assert play(written)["log"] == states[-1]["log"]
    credits = None if "credits" in states[-1] else {p: 10 for p in states[-1]["revenue"]}
    assert score(table_from_session(written, credits=credits)) == score(
        table_from_session(game, credits=credits)
    )


@SLOW
@given(driven_games(), st.data())
def test_a_prefix_of_a_contract_form_session_is_valid(driven, data):
    game, _, _ = driven
    written = contract_form(game)
    cut = data.draw(st.integers(0, len(written["rounds"])))
    written["rounds"] = written["rounds"][:cut]
    play(written)


# --- the end of the game: the track keeps what was collected


def civic_game() -> dict:
    """Four players, five rounds: ann buys a Civic in round 1 and it swings between First (6M)
    and Last (−3M) with the order cards; everyone else passes."""
    players = ["ann", "bob", "cy", "dee"]
    game = session(players, track_credits=True)
    while True:
        step = play(game)["next"]
        if step["phase"] == "game_over":
            return game
        rounds = game["rounds"]
        if step["phase"] == "purchase":
            if len(rounds) < step["round"]:
                rounds.append({"purchases": [], "attachments": []})
            if step["player"] == "ann" and step["round"] == 1:
                rounds[-1]["purchases"].append(civic("ann", "c1"))
            else:
                rounds[-1]["purchases"].append(pass_(step["player"]))
        else:
            rounds[-1]["attachments"].append(attach("c1", "core"))


def test_after_the_final_round_the_track_holds_what_each_player_collected():
    game = civic_game()
    state = play(game)
    assert state["game_over"] is True
    assert state["revenue"] == state["collected"]
    table = table_from_session(game)
    assert {p["player"]: p["revenue"] for p in table["players"]} == state["collected"]
    final_round = [e["text"] for e in state["log"] if e["round"] == 5]
    assert not any(text.startswith("new order") for text in final_round)


@SLOW
@given(driven_games())
def test_generated_games_end_with_the_collected_income_on_the_track(driven):
    _, states, _ = driven
    final = states[-1]
    for player, collected in final["collected"].items():
        if collected >= 0:
            assert final["revenue"][player] == collected


# --- names that differ only in case are one name


def test_factions_differing_only_in_case_are_refused():
    game = session(THREE, [], factions={"emily": "Fungi", "caleb": "fungi", "rosa": "x"})
    with pytest.raises(StartropolisError) as caught:
        play(game)
    assert str(caught.value) == (
        'players[1].faction: "fungi" is also players[0]\'s faction (names are compared ignoring '
        "case); each faction is played once"
    )


def test_a_table_with_factions_or_missions_differing_only_in_case_is_refused():
    from startropolis import validate_table

    def player(faction: str, mission: str) -> dict:
        return {
            "faction": faction,
            "credits": 10,
            "revenue": 3,
            "mission": {"name": mission, "reward": 5, "achieved": True},
        }

    table = {
        "format": "startropolis-table",
        "version": 1,
        "rules": {"players": 2, "missions": True},
        "players": [player("Broodmaster", "Lap of Luxury"), player("BROODMASTER", "lap of luxury")],
    }
    problems = [str(p) for p in validate_table(table)]
    assert problems == [
        'players[1].faction: "BROODMASTER" is also players[0]\'s faction (names are compared '
        "ignoring case); each faction is played once",
        'players[1].mission.name: "lap of luxury" is also players[0]\'s mission (names are '
        "compared ignoring case); each Mission Card is dealt once",
    ]


def test_mission_cards_differing_only_in_case_are_refused():
    game = session(["ann", "bob"], [], missions=True)
    game["players"][0]["mission"] = {"dealt": ["Lap of Luxury", "X"], "kept": "X", "reward": 5}
    game["players"][1]["mission"] = {"dealt": ["lap of luxury", "Y"], "kept": "Y", "reward": 5}
    with pytest.raises(StartropolisError) as caught:
        play(game)
    assert str(caught.value) == (
        'players[1].mission.dealt[0]: "lap of luxury" is also dealt to ann (names are compared '
        "ignoring case); each Mission Card is dealt once"
    )
