"""The end state of a game (`startropolis-table`, OTHER-GAMES.md §2.9) and its final ranking.

"The player with the most credits in hand after the final revenue phase wins the game. In case
of a tie, the player with the highest income (furthest ahead on the Revenue Track) wins the
game. In the rare case that the game is still tied, the tied players should total up the
purchase prices on their owned modules. The player who has spent the most, wins." (ST:160–162)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamefile.words import _

from .common import (
    CARD_KEYS,
    Card,
    Deck,
    read_card_fields,
    read_modules_in_play,
    read_player_count,
    read_type,
)
from .errors import StartropolisError
from .modules import (
    BANK,
    BANK_INVEST_PER_TURN,
    BASIC_CARD,
    CORE_GAME_TYPES,
    MAX_CREDITS,
    MAX_MISSION_REWARD,
    MAX_TABLE_REVENUE,
    MAX_TEXT,
    MIN_PAID_REVENUE,
    MODULE_TYPES,
    NEGATIVE_REVENUE_RULES,
    ROUNDS,
    SPEND_BASES,
)
from .reader import MISSING, Reader, join
from .words import and_list, same

TABLE_FORMAT = "startropolis-table"
VERSION = 1

TOP_KEYS = ("format", "version", "rules", "players")
RULES_KEYS = (
    "players",
    "modules_in_play",
    "missions",
    "advanced_factions",
    "spend_basis",
    "negative_revenue",
)
PLAYER_KEYS = (
    "player",
    "faction",
    "credits",
    "revenue",
    "paid",
    "modules",
    "bank_invested",
    "mission",
)
MISSION_KEYS = ("name", "reward", "achieved", "most")
MAX_PAID = 999  # sanity bound on the amount a player paid for modules over a game
MAX_LISTED_MODULES = 40  # sanity bound before the per-player count check


@dataclass(frozen=True)
class TableRules:
    players: int
    modules_in_play: tuple[str, ...] = CORE_GAME_TYPES
    missions: bool = False
    advanced_factions: bool = False
    spend_basis: str = "printed"
    negative_revenue: str = "floor"

    def as_json(self) -> dict:
        return {
            "players": self.players,
            "modules_in_play": list(self.modules_in_play),
            "missions": self.missions,
            "advanced_factions": self.advanced_factions,
            "spend_basis": self.spend_basis,
            "negative_revenue": self.negative_revenue,
        }


@dataclass(frozen=True)
class Mission:
    name: str
    reward: int
    achieved: bool | None  # None: judged from `most`
    most: str | None


@dataclass(frozen=True)
class TablePlayer:
    faction: str
    credits: int
    revenue: int
    modules: tuple[Card, ...]
    player: str | None = None
    paid: int | None = None
    bank_invested: int = 0
    mission: Mission | None = None

    @property
    def printed_spend(self) -> int:
        # Reading ST-R4: printed costs of every owned card, attached or held, Civic included.
        return sum(card.cost for card in self.modules)


@dataclass(frozen=True)
class Table:
    rules: TableRules
    players: tuple[TablePlayer, ...]


def validate_table(table: Any) -> list[StartropolisError]:
    """Every problem of `table`, in reading order (an empty list for a valid table)."""
    reader = Reader(fail_fast=False)
    _TableReader(reader).read(table)
    return reader.errors


def parse_table(table: Any) -> Table:
    """The `Table` of the JSON; raises the first problem."""
    reader = Reader(fail_fast=True)
    parsed = _TableReader(reader).read(table)
    assert parsed is not None
    return parsed


def score(table: Any) -> dict:
    """The final ranking of §2.9: final credits (in hand + mission), then revenue, then spend."""
    parsed = parse_table(table)
    return rank_table(parsed)


def mission_achieved(table: Table, index: int) -> bool:
    """A kept mission's outcome: entered, or judged from the table for "Own the most ⟨type⟩
    modules" (ST:283; reading ST-R8: strictly more than every other player; ST-R7: by type)."""
    mission = table.players[index].mission
    if mission is None:
        return False
    if mission.most is None:
        return bool(mission.achieved)
    counts = [sum(1 for c in p.modules if c.type == mission.most) for p in table.players]
    mine = counts[index]
    return all(mine > count for i, count in enumerate(counts) if i != index)


