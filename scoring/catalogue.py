"""The catalogue as the database holds it, read in one place: for the rules and for the pages.

- `catalogue_from_db()`: the rules' plain `solar175.catalogue.Catalogue` (megastructures with
  the zone of their location, tracker sections, awards, locations), as the group corrected it.
  Four queries, whatever the catalogue's size.
- `CatalogueNames`: what the pages show of it — names, colours, ship values. Each kind of thing
  is one query, made only when a page first asks for it, so a page pays for what it shows.

Nothing else reads the catalogue's models for a page or for the replay.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

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
from solar175.catalogue import AwardEntry, Catalogue, LocationEntry, MegastructureEntry

# "In your first game ships are all worth 2 presence" (Presence); used when the catalogue
# has no starting ship.
STARTING_SHIP_PRESENCE = 2
DEFAULT_COLOUR = "#888888"


def catalogue_from_db() -> Catalogue:
    """The rules' catalogue from the database (the fixture, `Catalogue.from_fixture`, is only the
    shipped starting point)."""
    locations = {
        location.name: LocationEntry(
            name=location.name,
            zone=location.zone_id,
            base_location=location.base_location,
            naming_spaces=location.naming_spaces,
        )
        for location in Location.objects.all()
    }
    megastructures = {
        m.key: MegastructureEntry(
            key=m.key,
            name=m.name,
            type=m.type,
            # The +5 presence zone is the zone of the megastructure's location, as corrected.
            zone=locations[m.location.name].zone if m.location else None,
            fixed_game=m.fixed_game,
            location=m.location.name if m.location else None,
            order=m.order,
        )
        for m in Megastructure.objects.select_related("location")
    }
    section_boxes = {
        section.key: section.boxes for section in TrackerSection.objects.order_by("order", "key")
    }
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
    )


@dataclass(frozen=True)
class CorporationOption:
    """A corporation a seat can be: a colour from the catalogue, or a campaign's corporation."""

    key: str
    name: str
    css_colour: str = DEFAULT_COLOUR


@dataclass(frozen=True)
class ShipOption:
    pk: int
    name: str
    presence: int


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
    """What the pages show of the catalogue. Build one per request; each attribute is read on
    first use (one query) and kept."""

    @cached_property
    def parties(self) -> dict[str, str]:
        return dict(Party.objects.values_list("key", "name"))

    @cached_property
    def _megastructure_rows(self) -> list[tuple[str, str, int | None]]:
        return list(Megastructure.objects.values_list("key", "name", "location__zone"))

    @cached_property
    def megastructures(self) -> dict[str, str]:
        return {key: name for key, name, _ in self._megastructure_rows}

    @cached_property
    def megastructure_zones(self) -> dict[str, int | None]:
        """Each megastructure's key -> the zone of its location card (None: placed nowhere)."""
        return {key: zone for key, _, zone in self._megastructure_rows}

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
        return {hub.zone.number: hub.zone.hub_name for hub in self._hub_rows if hub.zone}

    @cached_property
    def ships(self) -> list[Ship]:
        return list(Ship.objects.all())

    @cached_property
    def leased_ships(self) -> list[ShipOption]:
        return [ShipOption(s.pk, s.name, s.presence) for s in self.ships if s.leased]

    @cached_property
    def starting_ship_presence(self) -> int:
        starting = [ship.presence for ship in self.ships if ship.starting]
        return starting[0] if starting else STARTING_SHIP_PRESENCE

    @cached_property
    def location_zones(self) -> dict[str, int]:
        return dict(Location.objects.values_list("name", "zone_id"))

    @cached_property
    def base_locations(self) -> list[BaseLocation]:
        """Base location cards (where a city can be named), in zone order."""
        return [
            BaseLocation(*row)
            for row in Location.objects.filter(base_location=True).values_list(
                "name", "zone_id", "naming_spaces"
            )
        ]

    # --- one name, with a fallback for a key the catalogue does not know

    def party(self, key: str) -> str:
        return self.parties.get(key) or key.replace("_", " ").title()

    def hub(self, key: str, zone: int | None = None) -> str:
        if zone is not None:
            return self.hubs.get(f"zone_{zone}") or f"Zone {zone} HUB"
        return self.hubs.get(key) or key.title()

    def zone(self, zone: int) -> str:
        name = self.zone_hubs.get(zone)
        return f"Zone {zone} · {name}" if name else f"Zone {zone}"

    def section(self, key: str) -> str:
        return self.sections.get(key) or key.replace("_", " ").capitalize()

    def megastructure(self, key: str) -> str:
        return self.megastructures.get(key, key)

    def corporation(self, key: str) -> CorporationOption:
        return self.colours.get(key) or CorporationOption(key, key.capitalize())

    @property
    def corporations(self) -> list[CorporationOption]:
        return list(self.colours.values())
