"""The colonist game's table state as types: what `colonists.play(session)` gives.

Pure Python. `play(session)` is `{"round": card_round(...) or null, "board": colonists_board(...)}`
(the two helpers' JSON, docs/colonists.md); `session_state(session)` reads it into the types
below (`gamefile.shape`), whose fields are those keys in their order, for the table's page.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamefile.shape import Shaped

__all__ = [
    "Arriving",
    "Board",
    "Card",
    "ColonistsState",
    "Coming",
    "GroupPlace",
    "PlayerBoard",
    "RoundState",
    "Spaceport",
]


@dataclass(frozen=True, slots=True)
class GroupPlace(Shaped):
    """Where one of the seven groups is (`colonists_board`'s `groups`)."""

    group: str
    name: str
    place: str
    player: str | None
    where: str


@dataclass(frozen=True, slots=True)
class PlayerBoard(Shaped):
    name: str
    contracted: tuple[str, ...]
    citizens: tuple[str, ...]
    unrest_now: int
    why: str


@dataclass(frozen=True, slots=True)
class Board(Shaped):
    groups: tuple[GroupPlace, ...]
    players: tuple[PlayerBoard, ...]
    reception_camp: tuple[str, ...]
    warnings: tuple[str, ...]
    reminders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Card(Shaped):
    round: int
    name: str
    kind: str
    group: str | None


@dataclass(frozen=True, slots=True)
class Coming(Shaped):
    """A Power Hub still to come."""

    name: str
    round: int
    in_rounds: int


@dataclass(frozen=True, slots=True)
class Arriving(Shaped):
    group: str
    name: str
    round: int
    in_rounds: int


@dataclass(frozen=True, slots=True)
class Spaceport(Shaped):
    round: int
    in_rounds: int


@dataclass(frozen=True, slots=True)
class RoundState(Shaped):
    """What the card sequence says this round (`card_round`)."""

    round: int
    rounds: int
    this_round: Card
    next: Card | None
    colonists_arriving: tuple[Arriving, ...]
    power_hubs_coming: tuple[Coming, ...]
    spaceport: Spaceport
    sentences: tuple[str, ...]
    warnings: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ColonistsState(Shaped):
    round: RoundState | None
    board: Board
