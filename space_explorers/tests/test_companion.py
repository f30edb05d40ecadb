"""What the phone pages need beyond the printed keys: sentences, warnings, the pre-filled score
sheet, the setup helpers, the canonical files, and the speed of a whole game's replay."""

import copy
import json
import time

import pytest

from space_explorers import (
    DIVISION_NAMES,
    DIVISIONS,
    PROJECT_NAMES,
    balanced_selection_warning,
    canonical_session,
    canonical_table,
    play,
    score,
    table_from_session,
)
from space_explorers.tests.factory import (
    PRINTED_SESSION,
    PRINTED_TABLE,
    SCIENCE_TILES,
    error_line,
    opponent,
    rounds,
    session,
    table,
    tile,
    you,
)

# --- setup helpers --------------------------------------------------------------------------


def test_the_nine_printed_project_names_in_the_printed_order():
    assert PROJECT_NAMES == (
        "Sputnik 1",
        "Telstar 1",
        "Explorer 1",
        "Mariner 2",
        "Sputnik 3",
        "Voskhod 2",
        "TIROS 1",
        "Gemini 4",
        "Vostok 1",
    )


def test_the_five_divisions_and_their_names():
    assert DIVISIONS == ("engineering", "testing", "science", "construction", "space_flight")
    assert [DIVISION_NAMES[d] for d in DIVISIONS] == [
        "Engineering",
        "Testing",
        "Science",
        "Construction",
        "Space Flight",
    ]


def balanced(*totals: int) -> list:
    return [tile(f"Tile {n}", 3, science=total) for n, total in enumerate(totals)]


def test_the_balanced_selection_note_of_variants_1_and_2():
    # SE:181: 1 Project with 2 skills, 3 with 3, 1 with 4; the order does not matter.
    assert balanced_selection_warning(balanced(3, 4, 3, 2, 3)) is None
    assert balanced_selection_warning(balanced(2, 2, 3, 4, 4)) == (
        "For a more balanced game with Variants #1 and #2 the rulebook recommends 1 Project with "
        "2 skills, 3 with 3 skills and 1 with 4 skills; these tiles show 2, 2, 3, 4, 4"
    )
    # Lenient while the tiles are being entered: a broken tile counts 0 skills.
    assert "these tiles show 0, 0, 2" in balanced_selection_warning(
        [{"skills": {"science": 2}}, {"skills": "x"}, 7]
    )
    assert balanced_selection_warning(None).endswith("these tiles show none")


def test_a_session_with_variants_1_and_2_shows_the_balanced_selection_note():
    state = play(session([], balanced(2, 2, 3, 4, 4), projects_start_advanced=True))
    assert state["setup_warnings"] == []
    state = play(
        session(
            [], balanced(2, 2, 3, 4, 4), projects_start_advanced=True, opponent_project_bonus=True
        )
    )
    assert len(state["setup_warnings"]) == 1
    assert [p["position"] for p in state["projects"]] == [1] * 5


# --- the turn runner's sentences and warnings ----------------------------------------------


def test_a_new_game_waits_for_your_first_turn():
    state = play(session())
    assert state["round"] == 1
    assert state["next"] == "you"
    assert state["center"] == {"marker_slot": 0, "temporary_row": 0, "deck": 53, "empty_slots": []}
    assert state["you"] == {"specialists": 0, "hand": 1, "launched": []}
    assert state["opponent"]["token_stack"] == 5
    assert state["next_sentence"] == (
        "Your turn: take a card into your hand or recruit one into your Hub"
    )
    assert state["final"] is None
    assert state["history"] == []


def test_after_your_turn_it_says_which_card_the_opponent_recruits():
    # Slots are counted from 1 at the left in sentences; the file counts from 0.
    state = play(session([you("take", "deck")]))
    assert state["opponent_next"] == {
        "slot": 0,
        "refill_from": "deck",
        "sentence": "The Opponent recruits the card in slot 1",
        "refill": "Then a card from the deck fills the slot",
    }
    assert state["next_sentence"] == (
        "The Opponent recruits the card in slot 1: tap its Division (the top-most skill if it "
        "shows two)"
    )