def rank_table(table: Table) -> dict:
    basis = table.rules.spend_basis
    rows = []
    for index, player in enumerate(table.players):
        achieved = mission_achieved(table, index)
        mission = player.mission.reward if player.mission and achieved else 0
        spend = player.paid if basis == "paid" and player.paid is not None else player.printed_spend
        rows.append(
            {
                "faction": player.faction,
                "credits": player.credits,
                "mission": mission,
                "final_credits": player.credits + mission,
                "revenue": player.revenue,
                "spend": spend,
                "_index": index,
                "_achieved": achieved,
                # How a sentence names the player: "Ali (broodmaster)", or the faction alone.
                "_who": (
                    # Translators: a player named with their faction, "Ali (broodmaster)".
                    _("%(player)s (%(faction)s)", player=player.player, faction=player.faction)
                    if player.player
                    else player.faction
                ),
            }
        )

    def key(row: dict) -> tuple[int, int, int]:
        return (row["final_credits"], row["revenue"], row["spend"])

    ordered = sorted(rows, key=lambda row: tuple(-part for part in key(row)))
    for position, row in enumerate(ordered):
        same = position > 0 and key(ordered[position - 1]) == key(row)
        row["rank"] = ordered[position - 1]["rank"] if same else position + 1
    winners = [row for row in ordered if row["rank"] == 1]
    decided_by, decided_why = _decision(ordered, winners, basis)

    players = []
    for row in ordered:
        player = table.players[row["_index"]]
        out = {k: v for k, v in row.items() if not k.startswith("_")}
        if player.player is not None:
            out = {"player": player.player, **out}
        out["spend_printed"] = player.printed_spend
        if player.paid is not None:
            out["spend_paid"] = player.paid
        if player.mission is not None:
            out["mission_name"] = player.mission.name
            out["mission_achieved"] = row["_achieved"]
        if player.bank_invested:
            out["bank_invested"] = player.bank_invested
        out["explain"] = _explain(table, row, player)
        players.append(out)
    return {
        "players": players,
        "winners": [row["faction"] for row in winners],
        "decided_by": decided_by,
        "spend_basis": basis,
        "decided_why": decided_why,
    }


def _decision(ordered: list[dict], winners: list[dict], basis: str) -> tuple[str | None, str]:
    top = [row for row in ordered if row["final_credits"] == ordered[0]["final_credits"]]
    names = and_list([row["_who"] for row in top])
    if len(top) == 1:
        return "credits", _(
            "%(who)s has the most credits: %(credits)sM "
            "in hand after the final Revenue Phase, mission included",
            who=top[0]["_who"],
            credits=top[0]["final_credits"],
        )
    best_revenue = max(row["revenue"] for row in top)
    top_revenue = [row for row in top if row["revenue"] == best_revenue]
    if len(top_revenue) == 1:
        return "revenue", _(
            "%(names)s tie on %(credits)sM; %(who)s is "
            "furthest ahead on the Revenue Track (%(revenue)s)",
            names=names,
            credits=top[0]["final_credits"],
            who=top_revenue[0]["_who"],
            revenue=best_revenue,
        )
    best_spend = max(row["spend"] for row in top_revenue)
    top_spend = [row for row in top_revenue if row["spend"] == best_spend]
    tied = and_list([row["_who"] for row in top_revenue])
    if len(top_spend) == 1:
        values = {
            "tied": tied,
            "credits": top[0]["final_credits"],
            "revenue": best_revenue,
            "who": top_spend[0]["_who"],
            "spend": best_spend,
        }
        if basis == "printed":
            return "spend", _(
                "%(tied)s tie on %(credits)sM and revenue %(revenue)s; "
                "%(who)s spent the most on modules (%(spend)sM, printed costs)",
                **values,
            )
        return "spend", _(
            "%(tied)s tie on %(credits)sM and revenue %(revenue)s; "
            "%(who)s spent the most on modules (%(spend)sM, amount paid)",
            **values,
        )
    return None, _(
        "%(names)s tie on credits, revenue and spend: they share the win",
        names=and_list([row["_who"] for row in winners]),
    )


