"""The campaign file of CONTRACTS.md §2, read into frozen dataclasses with every structural check.

Pure Python, no Django. `validate_campaign(data, catalogue)` raises the first `CampaignError`
(naming the field by its path, `games[3].number`), so the `replay` and `import_campaign`
commands can exit 2 with one line. What depends on the rules in force (a table's zones, a table
that states rules the campaign contradicts) is checked by the replay, which derives them.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamefile.canonical import dumps, ordered
from gamefile.errors import FieldError
from gamefile.reading import describe as _describe
from solar175.catalogue import GOLD, SILVER, TIERS, TRACKER_KEYS, Catalogue
from solar175.engine import (
    CELESTIAL_REBELLION,
    PARTIES,
    ROUND_DOWN,
    ROUND_UP,
    SECOND_PLACE_ROUNDINGS,
)
from solar175.sections import FIRST_SECTION, LAST_SECTION, sections_by_number
from solar175.table import MAX_PLAYERS, MIN_PLAYERS, validate_table
from solar175.triggers import AwardWon, ElectionResult

CAMPAIGN_FORMAT = "solar175-campaign"
CAMPAIGN_VERSION = 1
# Section #7 Variable Player Powers: the six power stickers (CONTRACTS.md §2 keys).
POWERS = (
    "extra-ip",
    "extra-credits",
    "both-political-cards",
    "free-megastructure-token",
    "extra-vote",
    "cheaper-bases",
)
MIN_CORPORATIONS = MIN_PLAYERS
# Five player boards, the fifth (orange) in the deluxe edition (Box Contents).
MAX_CORPORATIONS = MAX_PLAYERS
MIN_ZONE, MAX_ZONE = 1, 6
MANUAL_KIND = "manual"

TOP_KEYS = (
    "format",
    "version",
    "name",
    "settings",
    "corporations",
    "opening",
    "games",
    "manual_unlocks",
    "powers",
)
SETTINGS_KEYS = ("second_place_rounding",)
CORPORATION_KEYS = ("key", "name", "player", "ai")
GAME_KEYS = (
    "number",
    "played_on",
    "megastructure",
    "megastructure_zone",
    "table",
    "neds_sold_out",
    "census_completed",
    "megastructure_repairs_completed",
    "named_city",
    "debt_marks",
    "notes",
)
CITY_KEYS = ("location", "name")
DEBT_KEYS = ("corporation", "points")
MANUAL_KEYS = ("section", "after_game")
OPENING_KEYS = (
    "after_game",
    "tracker",
    "awards",
    "election_wins",
    "unlocked_sections",
    "megastructures_built",
    "cities",
    "incumbent_party",
    # Optional extras this project reads (docs/replay.md).
    "overthrows",
    "elections",
    "debt",
    "last_winner",
)
# An opening may be a whole replay output pasted in: these keys are read elsewhere or ignored.
REPLAY_OUTPUT_KEYS = (
    "games_played",
    "standings",
    "next_game",
    "campaign_over",
    "winner",
    "shared_winners",
    "games",
    "unlock_reasons",
    "progress",
    "campaign_points",
    "warnings",
)
# ASCII digits only (`\d` would take any script's) and nothing after: `fullmatch`, not `$`.
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# A corporation's key appears in page addresses (its tracker card, its power).
_CORPORATION_KEY = re.compile(r"[-a-zA-Z0-9_]+")

# What the database holds (the `max_length` of `campaign/models.py`'s fields; a test keeps the
# two equal). A value that would not fit is bad input named by its path, refused by the pure
# `replay` as by the import, never a database error half-way through one.
CAMPAIGN_NAME_MAX_LENGTH = 100  # Campaign.name
CORPORATION_KEY_MAX_LENGTH = 30  # Corporation.key
CORPORATION_NAME_MAX_LENGTH = 60  # Corporation.name
PLAYER_NAME_MAX_LENGTH = 60  # Corporation.player
CITY_LOCATION_MAX_LENGTH = 60  # Game.city_location
CITY_NAME_MAX_LENGTH = 60  # Game.city_name
MAX_GAME_NUMBER = 32767  # Game.number, a PositiveSmallIntegerField
# The opening snapshot is stored as JSON as given, replay-output keys the replay ignores
# included: deeper than this is no snapshot (a whole replay output nests 6 levels).
MAX_OPENING_DEPTH = 32
# Integers a database's JSON keeps exactly (SQLite's JSON functions stop at 64 bits).
MAX_JSON_INTEGER = 2**63 - 1


class CampaignError(FieldError):
    """Bad campaign input."""


MANUAL_UNLOCK_KEYS = ("section", "after_game")
DEBT_MARK_KEYS = ("corporation", "points")
OPENING_ORDER = (*OPENING_KEYS, *REPLAY_OUTPUT_KEYS)
# Inside the opening: a tracker card's sections in card order, then awards', elections' and
# cities' keys as the replay output prints them (CONTRACTS.md §2).
NESTED_ORDER = (
    *TRACKER_KEYS,
    "influence_tally",
    "united_federalists",
    "workers_union",
    "brave_new_dawn",
    "celestial_rebellion",
    "section",
    "tier",
    "game",
    "megastructure",
    "location",
    "name",
    "corporation",
    "winner",
    "overthrown",
    "points",
)


# --- the parsed file ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Corporation:
    key: str
    name: str
    player: str = ""
    ai: bool = False


@dataclass(frozen=True, slots=True)
class City:
    game: int
    location: str
    name: str
    corporation: str | None


@dataclass(frozen=True, slots=True)
class DebtMark:
    corporation: str
    points: int


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game of the log. `index` is its place in the file's `games` (for error paths)."""

    index: int
    number: int
    played_on: str
    megastructure: str | None
    megastructure_zone: int | None
    table: Mapping[str, Any]
    neds_sold_out: bool = False
    census_completed: bool = False
    megastructure_repairs_completed: bool = False
    named_city: tuple[str, str] | None = None
    debt_marks: tuple[DebtMark, ...] = ()


