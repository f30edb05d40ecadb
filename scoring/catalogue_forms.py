"""Forms the group uses to correct and extend the catalogue at the table.

Every error is a plain sentence that names its field, because it is read on a phone beside a
box of cards, not by a developer. The templates own the <form> tag (`form_tag = False`).
"""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from django import forms
from django.db.models import Max
from django.utils.text import slugify

from .models import Location, Megastructure, MegastructureType, Ship, Zone

# No printed card has more; a bound keeps a typo (40 for 4) from passing as data.
MAX_NAMING_SPACES = 10
MAX_SHIP_PRESENCE = 9
MAX_SHIP_MOVES = 9
# Type I is the four fixed megastructures of games 1-4; everything the group adds comes later.
ADDABLE_TYPES = [choice for choice in MegastructureType.choices if choice[0] != 1]
MEGASTRUCTURE_KEY_LENGTH = Megastructure._meta.get_field("key").max_length


def megastructure_key(name: str) -> str:
    """The key a new megastructure gets: its name as a slug ("Orbital Ring" -> orbital-ring).
    The fixture's keys are docs/commands.md's and are not all slugs of their names."""
    return slugify(name)[:MEGASTRUCTURE_KEY_LENGTH].strip("-")


def _helper() -> FormHelper:
    helper = FormHelper()
    helper.form_tag = False
    # The page shows one summary line above the form; crispy shows each error at its field.
    helper.form_show_errors = True
    return helper


def _whole_number(label: str, low: int, high: int) -> dict[str, str]:
    sentence = f"{label} must be a whole number from {low} to {high}."
    return {
        "required": f"{label} is required: enter a whole number from {low} to {high}.",
        "invalid": sentence,
        "min_value": sentence,
        "max_value": sentence,
    }


class LocationForm(forms.ModelForm):
    name = forms.CharField(
        max_length=Location._meta.get_field("name").max_length,
        error_messages={
            "required": "Name is required: enter the location as its card prints it.",
            "max_length": "Name is too long: use at most %(limit_value)d characters.",
        },
    )
    zone = forms.ModelChoiceField(
        queryset=Zone.objects.all(),
        empty_label=None,
        error_messages={
            "required": "Zone is required: choose the zone the card lies in.",
            "invalid_choice": "Zone must be one of the zones listed.",
        },
    )
    base_location = forms.BooleanField(
        required=False,
        label="Base location",
        help_text="The card prints a base cost: bases can be built and a city named here.",
    )
    naming_spaces = forms.IntegerField(
        min_value=0,
        max_value=MAX_NAMING_SPACES,
        initial=0,
        help_text="Empty spaces for city names on the card.",
        error_messages=_whole_number("Naming spaces", 0, MAX_NAMING_SPACES),
    )
    mining = forms.BooleanField(
        required=False, label="Mining location", help_text="The card shows the mining symbol."
    )

    class Meta:
        model = Location
        fields = ["name", "zone", "base_location", "naming_spaces", "mining"]
        # clean_name catches a clash first (ignoring case); this is the wording if one slips by.
        error_messages = {"name": {"unique": "Name: there is already a location of that name."}}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(
                "Name is required: enter the location as its card prints it."
            )
        clash = Location.objects.filter(name__iexact=name).exclude(pk=self.instance.pk)
        if clash.exists():
            raise forms.ValidationError(f"Name: there is already a location called {name}.")
        old_name = self.instance.name if self.instance.pk else None
        if old_name and name != old_name:
            cities = _games_with_a_city_on(old_name)
            if cities:
                # Games record a named city by its location's name; a rename would orphan them.
                raise forms.ValidationError(
                    f"Name: {cities} game(s) named a city on {old_name}, and they keep that "
                    "name; add a new location instead of renaming this one."
                )
        return name

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("naming_spaces") and not cleaned.get("base_location"):
            # Cities are named only on base location cards (Developing the Solar System).
            self.add_error(
                "naming_spaces",
                "Naming spaces count only on a base location: tick Base location or set "
                "naming spaces to 0.",
            )
        return cleaned


def _games_with_a_city_on(location_name: str) -> int:
    # Imported here: the campaign app builds on the catalogue, not the other way round.
    from campaign.models import Game

    return Game.objects.filter(city_location=location_name).count()