def _explain(table: Table, row: dict, player: TablePlayer) -> dict:
    explain = {
        "final_credits": _(
            "%(credits)sM in hand + %(mission)sM mission = %(final)sM",
            credits=player.credits,
            mission=row["mission"],
            final=row["final_credits"],
        )
    }
    mission = player.mission
    if mission is None:
        explain["mission"] = _("no mission card")
    elif mission.most is not None:
        counts = [sum(1 for c in p.modules if c.type == mission.most) for p in table.players]
        mine = counts[row["_index"]]
        others = max((c for i, c in enumerate(counts) if i != row["_index"]), default=0)
        values = {
            "mission": mission.name,
            "owned": MODULE_TYPES[mission.most].count_text(mine),
            "others": others,
        }
        if row["_achieved"]:
            explain["mission"] = _(
                "%(mission)s: owns %(owned)s, the most of "
                "any other player is %(others)s: achieved (strictly the most is needed)",
                **values,
            )
        else:
            explain["mission"] = _(
                "%(mission)s: owns %(owned)s, the most of "
                "any other player is %(others)s: not achieved (strictly the most is needed)",
                **values,
            )
    elif row["_achieved"]:
        explain["mission"] = _(
            "%(mission)s: achieved, +%(reward)sM", mission=mission.name, reward=mission.reward
        )
    else:
        explain["mission"] = _("%(mission)s: not achieved", mission=mission.name)
    terms = [f"{_card_words(card)} {card.cost}M" for card in player.modules]
    explain["spend_printed"] = (
        # Translators: a sum of module cards' costs, "Solar 4M + Civic 2M = 6M".
        _("%(terms)s = %(total)sM", terms=" + ".join(terms), total=player.printed_spend)
        if terms
        else _("no module cards: 0M")
    )
    if player.bank_invested:
        explain["bank_invested"] = _(
            "%(invested)sM still on the Bank card is not in hand and does not count",
            invested=player.bank_invested,
        )
    return explain


def _card_words(card: Card) -> str:
    if card.card == BASIC_CARD:
        return MODULE_TYPES[card.type].name
    if card.card == BANK:
        return "Bank"
    return f"{card.card} ({MODULE_TYPES[card.type].name})"


