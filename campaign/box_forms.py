"""The forms of a campaign's box pages: a location, a megastructure, a leased ship, the Bank of
Yurushi debt rows.

They judge shapes (a whole number, one of the choices, a name not taken); what the box may
hold is `solar175.box.read_box`'s call, whose sentence `place_box_error` puts beside the field
it names. Each form gives back the change it stands for (`change()`): for a card of the
reference, only the values that differ from it (the box holds differences), for one the group
added, every value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from crispy_forms.helper import FormHelper
from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from campaign.forms import filled_in_lazy
from gamefile.names import clean_name
from hosting.names import NameField, invisible_name_error
from hosting.words import translated
from solar175.box import (
    DEBT_ROW_NAME_MAX_LENGTH,
    LOCATION_NAME_MAX_LENGTH,
    MAX_DEBT_BOXES,
    MAX_DEBT_ROWS,
    MAX_DEBT_VALUE,
    MAX_NAMING_SPACES,
    MAX_SHIP_MOVES,
    MAX_SHIP_PRESENCE,
    MEGASTRUCTURE_KEY_MAX_LENGTH,
    MEGASTRUCTURE_NAME_MAX_LENGTH,
    MIN_DEBT_VALUE,
    MIN_SHIP_MOVES,
    MIN_SHIP_PRESENCE,
    SHIP_NAME_MAX_LENGTH,
    TYPE_NAMES,
    UNSET,
    LocationChange,
    MegastructureChange,
    ShipChange,
)
from solar175.catalogue import DebtRow, LocationEntry, MegastructureEntry, ShipEntry
from solar175.fields import CampaignError

_VALUES = re.compile(r"^\s*\d+(\s*[,;\s]\s*\d+)*\s*$")
ADDABLE_TYPES = [(t, name) for t, name in TYPE_NAMES.items() if t != 1]


def _helper() -> FormHelper:
    helper = FormHelper()
    # The template owns the <form> tag and the CSRF token.
    helper.form_tag = False
    helper.disable_csrf = True
    return helper


def _whole_number(label: str, low: int, high: int) -> dict[str, str]:
    """A number field's refusals, said when they are read (in the reader's language)."""
    sentence = filled_in_lazy(
        # Translators: %(label)s is a field's name ("Presence").
        gettext_lazy("%(label)s must be a whole number from %(low)s to %(high)s."),
        label=label,
        low=low,
        high=high,
    )
    return {
        "required": filled_in_lazy(
            gettext_lazy("%(label)s is required: enter a whole number from %(low)s to %(high)s."),
            label=label,
            low=low,
            high=high,
        ),
        "invalid": sentence,
        "min_value": sentence,
        "max_value": sentence,
    }


def _name(value: str, required: str) -> str:
    """The name typed, cleaned; `required` is the sentence for none."""
    name = " ".join(clean_name(value).split())
    if not name:
        if value.strip():
            raise invisible_name_error(_("Name"))
        raise forms.ValidationError(required)
    return name


def place_box_error(form: forms.Form, error: CampaignError) -> None:
    """Put the box's sentence beside the field its path names (`box.ships[0].presence` ->
    `presence`), or atop the form."""
    field = re.sub(r"\[\d+\]$", "", error.path.rsplit(".", 1)[-1])
    said = str(translated(error.message))
    message = said[:1].upper() + said[1:]
    if not message.endswith("."):
        message += "."
    form.add_error(field if field in form.fields else None, message)


class _BoxForm(forms.Form):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()


class _NamedCardForm(_BoxForm):
    """A card named as it prints its name: a reference card keeps its own (`name_source` says
    whose words they are); a name another card of the box already has, ignoring case, is
    refused with a sentence (`name_required`, `name_taken`)."""

    name_source = gettext_lazy("As the rulebook names the card.")
    name_required = gettext_lazy("Name is required: enter the card as its card prints it.")
    name_taken = gettext_lazy("Name: there is already a card called %(name)s.")

    def __init__(self, *args, reference, current, taken: Iterable[str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.reference = reference
        self.current = current
        self.taken = {name.casefold(): name for name in taken}
        if reference is not None:
            # The rulebook's card: its name is what games and files call it.
            self.fields["name"].disabled = True
            self.fields["name"].help_text = self.name_source

    def clean_name(self) -> str:
        name = _name(self.cleaned_data["name"], self.name_required)
        own = self.current.name if self.current else None
        clash = self.taken.get(name.casefold())
        if clash is not None and clash != own:
            raise forms.ValidationError(self.name_taken % {"name": clash})
        return name


class LocationForm(_NamedCardForm):
    """A location card: its zone, whether bases can be built (and cities named) there, its
    naming spaces and mining symbol. A card of the reference keeps its printed name."""

    name_required = gettext_lazy("Name is required: enter the location as its card prints it.")
    name_taken = gettext_lazy("Name: there is already a location called %(name)s.")

    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=LOCATION_NAME_MAX_LENGTH,
        error_messages={
            "required": name_required,
            "max_length": gettext_lazy("Name is too long: use at most %(limit_value)d characters."),
        },
    )
    zone = forms.TypedChoiceField(
        label=gettext_lazy("Zone"),
        coerce=int,
        error_messages={
            "required": gettext_lazy("Zone is required: choose the zone the card lies in."),
            "invalid_choice": gettext_lazy("Zone must be one of the zones listed."),
        },
    )
    base_location = forms.BooleanField(
        required=False,
        label=gettext_lazy("Base location"),
        help_text=gettext_lazy(
            "The card prints a base cost: bases can be built and a city named here."
        ),
    )
    naming_spaces = forms.IntegerField(
        label=gettext_lazy("Naming spaces"),
        min_value=0,
        max_value=MAX_NAMING_SPACES,
        initial=0,
        help_text=gettext_lazy("Empty spaces for city names on the card."),
        error_messages=_whole_number(gettext_lazy("Naming spaces"), 0, MAX_NAMING_SPACES),
    )
    mining = forms.BooleanField(
        required=False,
        label=gettext_lazy("Mining location"),
        help_text=gettext_lazy("The card shows the mining symbol."),
    )

    def __init__(
        self,
        *args,
        zones: Iterable[tuple[int, str]],
        reference: LocationEntry | None,
        current: LocationEntry | None,
        taken: Iterable[str],
        **kwargs,
    ) -> None:
        if current is not None:
            kwargs.setdefault(
                "initial",
                {
                    "name": current.name,
                    "zone": current.zone,
                    "base_location": current.base_location,
                    "naming_spaces": current.naming_spaces,
                    "mining": current.mining,
                },
            )
        super().__init__(*args, reference=reference, current=current, taken=taken, **kwargs)
        self.fields["zone"].choices = list(zones)

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("naming_spaces") and not cleaned.get("base_location"):
            # Developing the Solar System: cities are named only on base location cards.
            self.add_error(
                "naming_spaces",
                _(
                    "Naming spaces count only on a base location: tick Base location or set "
                    "naming spaces to 0."
                ),
            )
        return cleaned

    def change(self) -> LocationChange:
        data = self.cleaned_data
        ref = self.reference
        if ref is None:
            return LocationChange(
                name=data["name"],
                zone=data["zone"],
                base_location=data["base_location"],
                naming_spaces=data["naming_spaces"],
                mining=data["mining"],
            )
        return LocationChange(
            name=ref.name,
            zone=_differs(data["zone"], ref.zone),
            base_location=_differs(data["base_location"], ref.base_location),
            naming_spaces=_differs(data["naming_spaces"], ref.naming_spaces),
            mining=_differs(data["mining"], ref.mining),
        )


def _differs(value, reference):
    """A value for the box: None (as the reference) when it is the reference's."""
    return None if value == reference else value


