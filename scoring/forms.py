"""The scoring wizard's forms: one game's end state, read off the table, as a CONTRACTS.md §1 dict.

The forms judge shapes only (is it a whole number, is it one of the choices). Whether a value is
possible in the game is `solar175.table.validate_table`'s call, so the wizard refuses exactly what
the `score` command refuses, with the same sentence, shown beside the field it names.

Reuse for a campaign game (the campaign's "edit through the scoring wizard, prefilled")::

    form = TableForm(
        request.POST or None,           # None: a fresh form, prefilled from `table`
        table=game.table,               # any CONTRACTS.md §1 dict (or part of one) to prefill
        fixed={                         # what the campaign derives: shown, not editable
            "rules": {"zones_in_play": [1, 2, 3], "celestial_rebellion": False,
                      "trade_unions": False, "second_place_rounding": "down"},
            "incumbent_party": "workers_union",
            "megastructure_zone": 3,    # leave the key out to let the group enter it
        },
        corporations=[CorporationOption("purple", "Caro (Purple)", "#6f42c1"), ...],
    )
    if form.is_valid():
        form.to_table()                     # the full table, fixed values included: score it
        form.to_table(include_fixed=False)  # the campaign file's games[].table shape
        form.score()                        # the engine's GameScore

Templates: `scoring/wizard.html` renders a `TableForm` as `table_form` with its partials
`setup`, `hubs`, `ballots`, `player` (with `form` = one of `table_form.players`) and
`live-result` (a `scoring.views.ScoreSheet` as `sheet`); `scoring.views.render_live_result`
answers the htmx live preview for any `TableForm`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Column, Div, Field, Layout, LayoutObject, Row
from django import forms
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import format_html

from campaign.models import Game
from scoring.models import CorporationColour, Hub, Party, Ship, TrackerSection
from solar175 import engine
from solar175.sections import sections, sections_by_number, switches_on
from solar175.sections import zones_in_play as zones_opened_by
from solar175.table import (
    ALWAYS_IN_PLAY,
    MAX_BASES,
    MAX_CREDITS,
    MAX_PLAYERS,
    MEGASTRUCTURE_TOKENS_IN_BOX,
    MIN_PLAYERS,
    MINING_TOKENS_IN_BOX,
    OUTPOSTS_PER_CORPORATION,
    SECTION_NUMBERS,
    TABLE_FORMAT,
    TABLE_VERSION,
    VOTING_TOKENS_IN_BOX,
    TableError,
    parse_table,
    validate_table,
)

DEFAULT_PLAYERS = 3
# Leased ships (White Star, #4): a corporation rarely holds more than a few.
MAX_LEASED_SHIPS = 3
# "In your first game ships are all worth 2 presence" (Presence); used when the catalogue
# has no starting ship.
STARTING_SHIP_PRESENCE = 2
# The player power "+2 end game IP" (#7).
POWER_BONUS_IP = 2
NAMED_HUBS = ("hensler", "ufss", "military")
FIXABLE_KEYS = ("rules", "megastructure_zone", "incumbent_party")
FIELD_TEMPLATE = "scoring/field.html"

SECOND_PLACE_ROUNDING_CHOICES = [
    ("down", "Half, rounded down (scoring page)"),
    ("up", "Half, rounded up (HUB page)"),
]
HIRE_CARD_LABELS = {"general": "General workers", "engineer": "Engineers", "pilot": "Pilots"}

# Spoilers: a legacy game's sections are secret until unlocked (RULES-NOTES §5). A one-off
# game's wizard asks which sections the group has unlocked, by number only, and shows a field
# only once the section that brings it is unlocked; only then does it name the thing. Sections
# 20 to 33 add nothing the table holds, so the wizard asks about #1 to #19.
ASKED_SECTIONS = range(1, 20)
NO_SECTIONS = "none"
# The games whose end unlocks sections whatever happens in them (#1-#9, Campaign Events):
# one tap sets the picker to what those games unlocked.
PRESET_GAMES = (1, 2, 3, 4)
# Section switches (`solar175.sections.SWITCHES`) that add fields to the wizard.
LEASED_SHIPS = "white_star"
POLITICAL_INFLUENCE = "political_influence"
PLAYER_POWERS = "player_powers"
LOANS = "loans"
REBELLION_RULE = "celestial_rebellion"
UNIONS_RULE = "trade_unions"


# --- the catalogue, as the wizard needs it ------------------------------------------------


@dataclass(frozen=True)
class CorporationOption:
    """A corporation a seat can be: a colour from the catalogue, or a campaign's corporation."""

    key: str
    name: str
    css_colour: str = "#888888"


@dataclass(frozen=True)
class ShipOption:
    pk: int
    name: str
    presence: int


@dataclass
class WizardCatalogue:
    """The catalogue rows the wizard shows: choices and labels. Five queries, once a request."""

    corporations: list[CorporationOption]
    party_names: dict[str, str]
    hub_names: dict[str, str]
    zone_names: dict[int, str]
    leased_ships: list[ShipOption]
    starting_ship_presence: int
    section_names: dict[str, str]

    @classmethod
    def load(cls) -> WizardCatalogue:
        hubs = list(Hub.objects.select_related("zone"))
        ships = list(Ship.objects.all())
        starting = [ship.presence for ship in ships if ship.starting]
        return cls(
            corporations=[
                CorporationOption(c.key, c.name, c.css_colour)
                for c in CorporationColour.objects.all()
            ],
            party_names={p.key: p.name for p in Party.objects.all()},
            hub_names={hub.key: hub.name for hub in hubs},
            zone_names={hub.zone.number: hub.zone.hub_name for hub in hubs if hub.zone},
            leased_ships=[ShipOption(s.pk, s.name, s.presence) for s in ships if s.leased],
            starting_ship_presence=starting[0] if starting else STARTING_SHIP_PRESENCE,
            section_names={s.key: s.name for s in TrackerSection.objects.all()},
        )

    def party(self, key: str) -> str:
        return self.party_names.get(key) or key.replace("_", " ").title()

    def hub(self, key: str, zone: int | None = None) -> str:
        if zone is not None:
            return self.hub_names.get(f"zone_{zone}") or f"Zone {zone} HUB"
        return self.hub_names.get(key) or key.title()

    def zone(self, zone: int) -> str:
        name = self.zone_names.get(zone)
        return f"Zone {zone} · {name}" if name else f"Zone {zone}"

    def section(self, key: str) -> str:
        return self.section_names.get(key) or key.replace("_", " ").capitalize()

    def corporation(self, key: str) -> CorporationOption:
        for option in self.corporations:
            if option.key == key:
                return option
        return CorporationOption(key, key.capitalize())


