"""The campaign file (docs/campaign-file.md), read into frozen dataclasses with every structural
check.

Pure Python, no Django. `validate_campaign(data, catalogue)` raises the first `CampaignError`
(naming the field by its path, `games[3].number`), so the `replay` and `import_campaign`
commands can exit 2 with one line. What depends on the rules in force (a table's zones, a table
that states rules the campaign contradicts) is checked by the replay, which derives them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from gamefile.canonical import dumps
from gamefile.errors import FieldError
from gamefile.fields import optional
from gamefile.reading import describe as _describe
from gamefile.words import _
from solar175.box import Box, read_box
from solar175.catalogue import Catalogue
from solar175.fields import (
    MAX_GAME_NUMBER,
    CampaignError,
    date_text,
    flag,
    listed,
    mapping,
    name_text,
    required,
    text,
    whole_number,
)
from solar175.house_rules import SETTINGS_KEYS, HouseRules
from solar175.opening import Opening, OpeningReader
from solar175.sections import sections_by_number
from solar175.table import MAX_PLAYERS, MIN_PLAYERS, read_table

CAMPAIGN_FORMAT = "solar175-campaign"
CAMPAIGN_VERSION = 1
MANUAL_UNLOCK_KEYS = ("section", "after_game")
DEBT_MARK_KEYS = ("corporation", "row", "points")


class Power(StrEnum):
    """Section #7 Variable Player Powers: the six power stickers (docs/campaign-file.md keys)."""

    EXTRA_IP = "extra-ip"  # +2 end-game IP
    EXTRA_CREDITS = "extra-credits"  # +3 starting credits
    BOTH_POLITICAL_CARDS = "both-political-cards"
    FREE_MEGASTRUCTURE_TOKEN = "free-megastructure-token"
    EXTRA_VOTE = "extra-vote"  # +1 vote to a party of your choice
    CHEAPER_BASES = "cheaper-bases"


POWERS = tuple(Power)
# #7 "You get an additional 2 end game influence points: During scoring, add 2 influence points
# to your total": the holder scores it in every game once the powers are in force.
POWER_BONUS_IP = 2
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
    # Optional, this project's: the campaign's own box (solar175.box), written when not empty.
    "box",
)
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
# `named_by`, optional (this project's key): the corporation that named the city, when the group
# chose to keep a name through an edit that changed the game's winner; else the game's winner.
CITY_KEYS = ("location", "name", "named_by")
# `row`, optional (this project's key): which of the card's debt rows (1 to 3, top to bottom:
# the power used) the box was checked in; with it, `points` may be left out and the replay
# reads the row's next red box in the campaign's box (docs/replay.md).
DEBT_KEYS = ("corporation", "row", "points")
MAX_DEBT_ROWS = 3
MANUAL_KEYS = ("section", "after_game")
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
# A game's notes: a few paragraphs, not a book (the game form keeps the same bound).
NOTES_MAX_LENGTH = 5000


@dataclass(frozen=True, slots=True)
class Corporation:
    key: str
    name: str
    player: str = ""
    ai: bool = False


@dataclass(frozen=True, slots=True)
class DebtMark:
    corporation: str
    points: int | None
    row: int | None = None


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
    # Who named the city when it is not the game's winner (docs/replay.md "cities").
    city_named_by: str | None = None


@dataclass(frozen=True, slots=True)
class ManualUnlock:
    index: int
    section: int
    after_game: int


@dataclass(frozen=True, slots=True)
class CampaignFile:
    name: str
    house: HouseRules
    corporations: tuple[Corporation, ...]
    opening: Opening | None
    games: tuple[GameEntry, ...]
    manual_unlocks: tuple[ManualUnlock, ...]
    powers: Mapping[str, str]
    # The campaign's box, and the reference catalogue with it applied: what the replay reads.
    box: Box = Box()
    catalogue: Catalogue | None = None

    @property
    def first_game(self) -> int:
        return self.opening.after_game + 1 if self.opening else 1


# --- reading -----------------------------------------------------------------------------


