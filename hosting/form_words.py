"""Every form's refusals in the game's words, never Django's defaults ("This field is
required.", "Enter a whole number.", "Ensure this value is less than or equal to 14.", "Enter a
valid date.", "Select a valid choice. x is not one of the available choices.").

Installed once (`install`, from `HostingConfig.ready`) for every field of every form: when a
field refuses a value, each error still worded as Django's default for its code is said again
as what the field allows, in the words every file reader uses for that kind of error
(`gamefile.fields`): "Must be between 0 and 14.", "Must be a date on the calendar, written
YYYY-MM-DD such as 2026-03-01.", "Must not contain the NUL character (U+0000).". The error is
shown under its field; a page's summary puts the field's name before it ("Player 1, Bid (M):
Must be between 0 and 14."), as a file's refusal puts the path. A message a form words itself
is kept as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from django import forms
from django.core import validators
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from gamefile.fields import (
    DATE_SENTENCE,
    range_sentence,
    storable_problem,
    too_long_sentence,
    whole_number_sentence,
)
from hosting.words import translated

# Django's validators a form field adds itself (min/max value and length, the NUL check).
_VALIDATORS = (
    validators.MinValueValidator,
    validators.MaxValueValidator,
    validators.MinLengthValidator,
    validators.MaxLengthValidator,
    validators.ProhibitNullCharactersValidator,
    validators.StepValueValidator,
    validators.EmailValidator,
    validators.DecimalValidator,
)


def django_defaults() -> frozenset[str]:
    """Every message Django's form fields and their validators say by default (templates), in
    the active language (Django's own are translated)."""
    return _django_defaults(get_language())


@cache
def _django_defaults(language: str | None) -> frozenset[str]:
    found: set[str] = set()

    def fields(cls: type) -> None:
        for sub in cls.__subclasses__():
            if sub.__module__.startswith("django."):
                found.update(str(m) for m in getattr(sub, "default_error_messages", {}).values())
            fields(sub)

    found.update(str(m) for m in forms.Field.default_error_messages.values())
    fields(forms.Field)
    messages = [getattr(v, "message", None) for v in _VALIDATORS]
    messages += list(forms.BaseFormSet.default_error_messages.values())
    messages += list(validators.DecimalValidator.messages.values())
    for message in messages:
        if message is None:
            continue
        if str(message):
            found.add(str(message))
            continue
        # A plural message (ngettext, its number a parameter) reads as nothing until given
        # one: each form is taken, its numbers put back as the parameters they were.
        for limit in (1, 7777):
            said = message % {"limit_value": limit, "show_value": 8888, "num": limit, "max": limit}
            said = said.replace("8888", "%(show_value)d").replace(str(limit), "%(limit_value)d")
            found.add(said)
    return frozenset(found - {""})


def is_django_default(message: str) -> bool:
    """Whether a shown message is one of Django's default sentences, its values filled in."""
    return any(_pattern(template).fullmatch(message) for template in django_defaults())


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"%\(\w+\)[sd]|%s|%d", template)
    return re.compile(".*".join(re.escape(part) for part in parts), re.S)


def _bounds(field: forms.Field) -> tuple[Any, Any]:
    return getattr(field, "min_value", None), getattr(field, "max_value", None)


def _number(field: forms.Field) -> str:
    """A number field holding something else: what it holds, as every reader says it."""
    low, high = _bounds(field)
    if isinstance(field, forms.IntegerField):
        # Translators: "must be a whole number from 0 to 14" (the number's words are given).
        return _("must be %(number)s") % {"number": translated(whole_number_sentence(low, high))}
    return translated(range_sentence(low, high))


def _required(field: forms.Field) -> str:
    """Nothing given: what the field wants ("required: a whole number from 0 to 14")."""
    if isinstance(field, forms.BooleanField):
        return _("required: tick it to go on")
    if isinstance(field, forms.MultipleChoiceField):
        return _("required: choose at least one")
    if isinstance(field, forms.ChoiceField):
        return _("required: choose one")
    if isinstance(field, forms.FileField):
        return _("required: choose a file")
    if isinstance(field, forms.DateField):
        return _("required: a date written YYYY-MM-DD such as 2026-03-01")
    if isinstance(field, forms.IntegerField):
        # Translators: "required: a whole number from 0 to 14" (the number's words are given).
        return _("required: %(number)s") % {
            "number": translated(whole_number_sentence(*_bounds(field)))
        }
    return _("required: write it here")


