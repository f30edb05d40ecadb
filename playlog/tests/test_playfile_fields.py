"""The play file reads its own keys through `gamefile.fields`: each refusal names its field."""

import copy

import pytest

from colonists.tests.factory import spec_table
from gamefile.errors import FieldError
from playlog.playfile import read_play_file


def play() -> dict:
    table = spec_table()
    return {
        "format": "play-log-play",
        "version": 1,
        "game": "colonists-expert",
        "played_on": "2026-03-01",
        "players": [{"name": p["name"], "member": None} for p in table["players"]],
        "notes": "",
        "table": table,
        "session": None,
    }


def refused(change) -> str:
    data = copy.deepcopy(play())
    change(data)
    with pytest.raises(FieldError) as caught:
        read_play_file(data)
    return str(caught.value)


def test_the_good_file_reads():
    assert read_play_file(play()).game.key == "colonists-expert"


@pytest.mark.parametrize(
    ("change", "line"),
    [
        (lambda d: d["players"][0].pop("name"), "players[0].name: is required (the player's name)"),
        (
            lambda d: d["players"][0].update(name="ca\tro"),
            "players[0].name: must be plain text on one line (no tabs or line breaks)",
        ),
        (
            lambda d: d["players"][0].update(name=" "),
            "players[0].name: must not be empty: give the player's name",
        ),
        (
            lambda d: d["players"][0].update(member=""),
            "players[0].member: must not be empty",
        ),
        (lambda d: d.update(notes=None), "notes: must be a text, not null"),
        (lambda d: d.update(notes="x" * 4001), "notes: must be at most 4000 characters long"),
        (lambda d: d.update(extra=1), "extra: is not a key of a play file; allowed: format, "),
        (lambda d: d["players"][0].update(age=3), "players[0].age: is not a player key; allowed: "),
    ],
)
def test_a_bad_key_is_refused_naming_it(change, line):
    assert refused(change).startswith(line)


def test_notes_left_out_are_no_notes():
    data = play()
    data.pop("notes")
    assert read_play_file(data).notes == ""
