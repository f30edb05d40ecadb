"""A rules refusal in the players' words, for the play log's forms: the three games' libraries
name fields by their file paths (`rules.condominium_built`, `projects[0]`, `turns[10]`) and
values by their keys (`space_flight`, `not_arrived`); a form shows names and counts as the
screen does (the Condominium, Project tile 1, round 6, Space Flight, not arrived).

A file's refusal keeps the path: there the path is how a person finds the field."""

from __future__ import annotations

import re

from colonists.groups import GROUPS
from space_explorers import DIVISION_NAMES
from startropolis.modules import MODULE_TYPES

# A list's item in a path, as a person counts it: "players[1]" is "player 2".
ITEM = re.compile(r"^([a-z_]+)\[(\d+)\]$")
ITEM_WORDS = {
    "players": "player",
    "cities": "city",
    "projects": "Project tile",
    "rounds": "round",
    "purchases": "purchase",
    "attachments": "attachment",
    "modules": "module",
    "to": "node",
    "unhoused_colonists": "unhoused group",
    "modules_in_play": "module type in play",
    "cards": "card",
}
# The file's parts a person never sees as such.
FILE_PARTS = {"table", "session", "rules", "board"}
# A Space Explorers turn's side (`turns[3].you`): the turn's words already say whose it is.
TURN_SIDES = {"you", "opponent"}

KEY_NAMES: dict[str, str] = {
    **{key: kind.name for key, kind in MODULE_TYPES.items()},
    **dict(DIVISION_NAMES.items()),
    **{group.key: group.name for group in GROUPS},
    "condominium_built": "the Condominium built",
    "not_arrived": "not arrived",
    "reception_camp": "the Reception Camp",
    "specialist_progress": "Specialist Progress",
    "ability_progress": "Ability Progress",
    "unhoused_colonists": "contracted groups living in no city",
    "modules_in_play": "module types in play",
    "negative_revenue": "negative revenue",
    "track_credits": "running credits",
    "spend_basis": "spending basis",
    "rush_fees": "rush fees",
    "first_order": "first order",
    "fusion_rolls": "Fusion Reactor dice",
    "card_revenue": "advanced card revenue",
    "revenue_adjustments": "revenue changes",
    "credit_adjustments": "credits gained or paid",
    "powers_used": "one-time powers used",
    "bank_invested": "money on the Bank",
    "discard_slot": "discard slot",
    "final_credits": "final credits",
    "from": "taken from",
}

# A path (`a.b`, `a[0]`, `a.b[1].c`) or a snake_case key inside a sentence.
TOKEN = re.compile(
    r"\b[a-z][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z][a-z0-9_]*(?:\[\d+\])?)+"
    r"|\b[a-z][a-z0-9_]*\[\d+\]"
    r"|\b[a-z]+(?:_[a-z0-9]+)+\b"
)


def _part(part: str, words: list[str]) -> None:
    item = ITEM.match(part)
    if item is None:
        words.append(KEY_NAMES.get(part, part.replace("_", " ")))
        return
    name, index = item.groups()
    number = int(index)
    if name == "turns":
        # Space Explorers: you and the Opponent take turns, you first; the runner counts rounds.
        whose = "your" if number % 2 == 0 else "the Opponent’s"
        words.append(f"round {number // 2 + 1}, {whose} turn")
        return
    words.append(f"{ITEM_WORDS.get(name, name.replace('_', ' '))} {number + 1}")


def where(path: str) -> str:
    """A field's path in people's words: `table.players[1].cities[0].colonists` is "player 2,
    city 1, colonists"; `session.turns[10].you.from` is "round 6, your turn, taken from" (the
    turn already says whose)."""
    words: list[str] = []
    parts = path.split(".")
    for index, part in enumerate(parts):
        if part in FILE_PARTS and not words and index < len(parts) - 1:
            continue
        if part in TURN_SIDES and index and parts[index - 1].startswith("turns["):
            continue
        _part(part, words)
    return ", ".join(words)


def in_words(message: str) -> str:
    """The sentence with every path and key in it said as the screen says it."""

    def said(found: re.Match) -> str:
        token = found.group(0)
        if "." in token or "[" in token:
            return where(token)
        return KEY_NAMES.get(token, token.replace("_", " "))

    return TOKEN.sub(said, message)
