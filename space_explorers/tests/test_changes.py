"""`change_step`: an earlier step changed, the later steps kept and replayed; a later step the
change makes impossible is named in the players' words, and only the person's explicit choice
takes steps back."""

from __future__ import annotations

import copy

import pytest

import space_explorers
from space_explorers.changes import StepNoLongerFits, change_step, step_name, steps_before
from space_explorers.tests.factory import PRINTED_SESSION


def session(turns: list) -> dict:
    data = copy.deepcopy(PRINTED_SESSION)
    data["turns"] = turns
    return data


def you(**turn) -> dict:
    return {"you": {"action": "take", "from": "deck", **turn}}


def them(division) -> dict:
    return {"opponent": {"division": division}}


def broken(data: dict, index: int, turn: dict) -> StepNoLongerFits:
    with pytest.raises(StepNoLongerFits) as refusal:
        change_step(data, index, turn)
    return refusal.value


def test_step_names_count_rounds_from_one_you_first():
    assert [step_name(i) for i in (0, 1, 6, 7)] == [
        "Round 1, your turn",
        "Round 1, the Opponent’s turn",
        "Round 4, your turn",
        "Round 4, the Opponent’s turn",
    ]


def test_a_change_keeps_every_later_step_and_replays():
    data = session(PRINTED_SESSION["turns"])
    changed = change_step(data, 1, them("construction"))
    assert changed["turns"][0] == data["turns"][0]
    assert changed["turns"][2:] == data["turns"][2:]
    state = space_explorers.play(changed)
    assert state["opponent"]["divisions"]["construction"] == 1
    assert state["opponent"]["divisions"]["science"] == 0
    assert data["turns"][1] == them("science")  # the input is not touched


def test_the_changed_step_itself_is_checked_at_its_own_path():
    data = session(PRINTED_SESSION["turns"])
    with pytest.raises(space_explorers.SpaceExplorersError) as refusal:
        change_step(data, 0, {"you": {"action": "recruit", "from": "deck"}})
    assert not isinstance(refusal.value, StepNoLongerFits)
    assert refusal.value.path == "turns[0].you.from"


def test_payment_cards_no_longer_in_hand():
    data = session(PRINTED_SESSION["turns"])
    error = broken(data, 0, {"you": {"action": "recruit", "from": "center", "slot": 2}})
    assert error.step == 2
    assert error.path == "turns[2].you.cards_to_center"
    assert error.said == (
        "Round 2, your turn: you no longer have 1 hand card to return to the Center as payment: "
        "your hand holds 0 cards besides the one you recruit by then"
    )


def test_an_empty_hand():
    turns = [
        you(action="take", **{"from": "center", "slot": 2}),
        them("science"),
        you(action="recruit", **{"from": "hand"}),
        them("science"),
        you(action="recruit", **{"from": "hand"}),
    ]
    error = broken(session(turns), 0, {"you": {"action": "recruit", "from": "center", "slot": 2}})
    assert (error.step, error.said) == (
        4,
        "Round 3, your turn: your hand is empty by then, so you no longer have a card to "
        "recruit from it",
    )


def test_tokens_no_longer_held():
    turns = [you(), them("science"), you(tokens_set_aside=6)]
    error = broken(session(turns), 0, you(tokens_set_aside=5))
    assert error.said == (
        "Round 2, your turn: you no longer hold 6 Research tokens to pass: you hold 1 by then"
    )


def seven_science_then(round_8: str, launched: list[str], last: dict) -> list:
    """Sputnik 1 (science) pushed to 7 in rounds 1-7; `launched` launched in your first turns;
    round 8's Opponent recruits `round_8`; round 9 is `last`."""
    turns = []
    for number in range(7):
        launch = launched[number] if number < len(launched) else None
        turns += [you(launch=launch), them("science")]
    return [*turns, you(), them(round_8), last]


def test_a_launch_of_a_tile_the_opponent_has_completed_by_then():
    turns = seven_science_then("construction", ["Telstar 1"], you(launch="Sputnik 1"))
    data = session(turns)
    space_explorers.play(data)
    error = broken(data, 15, them("science"))
    assert (error.step, error.said) == (
        16,
        "Round 9, your turn: you can no longer launch Sputnik 1: the Opponent has completed it "
        "by then",
    )
    # The person's choice: take back round 9 onward; the change is made, nothing else kept.
    taken = change_step(data, 15, them("science"), take_back_from=16)
    assert taken["turns"] == [*turns[:15], them("science")]
    assert space_explorers.play(taken)["opponent"]["completed"] == ["Sputnik 1"]


def test_a_step_after_the_game_is_over_by_then():
    others = ["Telstar 1", "Explorer 1", "Mariner 2", "Vostok 1"]
    turns = seven_science_then("construction", others, you(launch="Sputnik 1"))
    data = session(turns)
    error = broken(data, 15, them("science"))
    assert error.said == (
        "Round 9, your turn: the game is already over by then, so this step no longer happens"
    )


def test_the_opponent_with_an_empty_center_or_a_full_one():
    data = session([you(), them("science"), you()])
    with pytest.raises(space_explorers.SpaceExplorersError) as refusal:
        change_step(data, 1, them(None))
    assert refusal.value.path == "turns[1].opponent.division"


def test_a_stale_take_back_is_refused():
    data = session(PRINTED_SESSION["turns"])
    with pytest.raises(space_explorers.SpaceExplorersError) as refusal:
        change_step(data, 1, them("construction"), take_back_from=2)
    assert "nothing needs taking back" in str(refusal.value)


def test_steps_before_is_the_state_before_each_step():
    data = session(PRINTED_SESSION["turns"])
    states = steps_before(data)
    assert len(states) == 4
    for index in range(4):
        assert states[index].to_dict() == space_explorers.play(session(data["turns"][:index]))
