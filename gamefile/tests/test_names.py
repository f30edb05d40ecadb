"""Names people read (gamefile.names): what a form keeps of a typed name, and what nobody can
read."""

from __future__ import annotations

import pytest

from gamefile.names import NO_VISIBLE_CHARACTER, clean_name, has_visible, name_problem


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Caro", "Caro"),
        ("  Thursday group ", "Thursday group"),
        ("Ｔｈｕｒｓｄａｙ", "Thursday"),  # full-width letters (NFKC)
        ("ﬁrst", "first"),  # the ligature (NFKC)
        ("\u202eevil\u202c", "evil"),  # a right-to-left override and its pop
        ("\u2066Ali\u2069", "Ali"),  # an isolate
        ("Ro\u200bsa\u2060\ufeff", "Rosa"),  # zero-width space, word joiner, byte order mark
        ("\u200e\u200f\u061cNoor", "Noor"),  # direction marks
        ("x\u200d", "x"),  # a joiner joining nothing
        ("👩\u200d🚀", "👩\u200d🚀"),  # an emoji sequence keeps its joiner
        ("می\u200cخواهم", "می\u200cخواهم"),  # a Persian word keeps its non-joiner
        ("Ãé", "Ãé"),
    ],
)
def test_a_typed_name_is_kept_normalised_without_invisible_marks(typed, kept):
    assert clean_name(typed) == kept


@pytest.mark.parametrize(
    "typed",
    [
        "\u202e\u200b",
        "   ",
        "\u200d\u200c",
        "\u3164\u3164",  # Hangul fillers: letters that draw nothing
        "\u2800",  # the blank Braille pattern
        "\u0301",  # an accent without its letter
        "\u00ad",  # a soft hyphen alone
        "\u2066 \u2069",
    ],
)
def test_a_name_with_nothing_visible_is_nothing(typed):
    assert clean_name(typed) == ""
    assert not has_visible(typed)
    assert name_problem(typed) == NO_VISIBLE_CHARACTER


def test_a_reader_never_changes_a_name_it_takes():
    # name_problem only judges: the ligature and the full-width letters are readable.
    assert name_problem("ﬁrst Ｔｈｕｒｓｄａｙ") is None
