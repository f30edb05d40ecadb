"""A campaign's own box: what a group corrected and added to the reference catalogue.

Pure Python, no Django. The rulebook text leaves card data out (location zones and naming
spaces, base and mining locations, leased ships' presence, megastructures above Type II and
their locations, the Bank of Yurushi debt values), so each group types in what its own box
says. That belongs to the campaign, not to the site: it is the campaign file's optional `box`
key (docs/campaign-file.md), stored on the campaign, and applied to the reference `Catalogue`
for that campaign only (`Box.apply`).

The box holds differences, never a copy: an entry for a reference location, ship or
megastructure gives only the values the group corrected (the rest stay the reference's); an
entry with a name the reference does not know is one the group added, with every value it
needs.

    {"locations": [{"name": "Mars", "zone": 3}, {"name": "Venus", "zone": 1, "base_location":
                    true, "naming_spaces": 2, "mining": false}],
     "megastructures": [{"key": "the-kraken", "location": "Titan"},
                        {"key": "orbital-ring", "name": "Orbital Ring", "type": 4,
                         "location": null}],
     "ships": [{"name": "Nautilus EV-280", "presence": 3}],
     "debt_boxes": [{"name": "Emergency funds", "values": [1, 2, 3, 5]}]}

- `read_box(data, reference)`: the box read and checked; the first problem raises
  `CampaignError` at its path (`box.locations[2].zone`).
- `Box.apply(reference)`: the campaign's catalogue. A megastructure's zone is always its
  location's zone in that catalogue, so a corrected location moves every megastructure on it.
- `Box.as_dict()`: the canonical JSON (keys in the order above, empty parts left out), as the
  export writes it and the database stores it.
- `box_differences(before, after)`: what a change to the box changed, a line each, in the
  group's words ("Mars is now zone 3 (was 1)").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from gamefile.reading import describe as _describe
from gamefile.words import _, ngettext
from solar175.catalogue import (
    Catalogue,
    DebtRow,
    LocationEntry,
    MegastructureEntry,
    ShipEntry,
)
from solar175.fields import (
    CampaignError,
    flag,
    listed,
    mapping,
    name_text,
    required,
    text,
    whole_number,
)

BOX_KEYS = ("locations", "megastructures", "ships", "debt_boxes")
LOCATION_KEYS = ("name", "zone", "base_location", "naming_spaces", "mining")
MEGASTRUCTURE_KEYS = ("key", "name", "type", "location")
SHIP_KEYS = ("name", "presence", "moves")
DEBT_ROW_KEYS = ("name", "values")

MIN_ZONE, MAX_ZONE = 1, 6
# What the database holds (scoring/models.py's max_length) and the bounds a form offers: no
# printed card has more, and a bound keeps a typo (40 for 4) from passing as data.
LOCATION_NAME_MAX_LENGTH = 60
SHIP_NAME_MAX_LENGTH = 60
MEGASTRUCTURE_NAME_MAX_LENGTH = 100
MEGASTRUCTURE_KEY_MAX_LENGTH = 60
MAX_NAMING_SPACES = 10
# Every ship card prints a presence value (a table refuses a ship worth 0).
MIN_SHIP_PRESENCE, MAX_SHIP_PRESENCE = 1, 9
MIN_SHIP_MOVES, MAX_SHIP_MOVES = 1, 9
# Type I is the four fixed megastructures of games 1-4; what a group adds is Type II to VI.
TYPE_I, MIN_ADDED_TYPE, MAX_TYPE = 1, 2, 6
# #8: the tracker card grants "three very powerful unique abilities", each with its row of red
# boxes; their number and values are not in the rulebook text.
MAX_DEBT_ROWS = 3
MAX_DEBT_BOXES = 12
MIN_DEBT_VALUE, MAX_DEBT_VALUE = 1, 30
DEBT_ROW_NAME_MAX_LENGTH = 60
# A megastructure's key appears in game logs, files and page addresses.
_KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

TYPE_NAMES = {1: "Type I", 2: "Type II", 3: "Type III", 4: "Type IV", 5: "Type V", 6: "Type VI"}


class _Unset:
    """A value the box leaves as the reference has it (`location` may be null, "placed
    nowhere", so None cannot mean that)."""

    _instance: _Unset | None = None

    def __new__(cls) -> _Unset:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True, slots=True)
