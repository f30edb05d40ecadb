"""The round tracker: replays a session's rounds phase by phase (OTHER-GAMES.md §2.1, §2.10).

Purchase Phase First→Last (ST:97), Attachment Phase Last→First with held modules in later
passes "in the same player order, one at a time" (ST:115, ST:136), Revenue Phase: collect,
redeal the order cards, move the Round Tracker (ST:142–148). Every revenue is recomputed after
every change and the markers move "current player's revenue first, then any other affected
player" (ST:126), which is what decides the stacking on a shared space (ST:134).

The replay stops where the log stops: `Game.pending` says which phase waits for whom.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamefile.words import _, ngettext

from .common import Deck
from .errors import StartropolisError
from .modules import (
    BANK,
    BASIC_CARD,
    COMMERCIAL,
    FUSION,
    MIN_PAID_REVENUE,
    MODULE_TYPES,
    ORDER_CARD_NAMES,
    ORDER_CARDS,
    RESIDENTIAL,
    STADIUM,
    START_CREDITS,
    UTILITY,
)
from .purchase import MODULE_KEYS, PURCHASE_KEYS, SALVAGE_KEYS, PurchasePhase
from .reader import Reader, join
from .revenue import RevenueReport, RevenueRules, station_revenue
from .setup import Setup
from .station import MAX_TARGETS, Module, Station
from .track import RevenueTrack
from .words import and_list, money, signed_money, who

ROUND_KEYS = (
    "purchases",
    "attachments",
    "fusion_rolls",
    "card_revenue",
    "revenue_adjustments",
    "credit_adjustments",
    "powers_used",
)
ATTACHMENT_KEYS = ("player", "module", "to", "hold")
MAX_ATTACHMENTS = 200  # sanity bound on one round's attachment entries
MAX_MANUAL = 30  # an entered card revenue or revenue adjustment: −30..30
MAX_CREDIT_ADJUSTMENT = 50
STADIUM_BONUS = 2  # ST:341 "a one-time bonus of 2M credits"


@dataclass
class Pending:
    """Where the log stops: the phase, the round and whose turn (None when nobody's)."""

    phase: str  # "purchase", "attachment", "revenue" or "game_over"
    round: int | None
    player: str | None = None
    pass_number: int = 1
    rolls_needed: list[str] = field(default_factory=list)

    def waiting_for(self) -> str:
        if self.phase == "purchase":
            return _("%(player)s has not taken a Purchase Phase turn", player=self.player)
        if self.phase == "attachment":
            return _("%(player)s has not attached or held a module", player=self.player)
        return _(
            "the die has not been rolled for %(modules)s", modules=", ".join(self.rolls_needed)
        )


class Game(PurchasePhase):
    """The state a session's log leads to; `run()` replays every round."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.rules = setup.rules
        self.keys = setup.keys
        self.reader = Reader(fail_fast=True, root="session")
        self.station = Station()
        self.order = list(setup.first_order)
        self.cards = dict(zip(self.order, ORDER_CARDS[self.rules.players], strict=True))
        self.track = RevenueTrack.start(self.order)
        bids = setup.bids or {}
        self.credits: dict[str, int] | None = (
            {key: START_CREDITS - bids.get(key, 0) for key in self.keys}
            if self.rules.track_credits
            else None
        )
        self.collected = {key: 0 for key in self.keys}
        self.paid = {key: 0 for key in self.keys}
        self.powers_used: dict[str, int] = {}
        self.adjustments: dict[str, int] = {}
        self.bonuses = {p.key: p.bonus for p in setup.players if p.bonus is not None}
        self.deck = Deck(self.rules.players)
        self.construction: list[str | None] = list(setup.construction_track or [None] * 6)
        self.rounds_done = 0
        self.pending = Pending("purchase", 1, self.order[0])
        self.log: list[dict] = []
        self.report = self.recompute()

    # --- revenue and the track

    def recompute(self) -> RevenueReport:
        self.report = station_revenue(
            self.station,
            self.keys,
            self.cards,
            RevenueRules(solar_counts_itself=self.rules.solar_counts_itself),
            self.bonuses,
            self.adjustments,
        )
        return self.report

    def position(self, player: str) -> int:
        """Reading ST-R5: the marker stops at 0 ("floor"); under "pay" it goes down to −30."""
        total = self.report.players[player].total
        if self.rules.negative_revenue == "floor":
            return max(0, total)
        return max(MIN_PAID_REVENUE, total)

    def move_markers(self, movers: list[str]) -> None:
        self.recompute()
        for player in movers:
            self.track.move(player, self.position(player))

    def note(self, round_number: int, phase: str, player: str | None, text: str) -> None:
        self.log.append({"round": round_number, "phase": phase, "player": player, "text": text})

    def change_credits(self, player: str, amount: int) -> None:
        if self.credits is not None:
            self.credits[player] += amount

    def can_pay(self, player: str, amount: int, path: str, what: str) -> None:
        if self.credits is not None and amount > self.credits[player]:
            self.reader.error(
                path,
                # Translators: %(what)s says what for: "for the Solar in slot 2", "to invest".
                _(
                    "%(player)s has %(credits)sM in hand and cannot pay %(amount)sM %(what)s",
                    player=player,
                    credits=self.credits[player],
                    amount=amount,
                    what=what,
                ),
            )

    # --- rounds

    def run(self) -> Game:
        rounds = self.setup.rounds
        for index, raw in enumerate(rounds):
            if self.pending.phase != "purchase" or self.pending.round != index + 1:
                self.reader.error(
                    f"rounds[{index}]",
                    _(
                        "round %(round)s is not finished (%(waiting)s); finish it "
                        "before entering round %(next)s",
                        round=index,
                        waiting=self.pending.waiting_for(),
                        next=index + 1,
                    ),
                )
            self.play_round(index, raw, later_round=index + 1 < len(rounds))
        return self

    def play_round(self, index: int, raw: Any, *, later_round: bool = False) -> None:
        reader = self.reader
        path = f"rounds[{index}]"
        number = index + 1
        data = reader.obj(raw, path, ROUND_KEYS, _("a round key"))
        purchases = reader.sequence(
            data.get("purchases", []), join(path, "purchases"), self.rules.players, _("purchases")
        )
        for turn, entry in enumerate(purchases):
            self.purchase_turn(join(join(path, "purchases"), turn), entry, turn, number)
        if len(purchases) < self.rules.players:
            player = self.order[len(purchases)]
            self.pending = Pending("purchase", number, player)
            for key in ("attachments", "fusion_rolls"):
                if data.get(key):
                    reader.error(
                        join(path, key),
                        _(
                            "the Purchase Phase is not over (%(player)s has not taken a turn); "
                            "attachments come after it",
                            player=player,
                        )
                        if key == "attachments"
                        else _(
                            "the Purchase Phase is not over (%(player)s has not taken a turn); "
                            "fusion rolls come after it",
                            player=player,
                        ),
                    )
            return
        self.use_powers(data, path, number)
        # A turn the log skips is a hold (ST:124); after the last entry the players still holding
        # modules held them when the log goes on: a later round, or this round's dice.
        over = later_round or "fusion_rolls" in data
        if not self.attachment_phase(data, path, number, over=over):
            if data.get("fusion_rolls"):
                reader.error(
                    join(path, "fusion_rolls"),
                    _(
                        "the Attachment Phase is not over (%(waiting)s); the die is "
                        "rolled at the start of the Revenue Phase",
                        waiting=self.pending.waiting_for(),
                    ),
                )
            return
        self.revenue_phase(data, path, number)

    def use_powers(self, data: dict, path: str, number: int) -> None:
        # ST:266: a one-time power flips the Advanced Faction Card face down, seen by all.
        if "powers_used" not in data:
            return
        reader = self.reader
        ppath = join(path, "powers_used")
        for index, player in enumerate(
            reader.sequence(data["powers_used"], ppath, 4, _("players"))
        ):
            if not self.rules.advanced_factions:
                reader.error(
                    ppath,
                    _("one-time powers come with Advanced Faction Cards (rules.advanced_factions)"),
                )
            if player not in self.keys:
                reader.error(
                    join(ppath, index),
                    _("%(player)s is not a player of this session", player=who(player)),
                )
            if player in self.powers_used:
                reader.error(
                    join(ppath, index),
                    _(
                        "%(player)s used the one-time power in round %(round)s; it is once per "
                        "game",
                        player=player,
                        round=self.powers_used[player],
                    ),
                )
            self.powers_used[player] = number
            self.note(
                number,
                "attachment",
                player,
                _("%(player)s uses the one-time faction power", player=player),
            )

    # --- Attachment Phase

    def attachment_phase(self, data: dict, path: str, number: int, *, over: bool = False) -> bool:
        reader = self.reader
        apath = join(path, "attachments")
        entries = reader.sequence(
            data.get("attachments", []), apath, MAX_ATTACHMENTS, _("attachments")
        )
        turns = _AttachmentTurns(list(reversed(self.order)), self.station)
        for index, raw in enumerate(entries):
            epath = join(apath, index)
            entry = reader.obj(raw, epath, ATTACHMENT_KEYS, _("an attachment key"))
            self.refuse_after_hold(entry, epath, turns)
            player = turns.whose_turn()
            if player is None:
                reader.error(
                    epath,
                    _(
                        "the Attachment Phase is over: nobody holds a module that may still be "
                        "attached this round"
                    ),
                )
            holding = entry.get("hold", False) is not False
            mover = entry.get("player") if holding else self.owner_of(entry)
            for skipped in turns.skipped_before(mover if isinstance(mover, str) else None):
                self.held_by(skipped, turns, number)
            player = turns.whose_turn()
            if holding:
                self.hold(entry, epath, player, turns, number)
            else:
                self.attach(entry, epath, player, turns, number)
        player = turns.whose_turn()
        while over and player is not None:
            self.held_by(player, turns, number)
            player = turns.whose_turn()
        if player is not None:
            self.pending = Pending("attachment", number, player, turns.pass_number)
            return False
        return True

    def hold(
        self, entry: dict, path: str, player: str, turns: _AttachmentTurns, number: int
    ) -> None:
        reader = self.reader
        if entry["hold"] is not True:
            reader.error(
                join(path, "hold"),
                _("must be true (the player keeps their modules for a later round)"),
            )
        for key in ("module", "to"):
            if key in entry:
                reader.error(join(path, key), _("is for attaching; a hold names only the player"))
        if "player" not in entry:
            reader.error(join(path, "player"), _("is required: who holds their modules"))
        if entry["player"] != player:
            reader.error(
                join(path, "player"),
                _(
                    "it is %(player)s's turn to attach (Last to First), not %(other)s",
                    player=player,
                    other=who(entry["player"]),
                ),
            )
        self.held_by(player, turns, number)

    def held_by(self, player: str, turns: _AttachmentTurns, number: int) -> None:
        """ST:124: "a player does not wish to attach their module": it is held for a future
        turn. An explicit `{"player", "hold": true}` and a turn the log skips read the same."""
        turns.finish(player)
        held = ", ".join(m.id for m in self.station.held(player))
        self.note(
            number,
            "attachment",
            player,
            _("%(player)s holds %(modules)s for a later round", player=player, modules=held),
        )

    def refuse_after_hold(self, entry: dict, path: str, turns: _AttachmentTurns) -> None:
        owner = self.owner_of(entry)
        if owner is not None and owner in turns.finished and "hold" not in entry:
            self.reader.error(
                join(path, "module"),
                _(
                    "%(player)s held their modules earlier in this round (a turn with no "
                    "attachment is a hold, ST:124); %(module)s waits for a later round",
                    player=owner,
                    module=entry["module"],
                ),
            )

    def owner_of(self, entry: dict) -> str | None:
        """The owner of the held module an attachment entry names (None when it names none:
        `attach` then refuses the entry with its sentence)."""
        module_id = entry.get("module")
        module = self.station.modules.get(module_id) if isinstance(module_id, str) else None
        if module is None or module.attached:
            return None
        return module.owner

    def attach(
        self, entry: dict, path: str, player: str, turns: _AttachmentTurns, number: int
    ) -> None:
        reader = self.reader
        for key in ("module", "to"):
            if key not in entry:
                reader.error(join(path, key), _('is required (or give "player" and "hold": true)'))
        module_id = entry["module"]
        module = self.station.modules.get(module_id) if isinstance(module_id, str) else None
        if module is None:
            reader.error(
                join(path, "module"),
                _("%(module)s is not a module anyone has bought", module=who(module_id)),
            )
        if module.attached:
            reader.error(
                join(path, "module"),
                _("%(module)s is already attached to the station", module=module_id),
            )
        if "player" in entry and entry["player"] != module.owner:
            reader.error(
                join(path, "player"),
                _(
                    "%(module)s is %(owner)s's module, not %(player)s's",
                    module=module_id,
                    owner=module.owner,
                    player=who(entry["player"]),
                ),
            )
        if module.owner != player:
            reader.error(
                join(path, "module"),
                _(
                    "it is %(player)s's turn to attach (Last to First); %(module)s is %(owner)s's",
                    player=player,
                    module=module_id,
                    owner=module.owner,
                ),
            )
        targets = reader.sequence(entry["to"], join(path, "to"), MAX_TARGETS, _("modules"))
        for index, target in enumerate(targets):
            if not isinstance(target, str):
                reader.error(join(join(path, "to"), index), _('must be a module id or "core"'))
        problem = self.station.refusal(module, targets)
        if problem is not None:
            where, sentence = problem
            reader.error(join(path, "to") if where < 0 else join(join(path, "to"), where), sentence)
        self.station.attach(module, targets, number)
        turns.attached(player)
        self.note(
            number,
            "attachment",
            player,
            _(
                "%(player)s attaches %(module)s to %(targets)s",
                player=player,
                module=module.label,
                targets=and_list([self.station.node_label(t) for t in targets]),
            ),
        )
        self.stadium_bonus(module, targets, number)
        # ST:126: the current player's revenue first, then the other players in this phase's order.
        self.move_markers([player, *(p for p in reversed(self.order) if p != player)])

    def stadium_bonus(self, module: Module, targets: list[str], number: int) -> None:
        # ST:341: the bank pays any *other* player connecting a Residential, Commercial or
        # Utility module to a Stadium a one-time 2M.
        if MODULE_TYPES[module.type].category not in (RESIDENTIAL, COMMERCIAL, UTILITY):
            return
        active = self.station.active()
        for target in targets:
            stadium = self.station.modules.get(target)
            if stadium is None or stadium.type != STADIUM or stadium.card != BASIC_CARD:
                continue
            if stadium.owner == module.owner or target not in active:
                continue
            self.change_credits(module.owner, STADIUM_BONUS)
            self.note(
                number,
                "attachment",
                module.owner,
                _(
                    "%(player)s gains 2M from the bank for connecting %(module)s to "
                    "Stadium %(stadium)s",
                    player=module.owner,
                    module=module.label,
                    stadium=target,
                ),
            )

    # --- Revenue Phase

    def revenue_phase(self, data: dict, path: str, number: int) -> None:
        reader = self.reader
        reactors = [
            self.station.modules[m]
            for m in self.station.attachment_order
            if self.station.modules[m].type == FUSION
            and self.station.modules[m].card == BASIC_CARD
            and m in self.report.active
        ]
        rpath = join(path, "fusion_rolls")
        rolls = reader.mapping(data.get("fusion_rolls", {}), rpath)
        for module_id in rolls:
            if module_id not in {r.id for r in reactors}:
                reader.error(
                    join(rpath, module_id),
                    _(
                        "%(module)s is not an active Fusion Reactor on the station at the start "
                        "of this Revenue Phase",
                        module=module_id,
                    ),
                )
        missing = [r.id for r in reactors if r.id not in rolls]
        if missing:
            self.pending = Pending("revenue", number, None, rolls_needed=missing)
            return
        for reactor in reactors:
            self.fusion_roll(
                reactor,
                reader.whole_number(rolls[reactor.id], join(rpath, reactor.id), 1, 6),
                number,
            )
        self.manual_values(data, path)
        movers = list(self.order)
        self.move_markers(movers)
        # ST:142: collect the Revenue Track position (reading ST-R5 below 0).
        for player in self.order:
            amount = self.track.positions[player]
            if amount < 0 and self.credits is not None:
                amount = -min(-amount, self.credits[player])
            self.change_credits(player, amount)
            self.collected[player] = amount
            self.note(
                number,
                "revenue",
                player,
                _("%(player)s collects %(amount)s", player=player, amount=money(amount))
                if amount >= 0
                else _("%(player)s pays %(amount)sM", player=player, amount=-amount),
            )
        self.credit_adjustments(data, path, number)
        if number == self.rules.rounds:
            # "The game ends after seven rounds …" (ST:156): after the final collection there is
            # no next round to deal order cards for, so the cards stay and no Civic is re-valued.
            # The Revenue Track keeps what each player collected: the tie-break's "furthest ahead
            # on the Revenue Track" (ST:162) is that income (docs/startropolis.md, reading ST-A2).
            self.rounds_done = number
            self.pending = Pending("game_over", None, None)
            return
        # ST:144–146: new order cards by revenue ascending, the marker on top counting as behind.
        self.cards = self.track.deal_order_cards()
        self.order = sorted(
            self.keys, key=lambda p: ORDER_CARDS[self.rules.players].index(self.cards[p])
        )
        self.note(
            number,
            "revenue",
            None,
            _(
                "new order: %(order)s",
                order=", ".join(f"{p} {ORDER_CARD_NAMES[self.cards[p]]}" for p in self.order),
            ),
        )
        # Reading ST-R11: Civic is re-valued at once, the markers moving in the new order.
        self.move_markers(list(self.order))
        self.rounds_done = number
        self.pending = Pending("purchase", number + 1, self.order[0])

    def fusion_roll(self, reactor: Module, roll: int, number: int) -> None:
        # ST:325–328 with reading ST-R12: the die is modified by the tokens; a 1 earns 6M and
        # adds a token that counts from the next roll; a 6 or more is a Plasma Surge for good.
        tokens = reactor.tokens
        result = roll + tokens
        rolled = (
            ngettext(
                "rolled %(roll)s + %(tokens)s token = %(result)s",
                "rolled %(roll)s + %(tokens)s tokens = %(result)s",
                tokens,
                roll=roll,
                tokens=tokens,
                result=result,
            )
            if tokens
            else _("rolled %(roll)s", roll=roll)
        )
        if result == 1:
            reactor.fusion_revenue = 6
            reactor.fusion_why = _("%(rolled)s: 6M, Power Surge: a +1M token added", rolled=rolled)
            reactor.tokens += 1
        elif result <= 5:
            reactor.fusion_revenue = 5 + tokens
            reactor.fusion_why = (
                ngettext(
                    "%(rolled)s: 5M + %(tokens)sM token",
                    "%(rolled)s: 5M + %(tokens)sM tokens",
                    tokens,
                    rolled=rolled,
                    tokens=tokens,
                )
                if tokens
                else _("%(rolled)s: 5M", rolled=rolled)
            )
        else:
            reactor.surged = True
            reactor.fusion_revenue = 0
            reactor.fusion_why = _("%(rolled)s: Plasma Surge", rolled=rolled)
        self.note(
            number,
            "revenue",
            reactor.owner,
            _("Fusion Reactor %(id)s %(why)s", id=reactor.id, why=reactor.fusion_why),
        )

    def manual_values(self, data: dict, path: str) -> None:
        reader = self.reader
        cpath = join(path, "card_revenue")
        for module_id, value in reader.mapping(data.get("card_revenue", {}), cpath).items():
            module = self.station.modules.get(module_id)
            if module is None:
                reader.error(join(cpath, module_id), _("is not a module anyone has bought"))
            if module.card in (BASIC_CARD, BANK):
                reader.error(
                    join(cpath, module_id),
                    _(
                        "%(module)s is %(card)s; its revenue follows its printed rule",
                        module=module_id,
                        card=_card_phrase(module),
                    ),
                )
            module.manual_revenue = reader.whole_number(
                value, join(cpath, module_id), -MAX_MANUAL, MAX_MANUAL
            )
        apath = join(path, "revenue_adjustments")
        for player, value in reader.mapping(data.get("revenue_adjustments", {}), apath).items():
            if player not in self.keys:
                reader.error(join(apath, player), _("is not a player of this session"))
            self.adjustments[player] = reader.whole_number(
                value, join(apath, player), -MAX_MANUAL, MAX_MANUAL
            )

    def credit_adjustments(self, data: dict, path: str, number: int) -> None:
        reader = self.reader
        cpath = join(path, "credit_adjustments")
        for player, value in reader.mapping(data.get("credit_adjustments", {}), cpath).items():
            if player not in self.keys:
                reader.error(join(cpath, player), _("is not a player of this session"))
            amount = reader.whole_number(
                value, join(cpath, player), -MAX_CREDIT_ADJUSTMENT, MAX_CREDIT_ADJUSTMENT
            )
            if self.credits is not None and amount < 0:
                amount = -min(-amount, self.credits[player])  # credits never go below 0
            self.change_credits(player, amount)
            self.note(
                number,
                "revenue",
                player,
                _(
                    "%(player)s %(amount)s entered by the table",
                    player=player,
                    amount=signed_money(amount),
                ),
            )


class _AttachmentTurns:
    """Last→First passes: each player with a held module attaches one a turn, until all are
    attached or held for a later round (ST:136)."""

    def __init__(self, order: list[str], station: Station) -> None:
        self.order = order
        self.station = station
        self.finished: set[str] = set()
        self.acted: set[str] = set()
        self.pass_number = 1

    def eligible(self, player: str) -> bool:
        return player not in self.finished and bool(self.station.held(player))

    def whose_turn(self) -> str | None:
        for player in self.order:
            if player not in self.acted and self.eligible(player):
                return player
        if self.acted and any(self.eligible(p) for p in self.order):
            self.acted.clear()
            self.pass_number += 1
            return self.whose_turn()
        return None

    def attached(self, player: str) -> None:
        self.acted.add(player)

    def skipped_before(self, owner: str | None) -> list[str]:
        """The players whose turns come, in order, before `owner`'s next turn: they held. Empty
        when it is `owner`'s turn now, or when `owner` has no turn left this round (the entry is
        then refused as out of order)."""
        trial = _AttachmentTurns(self.order, self.station)
        trial.finished = set(self.finished)
        trial.acted = set(self.acted)
        trial.pass_number = self.pass_number
        skipped: list[str] = []
        player = trial.whose_turn()
        while player is not None and player != owner:
            skipped.append(player)
            trial.finish(player)
            player = trial.whose_turn()
        return skipped if player == owner else []

    def finish(self, player: str) -> None:
        self.finished.add(player)


def _card_phrase(module: Module) -> str:
    if module.card == BANK:
        return _("a Bank card")
    return _("a basic %(module)s card", module=module.name)


def replay(setup: Setup) -> Game:
    """The `Game` after every round of the session; raises the first problem."""
    return Game(setup).run()


__all__ = [
    "MODULE_KEYS",
    "PURCHASE_KEYS",
    "SALVAGE_KEYS",
    "Game",
    "Pending",
    "StartropolisError",
    "replay",
]