# --- which sections are unlocked -------------------------------------------------------------


def sections_after_game(game: int) -> tuple[int, ...]:
    """The sections that unlock at the end of games 1 to `game`, whatever happens in them."""
    return tuple(
        s.number
        for s in sections()
        if s.trigger.get("kind") == "end_of_game" and s.trigger.get("game", 0) <= game
    )


def _first_section_with(switch: str) -> int:
    return min(s.number for s in sections() if switch in s.switches)


def sections_for_table(
    table: Mapping[str, Any],
    *,
    rules: Mapping[str, Any] | None = None,
    starting_ship_presence: int = STARTING_SHIP_PRESENCE,
) -> frozenset[int]:
    """The unlocked sections a saved table stands for, so its editor shows every value it holds.

    A one-off game's table names them (the optional `sections` key); to those come the fewest
    sections that bring every value the table holds (a table from a file, or saved before the
    wizard asked): zone 3 in play needs the section that opens zone 3, a loan the one that
    brings loans, and so on. A table of a first game needs none. `rules` stands in for the
    table's own when a campaign fixes them.
    """
    named = table.get("sections") if isinstance(table.get("sections"), list) else []
    given = {
        n for n in named if isinstance(n, int) and not isinstance(n, bool) and n in SECTION_NUMBERS
    }
    if rules is None:
        rules = table.get("rules") if isinstance(table.get("rules"), Mapping) else {}
    needed: set[str] = set()
    for zone in rules.get("zones_in_play") or ():
        if zone in engine.ALL_ZONES and zone not in ALWAYS_IN_PLAY:
            needed.add(f"zone_{zone}")
    for rule in (REBELLION_RULE, UNIONS_RULE):
        if rules.get(rule):
            needed.add(rule)
    for player in table.get("players") or ():
        if not isinstance(player, Mapping):
            continue
        if player.get("loans"):
            needed.add(LOANS)
        if player.get("political_influence_ip"):
            needed.add(POLITICAL_INFLUENCE)
        if player.get("bonus_ip") or player.get("extra_vote"):
            needed.add(PLAYER_POWERS)
        ships = [ship for ship in player.get("ships") or () if isinstance(ship, Mapping)]
        if len(ships) > 1 or any(s.get("presence") != starting_ship_presence for s in ships):
            needed.add(LEASED_SHIPS)
    return frozenset(given | {_first_section_with(switch) for switch in needed})


def section_features(unlocked: Iterable[int]) -> frozenset[str]:
    """What the unlocked sections switch on (zones, rules, components), as the wizard reads it."""
    known = sections_by_number()
    return switches_on(n for n in unlocked if n in known)


def numbers_text(numbers: Iterable[int]) -> str:
    """Section numbers for a sentence, runs shortened: "#1–#4, #6, #12"."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = []
    for run in runs:
        if len(run) > 2:
            parts.append(f"#{run[0]}–#{run[-1]}")
        else:
            parts += [f"#{n}" for n in run]
    return ", ".join(parts)


# --- widgets and the shared section form --------------------------------------------------


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
    # No min/max validators on purpose: `validate_table` judges the range, in its own words.
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
    heads = format_html(
        '<div class="row grid-heads" aria-hidden="true"><div class="col-6 offset-sm-4 '
        'col-sm-4">{}</div><div class="col-6 col-sm-4">{}</div></div>',
        *headings,
    )
    return Div(
        HTML(heads),
        *[
            Row(
                HTML(format_html('<div class="col-12 col-sm-4 grid-title">{}</div>', title)),
                Column(_unlabelled(left), css_class="col-6 col-sm-4"),
                Column(_unlabelled(right), css_class="col-6 col-sm-4"),
                css_class="grid-row",
            )
            for title, left, right in rows
        ],
        css_class="count-grid",
    )


class TableSectionForm(forms.Form):
    """One section of the table form. All sections read the same data, under their prefixes.

    `fill_missing` writes each field's initial value into that data when the field has none:
    a fresh form is thereby bound to its prefill, and a form whose layout just grew (another
    player, a zone brought into play) shows the new fields at their defaults, not as errors.
    """

    def __init__(self, data: QueryDict, *, prefix: str, initial: Mapping[str, Any]) -> None:
        super().__init__(data, prefix=prefix, initial=dict(initial))
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.field_template = FIELD_TEMPLATE

    def fill_missing(self, *, fresh: bool) -> None:
        for name, form_field in self.fields.items():
            key = self.add_prefix(name)
            if key in self.data:
                continue
            widget = form_field.widget
            value = self.get_initial_for_field(form_field, name)
            if isinstance(widget, forms.CheckboxSelectMultiple):
                # An unticked box is absent from a posted form: only a fresh form is filled.
                if fresh:
                    self.data.setlist(key, [str(v) for v in value or ()])
            elif isinstance(widget, forms.CheckboxInput):
                if fresh and value:
                    self.data[key] = "on"
            else:
                self.data[key] = "" if value is None else str(value)

    @property
    def errors_id(self) -> str:
        return f"{self.prefix}-errors"

    def place_error(self, name: str | None, message: str) -> None:
        """Show a `validate_table` sentence beside field `name`, or atop the section."""
        self.add_error(name if name in self.fields else None, message)

    def number(self, name: str) -> int:
        value = self.cleaned_data.get(name)
        return 0 if value is None else value


# --- the sections -------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """A player's place in the order of play for the next round (seat 1 gets the marker next)."""

    number: int
    corporation: CorporationOption

    @property
    def index(self) -> int:
        return self.number - 1


@dataclass(frozen=True)
class TableShape:
    """What decides the form's layout: who plays, which zones, which rules and sections add
    fields (`features`: what the unlocked sections switch on, `solar175.sections.SWITCHES`)."""

    seats: tuple[Seat, ...]
    zones: tuple[int, ...]
    celestial_rebellion: bool
    trade_unions: bool
    features: frozenset[str] = frozenset()


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


