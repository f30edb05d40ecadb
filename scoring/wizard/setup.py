"""The wizard's first step: who plays, in which order, and the rules in force."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from crispy_forms.layout import Column, Div, Layout, Row
from django import forms
from django.http import QueryDict
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hosting.words import translated
from scoring.catalogue import CatalogueNames, CorporationOption
from scoring.wizard.paths import locate
from scoring.wizard.spoilers import (
    ASKED_SECTIONS,
    NO_SECTIONS,
    PRESET_GAMES,
    numbers_text,
    section_features,
    sections_after_game,
)
from scoring.wizard.steps import (
    DEFAULT_PLAYERS,
    Seat,
    TableSectionForm,
    TableShape,
)
from scoring.wizard.widgets import (
    REFRESH,
    ErrorDetails,
    SectionsPicker,
    ZoneCheckboxes,
    form_text,
)
from scoring.words import refusal_sentence
from solar175 import engine
from solar175.house_rules import TABLE_HOUSE_RULES, TABLE_KEYS
from solar175.sections import (
    Switch,
)
from solar175.sections import zones_in_play as zones_opened_by
from solar175.table import (
    ALWAYS_IN_PLAY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TABLE_FORMAT,
    TABLE_VERSION,
    read_table,
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
        label=gettext_lazy("Number of players"),
        coerce=int,
        choices=[
            (n, format_lazy(gettext_lazy("{n} players"), n=n))
            for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        ],
        initial=DEFAULT_PLAYERS,
        widget=forms.Select(attrs=REFRESH),
    )
    zones_in_play = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Zones in play"),
        coerce=int,
        choices=[(z, str(z)) for z in ALWAYS_IN_PLAY],
        initial=list(ALWAYS_IN_PLAY),
        required=False,
        widget=ZoneCheckboxes(attrs={**REFRESH, "class": "form-check-input"}),
        help_text=gettext_lazy("1 and 2 always; the others as your sections opened them."),
    )
    # The zones the last layout offered: a zone a newly ticked section opens starts in play.
    zones_offered = forms.CharField(required=False, widget=forms.HiddenInput)
    incumbent_party = forms.ChoiceField(
        label=gettext_lazy("Party in power before the election"),
        initial=engine.UNITED_FEDERALISTS,
        error_messages={"invalid_choice": gettext_lazy("must be one of the parties in play")},
    )
    # No zone is chosen for the group: every game has its location token somewhere, and a
    # guessed zone would silently give the +5 presence bonus to the wrong zone.
    megastructure_zone = forms.TypedChoiceField(
        label=gettext_lazy("Megastructure Location Token in"),
        coerce=int,
        empty_value=None,
        required=False,
        choices=[("", gettext_lazy("Choose the zone"))],
    )

    def __init__(
        self,
        data: QueryDict,
        *,
        initial: Mapping[str, Any],
        corporations: list[CorporationOption],
        catalogue: CatalogueNames,
        fixed: Mapping[str, Any],
        unlocked_sections: Iterable[int] | None = None,
        first_step: bool = True,
        located_zone: int | None = None,
        zone_required: bool = True,
        zone_unrecorded: bool = False,
        prefix: str = "setup",
    ) -> None:
        super().__init__(data, prefix=prefix, initial=initial)
        # The house rules a table's `rules` carry (solar175.house_rules), each a choice.
        for rule in TABLE_HOUSE_RULES:
            self.fields[rule.key] = forms.ChoiceField(
                label=translated(rule.label),
                choices=[(key, translated(words)) for key, words in rule.choices],
                initial=rule.default,
            )
        # The zone of the location card the campaign's box places the megastructure on, and
        # whether a game must then state one (`TableForm`).
        self.located_zone = located_zone
        self.zone_required = zone_required and located_zone is None and not zone_unrecorded
        self.zone_unrecorded = zone_unrecorded
        self.corporations = corporations
        self.fixed = fixed
        self.first_step = first_step
        # A fresh form is filled from its initial values later (`fill_missing`), so until then
        # the layout reads them instead of the data.
        self.fresh = not data
        self.asks_sections = unlocked_sections is None
        if self.asks_sections:
            self.fields["sections"] = forms.MultipleChoiceField(
                label=_("Which sections has your group unlocked?"),
                choices=[(NO_SECTIONS, _("None: our first game"))]
                + [(str(n), f"#{n}") for n in ASKED_SECTIONS],
                initial=[NO_SECTIONS],
                required=False,
                # The first step lays out nothing that depends on them: no redraw per tap.
                widget=forms.CheckboxSelectMultiple(
                    attrs={"class": "btn-check", **({} if first_step else REFRESH)}
                ),
                help_text=_("By number only: the form then asks for what those sections add."),
            )
            self.unlocked = self._read_sections()
        else:
            self.unlocked = frozenset(unlocked_sections)
        self.features = section_features(self.unlocked)

        rules = fixed.get("rules")
        if rules is not None:
            for name in ("zones_in_play", "zones_offered", *TABLE_KEYS):
                del self.fields[name]
            self.zones_offered = tuple(sorted(set(rules.get("zones_in_play", ALWAYS_IN_PLAY))))
            self.celestial_rebellion = bool(rules.get("celestial_rebellion", False))
            self.trade_unions = bool(rules.get("trade_unions", False))
        else:
            self.zones_offered = zones_opened_by(self.features)
            self.celestial_rebellion = Switch.CELESTIAL_REBELLION in self.features
            self.trade_unions = Switch.TRADE_UNIONS in self.features
            self._offer_zones()
        for key in ("incumbent_party", "megastructure_zone"):
            if key in fixed or (first_step and key == "megastructure_zone"):
                # The first step lays out no token: the table's page asks for it.
                del self.fields[key]
        if "incumbent_party" in self.fields:
            # The Rebellion can be in power only once it is in play (#12).
            self.fields["incumbent_party"].choices = [
                (party, catalogue.party(party))
                for party in engine.PARTIES
                if party != engine.CELESTIAL_REBELLION or self.celestial_rebellion
            ]
        if "megastructure_zone" in self.fields:
            if located_zone is not None:
                blank = _("Where your box places it: %(zone)s") % {
                    "zone": catalogue.zone(located_zone)
                }
            elif self.zone_required:
                blank = _("Choose the zone")
            elif self.zone_unrecorded:
                blank = _("Not recorded: no +5 presence bonus, as stored")
            else:
                blank = _("No megastructure built: no token")
            self.fields["megastructure_zone"].choices = [("", blank)] + [
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
            return _("Sections unlocked: none (a first game)")
        return _("Sections unlocked: %(numbers_text)s") % {
            "numbers_text": numbers_text(self.unlocked)
        }

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
            form_text(
                _(
                    "In order of play for a next round: first the player who "
                    "would take the first player marker next (tie-breaker 2)."
                ),
                "mt-0 mb-1",
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
            for name in (*TABLE_KEYS, "incumbent_party", "megastructure_zone")
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
            tuple(seats),
            zones,
            self.celestial_rebellion,
            self.trade_unions,
            self.features,
            self.unlocked,
        )

    def clean_sections(self) -> list[int]:
        values = self.cleaned_data["sections"]
        if not values:
            raise forms.ValidationError(
                _("Tick the sections your group has unlocked, or “None: our first game”.")
            )
        return sorted(int(v) for v in values if v != NO_SECTIONS)

    def needs_zone(self) -> bool:
        """The token's zone is the group's to give and was not: `TableForm` says so beside the
        field, with every other problem of the table (not instead of them)."""
        return (
            "megastructure_zone" in self.fields
            and self.zone_required
            and self.cleaned_data.get("megastructure_zone") is None
        )

    def stated_zone(self) -> int | None:
        """The zone the group chose for the location token (None: the box's, or none)."""
        if "megastructure_zone" in self.fixed or "megastructure_zone" not in self.fields:
            return None
        return self.cleaned_data.get("megastructure_zone")

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
                **{key: data[key] for key in TABLE_KEYS},
            }
        part["incumbent_party"] = self.fixed.get("incumbent_party", data.get("incumbent_party"))
        zone = self.fixed.get("megastructure_zone", data.get("megastructure_zone"))
        if zone is None:
            zone = self.located_zone
        if zone is not None:
            # No key is no token: the table reader takes a zone number, never null.
            part["megastructure_zone"] = zone
        part["players"] = [
            {"corporation": data[f"seat{n}_corporation"]} for n in range(1, self.player_count + 1)
        ]
        return part

    def is_ready(self) -> bool:
        """The first step alone: valid, and nothing `read_table` refuses in the setup."""
        if not self.is_valid():
            return False
        table = {"format": TABLE_FORMAT, "version": TABLE_VERSION, **self.table_part()}
        placed = False
        for error in read_table(table).errors:
            section, name = locate(error.path)
            if section == "setup":
                self.place_error(
                    name,
                    translated(error.message) if name in self.fields else refusal_sentence(error),
                )
                placed = True
        return not placed
