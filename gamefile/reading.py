"""Small words every reader uses to say what it found and what it wanted."""

from collections.abc import Mapping, Sequence
from typing import Any

from gamefile.words import _

# A text longer than this is not repeated in an error line: "text" stands for it.
QUOTED_TEXT_LENGTH = 20


def describe(value: Any) -> str:
    """What a value is, for a sentence: `null`, `true`, `the text "abc"`, `a list`, `12`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        # An error is one line: a text that is not one printable line is not repeated either.
        quoted = len(value) <= QUOTED_TEXT_LENGTH and value.isprintable()
        return _('the text "%(text)s"', text=value) if quoted else _("text")
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list | tuple):
        return _("a list")
    if isinstance(value, Mapping):
        return _("an object")
    return type(value).__name__


def one_of(values: Sequence[Any]) -> str:
    """`a, b or c`."""
    words = [str(v) for v in values]
    if len(words) <= 1:
        return "".join(words)
    # Translators: the choices a field takes: "a, b or c".
    return _("%(choices)s or %(last)s", choices=", ".join(words[:-1]), last=words[-1])
