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


class Joined(str):
    """Sentences said one after the other (a summary of several changes): the English text
    (the `str` itself, the parts joined by `separator`), keeping its `parts`, each of which may
    be a Sentence. `hosting.words.translated` says each part in the person's language."""

    parts: tuple[Any, ...]
    separator: str

    def __new__(cls, parts: Any, separator: str = "; ") -> Joined:
        parts = tuple(parts)
        made = super().__new__(cls, separator.join(parts))
        made.parts, made.separator = parts, separator
        return made

    def __reduce__(self):
        return (Joined, (self.parts, self.separator))


def as_json(text: Any) -> Any:
    """What a sentence was made of, as JSON (a database keeps it; `from_json` gives the
    sentence back): a Sentence `{"template", "params", "plural", "count"}` (the last two only
    with a count), a Joined `{"joined": separator, "parts": [...]}`, a Day `{"day": iso date,
    "format"}`, a Number `{"number"}`, each value the same way;
    a plain `str` (a person's input, a game's term) or a number as it is."""
    if isinstance(text, Sentence):
        form: dict[str, Any] = {
            "template": text.template,
            "params": {key: as_json(value) for key, value in text.params.items()},
        }
        if text.plural is not None:
            form["plural"], form["count"] = text.plural, text.count
        return form
    if isinstance(text, Joined):
        return {"joined": text.separator, "parts": [as_json(part) for part in text.parts]}
    if isinstance(text, Day):
        return {"day": text.date.isoformat(), "format": text.format}
    if isinstance(text, Number):
        return {"number": text.number}
    if text is None or isinstance(text, (bool, int, float)):
        return text
    return str(text)


def from_json(form: Any) -> Any:
    """The sentence `as_json` kept: a Sentence, a Joined, or the value as it was stored."""
    if isinstance(form, dict) and "template" in form:
        params = {key: from_json(value) for key, value in (form.get("params") or {}).items()}
        return Sentence(
            form["template"], params, plural=form.get("plural"), count=form.get("count")
        )
    if isinstance(form, dict) and "joined" in form:
        return Joined((from_json(part) for part in form.get("parts") or ()), form["joined"])
    if isinstance(form, dict) and "day" in form:
        return Day(datetime.date.fromisoformat(form["day"]), form.get("format", LONG))
    if isinstance(form, dict) and "number" in form:
        return Number(form["number"])
    return form


def has_words(text: Any) -> bool:
    """Whether `text` holds anything to translate (a Sentence, or a Joined with one)."""
    if isinstance(text, Sentence):
        return True
    if isinstance(text, Joined):
        return any(has_words(part) for part in text.parts)
    return False
