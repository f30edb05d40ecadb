"""Every form's refusals in the game's words, never Django's defaults ("This field is
required.", "Enter a whole number.", "Ensure this value is less than or equal to 14.", "Enter a
valid date.", "Select a valid choice. x is not one of the available choices.").

Installed once (`install`, from `HostingConfig.ready`) for every form of every app: after a
form is cleaned, each error still worded as Django's default for its code is said again as a
sentence naming the field by its label, then what it allows in the words every file reader
uses for that kind of error (`gamefile.fields`): "Credits: must be between 0 and 14.", "Played
on: must be a date on the calendar, written YYYY-MM-DD such as 2026-03-01.", "Name: must not
contain the NUL character (U+0000).". A message a form words itself is kept as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from django import forms
from django.core import validators
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from gamefile.fields import (
    DATE_SENTENCE,
    range_sentence,
    storable_problem,
    too_long_sentence,
    whole_number_sentence,
)

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


@cache
def django_defaults() -> frozenset[str]:
    """Every message Django's form fields and their validators say by default (templates)."""
    found: set[str] = set()

    def fields(cls: type) -> None:
        for sub in cls.__subclasses__():
            if sub.__module__.startswith("django."):
                found.update(str(m) for m in getattr(sub, "default_error_messages", {}).values())
            fields(sub)

    found.update(str(m) for m in forms.Field.default_error_messages.values())
    fields(forms.Field)
    messages = [getattr(v, "message", None) for v in _VALIDATORS]
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
            said = message % {"limit_value": limit, "show_value": 8888, "max": limit}
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


def _label(form: forms.BaseForm, name: str) -> str:
    label = str(form[name].label or name.replace("_", " ")).strip().rstrip(":.?")
    return label[:1].upper() + label[1:] if label else "This field"


def _bounds(field: forms.Field) -> tuple[Any, Any]:
    return getattr(field, "min_value", None), getattr(field, "max_value", None)


def _number(field: forms.Field) -> str:
    """A number field holding something else: what it holds, as every reader says it."""
    low, high = _bounds(field)
    if isinstance(field, forms.IntegerField):
        return f"must be {whole_number_sentence(low, high)}"
    return range_sentence(low, high)


def _required(field: forms.Field) -> str:
    """Nothing given, as the file readers say it: "is required (a whole number from 0 to 14)"."""
    if isinstance(field, forms.BooleanField):
        return "is required (tick it to go on)"
    if isinstance(field, forms.MultipleChoiceField):
        return "is required (choose at least one)"
    if isinstance(field, forms.ChoiceField):
        return "is required (choose one)"
    if isinstance(field, forms.FileField):
        return "is required (choose a file)"
    if isinstance(field, forms.DateField):
        return "is required (a date written YYYY-MM-DD such as 2026-03-01)"
    if isinstance(field, forms.IntegerField):
        return f"is required ({whole_number_sentence(*_bounds(field))})"
    return "is required"


def _predicate(field: forms.Field, error: ValidationError) -> str | None:
    """What the field allows, for a Django default error of `field`; None leaves it as it is."""
    code, params = error.code, error.params or {}
    if code == "invalid":
        if isinstance(field, forms.DateField):
            return DATE_SENTENCE
        if isinstance(field, forms.IntegerField | forms.FloatField | forms.DecimalField):
            return _number(field)
        if isinstance(field, forms.EmailField):
            return "must be an email address, such as sam@example.org"
        if isinstance(field, forms.FileField):
            return "must be a file"
        return "is not a value this field takes"
    words: dict[str, Callable[[], str]] = {
        "required": lambda: _required(field),
        "min_value": lambda: range_sentence(*_bounds(field)),
        "max_value": lambda: range_sentence(*_bounds(field)),
        "step_size": lambda: _number(field),
        "max_digits": lambda: _number(field),
        "max_decimal_places": lambda: _number(field),
        "max_whole_digits": lambda: _number(field),
        "max_length": lambda: too_long_sentence(params.get("limit_value")),
        "min_length": lambda: f"must be at least {params.get('limit_value')} characters long",
        "invalid_choice": lambda: "must be one of the choices listed",
        "invalid_list": lambda: "must be among the choices listed",
        "null_characters_not_allowed": lambda: storable_problem(chr(0)),
        "missing": lambda: "is required (choose a file)",
        "empty": lambda: "must not be an empty file",
        "contradiction": lambda: "takes a file or the tick to clear it, not both",
        "invalid_image": lambda: "must be a picture this app reads",
    }
    make = words.get(code or "")
    return make() if make else None


def reword(form: forms.BaseForm) -> None:
    """Say again, in the field's words, each error of `form` still worded as Django's default."""
    errors = getattr(form, "_errors", None)
    if not errors:
        return
    for name, listed in list(errors.items()):
        if name == NON_FIELD_ERRORS or name not in form.fields:
            continue
        field, label = form.fields[name], _label(form, name)
        changed = False
        kept = []
        for error in listed.as_data():
            message = next(iter(error))
            if is_django_default(message):
                predicate = _predicate(field, error)
                if predicate is not None:
                    # "Credits: must be between 0 and 14.": the field, then what the file
                    # readers say of the same kind of error.
                    error = ValidationError(f"{label}: {predicate}.", code=error.code)
                    changed = True
            kept.append(error)
        if changed:
            errors[name] = form.error_class(kept, renderer=form.renderer)


_INSTALLED = False


def install() -> None:
    """Every form's `full_clean` ends with `reword` (once per process)."""
    global _INSTALLED
    if _INSTALLED:
        return
    _INSTALLED = True
    full_clean = forms.BaseForm.full_clean

    def full_clean_in_our_words(self: forms.BaseForm) -> None:
        full_clean(self)
        reword(self)

    forms.BaseForm.full_clean = full_clean_in_our_words
