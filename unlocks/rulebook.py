"""The rulebook's open structure, as data for the rules reference and the next-game sheet.

Pure Python, no Django. The rulebook marks every rule a section may change with a lock
("Throughout the rulebook you will see this symbol (a lock) ... you will need to go to the
sections of the rulebook referred to by these icons if they have been checked off", page 4).
`RULE_AREAS` lists the rule areas in rulebook order, each with the rule as printed for the first
game (open text: pages 5-21 are read before game 1) and the rule boxes of `fixtures/sections.json`
that sit in it. A section's title and changes are spoilers and live only in the sections data;
nothing here names what a locked section does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext_lazy


@dataclass(frozen=True, slots=True)
class RuleArea:
    key: str
    name: str
    page: int
    rule: str
    # The `where` of the sections data's rule boxes that sit in this area.
    rule_boxes: tuple[str, ...] = ()
    # Sections that change this area without a rule box of their own here (docs/unlocks.md).
    also_changed_by: tuple[int, ...] = ()
    # An area that is itself a section's text (#23 and #24 amend section #4): shown only once
    # that section is unlocked, since its existence is all a locked section may show.
    inside_section: int | None = None


RULE_AREAS: tuple[RuleArea, ...] = (
    RuleArea(
        "setup-players",
        gettext_lazy("Setup: each player"),
        5,
        gettext_lazy(
            "Each corporation takes its board, worker bag, four starting "
            "workers, city leave card, tracker card, starting ship, 17 "
            "outposts and 4 bases, and starts on 1 credit. The winner of "
            "the last game takes the first player token."
        ),
        rule_boxes=("Setup: starting credits",),
    ),
    RuleArea(
        "setup-solar-system",
        gettext_lazy("Setup: the solar system"),
        6,
        gettext_lazy(
            "Lay out the location cards of the zones in play, A side up "
            "unless a red sticker says B. One Mining Resource Token on "
            "each mining location (two with 3 or more players); the rest "
            "on the Rio Astro Corp card. Ships start on Earth."
        ),
        rule_boxes=("Setup: Setting Up the Solar System",),
    ),
    RuleArea(
        "setup-employment",
        gettext_lazy("Setup: the employment row"),
        6,
        gettext_lazy(
            "Five hire cards, A side up, each with its workers: Yurushi "
            "Employment Center, Nakamura Flight Academy, Treppenwitz "
            "Engineering, Akins and Van Shoyoc, Shepherd AI Systems "
            "(algorithms by player count)."
        ),
        rule_boxes=("Setup: Setting up the Employment Row",),
    ),
    RuleArea(
        "setup-trade",
        gettext_lazy("Setup: the trade row"),
        7,
        gettext_lazy("Hensler, Rio Astro Corp and the Bank of Yurushi."),
        rule_boxes=("Setup: Setting up the Trade Row",),
    ),
    RuleArea(
        "setup-political",
        gettext_lazy("Setup: the political row"),
        7,
        gettext_lazy(
            "Workers Union Party, United Federalists and Brave New Dawn, "
            "the ballot box and the voting tokens. The election token "
            "goes on the party that won the last election (the United "
            "Federalists in the first game)."
        ),
        rule_boxes=("Setup: Setting up the Political Row",),
    ),
    RuleArea(
        "megastructures",
        "Megastructures",
        8,
        gettext_lazy(
            "Games 1-4 each build a fixed Type I megastructure; after "
            "game 4 the Type II list opens. The Megastructure Location "
            "Token goes where it is built."
        ),
        rule_boxes=(
            "Type I and II Megastructures",
            "Type I and II Megastructures (after the Type II list)",
        ),
    ),
    RuleArea(
        "move",
        gettext_lazy("The move action, ships and location cards"),
        11,
        gettext_lazy(
            "A pilot on a ship card moves that ship up to its card's "
            "spaces; no more than two ships end on one location; "
            "arriving on a mining token takes it. Starting ships are "
            "worth 2 presence."
        ),
        rule_boxes=("The Move Action (ship cards)", "The Move Action (location cards)"),
    ),
    RuleArea(
        "zones",
        gettext_lazy("The zones of the solar system"),
        12,
        gettext_lazy(
            "Zones 1 and 2 are in play; the Zone HUB of zone 1 is Earth, of zone 2 Jupiter."
        ),
        rule_boxes=("The 6 Zones of the Solar System",),
    ),
    RuleArea(
        "trade-actions",
        gettext_lazy("Trade actions"),
        13,
        gettext_lazy(
            "A pilot and a lobbyist take one trade: Hensler builds or "
            "buys a base, Rio Astro Corp buys or sells mining resources, "
            "the Bank of Yurushi gives a credit or draws a worker for "
            "one credit. Never more than 29 credits."
        ),
        rule_boxes=(
            "Trade Actions: Unlockable Trade Actions",
            "Trade Actions: The Bank of Yurushi",
        ),
    ),
    RuleArea(
        "hubs",
        "HUBs",
        15,
        gettext_lazy(
            "Workers conscripted to a HUB set the worker value of its "
            "path to victory: each worker 1, each algorithm 2. The Move "
            "HUB Worker action moves one worker between HUBs."
        ),
        also_changed_by=(1, 3),
    ),
    RuleArea(
        "vote",
        gettext_lazy("Vote (worker removal action)"),
        16,
        gettext_lazy(
            "A lobbyist casts one secret vote for a party into the ballot box and goes to a HUB."
        ),
        rule_boxes=("Vote (worker removal action)",),
    ),
    RuleArea(
        "end-game-scoring",
        gettext_lazy("End game scoring"),
        18,
        gettext_lazy(
            "Credits 1 IP per 2; Mining Resource Tokens 2 IP each; each "
            "base the Hensler worker value plus its zone; each "
            "megastructure token the UFSS worker value; each military "
            "token half the Military HUB's worker value, rounded down."
        ),
        rule_boxes=(
            "End Game Scoring: credits",
            "End Game Scoring: political influence cards",
        ),
        also_changed_by=(7,),
    ),
    RuleArea(
        "presence",
        "Presence",
        19,
        gettext_lazy(
            "In each zone in play the most presence scores the Zone "
            "HUB's worker value, second place half (3 or more players); "
            "ties share in full. The zone with the Megastructure "
            "Location Token is worth 5 more."
        ),
        rule_boxes=("End Game Scoring: presence",),
    ),
    RuleArea(
        "election",
        gettext_lazy("The election phase"),
        19,
        gettext_lazy(
            "Each ballot is one vote; most votes wins and doubles one "
            "category; a tie keeps the party in power."
        ),
        rule_boxes=("The Election Phase",),
    ),
    RuleArea(
        "campaign",
        gettext_lazy("The campaign: tracker cards and awards"),
        20,
        gettext_lazy(
            "After each game the best in each area crosses a tracker "
            "box; completing a section wins its gold award, the second "
            "to complete it the silver. Campaign points are award points."
        ),
        also_changed_by=(7, 8),
    ),
    RuleArea(
        "section-4",
        gettext_lazy("Section #4"),
        27,
        gettext_lazy("The text of section #4 itself (page 27), once it is unlocked."),
        rule_boxes=("Section #4 White Star",),
        inside_section=4,
    ),
)

RULE_AREA_BY_KEY = {area.key: area for area in RULE_AREAS}


def area_of_rule_box(where: str) -> RuleArea | None:
    """The rule area a sections-data rule box sits in (None when no area claims it)."""
    for area in RULE_AREAS:
        if where in area.rule_boxes:
            return area
    return None


def sections_changing(area: RuleArea, rule_boxes: Iterable[tuple[int, str]]) -> tuple[int, ...]:
    """Section numbers that change `area`: its rule boxes' sections plus `also_changed_by`.

    `rule_boxes` is every (section number, where) of the sections data.
    """
    numbers = {n for n, where in rule_boxes if where in area.rule_boxes}
    numbers.update(area.also_changed_by)
    return tuple(sorted(numbers))


# --- names on the next-game sheet (cards the rulebook prints) -----------------------------

# The replay's `next_game.trade_row` keys (Setting up the Trade Row, and the sections that
# add a card there). Only cards in the row are ever shown, so a locked card is never named.
TRADE_CARDS = {
    "hensler": "Hensler",
    "rio_astro": "Rio Astro Corp",
    "bank_of_yurushi": "Bank of Yurushi",
    # Translators: the cards' names are printed; only the words in brackets translate.
    "bank_of_yurushi_loans": gettext_lazy("Bank of Yurushi (the new card, with the loan tokens)"),
    "neds": gettext_lazy("Near-Earth Dynamic Systems (NED tokens by player count)"),
    "white_star": gettext_lazy("White Star Shipyard (ship cards and miniatures)"),
    "wotherbys": gettext_lazy("Wotherby's Auction House (the project deck, shuffled, face down)"),
}

# The switch that put each card in the row (the sheet marks what the last game added).
TRADE_CARD_SWITCHES = {
    "neds": "neds",
    "white_star": "white_star",
    "wotherbys": "wotherbys",
    "bank_of_yurushi_loans": "loans",
}

# Setting up the Employment Row; the first three are the ones with a union side.
HIRE_CARDS = (
    ("Yurushi Employment Center", gettext_lazy("general workers"), True),
    ("Nakamura Flight Academy", gettext_lazy("pilots"), True),
    ("Treppenwitz Engineering Company", gettext_lazy("engineers"), True),
    ("Akins and Van Shoyoc", gettext_lazy("lobbyists"), False),
    ("Shepherd AI Systems", gettext_lazy("algorithms, by player count"), False),
)

# What a section's switch asks the group to take out of the box once (the section checklist).
# Shown only for unlocked sections.
SWITCH_STEPS = {
    "neds": gettext_lazy("Add the Near-Earth Dynamic Systems card and the NED tokens to the game"),
    "white_star": gettext_lazy(
        "Add the White Star Shipyard card, the ship cards and the ship miniatures"
    ),
    "political_influence": gettext_lazy("Add the political influence cards to the game"),
    "player_powers": gettext_lazy("Each corporation takes its player power sticker (winner first)"),
    "new_tracker_cards": gettext_lazy(
        "Hand out the new campaign tracker cards and copy the boxes across"
    ),
    "celestial_rebellion": gettext_lazy(
        "Add the Celestial Rebellion card and its two political influence cards"
    ),
    "trade_unions": gettext_lazy(
        "Put a red flip sticker on the A side of the three union hire cards"
    ),
    "loans": gettext_lazy(
        "Swap in the new Bank of Yurushi card with the loan tokens; box the old card"
    ),
    "wotherbys": gettext_lazy("Add the Wotherby's card and its project deck"),
}
