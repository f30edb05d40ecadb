"""The reference catalogue as the database holds it, read in one place: for the rules and for
the pages.

- `catalogue_from_db()`: the rules' plain `solar175.catalogue.Catalogue` (megastructures with
  the zone of their location, tracker sections, awards, locations, ships): the reference, which
  a data migration puts in every database and only staff change, in the admin. Five queries,
  whatever the catalogue's size. A campaign applies its own box to it (`solar175.box`).
- `CatalogueNames(box)`: what the pages show of it — names, colours, ship values — with a
  campaign's box applied when one is given (`Campaign.box`). Each kind of thing is one query,
  made only when a page first asks for it, so a page pays for what it shows.

Nothing else reads the catalogue's models for a page or for the replay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.utils.translation import gettext as _

from scoring.models import (
    Award,
    CorporationColour,
    Hub,
    Location,
    Megastructure,
    Party,
    PlayerPower,
    Ship,
    TrackerSection,
)
from solar175.box import Box, apply_locations, apply_megastructures, apply_ships, placed, read_box
from solar175.catalogue import (
    TRACKER_KEYS,
    AwardEntry,
    Catalogue,
    LocationEntry,
    MegastructureEntry,
    ShipEntry,
)
from solar175.fields import CampaignError

# "In your first game ships are all worth 2 presence" (Presence); used when the catalogue
# has no starting ship.
STARTING_SHIP_PRESENCE = 2
DEFAULT_COLOUR = "#888888"


class CatalogueMissing(CampaignError):
    """The database holds no reference catalogue (its tracker sections are gone: the tables
    were emptied after `migrate`, by `flush` say): a command says so in one line and exits 2;
    `load_catalogue` puts it back."""

    def __init__(self) -> None:
        super().__init__(
            "catalogue",
            "the reference catalogue is missing from this database (its tracker sections are "
            "gone): run `python manage.py load_catalogue`",
        )


def catalogue_from_db() -> Catalogue:
    """The reference catalogue from the database; `CatalogueMissing` when it is not there."""
    section_boxes = {
        section.key: section.boxes for section in TrackerSection.objects.order_by("order", "key")
    }
    if any(key not in section_boxes for key in TRACKER_KEYS):
        raise CatalogueMissing
    locations = _locations()
    megastructures = _megastructures(locations)
    awards = {
        (award.section_id, award.tier): AwardEntry(
            section=award.section_id, tier=award.tier, name=award.name, points=award.points
        )
        for award in Award.objects.all()
    }
    return Catalogue(
        megastructures=megastructures,
        section_boxes=section_boxes,
        awards=awards,
        locations=locations,
        ships=_ships(),
    )


def _locations() -> dict[str, LocationEntry]:
    return {
        name: LocationEntry(
            name=name, zone=zone, base_location=base, naming_spaces=spaces, mining=mining
        )
        for name, zone, base, spaces, mining in Location.objects.values_list(
            "name", "zone_id", "base_location", "naming_spaces", "mining"
        )
    }


def _megastructures(locations: Mapping[str, LocationEntry]) -> dict[str, MegastructureEntry]:
    # The +5 presence zone is the zone of the megastructure's location card.
    return placed(_unplaced_megastructures(), locations)


def _unplaced_megastructures() -> dict[str, MegastructureEntry]:
    """The reference's megastructures with their location's name, no zone yet (one query)."""
    rows = Megastructure.objects.values_list(
        "key", "name", "type", "fixed_game", "order", "location__name"
    ).order_by("type", "order", "name")
    return {
        key: MegastructureEntry(
            key=key, name=name, type=type_, fixed_game=fixed_game, location=location, order=order
        )
        for key, name, type_, fixed_game, order, location in rows
    }


def _ships() -> dict[str, ShipEntry]:
    return {
        name: ShipEntry(name=name, presence=presence, moves=moves, starting=starting, leased=leased)
        for name, presence, moves, starting, leased in Ship.objects.values_list(
            "name", "presence", "moves", "starting", "leased"
        )
    }


@dataclass(frozen=True)
class CorporationOption:
    """A corporation a seat can be: a colour from the catalogue, or a campaign's corporation."""

    key: str
    name: str
    css_colour: str = DEFAULT_COLOUR
    # A campaign's corporation: its player power ("" none yet); None where it is not known
    # (a one-off game), so the wizard asks about every power.
    power: str | None = None


@dataclass(frozen=True)
class ShipOption:
    """A leased ship a table can name by its card (the wizard's choice is its name)."""

    name: str
    presence: int | None  # None: neither the rulebook text nor the box gives it
    moves: int | None = None


@dataclass(frozen=True)
class SectionRow:
    key: str
    name: str
    boxes: int


@dataclass(frozen=True)
class BaseLocation:
    name: str
    zone: int
    naming_spaces: int


@dataclass(frozen=True)
class AwardRow:
    section: str
    tier: str
    name: str
    points: int


