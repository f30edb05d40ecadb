"""The rules' sentences in the person's language (the web side of `gamefile.words`).

A pure rule gives a `Sentence`: English as a `str`, with its catalogue template and values.
`translated` says it in the active language: the template looked up in the catalogue (by
count where it has one), each value that is itself a Sentence translated first, then the
values put in. A plain `str` (a person's own input, a game's printed term) is given back as it
is. In English the result is the same text as the Sentence itself.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from gamefile.words import Sentence


def translated(text: Any) -> Any:
    if not isinstance(text, Sentence):
        return text
    params = {key: translated(value) for key, value in text.params.items()}
    if text.plural is None:
        template = gettext(text.template)
    else:
        template = ngettext(text.template, text.plural, text.count)
    return template % params if params else template