class LocationChange:
    """A location card: a correction of a reference one (only what is set), or one added."""

    name: str
    zone: int | None = None
    base_location: bool | None = None
    naming_spaces: int | None = None
    mining: bool | None = None


@dataclass(frozen=True, slots=True)
class MegastructureChange:
    key: str
    name: str | None = None
    type: int | None = None
    location: str | None = UNSET  # None: placed nowhere; UNSET: as the reference


@dataclass(frozen=True, slots=True)
class ShipChange:
    name: str
    presence: int | None = None
    moves: int | None = UNSET  # None: not entered; UNSET: as the reference


@dataclass(frozen=True)
class Box:
    """A campaign's box: its corrections and additions, in the order the group made them."""

    locations: tuple[LocationChange, ...] = ()
    megastructures: tuple[MegastructureChange, ...] = ()
    ships: tuple[ShipChange, ...] = ()
    debt_boxes: tuple[DebtRow, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.locations or self.megastructures or self.ships or self.debt_boxes)

    def location(self, name: str) -> LocationChange | None:
        return next((entry for entry in self.locations if entry.name == name), None)

    def megastructure(self, key: str) -> MegastructureChange | None:
        return next((entry for entry in self.megastructures if entry.key == key), None)

    def ship(self, name: str) -> ShipChange | None:
        return next((entry for entry in self.ships if entry.name == name), None)

    # --- the campaign's catalogue

    def apply(self, reference: Catalogue) -> Catalogue:
        """The reference catalogue with this box's corrections and additions."""
        if self.empty:
            return reference
        locations = apply_locations(reference.locations, self.locations)
        megastructures = apply_megastructures(reference.megastructures, self.megastructures)
        megastructures = placed(megastructures, locations)
        ships = apply_ships(reference.ships, self.ships)
        return replace(
            reference,
            locations=locations,
            megastructures=megastructures,
            ships=ships,
            debt_boxes=self.debt_boxes or reference.debt_boxes,
        )

    # --- the canonical JSON

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.locations:
            out["locations"] = [_location_dict(entry) for entry in self.locations]
        if self.megastructures:
            out["megastructures"] = [_megastructure_dict(entry) for entry in self.megastructures]
        if self.ships:
            out["ships"] = [_ship_dict(entry) for entry in self.ships]
        if self.debt_boxes:
            out["debt_boxes"] = [
                {"name": row.name, "values": list(row.values)} for row in self.debt_boxes
            ]
        return out

    # --- changes, as the campaign's box pages make them

    def with_location(self, old_name: str | None, entry: LocationChange) -> Box:
        """This box with `entry` in place of the location `old_name` (None: a new one); the
        box's megastructures on a renamed location move with it."""
        locations = _replaced(self.locations, old_name, entry, key=lambda e: e.name)
        megastructures = self.megastructures
        if old_name is not None and old_name != entry.name:
            megastructures = tuple(
                replace(m, location=entry.name) if m.location == old_name else m
                for m in megastructures
            )
        return replace(self, locations=locations, megastructures=megastructures)

    def with_megastructure(self, old_key: str | None, entry: MegastructureChange) -> Box:
        return replace(
            self,
            megastructures=_replaced(self.megastructures, old_key, entry, key=lambda e: e.key),
        )

    def with_ship(self, old_name: str | None, entry: ShipChange) -> Box:
        return replace(self, ships=_replaced(self.ships, old_name, entry, key=lambda e: e.name))

    def without_location(self, name: str) -> Box:
        return replace(self, locations=tuple(e for e in self.locations if e.name != name))

    def without_megastructure(self, key: str) -> Box:
        return replace(self, megastructures=tuple(e for e in self.megastructures if e.key != key))

    def without_ship(self, name: str) -> Box:
        return replace(self, ships=tuple(e for e in self.ships if e.name != name))

    def with_debt_boxes(self, rows: tuple[DebtRow, ...]) -> Box:
        return replace(self, debt_boxes=tuple(rows))