def test_a_tile_one_step_from_finish_is_a_warning():
    mariner = {"name": "Mariner 2", "points": 5, "skills": PRINTED_TABLE["projects"][4]["skills"]}
    tiles = [*SCIENCE_TILES[:3], tile("Vostok 1", 4, engineering=1), mariner]
    state = play(session(rounds(7, division="space_flight"), tiles))
    assert state["projects"][4]["position"] == 7
    assert state["projects"][4]["steps_to_finish"] == 1
    assert state["warnings"] == [
        "Mariner 2 is one step from Finish: any Science, Construction or Space Flight recruit "
        "takes it"
    ]
    state = play(session(rounds(8, division="space_flight"), tiles))
    assert state["projects"][4] | {"why": ""} == {
        "name": "Mariner 2",
        "position": 8,
        "steps_to_finish": 0,
        "advanced_by": ["construction", "science", "space_flight"],
        "completed_by": "opponent",
        "points": 5,
        "why": "",
    }
    assert state["opponent"]["completed"] == ["Mariner 2"]
    assert state["opponent"]["score_now"] == 2 * 8 + 5
    assert state["warnings"] == []
    assert state["history"][-1].endswith("Mariner 2 reached Finish: completed by your Opponent.")


def test_your_eleventh_specialist_is_a_warning():
    recruit = you("recruit", "center", slot=5)
    state = play(session(rounds(11, recruit), SCIENCE_TILES))
    assert state["warnings"] == [
        "You have 11 Specialists: your next recruit ends the game, and the Opponent then takes "
        "one more turn"
    ]


def test_launching_the_last_tile_on_your_turn_gives_the_opponent_one_more_turn():
    turns = []
    for name in ("Sputnik 1", "Telstar 1", "Explorer 1", "Mariner 2"):
        turns += [you("take", "deck", launch=name), opponent("testing")]
    turns.append(you("take", "deck", launch="Vostok 1"))
    state = play(session(turns, SCIENCE_TILES))
    assert state["end"]["trigger"] == "no_projects"
    assert state["end"]["sentence"] == (
        "Last round: no Project is left on the track; the Opponent takes one more turn"
    )
    assert state["next"] == "opponent"
    over = play(session([*turns, opponent("testing")], SCIENCE_TILES))
    assert over["end"]["over"] is True
    assert over["end"]["sentence"] == (
        "Game over: no Project is left on the track and the Opponent took its last turn"
    )
    assert over["you"]["launched"] == [t["name"] for t in SCIENCE_TILES]
    assert over["projects"][0]["position"] is None
    assert over["projects"][0]["steps_to_finish"] is None


def test_each_turn_is_told_in_a_sentence():
    assert play(PRINTED_SESSION)["history"] == [
        "Round 1: you took the card in slot 3 into your hand; a card from the deck filled the "
        "slot; you took the Opponent's top token.",
        "Round 1: the Opponent recruited the card in slot 1 into Science; a card from the deck "
        "filled the slot; Sputnik 1 moved one position.",
        "Round 2: you recruited a card from your hand into your Hub; 1 hand card went to the "
        "Center; you took the Opponent's top token, then 2 set-aside tokens went under it.",
        "Round 2: the Opponent recruited the card in slot 2 into Testing; the leftmost card of "
        "the temporary row filled the slot; Sputnik 1 moved one position.",
    ]


def test_the_opponents_score_now_explains_each_term():
    state = play(PRINTED_SESSION)
    assert state["opponent"]["progress"] == {
        "specialists": 4,
        "projects": 0,
        "project_bonus": 0,
        "favoured_division": 2,
        "big_divisions": 0,
    }
    assert state["opponent"]["why"] == {
        "specialists": "2 Progress points × 2 Specialists",
        "projects": "no Project completed by the Opponent",
        "project_bonus": "Variant #2: +2 Progress points × 0 completed Projects",
        "favoured_division": "Variant #3: +2 Progress points × 1 Specialist in Testing",
        "big_divisions": "Variant #4 is not in play",
    }


