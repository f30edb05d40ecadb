"""The station as a graph (OTHER-GAMES.md §2.1): the Core, the modules, the edges between them.

The Core is node `core`, owned by nobody. Each attachment adds the edges to the nodes its `to`
list names. A Fusion Reactor's Plasma Surge takes it off the station for good ("No longer counts
as an attached module", ST:328); modules that reach the Core only through it are inactive until
another path joins them again ("unless attached to the station from a different port").
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from gamefile.words import _

from .modules import (
    BASIC_CARD,
    BROADCAST,
    CORE,
    LUXURY_HABITATION,
    MODULE_TYPES,
    type_name,
)
from .words import who

MAX_TARGETS = 6  # sanity bound: a module has at most a handful of airlocks


@dataclass
class Module:
    """One module card a player owns, and its plastic module: held or on the station."""

    id: str
    type: str
    owner: str
    card: str = BASIC_CARD
    cost: int = 0  # the card's printed cost (the spend tie-break, ST-R4)
    paid: int = 0  # what the purchase actually cost (rush fee, clearance)
    bought_round: int = 0
    attached: bool = False
    attached_round: int | None = None
    host: str | None = None  # a Broadcast's host: the one module it attaches to
    # Fusion Reactor bookkeeping (ST:325–328, reading ST-R12)
    tokens: int = 0
    surged: bool = False
    fusion_revenue: int | None = None
    fusion_why: str = ""
    # Advanced cards: Bank credits on the card (ST:291); another card's entered revenue
    invested: int = 0
    manual_revenue: int | None = None

    @property
    def name(self) -> str:
        return type_name(self.type)

    @property
    def label(self) -> str:
        """`Luxury Habitation m1`."""
        return f"{self.name} {self.id}"


@dataclass
class Station:
    """Every module bought so far, and the edges of those attached."""

    modules: dict[str, Module] = field(default_factory=dict)
    edges: dict[str, set[str]] = field(default_factory=lambda: {CORE: set()})
    attachment_order: list[str] = field(default_factory=list)

    # --- questions

    def is_node(self, node: str) -> bool:
        return node in self.edges

    def is_dead(self, node: str) -> bool:
        return node != CORE and self.modules[node].surged

    def type_of(self, node: str) -> str:
        return CORE if node == CORE else self.modules[node].type

    def node_label(self, node: str) -> str:
        return _("the Core") if node == CORE else self.modules[node].label

    def neighbours(self, node: str) -> set[str]:
        """Nodes sharing an edge with `node`, surged reactors left out (ST:328)."""
        return {other for other in self.edges[node] if not self.is_dead(other)}

    def active(self) -> set[str]:
        """The Core and every module that reaches it through modules still attached."""
        seen = {CORE}
        queue = deque([CORE])
        while queue:
            node = queue.popleft()
            for other in self.edges[node]:
                if other not in seen and not self.is_dead(other):
                    seen.add(other)
                    queue.append(other)
        return seen

    def within(self, start: str, distance: int, active: set[str]) -> dict[str, int]:
        """Active nodes at graph distance 1..`distance` from `start`, with their distance."""
        found: dict[str, int] = {}
        frontier = [start]
        seen = {start}
        for step in range(1, distance + 1):
            following = []
            for node in frontier:
                for other in self.edges[node]:
                    if other in seen or other not in active:
                        continue
                    seen.add(other)
                    found[other] = step
                    following.append(other)
            frontier = following
        return found

    def held(self, owner: str) -> list[Module]:
        return [m for m in self.modules.values() if m.owner == owner and not m.attached]

    # --- attaching

    def refusal(self, module: Module, targets: list[str]) -> tuple[int, str] | None:
        """Why `module` may not attach to `targets`: the index of the refused target and a
        sentence; None when the attachment is allowed."""
        if not targets:
            return (-1, _("must name at least one module (or core) to attach to"))
        seen_types: dict[str, str] = {}
        for index, target in enumerate(targets):
            if target == module.id:
                return (index, _("%(module)s cannot attach to itself", module=module.id))
            if target in targets[:index]:
                return (index, _("names %(module)s twice", module=who(target)))
            if not self.is_node(target):
                if target in self.modules:
                    return (
                        index,
                        _(
                            "%(module)s is held by its owner, not attached to the station",
                            module=target,
                        ),
                    )
                return (index, _("%(module)s is not a module on the station", module=who(target)))
            if self.is_dead(target):
                return (
                    index,
                    _(
                        "%(module)s had a Plasma Surge: it no longer counts as attached and its "
                        "port is blocked",
                        module=target,
                    ),
                )
            if module.type == BROADCAST and index > 0:
                return (
                    index,
                    _(
                        "a Broadcast Module attaches to one module (it earns half of that "
                        "module's revenue)"
                    ),
                )
            target_type = self.type_of(target)
            if target_type == LUXURY_HABITATION:
                for other in self.neighbours(target):
                    if self.type_of(other) == module.type:
                        return (
                            index,
                            _(
                                "%(target)s already has %(type)s attached (%(other)s); only one "
                                "of each module type may attach to it",
                                target=self.node_label(target),
                                type=_a_type(module.type),
                                other=other,
                            ),
                        )
            if module.type == LUXURY_HABITATION:
                # ST:221: the Core is a unique type for the Luxury Habitation's own rule.
                if target_type in seen_types:
                    return (
                        index,
                        _(
                            "a Luxury Habitation takes only one of each module type, and "
                            "%(target)s is a second %(type)s (after %(first)s)",
                            target=target,
                            type=_type_words(target_type),
                            first=seen_types[target_type],
                        ),
                    )
                seen_types[target_type] = target
        return None

    def allowed_targets(self, module: Module) -> tuple[list[str], list[tuple[str, str]]]:
        """Nodes `module` may attach to one at a time, and those refused with the reason."""
        allowed: list[str] = []
        refused: list[tuple[str, str]] = []
        for node in self.edges:
            if self.is_dead(node):
                continue
            problem = self.refusal(module, [node])
            if problem is None:
                allowed.append(node)
            else:
                refused.append((node, problem[1]))
        return allowed, refused

    def attach(self, module: Module, targets: list[str], round_number: int) -> None:
        """Add `module` with edges to `targets`; the caller checked `refusal` first."""
        module.attached = True
        module.attached_round = round_number
        self.edges[module.id] = set(targets)
        for target in targets:
            self.edges[target].add(module.id)
        if module.type == BROADCAST:
            module.host = targets[0]
        self.attachment_order.append(module.id)


def _a_type(key: str) -> str:
    name = MODULE_TYPES[key].name
    # Translators: "Module" with the type's name is the game's printed term, "a Solar Module".
    if name[0] in "AEIOU":
        return _("an %(name)s Module", name=name)
    return _("a %(name)s Module", name=name)


def _type_words(key: str) -> str:
    return "Core" if key == CORE else f"{type_name(key)} Module"
