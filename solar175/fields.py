"""The checks every field of a campaign file goes through, and the file reader's shared part.

Pure Python, no Django. The plain values are read by `gamefile.fields` (one reader for every
game), refusing with `CampaignError(path, message)` naming the field by its path
(`games[3].number`) with what is allowed; each value it lets through is one every database and
every terminal takes. What is Solar 175's own is here: dates, the opening's stored JSON, and
what a value must be of this campaign (its corporations, the catalogue's megastructures).
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping
from typing import Any

from gamefile.errors import FieldError
from gamefile.fields import DATE_SENTENCE, Fields
from gamefile.reading import describe as _describe
from gamefile.words import _
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


# The gamefile reader, refusing with a `CampaignError`: the campaign file's whole numbers,
# flags, texts, objects and lists are read as every game's are.
FIELDS = Fields(CampaignError, root="campaign")
mapping = FIELDS.mapping
listed = FIELDS.sequence
whole_number = FIELDS.whole_number
flag = FIELDS.flag
text = FIELDS.text
required = FIELDS.required
storable_text = FIELDS.storable


def name_text(value: Any, path: str, **options: Any) -> str:
    """`text` for a name people read: one that shows nothing (only invisible direction or
    zero-width marks, gamefile.names) is refused."""
    return FIELDS.text(value, path, name=True, **options)


def date_text(value: str, path: str) -> str:
    if not _DATE.fullmatch(value):
        raise CampaignError(path, DATE_SENTENCE)
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise CampaignError(path, DATE_SENTENCE) from None
    return value


def plain_json(value: Any, path: str, max_depth: int) -> None:
    """Refuse what a database's JSON column cannot store and give back the same.

    For parts of the file stored as given without being read (an opening's replay-output
    keys): text as `storable_text`, finite numbers, integers within 64 bits, at most
    `max_depth` levels. Iterative, so no nesting can exhaust Python's stack.
    """
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, Mapping) or isinstance(item, list | tuple):
            if depth >= max_depth:
                raise CampaignError(
                    where, _("nests more than %(max_depth)s levels deep", max_depth=max_depth)
                )
            if isinstance(item, Mapping):
                for key, inner in item.items():
                    if not isinstance(key, str):
                        raise CampaignError(
                            where, _("has a key that is not text (%(key)s)", key=repr(key))
                        )
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
                raise CampaignError(
                    where,
                    _(
                        "must be a number between ±%(max_json_integer)s",
                        max_json_integer=MAX_JSON_INTEGER,
                    ),
                )
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise CampaignError(where, _("must be a finite number, not %(item)s", item=item))
        else:
            raise CampaignError(where, _("must be JSON, not %(kind)s", kind=type(item).__name__))


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
                _(
                    "must be a corporation of this campaign (%(corporation_keys)s), not %(found)s",
                    corporation_keys=", ".join(self.corporation_keys),
                    found=_describe(value),
                ),
            )
        return value

    def megastructure(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.catalogue.megastructures:
            raise CampaignError(
                path,
                _("is not a megastructure of the catalogue (%(found)s)", found=_describe(value)),
            )
        return value

    def section_key(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.catalogue.section_boxes:
            raise CampaignError(
                path,
                _(
                    "must be a tracker section (%(section_boxes)s), not %(found)s",
                    section_boxes=", ".join(self.catalogue.section_boxes),
                    found=_describe(value),
                ),
            )
        return value

    def party(self, value: Any, path: str) -> str:
        if value not in PARTIES:
            raise CampaignError(path, _("must be one of %(parties)s", parties=", ".join(PARTIES)))
        return value

    def section_number(self, value: Any, path: str) -> int:
        return whole_number(value, path, FIRST_SECTION, LAST_SECTION)