def _replaced(entries: tuple, old: str | None, entry: Any, *, key) -> tuple:
    """`entries` with the one keyed `old` replaced by `entry` (kept in its place), or `entry`
    added at the end; an entry that changes nothing is dropped (`_is_noop`)."""
    out = []
    done = False
    for each in entries:
        if old is not None and key(each) == old:
            out.append(entry)
            done = True
        else:
            out.append(each)
    if not done:
        out.append(entry)
    return tuple(each for each in out if not _is_noop(each))


def _is_noop(entry: Any) -> bool:
    """A correction that corrects nothing (every value as the reference): not kept."""
    if isinstance(entry, LocationChange):
        return (entry.zone, entry.base_location, entry.naming_spaces, entry.mining) == (
            None,
            None,
            None,
            None,
        )
    if isinstance(entry, MegastructureChange):
        return entry.name is None and entry.type is None and entry.location is UNSET
    if isinstance(entry, ShipChange):
        return entry.presence is None and entry.moves is UNSET
    return False


# --- applying ----------------------------------------------------------------------------


def apply_locations(
    reference: Mapping[str, LocationEntry], changes: tuple[LocationChange, ...]
) -> dict[str, LocationEntry]:
    locations = dict(reference)
    for change in changes:
        base = locations.get(change.name)
        if base is None:
            base = LocationEntry(name=change.name, zone=change.zone or MIN_ZONE)
        locations[change.name] = LocationEntry(
            name=change.name,
            zone=change.zone if change.zone is not None else base.zone,
            base_location=_given(change.base_location, base.base_location),
            naming_spaces=_given(change.naming_spaces, base.naming_spaces),
            mining=_given(change.mining, base.mining),
        )
    return locations


def apply_megastructures(
    reference: Mapping[str, MegastructureEntry], changes: tuple[MegastructureChange, ...]
) -> dict[str, MegastructureEntry]:
    megastructures = dict(reference)
    for change in changes:
        base = megastructures.get(change.key)
        if base is None:
            type_ = change.type or MIN_ADDED_TYPE
            # Listed after the type's megastructures, in the order the group added them.
            order = 1 + max(
                (m.order for m in megastructures.values() if m.type == type_), default=0
            )
            base = MegastructureEntry(key=change.key, name=change.key, type=type_, order=order)
        megastructures[change.key] = replace(
            base,
            name=change.name if change.name is not None else base.name,
            type=change.type if change.type is not None else base.type,
            location=base.location if change.location is UNSET else change.location,
        )
    return megastructures


def placed(
    megastructures: Mapping[str, MegastructureEntry], locations: Mapping[str, LocationEntry]
) -> dict[str, MegastructureEntry]:
    """Each megastructure with the zone of its location card in `locations` (Type I and II
    Megastructures: "The location of the megastructure is shown on the card"): the +5
    presence bonus of a game that builds it and states no zone."""
    out = {}
    for key, entry in megastructures.items():
        location = locations.get(entry.location) if entry.location else None
        zone = location.zone if location else None
        out[key] = entry if entry.zone == zone else replace(entry, zone=zone)
    return out


def apply_ships(
    reference: Mapping[str, ShipEntry], changes: tuple[ShipChange, ...]
) -> dict[str, ShipEntry]:
    ships = dict(reference)
    for change in changes:
        # What a group adds comes from the White Star Shipyard (#4).
        base = ships.get(change.name) or ShipEntry(
            name=change.name, presence=change.presence, leased=True
        )
        ships[change.name] = replace(
            base,
            presence=change.presence if change.presence is not None else base.presence,
            moves=base.moves if change.moves is UNSET else change.moves,
        )
    return ships


def _given(value: Any, default: Any) -> Any:
    return default if value is None else value


# --- the canonical JSON ------------------------------------------------------------------


def _location_dict(entry: LocationChange) -> dict[str, Any]:
    out: dict[str, Any] = {"name": entry.name}
    for key in LOCATION_KEYS[1:]:
        value = getattr(entry, key)
        if value is not None:
            out[key] = value
    return out


