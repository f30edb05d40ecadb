"""Properties: random legal sessions replay, every prefix is a consistent state, and a finished
one scores as a table; a random valid table's totals are the sums of their terms; no input,
however broken, fails other than with a field error."""

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from space_explorers import (
    DIVISIONS,
    SpaceExplorersError,
    canonical_session,
    play,
    score,
    table_from_session,
    validate_table,
)
from space_explorers.rules import SPECIALIST_CARDS, TOKENS_IN_PLAY
from space_explorers.tests.factory import PRINTED_SESSION, PRINTED_TABLE
from tests.budget import examples

NAMES = ("Sputnik 1", "Telstar 1", "Explorer 1", "Mariner 2", "Vostok 1")

skills = st.dictionaries(st.sampled_from(DIVISIONS), st.integers(1, 2), min_size=1, max_size=4)
tiles = st.tuples(*[skills] * 5).map(
    lambda all_skills: [
        {"name": name, "points": 2 + index, "skills": tile_skills}
        for index, (name, tile_skills) in enumerate(zip(NAMES, all_skills, strict=True))
    ]
)
variants = st.fixed_dictionaries(
    {},
    optional={
        "projects_start_advanced": st.booleans(),
        "opponent_project_bonus": st.booleans(),
        "opponent_favoured_division": st.none() | st.sampled_from(DIVISIONS),
        "opponent_big_divisions": st.booleans(),
    },
)


def your_turn(draw, state: dict) -> dict | None:
    """A legal turn of yours for `state`, or None when you have no card to take or recruit."""
    center = state["center"]
    full = [slot for slot in range(6) if slot not in center["empty_slots"]]
    hand = state["you"]["hand"]
    choices = []
    for action in ("take", "recruit"):
        if full:
            choices.append((action, "center"))
        if center["temporary_row"]:
            choices.append((action, "temporary"))
    if center["deck"]:
        choices.append(("take", "deck"))
    if hand:
        choices.append(("recruit", "hand"))
    if not choices:
        return None
    action, source = draw(st.sampled_from(choices))
    turn: dict = {"action": action, "from": source}
    if source == "center":
        turn["slot"] = draw(st.sampled_from(full))
    if source == "temporary":
        turn["index"] = draw(st.integers(0, center["temporary_row"] - 1))
    spare = hand - (1 if source == "hand" else 0)
    turn["cards_to_center"] = draw(st.integers(0, min(spare, 2)))
    held = TOKENS_IN_PLAY - state["opponent"]["token_stack"]
    turn["tokens_set_aside"] = draw(st.integers(0, held))
    on_track = [p["name"] for p in state["projects"] if p["completed_by"] is None]
    turn["launch"] = draw(st.none() | st.sampled_from(on_track)) if on_track else None
    return {"you": turn}


@st.composite
def legal_sessions(draw):
    data = {
        "format": "space-explorers-solo-session",
        "version": 1,
        "variants": draw(variants),
        "projects": draw(tiles),
        "turns": [],
    }
    for _ in range(draw(st.integers(0, 70))):
        state = play(data)
        if state["end"]["over"]:
            break
        if state["next"] == "you":
            turn = your_turn(draw, state)
            if turn is None:
                break
        else:
            empty = len(state["center"]["empty_slots"]) == 6
            turn = {"opponent": {"division": None if empty else draw(st.sampled_from(DIVISIONS))}}
        data["turns"].append(turn)
    return data


