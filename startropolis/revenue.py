"""Every module's revenue, with its reason (OTHER-GAMES.md §2.4), and each player's total.

`station_revenue` recomputes *every* module, not only the newest: "Be sure to check all your
module cards as placement may have affected more than one of your modules" (ST:128).

Notation: `c` = connections, the edges to active modules with the Core included.
The Core (reading ST-R1): wild in the favour of the neighbour's owner for every type-dependent
rule (ST:65, ST:179), a unique type for the Luxury Habitation (ST:221), always a connection,
no revenue of its own (ST:178).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gamefile.words import _, ngettext

from .modules import (
    BANK,
    BASIC_CARD,
    BASIC_HABITATION,
    BROADCAST,
    CIVIC,
    CIVIC_REVENUE,
    COMMERCIAL,
    CORE,
    FUSION,
    LUXURY_HABITATION,
    MARKET_CENTER,
    MODULE_TYPES,
    ORDER_CARD_NAMES,
    POLICE,
    RESIDENTIAL,
    SALVAGE,
    SOLAR,
    STADIUM,
    SUPPLY,
    UTILITY,
    XENOMORPH_RESEARCH,
    type_name,
)
from .station import Module, Station
from .words import and_list, money, signed_money

# ST:187 "1M, 3M, 6M, or 9M based on each DIFFERENT type"; ST-R16: 9M is the top.
BASIC_HABITATION_REVENUE = (0, 1, 3, 6, 9)
XENOMORPH_REACH = 2  # ST:348 "within 2 modules"
XENOMORPH_PENALTY = -2  # "gains 2 -1M tokens" (reading ST-R13: a standing −2)
POLICE_NEIGHBOUR_BONUS = 1  # ST:318 "earns an extra +1M"


@dataclass(frozen=True)
class Modifier:
    """A token-like change on a module card or a player's revenue, with its reason."""

    amount: int
    why: str
    source: str | None = None  # the module id that causes it, when there is one


@dataclass(frozen=True)
class ModuleRevenue:
    id: str
    base: int
    why: str
    modifiers: tuple[Modifier, ...]
    active: bool

    @property
    def revenue(self) -> int:
        return self.base + sum(modifier.amount for modifier in self.modifiers)

    @property
    def full_why(self) -> str:
        """The reason with every token on the card: "7M − 1M × 1 connection; +1M Police m7"."""
        said = self.why
        for modifier in self.modifiers:
            # Translators: a module's revenue and a token on its card, "7M − 1M × 1 connection;
            # +1M Police m7".
            said = _(
                "%(before)s; %(amount)s %(why)s",
                before=said,
                amount=signed_money(modifier.amount),
                why=modifier.why,
            )
        return said


@dataclass(frozen=True)
class PlayerRevenue:
    key: str
    from_modules: int
    modifiers: tuple[Modifier, ...]

    @property
    def total(self) -> int:
        """The Revenue Track figure before reading ST-R5 (it may be negative)."""
        return self.from_modules + sum(modifier.amount for modifier in self.modifiers)


@dataclass(frozen=True)
class RevenueReport:
    modules: dict[str, ModuleRevenue]
    players: dict[str, PlayerRevenue]
    active: frozenset[str]


@dataclass(frozen=True)
class RevenueRules:
    solar_counts_itself: bool = True  # reading ST-R2


def station_revenue(
    station: Station,
    players: list[str],
    order_cards: Mapping[str, str],
    rules: RevenueRules,
    bonuses: Mapping[str, tuple[str, int]] | None = None,
    adjustments: Mapping[str, int] | None = None,
) -> RevenueReport:
    """Every module's revenue and every player's Revenue Track total, from the station now.

    `bonuses`: a player's permanent faction bonus "+amount per owned and attached module of
    type" (ST:272); `adjustments`: a player's entered revenue adjustment (other faction rules).
    """
    active = station.active()
    bases = {
        module.id: base
        for module in station.modules.values()
        if (base := _own_base(station, module, active, order_cards, rules)) is not None
    }
    modifiers = _neighbour_modifiers(station, active)
    results: dict[str, ModuleRevenue] = {}
    # A Broadcast's host attached before it, so attachment order has every host ready.
    for module_id in [*station.attachment_order, *station.modules]:
        if module_id in results:
            continue
        if module_id not in bases:
            bases[module_id] = _broadcast(station, station.modules[module_id], results)
        base, why = bases[module_id]
        results[module_id] = ModuleRevenue(
            module_id, base, why, tuple(modifiers[module_id]), module_id in active
        )
    player_results = {
        player: _player_revenue(station, player, active, results, bonuses, adjustments)
        for player in players
    }
    return RevenueReport(results, player_results, frozenset(active))


