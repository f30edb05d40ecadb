"""Reading a person's JSON: plain values with bounds, objects with known keys, lists.

One `Reader` for the table (collecting every problem, for forms) and the session (stopping at
the first, since a replay cannot go on past a bad event). Every failed read returns None, so a
caller skips the checks that depended on it instead of reporting a follow-on error.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from gamefile.names import name_problem
from gamefile.reading import describe as describe_any
from gamefile.reading import one_of

from .errors import StartropolisError

MISSING = object()


def describe(value: Any) -> str:
    """`gamefile.reading.describe`, except that a text that is not one printable line is "text"
    (an error is one line on stderr)."""
    if isinstance(value, str) and not value.isprintable():
        return "text"
    return describe_any(value)


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not key.isprintable() or not key:
        # A key that is not one printable line is quoted with its escapes.
        return f"{path}[{json.dumps(key)}]"
    return f"{path}.{key}" if path else key


class Reader:
    """Collects `StartropolisError`s, or raises the first one when `fail_fast`."""

    def __init__(self, *, fail_fast: bool, root: str = "table") -> None:
        self.fail_fast = fail_fast
        self.root = root
        self.errors: list[StartropolisError] = []

    def fail(self, path: str, message: str) -> None:
        error = StartropolisError(path, message)
        if self.fail_fast:
            raise error
        self.errors.append(error)

    def obj(
        self,
        value: Any,
        path: str,
        allowed: Sequence[str],
        what: str,
        required: Sequence[str] = (),
    ) -> dict | None:
        if not isinstance(value, Mapping):
            self.fail(path or self.root, f"must be an object, not {describe(value)}")
            return None
        for key in value:
            if key not in allowed:
                self.fail(join(path, str(key)), f"is not {what}; allowed: {', '.join(allowed)}")
        for key in required:
            if key not in value:
                self.fail(join(path, key), "is required")
        return dict(value)

    def integer(self, value: Any, path: str, low: int, high: int) -> int | None:
        # JSON numbers are integers here (CONTRACTS.md); true/false are not numbers.
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"must be a whole number, not {describe(value)}")
            return None
        if not low <= value <= high:
            self.fail(path, f"must be between {low} and {high}")
            return None
        return value

    def flag(self, value: Any, path: str) -> bool | None:
        if not isinstance(value, bool):
            self.fail(path, f"must be true or false, not {describe(value)}")
            return None
        return value

    def text(self, value: Any, path: str, max_length: int) -> str | None:
        if not isinstance(value, str):
            self.fail(path, f"must be a text, not {describe(value)}")
            return None
        if not value.strip():
            self.fail(path, "must not be empty")
            return None
        if not value.isprintable():
            self.fail(path, "must be one line of printable text")
            return None
        if len(value) > max_length:
            self.fail(path, f"must be at most {max_length} characters")
            return None
        if problem := name_problem(value):
            self.fail(path, problem)
            return None
        return value

    def choice(self, value: Any, path: str, choices: Sequence[str]) -> str | None:
        if not isinstance(value, str) or value not in choices:
            quoted = [f'"{choice}"' for choice in choices]
            self.fail(path, f"must be {one_of(quoted)}, not {describe(value)}")
            return None
        return value

    def items(self, value: Any, path: str, max_length: int, what: str) -> list | None:
        if not isinstance(value, list | tuple):
            self.fail(path, f"must be a list, not {describe(value)}")
            return None
        if len(value) > max_length:
            self.fail(path, f"lists {len(value)} {what}; at most {max_length} are possible")
            return None
        return list(value)

    def mapping(self, value: Any, path: str) -> dict | None:
        if not isinstance(value, Mapping):
            self.fail(path, f"must be an object, not {describe(value)}")
            return None
        return dict(value)
