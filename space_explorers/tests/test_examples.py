"""The examples the solo rulebook prints (SE-E1…SE-E5), then the derived tests of §1.6 and §1.10.

OTHER-GAMES.md §1.6: the printed examples first, then what follows from the rules.
"""

import copy
import itertools

from space_explorers import play, score
from space_explorers.rules import big_division_bonus
from space_explorers.tests.factory import (
    PRINTED_SCORE,
    PRINTED_SESSION,
    PRINTED_STATE,
    SCIENCE_TILES,
    contains,
    deck_run_out,
    error_line,
    opponent,
    rounds,
    session,
    table,
    tile,
    you,
)

SE_E3_SPLIT = {"engineering": 4, "testing": 3, "science": 3, "construction": 2, "space_flight": 2}


# --- printed examples ----------------------------------------------------------------------


def test_se_e1_the_opponent_scores_2_per_specialist_plus_its_completed_tiles():
    # SE:167: 14 Specialists ("142=28" is a lost "14×2") and Projects of 3 and 4: 35.
    result = score(table())
    assert result["opponent"]["specialists"] == 14
    assert result["opponent"]["progress"]["specialists"] == 28
    assert result["opponent"]["progress"]["projects"] == 3 + 4
    assert result["opponent"]["total"] == 35
    assert result["opponent"]["why"]["specialists"] == "2 Progress points × 14 Specialists"


def test_se_e1_the_printed_score_sheet():
    result = score(table())
    printed = copy.deepcopy(PRINTED_SCORE)
    mariner = printed.pop("projects")[0]
    assert contains(result, printed)
    # §1.9 shows one of the five tiles; the output lists all five.
    assert len(result["projects"]) == 5
    assert contains(result["projects"][4], mariner)


def test_se_e2_a_division_of_5_scores_plus_1_plus_2_plus_2_with_variant_4():
    # SE:189 "(so a Division with 5 Specialists would score +1, +2, and +2)".
    tiles = [dict(t, completed_by=None) for t in table()["projects"]]
    divisions = {"engineering": 5, "testing": 0, "science": 0, "construction": 0}
    result = score(
        table(
            variants={"opponent_big_divisions": True},
            projects=tiles,
            opponent={"divisions": {**divisions, "space_flight": 0}},
        )
    )
    assert result["opponent"]["progress"]["big_divisions"] == 1 + 2 + 2
    assert result["opponent"]["why"]["big_divisions"] == (
        "Variant #4: Engineering (5 Specialists) +1 +2 +2"
    )
    assert [big_division_bonus(n) for n in range(7)] == [0, 0, 0, 1, 3, 5, 7]


def test_se_e3_the_se_e1_hub_scores_33_instead_of_28_with_variant_4():
    # SE:191; the only split of 14 over 5 Divisions whose bonus is 5 is {4,3,3,2,2}.
    result = score(table(variants={"opponent_big_divisions": True}))
    progress = result["opponent"]["progress"]
    assert progress["specialists"] + progress["big_divisions"] == 33
    assert result["opponent"]["why"]["big_divisions"] == (
        "Variant #4: Engineering (4 Specialists) +1 +2, Testing (3 Specialists) +1, "
        "Science (3 Specialists) +1"
    )


def test_se_e4_a_science_recruit_moves_each_yellow_tile_once_and_refills_from_the_deck():
    # SE:143-147: 3 of the 5 tiles show yellow; the Scientist shows two Science skills, but the
    # tiles move one position, not two. The temporary row is empty: the deck refills.
    tiles = [
        tile("Sputnik 1", 3, science=2, testing=1),
        tile("Telstar 1", 2, science=1, construction=1),
        tile("Explorer 1", 3, science=1),
        tile("Mariner 2", 5, space_flight=2),
        tile("Vostok 1", 4, engineering=1, testing=1),
    ]
    before = play(session([you("take", "deck")], tiles))
    assert before["opponent_next"]["slot"] == 0
    assert before["opponent_next"]["refill_from"] == "deck"
    assert before["center"]["temporary_row"] == 0
    state = play(session([you("take", "deck"), opponent("science")], tiles))
    assert [p["position"] for p in state["projects"]] == [1, 1, 1, 0, 0]
    assert state["center"]["marker_slot"] == 1
    assert state["center"]["deck"] == before["center"]["deck"] - 1
    assert state["history"][-1] == (
        "Round 1: the Opponent recruited the card in slot 1 into Science; a card from the deck "
        "filled the slot; Sputnik 1, Telstar 1 and Explorer 1 moved one position."
    )


def test_se_e5_you_recruit_the_card_above_the_marker_paying_with_tokens_and_a_hand_card():
    # SE:114: the Astronaut (above the marker) is recruited; the Tester goes to the Center first
    # (SE-R2) and fills the vacancy; the set-aside tokens go under the Opponent's stack at the
    # end of the turn, after you took its top token (SE:112).
    turn = you("recruit", "center", slot=0, cards_to_center=1, tokens_set_aside=2)
    state = play(session([turn]))
    assert state["you"] == {"specialists": 1, "hand": 0, "launched": []}
    assert state["center"] == {"marker_slot": 1, "temporary_row": 0, "deck": 53, "empty_slots": []}
    assert state["opponent"]["token_stack"] == 5 - 1 + 2