def assert_consistent(state: dict, turns_played: int) -> None:
    center = state["center"]
    assert 0 <= center["marker_slot"] <= 5
    assert center["deck"] >= 0 and center["temporary_row"] >= 0
    if len(center["empty_slots"]) < 6:
        assert center["marker_slot"] not in center["empty_slots"]
    if center["empty_slots"]:
        # A vacancy is refilled from the temporary row first (SE:127), so both cannot coexist.
        assert center["temporary_row"] == 0
    assert 0 <= state["opponent"]["token_stack"] <= TOKENS_IN_PLAY
    # Every card is somewhere: deck, Center, your hand, a Hub.
    cards = (
        center["deck"]
        + 6
        - len(center["empty_slots"])
        + center["temporary_row"]
        + state["you"]["hand"]
        + state["you"]["specialists"]
        + state["opponent"]["specialists"]
    )
    assert cards == SPECIALIST_CARDS
    assert 0 <= state["you"]["specialists"] <= 12
    for project in state["projects"]:
        if project["completed_by"] == "you":
            assert project["position"] is None
        else:
            assert 0 <= project["position"] <= 8
            assert (project["position"] == 8) == (project["completed_by"] == "opponent")
    assert state["opponent"]["score_now"] == sum(state["opponent"]["progress"].values())
    if state["end"]["over"]:
        assert state["next"] is None and turns_played % 2 == 0
    else:
        assert state["next"] == ("you" if turns_played % 2 == 0 else "opponent")


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_sessions())
def test_every_prefix_of_a_legal_session_replays_to_a_consistent_state(data):
    turns = data["turns"]
    for count in range(len(turns) + 1):
        assert_consistent(play({**data, "turns": turns[:count]}), count)
    state = play(data)
    assert play(canonical_session(data)) == state
    event("over" if state["end"]["over"] else "not over")
    if state["end"]["over"]:
        table = table_from_session(data, {"specialist_progress": 10, "ability_progress": 0})
        scored = score(table)
        assert scored["opponent"]["total"] == state["opponent"]["score_now"]
        assert scored["you"]["total"] == 10 + sum(
            p["points"] for p in data["projects"] if p["name"] in state["you"]["launched"]
        )


@st.composite
def valid_tables(draw):
    chosen = draw(variants)
    projects = draw(tiles)
    divisions = {d: draw(st.integers(0, 9)) for d in DIVISIONS}
    needed = 8 - (1 if chosen.get("projects_start_advanced") else 0)
    any_on_track = False
    for project in projects:
        moved = sum(divisions[d] for d in project["skills"])
        if moved >= needed:
            project["completed_by"] = draw(st.sampled_from(["opponent", "you"]))
        else:
            project["completed_by"] = draw(st.sampled_from([None, "you"]))
            any_on_track = any_on_track or project["completed_by"] is None
    mine = 12 if any_on_track else draw(st.integers(0, 12))
    return {
        "variants": chosen,
        "projects": projects,
        "you": {
            "specialists": mine,
            "specialist_progress": draw(st.integers(0, 200)),
            "ability_progress": draw(st.integers(0, 200)),
        },
        "opponent": {"divisions": divisions},
    }


@settings(max_examples=examples(200), deadline=None)
@given(valid_tables())
def test_a_valid_tables_totals_are_the_sums_of_their_terms(data):
    assert validate_table(data) == []
    scored = score(data)
    assert scored["you"]["total"] == sum(scored["you"]["progress"].values())
    assert scored["opponent"]["total"] == sum(scored["opponent"]["progress"].values())
    assert set(scored["opponent"]["why"]) == set(scored["opponent"]["progress"])
    you, them = scored["you"]["total"], scored["opponent"]["total"]
    if you != them:
        assert scored["result"] == ("you" if you > them else "opponent")
        assert scored["decided_by"] == "progress"
    else:
        assert scored["decided_by"] in ("project_points", None)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=12), children, max_size=6)
    ),
    max_leaves=30,
)


def mutated(draw, data):
    """`data` with one value somewhere inside replaced by any JSON value."""
    if isinstance(data, dict) and data and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(data)))
        return {**data, key: mutated(draw, data[key])}
    if isinstance(data, list) and data and draw(st.booleans()):
        index = draw(st.integers(0, len(data) - 1))
        return [*data[:index], mutated(draw, data[index]), *data[index + 1 :]]
    return draw(json_values)


@settings(max_examples=examples(150), deadline=None)
@given(st.data())
def test_no_input_makes_score_or_play_fail_other_than_with_a_field_error(data):
    for function, printed in ((score, PRINTED_TABLE), (play, PRINTED_SESSION)):
        try:
            function(mutated(data.draw, printed))
        except SpaceExplorersError as error:
            assert len(str(error)) < 300
