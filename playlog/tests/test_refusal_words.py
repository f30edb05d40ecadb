"""A refusal on a play log's form names its field first in words, never a path's tail after
the sentence ("… (round 2, your turn, you, from)."); a file's keeps its path."""

import pytest

from gamefile.errors import FieldError
from playlog.views.logs import sentence


@pytest.mark.parametrize(
    ("path", "message", "said"),
    [
        (
            "session.turns[2].you.from",
            'must be "center" or "row"',
            'Round 2, your turn, taken from: must be "center" or "row".',
        ),
        (
            "table.players[1].modules[3].card",
            "is a basic Market Center card",
            "Player 2, module 4, card: is a basic Market Center card.",
        ),
        ("", "Startropolis is for 2 to 4 players", "Startropolis is for 2 to 4 players."),
    ],
)
def test_a_form_names_the_field_first_in_words(path, message, said):
    assert sentence(FieldError(path, message)) == said


def test_no_sentence_ends_in_a_path_tail():
    said = sentence(FieldError("session.turns[2].you.from", "must be one of the row"))
    assert not said.endswith(")."), said
    assert "you, from" not in said


def test_a_file_keeps_its_path():
    error = FieldError("session.turns[2].you.from", "must be one of the row")
    assert sentence(error, file=True) == "Must be one of the row (session.turns[2].you.from)."


def test_a_place_and_a_key_in_german():
    """The path's words and the keys' names are the reader's language's (issue 33); the
    game's printed terms stay as printed."""
    from django.utils import translation

    from playlog.words import in_words, where

    with translation.override("de"):
        assert where("session.turns[6]") == "Runde 4, dein Zug"
        assert where("session.turns[7].opponent.from") == "Runde 4, Zug des Opponent, genommen von"
        assert where("table.players[1].cities[0]") == "Spieler 2, Stadt 1"
        assert where("table.projects[3].completed_by") == "Project-Plättchen 4, abgeschlossen von"
        assert where("table.players[0].cities[1].colonists") == "Spieler 1, Stadt 2, Kolonisten"
        assert where("rules.condominium_built") == "Condominium gebaut"
        assert in_words("muss not_arrived sein") == "muss nicht angekommen sein"
        said = sentence(FieldError("session.turns[2].you.from", 'must be "center" or "row"'))
        assert said == 'Runde 2, dein Zug, genommen von: must be "center" or "row".'
