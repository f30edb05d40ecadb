"""One game's stats in a play log: plays, wins per player, the spread of the scores.

Pure data in, pure data out (no Django): `game_stats(plays)` takes each finished play's
standings (`playlog.games.Standing`, with the person's identity) and returns the numbers the
stats page shows as a table and `playlog.chart_svg` draws. A person is the same person across
plays when they are the same member, or — for names typed in — the same name ignoring case; a
bot seat (the Space Explorers Opponent) is a player of its own.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from playlog.games import Standing


@dataclass(frozen=True)
class PlayRecord:
    """A finished play: its standings, and for each seat the person's identity (a member's id
    or a name), in the standings' order."""

    number: int
    standings: tuple[Standing, ...]
    identities: tuple[str, ...]


@dataclass
class PlayerStats:
    identity: str
    name: str
    plays: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)

    @property
    def lowest(self) -> int:
        return min(self.scores)

    @property
    def highest(self) -> int:
        return max(self.scores)

    @property
    def median(self) -> float:
        return statistics.median(self.scores)

    @property
    def median_text(self) -> str:
        value = self.median
        return str(int(value)) if value == int(value) else f"{value:.1f}"

    @property
    def win_share(self) -> int:
        """Wins as a whole percentage of plays."""
        return round(100 * self.wins / self.plays) if self.plays else 0


@dataclass(frozen=True)
class GameStats:
    plays: int
    shared: int
    players: tuple[PlayerStats, ...]
    # Winner's total minus the runner-up's in each play (None for a shared win), newest first.
    margins: tuple[tuple[int, int | None], ...]

    @property
    def empty(self) -> bool:
        return self.plays == 0


def identity(user_id: int | None, name: str) -> str:
    return f"member:{user_id}" if user_id is not None else f"name:{name.casefold()}"


def game_stats(plays: Sequence[PlayRecord]) -> GameStats:
    """`plays` newest first; players ordered by wins, then plays, then name."""
    players: dict[str, PlayerStats] = {}
    margins = []
    shared = 0
    for play in plays:
        winners = [s for s in play.standings if s.won]
        if len(winners) > 1:
            shared += 1
        for standing, who in zip(play.standings, play.identities, strict=True):
            # The newest play names the person (the list is newest first).
            stats = players.setdefault(who, PlayerStats(who, standing.name))
            stats.plays += 1
            stats.wins += int(standing.won)
            stats.scores.append(standing.total)
        totals = sorted((s.total for s in play.standings), reverse=True)
        margin = None
        if len(winners) == 1:
            margin = totals[0] - totals[1] if len(totals) > 1 else 0
        margins.append((play.number, margin))
    ordered = sorted(players.values(), key=lambda p: (-p.wins, -p.plays, p.name.casefold()))
    return GameStats(len(plays), shared, tuple(ordered), tuple(margins))
