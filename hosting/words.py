"""The rules' sentences in the person's language (the web side of `gamefile.words`).

A pure rule gives a `Sentence`: English as a `str`, with its catalogue template and values.
`translated` says it in the active language: the template looked up in the catalogue (by
count where it has one), each value that is itself a Sentence translated first, then the
values put in; a `Joined` (sentences one after the other) each of its parts. A plain `str`
(a person's own input, a game's printed term) is given back as it is. In English the result
is the same text as the Sentence itself.

A `Day` (a date in a sentence) is written in the person's language: its format looked up in
the catalogue (German writes "j F Y" as "j. F Y": "7. Dezember 2026") and the month named in
that language. A `Number` (a count with its thousands grouped) is grouped as that language
groups them ("12.345" in German).
"""

from __future__ import annotations

from typing import Any

from django.utils.formats import date_format, number_format
from django.utils.translation import get_language, gettext, ngettext

from gamefile.words import LONG, SHORT, Day, Joined, Number, Sentence, from_json


def day_format(format: str) -> str:
    """The person's Django date format for one a Day is written in (LONG or SHORT)."""
    if format == SHORT:
        # Translators: a Django date format (the date filter's letters: j the day, M the
        # month's short name, Y the year): "7 Dec 2026".
        return gettext("j M Y")
    if format == LONG:
        # Translators: a Django date format (the date filter's letters: j the day, F the
        # month's name, Y the year): "7 December 2026".
        return gettext("j F Y")
    return format


def translated(text: Any) -> Any:
    if isinstance(text, Joined):
        return text.separator.join(str(translated(part)) for part in text.parts)
    if isinstance(text, Day):
        return date_format(text.date, day_format(text.format))
    if isinstance(text, Number):
        return number_format(text.number, force_grouping=True)
    if not isinstance(text, Sentence):
        return text
    params = {key: translated(value) for key, value in text.params.items()}
    if text.plural is None:
        template = gettext(text.template)
    else:
        template = ngettext(text.template, text.plural, text.count)
    return template % params if params else template


def stored_said(english: str, words: Any) -> str:
    """A sentence a database row keeps in English (`english`, as it was said when stored) and
    in its words (`words`: `gamefile.words.as_json`, or None for a row stored before its words
    were kept, or with nothing to translate), in the active language. English pages, and a row
    without words, read the English as stored; a row whose words no longer fit together (a
    placeholder a template lost) too."""
    if words is None or (get_language() or "en").split("-")[0] == "en":
        return english
    try:
        return str(translated(from_json(words)))
    except (KeyError, TypeError, ValueError, AttributeError):
        return english
