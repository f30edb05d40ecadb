"""The expert layout's card sequence: which card enters in which round (CX:24, CX:42).

"In a game according to expert rules all players can see exactly in which round each specific
game card will enter the game" (CX:24): the group enters the laid-out cards once, in auction
order (the card after the Spaceport first, the Spaceport last, CX:42), and the phone shows
"this round / next / colonists arriving in n rounds / Spaceport last".

Cards are the names the group types. Three kinds are told by name: the Spaceport ("Spaceport"),
a Power Hub (a name beginning "Power Hub"), a colonist card (a group's name, "Spice Merchants",
or its key, `spice_merchants`); every other name is a card to auction (a territory, a Harvester).
Case and extra spaces do not matter.

What the text makes certain is refused (`ColonistsError`): a name that is empty, the Spaceport
missing, given twice or not last (1 Spaceport card, CX:11; "the last card of every game",
CX:42), a colonist card given twice (6 cards, "6 different groups", CX:57). What a typed name
cannot make certain is a warning: not 3 Power Hub cards (CX:7), a colonist card missing (CX:9),
a card named after the Corpex, who have none (CX:71).

Reading of this module's own: one card per round, round n is the n-th card of the sequence, a
colonist card included (its round is the one its group reaches the Reception Camp, CX:79).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from colonists.errors import ColonistsError
from colonists.groups import GROUPS, group
from colonists.reader import Reader, join, same_name
from gamefile.reading import describe
from gamefile.words import _, ngettext

MAX_CARDS = 200  # a sanity bound: the base game's card count is unknown
POWER_HUB_CARDS = 3  # "3 Power Hubs" (CX:7)
COLONIST_CARDS = 6  # "6 Colonists" (CX:9), "6 colonist cards … 6 different groups" (CX:57)

SPACEPORT = "spaceport"
POWER_HUB = "power_hub"
COLONISTS = "colonists"
CARD = "card"

_SPACEPORT_NAME = "spaceport"
_POWER_HUB_PREFIX = "power hub"
_GROUP_BY_NAME = {same_name(g.name): g.key for g in GROUPS if g.has_card} | {
    g.key: g.key for g in GROUPS if g.has_card
}
_CORPEX_NAMES = {"corpex", "corporate executives", "corporate executives (corpex)"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the sequence: `round` is its round (1 = the card after the Spaceport)."""

    round: int
    name: str
    kind: str
    group: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"round": self.round, "name": self.name, "kind": self.kind, "group": self.group}

    @property
    def words(self) -> str:
        if self.kind == COLONISTS and self.group is not None:
            return _("the %(group)s' colonist card", group=group(self.group).name)
        if self.kind == SPACEPORT:
            return _("the Spaceport, the last card of the game")
        return self.name


@dataclass(frozen=True, slots=True)
class CardSequence:
    cards: tuple[Card, ...]
    warnings: tuple[str, ...]


def card_kind(name: str) -> tuple[str, str | None]:
    """(kind, group key or None) of a card's name as the group typed it."""
    key = same_name(name)
    if key == _SPACEPORT_NAME:
        return SPACEPORT, None
    if key.startswith(_POWER_HUB_PREFIX):
        return POWER_HUB, None
    if key in _GROUP_BY_NAME:
        return COLONISTS, _GROUP_BY_NAME[key]
    return CARD, None


class _SequenceReader(Reader):
    def read(self, value: Any, path: str = "cards") -> CardSequence | None:
        if not isinstance(value, list | tuple):
            self.error(
                path, _("must be a list of card names, not %(found)s", found=describe(value))
            )
            return None
        if not 1 <= len(value) <= MAX_CARDS:
            self.error(path, _("must list between 1 and %(most)s card names", most=MAX_CARDS))
            return None
        cards: list[Card] = []
        warnings: list[str] = []
        spaceport_at: int | None = None
        colonist_cards: dict[str, int] = {}
        # Two Spaceports are told as a repeat, not as a first one out of place.
        spaceports = sum(
            1 for item in value if isinstance(item, str) and same_name(item) == _SPACEPORT_NAME
        )
        for index, item in enumerate(value):
            item_path = join(path, index)
            name = self.name(item, item_path, _("a card name"))
            if name is None:
                continue
            kind, key = card_kind(name)
            if kind == SPACEPORT:
                if spaceport_at is not None:
                    self.error(
                        item_path,
                        _(
                            "repeats the Spaceport (%(first)s): there is 1 Spaceport card",
                            first=join(path, spaceport_at),
                        ),
                    )
                    continue
                spaceport_at = index
                if index != len(value) - 1 and spaceports == 1:
                    # "beginning with the card next to the card "Spaceport" making the
                    # "Spaceport" the last card of every game" (CX:42)
                    self.error(
                        item_path,
                        _(
                            "the Spaceport must be the last card: auctions begin with the card "
                            "after it, making it the last card of every game"
                        ),
                    )
            elif kind == COLONISTS and key is not None:
                if key in colonist_cards:
                    self.error(
                        item_path,
                        _(
                            "repeats %(group)s' card (%(first)s): "
                            "the 6 colonist cards are 6 different groups",
                            group=group(key).the,
                            first=join(path, colonist_cards[key]),
                        ),
                    )
                    continue
                colonist_cards[key] = index
            elif same_name(name) in _CORPEX_NAMES:
                warnings.append(
                    _(
                        "%(path)s: the Corpex have no card; they enter the game when a player "
                        "builds the Condominium (CX:71)",
                        path=item_path,
                    )
                )
            cards.append(Card(round=index + 1, name=name, kind=kind, group=key))
        if spaceport_at is None and not self.errors:
            self.error(path, _("must end with the Spaceport: it is the last card of every game"))
        if self.errors:
            return None
        hubs = sum(1 for card in cards if card.kind == POWER_HUB)
        if hubs != POWER_HUB_CARDS:
            warnings.append(
                ngettext(
                    "%(count)s Power Hub card found, the expert rules "
                    'add %(expected)s (CX:7): name each one beginning with "Power Hub"',
                    "%(count)s Power Hub cards found, the expert rules "
                    'add %(expected)s (CX:7): name each one beginning with "Power Hub"',
                    hubs,
                    count=hubs,
                    expected=POWER_HUB_CARDS,
                )
            )
        missing = [g for g in GROUPS if g.has_card and g.key not in colonist_cards]
        if missing:
            warnings.append(
                _(
                    "no colonist card for %(groups)s: the expert rules "
                    "add %(expected)s, one per group (CX:9, CX:57); name each after its group",
                    groups=", ".join(g.the for g in missing),
                    expected=COLONIST_CARDS,
                )
            )
        return CardSequence(cards=tuple(cards), warnings=tuple(warnings))