class SetupForm(TableSectionForm):
    """Who plays, in order of play from the next first player, and (unless fixed) the rules.

    A one-off game first says which sections the group has unlocked (`sections`, by number
    only); the zones on offer, the Celestial Rebellion, the unions and the player fields follow
    from them. A campaign passes `unlocked_sections` (what its replay unlocked before the game)
    and fixes the rules: then there is nothing to ask.

    On its own it is the wizard's first step (`first_step`): the sections, with one-tap
    presets, and the seats. Inside a `TableForm` it also lays out the zones, the rounding, the
    party in power and the location token, the sections folded away.
    """

    players = forms.TypedChoiceField(
        label="Number of players",
        coerce=int,
        choices=[(n, f"{n} players") for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
        initial=DEFAULT_PLAYERS,
        widget=forms.Select(attrs=REFRESH),
    )
    zones_in_play = forms.TypedMultipleChoiceField(
        label="Zones in play",
        coerce=int,
        choices=[(z, str(z)) for z in ALWAYS_IN_PLAY],
        initial=list(ALWAYS_IN_PLAY),
        required=False,
        widget=ZoneCheckboxes(attrs={**REFRESH, "class": "form-check-input"}),
        help_text="1 and 2 always; the others as your sections opened them.",
    )
    # The zones the last layout offered: a zone a newly ticked section opens starts in play.
    zones_offered = forms.CharField(required=False, widget=forms.HiddenInput)
    second_place_rounding = forms.ChoiceField(
        label="Second place in a zone",
        choices=SECOND_PLACE_ROUNDING_CHOICES,
        initial="down",
    )
    incumbent_party = forms.ChoiceField(
        label="Party in power before the election",
        initial=engine.UNITED_FEDERALISTS,
        error_messages={"invalid_choice": "must be one of the parties in play"},
    )
    megastructure_zone = forms.TypedChoiceField(
        label="Megastructure Location Token in",
        coerce=int,
        choices=[(z, f"Zone {z}") for z in ALWAYS_IN_PLAY],
        initial=1,
    )

    def __init__(
        self,
        data: QueryDict,
        *,
        initial: Mapping[str, Any],
        corporations: list[CorporationOption],
        catalogue: WizardCatalogue,
        fixed: Mapping[str, Any],
        unlocked_sections: Iterable[int] | None = None,
        first_step: bool = True,
        prefix: str = "setup",
    ) -> None:
        super().__init__(data, prefix=prefix, initial=initial)
        self.corporations = corporations
        self.fixed = fixed
        self.first_step = first_step
        # A fresh form is filled from its initial values later (`fill_missing`), so until then
        # the layout reads them instead of the data.
        self.fresh = not data
        self.asks_sections = unlocked_sections is None
        if self.asks_sections:
            self.fields["sections"] = forms.MultipleChoiceField(
                label="Which sections has your group unlocked?",
                choices=[(NO_SECTIONS, "None: our first game")]
                + [(str(n), f"#{n}") for n in ASKED_SECTIONS],
                initial=[NO_SECTIONS],
                required=False,
                # The first step lays out nothing that depends on them: no redraw per tap.
                widget=forms.CheckboxSelectMultiple(
                    attrs={"class": "btn-check", **({} if first_step else REFRESH)}
                ),
                help_text="By number only: the form then asks for what those sections add.",
            )
            self.unlocked = self._read_sections()
        else:
            self.unlocked = frozenset(unlocked_sections)
        self.features = section_features(self.unlocked)

        rules = fixed.get("rules")
        if rules is not None:
            for name in ("zones_in_play", "zones_offered", "second_place_rounding"):
                del self.fields[name]
            self.zones_offered = tuple(sorted(set(rules.get("zones_in_play", ALWAYS_IN_PLAY))))
            self.celestial_rebellion = bool(rules.get("celestial_rebellion", False))
            self.trade_unions = bool(rules.get("trade_unions", False))
        else:
            self.zones_offered = zones_opened_by(self.features)
            self.celestial_rebellion = REBELLION_RULE in self.features
            self.trade_unions = UNIONS_RULE in self.features
            self._offer_zones()
        for key in ("incumbent_party", "megastructure_zone"):
            if key in fixed:
                del self.fields[key]
        if "incumbent_party" in self.fields:
            # The Rebellion can be in power only once it is in play (#12).
            self.fields["incumbent_party"].choices = [
                (party, catalogue.party(party))
                for party in engine.PARTIES
                if party != engine.CELESTIAL_REBELLION or self.celestial_rebellion
            ]
        if "megastructure_zone" in self.fields:
            self.fields["megastructure_zone"].choices = [
                (z, catalogue.zone(z)) for z in self.zones_offered
            ]
        # The seats follow the number of players asked for, so read it before the fields exist.
        self.player_count = self._player_count()
        choices = [(c.key, c.name) for c in corporations]
        taken: list[str] = []
        for seat in range(1, self.player_count + 1):
            name = f"seat{seat}_corporation"
            # A seat new to this layout takes the first corporation no earlier seat has.
            default = self.initial.get(name) or next(
                (c.key for c in corporations if c.key not in taken), ""
            )
            self.fields[name] = forms.ChoiceField(
                label=f"{seat}.",
                choices=choices,
                initial=default,
                widget=forms.Select(attrs=REFRESH),
            )
            taken.append(self.data.get(self.add_prefix(name)) or default)
        self.helper.layout = self._layout()

    def _read_sections(self) -> frozenset[int]:
        """The section numbers asked, read leniently (the layout follows even a bad answer).

        "after game N" (a preset button without JavaScript) sets the answer to what games 1 to
        N unlocked; a number ticked wins over a "none" left ticked.
        """
        key = self.add_prefix("sections")
        if self.fresh:
            values = [str(v) for v in self.initial.get("sections") or [NO_SECTIONS]]
        else:
            preset = self.data.get(self.add_prefix("after_game"), "")
            if preset.isdigit() and int(preset) in PRESET_GAMES:
                self.data.setlist(key, [str(n) for n in sections_after_game(int(preset))])
            self.data.pop(self.add_prefix("after_game"), None)
            values = self.data.getlist(key)
        numbers = sorted({int(v) for v in values if v.isdigit() and int(v) in ASKED_SECTIONS})
        if numbers and not self.fresh and NO_SECTIONS in values:
            self.data.setlist(key, [str(n) for n in numbers])
        return frozenset(numbers)

    def _offer_zones(self) -> None:
        """Zones 1 and 2, and those the unlocked sections opened; a zone newly offered (its
        section just ticked) starts in play, one no longer offered leaves play."""
        offered = self.zones_offered
        field = self.fields["zones_in_play"]
        field.choices = [(z, str(z)) for z in offered]
        field.initial = list(offered)
        if "zones_in_play" in self.initial:
            self.initial["zones_in_play"] = [
                z for z in self.initial["zones_in_play"] if z in offered
            ]
        offered_key = self.add_prefix("zones_offered")
        if not self.fresh:
            key = self.add_prefix("zones_in_play")
            before = {
                int(z) for z in self.data.get(offered_key, "").split(",") if z.strip().isdigit()
            } or set(ALWAYS_IN_PLAY)
            picked = {int(z) for z in self.data.getlist(key) if str(z).isdigit()}
            zones = (picked | (set(offered) - before)) & set(offered)
            self.data.setlist(key, [str(z) for z in sorted(zones)])
        self.data[offered_key] = ",".join(str(z) for z in offered)

    def _player_count(self) -> int:
        raw = self.data.get(self.add_prefix("players"), self.initial.get("players"))
        try:
            count = int(raw)
        except (TypeError, ValueError):
            return DEFAULT_PLAYERS
        return min(max(count, MIN_PLAYERS), MAX_PLAYERS)

    def sections_summary(self) -> str:
        if not self.unlocked:
            return "Sections unlocked: none (a first game)"
        return f"Sections unlocked: {numbers_text(self.unlocked)}"

    def _layout(self) -> Layout:
        seats = [f"seat{n}_corporation" for n in range(1, self.player_count + 1)]
        parts: list[Any] = []
        if self.asks_sections:
            picker = SectionsPicker("sections", presets=self.first_step)
            if self.first_step:
                parts.append(picker)
            else:
                parts.append(ErrorDetails(self.sections_summary(), picker, when_wrong="sections"))
        parts += [
            Row(Column("players", css_class="col-12 col-sm-4")),
            HTML(
                '<p class="form-text mt-0 mb-1">In order of play for a next round: first the '
                "player who would take the first player marker next (tie-breaker 2).</p>"
            ),
            Div(*seats, css_class="seats"),
        ]
        if self.first_step:
            # Zones, rounding, incumbent and token come with the table, where they show.
            return Layout(*parts)
        if "zones_in_play" in self.fields:
            if len(self.zones_offered) > len(ALWAYS_IN_PLAY):
                parts.append("zones_in_play")
            parts.append("zones_offered")
        others = [
            Column(name, css_class="col-12 col-md-6")
            for name in ("second_place_rounding", "incumbent_party", "megastructure_zone")
            if name in self.fields
        ]
        parts.append(Row(*others))
        return Layout(*parts)

    def shape(self) -> TableShape:
        """The layout the data asks for, read leniently: a half-valid setup still lays out."""
        by_key = {c.key: c for c in self.corporations}
        seats = []
        for n in range(1, self.player_count + 1):
            key = self[f"seat{n}_corporation"].value() or ""
            seats.append(Seat(n, by_key.get(key) or CorporationOption(key, key.capitalize())))
        if "zones_in_play" in self.fields:
            picked = {int(z) for z in self["zones_in_play"].value() or () if str(z).isdigit()}
            zones = tuple(sorted((picked & set(self.zones_offered)) | set(ALWAYS_IN_PLAY)))
        else:
            zones = self.zones_offered
        return TableShape(
            tuple(seats), zones, self.celestial_rebellion, self.trade_unions, self.features
        )

    def clean_sections(self) -> list[int]:
        values = self.cleaned_data["sections"]
        if not values:
            raise forms.ValidationError(
                "Tick the sections your group has unlocked, or “None: our first game”."
            )
        return sorted(int(v) for v in values if v != NO_SECTIONS)

    def clean_zones_in_play(self) -> list[int]:
        # Zones 1 and 2 come as disabled boxes, which a browser never posts.
        return sorted(set(self.cleaned_data["zones_in_play"]) | set(ALWAYS_IN_PLAY))

    def table_part(self) -> dict[str, Any]:
        """The table keys this section decides: rules, megastructure zone, incumbent, players."""
        data = self.cleaned_data
        part: dict[str, Any] = {}
        if "rules" in self.fixed:
            part["rules"] = dict(self.fixed["rules"])
        else:
            part["rules"] = {
                "zones_in_play": data["zones_in_play"],
                "celestial_rebellion": self.celestial_rebellion,
                "trade_unions": self.trade_unions,
                "second_place_rounding": data["second_place_rounding"],
            }
        for key in ("megastructure_zone", "incumbent_party"):
            part[key] = self.fixed[key] if key in self.fixed else data[key]
        part["players"] = [
            {"corporation": data[f"seat{n}_corporation"]} for n in range(1, self.player_count + 1)
        ]
        return part

    def is_ready(self) -> bool:
        """The first step alone: valid, and nothing `validate_table` refuses in the setup."""
        if not self.is_valid():
            return False
        table = {"format": TABLE_FORMAT, "version": TABLE_VERSION, **self.table_part()}
        placed = False
        for error in validate_table(table):
            section, name = locate(error.path)
            if section == "setup":
                self.place_error(name, error.message if name in self.fields else str(error))
                placed = True
        return not placed


class HubsForm(TableSectionForm):
    """Workers and algorithms on each HUB that scores (HUBs, Worker Value)."""

    def __init__(
        self,
        data: QueryDict,
        *,
        shape: TableShape,
        catalogue: WizardCatalogue,
        initial: Mapping[str, Any],
    ) -> None:
        super().__init__(data, prefix="hubs", initial=initial)
        self.zones = shape.zones
        rows = []
        hubs = [(key, catalogue.hub(key)) for key in NAMED_HUBS]
        hubs += [(f"zone{z}", catalogue.hub("", zone=z)) for z in shape.zones]
        for key, label in hubs:
            self.fields[f"{key}_workers"] = count_field(f"{label}: workers")
            self.fields[f"{key}_algorithms"] = count_field(f"{label}: algorithms")
            rows.append((label, f"{key}_workers", f"{key}_algorithms"))
        self.helper.layout = Layout(count_grid(("Workers", "Algorithms"), rows))

    def table_part(self) -> dict[str, Any]:
        def hub(key: str) -> dict[str, int]:
            return {
                "workers": self.number(f"{key}_workers"),
                "algorithms": self.number(f"{key}_algorithms"),
            }

        return {
            "hubs": {
                **{key: hub(key) for key in NAMED_HUBS},
                "zones": {str(z): hub(f"zone{z}") for z in self.zones},
            }
        }


class BallotsForm(TableSectionForm):
    """The ballot box, emptied: votes per party; spoiled ballots and hire cards when in play."""

    def __init__(
        self,
        data: QueryDict,
        *,
        shape: TableShape,
        catalogue: WizardCatalogue,
        initial: Mapping[str, Any],
    ) -> None:
        super().__init__(data, prefix="ballots", initial=initial)
        votes = list(engine.LEGITIMATE_PARTIES)
        if shape.celestial_rebellion:
            votes.append("spoiled")
        for key in votes:
            label = "Spoiled ballots" if key == "spoiled" else catalogue.party(key)
            self.fields[key] = count_field(label, maximum=VOTING_TOKENS_IN_BOX)
        layout: list[Any] = [Row(*[Column(key, css_class="col-6 col-md-3") for key in votes])]
        self.hire_cards = engine.HIRE_CARD_PARTY if shape.trade_unions else {}
        if self.hire_cards:
            for card in self.hire_cards:
                self.fields[f"hire_{card}"] = count_field(HIRE_CARD_LABELS.get(card, card))
            layout += [
                HTML(
                    '<p class="form-text mb-1">Workers left on each hire card (trade unions, '
                    "#13): the fewest add 2 votes to their party.</p>"
                ),
                Row(
                    *[
                        Column(f"hire_{card}", css_class="col-6 col-md-4")
                        for card in self.hire_cards
                    ]
                ),
            ]
        self.helper.layout = Layout(*layout)

    def table_part(self) -> dict[str, Any]:
        ballots = {key: self.number(key) for key in engine.LEGITIMATE_PARTIES}
        if "spoiled" in self.fields:
            ballots["spoiled"] = self.number("spoiled")
        part: dict[str, Any] = {"ballots": ballots}
        if self.hire_cards:
            part["hire_cards_left"] = {
                card: self.number(f"hire_{card}") for card in self.hire_cards
            }
        return part


# Loan values, separated by commas, spaces or whatever a phone's number pad offers.
_LOANS = re.compile(r"^[\d\s,;.+-]*$")


class PlayerForm(TableSectionForm):
    """One player's corner of the table: credits, loans, tokens, presence by zone, influence."""

    def __init__(
        self,
        data: QueryDict,
        *,
        seat: Seat,
        shape: TableShape,
        catalogue: WizardCatalogue,
        initial: Mapping[str, Any],
    ) -> None:
        super().__init__(data, prefix=f"p{seat.number}", initial=initial)
        self.seat = seat
        self.zones = shape.zones
        self.starting_ship_presence = catalogue.starting_ship_presence
        self.leased_ships = {str(s.pk): s for s in catalogue.leased_ships}
        # Which form rows became the table's `ships` list, to place `ships[i]` errors.
        self.ship_rows: list[str] = []
        fields = self.fields
        fields["credits"] = count_field("Credits", maximum=MAX_CREDITS)
        fields["mining_tokens"] = count_field("Mining tokens", maximum=MINING_TOKENS_IN_BOX)
        fields["megastructure_tokens"] = count_field(
            "Megastructure tokens", maximum=MEGASTRUCTURE_TOKENS_IN_BOX
        )
        fields["military_tokens"] = count_field("Military tokens")
        zone_rows = []
        zone_choices = [(z, catalogue.zone(z)) for z in shape.zones]
        for z in shape.zones:
            fields[f"outposts_{z}"] = count_field(
                f"Outposts in zone {z}", maximum=OUTPOSTS_PER_CORPORATION
            )
            fields[f"bases_{z}"] = count_field(f"Bases in zone {z}", maximum=MAX_BASES)
            zone_rows.append((catalogue.zone(z), f"outposts_{z}", f"bases_{z}"))
        fields["ship_zone"] = forms.TypedChoiceField(
            label="Starting ship (DC-Xerxes 8050) in",
            coerce=int,
            choices=zone_choices,
            initial=shape.zones[0],
        )
        # Each of these comes with a section: no field (so no hint) before it is unlocked;
        # a field left out counts as its zero or empty value (`table_part`).
        features = shape.features
        extras: list[str] = []
        details: list[Any] = []
        summary: list[str] = []
        if LEASED_SHIPS in features:
            details += self._leased_ship_fields(catalogue, zone_choices)
            extras += [
                f"leased{n}_{part}"
                for n in range(1, MAX_LEASED_SHIPS + 1)
                for part in ("zone", "ship", "presence")
            ]
            summary.append("Leased ships")
        money_row = []
        if LOANS in features:
            fields["loans"] = forms.CharField(
                label="Loans held (#15)",
                required=False,
                help_text="The value of each loan token, e.g. 5, 10.",
                # "decimal" gives a number pad with a separator key; "numeric" has none on iOS.
                widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
            )
            money_row.append(Column("loans", css_class="col-12 col-md-6"))
            extras.append("loans")
            summary.append("loans")
        if POLITICAL_INFLUENCE in features:
            fields["political_influence_ip"] = count_field("Political influence card IP (#6)")
            money_row.append(Column("political_influence_ip", css_class="col-12 col-md-6"))
            extras.append("political_influence_ip")
            summary.append("political influence")
        if money_row:
            details.append(Row(*money_row))
        if PLAYER_POWERS in features:
            fields["bonus"] = forms.BooleanField(
                label="Player power: +2 end-game IP", required=False
            )
            fields["extra_vote"] = forms.ChoiceField(
                label="Player power: extra vote for",
                choices=[("", "— none —")]
                + [(p, catalogue.party(p)) for p in engine.LEGITIMATE_PARTIES],
                required=False,
            )
            details.append(
                Row(
                    Column("bonus", css_class="col-12 col-md-6 pt-md-4"),
                    Column("extra_vote", css_class="col-12 col-md-6"),
                )
            )
            extras += ["bonus", "extra_vote"]
            summary.append("player powers")
        layout: list[Any] = [
            Row(
                Column("credits", css_class="col-6 col-md-3"),
                Column("mining_tokens", css_class="col-6 col-md-3"),
                Column("megastructure_tokens", css_class="col-6 col-md-3"),
                Column("military_tokens", css_class="col-6 col-md-3"),
            ),
            count_grid(("Outposts", "Bases"), zone_rows),
            Row(Column("ship_zone", css_class="col-12 col-md-6")),
        ]
        if details:
            text = ", ".join(summary)
            layout.append(Details(text[0].upper() + text[1:], *details, open_when=extras))
        self.helper.layout = Layout(*layout)

    def _leased_ship_fields(
        self, catalogue: WizardCatalogue, zone_choices: list[tuple[int, str]]
    ) -> list[Row]:
        """Up to three leased ships (#4): a zone, and the ship card or its presence."""
        fields = self.fields
        ship_choices = [("", "— or enter its presence —")] + [
            (str(s.pk), f"{s.name} ({s.presence})") for s in catalogue.leased_ships
        ]
        rows = []
        for n in range(1, MAX_LEASED_SHIPS + 1):
            fields[f"leased{n}_zone"] = forms.TypedChoiceField(
                label=f"Leased ship {n} in",
                coerce=int,
                empty_value=None,
                choices=[("", "— none —"), *zone_choices],
                required=False,
            )
            fields[f"leased{n}_ship"] = forms.ChoiceField(
                label="Ship", choices=ship_choices, required=False
            )
            fields[f"leased{n}_presence"] = forms.IntegerField(
                label="Presence",
                required=False,
                widget=StepperInput(minimum=1),
                help_text="Blank: the card's value.",
            )
            rows.append(
                Row(
                    Column(f"leased{n}_zone", css_class="col-6 col-md-4"),
                    Column(f"leased{n}_ship", css_class="col-6 col-md-4"),
                    Column(f"leased{n}_presence", css_class="col-12 col-md-4"),
                    css_class="leased-row",
                )
            )
        return rows

    def clean_loans(self) -> list[int]:
        text = self.cleaned_data.get("loans") or ""
        if not _LOANS.match(text):
            raise forms.ValidationError(
                "Enter the value of each loan as a whole number, separated by commas: 5, 10."
            )
        return [int(value) for value in re.findall(r"-?\d+", text)]

    def table_part(self) -> dict[str, Any]:
        data = self.cleaned_data
        bases: list[int] = []
        for z in self.zones:
            bases += [z] * self.number(f"bases_{z}")
        ships = [{"zone": data["ship_zone"], "presence": self.starting_ship_presence}]
        self.ship_rows = ["ship_zone"]
        for n in range(1, MAX_LEASED_SHIPS + 1):
            zone, presence = data.get(f"leased{n}_zone"), data.get(f"leased{n}_presence")
            ship = self.leased_ships.get(data.get(f"leased{n}_ship") or "")
            if presence is None and ship is not None:
                presence = ship.presence
            if zone is None and presence is None:
                continue
            # A half-entered row goes to the table as it is: `validate_table` names what is
            # missing, as it would in a file.
            row: dict[str, int] = {}
            if zone is not None:
                row["zone"] = zone
            if presence is not None:
                row["presence"] = presence
            ships.append(row)
            self.ship_rows.append(f"leased{n}")
        return {
            "corporation": self.seat.corporation.key,
            "credits": self.number("credits"),
            "loans": data.get("loans") or [],
            "mining_tokens": self.number("mining_tokens"),
            "megastructure_tokens": self.number("megastructure_tokens"),
            "military_tokens": self.number("military_tokens"),
            "outposts": {str(z): self.number(f"outposts_{z}") for z in self.zones},
            "bases": bases,
            "ships": ships,
            "political_influence_ip": self.number("political_influence_ip"),
            "bonus_ip": POWER_BONUS_IP if data.get("bonus") else 0,
            "extra_vote": data.get("extra_vote") or None,
        }

    def field_for(self, parts: list[str]) -> tuple[str | None, str]:
        """The field that a `players[i]....` path names (parts after the index), and a prefix
        for the sentence when it lands atop the player block instead of beside a field."""
        key = parts[0] if parts else ""
        rest = parts[1:]
        if key in ("outposts", "bases") and rest and rest[0].isdigit():
            return f"{key}_{rest[0]}", ""
        if key == "outposts":
            return None, "Outposts: "
        if key == "bases":
            return None, "Bases: "
        if key == "ships" and rest and rest[0].isdigit():
            index = int(rest[0])
            if index < len(self.ship_rows):
                row = self.ship_rows[index]
                if row == "ship_zone":
                    return "ship_zone", ""
                what = rest[1] if len(rest) > 1 and rest[1] in ("zone", "presence") else "zone"
                return f"{row}_{what}", ""
            return None, "Ships: "
        if key == "loans":
            prefix = f"Loan {int(rest[0]) + 1}: " if rest and rest[0].isdigit() else ""
            return "loans", prefix
        if key == "bonus_ip":
            return "bonus", ""
        if key in self.fields:
            return key, ""
        return None, f"{key}: " if key else ""


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


# --- where a validate_table sentence goes ---------------------------------------------------

_PATH_PART = re.compile(r"[A-Za-z_]+|\d+")
# The Rebellion and the unions are no fields: the unlocked sections (#12, #13) decide them.
_RULES_FIELDS = ("zones_in_play", "second_place_rounding")


def locate(path: str) -> tuple[str, Any]:
    """The wizard section and field a `TableError.path` names.

    Sections: ("setup", field), ("hubs", field), ("ballots", field), ("player", [index, parts]),
    ("players", None) for all players at once, ("table", None) for anything else.
    """
    parts = _PATH_PART.findall(path)
    head = parts[0] if parts else ""
    rest = parts[1:]
    if head == "rules":
        return "setup", rest[0] if rest and rest[0] in _RULES_FIELDS else None
    if head in ("megastructure_zone", "incumbent_party"):
        return "setup", head
    if head == "players":
        if not rest:
            return "players", None
        index, after = int(rest[0]), rest[1:]
        if after and after[0] == "corporation":
            return "setup", f"seat{index + 1}_corporation"
        return "player", [index, after]
    if head == "hubs":
        if rest[:1] == ["zones"] and len(rest) >= 3:
            return "hubs", f"zone{rest[1]}_{rest[2]}"
        if len(rest) >= 2:
            return "hubs", f"{rest[0]}_{rest[1]}"
        return "hubs", None
    if head == "ballots":
        return "ballots", rest[0] if rest else None
    if head == "hire_cards_left":
        return "ballots", f"hire_{rest[0]}" if rest else None
    return "table", None


# --- the whole table ------------------------------------------------------------------------


def _setup_initial(
    table: Mapping[str, Any], fixed: Mapping[str, Any], unlocked: Iterable[int]
) -> dict[str, Any]:
    players = table.get("players") or []
    asked = [str(n) for n in sorted(unlocked) if n in ASKED_SECTIONS]
    initial: dict[str, Any] = {"sections": asked or [NO_SECTIONS]}
    if players:
        initial["players"] = len(players)
    for n, player in enumerate(players, start=1):
        if isinstance(player, Mapping) and player.get("corporation"):
            initial[f"seat{n}_corporation"] = player["corporation"]
    rules = table.get("rules") or {}
    if "zones_in_play" in rules:
        initial["zones_in_play"] = list(rules["zones_in_play"])
    if "second_place_rounding" in rules:
        initial["second_place_rounding"] = rules["second_place_rounding"]
    for key in ("megastructure_zone", "incumbent_party"):
        if table.get(key) is not None and key not in fixed:
            initial[key] = table[key]
    return initial


def _hubs_initial(table: Mapping[str, Any]) -> dict[str, Any]:
    hubs = table.get("hubs") or {}
    initial = {}
    sources = [(key, hubs.get(key) or {}) for key in NAMED_HUBS]
    sources += [(f"zone{z}", hub or {}) for z, hub in (hubs.get("zones") or {}).items()]
    for key, hub in sources:
        for kind in ("workers", "algorithms"):
            if kind in hub:
                initial[f"{key}_{kind}"] = hub[kind]
    return initial


def _ballots_initial(table: Mapping[str, Any]) -> dict[str, Any]:
    initial = dict(table.get("ballots") or {})
    for card, left in (table.get("hire_cards_left") or {}).items():
        initial[f"hire_{card}"] = left
    return initial


def _player_initial(player: Any, catalogue: WizardCatalogue) -> dict[str, Any]:
    if not isinstance(player, Mapping):
        return {}
    initial = {
        key: player[key]
        for key in (
            "credits",
            "mining_tokens",
            "megastructure_tokens",
            "military_tokens",
            "political_influence_ip",
        )
        if key in player
    }
    for z, count in (player.get("outposts") or {}).items():
        initial[f"outposts_{z}"] = count
    for z in player.get("bases") or []:
        initial[f"bases_{z}"] = initial.get(f"bases_{z}", 0) + 1
    ships = list(player.get("ships") or [])
    # The starting ship goes first in the wizard's tables; a table from elsewhere may differ.
    starting = next(
        (s for s in ships if s.get("presence") == catalogue.starting_ship_presence), None
    )
    if starting is not None:
        initial["ship_zone"] = starting.get("zone")
        ships.remove(starting)
    for n, ship in enumerate(ships[:MAX_LEASED_SHIPS], start=1):
        initial[f"leased{n}_zone"] = ship.get("zone")
        initial[f"leased{n}_presence"] = ship.get("presence")
    if player.get("loans"):
        initial["loans"] = ", ".join(str(loan) for loan in player["loans"])
    initial["bonus"] = bool(player.get("bonus_ip"))
    initial["extra_vote"] = player.get("extra_vote") or ""
    return initial


class TableForm:
    """The scoring wizard's form: one game's table, section by section, as one POST.

    Arguments (all keywords but `data`):

    - `data`: the posted `QueryDict`, or None for a fresh form prefilled from `table`. Either
      way the sections are bound (a fresh form to its prefill), so a fresh form can already be
      scored for the live result.
    - `table`: a CONTRACTS.md §1 dict, whole or in part, to prefill (editing a saved game; the
      first step's choice of players and rules).
    - `fixed`: the keys of `FIXABLE_KEYS` ("rules", "megastructure_zone", "incumbent_party")
      that are not the group's to choose (a campaign derives them); their fields disappear and
      `to_table()` uses these values.
    - `corporations`: the `CorporationOption`s a seat can take; the catalogue's colours by default.
    - `catalogue`: a `WizardCatalogue` (loaded if not given: five queries).
    - `unlocked_sections`: the section numbers unlocked before this game (a campaign passes
      what its replay unlocked before it). Only their features get fields: leased ships (#4),
      political influence (#6), player powers (#7), loans (#15), and, when the rules are not
      fixed, the zones they open, the Celestial Rebellion (#12) and the unions (#13). A field
      left out counts as its zero or empty value. Left as None, the form asks: the one-off
      wizard's picker (`setup-sections`, by number only), prefilled from the table's
      `sections` key, else from what the table holds (`sections_for_table`: nothing for a
      fresh form, i.e. a first game). With fixed rules and None, nothing is asked: the form
      shows what the table and the fixed rules need, and no more.

    A one-off game's table (rules not fixed) records the answer under the optional key
    `sections` (scoring/table.py), so its editor reopens with the same fields.

    `is_valid()` checks each section's shapes, then the whole table with `validate_table` and
    places each `TableError` beside the field its path names. Then `to_table()` gives the dict
    and `score()` the engine's `GameScore`.
    """

    def __init__(
        self,
        data: QueryDict | None = None,
        *,
        table: Mapping[str, Any] | None = None,
        fixed: Mapping[str, Any] | None = None,
        corporations: list[CorporationOption] | None = None,
        catalogue: WizardCatalogue | None = None,
        unlocked_sections: Iterable[int] | None = None,
    ) -> None:
        self.catalogue = catalogue or WizardCatalogue.load()
        self.fixed = {key: value for key, value in (fixed or {}).items() if key in FIXABLE_KEYS}
        self.corporations = (
            corporations if corporations is not None else self.catalogue.corporations
        )
        table = table or {}
        fresh = data is None
        self.data = QueryDict(mutable=True) if data is None else data.copy()
        # A one-off game records the sections it was scored with; a campaign's replay knows.
        self.records_sections = "rules" not in self.fixed
        in_table = sections_for_table(
            table,
            rules=self.fixed.get("rules"),
            starting_ship_presence=self.catalogue.starting_ship_presence,
        )
        if unlocked_sections is None and not self.records_sections:
            unlocked_sections = in_table

        self.setup = SetupForm(
            self.data,
            initial=_setup_initial(
                table, self.fixed, in_table if unlocked_sections is None else unlocked_sections
            ),
            corporations=self.corporations,
            catalogue=self.catalogue,
            fixed=self.fixed,
            unlocked_sections=unlocked_sections,
            first_step=False,
        )
        self.setup.fill_missing(fresh=fresh)
        self.shape = self.setup.shape()
        self.hubs = HubsForm(
            self.data, shape=self.shape, catalogue=self.catalogue, initial=_hubs_initial(table)
        )
        self.ballots = BallotsForm(
            self.data, shape=self.shape, catalogue=self.catalogue, initial=_ballots_initial(table)
        )
        players = list(table.get("players") or [])
        self.players = [
            PlayerForm(
                self.data,
                seat=seat,
                shape=self.shape,
                catalogue=self.catalogue,
                initial=_player_initial(
                    players[seat.index] if seat.index < len(players) else {}, self.catalogue
                ),
            )
            for seat in self.shape.seats
        ]
        for form in self.forms[1:]:
            form.fill_missing(fresh=fresh)
        # Sentences about the players as a whole (tokens in the box), and anything else.
        self.players_errors: list[str] = []
        self.table_errors: list[str] = []
        self._valid: bool | None = None
        self._table: dict[str, Any] | None = None

    @property
    def forms(self) -> list[TableSectionForm]:
        return [self.setup, self.hubs, self.ballots, *self.players]

    @property
    def fixed_rules(self) -> dict[str, Any] | None:
        return self.fixed.get("rules")

    def is_valid(self) -> bool:
        if self._valid is None:
            sections_valid = all([form.is_valid() for form in self.forms])
            if sections_valid:
                self._table = self._build_table()
                for error in validate_table(self._table):
                    self._place(error)
            self._valid = sections_valid and not self.has_errors()
        return self._valid

    def has_errors(self) -> bool:
        return bool(self.players_errors or self.table_errors) or any(
            form.errors for form in self.forms
        )

    def _build_table(self) -> dict[str, Any]:
        table: dict[str, Any] = {"format": TABLE_FORMAT, "version": TABLE_VERSION}
        setup = self.setup.table_part()
        table["rules"] = setup["rules"]
        table["megastructure_zone"] = setup["megastructure_zone"]
        table["incumbent_party"] = setup["incumbent_party"]
        table.update(self.hubs.table_part())
        table.update(self.ballots.table_part())
        table["players"] = [form.table_part() for form in self.players]
        if self.records_sections:
            table["sections"] = sorted(self.setup.unlocked)
        return table

    def _place(self, error: TableError) -> None:
        section, where = locate(error.path)
        if section == "setup":
            self.setup.place_error(
                where, error.message if where in self.setup.fields else str(error)
            )
        elif section == "hubs":
            self.hubs.place_error(where, error.message if where in self.hubs.fields else str(error))
        elif section == "ballots":
            self.ballots.place_error(
                where, error.message if where in self.ballots.fields else str(error)
            )
        elif section == "player" and where[0] < len(self.players):
            form = self.players[where[0]]
            name, prefix = form.field_for(where[1])
            form.place_error(name, prefix + error.message)
        elif section == "players":
            self.players_errors.append(str(error))
        else:
            self.table_errors.append(str(error))

    def to_table(self, *, include_fixed: bool = True) -> dict[str, Any]:
        """The table as CONTRACTS.md §1 spells it; without the fixed keys if `include_fixed`
        is False (a campaign file's `games[].table`). Only after `is_valid()` is True."""
        if not self.is_valid() or self._table is None:
            raise ValueError("to_table() needs a valid form: call is_valid() first")
        table = dict(self._table)
        if not include_fixed:
            for key in self.fixed:
                table.pop(key, None)
        return table

    def score(self) -> engine.GameScore:
        return engine.score_game(parse_table(self.to_table()))

    def seats(self) -> list[tuple[Seat, PlayerForm]]:
        return list(zip(self.shape.seats, self.players, strict=True))

    def rules_summary(self) -> list[str]:
        """The fixed values in words, for the page that cannot change them."""
        catalogue = self.catalogue
        summary = []
        rules = self.fixed.get("rules")
        if rules is not None:
            zones = ", ".join(str(z) for z in rules.get("zones_in_play", ALWAYS_IN_PLAY))
            summary.append(f"Zones in play: {zones}")
            if rules.get("celestial_rebellion"):
                summary.append("Celestial Rebellion in play")
            if rules.get("trade_unions"):
                summary.append("Trade unions in play")
            rounding = dict(SECOND_PLACE_ROUNDING_CHOICES)[
                rules.get("second_place_rounding", "down")
            ]
            summary.append(f"Second place: {rounding.lower()}")
        if "incumbent_party" in self.fixed:
            incumbent = catalogue.party(self.fixed["incumbent_party"])
            summary.append(f"In power before the election: {incumbent}")
        if self.fixed.get("megastructure_zone") is not None:
            summary.append(f"Megastructure in {catalogue.zone(self.fixed['megastructure_zone'])}")
        return summary


class OneOffGameForm(forms.ModelForm):
    """What a one-off game keeps besides its table: the day it was played."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Game
        fields = ["played_on"]
        widgets = {"played_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        labels = {"played_on": "Played on"}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, prefix="game", **kwargs)
        if self.instance.pk:
            self.fields["version"].initial = self.instance.version
        else:
            self.fields["played_on"].initial = timezone.localdate()
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.field_template = FIELD_TEMPLATE