def _megastructure_dict(entry: MegastructureChange) -> dict[str, Any]:
    out: dict[str, Any] = {"key": entry.key}
    if entry.name is not None:
        out["name"] = entry.name
    if entry.type is not None:
        out["type"] = entry.type
    if entry.location is not UNSET:
        out["location"] = entry.location
    return out


def _ship_dict(entry: ShipChange) -> dict[str, Any]:
    out: dict[str, Any] = {"name": entry.name}
    if entry.presence is not None:
        out["presence"] = entry.presence
    if entry.moves is not UNSET:
        out["moves"] = entry.moves
    return out


# --- reading -----------------------------------------------------------------------------


def read_box(data: Any, reference: Catalogue | None, path: str = "box") -> Box:
    """The box in `data` (None or {} is an empty box), checked against `reference`.

    Raises the first `CampaignError`, naming the field by its path (`box.ships[0].presence`).
    `reference=None` reads a box already checked (the one a campaign stores) without the
    checks that need the reference: what the pages do to name things.
    """
    if data is None:
        return Box()
    return _BoxReader(reference, path).read(data)


class _BoxReader:
    def __init__(self, reference: Catalogue | None, path: str) -> None:
        self.reference = reference
        self.path = path

    def read(self, data: Any) -> Box:
        top = mapping(data, self.path, BOX_KEYS)
        locations = self.read_locations(top.get("locations", []))
        location_names = set(self.reference.locations if self.reference else ()) | {
            entry.name for entry in locations
        }
        megastructures = self.read_megastructures(top.get("megastructures", []), location_names)
        ships = self.read_ships(top.get("ships", []))
        debt_boxes = self.read_debt_boxes(top.get("debt_boxes", []))
        return Box(
            locations=locations,
            megastructures=megastructures,
            ships=ships,
            debt_boxes=debt_boxes,
        )

    def entries(self, value: Any, part: str) -> list[tuple[str, Any]]:
        where = f"{self.path}.{part}"
        return [(f"{where}[{i}]", item) for i, item in enumerate(listed(value, where))]

    def name(
        self, entry: Mapping, path: str, known: Mapping[str, Any], seen: dict[str, str], what: str
    ) -> str:
        """An entry's name: text, not repeated; a reference card's name exactly as written.
        `what` says which name is wanted ("the location as its card prints it")."""
        value = name_text(
            required(entry, "name", path, what),
            f"{path}.name",
            max_length=LOCATION_NAME_MAX_LENGTH,
        )
        if value != value.strip() or "  " in value:
            raise CampaignError(
                f"{path}.name", _("must not start or end with a space, nor hold two")
            )
        folded = value.casefold()
        if folded in seen:
            raise CampaignError(
                f"{path}.name", _('repeats "%(value)s" of %(seen)s', value=value, seen=seen[folded])
            )
        seen[folded] = path
        for reference_name in known:
            if reference_name.casefold() == folded and reference_name != value:
                raise CampaignError(
                    f"{path}.name",
                    _(
                        'must be written "%(reference_name)s", as the reference '
                        "catalogue writes it",
                        reference_name=reference_name,
                    ),
                )
        return value

    def read_locations(self, value: Any) -> tuple[LocationChange, ...]:
        reference = self.reference.locations if self.reference else {}
        seen: dict[str, str] = {}
        out = []
        for path, item in self.entries(value, "locations"):
            entry = mapping(item, path, LOCATION_KEYS)
            name = self.name(entry, path, reference, seen, _("the location as its card prints it"))
            if self.reference is not None and name not in reference and "zone" not in entry:
                raise CampaignError(
                    f"{path}.zone",
                    _(
                        "is required: %(name)s is a location the reference catalogue "
                        "does not know, so give the zone its card lies in (1 to 6)",
                        name=name,
                    ),
                )
            change = LocationChange(
                name=name,
                zone=_maybe(
                    entry, "zone", lambda v, p: whole_number(v, p, MIN_ZONE, MAX_ZONE), path
                ),
                base_location=_maybe(entry, "base_location", flag, path),
                naming_spaces=_maybe(
                    entry,
                    "naming_spaces",
                    lambda v, p: whole_number(v, p, 0, MAX_NAMING_SPACES),
                    path,
                ),
                mining=_maybe(entry, "mining", flag, path),
            )
            base = reference.get(name)
            base_location = _given(change.base_location, base.base_location if base else False)
            naming_spaces = _given(change.naming_spaces, base.naming_spaces if base else 0)
            if naming_spaces and not base_location:
                # Developing the Solar System: cities are named on base location cards only.
                where = "naming_spaces" if change.naming_spaces is not None else "base_location"
                raise CampaignError(
                    f"{path}.{where}",
                    _(
                        "%(name)s would have %(naming_spaces)s naming spaces without "
                        "being a base location: cities are named only on base "
                        "location cards (set naming_spaces to 0, or base_location to "
                        "true)",
                        name=name,
                        naming_spaces=naming_spaces,
                    ),
                )
            out.append(change)
        return tuple(out)

    def read_megastructures(
        self, value: Any, location_names: set[str]
    ) -> tuple[MegastructureChange, ...]:
        reference = self.reference.megastructures if self.reference else {}
        seen: dict[str, str] = {}
        out = []
        for path, item in self.entries(value, "megastructures"):
            entry = mapping(item, path, MEGASTRUCTURE_KEYS)
            key = text(
                required(entry, "key", path, _("the megastructure's key, such as the-kraken")),
                f"{path}.key",
                max_length=MEGASTRUCTURE_KEY_MAX_LENGTH,
            )
            if not _KEY.fullmatch(key):
                raise CampaignError(
                    f"{path}.key",
                    _(
                        "must be lower-case letters and digits joined by single "
                        "hyphens, such as orbital-ring"
                    ),
                )
            if key in seen:
                raise CampaignError(
                    f"{path}.key", _('repeats "%(key)s" of %(seen)s', key=key, seen=seen[key])
                )
            seen[key] = path
            base = reference.get(key)
            added = self.reference is not None and base is None
            name = None
            if "name" in entry or added:
                name = name_text(
                    required(entry, "name", path, _("the megastructure's name as printed")),
                    f"{path}.name",
                    max_length=MEGASTRUCTURE_NAME_MAX_LENGTH,
                )
            type_ = None
            if "type" in entry or added:
                type_ = self.read_type(
                    required(entry, "type", path, _("its type, 2 to 6")), f"{path}.type", base
                )
            location = UNSET
            if "location" in entry:
                location = entry["location"]
                if location is not None:
                    location = text(location, f"{path}.location")
                    if self.reference is not None and location not in location_names:
                        raise CampaignError(
                            f"{path}.location",
                            _(
                                "must be a location of the catalogue or of this box, or null "
                                "(placed nowhere), not %(found)s",
                                found=_describe(location),
                            ),
                        )
            out.append(MegastructureChange(key=key, name=name, type=type_, location=location))
        return tuple(out)

    def read_type(self, value: Any, path: str, base: MegastructureEntry | None) -> int:
        if base is not None and base.fixed_game is not None:
            # Games 1-4 build the four Type I megastructures in order (Type I and II
            # Megastructures: "In the first 4 games this is chosen for you").
            if value != base.type:
                raise CampaignError(
                    path,
                    _(
                        "must stay %(type)s: %(name)s is built in game %(fixed_game)s",
                        type=base.type,
                        name=base.name,
                        fixed_game=base.fixed_game,
                    ),
                )
            return value
        return whole_number(value, path, MIN_ADDED_TYPE, MAX_TYPE)

    def read_ships(self, value: Any) -> tuple[ShipChange, ...]:
        reference = self.reference.ships if self.reference else {}
        seen: dict[str, str] = {}
        out = []
        for path, item in self.entries(value, "ships"):
            entry = mapping(item, path, SHIP_KEYS)
            name = self.name(entry, path, reference, seen, _("the ship as its card prints it"))
            base = reference.get(name)
            if base is not None and base.starting:
                raise CampaignError(
                    f"{path}.name",
                    _(
                        "%(name)s is the starting ship, whose values are printed "
                        "(presence %(presence)s): only White Star ships are "
                        "corrected or added",
                        name=name,
                        presence=base.presence,
                    ),
                )
            if self.reference is not None and base is None and "presence" not in entry:
                raise CampaignError(
                    f"{path}.presence",
                    _(
                        "is required: %(name)s is a ship the reference catalogue "
                        "does not know, so give the presence its card prints "
                        "(%(min_ship_presence)s to %(max_ship_presence)s)",
                        name=name,
                        min_ship_presence=MIN_SHIP_PRESENCE,
                        max_ship_presence=MAX_SHIP_PRESENCE,
                    ),
                )
            moves = UNSET
            if "moves" in entry and entry["moves"] is not None:
                moves = whole_number(
                    entry["moves"], f"{path}.moves", MIN_SHIP_MOVES, MAX_SHIP_MOVES
                )
            elif "moves" in entry:
                moves = None
            out.append(
                ShipChange(
                    name=name,
                    presence=_maybe(
                        entry,
                        "presence",
                        lambda v, p: whole_number(v, p, MIN_SHIP_PRESENCE, MAX_SHIP_PRESENCE),
                        path,
                    ),
                    moves=moves,
                )
            )
        return tuple(out)

    def read_debt_boxes(self, value: Any) -> tuple[DebtRow, ...]:
        rows = self.entries(value, "debt_boxes")
        if len(rows) > MAX_DEBT_ROWS:
            raise CampaignError(
                f"{self.path}.debt_boxes",
                _(
                    "must list at most %(max_debt_rows)s rows (the card has a "
                    "row of red boxes for each of its three powers), not "
                    "%(count)s",
                    max_debt_rows=MAX_DEBT_ROWS,
                    count=len(rows),
                ),
            )
        out = []
        for path, item in rows:
            entry = mapping(item, path, DEBT_ROW_KEYS)
            name = name_text(
                required(entry, "name", path, _("the power the row of red boxes belongs to")),
                f"{path}.name",
                max_length=DEBT_ROW_NAME_MAX_LENGTH,
            )
            values = listed(
                required(entry, "values", path, _("the printed value of each box")),
                f"{path}.values",
            )
            if not 1 <= len(values) <= MAX_DEBT_BOXES:
                raise CampaignError(
                    f"{path}.values",
                    _(
                        "must list 1 to %(max_debt_boxes)s box values, not %(count)s",
                        max_debt_boxes=MAX_DEBT_BOXES,
                        count=len(values),
                    ),
                )
            out.append(
                DebtRow(
                    name=name,
                    values=tuple(
                        whole_number(v, f"{path}.values[{j}]", MIN_DEBT_VALUE, MAX_DEBT_VALUE)
                        for j, v in enumerate(values)
                    ),
                )
            )
        return tuple(out)


