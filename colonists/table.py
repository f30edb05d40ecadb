"""The end-state table of the colonist game (expert rules): read, check, score (OTHER-GAMES §3.7).

Pure Python, no Django. One path for the final sheet and the live estimate during the game:
`score` takes any valid table, finished or not.

- `validate_table(table) -> list[ColonistsError]`: every problem, in reading order.
- `read_table(table) -> Table`: the first of those problems raised, else the table.
- `score(table) -> dict`: the output of §3.7 (`players[].vp`, `total`, `rank`; `winners`) plus
  `players[].why` (a sentence for every figure), a top-level `why` and `warnings`.
- `canonical_table(table) -> dict`: the table with every key, in the documented order, so an
  export -> import -> export is byte-identical.

What the text prints (CX:46-51, CX:144), with the spec's readings:

- a city: 0 if uninhabited, even a Metropolis (CX-R3); else 3 when connected to a power hub
  (replacing the 1, CX-R4) or 1, plus 2 for a Metropolis;
- unrest: −1 per group the player contracted that lives in no city, the Corpex included (CX-R6);
- the base game's other VP sources are the group's own categories (CX-R1), entered as numbers;
- most VP wins; equal totals share the rank and the win (CX-R5), ranks 1, 1, 3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from colonists.errors import ColonistsError
from colonists.groups import (
    CORPEX,
    GROUP_KEYS,
    GROUP_KEYS_TEXT,
    RIVALS,
    group,
    names,
)
from colonists.reader import MISSING, Reader, join, same_name
from colonists.words import and_list, plus_vp, sum_sentence, vp
from gamefile.reading import describe
from gamefile.words import _, ngettext

TABLE_FORMAT = "colonists-expert-table"
VERSION = 1

# Sanity bounds only (§3.6): the base game's counts are unknown.
MIN_PLAYERS = 1
MAX_PLAYERS = 8
MAX_CITIES = 30
MIN_OTHER_VP = -99
MAX_OTHER_VP = 999
MAX_CATEGORIES = 20

# The values of a city (CX:46-50).
INHABITED_VP = 1
POWERED_VP = 3
METROPOLIS_VP = 2
UNREST_VP = -1

TOP_KEYS = ("format", "version", "rules", "players")
RULES_KEYS = ("condominium_built", "categories")
PLAYER_KEYS = ("name", "cities", "unhoused_colonists", "other")
CITY_KEYS = ("colonists", "powered", "metropolis")
# The figures the sheet computes itself: a category of the group's may not take these names,
# since `vp` holds both side by side.
COMPUTED_FIGURES = ("cities", "unrest")


@dataclass(frozen=True, slots=True)
class City:
    colonists: str | None
    powered: bool = False
    metropolis: bool = False


@dataclass(frozen=True, slots=True)
class PlayerTable:
    name: str
    cities: tuple[City, ...] = ()
    unhoused_colonists: tuple[str, ...] = ()
    # The group's categories, in the order of `rules.categories`.
    other: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Table:
    players: tuple[PlayerTable, ...]
    condominium_built: bool = False
    categories: tuple[str, ...] = ()


# --- reading ----------------------------------------------------------------------------------


class _TableReader(Reader):
    def __init__(self) -> None:
        super().__init__()
        self.condominium_built = False
        self.categories: tuple[str, ...] = ()
        # Each group has one stone (CX:19, CX:34): where it was seen first.
        self.seen_groups: dict[str, str] = {}

    def read(self, data: Any) -> Table | None:
        if not isinstance(data, dict):
            self.error("table", _("must be an object, not %(found)s", found=describe(data)))
            return None
        table = self.mapping(data, "", TOP_KEYS, _("a table key"))
        if "format" not in table:
            self.error(
                "format",
                _('is missing; a colonist game table gives "%(format)s"', format=TABLE_FORMAT),
            )
        elif table["format"] != TABLE_FORMAT:
            self.error(
                "format",
                _(
                    'must be "%(format)s", not %(found)s',
                    format=TABLE_FORMAT,
                    found=describe(table["format"]),
                ),
            )
        version = table.get("version", VERSION)
        if isinstance(version, bool) or not isinstance(version, int) or version != VERSION:
            self.error("version", _("must be %(version)s, the only table version", version=VERSION))
        self.read_rules(table.get("rules", {}), "rules")
        players = self.read_players(self.required(table, "players", ""), "players")
        if self.errors:
            return None
        return Table(
            players=players,
            condominium_built=self.condominium_built,
            categories=self.categories,
        )

    def read_rules(self, value: Any, path: str) -> None:
        rules = self.mapping(value, path, RULES_KEYS, _("a rules key"))
        self.condominium_built = self.flag(
            rules.get("condominium_built", False), join(path, "condominium_built")
        )
        categories_path = join(path, "categories")
        categories: list[str] = []
        seen: dict[str, int] = {}
        items = self.sequence(
            rules.get("categories", []), categories_path, MAX_CATEGORIES, _("categories")
        )
        for index, item in enumerate(items):
            item_path = join(categories_path, index)
            name = self.name(item, item_path, _("a category name"))
            if name is None:
                continue
            key = same_name(name)
            if key in COMPUTED_FIGURES:
                self.error(
                    item_path,
                    _(
                        "must not be %(first)s or %(second)s: the sheet computes those figures "
                        "itself",
                        first=COMPUTED_FIGURES[0],
                        second=COMPUTED_FIGURES[1],
                    ),
                )
            elif key in seen:
                self.error(
                    item_path,
                    _(
                        "repeats %(first)s; give each category once",
                        first=join(categories_path, seen[key]),
                    ),
                )
            else:
                seen[key] = index
                categories.append(name)
        self.categories = tuple(categories)

    def read_players(self, value: Any, path: str) -> tuple[PlayerTable, ...]:
        if value is MISSING:
            return ()
        if not isinstance(value, list | tuple):
            self.error(path, _("must be a list, not %(found)s", found=describe(value)))
            return ()
        if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
            self.error(
                path,
                _(
                    "must list between %(least)s and %(most)s players",
                    least=MIN_PLAYERS,
                    most=MAX_PLAYERS,
                ),
            )
            return ()
        players: list[PlayerTable] = []
        seen_names: dict[str, int] = {}
        for index, item in enumerate(value):
            player_path = join(path, index)
            player = self.read_player(item, player_path)
            if player is None:
                continue
            key = same_name(player.name)
            if key in seen_names:
                self.error(
                    join(player_path, "name"),
                    _(
                        "repeats the name of %(first)s; give each player a different name",
                        first=join(path, seen_names[key]),
                    ),
                )
            else:
                seen_names[key] = index
            players.append(player)
        return tuple(players)

    def read_player(self, value: Any, path: str) -> PlayerTable | None:
        data = self.mapping(value, path, PLAYER_KEYS, _("a player key"))
        if not isinstance(value, dict):
            return None
        name = self.name(self.required(data, "name", path), join(path, "name"), _("a player name"))
        held: dict[str, str] = {}  # this player's groups, housed or not -> where seen
        cities = self.read_cities(data.get("cities", []), join(path, "cities"), held)
        unhoused = self.read_unhoused(
            data.get("unhoused_colonists", []), join(path, "unhoused_colonists"), held
        )
        other = self.read_other(data, path)
        if name is None:
            return None
        return PlayerTable(name=name, cities=cities, unhoused_colonists=unhoused, other=other)

    def read_cities(self, value: Any, path: str, held: dict[str, str]) -> tuple[City, ...]:
        cities: list[City] = []
        for index, item in enumerate(self.sequence(value, path, MAX_CITIES, _("cities"))):
            city_path = join(path, index)
            city = self.mapping(item, city_path, CITY_KEYS, _("a city key"))
            colonists = self.read_city_colonists(
                city.get("colonists"), join(city_path, "colonists"), held
            )
            cities.append(
                City(
                    colonists=colonists,
                    powered=self.flag(city.get("powered", False), join(city_path, "powered")),
                    metropolis=self.flag(
                        city.get("metropolis", False), join(city_path, "metropolis")
                    ),
                )
            )
        return tuple(cities)

    def read_city_colonists(self, value: Any, path: str, held: dict[str, str]) -> str | None:
        if value is None:
            return None
        if isinstance(value, list | tuple):
            # "Each city offers space for one group of colonists only." (CX:93)
            self.error(
                path,
                _(
                    "must be null or one colonist group: each city offers space for one group "
                    "of colonists only"
                ),
            )
            return None
        if value not in GROUP_KEYS:
            self.error(
                path,
                _(
                    "must be null (an uninhabited city) or a colonist group: %(groups)s",
                    groups=GROUP_KEYS_TEXT,
                ),
            )
            return None
        return value if self.check_group(value, path, held) else None

    def read_unhoused(self, value: Any, path: str, held: dict[str, str]) -> tuple[str, ...]:
        unhoused: list[str] = []
        for index, item in enumerate(self.sequence(value, path, len(GROUP_KEYS), _("groups"))):
            item_path = join(path, index)
            if item not in GROUP_KEYS:
                self.error(
                    item_path, _("must be a colonist group: %(groups)s", groups=GROUP_KEYS_TEXT)
                )
            elif self.check_group(item, item_path, held):
                unhoused.append(item)
        return tuple(unhoused)

    def check_group(self, key: str, path: str, held: dict[str, str]) -> bool:
        """The rules that hold over all players: one stone, the Corpex, the two rivals."""
        colonists = group(key)
        if key in self.seen_groups:
            self.error(
                path,
                _(
                    "%(group)s are already at %(first)s: each group of colonists has one stone",
                    group=colonists.the,
                    first=self.seen_groups[key],
                ),
            )
            return False
        self.seen_groups[key] = path
        if key == CORPEX and not self.condominium_built:
            # "Corporate Executives (Corpex) … enter the game when a player builds the
            # condominium" (CX:71); there is 1 Condominium (CX:15).
            self.error(
                path,
                _(
                    "the Corpex enter the game only when a player builds the Condominium, and "
                    "rules.condominium_built is false"
                ),
            )
            return False
        rival = RIVALS.get(key)
        if rival is not None and rival in held:
            # "No player can contract the Koprolith Miners AND the Spice Merchants." (CX:138)
            self.error(
                path,
                _(
                    "a player never has both %(group)s and %(rival)s "
                    "(%(where)s): the two groups refuse to cooperate",
                    group=colonists.the,
                    rival=group(rival).the,
                    where=held[rival],
                ),
            )
            return False
        held[key] = path
        return True

    def read_other(self, data: dict, path: str) -> tuple[tuple[str, int], ...]:
        other_path = join(path, "other")
        if "other" not in data:
            if self.categories:
                self.error(
                    other_path,
                    _(
                        "is missing: every player gives each category of rules.categories "
                        "(%(categories)s)",
                        categories=", ".join(self.categories),
                    ),
                )
            return ()
        value = data["other"]
        if not isinstance(value, dict):
            self.error(other_path, _("must be an object, not %(found)s", found=describe(value)))
            return ()
        given = {name: number for name, number in value.items()}
        for name in given:
            if name not in self.categories:
                shown = name if isinstance(name, str) and len(name) <= 40 else "…"
                self.error(
                    join(other_path, shown),
                    _(
                        "is not a category of rules.categories; allowed: %(allowed)s",
                        allowed=", ".join(self.categories),
                    )
                    if self.categories
                    else _("is not a category of rules.categories; rules.categories names none"),
                )
        other: list[tuple[str, int]] = []
        for name in self.categories:
            category_path = join(other_path, name)
            if name not in given:
                self.error(
                    category_path,
                    _("is missing: every player gives each category of rules.categories"),
                )
                continue
            number = self.whole_number(given[name], category_path, MIN_OTHER_VP, MAX_OTHER_VP)
            if number is not None:
                other.append((name, number))
        return tuple(other)


def validate_table(table: Any) -> list[ColonistsError]:
    """Every problem of a table, in reading order (empty when it is valid)."""
    reader = _TableReader()
    reader.read(table)
    return reader.errors


def read_table(table: Any) -> Table:
    """The table, or the first problem raised as a `ColonistsError`."""
    reader = _TableReader()
    result = reader.read(table)
    if result is None:
        raise reader.errors[0]
    return result


# --- scoring ----------------------------------------------------------------------------------


def city_vp(city: City) -> int:
    """CX:46-51: 0 uninhabited (CX-R3); else 3 powered (CX-R4) or 1, plus 2 for a Metropolis."""
    if city.colonists is None:
        return 0
    return (POWERED_VP if city.powered else INHABITED_VP) + (
        METROPOLIS_VP if city.metropolis else 0
    )


def city_why(city: City) -> str:
    """One city's value in the rulebook's words: "inhabited by …, powered: 3 VP, …"."""
    if city.colonists is None:
        if city.metropolis:
            return _(
                "an uninhabited Metropolis: %(vp)s (uninhabited cities have no value)", vp=vp(0)
            )
        return _("uninhabited: %(vp)s (uninhabited cities have no value)", vp=vp(0))
    who = group(city.colonists).the
    if city.powered:
        text = _(
            "inhabited by %(group)s, connected to a power hub: %(vp)s", group=who, vp=vp(POWERED_VP)
        )
    else:
        text = _("inhabited by %(group)s: %(vp)s", group=who, vp=vp(INHABITED_VP))
    if city.metropolis:
        # Translators: a city's value, then the Metropolis' bonus and the city's total.
        text = _(
            "%(city)s, a Metropolis: %(bonus)s, %(total)s in all",
            city=text,
            bonus=plus_vp(METROPOLIS_VP),
            total=vp(city_vp(city)),
        )
    return text


def unrest_vp(player: PlayerTable) -> int:
    """CX:144: 1 VP per contracted group that does not live in a city (Corpex too, CX-R6)."""
    return UNREST_VP * len(player.unhoused_colonists)


def unrest_why(player: PlayerTable) -> str:
    groups = player.unhoused_colonists
    if not groups:
        return _("every group this player contracted lives in a city: no unrest, %(vp)s", vp=vp(0))
    if len(groups) == 1:
        return _(
            "%(groups)s not living in a city: %(vp)s (social unrest)",
            groups=names(groups),
            vp=vp(UNREST_VP),
        )
    return _(
        "%(groups)s not living in a city: %(vp)s each, %(total)s in all (social unrest)",
        groups=names(groups),
        vp=vp(UNREST_VP),
        total=vp(unrest_vp(player)),
    )


def player_vp(player: PlayerTable) -> dict[str, Any]:
    """The `vp` of §3.7: `cities` (one figure per city), `unrest`, then each category."""
    figures: dict[str, Any] = {
        "cities": [city_vp(city) for city in player.cities],
        "unrest": unrest_vp(player),
    }
    figures.update(player.other)
    return figures


def vp_terms(figures: dict[str, Any]) -> list[int]:
    """The numbers a total adds up: each city, the unrest, each category."""
    categories = [number for name, number in figures.items() if name not in COMPUTED_FIGURES]
    return [*figures["cities"], figures["unrest"], *categories]


def player_why(player: PlayerTable, figures: dict[str, Any]) -> dict[str, Any]:
    """`vp`: a sentence for each figure of `vp`, same keys (a list for `cities`); `total`: the
    sum written out. Nested so that no category name can clash with `total`."""
    sentences: dict[str, Any] = {
        "cities": [city_why(city) for city in player.cities],
        "unrest": unrest_why(player),
    }
    for name, number in player.other:
        sentences[name] = _(
            "%(vp)s, as entered (a base-game source of Victory Points)", vp=vp(number)
        )
    return {"vp": sentences, "total": sum_sentence(vp_terms(figures))}


def table_warnings(table: Table) -> list[str]:
    """What looks wrong but is not refused: the text leaves room for it."""
    warnings: list[str] = []
    for player in table.players:
        empty = sum(1 for city in player.cities if city.colonists is None)
        if empty and player.unhoused_colonists:
            # "As soon as a player constructs a city, his colonists move in" (CX:93).
            warnings.append(
                ngettext(
                    "%(player)s has %(count)s uninhabited city and %(groups)s without a city: "
                    "colonists move in as soon as their player has a city (CX:93)",
                    "%(player)s has %(count)s uninhabited cities and %(groups)s without a city: "
                    "colonists move in as soon as their player has a city (CX:93)",
                    empty,
                    player=player.name,
                    count=empty,
                    groups=names(player.unhoused_colonists),
                )
            )
    return warnings


def score(table: Any) -> dict[str, Any]:
    """Validate a `colonists-expert-table` and score it (OTHER-GAMES §3.7).

    Raises `ColonistsError` on the first problem. Output keys: `players[]` with `name`, `vp`,
    `total`, `rank` and `why` (`why.vp` mirrors `vp` with sentences, `why.total` is the sum
    written out); `winners` (every player on the top total, CX-R5); `why` (who wins,
    in a sentence); `warnings` (sentences; empty when nothing looks wrong).
    """
    return score_table(read_table(table))


def score_table(table: Table) -> dict[str, Any]:
    """The score of a table already read."""
    figures = [player_vp(player) for player in table.players]
    totals = [sum(vp_terms(f)) for f in figures]
    players = []
    for player, figure, total in zip(table.players, figures, totals, strict=True):
        players.append(
            {
                "name": player.name,
                "vp": figure,
                "total": total,
                # Ties share a rank (1, 1, 3): no tie-breaker in this part (CX-R5).
                "rank": 1 + sum(other > total for other in totals),
                "why": player_why(player, figure),
            }
        )
    best = max(totals)
    winners = [p["name"] for p in players if p["total"] == best]
    if len(winners) == 1:
        result = _("%(player)s wins with %(vp)s", player=winners[0], vp=vp(best))
    else:
        result = _(
            "%(players)s share the win with %(vp)s each: the expert rules print no tie-breaker",
            players=and_list(winners),
            vp=vp(best),
        )
    return {
        "players": players,
        "winners": winners,
        "why": result,
        "warnings": table_warnings(table),
    }


# --- canonical form ---------------------------------------------------------------------------


def canonical_table(table: Any) -> dict[str, Any]:
    """The table with every key given, in the documented order (raises on a bad table)."""
    return table_to_dict(read_table(table))


def table_to_dict(table: Table) -> dict[str, Any]:
    return {
        "format": TABLE_FORMAT,
        "version": VERSION,
        "rules": {
            "condominium_built": table.condominium_built,
            "categories": list(table.categories),
        },
        "players": [
            {
                "name": player.name,
                "cities": [
                    {
                        "colonists": city.colonists,
                        "powered": city.powered,
                        "metropolis": city.metropolis,
                    }
                    for city in player.cities
                ],
                "unhoused_colonists": list(player.unhoused_colonists),
                "other": dict(player.other),
            }
            for player in table.players
        ],
    }
