"""The wizard's widgets and layout pieces: steppers, zone boxes, count grids, details."""

from __future__ import annotations

from collections.abc import Iterable

from crispy_forms.layout import Column, Div, Field, LayoutObject, Row
from django import forms
from django.template.loader import render_to_string

from scoring.wizard.spoilers import PRESET_GAMES, numbers_text, sections_after_game
from solar175.table import (
    ALWAYS_IN_PLAY,
)

FIELD_TEMPLATE = "scoring/field.html"


class StepperInput(forms.NumberInput):
    """A number input for a small count, drawn with − and + buttons (the field template)."""

    stepper = True

    def __init__(self, *, minimum: int | None = 0, maximum: int | None = None, attrs=None):
        base = {"inputmode": "numeric"}
        if minimum is not None:
            base["min"] = minimum
        if maximum is not None:
            base["max"] = maximum
        super().__init__(attrs={**base, **(attrs or {})})


class ZoneCheckboxes(forms.CheckboxSelectMultiple):
    """Zones in play: 1 and 2 are always in play, so their boxes are ticked and locked."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if int(value) in ALWAYS_IN_PLAY:
            option["attrs"]["disabled"] = True
            option["selected"] = True
            option["attrs"]["checked"] = True
        return option


# Fields whose change redraws the form (more players, another zone, a rule with its own
# fields): the template posts the form back for a new layout when one of them changes.
REFRESH = {"data-refresh": "1"}


def count_field(label: str, *, maximum: int | None = None, minimum: int | None = 0):
    # No min/max validators on purpose: `read_table` judges the range, in its own words.
    return forms.IntegerField(
        label=label,
        required=False,
        initial=0,
        widget=StepperInput(minimum=minimum, maximum=maximum),
    )


def _unlabelled(name: str) -> Field:
    # A crispy Field draws with its own template unless told: keep the wizard's.
    return Field(name, wrapper_class="label-hidden", template=FIELD_TEMPLATE)


def count_grid(headings: tuple[str, str], rows: list[tuple[str, str, str]]) -> Div:
    """Pairs of counts under one pair of column headings: a row per (title, left, right) field.

    The fields keep their full labels ("Hensler HUB: workers") for screen readers; the eye
    reads the row title and the headings, which saves a line per row on a phone.
    """
    return Div(
        Partial("scoring/layout/grid_heads.html", left=headings[0], right=headings[1]),
        *[
            Row(
                Partial("scoring/layout/grid_title.html", title=title),
                Column(_unlabelled(left), css_class="col-6 col-sm-4"),
                Column(_unlabelled(right), css_class="col-6 col-sm-4"),
                css_class="grid-row",
            )
            for title, left, right in rows
        ],
        css_class="count-grid",
    )


class SectionsPicker(LayoutObject):
    """The unlocked sections by number only, as toggle buttons; on the first step with the
    one-tap choices "after game 1…4"."""

    template = "scoring/layout/sections_picker.html"

    def __init__(self, name: str, *, presets: bool) -> None:
        self.fields: list = []
        self.name = name
        self.presets = presets

    def render(self, form, context, *args, **kwargs):
        presets = [
            (game, numbers_text(sections_after_game(game)), sections_after_game(game))
            for game in (PRESET_GAMES if self.presets else ())
        ]
        return render_to_string(
            self.template, {"field": form[self.name], "presets": presets, "form": form}
        )


class Partial(LayoutObject):
    """A template partial in a form's layout: the markup stays in `templates/`, drawn with the
    page's context and `values`, so whatever it shows is escaped by the template engine and
    never read as template code (crispy's `HTML` reads its text as a template)."""

    def __init__(self, template: str, **values) -> None:
        self.fields: list = []
        self.template = template
        self.values = values

    def render(self, form, context, *args, **kwargs):
        page = context.flatten() if hasattr(context, "flatten") else dict(context)
        return render_to_string(self.template, {**page, "form": form, **self.values})


def form_text(text: str, css_class: str = "") -> Partial:
    """A sentence of help in a form's layout, drawn as the fields' help texts are."""
    return Partial("scoring/layout/form_text.html", text=text, css_class=css_class)


class Details(Div):
    """A `<details>` block: the rarely used fields, open when one of them holds a value."""

    template = "scoring/layout/details.html"

    def __init__(self, summary: str, *fields, open_when: Iterable[str] = (), **kwargs) -> None:
        super().__init__(*fields, **kwargs)
        self.summary = summary
        self.open_when = tuple(open_when)

    def render(self, form, context, *args, **kwargs):
        # Each form builds its own layout, so the flag belongs to this form's rendering.
        self.is_open = self._should_open(form)
        return super().render(form, context, *args, **kwargs)

    def _should_open(self, form: forms.Form) -> bool:
        for name in self.open_when:
            if name in form.errors:
                return True
            value = form[name].value() if name in form.fields else None
            if value not in (None, "", "0", 0, False):
                return True
        return False


class ErrorDetails(Details):
    """A `<details>` block that opens only when its field is wrong: its value is always set."""

    def __init__(self, summary: str, *fields, when_wrong: str, **kwargs) -> None:
        super().__init__(summary, *fields, **kwargs)
        self.when_wrong = when_wrong

    def _should_open(self, form: forms.Form) -> bool:
        return self.when_wrong in form.errors


class ZoneFold(Details):
    """A zone's outposts and bases on a player's card, folded away while the player has
    nothing there: the zones a seat holds something in are the ones it opens."""

    template = "scoring/layout/zone_fold.html"


def zone_folds(rows: list[tuple[str, str, str]]) -> Div:
    """A fold per zone (title, outposts field, bases field)."""
    return Div(
        *[
            ZoneFold(
                title,
                Row(
                    Column(left, css_class="col-6"),
                    Column(right, css_class="col-6"),
                ),
                open_when=(left, right),
            )
            for title, left, right in rows
        ],
        css_class="zone-folds",
    )
