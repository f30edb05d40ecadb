"""Reading a person's plain data: every check collects a `ColonistsError` and reading goes on,
so a form can show every problem beside its field and a command can print the first.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from colonists.errors import ColonistsError
from gamefile.names import name_problem
from gamefile.reading import describe

# Names of players and of the group's own VP categories: a sanity bound, for a phone screen.
MAX_NAME_LENGTH = 40

MISSING: Any = object()


def join(path: str, key: str | int) -> str:
    """`players[0]` + `name` -> `players[0].name`; an index -> `cities[2]`."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class Reader:
    """Collects the problems of one input, in reading order."""

    def __init__(self) -> None:
        self.errors: list[ColonistsError] = []

    def error(self, path: str, message: str) -> None:
        self.errors.append(ColonistsError(path, message))

    def first_error(self) -> ColonistsError | None:
        return self.errors[0] if self.errors else None

    def mapping(self, value: Any, path: str, allowed: tuple[str, ...], what: str) -> dict:
        """An object whose keys are all `allowed`; {} (and an error) for anything else."""
        if not isinstance(value, Mapping):
            self.error(path or "table", f"must be an object, not {describe(value)}")
            return {}
        for key in value:
            if key not in allowed:
                shown = key if isinstance(key, str) and len(key) <= MAX_NAME_LENGTH else "…"
                self.error(join(path, shown), f"is not {what}; allowed: {', '.join(allowed)}")
        return dict(value)

    def required(self, data: dict, key: str, path: str) -> Any:
        """The value of a key that must be given, else MISSING (and an error)."""
        if key not in data:
            self.error(join(path, key), "is missing")
            return MISSING
        return data[key]

    def flag(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            self.error(path, f"must be true or false, not {describe(value)}")
            return False
        return value

    def whole_number(self, value: Any, path: str, minimum: int, maximum: int) -> int | None:
        # Integers only (CONTRACTS.md §0): true/false are not numbers, 2.0 is not a whole one.
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(path, f"must be a whole number, not {describe(value)}")
            return None
        if not minimum <= value <= maximum:
            self.error(path, f"must be between {minimum} and {maximum}")
            return None
        return value

    def sequence(self, value: Any, path: str, maximum: int, what: str) -> list:
        """A list of at most `maximum` items; [] (and an error) for anything else."""
        if not isinstance(value, list | tuple):
            self.error(path, f"must be a list, not {describe(value)}")
            return []
        if len(value) > maximum:
            self.error(path, f"must list at most {maximum} {what}")
            return []
        return list(value)

    def name(self, value: Any, path: str, what: str) -> str | None:
        """A short non-empty text: a player's or a category's name."""
        if not isinstance(value, str):
            self.error(path, f"must be {what} (a text), not {describe(value)}")
            return None
        if not value.strip():
            self.error(path, f"must not be empty: give {what}")
            return None
        if len(value) > MAX_NAME_LENGTH:
            self.error(path, f"must be at most {MAX_NAME_LENGTH} characters long")
            return None
        if not value.isprintable():
            self.error(path, "must be plain text on one line (no tabs or line breaks)")
            return None
        if problem := name_problem(value):
            self.error(path, problem)
            return None
        return value


def same_name(name: str) -> str:
    """Two names a person would take for one: "Caro" and " caro" are the same player."""
    return " ".join(name.split()).casefold()
