"""A form field for a name people read (gamefile.names, docs/names.md): normalised, without
invisible direction or zero-width marks, trimmed; a name that shows nothing is refused with a
sentence naming the field, never dropped without a word."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from gamefile.names import NO_VISIBLE_CHARACTER, clean_name
from hosting.words import translated


def invisible_name_error(label: str) -> ValidationError:
    # Translators: a field's label, then why its name is refused.
    return ValidationError(
        _("%(field)s: %(problem)s.")
        % {"field": label, "problem": translated(NO_VISIBLE_CHARACTER)},
        code="invisible",
    )


class NameField(forms.CharField):
    """A `CharField` for a name; `label` names the field in the refusal ("Name" without one)."""

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return value
        name = clean_name(value)
        if not name:
            raise invisible_name_error(self.label or _("Name"))
        return name
