"""Every form's refusals in the game's words, never Django's defaults ("This field is
required.", "Enter a whole number.", "Ensure this value is less than or equal to 14.", "Enter a
valid date.", "Select a valid choice. x is not one of the available choices.").

Installed once (`install`, from `HostingConfig.ready`) for every form of every app: after a
form is cleaned, each error still worded as Django's default for its code is said again as a
sentence naming the field by its label and what it allows ("Credits must be a whole number from
0 to 14."). A message a form words itself is kept as it is. One wording per kind of error
across the files and the forms: a date that is not one says `gamefile.fields.DATE_SENTENCE`, a
text holding U+0000 what every file reader says (`gamefile.fields.storable_problem`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from django import forms
from django.core import validators
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from gamefile.fields import DATE_SENTENCE, storable_problem

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


def _range(field: forms.Field) -> str:
    low, high = getattr(field, "min_value", None), getattr(field, "max_value", None)
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if low is not None:
        return f"of at least {low}"
    if high is not None:
        return f"of at most {high}"
    return ""


def _number(label: str, field: forms.Field) -> str:
    allowed = _range(field)
    if isinstance(field, forms.IntegerField):
        return f"{label} must be a whole number{' ' + allowed if allowed else ''}."
    return f"{label} must be a number{' ' + allowed if allowed else ''}."


def _required(label: str, field: forms.Field) -> str:
    if isinstance(field, forms.BooleanField):
        return f"{label}: tick it to go on."
    if isinstance(field, forms.MultipleChoiceField):
        return f"{label}: choose at least one."
    if isinstance(field, forms.ChoiceField):
        return f"{label}: choose one."
    if isinstance(field, forms.FileField):
        return f"{label}: choose a file."
    if isinstance(field, forms.DateField):
        return f"{label}: give the date, written YYYY-MM-DD such as 2026-03-01."
    if isinstance(field, forms.IntegerField | forms.FloatField | forms.DecimalField):
        allowed = _range(field)
        return f"{label}: write a number{' ' + allowed if allowed else ''}."
    return f"{label}: write something here."


def _length(label: str, params: dict[str, Any], most: bool) -> str:
    limit = params.get("limit_value")
    if most:
        return f"{label} is too long: use at most {limit} characters."
    return f"{label} is too short: use at least {limit} characters."


def _sentence(label: str, field: forms.Field, error: ValidationError) -> str | None:
    """The field's own sentence for a Django default error, or None (left as it is)."""
    code, params = error.code, error.params or {}
    words: dict[str, Callable[[], str]] = {
        "required": lambda: _required(label, field),
        "min_value": lambda: _number(label, field),
        "max_value": lambda: _number(label, field),
        "step_size": lambda: _number(label, field),
        "max_length": lambda: _length(label, params, most=True),
        "min_length": lambda: _length(label, params, most=False),
        "invalid_choice": lambda: f"{label}: choose one of the options listed.",
        "invalid_list": lambda: f"{label}: choose from the options listed.",
        "null_characters_not_allowed": lambda: f"{label} {storable_problem(chr(0))}.",
        "missing": lambda: f"{label}: choose a file.",
        "empty": lambda: f"{label}: this file is empty; choose another.",
        "contradiction": lambda: f"{label}: choose a file, or tick to clear it; not both.",
        "invalid_image": lambda: f"{label}: this file is not a picture this app reads.",
        "max_digits": lambda: _number(label, field),
        "max_decimal_places": lambda: _number(label, field),
        "max_whole_digits": lambda: _number(label, field),
    }
    if code == "invalid":
        if isinstance(field, forms.DateField):
            return f"{label} {DATE_SENTENCE}."
        if isinstance(field, forms.IntegerField | forms.FloatField | forms.DecimalField):
            return _number(label, field)
        if isinstance(field, forms.EmailField):
            return f"{label} must be an email address, such as sam@example.org."
        if isinstance(field, forms.FileField):
            return f"{label}: this is not a file; choose one."
        return f"{label}: this is not a value this field takes."
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
                sentence = _sentence(label, field, error)
                if sentence is not None:
                    error = ValidationError(sentence, code=error.code)
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
