"""The catalogue as the rules read it: megastructures, tracker sections, awards, locations, ships.

Pure Python, no Django. The reference catalogue is what the rulebook prints (`fixtures/
catalogue.json`, read by `Catalogue.from_fixture`); every database holds it too (a data
migration puts it there), read by `scoring.catalogue.catalogue_from_db` into the same plain
`Catalogue`. What a group types in from its own box is not here but in each campaign's box
(`solar175.box`), applied to this reference for that campaign. The replay, the triggers and the
campaign file take it as plain data.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from solar175.engine import ALL_ZONES, TRACKER_SECTIONS

CATALOGUE_FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "catalogue.json"

# Award tiers (docs/commands.md keys): "gold if no one has it yet, silver if gold is taken".
GOLD = "gold"
SILVER = "silver"
TIERS = (GOLD, SILVER)

# Tracker card sections (docs/commands.md keys), in card order: a presence section per zone, then
# the others.
TRACKER_KEYS = (*(f"presence_{zone}" for zone in ALL_ZONES), *TRACKER_SECTIONS)
INFLUENCE = "influence"
INFLUENCE_TALLY = "influence_tally"
# Campaign Tracker Card: each presence section has 6 boxes, every other section 8.
PRESENCE_BOXES = 6
SECTION_BOXES = 8


def boxes_of(section: str) -> int:
    """The printed size of a tracker section (the catalogue may say otherwise for a house rule)."""
    return PRESENCE_BOXES if section.startswith("presence_") else SECTION_BOXES


# --- the catalogue as plain data ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MegastructureEntry:
    key: str
    name: str
    type: int
    zone: int | None = None
    fixed_game: int | None = None
    location: str | None = None
    order: int = 0


@dataclass(frozen=True, slots=True)
class AwardEntry:
    section: str
    tier: str
    name: str
    points: int


@dataclass(frozen=True, slots=True)
class LocationEntry:
    name: str
    zone: int
    base_location: bool = False
    naming_spaces: int = 0
    mining: bool = False


@dataclass(frozen=True, slots=True)
class ShipEntry:
    """A ship card: the starting DC-Xerxes 8050, or one leased from the White Star Shipyard.

    `presence` None: the rulebook text does not print the card's value (the leased ships); a
    group enters it in its campaign's box, and until then a table must give it.
    """

    name: str
    presence: int | None
    moves: int | None = None
    starting: bool = False
    leased: bool = False


@dataclass(frozen=True, slots=True)
class DebtRow:
    """One row of red boxes on the Bank of Yurushi tracker card (#8): a power's name and the
    campaign points printed in its boxes, in order (the rulebook text prints neither)."""

    name: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Catalogue:
    """What the replay needs of the reference catalogue, as plain data.

    - `megastructures`: key -> entry (name, type 1-6, zone of its location or None, fixed_game).
    - `section_boxes`: tracker section key -> number of boxes, in tracker card order; must hold
      the twelve docs/commands.md keys.
    - `awards`: (section key, "gold"/"silver") -> entry (name, points).
    - `locations`: name -> entry (zone, base location, naming spaces, mining); for warnings
      and the pages.
    - `ships`: name -> ship card (presence, moves, starting or leased): a table's ship that
      names its `card` takes its presence from here.
    - `debt_boxes`: the Bank of Yurushi debt rows a group copied from its card (none in the
      reference).

    Built by `Catalogue.from_fixture(path)` from `fixtures/catalogue.json`, or by a loader from
    the database with the same fields.
    """

    megastructures: Mapping[str, MegastructureEntry]
    section_boxes: Mapping[str, int]
    awards: Mapping[tuple[str, str], AwardEntry]
    locations: Mapping[str, LocationEntry] = field(default_factory=dict)
    ships: Mapping[str, ShipEntry] = field(default_factory=dict)
    debt_boxes: tuple[DebtRow, ...] = ()
    _by_type: Mapping[int, tuple[str, ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _silver_sections: tuple[str, ...] = field(init=False, repr=False, compare=False, default=())

    def __post_init__(self) -> None:
        missing = [key for key in TRACKER_KEYS if key not in self.section_boxes]
        if missing:
            raise ValueError(f"catalogue: tracker section {missing[0]!r} is missing")
        by_type: dict[int, list[str]] = {}
        ordered = sorted(self.megastructures.values(), key=lambda m: (m.type, m.order, m.key))
        for entry in ordered:
            by_type.setdefault(entry.type, []).append(entry.key)
        object.__setattr__(self, "_by_type", {t: tuple(keys) for t, keys in by_type.items()})
        silver = tuple(s for s in self.section_boxes if (s, SILVER) in self.awards)
        object.__setattr__(self, "_silver_sections", silver)

    def keys_of_type(self, type_: int) -> tuple[str, ...]:
        return self._by_type.get(type_, ())

    def type_of(self, key: str) -> int | None:
        entry = self.megastructures.get(key)
        return entry.type if entry else None

    def zone_of(self, key: str | None) -> int | None:
        entry = self.megastructures.get(key) if key else None
        return entry.zone if entry else None

    def location_of(self, key: str | None) -> str | None:
        entry = self.megastructures.get(key) if key else None
        return entry.location if entry else None

    def ship_presences(self) -> dict[str, int | None]:
        """Each ship card's name -> its presence (None: not printed, not entered): what a
        table's `card` reads."""
        return {name: ship.presence for name, ship in self.ships.items()}

    def boxes(self, section: str) -> int:
        return self.section_boxes[section]

    def silver_sections(self) -> tuple[str, ...]:
        return self._silver_sections

    def with_megastructures(self, *entries: MegastructureEntry) -> Catalogue:
        """A copy with more megastructures (the group's Type III-VI, recurring ones)."""
        megastructures = {**self.megastructures, **{e.key: e for e in entries}}
        return replace(self, megastructures=megastructures)

    @classmethod
    def from_fixture(cls, path: Path | str = CATALOGUE_FIXTURE) -> Catalogue:
        """Read a Django fixture (`fixtures/catalogue.json`) as plain JSON: no database."""
        with open(path, encoding="utf-8") as handle:
            rows = json.load(handle)
        return cls.from_fixture_rows(rows)

    @classmethod
    def from_fixture_rows(cls, rows: Iterable[Mapping[str, Any]]) -> Catalogue:
        rows = list(rows)
        by_model: dict[str, list[Mapping[str, Any]]] = {}
        for row in rows:
            by_model.setdefault(row["model"], []).append(row)

        locations: dict[str, LocationEntry] = {}
        location_by_pk: dict[Any, str] = {}
        for row in by_model.get("scoring.location", []):
            f = row["fields"]
            locations[f["name"]] = LocationEntry(
                name=f["name"],
                zone=_natural(f["zone"]),
                base_location=bool(f.get("base_location", False)),
                naming_spaces=int(f.get("naming_spaces", 0)),
                mining=bool(f.get("mining", False)),
            )
            if "pk" in row:
                location_by_pk[row["pk"]] = f["name"]

        megastructures: dict[str, MegastructureEntry] = {}
        for row in by_model.get("scoring.megastructure", []):
            f = row["fields"]
            location = f.get("location")
            if location is not None:
                # A natural key (["Earth"]) or a primary key.
                location = (
                    _natural(location) if isinstance(location, list) else location_by_pk[location]
                )
            megastructures[row["pk"]] = MegastructureEntry(
                key=row["pk"],
                name=f["name"],
                type=int(f["type"]),
                zone=locations[location].zone if location in locations else None,
                fixed_game=f.get("fixed_game"),
                location=location,
                order=int(f.get("order", 0)),
            )

        sections_ = sorted(
            by_model.get("scoring.trackersection", []), key=lambda r: r["fields"].get("order", 0)
        )
        section_boxes = {row["pk"]: int(row["fields"]["boxes"]) for row in sections_}
        awards: dict[tuple[str, str], AwardEntry] = {}
        for row in by_model.get("scoring.award", []):
            f = row["fields"]
            section = _natural(f["section"])
            awards[section, f["tier"]] = AwardEntry(
                section=section, tier=f["tier"], name=f["name"], points=int(f["points"])
            )
        ships = {
            row["fields"]["name"]: ShipEntry(
                name=row["fields"]["name"],
                presence=_whole_or_none(row["fields"].get("presence")),
                moves=row["fields"].get("moves"),
                starting=bool(row["fields"].get("starting", False)),
                leased=bool(row["fields"].get("leased", False)),
            )
            for row in by_model.get("scoring.ship", [])
        }
        return cls(
            megastructures=megastructures,
            section_boxes=section_boxes,
            awards=awards,
            locations=locations,
            ships=ships,
        )


def _whole_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def _natural(value: Any) -> Any:
    """A fixture foreign key: the value itself, or the single item of a natural key list."""
    return value[0] if isinstance(value, list) and len(value) == 1 else value
