"""The derived state as types: `tracker_state` writes what `play` prints, and reads it back."""

import startropolis
from startropolis.tests.test_2_derived import PRINTED_SESSION, three_player_station


def test_the_types_write_the_play_commands_json_and_read_it_back():
    for session in (PRINTED_SESSION, three_player_station()):
        printed = startropolis.play(session)
        state = startropolis.tracker_state(session)
        assert state.to_dict() == printed
        assert startropolis.TrackerState.from_dict(printed) == state


def test_the_shared_state_is_the_table_view():
    session = three_player_station()
    shared = startropolis.shared(startropolis.tracker_state(session))
    assert shared.to_dict() == startropolis.table_view(startropolis.play(session))


def test_a_players_own_state_is_the_private_view():
    session = PRINTED_SESSION
    state = startropolis.tracker_state(session)
    for key in state.revenue:
        own = startropolis.own(state, key)
        assert own.to_dict() == startropolis.private_view(startropolis.play(session), key)