class MegastructureForm(_BoxForm):
    """A megastructure: its name, type and the location card it is built on (whose zone gets
    the +5 presence bonus). Its key is made from the name once and never changes: game logs
    and campaign files name it by the key."""

    name_required = gettext_lazy(
        "Name is required: enter the megastructure as the rulebook prints it."
    )

    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=MEGASTRUCTURE_NAME_MAX_LENGTH,
        error_messages={
            "required": name_required,
            "max_length": gettext_lazy("Name is too long: use at most %(limit_value)d characters."),
        },
    )
    type = forms.TypedChoiceField(
        label=gettext_lazy("Type"),
        coerce=int,
        choices=ADDABLE_TYPES,
        initial=3,
        error_messages={
            "required": gettext_lazy("Type is required: choose Type II to Type VI."),
            "invalid_choice": gettext_lazy(
                "Type must be one of Type II to Type VI: Type I is only the four "
                "megastructures of games 1 to 4."
            ),
        },
    )
    location = forms.ChoiceField(
        label=gettext_lazy("Location"),
        required=False,
        help_text=gettext_lazy(
            "Its zone gets the +5 presence bonus in the game that builds it; while it is "
            "not placed, the game that builds it states that zone."
        ),
        error_messages={
            "invalid_choice": gettext_lazy("Location must be one of the locations listed.")
        },
    )

    def __init__(
        self,
        *args,
        locations: Iterable[LocationEntry],
        reference: MegastructureEntry | None,
        current: MegastructureEntry | None,
        keys: Iterable[str],
        **kwargs,
    ) -> None:
        if current is not None:
            kwargs.setdefault(
                "initial",
                {"name": current.name, "type": current.type, "location": current.location or ""},
            )
        super().__init__(*args, **kwargs)
        self.reference = reference
        self.current = current
        self.keys = set(keys)
        self.fields["location"].choices = [("", _("Not placed yet"))] + [
            (loc.name, _("%(location)s (zone %(zone)s)") % {"location": loc.name, "zone": loc.zone})
            for loc in locations
        ]
        if reference is not None and reference.fixed_game:
            # Games 1-4 build these in order; making one Type III would break that order.
            self.fields["type"].choices = list(TYPE_NAMES.items())
            self.fields["type"].disabled = True
            built = reference.fixed_game
            self.fields["type"].help_text = _("Built in game %(number)s: it stays Type I.") % {
                "number": built
            }

    def key(self) -> str:
        """The megastructure's key: its own, or (a new one) its name as a slug."""
        if self.current is not None:
            return self.current.key
        name = self.cleaned_data.get("name", "")
        return slugify(name)[:MEGASTRUCTURE_KEY_MAX_LENGTH].strip("-")

    def clean_name(self) -> str:
        name = _name(self.cleaned_data["name"], self.name_required)
        if self.current is None:
            key = slugify(name)[:MEGASTRUCTURE_KEY_MAX_LENGTH].strip("-")
            if not key:
                raise forms.ValidationError(
                    _(
                        "Name needs at least one letter or digit: the megastructure's key is "
                        "made from it."
                    )
                )
            if key in self.keys:
                raise forms.ValidationError(
                    _("Name: a megastructure already has the key %(key)s; choose a different name.")
                    % {"key": key}
                )
        return name

    def change(self) -> MegastructureChange:
        data = self.cleaned_data
        location = data["location"] or None
        ref = self.reference
        if ref is None:
            return MegastructureChange(
                key=self.key(), name=data["name"], type=data["type"], location=location
            )
        return MegastructureChange(
            key=ref.key,
            name=_differs(data["name"], ref.name),
            type=_differs(data["type"], ref.type),
            location=UNSET if location == ref.location else location,
        )