def _predicate(field: forms.Field, error: ValidationError) -> str | None:
    """What the field allows, for a Django default error of `field`; None leaves it as it is."""
    code, params = error.code, error.params or {}
    if code == "invalid":
        if isinstance(field, forms.DateField):
            return translated(DATE_SENTENCE)
        if isinstance(field, forms.IntegerField | forms.FloatField | forms.DecimalField):
            return _number(field)
        if isinstance(field, forms.EmailField):
            return _("must be an email address, such as sam@example.org")
        if isinstance(field, forms.FileField):
            return _("must be a file")
        return _("is not a value this field takes")
    words: dict[str, Callable[[], str]] = {
        "required": lambda: _required(field),
        "min_value": lambda: translated(range_sentence(*_bounds(field))),
        "max_value": lambda: translated(range_sentence(*_bounds(field))),
        "step_size": lambda: _number(field),
        "max_digits": lambda: _number(field),
        "max_decimal_places": lambda: _number(field),
        "max_whole_digits": lambda: _number(field),
        "max_length": lambda: translated(too_long_sentence(params.get("limit_value"))),
        "min_length": lambda: _min_length(params.get("limit_value")),
        "invalid_choice": lambda: _("must be one of the choices listed"),
        "invalid_list": lambda: _("must be among the choices listed"),
        "null_characters_not_allowed": lambda: translated(storable_problem(chr(0))),
        "missing": lambda: _("required: choose a file"),
        "empty": lambda: _("must not be an empty file"),
        "contradiction": lambda: _("takes a file or the tick to clear it, not both"),
        "invalid_image": lambda: _("must be a picture this app reads"),
    }
    make = words.get(code or "")
    return make() if make else None


def _min_length(limit) -> str:
    if not isinstance(limit, int):
        return _("must be at least %(count)s characters long") % {"count": limit}
    return ngettext(
        "must be at least %(count)s character long",
        "must be at least %(count)s characters long",
        limit,
    ) % {"count": limit}


def _follows_its_field(item: ValidationError, predicate: str) -> bool:
    """Whether the predicate reads after its field's name as the rest of one sentence
    ("Credits must be between 0 and 29."): every "must …" one, in whatever language it is
    said; not what a field wants when it was left empty ("required: …"), nor the few said
    as a sentence of their own."""
    if item.code in ("required", "missing", "contradiction"):
        return False
    return predicate != _("is not a value this field takes")


def reworded(field: forms.Field, error: ValidationError) -> ValidationError:
    """`error` with each message still worded as Django's default said as the field allows.
    A message said as what follows the field's name keeps that predicate as well
    (`predicate`), so a summary joins the two in any language (`predicate_of`)."""
    changed, kept = False, []
    for item in error.error_list:
        message = next(iter(item))
        predicate = _predicate(field, item) if is_django_default(message) else None
        if predicate is None:
            kept.append(item)
            continue
        changed = True
        said = ValidationError(f"{predicate[:1].upper()}{predicate[1:]}.", code=item.code)
        if _follows_its_field(item, predicate):
            said.predicate = predicate  # type: ignore[attr-defined]
        kept.append(said)
    return ValidationError(kept) if changed else error


def predicate_of(error: ValidationError) -> str | None:
    """The predicate of a refusal `reworded` said ("must be between 0 and 29", "darf
    höchstens 29 sein"), for a sentence that names its field first; None for any other (or
    for several messages)."""
    items = error.error_list if hasattr(error, "error_list") else []
    if len(items) != 1:
        return None
    return getattr(items[0], "predicate", None)


def _in_our_words(clean: Callable) -> Callable:
    def clean_in_our_words(self: forms.Field, *args: Any, **kwargs: Any) -> Any:
        try:
            return clean(self, *args, **kwargs)
        except ValidationError as error:
            raise reworded(self, error) from None

    clean_in_our_words.in_our_words = True  # type: ignore[attr-defined]
    return clean_in_our_words


def install() -> None:
    """Every Django form field's `clean` (each class that has its own) says its refusals in
    our words: a form's `full_clean` and a view cleaning one field alike (once per process)."""
    classes = [forms.Field]
    pending = [forms.Field]
    while pending:
        for sub in pending.pop().__subclasses__():
            pending.append(sub)
            if sub.__module__.startswith("django.") and "clean" in vars(sub):
                classes.append(sub)
    for cls in classes:
        if not getattr(cls.clean, "in_our_words", False):
            cls.clean = _in_our_words(cls.clean)


def refusal(form: forms.BaseForm) -> str:
    """A refused form's first error as one plain sentence naming its field, as a page's summary
    or a flashed message says it: "Move to game number: must be a whole number from 1 to 3."
    (a form-wide error as it is). For the small forms of one or two fields a view answers with
    a sentence rather than a page of fields."""
    for name, errors in form.errors.as_data().items():
        said = " ".join(" ".join(errors[0].messages).split()).rstrip(" .")
        field = form.fields.get(name)
        label = str(field.label or name) if field is not None and name != "__all__" else ""
        if not label:
            return f"{said[:1].upper()}{said[1:]}."
        # What the field must be, as the words said it (any language); else the sentence
        # with its first letter small.
        predicate = predicate_of(errors[0])
        if predicate:
            problem = " ".join(predicate.split()).rstrip(" .")
        else:
            problem = said[:1].lower() + said[1:]
        # Translators: a field's label, then what it refuses ("Move to game number: must be …").
        return _("%(field)s: %(problem)s.") % {"field": label, "problem": problem}
    return ""


def number_refusals(sentence: str) -> dict[str, str]:
    """A number field's `error_messages` saying one sentence for every refusal (nothing sent,
    not a number, out of its bounds): "Must be a whole number from 1 to 3."."""
    return dict.fromkeys(("required", "invalid", "min_value", "max_value"), sentence)