def _own_base(
    station: Station,
    module: Module,
    active: set[str],
    order_cards: Mapping[str, str],
    rules: RevenueRules,
) -> tuple[int, str] | None:
    """A module's revenue before tokens; None for an active basic Broadcast (its host's half)."""
    if not module.attached:
        return (0, _("held, not attached: earns nothing until attached"))
    if module.surged:
        if module.fusion_why:
            return (
                0,
                _("%(rolled)s: no longer counts as an attached module", rolled=module.fusion_why),
            )
        return (0, _("no longer counts as an attached module"))
    if module.id not in active:
        return (0, _cut_off_why(station, module.id, active))
    if module.type == BROADCAST and module.card == BASIC_CARD:
        return None
    return _base(station, module, active, order_cards, rules)


# --- tokens a module puts on its neighbours' cards


def _police_bonuses(station: Station, module_id: str, active: set[str]):
    # ST:318 "Also any Residential or Commercial Module attached earns an extra +1M."
    for other in sorted((station.edges[module_id] & active) - {CORE}):
        if _category(station, other) in (RESIDENTIAL, COMMERCIAL):
            yield (
                other,
                Modifier(
                    POLICE_NEIGHBOUR_BONUS, _("Police %(id)s attached", id=module_id), module_id
                ),
            )


def _xenomorph_penalties(station: Station, module_id: str, active: set[str]):
    # ST:348 "each Residential Module within 2 modules … gains 2 -1M tokens" (ST-R13).
    why = _("Xenomorph Research %(id)s within 2 modules", id=module_id)
    for other in sorted(station.within(module_id, XENOMORPH_REACH, active)):
        if other != CORE and _category(station, other) == RESIDENTIAL:
            yield other, Modifier(XENOMORPH_PENALTY, why, module_id)


NEIGHBOUR_EFFECTS = {POLICE: _police_bonuses, XENOMORPH_RESEARCH: _xenomorph_penalties}


def _neighbour_modifiers(station: Station, active: set[str]) -> dict[str, list[Modifier]]:
    """Every card's tokens from its neighbours, in the order their causes were attached."""
    modifiers: dict[str, list[Modifier]] = {module_id: [] for module_id in station.modules}
    for module_id in station.attachment_order:
        module = station.modules[module_id]
        effect = NEIGHBOUR_EFFECTS.get(module.type)
        if module_id not in active or module.card != BASIC_CARD or effect is None:
            continue
        for other, modifier in effect(station, module_id, active):
            modifiers[other].append(modifier)
    return modifiers


# --- a player's total


def _player_revenue(
    station: Station,
    player: str,
    active: set[str],
    results: Mapping[str, ModuleRevenue],
    bonuses: Mapping[str, tuple[str, int]] | None,
    adjustments: Mapping[str, int] | None,
) -> PlayerRevenue:
    owned = [m for m in station.modules.values() if m.owner == player]
    from_modules = sum(results[m.id].revenue for m in owned)
    extra: list[Modifier] = []
    if bonuses and player in bonuses:
        bonus_type, amount = bonuses[player]
        count = sum(1 for m in owned if m.type == bonus_type and m.id in active)
        if count:
            extra.append(
                Modifier(
                    amount * count,
                    _(
                        "faction bonus: %(amount)sM × %(modules)s owned and attached",
                        amount=amount,
                        modules=MODULE_TYPES[bonus_type].count_text(count),
                    ),
                )
            )
    if adjustments and adjustments.get(player):
        extra.append(Modifier(adjustments[player], _("revenue adjustment entered by the table")))
    return PlayerRevenue(player, from_modules, tuple(extra))


# --- one module's own rule


