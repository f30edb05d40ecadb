"""`play(session)`: the derived state of a round tracker session (OTHER-GAMES.md §2.10), and
what the phone pages ask of it: whose turn it is and what they may do now.

The printed keys come first, exactly as §2.10 prints them; the rest are this app's additions
(every one documented in docs/startropolis.md).
"""

from __future__ import annotations

from typing import Any

from gamefile.words import _, ngettext

from .modules import (
    BANK,
    BASIC_CARD,
    BROADCAST,
    CATEGORIES,
    CIVIC,
    CORE,
    FREE_SLOTS,
    FUSION,
    MODULE_TYPES,
    OPTION_3_GAIN,
    ORDER_CARD_NAMES,
    SALVAGE,
    TRACK_SLOTS,
    clearance_price,
)
from .replay import Game, replay
from .setup import SESSION_FORMAT, read_setup
from .state import (
    Bonus,
    Modifier,
    ModuleState,
    PlayerState,
    RevenueTerm,
    Station,
    TrackerState,
    TrackSlot,
)
from .station import Module
from .words import and_list, money

__all__ = [
    "SESSION_FORMAT",
    "derive",
    "derived_state",
    "next_step",
    "play",
    "replayed",
    "tracker_state",
]


def replayed(session: Any) -> Game:
    """The `Game` a session leads to; raises the first problem (`StartropolisError`)."""
    return replay(read_setup(session))


def play(session: Any) -> dict:
    """The derived state of §2.10 (printed keys first), with the app's extra keys."""
    return derived_state(replayed(session))


def next_step(session: Any) -> dict:
    """Whose turn it is and what they may do now (the `next` key of `play`)."""
    return _next(replayed(session))


def derived_state(game: Game) -> dict:
    return derive(game).to_dict()


def tracker_state(session: Any) -> TrackerState:
    """`play(session)` as types, for the pages."""
    return derive(replayed(session))


def derive(game: Game) -> TrackerState:
    rules = game.rules
    over = game.pending.phase == "game_over"
    next_round = None if over else game.rounds_done + 1
    report = game.report
    clearance = game.pending.round == rules.rounds
    return TrackerState(
        rounds_total=rules.rounds,
        next_round=next_round,
        final_round_next=next_round == rules.rounds,
        modules=tuple(_module_json(game, module) for module in game.station.modules.values()),
        revenue={player: game.track.positions[player] for player in game.keys},
        track={space: tuple(keys) for space, keys in game.track.as_json().items()},
        collected=dict(game.collected),
        order_cards={player: game.cards[player] for player in game.order},
        credits=None if game.credits is None else dict(game.credits),
        game_over=over,
        round=game.pending.round,
        phase=game.pending.phase,
        clearance=clearance,
        order=tuple(game.order),
        prices={key: _price(key, clearance) for key in rules.modules_in_play},
        construction_track=tuple(
            TrackSlot(
                slot=slot,
                type=card,
                rush_fee=game.fee(slot),
                price=None if card is None else _price(card, clearance) + game.fee(slot),
            )
            for slot, card in enumerate(game.construction, start=1)
        ),
        players=tuple(_player_json(game, player) for player in game.keys),
        spend={
            player: sum(m.cost for m in game.station.modules.values() if m.owner == player)
            for player in game.keys
        },
        paid=dict(game.paid),
        station=Station(
            edges=tuple(
                sorted((a, b) for a, others in game.station.edges.items() for b in others if a < b)
            ),
            active=tuple(sorted(report.active - {CORE})),
            surged=tuple(sorted(m.id for m in game.station.modules.values() if m.surged)),
        ),
        bids=None if game.setup.bids is None else dict(game.setup.bids),
        powers_used=(
            {player: game.powers_used.get(player) for player in game.keys}
            if rules.advanced_factions
            else None
        ),
        missions=_missions_json(game) if rules.missions else None,
        warnings=tuple(_warnings(game)),
        next=_next(game),
        log=tuple(game.log),
    )


