"""Reading a person's plain data through `gamefile.fields`: every check collects a
`ColonistsError` and reading goes on, so a form can show every problem beside its field and a
command can print the first.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from colonists.errors import ColonistsError
from gamefile.fields import MISSING, Collector, join
from gamefile.words import _

__all__ = ["MAX_NAME_LENGTH", "MISSING", "Reader", "join", "same_name"]

# Names of players and of the group's own VP categories: a sanity bound, for a phone screen.
MAX_NAME_LENGTH = 40


class Reader(Collector):
    """Collects the problems of one input, in reading order. A value that was refused reads as
    empty (an object, a list) or false, so reading goes on and every problem is listed; no
    table or session is built once anything was refused."""

    def __init__(self) -> None:
        super().__init__(ColonistsError, root="table")

    def mapping(
        self, value: Any, path: str, allowed: Collection[str] | None = None, what: str = ""
    ) -> dict:
        return super().mapping(value, path, allowed, what) or {}

    def flag(self, value: Any, path: str) -> bool:
        return bool(super().flag(value, path))

    def sequence(self, value: Any, path: str, maximum: int, what: str) -> list:
        return super().sequence(value, path, maximum, what) or []

    def name(self, value: Any, path: str, what: str) -> str | None:
        """A short non-empty text on one line: a player's or a category's name."""
        return self.text(
            value,
            path,
            max_length=MAX_NAME_LENGTH,
            # Translators: what a field holds, "a player name (a text)".
            what=_("%(what)s (a text)", what=what),
            give=what,
            one_line=True,
            name=True,
        )


def same_name(name: str) -> str:
    """Two names a person would take for one: "Caro" and " caro" are the same player."""
    return " ".join(name.split()).casefold()
