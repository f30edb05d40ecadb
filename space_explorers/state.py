"""The companion's derived state as types (OTHER-GAMES.md §1.10, docs/space-explorers.md).

Pure Python. `space_explorers.session.derive(game)` builds a `SessionState`; `play(session)`
gives its `to_dict()` (the `play` command's JSON, keys as printed), and the turn runner's pages
read its attributes. The fields are the keys, in their printed order (`gamefile.shape`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamefile.shape import Shaped

__all__ = [
    "Center",
    "End",
    "Final",
    "FinalOpponent",
    "FinalProject",
    "FinalYou",
    "Opponent",
    "OpponentNext",
    "ProjectState",
    "SessionState",
    "You",
]


@dataclass(frozen=True, slots=True)
class Center(Shaped):
    marker_slot: int
    temporary_row: int
    deck: int
    empty_slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ProjectState(Shaped):
    """A Project tile on (or off) the Achievement Track, and why it stands there."""

    name: str
    position: int | None
    steps_to_finish: int | None
    advanced_by: tuple[str, ...]
    completed_by: str | None
    points: int
    why: str


@dataclass(frozen=True, slots=True)
class You(Shaped):
    specialists: int
    hand: int
    launched: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Opponent(Shaped):
    divisions: dict[str, int]
    specialists: int
    token_stack: int
    completed: tuple[str, ...]
    score_now: int
    progress: dict[str, int]
    why: dict[str, str]


@dataclass(frozen=True, slots=True)
class End(Shaped):
    triggered: bool
    trigger: str | None
    over: bool
    triggered_on: dict[str, Any] | None
    sentence: str | None


@dataclass(frozen=True, slots=True)
class OpponentNext(Shaped):
    """What the Opponent's next turn does with the Center as it stands (SE:133)."""

    slot: int | None
    refill_from: str | None
    sentence: str
    refill: str | None


@dataclass(frozen=True, slots=True)
class FinalYou(Shaped):
    specialists: int
    launched: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FinalOpponent(Shaped):
    divisions: dict[str, int]
    completed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FinalProject(Shaped):
    name: str
    points: int
    skills: dict[str, int]
    completed_by: str | None


@dataclass(frozen=True, slots=True)
class Final(Shaped):
    """What the score sheet is pre-filled with once the game is over."""

    you: FinalYou
    opponent: FinalOpponent
    projects: tuple[FinalProject, ...]


@dataclass(frozen=True, slots=True)
class SessionState(Shaped):
    """The state a session replays to: §1.10's keys, then what the turn runner needs."""

    round: int
    next: str | None
    center: Center
    projects: tuple[ProjectState, ...]
    you: You
    opponent: Opponent
    end: End
    warnings: tuple[str, ...]
    opponent_next: OpponentNext | None
    next_sentence: str
    setup_warnings: tuple[str, ...] = ()
    history: tuple[str, ...] = ()
    final: Final | None = None