def _maybe(entry: Mapping, key: str, check, path: str) -> Any:
    """An optional value of an entry: None when absent, else checked at its path."""
    if key not in entry:
        return None
    return check(entry[key], f"{path}.{key}")


# --- what a change changed ---------------------------------------------------------------


def box_differences(before: Catalogue, after: Catalogue) -> list[str]:
    """What changed between two catalogues of a campaign (its box before and after a change),
    a line each: "Mars is now zone 3 (was 1)", "added the location Venus (zone 1)"."""
    return [
        *_location_changes(before, after),
        *_megastructure_changes(before, after),
        *_ship_changes(before, after),
        *_debt_changes(before, after),
    ]


def _location_changes(before: Catalogue, after: Catalogue) -> list[str]:
    lines: list[str] = []
    for name, new in after.locations.items():
        old = before.locations.get(name)
        if old is None:
            lines.append(
                _(
                    "added the location %(name)s (%(location_words)s)",
                    name=name,
                    location_words=_location_words(new),
                )
            )
            continue
        if old.zone != new.zone:
            lines.append(
                _(
                    "%(name)s is now zone %(zone)s (was %(was)s)",
                    name=name,
                    zone=new.zone,
                    was=old.zone,
                )
            )
        if old.base_location != new.base_location:
            lines.append(
                _("%(name)s is now a base location", name=name)
                if new.base_location
                else _("%(name)s is no longer a base location", name=name)
            )
        if old.naming_spaces != new.naming_spaces:
            lines.append(
                _(
                    "%(name)s now has %(count)s (was %(naming_spaces)s)",
                    name=name,
                    count=_naming_spaces(new.naming_spaces),
                    naming_spaces=old.naming_spaces,
                )
            )
        if old.mining != new.mining:
            lines.append(
                _("%(name)s is now a mining location", name=name)
                if new.mining
                else _("%(name)s is no longer a mining location", name=name)
            )
    lines += [
        _("removed the location %(name)s", name=name)
        for name in before.locations
        if name not in after.locations
    ]
    return lines