@dataclass(frozen=True)
class _Around:
    """What a basic module's rule reads: the module, its active neighbours, the table's facts."""

    station: Station
    module: Module
    active: set[str]
    order_cards: Mapping[str, str]
    rules: RevenueRules
    others: list[str]  # the active neighbours but the Core, sorted
    on_core: bool
    connections: int  # `c`: the active neighbours, the Core included


def _base(
    station: Station,
    module: Module,
    active: set[str],
    order_cards: Mapping[str, str],
    rules: RevenueRules,
) -> tuple[int, str]:
    if module.card == BANK:
        # ST:291 "Earn 1M interest from the supply for each 1M invested on the card".
        return (
            module.invested,
            _("1M interest per 1M invested: %(invested)sM on the card", invested=module.invested),
        )
    if module.card != BASIC_CARD:
        if module.manual_revenue is None:
            return (0, _("advanced card %(card)s: no revenue entered yet", card=module.card))
        return (
            module.manual_revenue,
            _("advanced card %(card)s: revenue entered by the table", card=module.card),
        )
    neighbours = station.edges[module.id] & active
    around = _Around(
        station,
        module,
        active,
        order_cards,
        rules,
        others=sorted(neighbours - {CORE}),
        on_core=CORE in neighbours,
        connections=len(neighbours),
    )
    rule = BASIC_RULES.get(module.type)
    if rule is None:  # pragma: no cover
        raise AssertionError(f"no revenue rule for {module.type}")
    return rule(around)


def _basic_habitation(a: _Around) -> tuple[int, str]:
    # ST-R1: the Core is wild, so it always adds one more different type.
    names = sorted({type_name(a.station.type_of(n)) for n in a.others})
    if a.on_core:
        names.insert(0, _("the Core"))
    count = len(names)
    revenue = BASIC_HABITATION_REVENUE[min(count, len(BASIC_HABITATION_REVENUE) - 1)]
    return (
        revenue,
        ngettext(
            "%(count)s different type attached (%(names)s)",
            "%(count)s different types attached (%(names)s)",
            count,
            count=count,
            names=and_list(names),
        ),
    )


def _solar(a: _Around) -> tuple[int, str]:
    # ST:195 "+1M for each Solar Power Module owned and attached by the player" (ST-R2).
    solar = sum(
        1
        for other in a.station.modules.values()
        if other.owner == a.module.owner and other.type == SOLAR and other.id in a.active
    )
    if a.rules.solar_counts_itself:
        return (
            2 + solar,
            ngettext(
                "2M + 1M × %(count)s Solar Power Module owned and attached",
                "2M + 1M × %(count)s Solar Power Modules owned and attached",
                solar,
                count=solar,
            ),
        )
    solar -= 1
    return (
        2 + solar,
        ngettext(
            "2M + 1M × %(count)s other Solar Power Module owned and attached",
            "2M + 1M × %(count)s other Solar Power Modules owned and attached",
            solar,
            count=solar,
        ),
    )


def _supply(a: _Around) -> tuple[int, str]:
    # ST-R15 "two modules of the same type": at least two; the Core pairs with any.
    seen: dict[str, int] = {}
    for other in a.others:
        seen[a.station.type_of(other)] = seen.get(a.station.type_of(other), 0) + 1
    pairs = [key for key, count in seen.items() if count >= 2]
    if pairs:
        return (
            7,
            _(
                "3M + 4M (attached to two %(modules)s)",
                modules=MODULE_TYPES[sorted(pairs)[0]].plural,
            ),
        )
    if a.on_core and a.others:
        label = a.station.modules[a.others[0]].label
        return (7, _("3M + 4M (the Core, wild, pairs with %(module)s)", module=label))
    return (3, _("3M (not attached to two modules of the same type)"))


def _market_center(a: _Around) -> tuple[int, str]:
    return (
        2 * a.connections,
        ngettext(
            "%(count)s connection × 2M",
            "%(count)s connections × 2M",
            a.connections,
            count=a.connections,
        ),
    )


def _luxury_habitation(a: _Around) -> tuple[int, str]:
    return (
        7 - a.connections,
        ngettext(
            "7M − 1M × %(count)s connection",
            "7M − 1M × %(count)s connections",
            a.connections,
            count=a.connections,
        ),
    )