@dataclass(frozen=True, slots=True)
class ManualUnlock:
    index: int
    section: int
    after_game: int


@dataclass(frozen=True, slots=True)
class Opening:
    """The state after game `after_game` of a campaign started outside the app."""

    after_game: int
    tracker: Mapping[str, Mapping[str, int]]
    awards: tuple[AwardWon, ...]
    election_wins: Mapping[str, int]
    overthrows: int
    elections: tuple[ElectionResult, ...]
    unlocked_sections: tuple[int, ...]
    megastructures_built: tuple[tuple[int, str], ...]
    cities: tuple[City, ...]
    incumbent_party: str
    debt: Mapping[str, int]
    last_winner: str | None


@dataclass(frozen=True, slots=True)
class CampaignFile:
    name: str
    second_place_rounding: str
    corporations: tuple[Corporation, ...]
    opening: Opening | None
    games: tuple[GameEntry, ...]
    manual_unlocks: tuple[ManualUnlock, ...]
    powers: Mapping[str, str]

    @property
    def first_game(self) -> int:
        return self.opening.after_game + 1 if self.opening else 1


# --- reading -----------------------------------------------------------------------------


def _mapping(value: Any, path: str, allowed: tuple[str, ...] | None = None) -> Mapping:
    if not isinstance(value, Mapping):
        raise CampaignError(path, f"must be an object, not {_describe(value)}")
    if allowed is not None:
        for key in value:
            if key not in allowed:
                where = f"{path}.{key}" if path else str(key)
                raise CampaignError(where, f"is not a known key; allowed: {', '.join(allowed)}")
    return value


def _list(value: Any, path: str) -> list:
    if not isinstance(value, list | tuple):
        raise CampaignError(path, f"must be a list, not {_describe(value)}")
    return list(value)


