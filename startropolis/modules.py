"""Fixed data of Startropolis (OTHER-GAMES.md §2.2): module types, the box, rounds, order cards.

Everything here is printed in the rulebook (cited as ST:line); nothing is computed.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamefile.words import ngettext

RESIDENTIAL = "Residential"
COMMERCIAL = "Commercial"
INDUSTRIAL = "Industrial"
UTILITY = "Utility"
GOVERNMENT = "Government"
ENTERTAINMENT = "Entertainment"
# ST:235 lists the six categories; ST:295 recommends one of each when expansions are used.
CATEGORIES = (RESIDENTIAL, UTILITY, COMMERCIAL, ENTERTAINMENT, INDUSTRIAL, GOVERNMENT)


@dataclass(frozen=True)
class ModuleType:
    """One module type as the box and its basic card print it."""

    key: str
    name: str
    cost: int
    quantity: int
    category: str
    expansion: bool = False
    # ST:77: a 2-player game removes 2 Solar Modules and 1 Luxury Habitation Module.
    removed_for_two: int = 0

    def quantity_for(self, players: int) -> int:
        return self.quantity - (self.removed_for_two if players == 2 else 0)

    @property
    def plural(self) -> str:
        return f"{self.name} Modules"

    def count_text(self, count: int) -> str:
        """`1 Supply Module`, `2 Supply Modules`."""
        # Translators: "Module" with the type's name is the game's printed term, "2 Solar Modules".
        return ngettext(
            "%(count)s %(name)s Module",
            "%(count)s %(name)s Modules",
            count,
            count=count,
            name=self.name,
        )


BASIC_HABITATION = "basic_habitation"
SOLAR = "solar"
SUPPLY = "supply"
MARKET_CENTER = "market_center"
LUXURY_HABITATION = "luxury_habitation"
CIVIC = "civic"
BROADCAST = "broadcast"
POLICE = "police"
FUSION = "fusion"
SALVAGE = "salvage"
STADIUM = "stadium"
XENOMORPH_RESEARCH = "xenomorph_research"

# The table of §2.2; costs and quantities ST:185–229 and ST:306–348, categories ST:297–302.
MODULE_TYPES: dict[str, ModuleType] = {
    module.key: module
    for module in (
        ModuleType(BASIC_HABITATION, "Basic Habitation", 5, 6, RESIDENTIAL),
        ModuleType(SOLAR, "Solar Power", 6, 6, UTILITY, removed_for_two=2),
        ModuleType(SUPPLY, "Supply", 5, 6, INDUSTRIAL),
        ModuleType(MARKET_CENTER, "Market Center", 7, 4, COMMERCIAL),
        ModuleType(LUXURY_HABITATION, "Luxury Habitation", 7, 4, RESIDENTIAL, removed_for_two=1),
        ModuleType(CIVIC, "Civic", 3, 4, GOVERNMENT),
        ModuleType(BROADCAST, "Broadcast", 3, 4, ENTERTAINMENT, expansion=True),
        ModuleType(POLICE, "Police", 7, 4, GOVERNMENT, expansion=True),
        ModuleType(FUSION, "Fusion Reactor", 8, 6, UTILITY, expansion=True),
        ModuleType(SALVAGE, "Salvage", 5, 4, INDUSTRIAL, expansion=True),
        ModuleType(STADIUM, "Stadium", 10, 2, ENTERTAINMENT, expansion=True),
        ModuleType(XENOMORPH_RESEARCH, "Xenomorph Research", 4, 4, COMMERCIAL, expansion=True),
    )
}
TYPE_KEYS = tuple(MODULE_TYPES)
CORE_GAME_TYPES = (BASIC_HABITATION, SOLAR, SUPPLY, MARKET_CENTER, LUXURY_HABITATION, CIVIC)
# ST:295: "the total amount of module types in the game should not be more than six".
MAX_TYPES_IN_PLAY = 6

CORE = "core"
CORE_NAME = "the Core"

MIN_PLAYERS = 2
MAX_PLAYERS = 4
# ST:156: seven rounds for two players, six for three, five for four.
ROUNDS = {2: 7, 3: 6, 4: 5}
# ST:81: two players use First and Last, three add Second, four add Third.
ORDER_CARDS = {
    2: ("first", "last"),
    3: ("first", "second", "last"),
    4: ("first", "second", "third", "last"),
}
ORDER_CARD_NAMES = {"first": "First", "second": "Second", "third": "Third", "last": "Last"}
# ST:229: "First: 6M, 2nd: 3M, 3rd: 1M, Last: -3M".
CIVIC_REVENUE = {"first": 6, "second": 3, "third": 1, "last": -3}

START_CREDITS = 14  # ST:79
OPTION_3_GAIN = 5  # ST:103
TRACK_SLOTS = 6  # ST:77: six cards dealt on the Construction Track
RUSHED_SLOTS = (1, 2, 3, 4)  # under construction, a rush fee printed above each (ST:101)
FREE_SLOTS = (5, 6)  # "the two Module cards on the far right" (ST:101)
MAX_RUSH_FEE = 20

# ST:291, the printed advanced Market Center card.
BANK = "bank"
BANK_COST = 5
BANK_INVEST_PER_TURN = 2
BASIC_CARD = "basic"


@dataclass(frozen=True)
class AdvancedCard:
    key: str
    name: str
    type: str
    cost: int


ADVANCED_CARDS = {BANK: AdvancedCard(BANK, "Bank", MARKET_CENTER, BANK_COST)}

# ST:272, the printed Advanced Faction Card: "Gain +2M for each Luxury Habitation Module owned
# and attached". A session whose faction key is "fungi" gets it unless it states its own bonus.
KNOWN_FACTION_BONUSES = {"fungi": (LUXURY_HABITATION, 2)}

# §2.8: card cost when an advanced card states its own; mission reward.
MIN_CARD_COST = 1
MAX_CARD_COST = 20
MAX_MISSION_REWARD = 50
MAX_CREDITS = 999
MAX_TABLE_REVENUE = 300
MIN_PAID_REVENUE = -30  # a session's track under negative_revenue "pay" (§2.8)
MAX_TEXT = 40  # faction keys, player keys, module ids, card and mission names

NEGATIVE_REVENUE_RULES = ("floor", "pay")
SPEND_BASES = ("printed", "paid")


def clearance_price(cost: int) -> int:
    """ST:109: in the final round every module sells for half price, rounded up."""
    return -(-cost // 2)


def type_name(key: str) -> str:
    return MODULE_TYPES[key].name


def is_residential(key: str) -> bool:
    return MODULE_TYPES[key].category == RESIDENTIAL