# --- the score sheet's sentences --------------------------------------------------------------


def test_every_opponent_term_of_the_printed_table_explains_itself():
    result = score(table())
    assert result["opponent"]["why"] == {
        "specialists": "2 Progress points × 14 Specialists",
        "projects": (
            "Sputnik 1 (3) + Vostok 1 (4): the points marked on the Projects the Opponent completed"
        ),
        "project_bonus": "Variant #2 is not in play",
        "favoured_division": "Variant #3 is not in play",
        "big_divisions": "Variant #4 is not in play",
    }
    assert result["you"]["why"]["projects"] == (
        "Telstar 1 (2) + Explorer 1 (3): the Projects you launched"
    )
    assert result["why"] == "The Opponent made more Progress: 35 against your 28"
    assert result["projects"][4]["why"] == (
        "still on the track at position 7: 7 Opponent recruits in Science, Construction or "
        "Space Flight"
    )


@pytest.mark.parametrize(
    ("specialist_progress", "result", "decided_by", "why"),
    [
        (28, "you", "progress", "You made more Progress: 36 against 35"),
        (
            27,
            "opponent",
            "project_points",
            "Tied on 35 Progress; the Opponent has more points from completed Projects: 7 "
            "against 5",
        ),
    ],
)
def test_the_winner_by_progress_then_by_project_points(
    specialist_progress, result, decided_by, why
):
    data = table(
        you={"specialists": 12, "specialist_progress": specialist_progress, "ability_progress": 3}
    )
    scored = score(data)
    assert (scored["result"], scored["decided_by"], scored["why"]) == (result, decided_by, why)


def test_a_tie_on_progress_and_on_project_points_is_a_shared_victory():
    # SE:157 "you share victory with your Opponent". Telstar 1 worth 4: 4 + 3 = 7 each.
    data = table(you={"specialists": 12, "specialist_progress": 25, "ability_progress": 3})
    data["projects"][2]["points"] = 4
    scored = score(data)
    assert scored["opponent"]["total"] == scored["you"]["total"] == 35
    assert (scored["result"], scored["decided_by"]) == ("shared", None)
    assert scored["why"] == (
        "Tied on 35 Progress and on 7 points from completed Projects: you share victory with your "
        "Opponent"
    )


# --- from a finished session to its score sheet ---------------------------------------------


def finished_game() -> dict:
    """12 rounds: you recruit slot 5 each turn and launch Sputnik 1; the Opponent recruits
    Testing, then Space Flight from round 5 on, which completes Mariner 2 (8 recruits)."""
    turns = []
    for number in range(12):
        mine = you("recruit", "center", slot=5, launch="Sputnik 1" if number == 0 else None)
        turns += [mine, opponent("testing" if number < 4 else "space_flight")]
    tiles = [*SCIENCE_TILES[:3], tile("Mariner 2", 5, space_flight=2), SCIENCE_TILES[4]]
    return session(turns, tiles, opponent_project_bonus=True)


def test_the_final_block_prefills_the_score_sheet():
    state = play(finished_game())
    assert state["final"] == {
        "you": {"specialists": 12, "launched": ["Sputnik 1"]},
        "opponent": {
            "divisions": {
                "engineering": 0,
                "testing": 4,
                "science": 0,
                "construction": 0,
                "space_flight": 8,
            },
            "completed": ["Mariner 2"],
        },
        "projects": [
            {"name": "Sputnik 1", "points": 3, "skills": {"science": 1}, "completed_by": "you"},
            {"name": "Telstar 1", "points": 2, "skills": {"science": 1}, "completed_by": None},
            {"name": "Explorer 1", "points": 3, "skills": {"science": 1}, "completed_by": None},
            {
                "name": "Mariner 2",
                "points": 5,
                "skills": {"space_flight": 2},
                "completed_by": "opponent",
            },
            {"name": "Vostok 1", "points": 4, "skills": {"science": 1}, "completed_by": None},
        ],
    }
    assert state["next_sentence"] == (
        "Game over: enter your Progress on the score sheet; the Opponent's side is filled in"
    )