def validate_card_sequence(cards: Any) -> list[ColonistsError]:
    """Every certain problem of a sequence (the warnings are in `read_card_sequence`)."""
    reader = _SequenceReader()
    reader.read(cards)
    return reader.errors


def read_card_sequence(cards: Any) -> CardSequence:
    """The sequence with its warnings, or the first problem raised."""
    reader = _SequenceReader()
    sequence = reader.read(cards)
    if sequence is None:
        raise reader.errors[0]
    return sequence


def _in_rounds(rounds: int) -> str:
    if rounds == 0:
        return _("this round")
    if rounds == 1:
        return _("next round")
    return ngettext("in %(count)s round", "in %(count)s rounds", rounds, count=rounds)


def card_round(cards: Any, round_number: Any) -> dict[str, Any]:
    """What the sequence says in round `round_number` (1 = the first card auctioned).

    Output: `round`, `rounds` (the game's length), `this_round` and `next` (a card: `round`,
    `name`, `kind`, `group`; `next` null in the last round), `colonists_arriving` (each colonist
    card still to come: `group`, `name`, `round`, `in_rounds`), `power_hubs_coming` (same, by
    name), `spaceport` (`round`, `in_rounds`), `sentences` (for the page) and `warnings`.
    Raises `ColonistsError` at `cards…` or at `round`.
    """
    sequence = read_card_sequence(cards)
    last = len(sequence.cards)
    if isinstance(round_number, bool) or not isinstance(round_number, int):
        raise ColonistsError(
            "round", _("must be a whole number, not %(found)s", found=describe(round_number))
        )
    if not 1 <= round_number <= last:
        raise ColonistsError(
            "round",
            _("must be between 1 and %(count)s: the sequence has %(count)s cards", count=last),
        )
    current = sequence.cards[round_number - 1]
    upcoming = sequence.cards[round_number:]
    following = upcoming[0] if upcoming else None
    colonists = [
        {
            "group": card.group,
            "name": card.name,
            "round": card.round,
            "in_rounds": card.round - round_number,
        }
        for card in upcoming
        if card.kind == COLONISTS
    ]
    hubs = [
        {"name": card.name, "round": card.round, "in_rounds": card.round - round_number}
        for card in upcoming
        if card.kind == POWER_HUB
    ]
    sentences = [
        _(
            "Round %(round)s of %(rounds)s: %(card)s.",
            round=round_number,
            rounds=last,
            card=_this_round_words(current),
        )
    ]
    if following is not None:
        sentences.append(_("Next: %(card)s.", card=following.words))
    if colonists:
        arriving = None
        for c in colonists:
            # Translators: a colonist group's arrival, "the Spice Merchants in 3 rounds (round 7)".
            one = _(
                "%(group)s %(when)s (round %(round)s)",
                group=group(c["group"]).the,
                when=_in_rounds(c["in_rounds"]),
                round=c["round"],
            )
            arriving = (
                one if arriving is None else _("%(before)s; %(after)s", before=arriving, after=one)
            )
        sentences.append(_("Colonists arriving: %(arriving)s.", arriving=arriving))
    else:
        sentences.append(_("No more colonists arrive from the cards."))
    if current.kind != SPACEPORT:
        sentences.append(
            _(
                "Spaceport last: round %(round)s, %(when)s.",
                round=last,
                when=_in_rounds(last - round_number),
            )
        )
    return {
        "round": round_number,
        "rounds": last,
        "this_round": current.as_dict(),
        "next": following.as_dict() if following is not None else None,
        "colonists_arriving": colonists,
        "power_hubs_coming": hubs,
        "spaceport": {"round": last, "in_rounds": last - round_number},
        "sentences": sentences,
        "warnings": list(sequence.warnings),
    }


def _this_round_words(card: Card) -> str:
    if card.kind == COLONISTS and card.group is not None:
        # "Colonist cards are not sold by auction." Their stone goes to the Reception Camp
        # (CX:73, CX:79).
        return _(
            "%(group)s arrive: their card is not auctioned, their stone goes to the Reception Camp",
            group=group(card.group).the,
        )
    return card.words