class ShipForm(_NamedCardForm):
    """A White Star ship: the group copies presence and moves from its ship card."""

    name_source = gettext_lazy("As the box contents name the ship.")
    name_required = gettext_lazy("Name is required: enter the ship as its card prints it.")
    name_taken = gettext_lazy("Name: there is already a ship called %(name)s.")

    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=SHIP_NAME_MAX_LENGTH,
        error_messages={
            "required": name_required,
            "max_length": gettext_lazy("Name is too long: use at most %(limit_value)d characters."),
        },
    )
    presence = forms.IntegerField(
        label=gettext_lazy("Presence"),
        min_value=MIN_SHIP_PRESENCE,
        max_value=MAX_SHIP_PRESENCE,
        help_text=gettext_lazy(
            "Bottom right of the ship card: the rulebook text does not print it. Games "
            "whose table names this card are re-scored with it."
        ),
        error_messages=_whole_number(
            gettext_lazy("Presence"), MIN_SHIP_PRESENCE, MAX_SHIP_PRESENCE
        ),
    )
    moves = forms.IntegerField(
        label=gettext_lazy("Moves"),
        required=False,
        min_value=MIN_SHIP_MOVES,
        max_value=MAX_SHIP_MOVES,
        help_text=gettext_lazy("Spaces per move action; leave empty if you have not looked it up."),
        error_messages=_whole_number(gettext_lazy("Moves"), MIN_SHIP_MOVES, MAX_SHIP_MOVES),
    )

    def __init__(
        self,
        *args,
        reference: ShipEntry | None,
        current: ShipEntry | None,
        taken: Iterable[str],
        **kwargs,
    ) -> None:
        if current is not None:
            kwargs.setdefault(
                "initial",
                {"name": current.name, "presence": current.presence, "moves": current.moves},
            )
        super().__init__(*args, reference=reference, current=current, taken=taken, **kwargs)

    def change(self) -> ShipChange:
        data = self.cleaned_data
        ref = self.reference
        if ref is None:
            return ShipChange(name=data["name"], presence=data["presence"], moves=data["moves"])
        return ShipChange(
            name=ref.name,
            presence=_differs(data["presence"], ref.presence),
            moves=UNSET if data["moves"] == ref.moves else data["moves"],
        )


