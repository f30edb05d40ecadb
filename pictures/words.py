"""The pictures' words in the person's language, without Django (the drawings import none:
pyproject.toml's contract "The pictures' drawings import no Django").

A drawing module writes its sentences as Django's own gettext is written, named placeholders
filled in after: `_("Zone %(zone)s") % {"zone": 3}`, `ngettext("%(n)s point", "%(n)s points",
n) % {"n": n}` (makemessages finds `_` and `ngettext`). Each gives the template in the
person's language through `say`: `hosting.words.translated` once Django has started (set by
`pictures.apps`), which looks it up in the catalogue of the request's language; outside Django
(a script), the English template as it is.
"""

from __future__ import annotations

from typing import Any

from gamefile.words import Sentence


def _english(text: Any) -> Any:
    return text


# What says a sentence in the active language; `pictures.apps` sets it when Django starts.
say = _english


def _(template: str, /) -> str:
    """The template in the person's language (fill in its placeholders after)."""
    return say(Sentence(template))


def ngettext(singular: str, plural: str, count: int, /) -> str:
    """The template for `count` in the person's language (fill in its placeholders after)."""
    return say(Sentence(singular, plural=plural, count=count))