def _civic(a: _Around) -> tuple[int, str]:
    # ST:229, by the card held now (ST:67: at the start of the Revenue Phase).
    card = a.order_cards[a.module.owner]
    return (CIVIC_REVENUE[card], _("%(card)s player order card", card=ORDER_CARD_NAMES[card]))


def _police(a: _Around) -> tuple[int, str]:
    count = _count_categories(a.station, a.others, (RESIDENTIAL, COMMERCIAL)) + int(a.on_core)
    if a.on_core:
        said = ngettext(
            "3M + 2M × %(count)s Residential or Commercial Module attached "
            "(the Core counts as one)",
            "3M + 2M × %(count)s Residential or Commercial Modules attached "
            "(the Core counts as one)",
            count,
            count=count,
        )
    else:
        said = ngettext(
            "3M + 2M × %(count)s Residential or Commercial Module attached",
            "3M + 2M × %(count)s Residential or Commercial Modules attached",
            count,
            count=count,
        )
    return (3 + 2 * count, said)


def _fusion(a: _Around) -> tuple[int, str]:
    if a.module.fusion_revenue is None:
        return (0, _("not rolled yet: the die is rolled at the start of the Revenue Phase"))
    return (a.module.fusion_revenue, a.module.fusion_why)


def _stadium(a: _Around) -> tuple[int, str]:
    categories = (RESIDENTIAL, COMMERCIAL, UTILITY)
    count = _count_categories(a.station, a.others, categories) + int(a.on_core)
    return (
        2 * a.connections - 4 + count,
        # Translators: %(connections)s is "3 connections".
        ngettext(
            "2M × %(connections)s − 4M + 1M × %(count)s Residential, Commercial "
            "or Utility Module attached",
            "2M × %(connections)s − 4M + 1M × %(count)s Residential, Commercial "
            "or Utility Modules attached",
            count,
            connections=_connections(a.connections),
            count=count,
        ),
    )


# Each basic module type's own rule (OTHER-GAMES.md §2.4); Broadcast's is `_broadcast`.
BASIC_RULES = {
    BASIC_HABITATION: _basic_habitation,
    SOLAR: _solar,
    SUPPLY: _supply,
    MARKET_CENTER: _market_center,
    LUXURY_HABITATION: _luxury_habitation,
    CIVIC: _civic,
    POLICE: _police,
    FUSION: _fusion,
    SALVAGE: lambda a: (
        0,
        _("earns no revenue; it trashes a free-zone card at the start of a turn"),
    ),
    STADIUM: _stadium,
    XENOMORPH_RESEARCH: lambda a: (4, _("a flat 4M")),
}


def _broadcast(station: Station, module: Module, results: Mapping[str, ModuleRevenue]):
    # ST:310 "1/2 of revenue of the module to which it is attached, rounded up" (ST-R14).
    host = module.host
    if host == CORE or host is None:
        return (0, _("attached to the Core, which earns no revenue"))
    host_revenue = results[host].revenue if host in results else 0
    half = -(-host_revenue // 2)
    if host_revenue % 2:
        return (
            half,
            _(
                "half of %(host)s's %(revenue)s, rounded up",
                host=host,
                revenue=money(host_revenue),
            ),
        )
    return (half, _("half of %(host)s's %(revenue)s", host=host, revenue=money(host_revenue)))


def _cut_off_why(station: Station, module_id: str, active: set[str]) -> str:
    """Name the surged reactors that stand between this module and the Core."""
    component = {module_id}
    frontier = [module_id]
    blockers: set[str] = set()
    while frontier:
        node = frontier.pop()
        for other in station.edges[node]:
            if station.is_dead(other):
                blockers.add(other)
            elif other not in component and other not in active:
                component.add(other)
                frontier.append(other)
    if blockers:
        return _(
            "inactive: cut off from the Core by the Plasma Surge of %(reactors)s",
            reactors=and_list(sorted(blockers)),
        )
    return _("inactive: cut off from the Core")


def _category(station: Station, node: str) -> str:
    return MODULE_TYPES[station.type_of(node)].category


def _count_categories(station: Station, nodes: list[str], categories: tuple[str, ...]) -> int:
    return sum(1 for node in nodes if _category(station, node) in categories)


def _connections(count: int) -> str:
    return ngettext("%(count)s connection", "%(count)s connections", count, count=count)
