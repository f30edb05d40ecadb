"""Sentences the pure rules say to a person, marked for translation without Django.

The rules (`solar175`, `space_explorers`, `startropolis`, `colonists`, `gamefile`) import no
Django, yet their refusals and explanations reach people's pages in the person's language
(docs/translating.md). A rule writes its sentence with `_` (or `ngettext` for a count), as
Django's own functions are written, with named placeholders:

    raise CampaignError(path, _("must be at most %(most)s", most=MAX_GAME_NUMBER))

`makemessages` finds these calls by their names (`_`, `ngettext`: xgettext's own keywords for
Python), so the English template lands in the catalogue. What the call gives is a `Sentence`:
a `str` that is the English sentence itself, so a command prints it, a file stores it and a
test compares it exactly as before. It also keeps its template and values, and the web side
(`hosting.words.translated`) says it again in the person's language from them.

A date in such a sentence is a `Day`: a `str` that is the English date ("7 December 2026"),
keeping the date and its format, so the web side writes it as the person's language does
("7. Dezember 2026"); a large count is a `Number`, its thousands grouped as the person's
language groups them ("12,345" in English, "12.345" in German).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any


class Sentence(str):
    """The English sentence (the `str` itself), with what it was made of: `template` (the
    catalogue's message id), `plural` and `count` for a sentence that depends on a number, and
    `params` (the values its placeholders take: each may itself be a Sentence)."""

    template: str
    plural: str | None
    count: int | None
    params: Mapping[str, Any]

    def __new__(
        cls,
        template: str,
        params: Mapping[str, Any] | None = None,
        *,
        plural: str | None = None,
        count: int | None = None,
    ) -> Sentence:
        params = dict(params or {})
        chosen = template if plural is None or count == 1 else plural
        made = super().__new__(cls, chosen % params if params else chosen)
        made.template, made.plural, made.count, made.params = template, plural, count, params
        return made

    def __reduce__(self):
        # A Sentence pickles (the cache, the multiprocessing of the fuzzers) as what it is.
        return (_rebuild, (self.template, self.params, self.plural, self.count))


def _rebuild(template, params, plural, count) -> Sentence:
    return Sentence(template, params, plural=plural, count=count)


def _(template: str, /, **params: Any) -> Sentence:
    """A sentence to translate: `_("must be at most %(most)s", most=14)`."""
    return Sentence(template, params)


def ngettext(singular: str, plural: str, count: int, /, **params: Any) -> Sentence:
    """A sentence whose words depend on `count` (English: one form for 1, the other for the
    rest; each language has its own rule): `ngettext("%(count)s game", "%(count)s games", n,
    count=n)`."""
    return Sentence(singular, params, plural=plural, count=count)


def ordinal(number: int) -> Sentence:
    """`1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`: each ending its own entry, so each language
    writes its own (German "1.", "2.")."""
    ending = 0 if 10 <= number % 100 <= 20 else number % 10
    if ending == 1:
        # Translators: an ordinal number ending in 1, not 11 ("1st", "21st"; German "1.").
        return _("%(n)sst", n=number)
    if ending == 2:
        # Translators: an ordinal number ending in 2, not 12 ("2nd", "22nd"; German "2.").
        return _("%(n)snd", n=number)
    if ending == 3:
        # Translators: an ordinal number ending in 3, not 13 ("3rd", "23rd"; German "3.").
        return _("%(n)srd", n=number)
    # Translators: any other ordinal number ("4th", "11th"; German "4.").
    return _("%(n)sth", n=number)


MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)

# The formats a Day is written in, named as Django's date formats name them (the web side
# looks each up in the person's catalogue): the day, the month's name or its first three
# letters, the year.
LONG = "j F Y"
SHORT = "j M Y"


class Day(str):
    """A calendar day in a sentence: the English date (the `str` itself: "7 December 2026",
    or "7 Dec 2026" in the SHORT format), with `date` and `format` (a Django date format,
    LONG or SHORT) for the web side to write it in the person's language."""

    date: datetime.date
    format: str

    def __new__(cls, date: datetime.date, format: str = LONG) -> Day:
        if format not in (LONG, SHORT):
            raise ValueError(f"a Day is written {LONG!r} or {SHORT!r}, not {format!r}")
        month = MONTHS[date.month - 1]
        made = super().__new__(
            cls, f"{date.day} {month if format == LONG else month[:3]} {date.year}"
        )
        made.date, made.format = date, format
        return made

    def __reduce__(self):
        return (Day, (self.date, self.format))


class Number(str):
    """A count in a sentence, its thousands grouped: the English (the `str` itself: "12,345"),
    with `number` for the web side to group it as the person's language does ("12.345")."""

    number: int

    def __new__(cls, number: int) -> Number:
        made = super().__new__(cls, f"{number:,}")
        made.number = number
        return made

    def __reduce__(self):
        return (Number, (self.number,))