def _price(module_type: str, clearance: bool) -> int:
    cost = MODULE_TYPES[module_type].cost
    return clearance_price(cost) if clearance else cost


def _module_json(game: Game, module: Module) -> ModuleState:
    result = game.report.modules[module.id]
    station = game.station
    if module.attached and result.active:
        sentence = _(
            "%(module)s (%(owner)s): %(why)s = %(revenue)s",
            module=module.label,
            owner=module.owner,
            why=result.full_why,
            revenue=money(result.revenue),
        )
    else:
        sentence = _(
            "%(module)s (%(owner)s): %(why)s",
            module=module.label,
            owner=module.owner,
            why=result.full_why,
        )
    fusion = module.type == FUSION and module.card == BASIC_CARD
    return ModuleState(
        id=module.id,
        type=module.type,
        owner=module.owner,
        attached=module.attached,
        revenue=result.revenue,
        why=result.full_why,
        name=module.name,
        card=module.card,
        cost=module.cost,
        paid=module.paid,
        active=result.active,
        base=result.base,
        modifiers=tuple(Modifier(m.amount, m.why, m.source) for m in result.modifiers),
        connections=tuple(sorted(station.edges[module.id])) if module.attached else (),
        bought_round=module.bought_round,
        attached_round=module.attached_round,
        sentence=sentence,
        tokens=module.tokens if fusion else None,
        surged=module.surged if fusion else None,
        invested=module.invested if module.card == BANK else None,
        host=module.host if module.type == BROADCAST else None,
    )


def _player_json(game: Game, key: str) -> PlayerState:
    setup = game.setup.player(key)
    revenue = game.report.players[key]
    terms = [
        {"amount": game.report.modules[m.id].revenue, "why": f"{m.label}"}
        for m in game.station.modules.values()
        if m.owner == key and m.attached
    ]
    terms += [{"amount": m.amount, "why": m.why} for m in revenue.modifiers]
    position = game.track.positions[key]
    if not terms:
        why = _("no module attached yet: 0M")
    else:
        said = None
        for term in terms:
            # Translators: one term of a player's revenue, "Solar m1 4M".
            one = _("%(why)s %(amount)s", why=term["why"], amount=money(term["amount"]))
            said = one if said is None else _("%(before)s + %(term)s", before=said, term=one)
        why = _("%(terms)s = %(total)s", terms=said, total=money(revenue.total))
    if position != revenue.total:
        why = _("%(why)s; the marker stops at 0 (negative revenue is not paid)", why=why)
    return PlayerState(
        key=key,
        faction=setup.faction,
        order_card=game.cards[key],
        revenue=position,
        revenue_total=revenue.total,
        revenue_terms=tuple(RevenueTerm(t["amount"], t["why"]) for t in terms),
        revenue_why=why,
        held=tuple(m.id for m in game.station.held(key)),
        paid=game.paid[key],
        bonus=None if setup.bonus is None else Bonus(setup.bonus[0], setup.bonus[1]),
        power_used=(key in game.powers_used) if game.rules.advanced_factions else None,
    )


def _missions_json(game: Game) -> dict:
    """Private to each player (ST:279): the table view removes it."""
    missions: dict[str, Any] = {}
    for player in game.setup.players:
        mission = player.mission
        if mission is None:
            missions[player.key] = None
            continue
        entry: dict[str, Any] = {
            "dealt": list(mission.dealt),
            "kept": mission.kept,
            "reward": mission.reward,
        }
        if mission.most is not None:
            counts = {
                p: sum(
                    1
                    for m in game.station.modules.values()
                    if m.owner == p and m.type == mission.most
                )
                for p in game.keys
            }
            mine = counts[player.key]
            entry["most"] = mission.most
            entry["owned"] = mine
            entry["achieved_now"] = all(mine > c for p, c in counts.items() if p != player.key)
        missions[player.key] = entry
    return missions