class DebtBoxesForm(_BoxForm):
    """The Bank of Yurushi tracker card's rows of red boxes (#8): each power's name and the
    campaign points printed in its boxes, in order. The rulebook text prints neither."""

    def __init__(self, *args, rows: Iterable[DebtRow], **kwargs) -> None:
        rows = list(rows)
        initial = {}
        for n, row in enumerate(rows, start=1):
            initial[f"name{n}"] = row.name
            initial[f"values{n}"] = ", ".join(str(value) for value in row.values)
        kwargs.setdefault("initial", initial)
        super().__init__(*args, **kwargs)
        for n in range(1, MAX_DEBT_ROWS + 1):
            self.fields[f"name{n}"] = NameField(
                label=_("Power %(row)s") % {"row": n},
                required=False,
                max_length=DEBT_ROW_NAME_MAX_LENGTH,
                help_text=_("As your tracker card names it.") if n == 1 else "",
            )
            self.fields[f"values{n}"] = forms.CharField(
                label=_("Its red boxes, in order"),
                required=False,
                max_length=120,
                widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
                help_text=(
                    _(
                        "The campaign points printed in each box, e.g. 1, 2, 3, 5 "
                        "(%(low)s to %(high)s, at most %(most)s boxes)."
                    )
                    % {"low": MIN_DEBT_VALUE, "high": MAX_DEBT_VALUE, "most": MAX_DEBT_BOXES}
                    if n == 1
                    else ""
                ),
            )

    def clean(self) -> dict:
        cleaned = super().clean()
        for n in range(1, MAX_DEBT_ROWS + 1):
            name = " ".join((cleaned.get(f"name{n}") or "").split())
            values = cleaned.get(f"values{n}") or ""
            if values and not _VALUES.match(values):
                self.add_error(f"values{n}", _("Write the box values as whole numbers: 1, 2, 3."))
            elif values and not name:
                self.add_error(f"name{n}", _("Name the power this row of red boxes belongs to."))
            elif name and not values:
                self.add_error(f"values{n}", _("Write the printed value of each of its red boxes."))
        return cleaned

    def rows(self) -> tuple[DebtRow, ...]:
        data = self.cleaned_data
        rows = []
        for n in range(1, MAX_DEBT_ROWS + 1):
            name = " ".join((data.get(f"name{n}") or "").split())
            values = re.findall(r"\d+", data.get(f"values{n}") or "")
            if name and values:
                rows.append(DebtRow(name=name, values=tuple(int(v) for v in values)))
        return tuple(rows)


def locations_by_zone(locations: Mapping[str, LocationEntry]) -> list[LocationEntry]:
    return sorted(locations.values(), key=lambda entry: (entry.zone, entry.name))