class _Reader(OpeningReader):
    # An optional key left out takes its default, named where it is read (`optional`). The
    # top-level `settings`, `manual_unlocks` and `powers` may also be null (`or_null=True`);
    # any other null is refused, never read as a default (a game's `debt_marks` given as null
    # would silently drop its Bank of Yurushi points).

    def read(self, data: Any) -> CampaignFile:
        top = mapping(data, "campaign", None)
        mapping(top, "", TOP_KEYS)
        # The box first: every megastructure, location and ship card below is the campaign's.
        box = read_box(top.get("box"), self.catalogue)
        self.catalogue = box.apply(self.catalogue)
        if top.get("format") != CAMPAIGN_FORMAT:
            raise CampaignError(
                "format", _('must be "%(campaign_format)s"', campaign_format=CAMPAIGN_FORMAT)
            )
        if top.get("version") != CAMPAIGN_VERSION or isinstance(top.get("version"), bool):
            raise CampaignError(
                "version",
                _(
                    "must be %(campaign_version)s, the only version",
                    campaign_version=CAMPAIGN_VERSION,
                ),
            )
        name = name_text(
            required(top, "name", "", _("the campaign's name")),
            "name",
            max_length=CAMPAIGN_NAME_MAX_LENGTH,
        )

        settings = mapping(optional(top, "settings", {}, or_null=True), "settings", SETTINGS_KEYS)
        try:
            house = HouseRules.read(settings, "settings")
        except FieldError as error:
            raise CampaignError(error.path, error.message) from None

        corporations = self.read_corporations(
            required(top, "corporations", "", _("the list of corporations"))
        )
        self.corporation_keys = tuple(c.key for c in corporations)
        opening = self.read_opening(top.get("opening"))
        first = opening.after_game + 1 if opening else 1
        games = self.read_games(optional(top, "games", []), first)
        manual = self.read_manual_unlocks(optional(top, "manual_unlocks", [], or_null=True))
        powers = self.read_powers(optional(top, "powers", {}, or_null=True))
        return CampaignFile(
            name=name,
            house=house,
            corporations=corporations,
            opening=opening,
            games=games,
            manual_unlocks=manual,
            powers=powers,
            box=box,
            catalogue=self.catalogue,
        )

    def read_corporations(self, value: Any) -> tuple[Corporation, ...]:
        items = listed(value, "corporations")
        if not MIN_CORPORATIONS <= len(items) <= MAX_CORPORATIONS:
            raise CampaignError(
                "corporations",
                _(
                    "must list %(min_corporations)s to %(max_corporations)s "
                    "corporations (one per player board), not %(count)s",
                    min_corporations=MIN_CORPORATIONS,
                    max_corporations=MAX_CORPORATIONS,
                    count=len(items),
                ),
            )
        corporations: list[Corporation] = []
        seen: set[str] = set()
        for i, item in enumerate(items):
            path = f"corporations[{i}]"
            entry = mapping(item, path, CORPORATION_KEYS)
            key = text(
                required(entry, "key", path, _("a short key such as purple")),
                f"{path}.key",
                max_length=CORPORATION_KEY_MAX_LENGTH,
            )
            if not _CORPORATION_KEY.fullmatch(key):
                raise CampaignError(
                    f"{path}.key", _("must be letters, digits, - or _ (such as purple)")
                )
            if key in seen:
                raise CampaignError(f"{path}.key", _('repeats "%(key)s"; each key once', key=key))
            seen.add(key)
            corporations.append(
                Corporation(
                    key=key,
                    name=name_text(
                        optional(entry, "name", key),
                        f"{path}.name",
                        max_length=CORPORATION_NAME_MAX_LENGTH,
                    ),
                    player=name_text(
                        optional(entry, "player", ""),
                        f"{path}.player",
                        blank=True,
                        max_length=PLAYER_NAME_MAX_LENGTH,
                    ),
                    ai=flag(optional(entry, "ai", False), f"{path}.ai"),
                )
            )
        return tuple(corporations)

    def read_games(self, value: Any, first: int) -> tuple[GameEntry, ...]:
        games = []
        for i, item in enumerate(listed(value, "games")):
            games.append(self.read_game(item, f"games[{i}]", i, first + i))
        return tuple(games)

    def read_game(self, value: Any, path: str, index: int, expected: int) -> GameEntry:
        entry = mapping(value, path, GAME_KEYS)
        number = whole_number(
            required(entry, "number", path, _("the game's number")), f"{path}.number", 1
        )
        if number > MAX_GAME_NUMBER:
            raise CampaignError(
                f"{path}.number",
                _("must be at most %(max_game_number)s", max_game_number=MAX_GAME_NUMBER),
            )
        if number != expected:
            where = _("after the opening snapshot") if expected > index + 1 else _("from 1")
            raise CampaignError(
                f"{path}.number",
                _(
                    "must be %(expected)s: games are numbered in order %(where)s, not %(number)s",
                    expected=expected,
                    where=where,
                    number=number,
                ),
            )
        played_on = date_text(
            text(
                required(entry, "played_on", path, _("the date, YYYY-MM-DD")), f"{path}.played_on"
            ),
            f"{path}.played_on",
        )
        megastructure = entry.get("megastructure")
        if megastructure is not None:
            megastructure = self.megastructure(megastructure, f"{path}.megastructure")
        zone = entry.get("megastructure_zone")
        if zone is not None:
            zone = whole_number(zone, f"{path}.megastructure_zone", MIN_ZONE, MAX_ZONE)
        table = mapping(
            required(entry, "table", path, _("the end-of-game table state")), f"{path}.table"
        )
        if self.check_tables:
            errors = read_table(table, campaign=True, ships=self.catalogue.ship_presences()).errors
            if errors:
                raise table_error(path, errors[0])
        # A megastructure the box places nowhere, built in a game that states no zone, is
        # read, not refused: version 1 files of earlier releases (600b321 and before) hold
        # such games, scored then with no +5 presence bonus. The replay scores it so and warns
        # (solar175.replay_warnings.zone_warnings); what is new to a campaign must state the
        # zone (campaign.actions.cache.rebuild: a write is judged on what it changes).
        self.table_corporations(table, path)
        city = entry.get("named_city")
        named_city = None
        city_named_by = None
        if city is not None:
            city = mapping(city, f"{path}.named_city", CITY_KEYS)
            named_city = (
                text(
                    required(city, "location", f"{path}.named_city", _("a base location card")),
                    f"{path}.named_city.location",
                    max_length=CITY_LOCATION_MAX_LENGTH,
                ),
                name_text(
                    required(city, "name", f"{path}.named_city", _("the city's name")),
                    f"{path}.named_city.name",
                    max_length=CITY_NAME_MAX_LENGTH,
                ),
            )
            if city.get("named_by") is not None:
                city_named_by = self.corporation(city["named_by"], f"{path}.named_city.named_by")
        debt_marks = []
        for j, mark in enumerate(listed(optional(entry, "debt_marks", []), f"{path}.debt_marks")):
            mark_path = f"{path}.debt_marks[{j}]"
            mark = mapping(mark, mark_path, DEBT_KEYS)
            debt_marks.append(
                DebtMark(
                    corporation=self.corporation(
                        required(mark, "corporation", mark_path, _("who checked the box")),
                        f"{mark_path}.corporation",
                    ),
                    points=(
                        whole_number(mark["points"], f"{mark_path}.points")
                        if "points" in mark
                        else self.debt_points_required(mark, mark_path)
                    ),
                    row=(
                        whole_number(
                            mark["row"], f"{mark_path}.row", minimum=1, maximum=MAX_DEBT_ROWS
                        )
                        if "row" in mark
                        else None
                    ),
                )
            )
        if "notes" in entry:
            text(entry["notes"], f"{path}.notes", blank=True, max_length=NOTES_MAX_LENGTH)
        return GameEntry(
            index=index,
            number=number,
            played_on=played_on,
            megastructure=megastructure,
            megastructure_zone=zone,
            table=table,
            neds_sold_out=flag(optional(entry, "neds_sold_out", False), f"{path}.neds_sold_out"),
            census_completed=flag(
                optional(entry, "census_completed", False), f"{path}.census_completed"
            ),
            megastructure_repairs_completed=flag(
                optional(entry, "megastructure_repairs_completed", False),
                f"{path}.megastructure_repairs_completed",
            ),
            named_city=named_city,
            debt_marks=tuple(debt_marks),
            city_named_by=city_named_by,
        )

    def debt_points_required(self, mark: Mapping, path: str) -> None:
        """A mark without `points` names its `row`: the replay reads the box's value."""
        if "row" not in mark:
            required(mark, "points", path, _("the red box's printed value, or its row"))

    def table_corporations(self, table: Mapping, path: str) -> None:
        players = table.get("players")
        if not isinstance(players, list | tuple):
            return
        if len(players) > MAX_PLAYERS or len(players) < MIN_PLAYERS:
            raise CampaignError(
                f"{path}.table.players",
                _(
                    "must list %(min_players)s to %(max_players)s players, not %(count)s",
                    min_players=MIN_PLAYERS,
                    max_players=MAX_PLAYERS,
                    count=len(players),
                ),
            )
        for j, player in enumerate(players):
            if isinstance(player, Mapping) and "corporation" in player:
                self.corporation(player["corporation"], f"{path}.table.players[{j}].corporation")

    def read_manual_unlocks(self, value: Any) -> tuple[ManualUnlock, ...]:
        unlocks = []
        seen: dict[int, int] = {}
        for i, item in enumerate(listed(value, "manual_unlocks")):
            path = f"manual_unlocks[{i}]"
            entry = mapping(item, path, MANUAL_KEYS)
            section = self.section_number(
                required(entry, "section", path, _("a section number, 1 to 33")), f"{path}.section"
            )
            if section in seen:
                raise CampaignError(
                    f"{path}.section",
                    _(
                        "repeats section #%(section)s of manual_unlocks[%(seen)s]",
                        section=section,
                        seen=seen[section],
                    ),
                )
            seen[section] = i
            after = whole_number(
                required(
                    entry, "after_game", path, _("the game after which the group unlocked it")
                ),
                f"{path}.after_game",
            )
            trigger = sections_by_number()[section].trigger
            earliest = trigger.get("after_game", 0) if trigger.get("kind") == MANUAL_KIND else 0
            if after < earliest:
                # #19: "Whenever you feel ready ... (anytime after game 4)".
                raise CampaignError(
                    f"{path}.after_game",
                    _(
                        "section #%(section)s can be unlocked only after game "
                        "%(earliest)s, not after game %(after)s",
                        section=section,
                        earliest=earliest,
                        after=after,
                    ),
                )
            unlocks.append(ManualUnlock(index=i, section=section, after_game=after))
        return tuple(unlocks)

    def read_powers(self, value: Any) -> dict[str, str]:
        powers: dict[str, str] = {}
        taken: dict[str, str] = {}
        for corp, power in mapping(value, "powers").items():
            path = f"powers.{corp}"
            self.corporation(corp, path)
            if power not in POWERS:
                raise CampaignError(
                    path,
                    _(
                        "must be one of %(powers)s, not %(found)s",
                        powers=", ".join(POWERS),
                        found=_describe(power),
                    ),
                )
            if power in taken:
                # #7: "Players now choose a unique player power".
                raise CampaignError(
                    path,
                    _(
                        'repeats %(taken)s\'s power "%(power)s"; each power is unique',
                        taken=taken[power],
                        power=power,
                    ),
                )
            taken[power] = corp
            powers[corp] = power
        return powers


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
    """Raise the first structural `CampaignError` in a campaign file (docs/campaign-file.md)."""
    parse_campaign(data, catalogue)


# --- the canonical file ------------------------------------------------------------------


def dumps_campaign_file(data: Mapping[str, Any]) -> str:
    """The campaign file's text (`gamefile.canonical.dumps`)."""
    return dumps(data)