def test_a_finished_session_becomes_a_table_that_scores():
    data = table_from_session(finished_game(), {"specialist_progress": 18, "ability_progress": 2})
    assert data["you"] == {"specialists": 12, "specialist_progress": 18, "ability_progress": 2}
    assert data["variants"]["opponent_project_bonus"] is True
    scored = score(data)
    # 2 × 12 Specialists + Mariner 2 (5) + Variant #2 (2) = 31 against 18 + 2 + 3 = 23.
    assert scored["opponent"]["total"] == 31
    assert scored["you"]["total"] == 23
    assert scored["opponent"]["total"] == play(finished_game())["opponent"]["score_now"]
    assert [p["position"] for p in scored["projects"]] == [None, 0, 0, 8, 0]


def test_a_session_becomes_a_table_only_when_it_is_over():
    game = finished_game()
    game["turns"].pop()
    progress = {"specialist_progress": 18, "ability_progress": 2}
    assert error_line(table_from_session, game, progress) == (
        "turns: the game is not over yet: the score sheet opens after the Opponent's last turn"
    )
    assert error_line(table_from_session, finished_game(), {"specialists": 3}) == (
        "you.specialists: is not a category you enter; allowed: specialist_progress, "
        "ability_progress"
    )
    assert error_line(table_from_session, finished_game(), {"specialist_progress": 3}) == (
        "you.ability_progress: is required (a whole number from 0 to 200)"
    )
    assert error_line(
        table_from_session, finished_game(), {"specialist_progress": 300, "ability_progress": 0}
    ) == ("you.specialist_progress: must be between 0 and 200")


# --- canonical files ------------------------------------------------------------------------


def dumped(data: dict) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def test_the_canonical_table_writes_every_key_in_the_documented_order():
    data = table(variants={})
    data["projects"][0]["skills"] = {"testing": 1, "science": 2, "engineering": 1}
    data["opponent"]["divisions"] = dict(reversed(list(data["opponent"]["divisions"].items())))
    canonical = canonical_table(data)
    assert list(canonical) == ["format", "version", "variants", "projects", "you", "opponent"]
    assert canonical["variants"] == PRINTED_TABLE["variants"]
    assert list(canonical["projects"][0]["skills"]) == ["engineering", "testing", "science"]
    assert list(canonical["opponent"]["divisions"]) == list(DIVISIONS)
    # export → import → export is byte-identical.
    assert dumped(canonical_table(json.loads(dumped(canonical)))) == dumped(canonical)
    assert score(canonical) == score(data)


def test_the_canonical_session_writes_every_key_in_the_documented_order():
    data = copy.deepcopy(PRINTED_SESSION)
    data["turns"][0]["you"]["launch"] = "sputnik 1"
    del data["variants"]
    canonical = canonical_session(data)
    assert list(canonical) == ["format", "version", "variants", "projects", "turns"]
    assert canonical["turns"][0] == {
        "you": {
            "action": "take",
            "from": "center",
            "slot": 2,
            "cards_to_center": 0,
            "tokens_set_aside": 0,
            "launch": "Sputnik 1",
        }
    }
    assert dumped(canonical_session(json.loads(dumped(canonical)))) == dumped(canonical)
    assert play(canonical) == play(data)


# --- speed ----------------------------------------------------------------------------------


def test_a_whole_game_replays_in_well_under_10_milliseconds():
    # Thirty turns and more; the best of several runs, since the machine is shared.
    game = finished_game()
    game["turns"] = [*rounds(3, you("take", "center", slot=1)), *game["turns"]]
    assert len(game["turns"]) == 30
    assert play(game)["end"]["over"] is True
    best = min(_timed(play, game) for _ in range(20))
    assert best < 0.005


def _timed(function, data) -> float:
    start = time.perf_counter()
    function(data)
    return time.perf_counter() - start
