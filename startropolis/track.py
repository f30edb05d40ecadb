"""The Revenue Track: positions, the stack on each space, and the order cards it deals.

ST:134: "When two players share a space on the Revenue Track, the player who arrived on that
space most recently should place their token on TOP". ST:144–146: order cards go by revenue
ascending, and on a tie the marker on top "is considered to be further behind".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .modules import ORDER_CARDS


@dataclass
class RevenueTrack:
    """Where each marker stands; `stacks[space]` lists the markers bottom → top."""

    positions: dict[str, int] = field(default_factory=dict)
    stacks: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def start(cls, order: list[str]) -> RevenueTrack:
        """Every marker on 0 before anyone earns. Nothing in the text stacks them; this app
        puts the First player's marker on top, so a round with no revenue keeps the order."""
        track = cls()
        for player in reversed(order):
            track.positions[player] = 0
            track.stacks.setdefault(0, []).append(player)
        return track

    def move(self, player: str, space: int) -> bool:
        """Move a marker; it lands on top of the markers already there. False if it stays."""
        old = self.positions[player]
        if old == space:
            return False
        self.stacks[old].remove(player)
        if not self.stacks[old]:
            del self.stacks[old]
        self.positions[player] = space
        self.stacks.setdefault(space, []).append(player)
        return True

    def furthest_behind_first(self) -> list[str]:
        """Players by revenue ascending; on one space the marker on top counts as behind."""
        return sorted(
            self.positions,
            key=lambda p: (self.positions[p], -self.stacks[self.positions[p]].index(p)),
        )

    def deal_order_cards(self) -> dict[str, str]:
        ranked = self.furthest_behind_first()
        return dict(zip(ranked, ORDER_CARDS[len(ranked)], strict=True))

    def as_json(self) -> dict[str, list[str]]:
        """`{"0": ["rosa"], "3": ["caleb"]}`: each occupied space, bottom → top."""
        return {str(space): list(self.stacks[space]) for space in sorted(self.stacks)}
