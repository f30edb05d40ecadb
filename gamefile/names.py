"""Names people read: a name must show something (docs/names.md).

Pure Python, no Django: the forms (`hosting.names.NameField`) and the file readers share it.

- `clean_name`, for what a person types into a form: Unicode normalised (NFKC: a full-width
  "Ａ" is "A", the "ﬁ" ligature is "fi"), the invisible direction controls and zero-width
  characters removed, spaces trimmed. A zero-width joiner or non-joiner between two visible
  characters stays: it joins the parts of an emoji (👩‍🚀) and shapes Persian and Indic words.
- `has_visible` / `NO_VISIBLE_CHARACTER`: a name with nothing visible left is refused, by a
  form and by a file reader alike. The readers refuse only: they never change a name, so a
  file exported, imported and exported again is the same, byte for byte.
"""

from __future__ import annotations

import unicodedata

from gamefile.words import _

# Bidirectional controls: embeddings and overrides (U+202A-202E), isolates (U+2066-2069), the
# left-to-right and right-to-left marks, the Arabic letter mark.
DIRECTION_CONTROLS = frozenset(
    [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
    + ["\u200e", "\u200f", "\u061c"]
)
# Zero-width characters: space, non-joiner, joiner, word joiner, byte order mark.
ZERO_WIDTH = frozenset(["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
# The two that join visible characters (emoji sequences, Persian and Indic scripts).
JOINERS = frozenset(["\u200c", "\u200d"])
# Letters that draw nothing: the Hangul fillers and the blank Braille pattern.
BLANK_LETTERS = frozenset(["\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"])

NO_VISIBLE_CHARACTER = _(
    "has no visible character (only spaces, or invisible direction or zero-width marks); "
    "write a name people can read"
)


def is_visible(character: str) -> bool:
    """A character that draws something on its own: not a space, a control, a format mark, a
    combining mark without its letter, or a blank letter."""
    if character.isspace() or character in BLANK_LETTERS:
        return False
    category = unicodedata.category(character)
    return category[0] not in "CZ" and category not in ("Mn", "Me")


def has_visible(text: str) -> bool:
    return any(is_visible(character) for character in text)


def clean_name(text: str) -> str:
    """A typed name as the app keeps it: NFKC, no direction controls or stray zero-width
    characters, trimmed. Empty when nothing visible is left."""
    text = unicodedata.normalize("NFKC", text)
    kept = []
    for index, character in enumerate(text):
        if character in DIRECTION_CONTROLS:
            continue
        if character in ZERO_WIDTH:
            if character not in JOINERS or not _between_visible(text, index):
                continue
        kept.append(character)
    name = "".join(kept).strip()
    return name if has_visible(name) else ""


def _between_visible(text: str, index: int) -> bool:
    before = text[index - 1] if index > 0 else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    # A joiner also follows an emoji's variation selector or skin tone (both not "visible").
    return bool(before and after) and not before.isspace() and is_visible(after)


def name_problem(text: str) -> str | None:
    """What a file reader says of a name that shows nothing, or None."""
    return None if has_visible(text) else NO_VISIBLE_CHARACTER