def _int(value: Any, path: str, minimum: int = 0, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CampaignError(path, f"must be a whole number, not {_describe(value)}")
    if maximum is not None and not minimum <= value <= maximum:
        raise CampaignError(path, f"must be between {minimum} and {maximum}")
    if value < minimum:
        raise CampaignError(path, f"must be {minimum} or more")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise CampaignError(path, f"must be true or false, not {_describe(value)}")
    return value


def _text(value: Any, path: str, *, required: bool = True, max_length: int | None = None) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise CampaignError(path, f"must be text, not {_describe(value)}")
    if required and not value.strip():
        raise CampaignError(path, "must not be empty")
    _storable_text(value, path)
    if max_length is not None and len(value) > max_length:
        raise CampaignError(path, f"is {len(value)} characters long; at most {max_length}")
    return value


def _storable_text(value: str, path: str) -> None:
    """Text every database and every terminal takes: UTF-8 without the NUL character."""
    if "\x00" in value:
        # PostgreSQL's text and jsonb cannot hold U+0000.
        raise CampaignError(path, "must not contain the NUL character (U+0000)")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        # A lone surrogate ("\ud800" in JSON) is no character: not UTF-8, not storable.
        code = ord(value[error.start])
        raise CampaignError(
            path, f"must be Unicode text, not a lone surrogate (U+{code:04X})"
        ) from None


def _date(value: str, path: str) -> str:
    if not _DATE.fullmatch(value):
        raise CampaignError(path, "must be a date written YYYY-MM-DD")
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise CampaignError(path, "is not a date on the calendar") from None
    return value


def _plain_json(value: Any, path: str, max_depth: int) -> None:
    """Refuse what a database's JSON column cannot store and give back the same.

    For parts of the file stored as given without being read (an opening's replay-output
    keys): text as `_storable_text`, finite numbers, integers within 64 bits, at most
    `max_depth` levels. Iterative, so no nesting can exhaust Python's stack.
    """
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, Mapping) or isinstance(item, list | tuple):
            if depth >= max_depth:
                raise CampaignError(where, f"nests more than {max_depth} levels deep")
            if isinstance(item, Mapping):
                for key, inner in item.items():
                    if not isinstance(key, str):
                        raise CampaignError(where, f"has a key that is not text ({key!r})")
                    _storable_text(key, f"{where}.{key}")
                    stack.append((inner, f"{where}.{key}", depth + 1))
            else:
                stack.extend((inner, f"{where}[{i}]", depth + 1) for i, inner in enumerate(item))
        elif isinstance(item, str):
            _storable_text(item, where)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if abs(item) > MAX_JSON_INTEGER:
                raise CampaignError(where, f"must be a number between ±{MAX_JSON_INTEGER}")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise CampaignError(where, f"must be a finite number, not {item}")
        else:
            raise CampaignError(where, f"must be JSON, not {type(item).__name__}")


def _optional(top: Mapping, key: str, default: Any) -> Any:
    """An optional key: absent or null means `default`; any other value is read as given."""
    value = top.get(key)
    return default if value is None else value


def _required(data: Mapping, key: str, path: str, what: str) -> Any:
    if key not in data:
        raise CampaignError(f"{path}.{key}" if path else key, f"is required ({what})")
    return data[key]


