"""The checks every field of a campaign file goes through, and the file reader's shared part.

Pure Python, no Django. Each check raises `CampaignError(path, message)` naming the field by its
path (`games[3].number`) with what is allowed; each value it lets through is one every database
and every terminal takes.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping
from typing import Any

from gamefile.errors import FieldError
from gamefile.limits import LARGEST_COUNT, SANITY_SENTENCE
from gamefile.names import name_problem
from gamefile.reading import describe as _describe
from solar175.catalogue import Catalogue
from solar175.engine import PARTIES
from solar175.sections import FIRST_SECTION, LAST_SECTION

# ASCII digits only (`\d` would take any script's) and nothing after: `fullmatch`, not `$`.
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# Integers a database's JSON keeps exactly (SQLite's JSON functions stop at 64 bits).
MAX_JSON_INTEGER = 2**63 - 1
MAX_GAME_NUMBER = 32767  # Game.number, a PositiveSmallIntegerField


class CampaignError(FieldError):
    """Bad campaign input."""


def mapping(value: Any, path: str, allowed: tuple[str, ...] | None = None) -> Mapping:
    if not isinstance(value, Mapping):
        raise CampaignError(path, f"must be an object, not {_describe(value)}")
    if allowed is not None:
        for key in value:
            if key not in allowed:
                where = f"{path}.{key}" if path else str(key)
                raise CampaignError(where, f"is not a known key; allowed: {', '.join(allowed)}")
    return value


def listed(value: Any, path: str) -> list:
    if not isinstance(value, list | tuple):
        raise CampaignError(path, f"must be a list, not {_describe(value)}")
    return list(value)


def whole_number(value: Any, path: str, minimum: int = 0, maximum: int | None = None) -> int:
    """A whole number from `minimum` to `maximum`: the box's bound where it prints one, else
    the sanity bound (gamefile.limits)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CampaignError(path, f"must be a whole number, not {_describe(value)}")
    if maximum is not None and not minimum <= value <= maximum:
        raise CampaignError(path, f"must be between {minimum} and {maximum}")
    if value < minimum:
        raise CampaignError(path, f"must be {minimum} or more")
    if value > LARGEST_COUNT:
        raise CampaignError(path, SANITY_SENTENCE)
    return value


def flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise CampaignError(path, f"must be true or false, not {_describe(value)}")
    return value


def text(value: Any, path: str, *, required: bool = True, max_length: int | None = None) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise CampaignError(path, f"must be text, not {_describe(value)}")
    if required and not value.strip():
        raise CampaignError(path, "must not be empty")
    storable_text(value, path)
    if max_length is not None and len(value) > max_length:
        raise CampaignError(path, f"is {len(value)} characters long; at most {max_length}")
    return value


def name_text(
    value: Any, path: str, *, required: bool = True, max_length: int | None = None
) -> str:
    """`text` for a name people read: one that shows nothing (only invisible direction or
    zero-width marks, gamefile.names) is refused. A name is never changed: a file exported,
    imported and exported again stays the same, byte for byte."""
    value = text(value, path, required=required, max_length=max_length)
    problem = name_problem(value) if value.strip() or required else None
    if problem:
        raise CampaignError(path, problem)
    return value


def storable_text(value: str, path: str) -> None:
    """Text every database and every terminal takes: UTF-8 without the NUL character."""
    if "\x00" in value:
        # PostgreSQL's text and jsonb cannot hold U+0000.
        raise CampaignError(path, "must not contain the NUL character (U+0000)")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        # A lone surrogate ("\ud800" in JSON) is no character: not UTF-8, not storable.
        code = ord(value[error.start])
        raise CampaignError(
            path, f"must be Unicode text, not a lone surrogate (U+{code:04X})"
        ) from None


def date_text(value: str, path: str) -> str:
    if not _DATE.fullmatch(value):
        raise CampaignError(path, "must be a date written YYYY-MM-DD")
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise CampaignError(path, "is not a date on the calendar") from None
    return value


def plain_json(value: Any, path: str, max_depth: int) -> None:
    """Refuse what a database's JSON column cannot store and give back the same.

    For parts of the file stored as given without being read (an opening's replay-output
    keys): text as `_storable_text`, finite numbers, integers within 64 bits, at most
    `max_depth` levels. Iterative, so no nesting can exhaust Python's stack.
    """
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, Mapping) or isinstance(item, list | tuple):
            if depth >= max_depth:
                raise CampaignError(where, f"nests more than {max_depth} levels deep")
            if isinstance(item, Mapping):
                for key, inner in item.items():
                    if not isinstance(key, str):
                        raise CampaignError(where, f"has a key that is not text ({key!r})")
                    storable_text(key, f"{where}.{key}")
                    stack.append((inner, f"{where}.{key}", depth + 1))
            else:
                stack.extend((inner, f"{where}[{i}]", depth + 1) for i, inner in enumerate(item))
        elif isinstance(item, str):
            storable_text(item, where)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if abs(item) > MAX_JSON_INTEGER:
                raise CampaignError(where, f"must be a number between ±{MAX_JSON_INTEGER}")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise CampaignError(where, f"must be a finite number, not {item}")
        else:
            raise CampaignError(where, f"must be JSON, not {type(item).__name__}")


def optional(top: Mapping, key: str, default: Any) -> Any:
    """An optional key: absent or null means `default`; any other value is read as given."""
    value = top.get(key)
    return default if value is None else value


def required(data: Mapping, key: str, path: str, what: str) -> Any:
    if key not in data:
        raise CampaignError(f"{path}.{key}" if path else key, f"is required ({what})")
    return data[key]


class FileReader:
    """What every part of a campaign file checks against: its corporations, the catalogue."""

    def __init__(self, catalogue: Catalogue, *, check_tables: bool) -> None:
        self.catalogue = catalogue
        self.check_tables = check_tables
        self.corporation_keys: tuple[str, ...] = ()

    def corporation(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.corporation_keys:
            raise CampaignError(
                path,
                f"must be a corporation of this campaign ({', '.join(self.corporation_keys)}), "
                f"not {_describe(value)}",
            )
        return value

    def megastructure(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.catalogue.megastructures:
            raise CampaignError(
                path, f"is not a megastructure of the catalogue ({_describe(value)})"
            )
        return value

    def section_key(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.catalogue.section_boxes:
            raise CampaignError(
                path,
                f"must be a tracker section ({', '.join(self.catalogue.section_boxes)}), "
                f"not {_describe(value)}",
            )
        return value

    def party(self, value: Any, path: str) -> str:
        if value not in PARTIES:
            raise CampaignError(path, f"must be one of {', '.join(PARTIES)}")
        return value

    def section_number(self, value: Any, path: str) -> int:
        return whole_number(value, path, FIRST_SECTION, LAST_SECTION)