# --- derived tests of §1.6 ----------------------------------------------------------------


def test_the_marker_at_slot_5_moves_to_slot_0():
    state = play(session(rounds(5)))
    assert state["center"]["marker_slot"] == 5
    assert play(session(rounds(6)))["center"]["marker_slot"] == 0


def test_taking_a_card_that_is_not_above_the_marker_leaves_the_marker():
    state = play(session([you("take", "center", slot=3)]))
    assert state["center"]["marker_slot"] == 0
    assert state["center"]["deck"] == 52


def test_an_empty_stack_at_the_end_of_your_turn_gives_you_nothing_and_takes_the_set_aside():
    emptied = rounds(5)
    assert play(session(emptied))["opponent"]["token_stack"] == 0
    state = play(session([*emptied, you("take", "deck", tokens_set_aside=3)]))
    assert state["opponent"]["token_stack"] == 3
    assert state["history"][-1].endswith(
        "the Opponent's stack was empty, then 3 set-aside tokens went under it."
    )


def test_se_e1_with_all_four_variants_and_the_4_specialist_division_favoured_scores_52():
    # 35 + 4 (Variant #2: 2 tiles) + 8 (Variant #3: 4 Engineering) + 5 (Variant #4) = 52.
    # With Variant #1 a tile left on the track has at most 6 matching recruits: Mariner 2 here
    # shows Space Flight and Construction only (2 + 2).
    data = table(
        variants={
            "projects_start_advanced": True,
            "opponent_project_bonus": True,
            "opponent_favoured_division": "engineering",
            "opponent_big_divisions": True,
        }
    )
    data["projects"][4]["skills"] = {"space_flight": 2, "construction": 1}
    result = score(data)
    assert result["opponent"]["progress"] == {
        "specialists": 28,
        "projects": 7,
        "project_bonus": 4,
        "favoured_division": 8,
        "big_divisions": 5,
    }
    assert result["opponent"]["total"] == 52
    assert result["projects"][4]["position"] == 1 + 4
    # SE-R4: the tie-break counts the printed tile values, not Variant #2's bonus.
    assert result["project_points"] == {"you": 5, "opponent": 7}


def test_the_only_split_of_14_specialists_with_a_variant_4_bonus_of_5_is_4_3_3_2_2():
    splits = set()
    for first_four in itertools.product(range(15), repeat=4):
        last = 14 - sum(first_four)
        counts = (*first_four, last)
        if last >= 0 and sum(big_division_bonus(n) for n in counts) == 5:
            splits.add(tuple(sorted(counts, reverse=True)))
    assert splits == {(4, 3, 3, 2, 2)}
    assert tuple(sorted(SE_E3_SPLIT.values(), reverse=True)) == (4, 3, 3, 2, 2)


def test_a_game_ended_by_the_last_tile_during_the_opponents_turn_has_no_further_turn():
    # You launch four tiles; the Opponent's 8th Engineering recruit completes Vostok 1 (SE-R5).
    launches = [
        you("take", "deck", launch=name)
        for name in ("Sputnik 1", "Telstar 1", "Explorer 1", "Mariner 2")
    ]
    turns = []
    for round_number in range(8):
        turns.append(launches[round_number] if round_number < 4 else you("take", "deck"))
        turns.append(opponent("engineering"))
    state = play(session(turns))
    assert state["end"] == {
        "triggered": True,
        "trigger": "no_projects",
        "over": True,
        "triggered_on": {"player": "opponent", "round": 8},
        "sentence": "Game over: the Opponent completed the last Project on the track",
    }
    assert state["next"] is None
    assert state["round"] == 8
    assert state["opponent"]["completed"] == ["Vostok 1"]
    assert error_line(play, session([*turns, you("take", "deck")])) == (
        "turns[16]: comes after the game is over (it ended with turns[15])"
    )


# --- derived tests of §1.10 ---------------------------------------------------------------


def test_the_printed_session_replays_to_the_printed_state():
    state = play(PRINTED_SESSION)
    printed = copy.deepcopy(PRINTED_STATE)
    sputnik = printed.pop("projects")[0]
    assert contains(state, printed)
    assert len(state["projects"]) == 5
    assert contains(state["projects"][0], sputnik)


