"""Reading JSON that a person hands the app: a file given to a command, or an upload.

One reader for the `score`, `replay` and `import_campaign` commands and the import page, so
each refuses unreadable input with the same plain sentence, and none of them can crash on JSON
that Python's own parser gives up on (deep nesting, numbers of thousands of digits). A key
repeated in one object is refused, naming it; so is a number of more than 15 digits.
"""

import json
from pathlib import Path
from typing import Any

from gamefile.limits import LONGEST_NUMBER, cut
from gamefile.words import Number, _


class JsonInputError(ValueError):
    """Input that holds no JSON; `str()` is the sentence, without the file's name."""


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > LONGEST_NUMBER:
        raise JsonInputError(
            _(
                "is not JSON this app reads (a number of %(digits)s digits; "
                "numbers here have at most %(most)s)",
                digits=Number(len(digits.lstrip("-"))),
                most=LONGEST_NUMBER,
            )
        )
    return int(digits)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different: JSON allows a repeated key, Python's reader
    keeps the last one silently, and a file saying `"credits": 12, "credits": 29` is a
    mistake to point at, not to guess."""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise JsonInputError(
                _(
                    'is not JSON this app reads (the key "%(key)s" appears twice in one '
                    "object; give it once)",
                    key=cut(key, 40),
                )
            )
        found[key] = value
    return found


def parse_json_text(text: str) -> Any:
    try:
        return json.loads(text, parse_int=_bounded_int, object_pairs_hook=_unique_keys)
    except JsonInputError:
        raise
    except json.JSONDecodeError as error:
        raise JsonInputError(
            # Translators: %(reason)s is the JSON reader's own English words.
            _(
                "is not JSON (%(reason)s at line %(line)s column %(column)s)",
                reason=error.msg,
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    except RecursionError:
        raise JsonInputError(_("is not JSON this app reads (nested too deeply)")) from None
    except ValueError as error:
        # Python refuses integers of more than 4300 digits (a guard against slow parsing).
        raise JsonInputError(
            _("is not JSON this app reads (%(reason)s)", reason=str(error))
        ) from None


def parse_json_bytes(data: bytes) -> Any:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise JsonInputError(
            _(
                "is not UTF-8 text (%(reason)s at byte %(byte)s)",
                reason=error.reason,
                byte=error.start,
            )
        ) from None
    return parse_json_text(text)


def read_json_file(path: str | Path) -> Any:
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise JsonInputError(_("cannot read the file (%(reason)s)", reason=reason)) from None
    return parse_json_bytes(data)
