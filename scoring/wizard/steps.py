"""The wizard's step forms: the shared base, the seats, the HUBs, the ballots, one player's card."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.catalogue import CatalogueNames, CorporationOption
from scoring.wizard.widgets import (
    FIELD_TEMPLATE,
    Details,
    StepperInput,
    count_field,
    count_grid,
    form_text,
    zone_folds,
)
from solar175 import campaign_file, engine
from solar175.campaign_file import Power
from solar175.sections import (
    Switch,
    leased_ship_offered,
)
from solar175.table import (
    MAX_BASES,
    MAX_CREDITS,
    MEGASTRUCTURE_TOKENS_IN_BOX,
    MINING_TOKENS_IN_BOX,
    OUTPOSTS_PER_CORPORATION,
    VOTING_TOKENS_IN_BOX,
)

DEFAULT_PLAYERS = 3


# Leased ships (White Star, #4): a corporation rarely holds more than a few.
MAX_LEASED_SHIPS = 3


# The player power "+2 end game IP" (#7).
POWER_BONUS_IP = campaign_file.POWER_BONUS_IP


NAMED_HUBS = ("hensler", "ufss", "military")


FIXABLE_KEYS = ("rules", "megastructure_zone", "incumbent_party")


HIRE_CARD_LABELS = {
    "general": gettext_lazy("General workers"),
    "engineer": gettext_lazy("Engineers"),
    "pilot": gettext_lazy("Pilots"),
}


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
        """Show a `read_table` sentence beside field `name`, or atop the section."""
        self.add_error(name if name in self.fields else None, message)

    def number(self, name: str) -> int:
        value = self.cleaned_data.get(name)
        return 0 if value is None else value


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
    # The section numbers unlocked: a leased ship card of #23 or #24 is offered only with it.
    unlocked: frozenset[int] = frozenset()


class HubsForm(TableSectionForm):
    """Workers and algorithms on each HUB that scores (HUBs, Worker Value)."""

    def __init__(
        self,
        data: QueryDict,
        *,
        shape: TableShape,
        catalogue: CatalogueNames,
        initial: Mapping[str, Any],
    ) -> None:
        super().__init__(data, prefix="hubs", initial=initial)
        self.zones = shape.zones
        rows = []
        hubs = [(key, catalogue.hub(key)) for key in NAMED_HUBS]
        hubs += [(f"zone{z}", catalogue.hub("", zone=z)) for z in shape.zones]
        for key, label in hubs:
            self.fields[f"{key}_workers"] = count_field(_("%(label)s: workers") % {"label": label})
            self.fields[f"{key}_algorithms"] = count_field(
                _("%(label)s: algorithms") % {"label": label}
            )
            rows.append((label, f"{key}_workers", f"{key}_algorithms"))
        self.helper.layout = Layout(count_grid((_("Workers"), _("Algorithms")), rows))

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
        catalogue: CatalogueNames,
        initial: Mapping[str, Any],
    ) -> None:
        super().__init__(data, prefix="ballots", initial=initial)
        votes = list(engine.LEGITIMATE_PARTIES)
        if shape.celestial_rebellion:
            votes.append("spoiled")
        for key in votes:
            label = _("Spoiled ballots") if key == "spoiled" else catalogue.party(key)
            self.fields[key] = count_field(label, maximum=VOTING_TOKENS_IN_BOX)
        layout: list[Any] = [Row(*[Column(key, css_class="col-6 col-md-3") for key in votes])]
        self.hire_cards = engine.HIRE_CARD_PARTY if shape.trade_unions else {}
        if self.hire_cards:
            for card in self.hire_cards:
                self.fields[f"hire_{card}"] = count_field(HIRE_CARD_LABELS.get(card, card))
            layout += [
                form_text(
                    _(
                        "Workers left on each hire card (trade unions, #13): the "
                        "fewest add 2 votes to their party."
                    ),
                    "mb-1",
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
        catalogue: CatalogueNames,
        initial: Mapping[str, Any],
        ship_cards: bool = False,
    ) -> None:
        super().__init__(data, prefix=f"p{seat.number}", initial=initial)
        self.seat = seat
        self.zones = shape.zones
        self.starting_ship_presence = catalogue.starting_ship_presence
        self.leased_ships = {s.name: s for s in catalogue.leased_ships}
        self.ship_cards = ship_cards
        # The cards a ship row offers: the shipyard's, those of a locked section left out.
        self.offered_ships = [
            s for s in catalogue.leased_ships if leased_ship_offered(s.name, shape.unlocked)
        ]
        # A row per ship the table holds beyond the starting one, three at least.
        self.leased_rows = max(
            [MAX_LEASED_SHIPS]
            + [int(k[6:-5]) for k in initial if k.startswith("leased") and k.endswith("_zone")]
        )
        # Which form rows became the table's `ships` list, to place `ships[i]` errors.
        self.ship_rows: list[str] = []
        fields = self.fields
        self.power_bonus = False
        fields["credits"] = count_field("Credits", maximum=MAX_CREDITS)
        fields["mining_tokens"] = count_field(_("Mining tokens"), maximum=MINING_TOKENS_IN_BOX)
        fields["megastructure_tokens"] = count_field(
            _("Megastructure tokens"), maximum=MEGASTRUCTURE_TOKENS_IN_BOX
        )
        fields["military_tokens"] = count_field(_("Military tokens"))
        zone_rows = []
        zone_choices = [(z, catalogue.zone(z)) for z in shape.zones]
        for z in shape.zones:
            fields[f"outposts_{z}"] = count_field(
                _("Outposts in zone %(z)s") % {"z": z}, maximum=OUTPOSTS_PER_CORPORATION
            )
            fields[f"bases_{z}"] = count_field(
                _("Bases in zone %(z)s") % {"z": z}, maximum=MAX_BASES
            )
            zone_rows.append((catalogue.zone(z), f"outposts_{z}", f"bases_{z}"))
        fields["ship_zone"] = forms.TypedChoiceField(
            label=_("Starting ship (DC-Xerxes 8050) in"),
            coerce=int,
            empty_value=None,
            required=False,
            choices=[("", _("Not on the board")), *zone_choices],
            # Setup: "Ships start on Earth", zone 1.
            initial=shape.zones[0],
        )
        # Each of these comes with a section: no field (so no hint) before it is unlocked;
        # a field left out counts as its zero or empty value (`table_part`).
        features = shape.features
        extras: list[str] = []
        details: list[Any] = []
        summary: list[str] = []
        # Leased ships come with #4; a table that holds other ships shows them anyway (the
        # group entered them: the form must not score the game without them).
        if Switch.WHITE_STAR in features or "leased1_zone" in initial:
            details += self._leased_ship_fields(catalogue, zone_choices)
            extras += [
                f"leased{n}_{part}"
                for n in range(1, self.leased_rows + 1)
                for part in ("zone", "ship", "presence")
            ]
            summary.append(_("Leased ships"))
        money_row = []
        if Switch.LOANS in features:
            fields["loans"] = forms.CharField(
                label=_("Loans held (#15)"),
                required=False,
                help_text=_("The value of each loan token, e.g. 5, 10."),
                # "decimal" gives a number pad with a separator key; "numeric" has none on iOS.
                widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
            )
            money_row.append(Column("loans", css_class="col-12 col-md-6"))
            extras.append("loans")
            summary.append(_("loans"))
        if Switch.POLITICAL_INFLUENCE in features:
            fields["political_influence_ip"] = count_field(_("Political influence card IP (#6)"))
            money_row.append(Column("political_influence_ip", css_class="col-12 col-md-6"))
            extras.append("political_influence_ip")
            summary.append(_("political influence"))
        if money_row:
            details.append(Row(*money_row))
        if Switch.PLAYER_POWERS in features:
            # Only the holder of a power sees its field; a one-off game (powers unknown) asks
            # about both, and a saved table that holds a value keeps its field.
            power = seat.corporation.power
            power_row = []
            # A campaign's seat holding "+2 end game IP": the rules give it, the replay derives
            # it (docs/replay.md), so it is shown, not asked.
            self.power_bonus = power == Power.EXTRA_IP
            if self.power_bonus:
                power_row.append(
                    Column(
                        form_text(
                            _("Player power: +2 end-game IP, added by the app every game (#7).")
                        ),
                        css_class="col-12 col-md-6 pt-md-4",
                    )
                )
            elif power is None or self.initial.get("bonus"):
                fields["bonus"] = forms.BooleanField(
                    label=_("Player power: +2 end-game IP"), required=False
                )
                power_row.append(Column("bonus", css_class="col-12 col-md-6 pt-md-4"))
                extras.append("bonus")
            if power in (None, Power.EXTRA_VOTE) or self.initial.get("extra_vote"):
                fields["extra_vote"] = forms.ChoiceField(
                    label=_("Player power: extra vote for"),
                    choices=[("", _("— none —"))]
                    + [(p, catalogue.party(p)) for p in engine.LEGITIMATE_PARTIES],
                    required=False,
                )
                power_row.append(Column("extra_vote", css_class="col-12 col-md-6"))
                extras.append("extra_vote")
            if power_row:
                details.append(Row(*power_row))
                summary.append(_("player power"))
        layout: list[Any] = [
            Row(
                Column("credits", css_class="col-6 col-md-3"),
                Column("mining_tokens", css_class="col-6 col-md-3"),
                Column("megastructure_tokens", css_class="col-6 col-md-3"),
                Column("military_tokens", css_class="col-6 col-md-3"),
            ),
            zone_folds(zone_rows),
            Row(Column("ship_zone", css_class="col-12 col-md-6")),
        ]
        if details:
            text = ", ".join(summary)
            layout.append(Details(text[0].upper() + text[1:], *details, open_when=extras))
        self.helper.layout = Layout(*layout)

    def _leased_ship_fields(
        self, catalogue: CatalogueNames, zone_choices: list[tuple[int, str]]
    ) -> list[Row]:
        """Leased ships (#4): a zone, and the ship card or its presence."""
        fields = self.fields
        # A card whose presence neither the rulebook text nor the box gives says so: the
        # group types the presence (docs/catalogue.md).
        unknown = _("presence: your box has none") if self.ship_cards else _("type its presence")

        def label(ship: Any) -> str:
            return f"{ship.name} ({unknown if ship.presence is None else ship.presence})"

        ship_choices = [("", _("— or enter its presence —"))] + [
            (s.name, label(s)) for s in self.offered_ships
        ]
        offered = {s.name for s in self.offered_ships}
        for n in range(1, self.leased_rows + 1):
            # A card the game's table already names stays a choice of the row that names it:
            # one this box no longer lists, or one a correction keeps.
            card = self.initial.get(f"leased{n}_ship")
            if card and card not in offered:
                known = self.leased_ships.get(card)
                ship_choices.append((card, label(known) if known else card))
                offered.add(card)
        rows = []
        for n in range(1, self.leased_rows + 1):
            fields[f"leased{n}_zone"] = forms.TypedChoiceField(
                label=_("Leased ship %(n)s in") % {"n": n},
                coerce=int,
                empty_value=None,
                choices=[("", _("— none —")), *zone_choices],
                required=False,
            )
            fields[f"leased{n}_ship"] = forms.ChoiceField(
                label=gettext_lazy("Ship"), choices=ship_choices, required=False
            )
            fields[f"leased{n}_presence"] = forms.IntegerField(
                label=gettext_lazy("Presence"),
                required=False,
                widget=StepperInput(minimum=1),
                help_text=(
                    _("Blank: the card's value, as your box says (a correction re-scores it).")
                    if self.ship_cards
                    else _(
                        "As the ship card prints it: the rulebook text gives no "
                        "White Star ship's presence."
                    )
                ),
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
                _("Enter the value of each loan as a whole number, separated by commas: 5, 10.")
            )
        return [int(value) for value in re.findall(r"-?\d+", text)]

    def table_part(self) -> dict[str, Any]:
        data = self.cleaned_data
        bases: list[int] = []
        for z in self.zones:
            bases += [z] * self.number(f"bases_{z}")
        ships: list[dict[str, Any]] = []
        self.ship_rows = []
        if data.get("ship_zone") is not None:
            ships.append({"zone": data["ship_zone"], "presence": self.starting_ship_presence})
            self.ship_rows.append("ship_zone")
        for n in range(1, self.leased_rows + 1):
            zone, presence = data.get(f"leased{n}_zone"), data.get(f"leased{n}_presence")
            card = data.get(f"leased{n}_ship") or ""
            if zone is None and presence is None and not card:
                continue
            # A half-entered row goes to the table as it is: `read_table` names what is
            # missing, as it would in a file.
            row: dict[str, Any] = {}
            if zone is not None:
                row["zone"] = zone
            if card:
                # The card named: a campaign reads its presence from its box at each replay.
                row["card"] = card
            if presence is not None:
                # Typed at the table: that game's fact, whatever the card says later.
                row["presence"] = presence
            elif (
                card
                and not self.ship_cards
                and card in self.leased_ships
                and self.leased_ships[card].presence is not None
            ):
                row["presence"] = self.leased_ships[card].presence
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
            "bonus_ip": POWER_BONUS_IP if data.get("bonus") or self.power_bonus else 0,
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
                if len(rest) > 1 and rest[1] == "card":
                    what = "ship"
                return f"{row}_{what}", ""
            return None, "Ships: "
        if key == "loans":
            prefix = (
                _("Loan %(number)s: ") % {"number": int(rest[0]) + 1}
                if rest and rest[0].isdigit()
                else ""
            )
            return "loans", prefix
        if key == "bonus_ip":
            return "bonus", ""
        if key in self.fields:
            return key, ""
        return None, f"{key}: " if key else ""
