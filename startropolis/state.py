"""The round tracker's derived state as types (OTHER-GAMES.md §2.10, docs/startropolis.md).

Pure Python. `startropolis.session.derive(game)` builds a `TrackerState`; `play(session)` gives
its `to_dict()` (the `play` command's JSON: §2.10's printed keys first, then the app's), and
`shared(state)` is the table's screen without the private figures, `own(state, key)` a
player's. The fields are the keys in
their order (`gamefile.shape`); a key the state has only in some games (`credits`, `bids`,
`powers_used`, `missions`, a module's `tokens`) is None when absent and left out of the JSON.
What the next step offers (`next`) and each player's mission keep their own documented shapes,
one per phase, as plain objects.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from gamefile.shape import Shaped, spec
from gamefile.words import _

from .errors import StartropolisError
from .reader import describe

__all__ = [
    "Bonus",
    "ModuleState",
    "Modifier",
    "PlayerState",
    "RevenueTerm",
    "Station",
    "TrackSlot",
    "TrackerState",
    "own",
    "shared",
]


def only_some() -> Any:
    """A key the state has only in some games: None when absent, and then left out."""
    return spec(default=None, omit="none")


@dataclass(frozen=True, slots=True)
class Modifier(Shaped):
    amount: int
    why: str
    source: str | None


@dataclass(frozen=True, slots=True)
class ModuleState(Shaped):
    """A module bought: where it is, what it earns this round and why."""

    id: str
    type: str
    owner: str
    attached: bool
    revenue: int
    why: str
    name: str
    card: str | None
    cost: int
    paid: int
    active: bool
    base: int
    modifiers: tuple[Modifier, ...]
    connections: tuple[str, ...]
    bought_round: int
    attached_round: int | None
    sentence: str
    # A Fusion Reactor's basic card only.
    tokens: int | None = only_some()
    surged: bool | None = only_some()
    # A Bank card only.
    invested: int | None = only_some()
    # A Broadcast attached to its host only.
    host: str | None = only_some()


@dataclass(frozen=True, slots=True)
class TrackSlot(Shaped):
    """A slot of the Construction Track and what its card costs now (rush fee included)."""

    slot: int
    type: str | None
    rush_fee: int
    price: int | None


@dataclass(frozen=True, slots=True)
class RevenueTerm(Shaped):
    amount: int
    why: str


@dataclass(frozen=True, slots=True)
class Bonus(Shaped):
    per: str
    amount: int


@dataclass(frozen=True, slots=True)
class PlayerState(Shaped):
    key: str
    faction: str
    order_card: int
    revenue: int
    revenue_total: int
    revenue_terms: tuple[RevenueTerm, ...]
    revenue_why: str
    held: tuple[str, ...]
    paid: int
    bonus: Bonus | None = only_some()
    # With the advanced factions only.
    power_used: bool | None = only_some()


@dataclass(frozen=True, slots=True)
class Station(Shaped):
    edges: tuple[tuple[str, str], ...]
    active: tuple[str, ...]
    surged: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TrackerState(Shaped):
    rounds_total: int
    next_round: int | None
    final_round_next: bool
    modules: tuple[ModuleState, ...]
    revenue: dict[str, int]
    track: dict[str, tuple[str, ...]]
    collected: dict[str, int]
    order_cards: dict[str, int]
    # Private (ST:79): only with the credits tracked.
    credits: dict[str, int] | None = only_some()
    game_over: bool = False
    round: int | None = None
    phase: str = ""
    clearance: bool = False
    order: tuple[str, ...] = ()
    prices: dict[str, int] = spec(default_factory=dict)
    construction_track: tuple[TrackSlot, ...] = ()
    players: tuple[PlayerState, ...] = ()
    spend: dict[str, int] = spec(default_factory=dict)
    paid: dict[str, int] = spec(default_factory=dict)
    station: Station = Station((), (), ())
    bids: dict[str, int] | None = only_some()
    powers_used: dict[str, Any] | None = only_some()
    # Private until the end (ST:279); a player without a mission has None.
    missions: dict[str, Any] | None = only_some()
    warnings: tuple[str, ...] = ()
    # The next step: `phase`, `round`, `player`, `sentence` and each phase's own keys.
    next: dict[str, Any] = spec(default_factory=dict)
    log: tuple[dict[str, Any], ...] = ()

    def module(self, module_id: str) -> ModuleState:
        return next(m for m in self.modules if m.id == module_id)


def shared(state: TrackerState) -> TrackerState:
    """The table's screen: no credits, no missions (`privacy.table_view` on the types)."""
    return replace(state, credits=None, missions=None)


def own(state: TrackerState, player_key: Any) -> TrackerState:
    """One player's screen: their own credits and mission only (`privacy.private_view`)."""
    if not isinstance(player_key, str) or player_key not in state.revenue:
        raise StartropolisError(
            "player",
            _("%(player)s is not a player of this session", player=describe(player_key)),
        )
    return replace(
        state,
        credits=None if state.credits is None else {player_key: state.credits[player_key]},
        missions=None if state.missions is None else {player_key: state.missions[player_key]},
    )
