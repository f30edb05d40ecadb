"""The whole table as one form: the steps together, their initial values, and where a
`read_table` sentence goes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hosting.words import translated
from scoring.catalogue import CatalogueNames, CorporationOption
from scoring.wizard.paths import locate
from scoring.wizard.setup import SetupForm
from scoring.wizard.spoilers import ASKED_SECTIONS, NO_SECTIONS, sections_for_table
from scoring.wizard.steps import (
    FIXABLE_KEYS,
    NAMED_HUBS,
    BallotsForm,
    HubsForm,
    PlayerForm,
    Seat,
    TableSectionForm,
)
from scoring.words import refusal_sentence
from solar175 import engine
from solar175.house_rules import BY_KEY, TABLE_KEYS, HouseRules
from solar175.table import (
    ALWAYS_IN_PLAY,
    TABLE_FORMAT,
    TABLE_VERSION,
    TableError,
    read_table,
)

# Every game has a Megastructure Location Token on the board (RULES-NOTES §6): no zone is
# guessed for the group, whose +5 presence bonus it decides.
NO_ZONE = gettext_lazy(
    "Choose the zone of the location card the Megastructure "
    "Location Token is on: every game has one, and its zone gets "
    "the +5 presence bonus."
)


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
    for key in TABLE_KEYS:
        if key in rules:
            initial[key] = rules[key]
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


def _player_initial(player: Any, catalogue: CatalogueNames) -> dict[str, Any]:
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
    ships = [ship for ship in player.get("ships") or [] if isinstance(ship, Mapping)]
    # The starting ship goes first in the wizard's tables; a table from elsewhere may differ.
    starting = next(
        (
            s
            for s in ships
            if not s.get("card") and s.get("presence") == catalogue.starting_ship_presence
        ),
        None,
    )
    if starting is not None:
        initial["ship_zone"] = starting.get("zone")
        ships.remove(starting)
    elif "ships" in player:
        # A table without the starting ship on the board says so; the form keeps it so.
        initial["ship_zone"] = None
    # Every other ship gets a row (three at least): the form shows all a table holds.
    for n, ship in enumerate(ships, start=1):
        initial[f"leased{n}_zone"] = ship.get("zone")
        initial[f"leased{n}_ship"] = ship.get("card") or ""
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
    - `table`: a docs/table-file.md dict, whole or in part, to prefill (editing a saved game; the
      first step's choice of players and rules).
    - `fixed`: the keys of `FIXABLE_KEYS` ("rules", "megastructure_zone", "incumbent_party")
      that are not the group's to choose (a campaign derives them); their fields disappear and
      `to_table()` uses these values.
    - `corporations`: the `CorporationOption`s a seat can take; the catalogue's colours by default.
    - `catalogue`: a `CatalogueNames` (loaded if not given: five queries).
    - `located_zone`: the zone of the location card the campaign's box places the game's
      megastructure on (None: placed nowhere, or no megastructure). When the zone is not
      fixed, the location token's field offers it as its blank choice ("where your box places
      it"); with no `located_zone` the group must choose a zone, unless `zone_required` is
      False (a campaign game with no megastructure built). `zone_unrecorded`: a game an
      earlier version stored with no zone (docs/upgrading.md) is edited without one, the
      blank choice saying so, and may be given one.
    - `ship_cards`: a leased ship chosen by its card with no presence typed is written as
      `{"zone", "card"}`, its presence read from the catalogue (a campaign's box) whenever the
      game is replayed; otherwise (a one-off game) the card's presence is written too.
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
    `sections` (solar175/table.py), so its editor reopens with the same fields.

    `is_valid()` checks each section's shapes, then the whole table with `read_table` and
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
        catalogue: CatalogueNames | None = None,
        unlocked_sections: Iterable[int] | None = None,
        located_zone: int | None = None,
        zone_required: bool = True,
        zone_unrecorded: bool = False,
        ship_cards: bool = False,
    ) -> None:
        self.catalogue = catalogue or CatalogueNames()
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
            located_zone=located_zone,
            zone_required=zone_required,
            zone_unrecorded=zone_unrecorded,
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
                ship_cards=ship_cards,
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
        self._state: engine.TableState | None = None
        self._score: engine.GameScore | None = None

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
                # One reading of the table: its sentences go beside the fields, its state is
                # what `state` and `score` give.
                reading = read_table(self._table, ships=self.catalogue.ship_presences)
                self._state = reading.state
                for error in reading.errors:
                    self._place(error)
                if self.setup.needs_zone():
                    self.setup.add_error("megastructure_zone", NO_ZONE)
                    self._state = None
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
        if "megastructure_zone" in setup:
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
                where,
                translated(error.message)
                if where in self.setup.fields
                else refusal_sentence(error),
            )
        elif section == "hubs":
            self.hubs.place_error(
                where,
                translated(error.message) if where in self.hubs.fields else refusal_sentence(error),
            )
        elif section == "ballots":
            self.ballots.place_error(
                where,
                translated(error.message)
                if where in self.ballots.fields
                else refusal_sentence(error),
            )
        elif section == "player" and where[0] < len(self.players):
            form = self.players[where[0]]
            name, prefix = form.field_for(where[1])
            form.place_error(name, prefix + translated(error.message))
        elif section == "players":
            self.players_errors.append(refusal_sentence(error))
        else:
            self.table_errors.append(refusal_sentence(error))

    def stated_zone(self) -> int | None:
        """The zone the group chose for the location token; None when it left the box's (or
        there is no token). Only after `is_valid()` is True."""
        return self.setup.stated_zone()

    def to_table(self, *, include_fixed: bool = True) -> dict[str, Any]:
        """The table as docs/table-file.md spells it; without the fixed keys if `include_fixed`
        is False (a campaign file's `games[].table`). Only after `is_valid()` is True."""
        if not self.is_valid() or self._table is None:
            raise ValueError("to_table() needs a valid form: call is_valid() first")
        table = dict(self._table)
        if not include_fixed:
            for key in self.fixed:
                table.pop(key, None)
        return table

    @property
    def state(self) -> engine.TableState:
        """The table the engine scores. Only after `is_valid()` is True."""
        if not self.is_valid() or self._state is None:
            raise ValueError("state needs a valid form: call is_valid() first")
        return self._state

    def score(self) -> engine.GameScore:
        """The engine's score of the table, computed once. Only after `is_valid()` is True."""
        if self._score is None:
            self._score = engine.score_game(self.state)
        return self._score

    def seats(self) -> list[tuple[Seat, PlayerForm]]:
        return list(zip(self.shape.seats, self.players, strict=True))

    def rules_summary(self) -> list[str]:
        """The fixed values in words, for the page that cannot change them."""
        catalogue = self.catalogue
        summary = []
        rules = self.fixed.get("rules")
        if rules is not None:
            zones = ", ".join(str(z) for z in rules.get("zones_in_play", ALWAYS_IN_PLAY))
            summary.append(_("Zones in play: %(zones)s") % {"zones": zones})
            if rules.get("celestial_rebellion"):
                summary.append(_("Celestial Rebellion in play"))
            if rules.get("trade_unions"):
                summary.append(_("Trade unions in play"))
            for key, value in HouseRules.read(rules, "rules", TABLE_KEYS).as_dict().items():
                if key in TABLE_KEYS:
                    rule = BY_KEY[key]
                    summary.append(
                        # Translators: a house rule and the choice made, "Second place in a
                        # zone (house rule): Round down (End Game Scoring page)".
                        _("%(rule)s: %(choice)s")
                        % {
                            "rule": translated(rule.label),
                            "choice": translated(dict(rule.choices)[value]),
                        }
                    )
        if "incumbent_party" in self.fixed:
            incumbent = catalogue.party(self.fixed["incumbent_party"])
            summary.append(
                _("In power before the election: %(incumbent)s") % {"incumbent": incumbent}
            )
        if self.fixed.get("megastructure_zone") is not None:
            summary.append(
                _("Megastructure in %(zone)s")
                % {"zone": catalogue.zone(self.fixed["megastructure_zone"])}
            )
        return summary
