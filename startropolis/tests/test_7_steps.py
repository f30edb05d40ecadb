"""The session's log one step at a time (`startropolis.steps`): where each step goes, and undo
taking back exactly the last one, so that every state of a game is a replay of its log."""

from __future__ import annotations

import copy

import pytest

from startropolis import StartropolisError, play, steps
from startropolis.tests.builders import attach, buy, full_game, hold, pass_, session

PLAYERS = ["ann", "bob", "cat"]


def test_a_purchase_opens_the_round_it_belongs_to():
    game = session(PLAYERS)
    game = steps.add_purchase(game, buy("ann", "m1", "supply"))
    assert game["rounds"] == [{"purchases": [buy("ann", "m1", "supply")]}]
    assert play(game)["next"]["player"] == "bob"


def test_the_given_session_is_never_changed():
    game = session(PLAYERS)
    kept = copy.deepcopy(game)
    steps.add_purchase(game, buy("ann", "m1", "supply"))
    assert game == kept


def test_a_step_of_another_phase_is_refused_with_where_the_table_is():
    game = session(PLAYERS)
    with pytest.raises(StartropolisError) as refused:
        steps.add_attachment(game, attach("m1", "core"))
    assert str(refused.value) == (
        "rounds: the table has moved on: it is round 1's Purchase Phase now"
    )


def three_bought() -> dict:
    game = session(PLAYERS)
    for entry in (buy("ann", "m1", "supply"), buy("bob", "m2", "solar"), pass_("cat")):
        game = steps.add_purchase(game, entry)
    return game


def test_attachments_go_last_to_first_and_the_revenue_phase_runs_by_itself():
    game = three_bought()
    game = steps.add_attachment(game, attach("m2", "core"))
    game = steps.add_attachment(game, attach("m1", "m2"))
    state = play(game)
    assert state["round"] == 2 and state["phase"] == "purchase"
    assert state["collected"] == {"ann": 3, "bob": 3, "cat": 0}
    # The next purchase opens round 2.
    game = steps.add_purchase(game, pass_(state["next"]["player"]))
    assert len(game["rounds"]) == 2


def test_undo_takes_back_one_step_at_a_time_to_the_empty_log():
    game = three_bought()
    game = steps.add_attachment(game, attach("m2", "core"))
    game = steps.add_attachment(game, hold("ann"))
    states = []
    while steps.step_count(game):
        states.append(play(game)["next"])
        game = steps.without_last_step(game)
    assert game["rounds"] == []
    assert len(states) == 5
    with pytest.raises(StartropolisError) as refused:
        steps.without_last_step(game)
    assert str(refused.value) == "rounds: has no step to take back"


def test_undo_of_the_dice_waits_for_them_again():
    game = session(PLAYERS, modules_in_play=["fusion", "supply", "civic"])
    for entry in (buy("ann", "f1", "fusion"), pass_("bob"), pass_("cat")):
        game = steps.add_purchase(game, entry)
    game = steps.add_attachment(game, attach("f1", "core"))
    assert play(game)["next"]["rolls_needed"] == ["f1"]
    rolled = steps.set_fusion_rolls(game, {"f1": 3})
    assert play(rolled)["collected"]["ann"] == 5
    assert play(steps.without_last_step(rolled))["next"]["phase"] == "revenue"


def test_the_rounds_figures_are_kept_and_changed_in_place():
    game = three_bought()
    game = steps.set_round_figures(game, {"revenue_adjustments": {"cat": 2}})
    assert steps.round_figures(game) == {"revenue_adjustments": {"cat": 2}}
    game = steps.set_round_figures(game, {"credit_adjustments": {"bob": -1}})
    assert steps.round_figures(game) == {"credit_adjustments": {"bob": -1}}
    assert game["rounds"][0]["purchases"][2] == pass_("cat")


def test_figures_for_a_round_not_started_are_one_step_undo_takes_back():
    game = three_bought()
    game = steps.add_attachment(game, hold("bob"))
    game = steps.add_attachment(game, hold("ann"))
    assert play(game)["round"] == 2
    with_figures = steps.set_round_figures(game, {"revenue_adjustments": {"ann": 3}})
    assert with_figures["rounds"][1] == {"revenue_adjustments": {"ann": 3}}
    assert play(with_figures)["round"] == 2
    assert steps.without_last_step(with_figures) == game


def test_module_ids_follow_the_log():
    game = session(PLAYERS)
    assert steps.next_module_id(game) == "m1"
    game = steps.add_purchase(game, buy("ann", "m7", "supply"))
    game = steps.add_purchase(game, buy("bob", "station-a", "solar"))
    assert steps.next_module_id(game) == "m8"


def test_a_mission_is_set_and_removed_for_one_player():
    game = session(PLAYERS, missions=True)
    mission = {"dealt": ["A", "B"], "kept": "B", "reward": 5}
    game = steps.with_mission(game, "bob", mission)
    assert game["players"][1]["mission"] == mission
    assert play(game)["missions"]["bob"]["kept"] == "B"
    assert "mission" not in steps.with_mission(game, "bob", None)["players"][1]
    with pytest.raises(StartropolisError):
        steps.with_mission(game, "dan", mission)


def test_a_whole_game_undone_step_by_step_replays_every_earlier_state():
    game = full_game(PLAYERS, ["basic_habitation", "solar", "supply", "market_center"])
    count = steps.step_count(game)
    assert play(game)["game_over"] is True
    seen = 0
    while steps.step_count(game):
        game = steps.without_last_step(game)
        play(game)  # every earlier log is a valid game
        seen += 1
    assert seen == count
