"""The JSON table (docs/table-file.md) <-> the engine's `TableState`, with every check a table
needs.

Pure Python, no Django: the `score` command, the scoring wizard and the campaign replay all read
tables through here, and `solar175/engine.py` trusts what comes out.

API (stable; the wizard imports it):

- `read_table(data, ...) -> TableReading`, the one entry point: `.errors` lists every problem,
  in reading order, each naming its field by path (`players[1].credits`) so a form can show it
  beside that field; `.state` is the `TableState` (None unless valid); `.valid_state()` raises
  the first of those errors, else gives the state.
- `nothing_entered(table) -> bool`: whether nobody counted anything yet.

Writing a table back (`table_to_dict`, `canonical_table`) is `solar175.table_file`. The plain
values (whole numbers, flags, objects, lists) are read by `gamefile.fields`, as every game's are.

Each takes `ships=`, the ship cards' presence by name (`Catalogue.ship_presences()`, a
campaign's own box applied): a ship that names its `card` and gives no `presence` is worth
that card's presence, and is refused when the card has none (None: the reference's leased
ships, until a box gives it). A ship that gives its `presence` is worth that, card or not: a value
typed at the table is a fact of that game.

A standalone table (`campaign=False`, the `score` command) must give `players`; the rest
defaults as for a first game (docs/table-file.md "missing optional keys default"): `rules` to zones
1 and 2 with no Rebellion or unions, `incumbent_party` to the United Federalists ("First game:
the United Federalists are in power"), and no `megastructure_zone` to no +5 presence bonus.

A campaign's table (`campaign=True`) may leave out `rules`, `megastructure_zone` and
`incumbent_party`: the replay derives them and passes them in as keywords::

    read_table(data, campaign=True, rules=Rules(zones_in_play=(1, 2, 3)),
               megastructure_zone=3, incumbent_party="workers_union").valid_state()

`rules` and `incumbent_party` are then required (a missing one is a programming error:
`TypeError` from `valid_state()`); `megastructure_zone=None` means the campaign knows no zone for
the +5 presence bonus, and the table's own `megastructure_zone`, if any, is used. Wherever both
the campaign and the table give a value they must agree (docs/campaign-file.md), else it is an error
at the table's key. `read_table(data, campaign=True).errors` without the keywords checks what
it can: zones against the table's own `rules` if given, else against all six zones.

Readings this module takes where the contract leaves a choice:

- Missing optional keys default to empty/zero/false; a house rule to its default
  (solar175.house_rules);
  a card `hire_cards_left` leaves out counts as 0 left (the engine's `union_votes`).
- Spoiled ballots without the Celestial Rebellion in play are accepted and ignored, like
  `hire_cards_left` without the Trade Unions: a wizard keeps a field's value when a rule is
  toggled, and the engine counts neither (docs/table-file.md "only with").
- `extra_vote` must be a legitimate party: "You cannot vote directly for the Celestial
  Rebellion as they are not an official party" (#12, Spoiled Votes).
- The Celestial Rebellion can be the incumbent only when it is in play (#12).
- Limits from the box (Game Components, page 2): 25 megastructure funding tokens, 30 mining
  tokens, 34 voting tokens, 100 worker tokens (the deluxe count; the HUBs cannot hold more),
  17 outposts per corporation (Setup). Military tokens are "not intentionally limited" (Military
  action), so they have no cap. Credits: "You may never have more than 29 credits." Bases: "you
  can build a maximum of four in any game" (Hensler).
- Zones in play need not be consecutive: the unlock order makes a gap unlikely, but a table
  can hold any set of zone cards, and nothing in scoring depends on it.

One optional key of this project's own (docs/commands.md lets a project add optional keys):

- `sections`: a one-off game's list of the section numbers (1 to 33, each once) the group said
  it had unlocked when it scored the game in the wizard. Scoring ignores it; the wizard reopens
  the game with the fields those sections bring (the rest stay hidden: no spoilers). A
  campaign's table must not give it: the replay knows what is unlocked before each game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamefile.errors import FieldError
from gamefile.fields import MISSING, Collector, optional, storable_problem
from gamefile.reading import describe as _describe
from gamefile.reading import one_of as _one_of
from gamefile.words import _
from solar175.engine import (
    ALL_ZONES,
    CELESTIAL_REBELLION,
    HIRE_CARD_PARTY,
    LEGITIMATE_PARTIES,
    PARTIES,
    UNITED_FEDERALISTS,
    Ballots,
    Hubs,
    HubWorkers,
    PlayerTable,
    Rules,
    Ship,
    TableState,
)
from solar175.house_rules import TABLE_KEYS, HouseRules
from solar175.sections import FIRST_SECTION, LAST_SECTION, SECTION_NUMBERS

TABLE_FORMAT = "solar175-table"
TABLE_VERSION = 1

MIN_PLAYERS = 2
MAX_PLAYERS = 5
MAX_CREDITS = 29
MAX_BASES = 4
OUTPOSTS_PER_CORPORATION = 17
MEGASTRUCTURE_TOKENS_IN_BOX = 25
MINING_TOKENS_IN_BOX = 30
VOTING_TOKENS_IN_BOX = 34
WORKER_TOKENS_IN_BOX = 100
# Sanity bounds where the rulebook prints no count: a corporation never takes 20 loans nor
# ends a game with 20 ships (docs/table-file.md).
MAX_LOANS = 20
MAX_SHIPS = 20
ALWAYS_IN_PLAY = (1, 2)
HIRE_CARDS = tuple(HIRE_CARD_PARTY)

TOP_KEYS = (
    "format",
    "version",
    "rules",
    "megastructure_zone",
    "incumbent_party",
    "hubs",
    "ballots",
    "hire_cards_left",
    "players",
    "sections",
)
CAMPAIGN_KEYS = ("rules", "megastructure_zone", "incumbent_party")
RULES_KEYS = ("zones_in_play", "celestial_rebellion", "trade_unions", *TABLE_KEYS)
HUBS_KEYS = ("hensler", "ufss", "military", "zones")
HUB_KEYS = ("workers", "algorithms")
BALLOT_KEYS = (*LEGITIMATE_PARTIES, "spoiled")
SHIP_KEYS = ("zone", "card", "presence")
SHIP_CARD_MAX_LENGTH = 60
PLAYER_KEYS = (
    "corporation",
    "credits",
    "loans",
    "mining_tokens",
    "megastructure_tokens",
    "military_tokens",
    "outposts",
    "bases",
    "ships",
    "political_influence_ip",
    "bonus_ip",
    "extra_vote",
)

_ZONE_KEYS = {str(zone): zone for zone in ALL_ZONES}


class TableError(FieldError):
    """One impossible or malformed value in a table."""


@dataclass(frozen=True)
class TableReading:
    """One reading of a table: its state (None unless valid) and every problem, in reading
    order, each naming its field by path (`players[1].credits`) so a form can show it there."""

    state: TableState | None
    errors: list[TableError]
    # A campaign's table read with its rules and incumbent party given (the replay's reading).
    full_context: bool = True

    def valid_state(self) -> TableState:
        """The state; raises the first error instead (a TypeError for a campaign's table read
        without `rules=` and `incumbent_party=`: a caller's mistake, not a bad table)."""
        if not self.full_context:
            raise TypeError("read_table(campaign=True) needs rules= and incumbent_party=")
        if self.errors:
            raise self.errors[0]
        assert self.state is not None
        return self.state


def read_table(
    data: Any,
    *,
    campaign: bool = False,
    rules: Rules | None = None,
    megastructure_zone: int | None = None,
    incumbent_party: str | None = None,
    ships: Mapping[str, int] | None = None,
) -> TableReading:
    """Read `data` once: its state and every problem (`.errors`), or the state that raises the
    first problem (`.valid_state()`)."""
    _check_context(campaign, rules, incumbent_party, megastructure_zone)
    reader = _TableReader(campaign, rules, megastructure_zone, incumbent_party, ships)
    state = reader.read(data)
    full_context = not campaign or (rules is not None and incumbent_party is not None)
    return TableReading(None if reader.errors else state, reader.errors, full_context)


# --- reading -----------------------------------------------------------------------------


def _check_context(
    campaign: bool,
    rules: Rules | None,
    incumbent_party: str | None,
    megastructure_zone: int | None,
) -> None:
    # Caller mistakes, not bad tables: they raise instead of becoming a TableError.
    if not campaign:
        if rules is not None or incumbent_party is not None or megastructure_zone is not None:
            raise TypeError("rules, megastructure_zone and incumbent_party need campaign=True")
        return
    if incumbent_party is not None and incumbent_party not in PARTIES:
        raise TypeError(f"unknown incumbent_party {incumbent_party!r}")


def _zones_text(zones: tuple[int, ...]) -> str:
    return ", ".join(str(zone) for zone in zones)


class _TableReader(Collector):
    """Reads a table once, collecting every error and building the state as it goes."""

    def __init__(
        self,
        campaign: bool,
        rules: Rules | None,
        megastructure_zone: int | None,
        incumbent_party: str | None,
        ships: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(TableError, root="table")
        self.campaign = campaign
        self.given_rules = rules
        self.given_megastructure_zone = megastructure_zone
        self.given_incumbent = incumbent_party
        self.ship_cards = ships
        self.zones: tuple[int, ...] = ALL_ZONES

    # --- plain values: the gamefile reader's, each refusal recorded. A value that was refused
    # stands in as its minimum, false or empty, so the box's sums go on and every problem is
    # listed; no state is built from it (`read` gives None once anything was refused).

    def whole_number(
        self, value: Any, path: str, *, minimum: int = 0, maximum: int | None = None
    ) -> int:
        number = super().whole_number(value, path, minimum, maximum)
        return minimum if number is None else number

    def flag(self, value: Any, path: str) -> bool:
        return bool(super().flag(value, path))

    def mapping(
        self, value: Any, path: str, allowed: tuple[str, ...] | None = None, what: str = ""
    ) -> dict:
        return super().mapping(value, path, allowed, what) or {}

    def sequence(
        self, value: Any, path: str, most: int | None = None, what: str = "", why: str = ""
    ) -> list:
        return super().sequence(value, path, most, what, why) or []

    def zone(self, value: Any, path: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.error(path, _("must be a zone number, not %(found)s", found=_describe(value)))
            return None
        if value not in self.zones:
            self.error(
                path,
                _("must be a zone in play (%(zones_text)s)", zones_text=_zones_text(self.zones)),
            )
            return None
        return value

    def zone_map(self, value: Any, path: str) -> dict[int, Any]:
        """An object keyed by zone: "1".."6" from JSON (ints from Python callers too)."""
        found: dict[int, Any] = {}
        for key, item in self.mapping(value, path, None, "").items():
            if isinstance(key, int) and not isinstance(key, bool):
                zone = key
            else:
                zone = _ZONE_KEYS.get(key, 0) if isinstance(key, str) else 0
            if zone not in self.zones:
                self.error(
                    f"{path}.{key}",
                    _(
                        "must be a zone in play (%(zones_text)s)",
                        zones_text=_zones_text(self.zones),
                    ),
                )
            elif zone in found:
                self.error(
                    f"{path}.{key}", _("repeats zone %(zone)s; give each zone once", zone=zone)
                )
            else:
                found[zone] = item
        return found

    # --- the table

    def read(self, data: Any) -> TableState | None:
        if not isinstance(data, Mapping):
            self.error("table", _("must be an object, not %(found)s", found=_describe(data)))
            return None
        # The contract's paths start at the top-level key itself: `players[1].credits`.
        table = self.mapping(data, "", TOP_KEYS, _("a table key"))

        if "format" in table and table["format"] != TABLE_FORMAT:
            self.error(
                "format",
                _(
                    'must be "%(table_format)s", not %(found)s',
                    table_format=TABLE_FORMAT,
                    found=_describe(table["format"]),
                ),
            )
        version = optional(table, "version", TABLE_VERSION)
        if isinstance(version, bool) or not isinstance(version, int) or version != TABLE_VERSION:
            self.error(
                "version",
                _("must be %(table_version)s, the only table version", table_version=TABLE_VERSION),
            )

        rules = self.read_rules(table)
        megastructure_zone = self.read_megastructure_zone(table)
        incumbent = self.read_incumbent(table, rules)
        hubs = self.read_hubs(optional(table, "hubs", {}), "hubs")
        ballots = self.read_ballots(optional(table, "ballots", {}), "ballots")
        hire_cards_left = self.read_hire_cards(
            optional(table, "hire_cards_left", {}), "hire_cards_left"
        )
        players = self.read_players(optional(table, "players", MISSING), "players")
        if "sections" in table:
            self.read_sections(table["sections"], "sections")
        if self.errors:
            return None
        return TableState(
            players=players,
            rules=rules,
            megastructure_zone=megastructure_zone,
            incumbent_party=incumbent,
            hubs=hubs,
            ballots=ballots,
            hire_cards_left=hire_cards_left,
        )

    def read_sections(self, value: Any, path: str) -> None:
        """A one-off game's unlocked sections: checked, not kept (scoring does not use them)."""
        if self.campaign:
            self.error(
                path,
                _(
                    "is for a one-off game's table; a campaign's unlocked "
                    "sections come from its replay"
                ),
            )
            return
        seen: set[int] = set()
        for index, item in enumerate(self.sequence(value, path)):
            item_path = f"{path}[{index}]"
            if isinstance(item, bool) or not isinstance(item, int):
                self.error(
                    item_path, _("must be a section number, not %(found)s", found=_describe(item))
                )
            elif item not in SECTION_NUMBERS:
                self.error(
                    item_path,
                    _(
                        "must be a section number from %(first_section)s to %(last_section)s",
                        first_section=FIRST_SECTION,
                        last_section=LAST_SECTION,
                    ),
                )
            elif item in seen:
                self.error(
                    item_path, _("repeats section %(item)s; list each section once", item=item)
                )
            else:
                seen.add(item)

    def read_rules(self, table: dict) -> Rules:
        given = self.given_rules
        if "rules" not in table:
            if given is not None:
                self.zones = given.zones_in_play
                return given
            return Rules()
        data = self.mapping(table["rules"], "rules", RULES_KEYS, _("a rules key"))
        errors_before = len(self.errors)
        zones = self.read_zones_in_play(
            optional(data, "zones_in_play", MISSING), "rules.zones_in_play"
        )
        zones_ok = len(self.errors) == errors_before
        rules = Rules(
            zones_in_play=zones,
            celestial_rebellion=self.flag(
                optional(data, "celestial_rebellion", False), "rules.celestial_rebellion"
            ),
            trade_unions=self.flag(optional(data, "trade_unions", False), "rules.trade_unions"),
            house=self.read_house_rules(data),
        )
        # A broken zones_in_play would make every zone elsewhere look wrong: check against all six.
        self.zones = zones if zones_ok else ALL_ZONES
        if given is not None:
            # docs/campaign-file.md: a campaign table that gives its rules anyway must agree.
            for key in RULES_KEYS:
                if key in data and _rule_value(rules, key) != _rule_value(given, key):
                    self.error(
                        f"rules.{key}",
                        _(
                            "must agree with the campaign, which has %(rule_text)s",
                            rule_text=_rule_text(given, key),
                        ),
                    )
            self.zones = given.zones_in_play
            return given
        return rules

    def read_zones_in_play(self, value: Any, path: str) -> tuple[int, ...]:
        if value is MISSING:
            if self.campaign:
                # The campaign supplies them (or, validating without it, nothing to check).
                return self.given_rules.zones_in_play if self.given_rules else ALL_ZONES
            return ALWAYS_IN_PLAY
        zones: list[int] = []
        for index, item in enumerate(self.sequence(value, path)):
            item_path = f"{path}[{index}]"
            if isinstance(item, bool) or not isinstance(item, int):
                self.error(
                    item_path, _("must be a zone number, not %(found)s", found=_describe(item))
                )
            elif item not in ALL_ZONES:
                self.error(item_path, _("must be a zone from 1 to 6"))
            elif item in zones:
                self.error(item_path, _("repeats zone %(item)s; list each zone once", item=item))
            else:
                zones.append(item)
        if not isinstance(value, list | tuple):
            return ALL_ZONES
        if not all(zone in zones for zone in ALWAYS_IN_PLAY):
            # Zones 1 and 2 are in play from the first game; the others unlock (#1, #3, #8, #10).
            self.error(path, _("must include zones 1 and 2, which are always in play"))
        return tuple(sorted(zones)) or ALL_ZONES

    def read_house_rules(self, data: dict) -> HouseRules:
        try:
            return HouseRules.read(data, "rules", TABLE_KEYS)
        except FieldError as error:
            self.error(error.path, error.message)
            return HouseRules()

    def read_megastructure_zone(self, table: dict) -> int | None:
        given = self.given_megastructure_zone
        if "megastructure_zone" not in table:
            return given
        zone = self.zone(table["megastructure_zone"], "megastructure_zone")
        if given is not None and zone is not None and zone != given:
            self.error(
                "megastructure_zone",
                _("must agree with the campaign, which has zone %(given)s", given=given),
            )
        return given if given is not None else zone

    def read_incumbent(self, table: dict, rules: Rules) -> str:
        given = self.given_incumbent
        if "incumbent_party" not in table:
            return given or UNITED_FEDERALISTS
        party = table["incumbent_party"]
        if party not in PARTIES:
            self.error("incumbent_party", _("must be one of %(parties)s", parties=_one_of(PARTIES)))
            return given or UNITED_FEDERALISTS
        if given is not None and party != given:
            self.error(
                "incumbent_party",
                _("must agree with the campaign, which has %(given)s", given=given),
            )
            return given
        if party == CELESTIAL_REBELLION and not rules.celestial_rebellion:
            self.error(
                "incumbent_party",
                _("can be celestial_rebellion only with the Celestial Rebellion (#12) in play"),
            )
        return party

    def read_hub(self, value: Any, path: str) -> tuple[HubWorkers, int]:
        data = self.mapping(value, path, HUB_KEYS, _("a HUB key"))
        hub = HubWorkers(
            workers=self.whole_number(optional(data, "workers", 0), f"{path}.workers"),
            algorithms=self.whole_number(optional(data, "algorithms", 0), f"{path}.algorithms"),
        )
        return hub, hub.workers + hub.algorithms

    def read_hubs(self, value: Any, path: str) -> Hubs:
        data = self.mapping(value, path, HUBS_KEYS, _("a HUB"))
        tokens = 0
        named = {}
        for key in ("hensler", "ufss", "military"):
            named[key], count = self.read_hub(optional(data, key, {}), f"{path}.{key}")
            tokens += count
        zones = {}
        for zone, item in self.zone_map(optional(data, "zones", {}), f"{path}.zones").items():
            zones[zone], count = self.read_hub(item, f"{path}.zones.{zone}")
            tokens += count
        if tokens > WORKER_TOKENS_IN_BOX:
            self.error(
                path,
                _(
                    "hold %(tokens)s worker tokens, more than the "
                    "%(worker_tokens_in_box)s in the box",
                    tokens=tokens,
                    worker_tokens_in_box=WORKER_TOKENS_IN_BOX,
                ),
            )
        return Hubs(zones=zones, **named)

    def read_ballots(self, value: Any, path: str) -> Ballots:
        data = self.mapping(value, path, None, "")
        for key in data:
            if key == CELESTIAL_REBELLION:
                self.error(
                    f"{path}.{key}",
                    _(
                        "is not a ballot key (the Celestial Rebellion's votes are "
                        "the spoiled ballots); allowed: %(ballot_keys)s",
                        ballot_keys=", ".join(BALLOT_KEYS),
                    ),
                )
            elif key not in BALLOT_KEYS:
                self.error(
                    f"{path}.{key}",
                    _(
                        "is not a party; allowed: %(ballot_keys)s",
                        ballot_keys=", ".join(BALLOT_KEYS),
                    ),
                )
        counts = {
            key: self.whole_number(optional(data, key, 0), f"{path}.{key}") for key in BALLOT_KEYS
        }
        if sum(counts.values()) > VOTING_TOKENS_IN_BOX:
            self.error(
                path,
                _(
                    "hold %(sum)s ballots, more than the "
                    "%(voting_tokens_in_box)s voting tokens in the box",
                    sum=sum(counts.values()),
                    voting_tokens_in_box=VOTING_TOKENS_IN_BOX,
                ),
            )
        return Ballots(**counts)

    def read_hire_cards(self, value: Any, path: str) -> dict[str, int]:
        data = self.mapping(value, path, HIRE_CARDS, _("a hire card with a union"))
        # A card left out counts as 0 left (the engine's reading); only those given are kept,
        # so a table and its `table_to_dict` say the same.
        return {
            card: self.whole_number(data[card], f"{path}.{card}")
            for card in HIRE_CARDS
            if card in data
        }

    def read_players(self, value: Any, path: str) -> tuple[PlayerTable, ...]:
        if value is MISSING:
            self.error(
                path,
                _(
                    "is required (a list of %(min_players)s to %(max_players)s players)",
                    min_players=MIN_PLAYERS,
                    max_players=MAX_PLAYERS,
                ),
            )
            return ()
        items = self.sequence(value, path)
        if isinstance(value, list | tuple) and not MIN_PLAYERS <= len(items) <= MAX_PLAYERS:
            self.error(
                path,
                _(
                    "must list %(min_players)s to %(max_players)s players, not %(count)s",
                    min_players=MIN_PLAYERS,
                    max_players=MAX_PLAYERS,
                    count=len(items),
                ),
            )
        players = []
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            player = self.read_player(item, f"{path}[{index}]")
            corporation = player.corporation
            if corporation in seen:
                self.error(
                    f"{path}[{index}].corporation",
                    _(
                        'repeats "%(corporation)s" of players[%(seen)s]; each '
                        "corporation plays once",
                        corporation=corporation,
                        seen=seen[corporation],
                    ),
                )
            elif corporation:
                seen[corporation] = index
            players.append(player)
        mining = sum(p.mining_tokens for p in players)
        if mining > MINING_TOKENS_IN_BOX:
            self.error(
                path,
                _(
                    "hold %(mining)s mining resource tokens, more than the "
                    "%(mining_tokens_in_box)s in the box",
                    mining=mining,
                    mining_tokens_in_box=MINING_TOKENS_IN_BOX,
                ),
            )
        megastructure = sum(p.megastructure_tokens for p in players)
        if megastructure > MEGASTRUCTURE_TOKENS_IN_BOX:
            self.error(
                path,
                _(
                    "hold %(megastructure)s megastructure funding tokens, more "
                    "than the %(megastructure_tokens_in_box)s in the box",
                    megastructure=megastructure,
                    megastructure_tokens_in_box=MEGASTRUCTURE_TOKENS_IN_BOX,
                ),
            )
        return tuple(players)

    def read_player(self, value: Any, path: str) -> PlayerTable:
        data = self.mapping(value, path, PLAYER_KEYS, _("a player key"))
        if not isinstance(value, Mapping):
            return PlayerTable(corporation="")

        corporation = optional(data, "corporation", MISSING)
        if corporation is MISSING:
            self.error(
                f"{path}.corporation", _("is required (the corporation's key, such as purple)")
            )
            corporation = ""
        elif not isinstance(corporation, str) or not corporation.strip():
            self.error(
                f"{path}.corporation",
                _(
                    "must be a corporation key such as purple, not %(found)s",
                    found=_describe(corporation),
                ),
            )
            corporation = ""
        elif problem := storable_problem(corporation):
            self.error(f"{path}.corporation", problem)
            corporation = ""

        credits = self.whole_number(
            optional(data, "credits", 0), f"{path}.credits", maximum=MAX_CREDITS
        )
        loans = []
        loans_value = self.sequence(
            optional(data, "loans", []), f"{path}.loans", MAX_LOANS, "loans", _("a sanity bound")
        )
        for index, loan in enumerate(loans_value):
            # A loan token prints the credits it lends (#15), so it is worth at least 1.
            loans.append(self.whole_number(loan, f"{path}.loans[{index}]", minimum=1))
        # The box bounds these by their sums over the players (read_players); each one alone
        # by the sanity bound.
        mining_tokens = self.whole_number(
            optional(data, "mining_tokens", 0), f"{path}.mining_tokens"
        )
        megastructure_tokens = self.whole_number(
            optional(data, "megastructure_tokens", 0), f"{path}.megastructure_tokens"
        )
        military_tokens = self.whole_number(
            optional(data, "military_tokens", 0), f"{path}.military_tokens"
        )

        outposts = {}
        for zone, count in self.zone_map(
            optional(data, "outposts", {}), f"{path}.outposts"
        ).items():
            outposts[zone] = self.whole_number(count, f"{path}.outposts.{zone}")
        if sum(outposts.values()) > OUTPOSTS_PER_CORPORATION:
            self.error(
                f"{path}.outposts",
                _(
                    "must total at most %(outposts_per_corporation)s (each "
                    "corporation has %(outposts_per_corporation)s outposts), not "
                    "%(sum)s",
                    outposts_per_corporation=OUTPOSTS_PER_CORPORATION,
                    sum=sum(outposts.values()),
                ),
            )

        bases_value = self.sequence(
            optional(data, "bases", []),
            f"{path}.bases",
            MAX_BASES,
            "bases",
            _("a corporation builds at most four in a game"),
        )
        bases = [
            self.zone(zone, f"{path}.bases[{index}]") for index, zone in enumerate(bases_value)
        ]

        ships = []
        ships_value = self.sequence(
            optional(data, "ships", []), f"{path}.ships", MAX_SHIPS, "ships", _("a sanity bound")
        )
        for index, item in enumerate(ships_value):
            ships.append(self.read_ship(item, f"{path}.ships[{index}]"))

        political_influence_ip = self.whole_number(
            optional(data, "political_influence_ip", 0), f"{path}.political_influence_ip"
        )
        bonus_ip = self.whole_number(optional(data, "bonus_ip", 0), f"{path}.bonus_ip")

        extra_vote = data.get("extra_vote")
        if extra_vote is not None and extra_vote not in LEGITIMATE_PARTIES:
            self.error(
                f"{path}.extra_vote",
                _(
                    "must be null or one of %(legitimate_parties)s (the "
                    "Celestial Rebellion is not an official party, it gets "
                    "spoiled ballots only)",
                    legitimate_parties=_one_of(LEGITIMATE_PARTIES),
                ),
            )
            extra_vote = None

        return PlayerTable(
            corporation=corporation,
            credits=credits,
            loans=tuple(loans),
            mining_tokens=mining_tokens,
            megastructure_tokens=megastructure_tokens,
            military_tokens=military_tokens,
            outposts=outposts,
            bases=tuple(zone for zone in bases if zone is not None),
            ships=tuple(ship for ship in ships if ship is not None),
            political_influence_ip=political_influence_ip,
            bonus_ip=bonus_ip,
            extra_vote=extra_vote,
        )

    def read_ship(self, value: Any, path: str) -> Ship | None:
        data = self.mapping(value, path, SHIP_KEYS, _("a ship key"))
        if not isinstance(value, Mapping):
            return None
        if "zone" not in data:
            self.error(f"{path}.zone", _("is required (a ship has a zone and its card's presence)"))
        card = data.get("card")
        if card is not None and (not isinstance(card, str) or not card.strip()):
            self.error(
                f"{path}.card",
                _("must be a ship card's name, not %(found)s", found=_describe(card)),
            )
            card = None
        elif card is not None and len(card) > SHIP_CARD_MAX_LENGTH:
            self.error(
                f"{path}.card",
                _(
                    "must be at most %(ship_card_max_length)s characters long",
                    ship_card_max_length=SHIP_CARD_MAX_LENGTH,
                ),
            )
            card = None
        zone = self.zone(data["zone"], f"{path}.zone") if "zone" in data else None
        if "presence" in data:
            # Every ship card prints a presence value (the starting DC-Xerxes 8050 has 2); one
            # typed at the table is that game's fact, whatever its card says.
            presence = self.whole_number(data["presence"], f"{path}.presence", minimum=1)
        elif card is not None:
            presence = self.card_presence(card, f"{path}.card")
        else:
            if "card" not in data:
                self.error(
                    f"{path}.presence",
                    _("is required (a ship has a zone and its card's presence, or names its card)"),
                )
            return None
        return None if zone is None or presence is None else Ship(zone=zone, presence=presence)

    def card_presence(self, card: str, path: str) -> int | None:
        """The presence of the ship card `card` names, from the catalogue (a campaign's box)."""
        cards = self.ship_cards
        if cards is None:
            self.error(
                path,
                _(
                    'names the ship card "%(card)s" but gives no presence, and '
                    "no catalogue was given to read it from: give its presence",
                    card=card,
                ),
            )
            return None
        if card not in cards:
            known = ", ".join(sorted(cards)) or "none"
            self.error(
                path,
                _(
                    "is not a ship card of the catalogue (%(known)s), not "
                    '"%(card)s": give the ship\'s presence, or add its card to '
                    "the box",
                    known=known,
                    card=card,
                ),
            )
            return None
        if cards[card] is None:
            # The rulebook text prints no leased ship's presence (docs/catalogue.md): never a
            # guess, the card's value from the group.
            self.error(
                path,
                _(
                    'names the ship card "%(card)s", whose presence the rulebook '
                    "text does not print and the box does not give: give the "
                    "ship's presence as its card prints it, or enter it in your "
                    "campaign's Box",
                    card=card,
                ),
            )
        return cards[card]


def _rule_value(rules: Rules, key: str) -> Any:
    return rules.house[key] if key in TABLE_KEYS else getattr(rules, key)


def _rule_text(rules: Rules, key: str) -> str:
    if key == "zones_in_play":
        return _("zones %(zones_text)s in play", zones_text=_zones_text(rules.zones_in_play))
    value = _rule_value(rules, key)
    if isinstance(value, bool):
        return f"{key} {'true' if value else 'false'}"
    return f'{key} "{value}"'


def nothing_entered(table: TableState) -> bool:
    """Whether nobody counted anything: every player's numbers, every HUB and every ballot at
    nothing (the starting ship, which is always somewhere, and a player power's bonus, which
    the app ticks itself, do not count). Saving such a table gives a winner by tie-breaker and
    every box to everyone, so the pages ask first."""
    players_blank = all(
        not (
            p.credits
            or p.loans
            or p.mining_tokens
            or p.megastructure_tokens
            or p.military_tokens
            or any(p.outposts.values())
            or p.bases
            or len(p.ships) > 1
            or p.political_influence_ip
            or p.extra_vote
        )
        for p in table.players
    )
    hubs = table.hubs
    hubs_blank = not any(
        hub.workers or hub.algorithms
        for hub in (hubs.hensler, hubs.ufss, hubs.military, *hubs.zones.values())
    )
    ballots = table.ballots
    ballots_blank = not (
        ballots.united_federalists
        or ballots.workers_union
        or ballots.brave_new_dawn
        or ballots.spoiled
    )
    return players_blank and hubs_blank and ballots_blank
