"""`gamefile.fields`: one reader for every game's plain values, one behaviour: refuse with the
field's path and a sentence, never default."""

import pytest

from gamefile.errors import FieldError
from gamefile.fields import MISSING, Collector, Fields, join, optional
from gamefile.limits import LARGEST_COUNT, SANITY_SENTENCE


class GameError(FieldError):
    """A game's own error type: the reader raises it, not the base one."""


FIELDS = Fields(GameError, root="table")


def refusal(read, *args, **kwargs) -> str:
    with pytest.raises(GameError) as caught:
        read(*args, **kwargs)
    return str(caught.value)


@pytest.mark.parametrize(
    ("value", "bounds", "line"),
    [
        ("3", (), 'n: must be a whole number, not the text "3"'),
        (True, (), "n: must be a whole number, not true"),
        (2.0, (), "n: must be a whole number, not 2.0"),
        (None, (), "n: must be a whole number, not null"),
        (MISSING, (1, 5), "n: is required (a whole number from 1 to 5)"),
        (6, (1, 5), "n: must be between 1 and 5"),
        (0, (1,), "n: must be 1 or more"),
        (LARGEST_COUNT + 1, (), f"n: {SANITY_SENTENCE}"),
    ],
)
def test_a_whole_number_is_refused_with_one_sentence(value, bounds, line):
    assert refusal(FIELDS.whole_number, value, "n", *bounds) == line


def test_the_sanity_bound_holds_where_no_maximum_is_printed_and_a_printed_one_wins():
    assert FIELDS.whole_number(LARGEST_COUNT, "n") == LARGEST_COUNT
    assert FIELDS.whole_number(10**6, "n", 0, 10**6) == 10**6


def test_a_flag_is_true_or_false_only():
    assert FIELDS.flag(False, "f") is False
    assert refusal(FIELDS.flag, 0, "f") == "f: must be true or false, not 0"
    assert refusal(FIELDS.flag, None, "f") == "f: must be true or false, not null"


def test_a_text_is_bounded_storable_and_never_changed():
    assert FIELDS.text(" caro ", "t", max_length=6) == " caro "
    assert refusal(FIELDS.text, 3, "t") == "t: must be text, not 3"
    assert refusal(FIELDS.text, " ", "t", give="a name") == "t: must not be empty: give a name"
    assert FIELDS.text("", "t", blank=True) == ""
    assert refusal(FIELDS.text, "abcd", "t", max_length=3) == "t: must be at most 3 characters long"
    assert refusal(FIELDS.text, "a\tb", "t", one_line=True) == (
        "t: must be plain text on one line (no tabs or line breaks)"
    )
    assert refusal(FIELDS.text, "a\x00", "t") == "t: must not contain the NUL character (U+0000)"
    assert refusal(FIELDS.text, "\u200b\u200e", "t", name=True).startswith(
        "t: has no visible character"
    )


def test_every_text_has_a_bound_even_where_the_field_gives_none():
    assert "at most 5000 characters" in refusal(FIELDS.text, "x" * 5001, "t")


def test_an_object_with_an_unknown_key_and_a_list_too_long():
    assert refusal(FIELDS.mapping, [], "") == "table: must be an object, not a list"
    assert refusal(FIELDS.mapping, {"a": 1, "b": 2}, "o", ("a",)) == (
        "o.b: is not a known key; allowed: a"
    )
    assert refusal(FIELDS.sequence, {}, "l") == "l: must be a list, not an object"
    assert refusal(FIELDS.sequence, [1, 2, 3], "l", 2, "loans", "a sanity bound") == (
        "l: must list at most 2 loans (a sanity bound), not 3"
    )


def test_a_choice_and_a_required_key():
    assert (
        refusal(FIELDS.choice, "x", "c", ("up", "down"))
        == 'c: must be "up" or "down", not the text "x"'
    )
    assert refusal(FIELDS.required, {}, "name", "players[0]", "a name") == (
        "players[0].name: is required (a name)"
    )


def test_an_optional_key_absent_is_its_default_and_given_is_read_as_given():
    assert optional({}, "credits", 0) == 0
    assert optional({"credits": None}, "credits", 0) is None
    assert optional({"credits": None}, "credits", 0, or_null=True) == 0
    # Given as null where the format does not say "or null": the reader refuses it.
    assert refusal(FIELDS.whole_number, optional({"credits": None}, "credits", 0), "credits") == (
        "credits: must be a whole number, not null"
    )


def test_a_path_stays_one_line():
    assert join("players", 2) == "players[2]"
    assert join("", "name") == "name"
    assert join("groups", "a\nb") == 'groups["a\\nb"]'


def test_the_collector_records_every_refusal_in_order_and_gives_none():
    reader = Collector(GameError)
    assert reader.whole_number("x", "a") is None
    assert reader.mapping({"z": 1, "y": 2}, "o", ("a",)) == {"z": 1, "y": 2}
    assert reader.required({}, "k", "o") is MISSING
    assert [str(e) for e in reader.errors] == [
        'a: must be a whole number, not the text "x"',
        "o.z: is not a known key; allowed: a",
        "o.y: is not a known key; allowed: a",
        "o.k: is required",
    ]
    assert all(type(e) is GameError for e in reader.errors)


def test_the_collector_failing_fast_raises_the_first():
    reader = Collector(GameError, fail_fast=True)
    assert refusal(reader.flag, "yes", "f") == 'f: must be true or false, not the text "yes"'


def test_a_refusal_keeps_its_sentence_for_translation_and_its_english_line():
    """The message is a `gamefile.words.Sentence`: the same English, with its catalogue
    template and values (so a page can say it in the person's language), each value that is
    itself a sentence ("the text ...") kept as one too."""
    with pytest.raises(GameError) as caught:
        FIELDS.whole_number("3", "players[0].credits", 0, 29)
    error = caught.value
    assert str(error) == 'players[0].credits: must be a whole number, not the text "3"'
    assert error.message.template == "must be a whole number, not %(found)s"
    assert error.message.params["found"].template == 'the text "%(text)s"'
    with pytest.raises(GameError) as caught:
        FIELDS.whole_number(30, "players[0].credits", 0, 29)
    assert caught.value.message.template == "must be between %(least)s and %(most)s"
    assert caught.value.message.params == {"least": 0, "most": 29}