def _warnings(game: Game) -> list[str]:
    warnings = []
    in_play = game.rules.modules_in_play
    if any(MODULE_TYPES[key].expansion for key in in_play):
        missing = [c for c in CATEGORIES if all(MODULE_TYPES[k].category != c for k in in_play)]
        if missing:
            # ST:295 recommends one module type of each of the six categories.
            warnings.append(
                _(
                    "No %(categories)s module in play: the rulebook recommends one of each "
                    "of the six categories with expansion modules.",
                    categories=and_list(missing),
                )
            )
    if game.pending.phase == "game_over":
        for player in game.keys:
            held = game.station.held(player)
            if held:
                warnings.append(
                    _(
                        "%(player)s ends with %(count)s held module(s), which earned nothing.",
                        player=player,
                        count=len(held),
                    )
                )
    return warnings


# --- what happens next


def _next(game: Game) -> dict:
    pending = game.pending
    rules = game.rules
    if pending.phase == "game_over":
        return {
            "phase": "game_over",
            "round": None,
            "player": None,
            "sentence": _(
                "The game is over after round %(round)s: the most credits in hand wins "
                "(then revenue, then spend).",
                round=rules.rounds,
            ),
        }
    clearance = pending.round == rules.rounds
    if pending.phase == "purchase":
        return _purchase_step(game, clearance)
    if pending.phase == "attachment":
        return _attachment_step(game, clearance)
    needed = [
        ngettext(
            "%(id)s (%(count)s token)",
            "%(id)s (%(count)s tokens)",
            game.station.modules[module_id].tokens,
            id=module_id,
            count=game.station.modules[module_id].tokens,
        )
        for module_id in pending.rolls_needed
    ]
    return {
        "phase": "revenue",
        "round": pending.round,
        "player": None,
        "clearance": clearance,
        "rolls_needed": list(pending.rolls_needed),
        "sentence": _(
            "Round %(round)s, Revenue Phase: roll the die for Fusion Reactor "
            "%(reactors)s before collecting.",
            round=pending.round,
            reactors=and_list(needed),
        ),
    }