def _megastructure_changes(before: Catalogue, after: Catalogue) -> list[str]:
    lines: list[str] = []
    for key, new in after.megastructures.items():
        old = before.megastructures.get(key)
        if old is None:
            lines.append(
                _(
                    "added the megastructure %(name)s (%(type)s, %(where)s)",
                    name=new.name,
                    type=TYPE_NAMES.get(new.type, new.type),
                    where=_where(new),
                )
            )
            continue
        if old.name != new.name:
            lines.append(_("%(name)s is now called %(new_name)s", name=old.name, new_name=new.name))
        if old.type != new.type:
            lines.append(
                _(
                    "%(name)s is now %(type)s (was %(was)s)",
                    name=new.name,
                    type=TYPE_NAMES.get(new.type),
                    was=TYPE_NAMES.get(old.type),
                )
            )
        if old.location != new.location:
            lines.append(
                _(
                    "%(name)s is now %(where)s (was %(was)s)",
                    name=new.name,
                    where=_where(new),
                    was=_where(old),
                )
            )
    lines += [
        _("removed the megastructure %(name)s", name=old.name)
        for key, old in before.megastructures.items()
        if key not in after.megastructures
    ]
    return lines


def _ship_changes(before: Catalogue, after: Catalogue) -> list[str]:
    lines: list[str] = []
    for name, new in after.ships.items():
        old = before.ships.get(name)
        if old is None:
            lines.append(
                _(
                    "added the ship %(name)s (presence %(presence)s)",
                    name=name,
                    presence=_presence(new.presence),
                )
            )
            continue
        if old.presence != new.presence:
            lines.append(
                _(
                    "%(name)s now has presence %(presence)s (was %(was)s)",
                    name=name,
                    presence=_presence(new.presence),
                    was=_presence(old.presence),
                )
            )
        if old.moves != new.moves:
            lines.append(
                _(
                    "%(name)s now moves %(moves)s (was %(was)s)",
                    name=name,
                    moves=_moves(new.moves),
                    was=_moves(old.moves),
                )
            )
    lines += [
        _("removed the ship %(name)s", name=name)
        for name in before.ships
        if name not in after.ships
    ]
    return lines


