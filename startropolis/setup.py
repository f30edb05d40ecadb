"""The opening of a round tracker session (`startropolis-session`, OTHER-GAMES.md §2.10):
its rules, rush fees, players, missions, bids and the first order. The rounds are `replay.py`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamefile.words import _

from .common import read_modules_in_play, read_player_count, read_type, read_type_in_play
from .modules import (
    CIVIC,
    CORE,
    CORE_GAME_TYPES,
    KNOWN_FACTION_BONUSES,
    MAX_MISSION_REWARD,
    MAX_RUSH_FEE,
    MAX_TEXT,
    NEGATIVE_REVENUE_RULES,
    ROUNDS,
    RUSHED_SLOTS,
    SPEND_BASES,
    START_CREDITS,
    TRACK_SLOTS,
)
from .reader import MISSING, Reader, join
from .words import same

SESSION_FORMAT = "startropolis-session"

TOP_KEYS = (
    "format",
    "version",
    "rules",
    "rush_fees",
    "construction_track",
    "players",
    "bids",
    "first_order",
    "rounds",
)
RULES_KEYS = (
    "players",
    "modules_in_play",
    "negative_revenue",
    "solar_counts_itself",
    "track_credits",
    "missions",
    "advanced_factions",
    "spend_basis",
)
PLAYER_KEYS = ("key", "faction", "bonus", "mission")
BONUS_KEYS = ("per", "amount")
MISSION_KEYS = ("dealt", "kept", "reward", "most")
MAX_FACTION_BONUS = 10  # sanity bound: the printed bonus is +2M per module
MISSIONS_DEALT = 2  # ST:279 "randomly deal each player two Mission Cards"


@dataclass(frozen=True)
class SessionRules:
    players: int
    modules_in_play: tuple[str, ...] = CORE_GAME_TYPES
    negative_revenue: str = "floor"  # reading ST-R5
    solar_counts_itself: bool = True  # reading ST-R2
    track_credits: bool = False
    missions: bool = False
    advanced_factions: bool = False
    spend_basis: str = "printed"  # reading ST-R4

    @property
    def rounds(self) -> int:
        return ROUNDS[self.players]

    def as_json(self) -> dict:
        return {
            "players": self.players,
            "modules_in_play": list(self.modules_in_play),
            "negative_revenue": self.negative_revenue,
            "solar_counts_itself": self.solar_counts_itself,
            "track_credits": self.track_credits,
            "missions": self.missions,
            "advanced_factions": self.advanced_factions,
            "spend_basis": self.spend_basis,
        }


@dataclass(frozen=True)
class SessionMission:
    dealt: tuple[str, ...]
    kept: str
    reward: int
    most: str | None


@dataclass(frozen=True)
class SessionPlayer:
    key: str
    faction: str
    bonus: tuple[str, int] | None  # "+amount per owned and attached module of type"
    mission: SessionMission | None


@dataclass(frozen=True)
class Setup:
    rules: SessionRules
    rush_fees: tuple[int, ...]
    construction_track: tuple[str | None, ...] | None
    players: tuple[SessionPlayer, ...]
    bids: dict[str, int] | None
    first_order: tuple[str, ...]
    rounds: list

    @property
    def keys(self) -> list[str]:
        return [player.key for player in self.players]

    def player(self, key: str) -> SessionPlayer:
        return next(player for player in self.players if player.key == key)


def read_setup(data: Any) -> Setup:
    """Everything before the rounds; raises the first problem (`StartropolisError`)."""
    reader = Reader(fail_fast=True, root="session")
    top = reader.obj(
        data,
        "",
        TOP_KEYS,
        _("a session key"),
        required=("rules", "rush_fees", "players", "first_order"),
    )
    if top.get("format", SESSION_FORMAT) != SESSION_FORMAT:
        reader.error("format", _('must be "%(format)s"', format=SESSION_FORMAT))
    if "version" in top and (type(top["version"]) is not int or top["version"] != 1):
        reader.error("version", _("must be 1, the only session version"))
    rules = _read_rules(reader, top["rules"])
    rush_fees = _read_rush_fees(reader, top["rush_fees"])
    track = None
    if "construction_track" in top and top["construction_track"] is not None:
        track = _read_construction_track(reader, top["construction_track"], rules)
    players = _read_players(reader, top["players"], rules)
    keys = [player.key for player in players]
    bids = None
    if "bids" in top and top["bids"] is not None:
        bids = _read_bids(reader, top["bids"], keys)
    first_order = _read_first_order(reader, top["first_order"], keys)
    rounds = top.get("rounds", [])
    rounds = reader.sequence(rounds, "rounds", 10**3, _("rounds"))
    if len(rounds) > rules.rounds:
        reader.error(
            "rounds",
            _(
                "%(count)s rounds are entered, but a %(players)s-player game has %(rounds)s",
                count=len(rounds),
                players=rules.players,
                rounds=rules.rounds,
            ),
        )
    return Setup(rules, rush_fees, track, players, bids, first_order, rounds)


def _read_rules(reader: Reader, value: Any) -> SessionRules:
    rules = reader.obj(value, "rules", RULES_KEYS, _("a rules key"), required=("players",))
    count = read_player_count(reader, rules, "rules")
    in_play = read_modules_in_play(reader, rules, "rules")
    flags = {}
    for key, default in (
        ("solar_counts_itself", True),
        ("track_credits", False),
        ("missions", False),
        ("advanced_factions", False),
    ):
        flags[key] = reader.flag(rules.get(key, default), join("rules", key))
    negative = reader.choice(
        rules.get("negative_revenue", "floor"), "rules.negative_revenue", NEGATIVE_REVENUE_RULES
    )
    basis = reader.choice(rules.get("spend_basis", "printed"), "rules.spend_basis", SPEND_BASES)
    return SessionRules(
        players=count,
        modules_in_play=in_play,
        negative_revenue=negative,
        spend_basis=basis,
        **flags,
    )


def _read_rush_fees(reader: Reader, value: Any) -> tuple[int, ...]:
    # ST-R3: the four fees are printed on the board, not in the text; the group enters them.
    items = reader.sequence(value, "rush_fees", 10, _("fees"))
    if len(items) != len(RUSHED_SLOTS):
        reader.error("rush_fees", _("must list the 4 rush fees printed above slots 1 to 4"))
    return tuple(
        reader.whole_number(item, f"rush_fees[{index}]", 0, MAX_RUSH_FEE)
        for index, item in enumerate(items)
    )


def _read_construction_track(
    reader: Reader, value: Any, rules: SessionRules
) -> tuple[str | None, ...]:
    items = reader.sequence(value, "construction_track", 10, _("slots"))
    if len(items) != TRACK_SLOTS:
        reader.error(
            "construction_track", _("must list the 6 cards dealt, slot 1 (far left) to slot 6")
        )
    slots: list[str | None] = []
    for index, item in enumerate(items):
        path = f"construction_track[{index}]"
        if item is None:
            slots.append(None)
            continue
        key = read_type_in_play(reader, item, path, rules.modules_in_play)
        if key == CIVIC:
            reader.error(path, _("Civic cards are a separate stack above the track (ST:76)"))
        slots.append(key)
    return tuple(slots)


def _read_players(reader: Reader, value: Any, rules: SessionRules) -> tuple[SessionPlayer, ...]:
    items = reader.sequence(value, "players", 4, _("players"))
    if len(items) != rules.players:
        reader.error(
            "players",
            _(
                "%(count)s players are listed, but rules.players is %(players)s",
                count=len(items),
                players=rules.players,
            ),
        )
    players: list[SessionPlayer] = []
    keys: dict[str, int] = {}
    factions: dict[str, int] = {}
    missions: dict[str, str] = {}
    for index, item in enumerate(items):
        path = f"players[{index}]"
        data = reader.obj(item, path, PLAYER_KEYS, _("a player key"), required=("key", "faction"))
        key = reader.line(data["key"], join(path, "key"), MAX_TEXT)
        if key in keys:
            reader.error(
                join(path, "key"),
                _('"%(key)s" is also %(other)s\'s key', key=key, other=f"players[{keys[key]}]"),
            )
        if key == CORE:
            reader.error(join(path, "key"), _('"core" names the Core Module; choose another key'))
        keys[key] = index
        faction = reader.line(data["faction"], join(path, "faction"), MAX_TEXT)
        if same(faction) in factions:
            reader.error(
                join(path, "faction"),
                _(
                    '"%(faction)s" is also %(other)s\'s faction (names are '
                    "compared ignoring case); each faction is played once",
                    faction=faction,
                    other=f"players[{factions[same(faction)]}]",
                ),
            )
        factions[same(faction)] = index
        bonus = _read_bonus(reader, data, path, rules, faction)
        mission = _read_mission(reader, data, path, rules, missions, key)
        players.append(SessionPlayer(key, faction, bonus, mission))
    return tuple(players)


def _read_bonus(
    reader: Reader, data: dict, path: str, rules: SessionRules, faction: str
) -> tuple[str, int] | None:
    if "bonus" not in data or data["bonus"] is None:
        if rules.advanced_factions and faction.lower() in KNOWN_FACTION_BONUSES:
            return KNOWN_FACTION_BONUSES[faction.lower()]
        return None
    path = join(path, "bonus")
    if not rules.advanced_factions:
        reader.error(
            path,
            _("a permanent bonus comes with Advanced Faction Cards (rules.advanced_factions)"),
        )
    bonus = reader.obj(data["bonus"], path, BONUS_KEYS, _("a bonus key"), required=BONUS_KEYS)
    per = read_type(reader, bonus["per"], join(path, "per"))
    amount = reader.whole_number(bonus["amount"], join(path, "amount"), 1, MAX_FACTION_BONUS)
    return (per, amount)


def _read_mission(
    reader: Reader,
    data: dict,
    path: str,
    rules: SessionRules,
    seen: dict[str, str],
    key: str,
) -> SessionMission | None:
    if "mission" not in data or data["mission"] is None:
        return None
    path = join(path, "mission")
    if not rules.missions:
        reader.error(path, _("missions are not in play (rules.missions is false)"))
    mission = reader.obj(
        data["mission"],
        path,
        MISSION_KEYS,
        _("a mission key"),
        required=("dealt", "kept", "reward"),
    )
    dealt = reader.sequence(mission["dealt"], join(path, "dealt"), MISSIONS_DEALT, _("cards"))
    if len(dealt) != MISSIONS_DEALT:
        reader.error(join(path, "dealt"), _("must name the 2 Mission Cards dealt (ST:279)"))
    names: list[str] = []
    for index, item in enumerate(dealt):
        item_path = join(join(path, "dealt"), index)
        name = reader.line(item, item_path, MAX_TEXT)
        if same(name) in seen or same(name) in map(same, names):
            owner = seen.get(same(name), key)
            reader.error(
                item_path,
                _(
                    '"%(name)s" is also dealt to %(owner)s (names are compared ignoring case); '
                    "each Mission Card is dealt once",
                    name=name,
                    owner=owner,
                ),
            )
        names.append(name)
    for name in names:
        seen[same(name)] = key
    kept = reader.line(mission["kept"], join(path, "kept"), MAX_TEXT)
    if kept not in names:
        reader.error(join(path, "kept"), _("must be one of the two Mission Cards dealt"))
    reward = reader.whole_number(mission["reward"], join(path, "reward"), 0, MAX_MISSION_REWARD)
    most = None
    if "most" in mission:
        most = read_type(reader, mission["most"], join(path, "most"))
    return SessionMission(tuple(names), kept, reward, most)


def _read_bids(reader: Reader, value: Any, keys: list[str]) -> dict[str, int]:
    # ST:83 "you may bid for the right to choose your starting card": the mechanism is not in
    # the text; each bid is paid from the starting 14M and `first_order` is the outcome.
    bids = reader.mapping(value, "bids")
    for key in bids:
        if key not in keys:
            reader.error(
                join("bids", key),
                _("is not a player of this session (%(players)s)", players=", ".join(keys)),
            )
    for key in keys:
        if key not in bids:
            reader.error(
                "bids",
                _("must give every player's bid (0 for none); %(player)s has none", player=key),
            )
    return {
        key: reader.whole_number(bids[key], join("bids", key), 0, START_CREDITS) for key in keys
    }


def _read_first_order(reader: Reader, value: Any, keys: list[str]) -> tuple[str, ...]:
    items = reader.sequence(value, "first_order", 4, _("players"))
    if not all(isinstance(item, str) for item in items) or sorted(items) != sorted(keys):
        reader.error(
            "first_order",
            _(
                "must list each player once, First to Last (%(players)s in some order)",
                players=", ".join(keys),
            ),
        )
    return tuple(items)


__all__ = ["MISSING", "SESSION_FORMAT", "Setup", "read_setup"]