def _purchase_step(game: Game, clearance: bool) -> dict:
    pending = game.pending
    player = pending.player
    rules = game.rules
    fees = {slot: game.fee(slot) for slot in range(1, TRACK_SLOTS + 1)}
    options: list[dict] = []
    for slot, card in enumerate(game.construction, start=1):
        option: dict[str, Any] = {
            "option": "buy",
            "slot": slot,
            "type": card,
            "rush_fee": fees[slot],
        }
        if card is None:
            option["price"] = None
            cost = _("half the card's cost, rounded up") if clearance else _("the card's cost")
            option["why"] = _with_fee(cost, fees[slot])
        else:
            advanced = game.deck.plays_advanced(card)
            full = game.deck.limit(card) <= game.deck.counts.get(card, 0)
            option["price"] = None if advanced else _price(card, clearance) + fees[slot]
            option["why"] = _buy_why(card, clearance, fees[slot], advanced)
            if full:
                option["available"] = False
                option["why"] = _(
                    "every %(type)s Module is already bought", type=MODULE_TYPES[card].name
                )
        options.append(option)
    civic_left = CIVIC in rules.modules_in_play and game.deck.counts.get(
        CIVIC, 0
    ) < game.deck.limit(CIVIC)
    if civic_left:
        for slot in range(1, TRACK_SLOTS + 1):
            options.append(
                {
                    "option": "civic",
                    "discard_slot": slot,
                    "price": _price(CIVIC, clearance) + fees[slot],
                    "why": _(
                        "Civic %(price)sM + %(fee)sM rush fee to discard slot %(slot)s",
                        price=_price(CIVIC, clearance),
                        fee=fees[slot],
                        slot=slot,
                    )
                    if fees[slot]
                    else _("Civic %(price)sM", price=_price(CIVIC, clearance)),
                }
            )
    for slot in range(1, TRACK_SLOTS + 1):
        options.append(
            {
                "option": "pass",
                "discard_slot": slot,
                "gain": OPTION_3_GAIN - fees[slot],
                "why": _("gain 5M − %(fee)sM rush fee", fee=fees[slot])
                if fees[slot]
                else _("gain 5M"),
            }
        )
    step: dict[str, Any] = {
        "phase": "purchase",
        "round": pending.round,
        "player": player,
        "order_card": game.cards[player],
        "clearance": clearance,
        "options": options,
    }
    salvagers = [
        m
        for m in game.station.modules.values()
        if m.owner == player
        and m.type == SALVAGE
        and m.card == BASIC_CARD
        and m.id in game.report.active
    ]
    if salvagers:
        step["salvage"] = [
            {
                "slot": slot,
                "type": game.construction[slot - 1],
                "gain": None
                if game.construction[slot - 1] is None
                else MODULE_TYPES[game.construction[slot - 1]].cost // 2,
            }
            for slot in FREE_SLOTS
        ]
    banks = [m for m in game.station.modules.values() if m.owner == player and m.card == BANK]
    reminders = []
    if clearance:
        reminders.append(
            _(
                "Clearance round: every module sells for half price, rounded up; rush fees are "
                "unchanged."
            )
        )
    if banks:
        step["bank"] = [
            {"module": m.id, "invested": m.invested, "may_invest": 2, "may_withdraw": m.invested}
            for m in banks
        ]
        if clearance and any(m.invested for m in banks):
            # Reading ST-R9: money on a Bank card is not "in hand" at the end (ST:160).
            reminders.append(
                _(
                    "Money on a Bank card is not in hand at the end of the game: withdraw it "
                    "this turn."
                )
            )
    step["reminders"] = reminders
    card = ORDER_CARD_NAMES[game.cards[player]]
    values = {"round": pending.round, "player": player, "card": card}
    step["sentence"] = (
        _(
            "Round %(round)s, Purchase Phase: %(player)s's turn (%(card)s). Buy a module from the "
            "track, buy a Civic Module and discard a card, or take 5M and discard a card.",
            **values,
        )
        if civic_left
        else _(
            "Round %(round)s, Purchase Phase: %(player)s's turn (%(card)s). Buy a module "
            "from the track, or take 5M and discard a card.",
            **values,
        )
    )
    return step


def _buy_why(card: str, clearance: bool, fee: int, advanced: bool) -> str:
    name = MODULE_TYPES[card].name
    if advanced:
        return _with_fee(_("%(type)s: the advanced card's own cost", type=name), fee)
    cost = MODULE_TYPES[card].cost
    price = (
        _(
            "%(type)s %(price)sM (half of %(cost)sM, rounded up)",
            type=name,
            price=clearance_price(cost),
            cost=cost,
        )
        if clearance
        else f"{name} {cost}M"
    )
    return _with_fee(price, fee)


def _with_fee(price: str, fee: int) -> str:
    """A price, with the slot's rush fee added when there is one."""
    # Translators: %(price)s is a price's words, "Solar 4M" or "the card's cost".
    return _("%(price)s + %(fee)sM rush fee", price=price, fee=fee) if fee else price


def _attachment_step(game: Game, clearance: bool) -> dict:
    pending = game.pending
    player = pending.player
    held = []
    for module in game.station.held(player):
        allowed, refused = game.station.allowed_targets(module)
        held.append(
            {
                "id": module.id,
                "type": module.type,
                "may_attach_to": allowed,
                "refused": [{"node": node, "why": why} for node, why in refused],
            }
        )
    names = and_list([f"{m['id']} ({MODULE_TYPES[m['type']].name})" for m in held])
    return {
        "phase": "attachment",
        "round": pending.round,
        "player": player,
        "pass": pending.pass_number,
        "clearance": clearance,
        "held": held,
        "may_hold": True,
        "sentence": _(
            "Round %(round)s, Attachment Phase (Last to First, pass %(pass_number)s): "
            "%(player)s attaches one module or holds. Held: %(held)s.",
            round=pending.round,
            pass_number=pending.pass_number,
            player=player,
            held=names,
        ),
    }
