"""A rules refusal in the players' words, for the play log's forms: the three games' libraries
name fields by their file paths (`rules.condominium_built`, `projects[0]`, `turns[10]`) and
values by their keys (`space_flight`, `not_arrived`); a form shows names and counts as the
screen does (the Condominium, Project tile 1, round 6, Space Flight, not arrived).

The words are the reader's language's (the game's printed terms, module types, divisions and
groups, stay as printed). A file's refusal keeps the path: there the path is how a person
finds the field."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from colonists.groups import GROUPS
from space_explorers import DIVISION_NAMES
from startropolis.modules import MODULE_TYPES

# A list's item in a path, as a person counts it: "players[1]" is "player 2".
ITEM = re.compile(r"^([a-z_]+)\[(\d+)\]$")
# Translators: a place in a play's file, numbered from 1: "player 2", "Project tile 4".
ITEM_WORDS = {
    "players": gettext_lazy("player %(number)s"),
    "cities": gettext_lazy("city %(number)s"),
    "projects": gettext_lazy("Project tile %(number)s"),
    "rounds": gettext_lazy("round %(number)s"),
    "purchases": gettext_lazy("purchase %(number)s"),
    "attachments": gettext_lazy("attachment %(number)s"),
    "modules": gettext_lazy("module %(number)s"),
    "to": gettext_lazy("node %(number)s"),
    "unhoused_colonists": gettext_lazy("unhoused group %(number)s"),
    "modules_in_play": gettext_lazy("module type in play %(number)s"),
    "cards": gettext_lazy("card %(number)s"),
}
# The file's parts a person never sees as such.
FILE_PARTS = {"table", "session", "rules", "board"}
# A Space Explorers turn's side (`turns[3].you`): the turn's words already say whose it is.
TURN_SIDES = {"you", "opponent"}

KEY_NAMES: dict[str, Any] = {
    **{key: kind.name for key, kind in MODULE_TYPES.items()},
    **dict(DIVISION_NAMES.items()),
    **{group.key: group.name for group in GROUPS},
    "condominium_built": gettext_lazy("the Condominium built"),
    "not_arrived": gettext_lazy("not arrived"),
    "reception_camp": gettext_lazy("the Reception Camp"),
    "specialist_progress": "Specialist Progress",
    "ability_progress": "Ability Progress",
    "unhoused_colonists": gettext_lazy("contracted groups living in no city"),
    "modules_in_play": gettext_lazy("module types in play"),
    "negative_revenue": gettext_lazy("negative revenue"),
    "track_credits": gettext_lazy("running credits"),
    "spend_basis": gettext_lazy("spending basis"),
    "rush_fees": gettext_lazy("rush fees"),
    "first_order": gettext_lazy("first order"),
    "fusion_rolls": gettext_lazy("Fusion Reactor dice"),
    "card_revenue": gettext_lazy("advanced card revenue"),
    "revenue_adjustments": gettext_lazy("revenue changes"),
    "credit_adjustments": gettext_lazy("credits gained or paid"),
    "powers_used": gettext_lazy("one-time powers used"),
    "bank_invested": gettext_lazy("money on the Bank"),
    "discard_slot": gettext_lazy("discard slot"),
    "final_credits": gettext_lazy("final credits"),
    "from": gettext_lazy("taken from"),
    # Keys named by their own words, said in the reader's language.
    "slot": gettext_lazy("slot"),
    "index": gettext_lazy("index"),
    "divisions": gettext_lazy("divisions"),
    "name": gettext_lazy("name"),
    "groups": gettext_lazy("groups"),
    "completed_by": gettext_lazy("completed by"),
    "action": gettext_lazy("action"),
    "willing": gettext_lazy("willing"),
    "uninhabited_city": gettext_lazy("uninhabited city"),
    "tokens_set_aside": gettext_lazy("tokens set aside"),
    "specialists": gettext_lazy("specialists"),
    "resource_territory": gettext_lazy("resource territory"),
    "points": gettext_lazy("points"),
    "player": gettext_lazy("player"),
    "paid": gettext_lazy("paid"),
    "opponent_favoured_division": gettext_lazy("opponent favoured division"),
    "launch": gettext_lazy("launch"),
    "division": gettext_lazy("division"),
    "contracted": gettext_lazy("contracted"),
    "citizens": gettext_lazy("citizens"),
    "categories": gettext_lazy("categories"),
    "cards_to_center": gettext_lazy("cards to center"),
    "achieved": gettext_lazy("achieved"),
    "skills": gettext_lazy("skills"),
    "colonists": gettext_lazy("colonists"),
}


def key_words(key: str) -> str:
    """A file's key as the screen says it, in the reader's language where it has a name."""
    name = KEY_NAMES.get(key)
    return str(name) if name is not None else key.replace("_", " ")


# A path (`a.b`, `a[0]`, `a.b[1].c`) or a snake_case key inside a sentence.
TOKEN = re.compile(
    r"\b[a-z][a-z0-9_]*(?:\[\d+\])?(?:\.[a-z][a-z0-9_]*(?:\[\d+\])?)+"
    r"|\b[a-z][a-z0-9_]*\[\d+\]"
    r"|\b[a-z]+(?:_[a-z0-9]+)+\b"
)


def _part(part: str, words: list[str]) -> None:
    item = ITEM.match(part)
    if item is None:
        words.append(key_words(part))
        return
    name, index = item.groups()
    number = int(index)
    if name == "turns":
        # Space Explorers: you and the Opponent take turns, you first; the runner counts rounds.
        if number % 2 == 0:
            words.append(_("round %(round)s, your turn") % {"round": number // 2 + 1})
        else:
            words.append(_("round %(round)s, the Opponent’s turn") % {"round": number // 2 + 1})
        return
    found = ITEM_WORDS.get(name)
    if found is None:
        words.append(f"{name.replace('_', ' ')} {number + 1}")
    else:
        words.append(str(found) % {"number": number + 1})


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
        return key_words(token)

    return TOKEN.sub(said, message)