def _debt_changes(before: Catalogue, after: Catalogue) -> list[str]:
    if before.debt_boxes == after.debt_boxes:
        return []
    rows = "; ".join(
        f"{row.name} {', '.join(str(v) for v in row.values)}" for row in after.debt_boxes
    )
    return [_("debt boxes are now %(rows)s", rows=rows) if rows else _("debt boxes cleared")]


def _location_words(entry: LocationEntry) -> str:
    words = [_("zone %(zone)s", zone=entry.zone)]
    if entry.base_location:
        words.append(_("base location with %(count)s", count=_naming_spaces(entry.naming_spaces)))
    if entry.mining:
        words.append(_("mining"))
    return ", ".join(words)


def _where(entry: MegastructureEntry) -> str:
    if not entry.location:
        return _("placed nowhere")
    if entry.zone is None:
        return _("built on %(location)s", location=entry.location)
    return _("built on %(location)s, zone %(zone)s", location=entry.location, zone=entry.zone)


def _presence(presence: int | None) -> str:
    # A leased ship's presence the rulebook text does not print (docs/catalogue.md).
    return _("not entered") if presence is None else str(presence)


def _moves(moves: int | None) -> str:
    return (
        _("not entered")
        if moves is None
        else ngettext("%(count)s space", "%(count)s spaces", moves, count=moves)
    )


def _naming_spaces(number: int) -> str:
    return ngettext("%(count)s naming space", "%(count)s naming spaces", number, count=number)