def test_the_printed_session_step_by_step():
    turns = PRINTED_SESSION["turns"]

    def after(count: int) -> dict:
        return play({**PRINTED_SESSION, "turns": turns[:count]})

    # Turn 1 takes slot 2: the marker stays on 0, deck 53 → 52, hand 2; token step 5 → 4.
    first = after(1)
    assert first["center"]["marker_slot"] == 0
    assert first["center"]["deck"] == 52
    assert first["you"]["hand"] == 2
    assert first["opponent"]["token_stack"] == 4
    assert first["next"] == "opponent"
    # The Opponent takes slot 0 (marker → 1, deck → 51); Sputnik 1 → 1.
    second = after(2)
    assert second["center"]["marker_slot"] == 1
    assert second["center"]["deck"] == 51
    assert second["projects"][0]["position"] == 1
    # Turn 2 recruits from hand and returns one card: the main row is full, so the temporary
    # row holds 1, hand 0; token step 4 → 3 → 5.
    third = after(3)
    assert third["center"]["temporary_row"] == 1
    assert third["you"]["hand"] == 0
    assert third["you"]["specialists"] == 1
    assert third["opponent"]["token_stack"] == 5
    assert third["opponent_next"]["refill_from"] == "temporary_row"
    # The Opponent takes slot 1 (marker → 2) and the temporary row refills it; Sputnik 1 → 2.
    fourth = after(4)
    assert fourth["center"]["marker_slot"] == 2
    assert fourth["center"]["temporary_row"] == 0
    assert fourth["center"]["deck"] == 51
    assert fourth["projects"][0]["position"] == 2
    # 2 × 2 Specialists + 2 × 1 Testing Specialist (Variant #3); no tile yet for Variant #2.
    assert fourth["opponent"]["score_now"] == 6


def test_the_twelfth_recruit_triggers_the_end_and_the_opponent_takes_one_more_turn():
    recruit = you("recruit", "center", slot=5)
    turns = rounds(11, recruit, "testing") + [recruit]
    tiles = [tile(f"Tile {n}", 3, science=1) for n in range(5)]
    state = play(session(turns, tiles))
    assert state["you"]["specialists"] == 12
    assert state["end"] == {
        "triggered": True,
        "trigger": "twelve_specialists",
        "over": False,
        "triggered_on": {"player": "you", "round": 12},
        "sentence": (
            "Last round: you recruited your 12th Specialist; the Opponent takes one more turn"
        ),
    }
    assert state["next"] == "opponent"
    # The marker went round twice (SE:124) and stays on slot index 1 while you take slot 5.
    assert state["next_sentence"] == (
        "Last round: the Opponent recruits the card in slot 2: tap its Division (the top-most "
        "skill if it shows two)"
    )
    assert state["final"] is None
    over = play(session([*turns, opponent("testing")], tiles))
    assert over["end"]["over"] is True
    assert over["end"]["sentence"] == (
        "Game over: you recruited your 12th Specialist and the Opponent took its last turn"
    )
    assert over["next"] is None
    assert over["round"] == 12
    # Twelve Testing recruits moved no Science tile: all five remain on the track.
    assert [p["position"] for p in over["projects"]] == [0] * 5


def test_the_opponent_reaching_12_specialists_does_not_end_the_game():
    tiles = [tile(f"Tile {n}", 3, science=1) for n in range(5)]
    state = play(session(rounds(13, division="testing"), tiles))
    assert state["opponent"]["specialists"] == 13
    assert state["end"]["triggered"] is False
    assert state["next"] == "you"


# --- the readings of §1.7 that a session shows --------------------------------------------


def test_se_r1_every_vacancy_of_the_main_row_is_refilled_at_once():
    # SE:127's "fewer than 5 cards" is read as a misprint for 6: the row is kept full.
    turns = [you("take", "center", slot=4), opponent("testing")] * 3
    state = play(session(turns, SCIENCE_TILES))
    assert state["center"] == {
        "marker_slot": 3,
        "temporary_row": 0,
        "deck": 53 - 6,
        "empty_slots": [],
    }


def test_se_r3_without_a_deck_the_marker_skips_empty_slots_and_an_empty_center_gives_nothing():
    run_out = deck_run_out()
    state = play(session(run_out, SCIENCE_TILES))
    assert state["center"] == {"marker_slot": 3, "temporary_row": 0, "deck": 0, "empty_slots": [2]}
    assert state["history"][-1] == (
        "Round 27: the Opponent recruited the card in slot 3 into Testing; the slot stayed empty "
        "(no card left in the deck or the temporary row)."
    )
    assert "The Specialist deck is empty" in state["warnings"][0]
    # You take slot 4, the Opponent slot 3: the marker moves to 4, empty, and on to 5.
    turns = [*run_out, you("take", "center", slot=4), opponent("testing")]
    state = play(session(turns, SCIENCE_TILES))
    assert state["center"]["empty_slots"] == [2, 3, 4]
    assert state["center"]["marker_slot"] == 5
    # Take 5 (the marker wraps to 0), the Opponent takes 0, you take 1: the Center is empty.
    turns += [you("take", "center", slot=5), opponent("testing"), you("take", "center", slot=1)]
    state = play(session(turns, SCIENCE_TILES))
    assert state["center"]["empty_slots"] == [0, 1, 2, 3, 4, 5]
    assert (
        state["opponent_next"]["sentence"] == "The Center is empty: the Opponent recruits nothing"
    )
    turns.append(opponent(None))
    state = play(session(turns, SCIENCE_TILES))
    assert state["opponent"]["specialists"] == 27 + 2
    # A payment card comes back to the leftmost vacancy, and the marker moves onto it.
    turns.append(you("recruit", "hand", cards_to_center=1))
    state = play(session(turns, SCIENCE_TILES))
    assert state["center"]["empty_slots"] == [1, 2, 3, 4, 5]
    assert state["center"]["marker_slot"] == 0