class _TableReader:
    def __init__(self, reader: Reader) -> None:
        self.reader = reader

    def read(self, data: Any) -> Table | None:
        reader = self.reader
        top = reader.obj(data, "", TOP_KEYS, _("a table key"), required=("rules", "players"))
        if top is None:
            return None
        if "format" in top and top["format"] != TABLE_FORMAT:
            reader.error("format", _('must be "%(format)s"', format=TABLE_FORMAT))
        if "version" in top and (type(top["version"]) is not int or top["version"] != VERSION):
            reader.error(
                "version", _("must be %(version)s, the only table version", version=VERSION)
            )
        rules = self.read_rules(top.get("rules", MISSING))
        players = self.read_players(top.get("players", MISSING), rules)
        if rules is None or players is None or reader.errors:
            return None
        return Table(rules, players)

    def read_rules(self, value: Any) -> TableRules | None:
        reader = self.reader
        if value is MISSING:
            return None
        rules = reader.obj(value, "rules", RULES_KEYS, _("a rules key"))
        if rules is None:
            return None
        count = read_player_count(reader, rules, "rules")
        in_play = read_modules_in_play(reader, rules, "rules")
        flags = {}
        for key in ("missions", "advanced_factions"):
            flags[key] = reader.flag(rules.get(key, False), join("rules", key))
        basis = reader.choice(rules.get("spend_basis", "printed"), "rules.spend_basis", SPEND_BASES)
        negative = reader.choice(
            rules.get("negative_revenue", "floor"), "rules.negative_revenue", NEGATIVE_REVENUE_RULES
        )
        if None in (count, in_play, basis, negative, *flags.values()):
            return None
        return TableRules(
            players=count,
            modules_in_play=in_play,
            missions=flags["missions"],
            advanced_factions=flags["advanced_factions"],
            spend_basis=basis,
            negative_revenue=negative,
        )

    def read_players(self, value: Any, rules: TableRules | None) -> tuple[TablePlayer, ...] | None:
        reader = self.reader
        if value is MISSING:
            return None
        items = reader.sequence(value, "players", 4, _("players"))
        if items is None:
            return None
        if rules is not None and len(items) != rules.players:
            reader.error(
                "players",
                _(
                    "%(count)s players are listed, but rules.players is %(players)s",
                    count=len(items),
                    players=rules.players,
                ),
            )
            return None
        if rules is None:
            return None
        deck = Deck(rules.players)
        rounds = ROUNDS[rules.players]
        players: list[TablePlayer] = []
        factions: dict[str, int] = {}
        names: dict[str, int] = {}
        mission_names: dict[str, int] = {}
        over_box: set[str] = set()
        ok = True
        for index, item in enumerate(items):
            path = f"players[{index}]"
            player = self.read_player(
                item, path, rules, deck, rounds, over_box, factions, names, mission_names, index
            )
            if player is None:
                ok = False
            else:
                players.append(player)
        if not ok:
            return None
        if rules.spend_basis == "paid":
            for index, player in enumerate(players):
                if player.paid is None:
                    reader.error(
                        "rules.spend_basis",
                        _(
                            '"paid" needs the amount each player paid for modules, and '
                            "%(field)s is not given; a table without a session can "
                            'use "printed"',
                            field=f"players[{index}].paid",
                        ),
                    )
                    return None
        for index, player in enumerate(players):
            mission = player.mission
            if mission is not None and mission.most is not None and mission.achieved is not None:
                judged = mission_achieved(Table(rules, tuple(players)), index)
                if judged != mission.achieved:
                    reader.error(
                        f"players[{index}].mission.achieved",
                        _(
                            'is false, but the table says it is: "the most" '
                            "%(modules)s means strictly more than every other player",
                            modules=MODULE_TYPES[mission.most].plural,
                        )
                        if judged
                        else _(
                            'is true, but the table says it is not: "the most" '
                            "%(modules)s means strictly more than every other player",
                            modules=MODULE_TYPES[mission.most].plural,
                        ),
                    )
                    return None
        return tuple(players)

    def read_player(
        self,
        item: Any,
        path: str,
        rules: TableRules,
        deck: Deck,
        rounds: int,
        over_box: set[str],
        factions: dict[str, int],
        names: dict[str, int],
        mission_names: dict[str, int],
        index: int,
    ) -> TablePlayer | None:
        reader = self.reader
        data = reader.obj(
            item, path, PLAYER_KEYS, _("a player key"), required=("faction", "credits", "revenue")
        )
        if data is None:
            return None
        errors_before = len(reader.errors)
        name = self.read_player_name(data, path, names, index)
        faction = self.read_faction(data, path, factions, index)
        credits = None
        if "credits" in data:
            credits = reader.whole_number(data["credits"], join(path, "credits"), 0, MAX_CREDITS)
        revenue = None
        if "revenue" in data:
            low = MIN_PAID_REVENUE if rules.negative_revenue == "pay" else 0
            revenue = reader.whole_number(
                data["revenue"], join(path, "revenue"), low, MAX_TABLE_REVENUE
            )
        paid = None
        if "paid" in data:
            paid = reader.whole_number(data["paid"], join(path, "paid"), 0, MAX_PAID)
        cards = self.read_modules(data.get("modules", []), join(path, "modules"), rules, deck)
        if cards is not None:
            self.count_owned(cards, join(path, "modules"), rules, deck, rounds, over_box)
        bank_invested = self.read_bank(data, path, cards, rounds)
        mission = self.read_mission(data, path, rules, mission_names, index)
        if len(reader.errors) > errors_before or None in (faction, credits, revenue, cards):
            return None
        return TablePlayer(
            faction=faction,
            credits=credits,
            revenue=revenue,
            modules=tuple(cards),
            player=name,
            paid=paid,
            bank_invested=bank_invested or 0,
            mission=mission,
        )

    def read_player_name(
        self, data: dict, path: str, names: dict[str, int], index: int
    ) -> str | None:
        reader = self.reader
        if "player" not in data:
            return None
        name = reader.line(data["player"], join(path, "player"), MAX_TEXT)
        if name is not None and name in names:
            reader.error(
                join(path, "player"),
                _(
                    '"%(name)s" is also %(other)s\'s name',
                    name=name,
                    other=f"players[{names[name]}]",
                ),
            )
        elif name is not None:
            names[name] = index
        return name

    def read_faction(
        self, data: dict, path: str, factions: dict[str, int], index: int
    ) -> str | None:
        reader = self.reader
        if "faction" not in data:
            return None
        faction = reader.line(data["faction"], join(path, "faction"), MAX_TEXT)
        if faction is not None and same(faction) in factions:
            reader.error(
                join(path, "faction"),
                _(
                    '"%(faction)s" is also %(other)s\'s faction (names '
                    "are compared ignoring case); each faction is played once",
                    faction=faction,
                    other=f"players[{factions[same(faction)]}]",
                ),
            )
        elif faction is not None:
            factions[same(faction)] = index
        return faction

    def count_owned(
        self,
        cards: list[Card],
        path: str,
        rules: TableRules,
        deck: Deck,
        rounds: int,
        over_box: set[str],
    ) -> None:
        """A player's modules: one purchase a round, and counted against the box's cards."""
        reader = self.reader
        if len(cards) > rounds:
            reader.error(
                path,
                _(
                    "%(count)s modules owned, but a %(players)s-player game has %(rounds)s "
                    "rounds with one purchase each",
                    count=len(cards),
                    players=rules.players,
                    rounds=rounds,
                ),
            )
        for card in cards:
            deck.counts[card.type] = deck.counts.get(card.type, 0) + 1
        for key in MODULE_TYPES:
            count = deck.counts.get(key, 0)
            if count > deck.limit(key) and key not in over_box:
                over_box.add(key)
                reader.error(
                    path,
                    _(
                        "%(count)s %(modules)s owned, %(box)s",
                        count=count,
                        modules=MODULE_TYPES[key].plural,
                        box=deck.box_text(key),
                    ),
                )

    def read_modules(
        self, value: Any, path: str, rules: TableRules, deck: Deck
    ) -> list[Card] | None:
        reader = self.reader
        items = reader.sequence(value, path, MAX_LISTED_MODULES, _("modules"))
        if items is None:
            return None
        cards: list[Card] = []
        ok = True
        for index, item in enumerate(items):
            item_path = join(path, index)
            entry = reader.obj(item, item_path, CARD_KEYS, _("a module key"), required=("type",))
            card = None
            if entry is not None and "type" in entry:
                card = read_card_fields(reader, entry, item_path, rules.modules_in_play, None)
            if card is None:
                ok = False
                continue
            problem = deck.mixing_problem(card, item_path)
            if problem is not None:
                reader.error(join(item_path, "card"), problem)
                ok = False
                continue
            cards.append(card)
        return cards if ok else None

    def read_bank(self, data: dict, path: str, cards: list[Card] | None, rounds: int) -> int | None:
        reader = self.reader
        if "bank_invested" not in data:
            return 0
        banks = sum(1 for card in cards or [] if card.card == BANK)
        bound = BANK_INVEST_PER_TURN * rounds * banks
        raw = data["bank_invested"]
        if type(raw) is int and raw < 0:
            # §2.8 "bank_invested ≥ 0": money is put on the card, never owed to it.
            reader.error(
                join(path, "bank_invested"), _("must be 0 or more: the credits on the card")
            )
            return None
        value = reader.whole_number(raw, join(path, "bank_invested"), 0, 10**6)
        if value is None or cards is None:
            return None
        if value and not banks:
            reader.error(
                join(path, "bank_invested"),
                _("%(invested)sM invested, but this player owns no Bank card", invested=value),
            )
            return None
        if value > bound:
            reader.error(
                join(path, "bank_invested"),
                _(
                    "must be between 0 and %(most)s (at most %(per_turn)sM a turn on each "
                    "Bank card over %(rounds)s rounds)",
                    most=bound,
                    per_turn=BANK_INVEST_PER_TURN,
                    rounds=rounds,
                ),
            )
            return None
        return value

    def read_mission(
        self, data: dict, path: str, rules: TableRules, mission_names: dict[str, int], index: int
    ) -> Mission | None:
        reader = self.reader
        value = data.get("mission")
        if value is None:
            return None
        path = join(path, "mission")
        if not rules.missions:
            reader.error(path, _("missions are not in play (rules.missions is false)"))
            return None
        mission = reader.obj(
            value, path, MISSION_KEYS, _("a mission key"), required=("name", "reward")
        )
        if mission is None:
            return None
        name = None
        if "name" in mission:
            name = reader.line(mission["name"], join(path, "name"), MAX_TEXT)
            if name is not None and same(name) in mission_names:
                reader.error(
                    join(path, "name"),
                    _(
                        '"%(name)s" is also %(other)s\'s mission (names '
                        "are compared ignoring case); each Mission Card is dealt once",
                        name=name,
                        other=f"players[{mission_names[same(name)]}]",
                    ),
                )
                name = None
            elif name is not None:
                mission_names[same(name)] = index
        reward = None
        if "reward" in mission:
            reward = reader.whole_number(
                mission["reward"], join(path, "reward"), 0, MAX_MISSION_REWARD
            )
        most = None
        if "most" in mission:
            most = read_type(reader, mission["most"], join(path, "most"))
        achieved = None
        if "achieved" in mission:
            achieved = reader.flag(mission["achieved"], join(path, "achieved"))
        elif "most" not in mission:
            reader.error(
                join(path, "achieved"),
                _(
                    "is required: say whether the mission was achieved, or name the module type "
                    'in "most" for the app to judge "Own the most ... modules"'
                ),
            )
            return None
        if name is None or reward is None or ("most" in mission and most is None):
            return None
        if "achieved" in mission and achieved is None:
            return None
        return Mission(name, reward, achieved, most)