class _Reader:
    def __init__(self, catalogue: Catalogue, *, check_tables: bool) -> None:
        self.catalogue = catalogue
        self.check_tables = check_tables
        self.corporation_keys: tuple[str, ...] = ()

    # --- shared pieces

    def corporation(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.corporation_keys:
            raise CampaignError(
                path,
                f"must be a corporation of this campaign ({', '.join(self.corporation_keys)}), "
                f"not {_describe(value)}",
            )
        return value

    def megastructure(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.catalogue.megastructures:
            raise CampaignError(
                path, f"is not a megastructure of the catalogue ({_describe(value)})"
            )
        return value

    def section_key(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or value not in self.catalogue.section_boxes:
            raise CampaignError(
                path,
                f"must be a tracker section ({', '.join(self.catalogue.section_boxes)}), "
                f"not {_describe(value)}",
            )
        return value

    def party(self, value: Any, path: str) -> str:
        if value not in PARTIES:
            raise CampaignError(path, f"must be one of {', '.join(PARTIES)}")
        return value

    def section_number(self, value: Any, path: str) -> int:
        return _int(value, path, FIRST_SECTION, LAST_SECTION)

    # --- the file

    def read(self, data: Any) -> CampaignFile:
        top = _mapping(data, "campaign", None)
        _mapping(top, "", TOP_KEYS)
        if top.get("format") != CAMPAIGN_FORMAT:
            raise CampaignError("format", f'must be "{CAMPAIGN_FORMAT}"')
        if top.get("version") != CAMPAIGN_VERSION or isinstance(top.get("version"), bool):
            raise CampaignError("version", f"must be {CAMPAIGN_VERSION}, the only version")
        name = _text(
            _required(top, "name", "", "the campaign's name"),
            "name",
            max_length=CAMPAIGN_NAME_MAX_LENGTH,
        )

        settings = _mapping(_optional(top, "settings", {}), "settings", SETTINGS_KEYS)
        rounding = settings.get("second_place_rounding", ROUND_DOWN)
        if rounding not in SECOND_PLACE_ROUNDINGS:
            raise CampaignError(
                "settings.second_place_rounding",
                f'must be "{ROUND_DOWN}" or "{ROUND_UP}", not {_describe(rounding)}',
            )

        corporations = self.read_corporations(
            _required(top, "corporations", "", "the list of corporations")
        )
        self.corporation_keys = tuple(c.key for c in corporations)
        opening = self.read_opening(top.get("opening"))
        first = opening.after_game + 1 if opening else 1
        games = self.read_games(top.get("games", []), first)
        manual = self.read_manual_unlocks(_optional(top, "manual_unlocks", []))
        powers = self.read_powers(_optional(top, "powers", {}))
        return CampaignFile(
            name=name,
            second_place_rounding=rounding,
            corporations=corporations,
            opening=opening,
            games=games,
            manual_unlocks=manual,
            powers=powers,
        )

    def read_corporations(self, value: Any) -> tuple[Corporation, ...]:
        items = _list(value, "corporations")
        if not MIN_CORPORATIONS <= len(items) <= MAX_CORPORATIONS:
            raise CampaignError(
                "corporations",
                f"must list {MIN_CORPORATIONS} to {MAX_CORPORATIONS} corporations "
                f"(one per player board), not {len(items)}",
            )
        corporations: list[Corporation] = []
        seen: set[str] = set()
        for i, item in enumerate(items):
            path = f"corporations[{i}]"
            entry = _mapping(item, path, CORPORATION_KEYS)
            key = _text(
                _required(entry, "key", path, "a short key such as purple"),
                f"{path}.key",
                max_length=CORPORATION_KEY_MAX_LENGTH,
            )
            if not _CORPORATION_KEY.fullmatch(key):
                raise CampaignError(
                    f"{path}.key", "must be letters, digits, - or _ (such as purple)"
                )
            if key in seen:
                raise CampaignError(f"{path}.key", f'repeats "{key}"; each key once')
            seen.add(key)
            corporations.append(
                Corporation(
                    key=key,
                    name=_text(
                        entry.get("name", key),
                        f"{path}.name",
                        max_length=CORPORATION_NAME_MAX_LENGTH,
                    ),
                    player=_text(
                        entry.get("player"),
                        f"{path}.player",
                        required=False,
                        max_length=PLAYER_NAME_MAX_LENGTH,
                    ),
                    ai=_bool(entry.get("ai", False), f"{path}.ai"),
                )
            )
        return tuple(corporations)

    def read_games(self, value: Any, first: int) -> tuple[GameEntry, ...]:
        games = []
        for i, item in enumerate(_list(value, "games")):
            games.append(self.read_game(item, f"games[{i}]", i, first + i))
        return tuple(games)

    def read_game(self, value: Any, path: str, index: int, expected: int) -> GameEntry:
        entry = _mapping(value, path, GAME_KEYS)
        number = _int(_required(entry, "number", path, "the game's number"), f"{path}.number", 1)
        if number > MAX_GAME_NUMBER:
            raise CampaignError(f"{path}.number", f"must be at most {MAX_GAME_NUMBER}")
        if number != expected:
            where = "after the opening snapshot" if expected > index + 1 else "from 1"
            raise CampaignError(
                f"{path}.number",
                f"must be {expected}: games are numbered in order {where}, not {number}",
            )
        played_on = _date(
            _text(_required(entry, "played_on", path, "the date, YYYY-MM-DD"), f"{path}.played_on"),
            f"{path}.played_on",
        )
        megastructure = entry.get("megastructure")
        if megastructure is not None:
            megastructure = self.megastructure(megastructure, f"{path}.megastructure")
        zone = entry.get("megastructure_zone")
        if zone is not None:
            zone = _int(zone, f"{path}.megastructure_zone", MIN_ZONE, MAX_ZONE)
        table = _mapping(
            _required(entry, "table", path, "the end-of-game table state"), f"{path}.table"
        )
        if self.check_tables:
            errors = validate_table(table, campaign=True)
            if errors:
                raise table_error(path, errors[0])
        self.table_corporations(table, path)
        city = entry.get("named_city")
        named_city = None
        if city is not None:
            city = _mapping(city, f"{path}.named_city", CITY_KEYS)
            named_city = (
                _text(
                    _required(city, "location", f"{path}.named_city", "a base location card"),
                    f"{path}.named_city.location",
                    max_length=CITY_LOCATION_MAX_LENGTH,
                ),
                _text(
                    _required(city, "name", f"{path}.named_city", "the city's name"),
                    f"{path}.named_city.name",
                    max_length=CITY_NAME_MAX_LENGTH,
                ),
            )
        debt_marks = []
        for j, mark in enumerate(_list(_optional(entry, "debt_marks", []), f"{path}.debt_marks")):
            mark_path = f"{path}.debt_marks[{j}]"
            mark = _mapping(mark, mark_path, DEBT_KEYS)
            debt_marks.append(
                DebtMark(
                    corporation=self.corporation(
                        _required(mark, "corporation", mark_path, "who checked the box"),
                        f"{mark_path}.corporation",
                    ),
                    points=_int(
                        _required(mark, "points", mark_path, "the red box's printed value"),
                        f"{mark_path}.points",
                    ),
                )
            )
        if "notes" in entry:
            _text(entry["notes"], f"{path}.notes", required=False)
        return GameEntry(
            index=index,
            number=number,
            played_on=played_on,
            megastructure=megastructure,
            megastructure_zone=zone,
            table=table,
            neds_sold_out=_bool(entry.get("neds_sold_out", False), f"{path}.neds_sold_out"),
            census_completed=_bool(
                entry.get("census_completed", False), f"{path}.census_completed"
            ),
            megastructure_repairs_completed=_bool(
                entry.get("megastructure_repairs_completed", False),
                f"{path}.megastructure_repairs_completed",
            ),
            named_city=named_city,
            debt_marks=tuple(debt_marks),
        )

    def table_corporations(self, table: Mapping, path: str) -> None:
        players = table.get("players")
        if not isinstance(players, list | tuple):
            return
        if len(players) > MAX_PLAYERS or len(players) < MIN_PLAYERS:
            raise CampaignError(
                f"{path}.table.players",
                f"must list {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}",
            )
        for j, player in enumerate(players):
            if isinstance(player, Mapping) and "corporation" in player:
                self.corporation(player["corporation"], f"{path}.table.players[{j}].corporation")

    def read_manual_unlocks(self, value: Any) -> tuple[ManualUnlock, ...]:
        unlocks = []
        seen: dict[int, int] = {}
        for i, item in enumerate(_list(value, "manual_unlocks")):
            path = f"manual_unlocks[{i}]"
            entry = _mapping(item, path, MANUAL_KEYS)
            section = self.section_number(
                _required(entry, "section", path, "a section number, 1 to 33"), f"{path}.section"
            )
            if section in seen:
                raise CampaignError(
                    f"{path}.section",
                    f"repeats section #{section} of manual_unlocks[{seen[section]}]",
                )
            seen[section] = i
            after = _int(
                _required(entry, "after_game", path, "the game after which the group unlocked it"),
                f"{path}.after_game",
            )
            trigger = sections_by_number()[section].trigger
            earliest = trigger.get("after_game", 0) if trigger.get("kind") == MANUAL_KIND else 0
            if after < earliest:
                # #19: "Whenever you feel ready ... (anytime after game 4)".
                raise CampaignError(
                    f"{path}.after_game",
                    f"section #{section} can be unlocked only after game {earliest}, not after "
                    f"game {after}",
                )
            unlocks.append(ManualUnlock(index=i, section=section, after_game=after))
        return tuple(unlocks)

    def read_powers(self, value: Any) -> dict[str, str]:
        powers: dict[str, str] = {}
        taken: dict[str, str] = {}
        for corp, power in _mapping(value, "powers").items():
            path = f"powers.{corp}"
            self.corporation(corp, path)
            if power not in POWERS:
                raise CampaignError(
                    path, f"must be one of {', '.join(POWERS)}, not {_describe(power)}"
                )
            if power in taken:
                # #7: "Players now choose a unique player power".
                raise CampaignError(
                    path, f'repeats {taken[power]}\'s power "{power}"; each power is unique'
                )
            taken[power] = corp
            powers[corp] = power
        return powers

    # --- the opening snapshot

    def read_opening(self, value: Any) -> Opening | None:
        if value is None:
            return None
        path = "opening"
        data = _mapping(value, path)
        for key in data:
            if key not in OPENING_KEYS and key not in REPLAY_OUTPUT_KEYS:
                raise CampaignError(
                    f"{path}.{key}", f"is not a known key; allowed: {', '.join(OPENING_KEYS)}"
                )
        # Stored as given, the replay-output keys it ignores included.
        _plain_json(data, path, MAX_OPENING_DEPTH)
        key = "after_game" if "after_game" in data else "games_played"
        if key not in data:
            raise CampaignError(f"{path}.after_game", "is required (the last game already played)")
        after = _int(data[key], f"{path}.{key}", 1)
        if after > MAX_GAME_NUMBER:
            raise CampaignError(f"{path}.{key}", f"must be at most {MAX_GAME_NUMBER}")

        unlocked = self.read_unlocked(
            data.get("unlocked_sections", []), f"{path}.unlocked_sections"
        )
        tracker = self.read_tracker(data.get("tracker", {}), f"{path}.tracker")
        awards = self.read_awards(data.get("awards", []), f"{path}.awards", tracker, after)

        wins_data = _mapping(data.get("election_wins", {}), f"{path}.election_wins", PARTIES)
        wins = {
            party: _int(wins_data.get(party, 0), f"{path}.election_wins.{party}")
            for party in PARTIES
        }
        elections = []
        for i, item in enumerate(_list(data.get("elections", []), f"{path}.elections")):
            e_path = f"{path}.elections[{i}]"
            entry = _mapping(item, e_path, ("game", "winner", "overthrown"))
            elections.append(
                ElectionResult(
                    game=_int(entry.get("game"), f"{e_path}.game", 1, after),
                    winner=self.party(entry.get("winner"), f"{e_path}.winner"),
                    overthrown=_bool(entry.get("overthrown", False), f"{e_path}.overthrown"),
                )
            )
        if "overthrows" in data:
            overthrows = _int(data["overthrows"], f"{path}.overthrows")
        elif elections:
            overthrows = sum(e.overthrown for e in elections)
        else:
            # Before the app, the Rebellion came to power only by overthrowing (#12).
            overthrows = wins[CELESTIAL_REBELLION]
        if overthrows > wins[CELESTIAL_REBELLION]:
            raise CampaignError(
                f"{path}.overthrows",
                f"must be at most the Celestial Rebellion's {wins[CELESTIAL_REBELLION]} wins",
            )

        built = []
        for i, item in enumerate(
            _list(data.get("megastructures_built", []), f"{path}.megastructures_built")
        ):
            b_path = f"{path}.megastructures_built[{i}]"
            entry = _mapping(item, b_path, ("game", "megastructure"))
            built.append(
                (
                    _int(
                        _required(entry, "game", b_path, "the game it was built in"),
                        f"{b_path}.game",
                        1,
                        after,
                    ),
                    self.megastructure(
                        _required(entry, "megastructure", b_path, "the megastructure's key"),
                        f"{b_path}.megastructure",
                    ),
                )
            )
        cities = []
        for i, item in enumerate(_list(data.get("cities", []), f"{path}.cities")):
            c_path = f"{path}.cities[{i}]"
            entry = _mapping(item, c_path, ("game", "location", "name", "corporation"))
            corporation = entry.get("corporation")
            cities.append(
                City(
                    game=_int(
                        _required(entry, "game", c_path, "the game it was named after"),
                        f"{c_path}.game",
                        1,
                        after,
                    ),
                    location=_text(entry.get("location"), f"{c_path}.location"),
                    name=_text(entry.get("name"), f"{c_path}.name"),
                    corporation=(
                        None
                        if corporation is None
                        else self.corporation(corporation, f"{c_path}.corporation")
                    ),
                )
            )
        next_game = data.get("next_game")
        if "incumbent_party" not in data and isinstance(next_game, Mapping):
            # A replay output pasted whole: its next game names the party in power.
            incumbent = self.party(
                next_game.get("incumbent_party"), f"{path}.next_game.incumbent_party"
            )
        else:
            incumbent = self.party(
                _required(data, "incumbent_party", path, "the party that won the last election"),
                f"{path}.incumbent_party",
            )
        if incumbent == CELESTIAL_REBELLION and 12 not in unlocked:
            raise CampaignError(
                f"{path}.incumbent_party",
                "can be celestial_rebellion only once section #12 is unlocked",
            )
        debt_data = _mapping(data.get("debt", {}), f"{path}.debt")
        debt = {}
        for corp, points in debt_data.items():
            self.corporation(corp, f"{path}.debt.{corp}")
            debt[corp] = _int(points, f"{path}.debt.{corp}")
        last_winner = data.get("last_winner")
        games = data.get("games")
        if last_winner is not None:
            last_winner = self.corporation(last_winner, f"{path}.last_winner")
        elif isinstance(games, list) and games and isinstance(games[-1], Mapping):
            # A replay output pasted whole: its last game names the winner.
            last_winner = self.corporation(games[-1].get("winner"), f"{path}.games[-1].winner")
        else:
            # The winner names a city after each game (The Campaign, Developing the Solar System).
            last_winner = next(
                (c.corporation for c in reversed(cities) if c.game == after and c.corporation),
                None,
            )
        return Opening(
            after_game=after,
            tracker=tracker,
            awards=awards,
            election_wins=wins,
            overthrows=overthrows,
            elections=tuple(elections),
            unlocked_sections=unlocked,
            megastructures_built=tuple(built),
            cities=tuple(cities),
            incumbent_party=incumbent,
            debt=debt,
            last_winner=last_winner,
        )

    def read_unlocked(self, value: Any, path: str) -> tuple[int, ...]:
        numbers: list[int] = []
        for i, item in enumerate(_list(value, path)):
            item_path = f"{path}[{i}]"
            if isinstance(item, Mapping):
                _mapping(item, item_path, ("section", "game"))
                number = self.section_number(item.get("section"), f"{item_path}.section")
            else:
                number = self.section_number(item, item_path)
            if number in numbers:
                raise CampaignError(item_path, f"repeats section #{number}")
            numbers.append(number)
        return tuple(sorted(numbers))

    def read_tracker(self, value: Any, path: str) -> dict[str, dict[str, int]]:
        tracker: dict[str, dict[str, int]] = {}
        for corp, sections_ in _mapping(value, path).items():
            corp_path = f"{path}.{corp}"
            self.corporation(corp, corp_path)
            boxes: dict[str, int] = {}
            for key, count in _mapping(sections_, corp_path).items():
                key_path = f"{corp_path}.{key}"
                if key == "influence_tally":
                    boxes[key] = _int(count, key_path)
                    continue
                self.section_key(key, key_path)
                boxes[key] = _int(count, key_path, 0, self.catalogue.section_boxes[key])
            tracker[corp] = boxes
        return tracker

    def read_awards(
        self, value: Any, path: str, tracker: Mapping[str, Mapping[str, int]], after: int
    ) -> tuple[AwardWon, ...]:
        awards: list[AwardWon] = []
        held: dict[tuple[str, str], int] = {}
        for i, item in enumerate(_list(value, path)):
            a_path = f"{path}[{i}]"
            entry = _mapping(item, a_path, ("section", "tier", "corporation", "game", "points"))
            section = self.section_key(
                _required(entry, "section", a_path, "a tracker section"), f"{a_path}.section"
            )
            tier = entry.get("tier")
            if tier not in TIERS:
                raise CampaignError(
                    f"{a_path}.tier", f'must be "gold" or "silver", not {_describe(tier)}'
                )
            corporation = self.corporation(
                _required(entry, "corporation", a_path, "who won it"), f"{a_path}.corporation"
            )
            if (section, tier) in held:
                raise CampaignError(
                    a_path, f"repeats the {section} {tier} award of {path}[{held[section, tier]}]"
                )
            if any(a.section == section and a.corporation == corporation for a in awards):
                raise CampaignError(a_path, f"{corporation} already holds a {section} award")
            size = self.catalogue.section_boxes[section]
            boxes = tracker.get(corporation, {}).get(section, 0)
            if boxes < size:
                # An award is won by crossing the section's last box (Campaign Scoring).
                raise CampaignError(
                    a_path,
                    f"{corporation} has {boxes} of {size} {section} boxes in opening.tracker; "
                    "an award needs the section complete",
                )
            game = _int(entry.get("game", after), f"{a_path}.game", 0, after)
            held[section, tier] = i
            awards.append(AwardWon(section=section, tier=tier, corporation=corporation, game=game))
        for section in {a.section for a in awards}:
            if (section, SILVER) in held and (section, GOLD) not in held:
                raise CampaignError(
                    f"{path}[{held[section, SILVER]}]",
                    f"a {section} silver award needs its gold won first",
                )
        return tuple(awards)


def table_error(game_path: str, error: Any) -> CampaignError:
    """A `TableError` of a game's table, as a campaign error at its full path."""
    inner = error.path
    if inner in ("", "table"):
        return CampaignError(f"{game_path}.table", error.message)
    return CampaignError(f"{game_path}.table.{inner}", error.message)


def parse_campaign(data: Any, catalogue: Catalogue, *, check_tables: bool = True) -> CampaignFile:
    """The campaign file read into dataclasses; raises the first `CampaignError`.

    `check_tables=False` skips the tables' own checks (the replay parses each table with the
    rules it derives, which checks them fully).
    """
    return _Reader(catalogue, check_tables=check_tables).read(data)


def validate_campaign(data: Any, catalogue: Catalogue) -> None:
    """Raise the first structural `CampaignError` in a campaign file (CONTRACTS.md §2)."""
    parse_campaign(data, catalogue)


# --- the canonical file ------------------------------------------------------------------


def canonical_opening(opening: Any) -> Any:
    """The opening snapshot with its keys in the documented order, nested ones sorted."""
    if not isinstance(opening, Mapping):
        return opening
    return _deepordered(ordered(opening, OPENING_ORDER))


def _deepordered(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _deepordered(item) for key, item in ordered(value, NESTED_ORDER).items()}
    if isinstance(value, list):
        return [_deepordered(item) for item in value]
    return value


def dumps_campaign_file(data: Mapping[str, Any]) -> str:
    """The campaign file's text (`gamefile.canonical.dumps`)."""
    return dumps(data)
