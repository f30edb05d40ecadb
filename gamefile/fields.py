"""One reader for the plain values of a person's file, for every game: whole numbers, flags,
texts, choices, objects and lists.

Pure Python, no Django. One behaviour: a value that is not what the format allows is refused
with a `FieldError` (the game's own subclass) naming the field by its path and saying, in one
plain sentence, what is allowed. Nothing defaults: a key the format makes optional is read by
its caller with `optional(data, key, default)`, which names the documented default; absent is
that default (null too where the format says so), and any other value is read like any other.

Every bound applies everywhere: a whole number has its printed bounds, or else the sanity bound
(`limits.LARGEST_COUNT`); a text at most `max_length` characters (`limits.LONGEST_TEXT` unless
the field says fewer); a list at most `most` items where the format bounds it.

Two ways to read:

- `Fields(SomeError)`: each read raises its refusal (the campaign file, the play file).
- `Collector(SomeError)`: each read records its refusal and gives None for the value, so a
  form can show every problem beside its field; with `fail_fast=True` it raises the first
  (a replay cannot go past a bad event).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, NoReturn, TypeVar

from gamefile.errors import FieldError
from gamefile.limits import LARGEST_COUNT, LONGEST_TEXT, SANITY_SENTENCE
from gamefile.names import name_problem
from gamefile.reading import describe, one_of
from gamefile.words import Number, _

# A key the file leaves out, told apart from one given as null.
MISSING: Any = object()

T = TypeVar("T")


def join(path: str, key: str | int) -> str:
    """`players[0]` and `name` -> `players[0].name`; an index -> `cities[2]`; a key that is not
    one printable line is quoted with its escapes (an error is one line)."""
    if isinstance(key, int) and not isinstance(key, bool):
        return f"{path}[{key}]"
    key = str(key)
    if not key or not key.isprintable():
        return f"{path}[{json.dumps(key)}]"
    return f"{path}.{key}" if path else key


def optional(data: Mapping, key: str, default: Any, *, or_null: bool = False) -> Any:
    """An optional key's value: its documented `default` when the key is absent (or null, for a
    format that says "absent or null"); any other value as given, for the reader to refuse what
    the key does not allow."""
    value = data[key] if key in data else default
    return default if or_null and value is None else value


# The sentences every reader and every form says for one kind of error (`hosting.form_words`
# puts a form's field name before them).


def range_sentence(minimum: int | None, maximum: int | None) -> str:
    """A number outside its bounds: "must be between 0 and 14", "must be 1 or more"."""
    if minimum is not None and maximum is not None:
        return _("must be between %(least)s and %(most)s", least=minimum, most=maximum)
    if minimum is not None:
        return _("must be %(least)s or more", least=minimum)
    if maximum is not None:
        return _("must be %(most)s or less", most=maximum)
    return _("must be a number")


def whole_number_sentence(minimum: int | None, maximum: int | None) -> str:
    """What a whole number field holds, for one that holds something else or nothing."""
    if minimum is not None and maximum is not None:
        return _("a whole number from %(least)s to %(most)s", least=minimum, most=maximum)
    if minimum is not None:
        return _("a whole number of %(least)s or more", least=minimum)
    if maximum is not None:
        return _("a whole number of %(most)s or less", most=maximum)
    return _("a whole number")


def too_long_sentence(length: int) -> str:
    return _("must be at most %(length)s characters long", length=length)


class Fields:
    """The reads, each raising `error(path, sentence)` at the first thing not allowed."""

    def __init__(self, error: type[FieldError] = FieldError, *, root: str = "file") -> None:
        self.error_type = error
        # The name of the whole input, for a refusal of the input itself (path "").
        self.root = root

    def refuse(self, path: str, message: str) -> NoReturn:
        raise self.error_type(path or self.root, message)

    def required(self, data: Mapping, key: str, path: str, what: str = "") -> Any:
        """The value of a key the format requires."""
        if key not in data:
            said = _("is required (%(what)s)", what=what) if what else _("is required")
            self.refuse(join(path, key), said)
        return data[key]

    def whole_number(
        self, value: Any, path: str, minimum: int = 0, maximum: int | None = None
    ) -> int:
        """A JSON integer (true and false are not numbers, 2.0 is not a whole one) from
        `minimum` to `maximum`: the bound the game prints, else the sanity bound."""
        if value is MISSING:
            said = _("is required (%(what)s)", what=whole_number_sentence(minimum, maximum))
            self.refuse(path, said)
        value = self.integer(value, path)
        if maximum is not None and not minimum <= value <= maximum:
            self.refuse(path, range_sentence(minimum, maximum))
        if value < minimum:
            self.refuse(path, range_sentence(minimum, None))
        if maximum is None and value > LARGEST_COUNT:
            self.refuse(path, SANITY_SENTENCE)
        return value

    def integer(self, value: Any, path: str) -> int:
        """A JSON integer, unbounded: only for a caller that bounds it at once, in the words of
        the game's state ("your hand holds 3 cards")."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.refuse(path, _("must be a whole number, not %(found)s", found=describe(value)))
        return value

    def flag(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            self.refuse(path, _("must be true or false, not %(found)s", found=describe(value)))
        return value

    def text(
        self,
        value: Any,
        path: str,
        *,
        max_length: int = LONGEST_TEXT,
        what: str = _("text"),
        give: str = "",
        blank: bool = False,
        one_line: bool = False,
        name: bool = False,
    ) -> str:
        """A text of at most `max_length` characters that every database and terminal takes.

        `what` is the sentence's word for it (`must be {what}, not 3`), `give` what an empty
        one should have held; `blank` allows an empty one, `one_line` refuses tabs and line
        breaks, and `name` refuses one that shows nothing (gamefile.names). The text is never
        changed: a file exported, imported and exported again stays the same, byte for byte.
        """
        if not isinstance(value, str):
            # Translators: %(what)s is what the field holds ("text", "a name").
            self.refuse(
                path, _("must be %(what)s, not %(found)s", what=what, found=describe(value))
            )
        if not blank and not value.strip():
            said = _("must not be empty: give %(give)s", give=give) if give else None
            self.refuse(path, said or _("must not be empty"))
        if one_line and not value.isprintable():
            self.refuse(path, _("must be plain text on one line (no tabs or line breaks)"))
        self.storable(value, path)
        if len(value) > max_length:
            self.refuse(path, too_long_sentence(max_length))
        if name and value.strip() and (problem := name_problem(value)):
            self.refuse(path, problem)
        return value

    def storable(self, value: str, path: str) -> None:
        """Text every database and every terminal takes: UTF-8 without the NUL character."""
        problem = storable_problem(value)
        if problem:
            self.refuse(path, problem)

    def choice(self, value: Any, path: str, choices: Sequence[str], *, quoted: bool = True) -> str:
        """One of `choices`, a text."""
        if not isinstance(value, str) or value not in choices:
            shown = [f'"{choice}"' for choice in choices] if quoted else list(choices)
            said = _(
                "must be %(choices)s, not %(found)s", choices=one_of(shown), found=describe(value)
            )
            self.refuse(path, said)
        return value

    def mapping(
        self,
        value: Any,
        path: str,
        allowed: Collection[str] | None = None,
        what: str = _("a known key"),
    ) -> dict:
        """An object; with `allowed`, one whose keys are all among them."""
        if not isinstance(value, Mapping):
            self.refuse(path, _("must be an object, not %(found)s", found=describe(value)))
        for problem in self.unknown_keys(value, path, allowed, what):
            raise problem
        return dict(value)

    def unknown_keys(
        self, value: Mapping, path: str, allowed: Collection[str] | None, what: str
    ) -> list[FieldError]:
        """A refusal for each key of `value` not `allowed`, in the object's order."""
        if allowed is None:
            return []
        return [
            self.error_type(
                join(path, key),
                _("is not %(what)s; allowed: %(allowed)s", what=what, allowed=", ".join(allowed)),
            )
            for key in value
            if key not in allowed
        ]

    def sequence(
        self, value: Any, path: str, most: int | None = None, what: str = _("items"), why: str = ""
    ) -> list:
        """A list; with `most`, of at most that many items (`why` says whose bound it is)."""
        if not isinstance(value, list | tuple):
            self.refuse(path, _("must be a list, not %(found)s", found=describe(value)))
        if most is not None and len(value) > most:
            found = Number(len(value))
            if why:
                # Translators: %(what)s is what the list holds ("players"); %(why)s whose bound.
                said = _(
                    "must list at most %(most)s %(what)s (%(why)s), not %(found)s",
                    most=most,
                    what=what,
                    why=why,
                    found=found,
                )
            else:
                said = _(
                    "must list at most %(most)s %(what)s, not %(found)s",
                    most=most,
                    what=what,
                    found=found,
                )
            self.refuse(path, said)
        return list(value)


class Collector:
    """The same reads, each recording its refusal and giving None for the value, in reading
    order; `fail_fast` raises the first instead. A caller skips the checks that depended on a
    value that failed, so no refusal follows from another."""

    def __init__(
        self, error: type[FieldError] = FieldError, *, root: str = "table", fail_fast: bool = False
    ) -> None:
        self.fields = Fields(error, root=root)
        self.fail_fast = fail_fast
        self.errors: list[FieldError] = []

    def record(self, error: FieldError) -> None:
        if self.fail_fast:
            raise error
        self.errors.append(error)

    def error(self, path: str, message: str) -> None:
        self.record(self.fields.error_type(path or self.fields.root, message))

    def first_error(self) -> FieldError | None:
        return self.errors[0] if self.errors else None

    def raise_first(self) -> None:
        if self.errors:
            raise self.errors[0]

    def attempt(self, reading: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
        """`reading(*args, **kwargs)`, or None with its refusal recorded."""
        try:
            return reading(*args, **kwargs)
        except FieldError as error:
            self.record(error)
            return None

    def required(self, data: Mapping, key: str, path: str, what: str = "") -> Any:
        """The value of a required key, or MISSING with its refusal recorded."""
        if key not in data:
            self.attempt(self.fields.required, data, key, path, what)
            return MISSING
        return data[key]

    def whole_number(
        self, value: Any, path: str, minimum: int = 0, maximum: int | None = None
    ) -> int | None:
        return self.attempt(self.fields.whole_number, value, path, minimum, maximum)

    def flag(self, value: Any, path: str) -> bool | None:
        return self.attempt(self.fields.flag, value, path)

    def text(self, value: Any, path: str, **options: Any) -> str | None:
        return self.attempt(self.fields.text, value, path, **options)

    def choice(self, value: Any, path: str, choices: Sequence[str], **options: Any) -> str | None:
        return self.attempt(self.fields.choice, value, path, choices, **options)

    def sequence(self, value: Any, path: str, *args: Any, **kwargs: Any) -> list | None:
        return self.attempt(self.fields.sequence, value, path, *args, **kwargs)

    def mapping(
        self,
        value: Any,
        path: str,
        allowed: Collection[str] | None = None,
        what: str = _("a known key"),
    ) -> dict | None:
        """The object (None when it is not one), each key not `allowed` recorded."""
        if not isinstance(value, Mapping):
            return self.attempt(self.fields.mapping, value, path)
        for problem in self.fields.unknown_keys(value, path, allowed, what):
            self.record(problem)
        return dict(value)


def storable_problem(value: str) -> str | None:
    """Why a text is not one every database and every terminal takes (UTF-8 without the NUL
    character), or None: the one sentence of every reader, a game's own included."""
    if "\x00" in value:
        # PostgreSQL's text and jsonb cannot hold U+0000.
        return _("must not contain the NUL character (U+0000)")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        # A lone surrogate ("\ud800" in JSON) is no character: not UTF-8, not storable.
        code = ord(value[error.start])
        return _("must be Unicode text, not a lone surrogate (%(code)s)", code=f"U+{code:04X}")
    return None


# The one sentence for a date that is not one (malformed, or not on the calendar: 2026-02-30),
# in every file and every form (`hosting.form_words`).
DATE_SENTENCE = _("must be a date on the calendar, written YYYY-MM-DD such as 2026-03-01")
