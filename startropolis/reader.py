"""Reading a person's JSON through `gamefile.fields`: plain values with bounds, objects with
known keys, lists.

One `Reader` for the table (collecting every problem, for forms) and the session (stopping at
the first, since a replay cannot go on past a bad event). Every failed read returns None, so a
caller skips the checks that depended on it instead of reporting a follow-on error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamefile.fields import MISSING, Collector, join
from gamefile.reading import describe
from gamefile.words import _

from .errors import StartropolisError

__all__ = ["MISSING", "Reader", "describe", "join"]


class Reader(Collector):
    """Collects `StartropolisError`s, or raises the first one when `fail_fast`."""

    def __init__(self, *, fail_fast: bool, root: str = "table") -> None:
        super().__init__(StartropolisError, root=root, fail_fast=fail_fast)

    def obj(
        self,
        value: Any,
        path: str,
        allowed: Sequence[str],
        what: str,
        required: Sequence[str] = (),
    ) -> dict | None:
        """An object of `allowed` keys, each of `required` given."""
        data = self.mapping(value, path, allowed, what)
        if data is not None:
            for key in required:
                self.required(data, key, path)
        return data

    def line(self, value: Any, path: str, max_length: int) -> str | None:
        """A name on one line: a player's, a module card's."""
        return self.text(
            value, path, max_length=max_length, what=_("a text"), one_line=True, name=True
        )
