"""The table's record (`colonists-expert-session`): `play` gives the round and the board; bad
input names its field by its path in the file."""

import copy

import pytest

from colonists import ColonistsError, canonical_session, play, session_state

SESSION = {
    "format": "colonists-expert-session",
    "version": 1,
    "players": ["caro", "dan"],
    "condominium_built": False,
    "cards": ["Aeolis", "Power Hub 1", "Spice Merchants", "Spaceport"],
    "round": 2,
    "groups": {"spice_merchants": {"place": "contracted", "player": "caro"}},
}


def session(**changes):
    data = copy.deepcopy(SESSION)
    data.update(changes)
    return data


def test_it_gives_this_round_and_where_the_groups_are():
    state = play(SESSION)
    assert state["round"]["sentences"][:2] == [
        "Round 2 of 4: Power Hub 1.",
        "Next: the Spice Merchants' colonist card.",
    ]
    groups = {g["group"]: g for g in state["board"]["groups"]}
    assert groups["spice_merchants"]["place"] == "contracted"
    assert groups["mechanics"]["place"] == "not_arrived"


@pytest.mark.parametrize(
    "changes",
    [{}, {"round": 4}, {"round": 1}, {"cards": [], "round": 1}, {"condominium_built": True}],
)
def test_the_types_read_the_whole_state_and_write_it_back_the_same(changes):
    state = session_state(session(**changes))
    assert state.to_dict() == play(session(**changes))
    assert state.board.groups[0].place == "not_arrived"


def test_without_cards_there_is_no_round_yet():
    assert play(session(cards=[], round=1))["round"] is None


def test_canonical_is_stable_and_fills_defaults():
    short = {"format": "colonists-expert-session", "players": ["caro"]}
    canonical = canonical_session(short)
    assert canonical == {
        "format": "colonists-expert-session",
        "version": 1,
        "players": ["caro"],
        "condominium_built": False,
        "cards": [],
        "round": 1,
        "groups": {},
    }
    assert canonical_session(canonical) == canonical


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (session(format="x"), 'format: must be "colonists-expert-session", not the text "x"'),
        (session(version=2), "version: must be 1, the only version of this file"),
        (session(colour="red"), "colour: is not a session key"),
        (session(round=9), "round: "),
        (session(cards=[], round=2), "round: must be 1 while no card of the layout is entered"),
        (
            session(groups={"corpex": {"place": "reception_camp"}}),
            "groups.corpex.place: the Corpex enter the game only when",
        ),
        (session(players=[]), "players: must list between 1 and 8 players"),
    ],
)
def test_bad_input_names_the_field(data, line):
    with pytest.raises(ColonistsError) as error:
        play(data)
    assert str(error.value).startswith(line), str(error.value)
