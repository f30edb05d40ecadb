"""Input rules the table and the session share: module types in play, module cards, the box."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamefile.words import _, ngettext

from .modules import (
    ADVANCED_CARDS,
    BASIC_CARD,
    CORE_GAME_TYPES,
    MAX_CARD_COST,
    MAX_PLAYERS,
    MAX_TEXT,
    MAX_TYPES_IN_PLAY,
    MIN_CARD_COST,
    MIN_PLAYERS,
    MODULE_TYPES,
    TYPE_KEYS,
)
from .reader import MISSING, Reader, describe, join

CARD_KEYS = ("type", "card", "cost")


def read_player_count(reader: Reader, rules: dict, path: str) -> int | None:
    value = rules.get("players", MISSING)
    if value is MISSING:
        reader.error(join(path, "players"), _("is required (2 to 4 players)"))
        return None
    return reader.whole_number(value, join(path, "players"), MIN_PLAYERS, MAX_PLAYERS)


def read_modules_in_play(reader: Reader, rules: dict, path: str) -> tuple[str, ...] | None:
    """ST:295: any core types replaced by expansion types, six types at most; default the core."""
    path = join(path, "modules_in_play")
    value = rules.get("modules_in_play", MISSING)
    if value is MISSING:
        return CORE_GAME_TYPES
    items = reader.sequence(value, path, len(TYPE_KEYS), _("module types"))
    if items is None:
        return None
    found: list[str] = []
    ok = True
    for index, item in enumerate(items):
        key = read_type(reader, item, join(path, index))
        if key is None:
            ok = False
        elif key in found:
            reader.error(
                join(path, index), _("repeats %(type)s; list each module type once", type=key)
            )
            ok = False
        else:
            found.append(key)
    if not ok:
        return None
    if len(found) > MAX_TYPES_IN_PLAY:
        reader.error(
            path,
            ngettext(
                "%(count)s module type is listed; a game has at most %(most)s",
                "%(count)s module types are listed; a game has at most %(most)s",
                len(found),
                count=len(found),
                most=MAX_TYPES_IN_PLAY,
            ),
        )
        return None
    if not found:
        reader.error(path, _("must list the module types in play (at most 6)"))
        return None
    return tuple(found)


def read_type(reader: Reader, value: Any, path: str) -> str | None:
    if not isinstance(value, str) or value not in MODULE_TYPES:
        reader.error(
            path,
            _(
                "%(found)s is not a module type; known: %(known)s",
                found=describe(value),
                known=", ".join(TYPE_KEYS),
            ),
        )
        return None
    return value


def read_type_in_play(
    reader: Reader, value: Any, path: str, in_play: tuple[str, ...]
) -> str | None:
    key = read_type(reader, value, path)
    if key is not None and key not in in_play:
        reader.error(
            path,
            _(
                "%(type)s is not in play in this game (in play: %(in_play)s)",
                type=MODULE_TYPES[key].name,
                in_play=", ".join(in_play),
            ),
        )
        return None
    return key


@dataclass(frozen=True)
class Card:
    type: str
    card: str  # "basic", "bank", or an advanced card's name
    cost: int  # the printed cost of this card

    @property
    def advanced(self) -> bool:
        return self.card != BASIC_CARD


def read_card_fields(
    reader: Reader, entry: dict, path: str, in_play: tuple[str, ...], module_type: str | None
) -> Card | None:
    """`type`, `card` and `cost` of a module card entry (the dict's other keys are the caller's).

    `cost` is the card's own printed cost: an advanced card may state one (1..20); a basic card
    costs what §2.2 prints, and a different figure is refused."""
    if module_type is None:
        module_type = read_type_in_play(
            reader, entry.get("type", MISSING), join(path, "type"), in_play
        )
    if module_type is None:
        return None
    kind = MODULE_TYPES[module_type]
    card = BASIC_CARD
    if "card" in entry:
        card = reader.line(entry["card"], join(path, "card"), MAX_TEXT)
        if card is None:
            return None
        known = ADVANCED_CARDS.get(card)
        if known is not None and known.type != module_type:
            reader.error(
                join(path, "card"),
                _(
                    '"%(card)s" is an advanced %(type)s card, not a %(other)s card',
                    card=card,
                    type=MODULE_TYPES[known.type].name,
                    other=kind.name,
                ),
            )
            return None
    default_cost = ADVANCED_CARDS[card].cost if card in ADVANCED_CARDS else kind.cost
    cost = default_cost
    if "cost" in entry:
        given = reader.whole_number(entry["cost"], join(path, "cost"), MIN_CARD_COST, MAX_CARD_COST)
        if given is None:
            return None
        if card == BASIC_CARD and given != kind.cost:
            reader.error(
                join(path, "cost"),
                _(
                    'the basic %(type)s card costs %(cost)sM; give "card" for an advanced '
                    "card with a cost of its own",
                    type=kind.name,
                    cost=kind.cost,
                ),
            )
            return None
        cost = given
    return Card(module_type, card, cost)


@dataclass
class Deck:
    """Which set of cards each module type plays in this game, and how many modules are out.

    ST:287: per module type the group plays the basic set or the advanced set, never both.
    ST:289: "Each set of Advanced Module Cards contains one card from the Basic Module set (the
    yellow module)": beside advanced cards of a type, one basic card of it is that set's own
    (a basic Market Center beside a Bank); a second basic card beside them is the basic set's.
    ST:77: a 2-player game removes 2 Solar and 1 Luxury Habitation."""

    players: int
    # Per type: where its first advanced card was read, and where each basic card was.
    advanced: dict[str, str] = field(default_factory=dict)
    basics: dict[str, list[str]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def plays_advanced(self, module_type: str) -> bool:
        """An advanced card of this type is out: the type plays the advanced set."""
        return module_type in self.advanced

    def mixing_problem(self, card: Card, path: str) -> str | None:
        """The sentence refusing `card` (read at `path`) when it makes both sets of its type
        played; else None, and the card is counted."""
        basics = self.basics.setdefault(card.type, [])
        first_advanced = self.advanced.get(card.type)
        name = MODULE_TYPES[card.type].name
        rule = _(
            "the advanced %(type)s set holds one basic card, and the basic and advanced sets of "
            "one module type are never both played",
            type=name,
        )
        if card.advanced:
            if first_advanced is None and len(basics) > 1:
                return _(
                    "is an advanced %(type)s card, but %(first)s and %(second)s are basic: "
                    "%(rule)s",
                    type=name,
                    first=basics[0],
                    second=basics[1],
                    rule=rule,
                )
            self.advanced.setdefault(card.type, path)
            return None
        if first_advanced is not None and basics:
            return _(
                "is a basic %(type)s card, but %(advanced)s is advanced and %(basic)s is "
                "basic: %(rule)s",
                type=name,
                advanced=first_advanced,
                basic=basics[0],
                rule=rule,
            )
        basics.append(path)
        return None

    def limit(self, module_type: str) -> int:
        return MODULE_TYPES[module_type].quantity_for(self.players)

    def box_text(self, module_type: str) -> str:
        kind = MODULE_TYPES[module_type]
        if self.players == 2 and kind.removed_for_two:
            return _("a 2-player game has %(count)s", count=self.limit(module_type))
        return _("the box has %(count)s", count=kind.quantity)


def players_text(count: int) -> str:
    return ngettext("%(count)s player", "%(count)s players", count, count=count)


def check_min_players(count: int) -> bool:
    return MIN_PLAYERS <= count <= MAX_PLAYERS