class ShipForm(forms.ModelForm):
    """A White Star ship: the group copies presence and moves from its ship card."""

    name = forms.CharField(
        max_length=Ship._meta.get_field("name").max_length,
        error_messages={
            "required": "Name is required: enter the ship as its card prints it.",
            "max_length": "Name is too long: use at most %(limit_value)d characters.",
        },
    )
    presence = forms.IntegerField(
        min_value=0,
        max_value=MAX_SHIP_PRESENCE,
        initial=2,
        help_text="Bottom right of the ship card.",
        error_messages=_whole_number("Presence", 0, MAX_SHIP_PRESENCE),
    )
    moves = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_SHIP_MOVES,
        help_text="Spaces per move action; leave empty if you have not looked it up.",
        error_messages=_whole_number("Moves", 1, MAX_SHIP_MOVES),
    )

    class Meta:
        model = Ship
        fields = ["name", "presence", "moves"]
        error_messages = {"name": {"unique": "Name: there is already a ship of that name."}}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError("Name is required: enter the ship as its card prints it.")
        if Ship.objects.filter(name__iexact=name).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(f"Name: there is already a ship called {name}.")
        return name

    def save(self, commit: bool = True) -> Ship:
        ship = super().save(commit=False)
        if not ship.pk:
            # Everything added here comes from the White Star Shipyard (#4): the starting
            # ship is the DC-Xerxes 8050 the fixture ships.
            ship.leased = True
        if commit:
            ship.save()
        return ship


class MegastructureForm(forms.ModelForm):
    """Add or correct a megastructure. The key is made from the name once, when it is added,
    and never changes: game logs and campaign files name the megastructure by it."""

    name = forms.CharField(
        max_length=Megastructure._meta.get_field("name").max_length,
        error_messages={
            "required": "Name is required: enter the megastructure as the rulebook prints it.",
            "max_length": "Name is too long: use at most %(limit_value)d characters.",
        },
    )
    type = forms.TypedChoiceField(
        coerce=int,
        choices=ADDABLE_TYPES,
        # The rulebook text prints every Type I and II; what the group adds is Type III or up.
        initial=MegastructureType.TYPE_III,
        error_messages={
            "required": "Type is required: choose Type II to Type VI.",
            "invalid_choice": "Type must be one of Type II to Type VI: Type I is only the four "
            "megastructures of games 1 to 4.",
        },
    )
    location = forms.ModelChoiceField(
        queryset=Location.objects.all(),
        required=False,
        empty_label="Not placed yet",
        help_text="Its zone gets the +5 presence bonus in the game that builds it; while it is "
        "not placed, the game that builds it states that zone.",
        error_messages={"invalid_choice": "Location must be one of the locations listed."},
    )

    class Meta:
        model = Megastructure
        fields = ["name", "type", "location"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()
        if self.instance.pk and self.instance.fixed_game:
            # Games 1-4 build these in order; making one Type III would break that order.
            self.fields["type"].choices = MegastructureType.choices
            self.fields["type"].disabled = True
            self.fields[
                "type"
            ].help_text = f"Built in game {self.instance.fixed_game}: it stays Type I."

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(
                "Name is required: enter the megastructure as the rulebook prints it."
            )
        if self.instance.pk:
            return name
        key = megastructure_key(name)
        if not key:
            raise forms.ValidationError(
                "Name needs at least one letter or digit: the megastructure's key is made from it."
            )
        existing = Megastructure.objects.filter(key=key).first()
        if existing:
            raise forms.ValidationError(
                f"Name: {existing.name} already has the key {key}; choose a different name."
            )
        return name

    def save(self, commit: bool = True) -> Megastructure:
        megastructure = super().save(commit=False)
        adding = megastructure._state.adding
        if adding:
            megastructure.key = megastructure_key(megastructure.name)
            # Listed after the type's existing megastructures, in the order they were added.
            last = Megastructure.objects.filter(type=megastructure.type).aggregate(Max("order"))
            megastructure.order = (last["order__max"] or 0) + 1
        if commit:
            # force_insert: a key that appeared since clean_name must fail, not overwrite.
            megastructure.save(force_insert=adding)
        return megastructure


class RevealForm(forms.Form):
    """The confirming POST of a catalogue reveal: the visitor asked to see a section's cards."""

    confirm = forms.BooleanField(required=True, widget=forms.HiddenInput, initial=True)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = _helper()
        self.helper.disable_csrf = True