class CatalogueNames:
    """What the pages show of the catalogue, with a campaign's box applied when given. Build one
    per request; each attribute is read on first use (one query) and kept.

    `box`: the campaign's stored box (`Campaign.box`, already checked); None or {} is the
    reference alone (a one-off game, a page outside any campaign).
    """

    def __init__(self, box: Mapping[str, Any] | Box | None = None) -> None:
        self.box = box if isinstance(box, Box) else read_box(box or None, None)

    @cached_property
    def parties(self) -> dict[str, str]:
        return dict(Party.objects.values_list("key", "name"))

    @cached_property
    def location_entries(self) -> dict[str, LocationEntry]:
        """Every location card, the box's corrections and additions applied, in zone order."""
        locations = apply_locations(_locations(), self.box.locations)
        return dict(sorted(locations.items(), key=lambda item: (item[1].zone, item[0])))

    @cached_property
    def _reference_megastructures(self) -> dict[str, MegastructureEntry]:
        return _unplaced_megastructures()

    @cached_property
    def megastructure_entries(self) -> dict[str, MegastructureEntry]:
        """Every megastructure, the box applied, with the zone of its location card, by type
        then printed order (two queries: the megastructures, the locations)."""
        megastructures = apply_megastructures(
            self._reference_megastructures, self.box.megastructures
        )
        megastructures = placed(megastructures, self.location_entries)
        return dict(
            sorted(megastructures.items(), key=lambda item: (item[1].type, item[1].order, item[0]))
        )

    @cached_property
    def megastructures(self) -> dict[str, str]:
        """Each megastructure's key -> its name (one query: names need no location)."""
        megastructures = apply_megastructures(
            self._reference_megastructures, self.box.megastructures
        )
        return {key: entry.name for key, entry in megastructures.items()}

    @cached_property
    def megastructure_zones(self) -> dict[str, int | None]:
        """Each megastructure's key -> the zone of its location card (None: placed nowhere)."""
        return {key: entry.zone for key, entry in self.megastructure_entries.items()}

    @cached_property
    def award_rows(self) -> list[AwardRow]:
        return [
            AwardRow(a.section_id, a.tier, a.name, a.points)
            for a in Award.objects.select_related("section").order_by("section__order", "tier")
        ]

    @cached_property
    def awards(self) -> dict[tuple[str, str], str]:
        return {(a.section, a.tier): a.name for a in self.award_rows}

    @cached_property
    def section_rows(self) -> list[SectionRow]:
        return [
            SectionRow(*row) for row in TrackerSection.objects.values_list("key", "name", "boxes")
        ]

    @cached_property
    def sections(self) -> dict[str, str]:
        return {row.key: row.name for row in self.section_rows}

    @cached_property
    def colours(self) -> dict[str, CorporationOption]:
        return {
            c.key: CorporationOption(c.key, c.name, c.css_colour)
            for c in CorporationColour.objects.all()
        }

    @cached_property
    def powers(self) -> dict[str, str]:
        return dict(PlayerPower.objects.values_list("key", "name"))

    @cached_property
    def _hub_rows(self) -> list[Hub]:
        return list(Hub.objects.select_related("zone"))

    @cached_property
    def hubs(self) -> dict[str, str]:
        return {hub.key: hub.name for hub in self._hub_rows}

    @cached_property
    def zone_hubs(self) -> dict[int, str]:
        """Zone number -> the body whose Zone HUB scores it (1 Earth, 2 Jupiter, …)."""
        return {hub.zone.number: hub.zone.shown_hub_name for hub in self._hub_rows if hub.zone}

    @property
    def debt_boxes(self) -> tuple:
        """The Bank of Yurushi debt rows the box copied from the card (none in the reference)."""
        return self.box.debt_boxes

    @cached_property
    def ships(self) -> list[ShipEntry]:
        """Every ship card, the box applied: the starting ship first, then by name."""
        ships = apply_ships(_ships(), self.box.ships)
        return sorted(ships.values(), key=lambda ship: (not ship.starting, ship.name))

    @cached_property
    def leased_ships(self) -> list[ShipOption]:
        return [ShipOption(s.name, s.presence, s.moves) for s in self.ships if s.leased]

    @cached_property
    def ship_presences(self) -> dict[str, int | None]:
        """Each ship card's name -> its presence (None: not printed, not in the box): what a
        table's `card` reads."""
        return {ship.name: ship.presence for ship in self.ships}

    @cached_property
    def starting_ship_presence(self) -> int:
        starting = [ship.presence for ship in self.ships if ship.starting]
        return starting[0] if starting else STARTING_SHIP_PRESENCE

    @cached_property
    def location_zones(self) -> dict[str, int]:
        return {name: entry.zone for name, entry in self.location_entries.items()}

    @cached_property
    def base_locations(self) -> list[BaseLocation]:
        """Base location cards (where a city can be named), in zone order."""
        return [
            BaseLocation(entry.name, entry.zone, entry.naming_spaces)
            for entry in self.location_entries.values()
            if entry.base_location
        ]

    # --- one name, with a fallback for a key the catalogue does not know

    def party(self, key: str) -> str:
        return self.parties.get(key) or key.replace("_", " ").title()

    def hub(self, key: str, zone: int | None = None) -> str:
        if zone is not None:
            return self.hubs.get(f"zone_{zone}") or _("Zone %(zone)s HUB") % {"zone": zone}
        return self.hubs.get(key) or key.title()

    def zone(self, zone: int) -> str:
        name = self.zone_hubs.get(zone)
        return (
            _("Zone %(zone)s · %(name)s") % {"zone": zone, "name": name}
            if name
            else _("Zone %(zone)s") % {"zone": zone}
        )

    def section(self, key: str) -> str:
        return self.sections.get(key) or key.replace("_", " ").capitalize()

    def megastructure(self, key: str) -> str:
        return self.megastructures.get(key, key)

    def corporation(self, key: str) -> CorporationOption:
        return self.colours.get(key) or CorporationOption(key, key.capitalize())

    @property
    def corporations(self) -> list[CorporationOption]:
        return list(self.colours.values())
