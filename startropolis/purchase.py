"""The Purchase Phase of a round (ST:95–111): one turn per player, First to Last.

A turn is one of three options (ST:101–103): buy a card from the Construction Track (its cost,
plus the rush fee of a slot under construction), buy a Civic Module and discard a card, or take
5M and discard a card (a discard from under construction pays the rush fee). A Salvage owner
may first trash a free-zone card (ST:334), a Bank owner may invest or withdraw (ST:291). At the
end of the turn the cards slide right and new cards fill the left (ST:107). In the final round
every module sells for half price, rounded up; rush fees are unaffected (ST:109).
"""

from __future__ import annotations

from typing import Any

from gamefile.words import _, ngettext, ordinal

from .common import CARD_KEYS, read_card_fields, read_type_in_play
from .modules import (
    BANK,
    BANK_INVEST_PER_TURN,
    BASIC_CARD,
    CIVIC,
    CORE,
    FREE_SLOTS,
    MAX_TEXT,
    MODULE_TYPES,
    OPTION_3_GAIN,
    SALVAGE,
    TRACK_SLOTS,
    clearance_price,
)
from .reader import join
from .station import Module
from .words import a_name, who

PURCHASE_KEYS = (
    "player",
    "option",
    "salvage",
    "slot",
    "discard_slot",
    "module",
    "invest",
    "withdraw",
    "drawn",
)
OPTIONS = ("buy", "civic", "pass")
MODULE_KEYS = ("id", *CARD_KEYS)
SALVAGE_KEYS = ("slot", *CARD_KEYS)


class PurchasePhase:
    """The Purchase Phase half of `replay.Game` (the attributes are the game's)."""

    def purchase_turn(self, path: str, raw: Any, turn: int, number: int) -> None:
        reader = self.reader
        final = number == self.rules.rounds
        entry = reader.obj(
            raw, path, PURCHASE_KEYS, _("a purchase key"), required=("player", "option")
        )
        expected = self.order[turn]
        player = entry["player"]
        if player != expected:
            reader.error(
                join(path, "player"),
                _(
                    "it is %(expected)s's turn to purchase (First to Last), not %(player)s",
                    expected=expected,
                    player=who(player),
                ),
            )
        option = reader.choice(entry["option"], join(path, "option"), OPTIONS)
        holes: list[int] = []
        for trash_index, trash in enumerate(self.salvage_list(entry, path, player)):
            holes.append(
                self.salvage(join(join(path, "salvage"), trash_index), trash, player, holes, number)
            )
        if option == "buy":
            for key in ("discard_slot",):
                if key in entry:
                    reader.error(
                        join(path, key),
                        _('is for "civic" and "pass"; a purchase takes the card it buys'),
                    )
            slot = self.read_slot(entry, path, "slot", holes)
            module = self.read_module(entry, path, player, number, slot=slot)
            price = self.price(module.cost, final) + self.fee(slot)
            self.can_pay(
                player,
                price,
                path,
                _("for the %(module)s in slot %(slot)s", module=module.name, slot=slot),
            )
            self.change_credits(player, -price)
            self.paid[player] += price
            module.paid = price
            holes.append(slot)
            said = _(
                "%(player)s buys the %(module)s in slot %(slot)s for %(price)sM (%(id)s)",
                player=player,
                module=module.name,
                slot=slot,
                price=price,
                id=module.id,
            )
        else:
            if "slot" in entry:
                reader.error(
                    join(path, "slot"),
                    _('is for "buy"; option "%(option)s" names a "discard_slot"', option=option),
                )
            slot = self.read_slot(entry, path, "discard_slot", holes)
            fee = self.fee(slot)
            if option == "civic":
                if CIVIC not in self.rules.modules_in_play:
                    # Reading ST-R10: Option 2 names the Civic Module; no Civic, no Option 2.
                    reader.error(
                        join(path, "option"),
                        _("Option 2 needs the Civic Module, which is not in play in this game"),
                    )
                module = self.read_module(entry, path, player, number, civic=True)
                price = self.price(module.cost, final) + fee
                self.can_pay(
                    player,
                    price,
                    path,
                    _("for a Civic Module and the %(fee)sM rush fee", fee=fee)
                    if fee
                    else _("for a Civic Module"),
                )
                self.change_credits(player, -price)
                self.paid[player] += price
                module.paid = price
                holes.append(slot)
                said = _(
                    "%(player)s buys a Civic Module for %(price)sM (%(id)s) and discards slot "
                    "%(slot)s",
                    player=player,
                    price=price,
                    id=module.id,
                    slot=slot,
                )
            else:
                if "module" in entry:
                    reader.error(
                        join(path, "module"),
                        _('is for "buy" and "civic"; option "pass" buys nothing'),
                    )
                gain = OPTION_3_GAIN - fee
                if gain < 0:
                    self.can_pay(
                        player,
                        -gain,
                        path,
                        _(
                            "to discard slot %(slot)s (its rush fee is %(fee)sM)",
                            slot=slot,
                            fee=fee,
                        ),
                    )
                self.change_credits(player, gain)
                holes.append(slot)
                if fee:
                    said = _(
                        "%(player)s takes 5M and discards slot %(slot)s for its %(fee)sM rush fee",
                        player=player,
                        slot=slot,
                        fee=fee,
                    )
                else:
                    said = _(
                        "%(player)s takes 5M and discards slot %(slot)s", player=player, slot=slot
                    )
        self.bank_operations(entry, path, player, number)
        self.refill(entry, path, holes)
        self.note(number, "purchase", player, said)
        self.recompute()
        self.track.move(player, self.position(player))

    def salvage_list(self, entry: dict, path: str, player: str) -> list:
        if "salvage" not in entry:
            return []
        reader = self.reader
        salvagers = [
            m
            for m in self.station.modules.values()
            if m.owner == player
            and m.type == SALVAGE
            and m.card == BASIC_CARD
            and m.id in self.report.active
        ]
        items = reader.sequence(
            entry["salvage"], join(path, "salvage"), len(FREE_SLOTS), _("cards")
        )
        if len(items) > len(salvagers):
            reader.error(
                join(path, "salvage"),
                ngettext(
                    "%(player)s owns %(count)s attached Salvage Module; each trashes at most one "
                    "card a turn",
                    "%(player)s owns %(count)s attached Salvage Modules; each trashes at most one "
                    "card a turn",
                    len(salvagers),
                    player=player,
                    count=len(salvagers),
                ),
            )
        return items

    def salvage(self, path: str, raw: Any, player: str, holes: list[int], number: int) -> int:
        # ST:334: trash a card of the free zone, gain half its cost rounded down (ST-R6: the
        # printed cost, not the clearance price); the card is replaced at the end of the turn.
        reader = self.reader
        entry = reader.obj(raw, path, SALVAGE_KEYS, _("a salvage key"), required=("slot",))
        slot = reader.whole_number(entry["slot"], join(path, "slot"), 1, TRACK_SLOTS)
        if slot not in FREE_SLOTS:
            reader.error(
                join(path, "slot"),
                _("a Salvage Module trashes a card of the free zone (slot 5 or 6)"),
            )
        if slot in holes:
            reader.error(
                join(path, "slot"), _("slot %(slot)s is already empty this turn", slot=slot)
            )
        known = self.construction[slot - 1]
        if "type" not in entry and known is None:
            reader.error(
                join(path, "type"), _("is required: the app does not know the card in that slot")
            )
        if "type" in entry and known is not None and entry["type"] != known:
            reader.error(
                join(path, "type"),
                _(
                    "slot %(slot)s holds a %(type)s card",
                    slot=slot,
                    type=MODULE_TYPES[known].name,
                ),
            )
        card = read_card_fields(
            reader, entry, path, self.rules.modules_in_play, None if "type" in entry else known
        )
        gain = card.cost // 2
        self.change_credits(player, gain)
        self.note(
            number,
            "purchase",
            player,
            _(
                "%(player)s trashes the %(type)s in slot %(slot)s with Salvage and gains %(gain)sM",
                player=player,
                type=MODULE_TYPES[card.type].name,
                slot=slot,
                gain=gain,
            ),
        )
        return slot

    def read_slot(self, entry: dict, path: str, key: str, holes: list[int]) -> int:
        reader = self.reader
        if key not in entry:
            reader.error(
                join(path, key), _("is required (a Construction Track slot, 1 to 6 from the left)")
            )
        slot = reader.whole_number(entry[key], join(path, key), 1, TRACK_SLOTS)
        if slot in holes:
            reader.error(
                join(path, key),
                _("slot %(slot)s was emptied by the Salvage trash this turn", slot=slot),
            )
        return slot

    def fee(self, slot: int) -> int:
        """ST:101: a slot under construction (1–4) adds the rush fee printed above it."""
        return self.setup.rush_fees[slot - 1] if slot <= len(self.setup.rush_fees) else 0

    @staticmethod
    def price(cost: int, final: bool) -> int:
        """ST:109: clearance in the final round, half price rounded up (ST-R6: Civic too)."""
        return clearance_price(cost) if final else cost

    def read_module(
        self,
        entry: dict,
        path: str,
        player: str,
        number: int,
        *,
        slot: int | None = None,
        civic: bool = False,
    ) -> Module:
        reader = self.reader
        if "module" not in entry:
            reader.error(
                join(path, "module"), _("is required: the id and type of the module bought")
            )
        mpath = join(path, "module")
        data = reader.obj(
            entry["module"], mpath, MODULE_KEYS, _("a module key"), required=("id", "type")
        )
        module_id = reader.line(data["id"], join(mpath, "id"), MAX_TEXT)
        if module_id == CORE:
            reader.error(join(mpath, "id"), _('"core" names the Core Module; choose another id'))
        if module_id in self.station.modules:
            other = self.station.modules[module_id]
            reader.error(
                join(mpath, "id"),
                _(
                    "%(id)s is already %(owner)s's %(module)s; give each module its own id",
                    id=module_id,
                    owner=other.owner,
                    module=other.name,
                ),
            )
        module_type = read_type_in_play(
            reader, data["type"], join(mpath, "type"), self.rules.modules_in_play
        )
        if civic and module_type != CIVIC:
            reader.error(join(mpath, "type"), _('must be "civic": Option 2 buys a Civic Module'))
        if not civic and module_type == CIVIC:
            reader.error(
                join(mpath, "type"),
                _('Civic Modules are a separate stack: buy one with option "civic"'),
            )
        if slot is not None:
            known = self.construction[slot - 1]
            if known is not None and known != module_type:
                reader.error(
                    join(mpath, "type"),
                    _(
                        "slot %(slot)s holds a %(type)s card, not %(other)s",
                        slot=slot,
                        type=MODULE_TYPES[known].name,
                        other=a_name(MODULE_TYPES[module_type].name),
                    ),
                )
        card = read_card_fields(reader, data, mpath, self.rules.modules_in_play, module_type)
        problem = self.deck.mixing_problem(card, mpath)
        if problem is not None:
            reader.error(join(mpath, "card"), problem)
        count = self.deck.counts.get(module_type, 0) + 1
        if count > self.deck.limit(module_type):
            reader.error(
                join(mpath, "type"),
                _(
                    "a %(nth)s %(type)s Module cannot be bought: %(box)s",
                    nth=ordinal(count),
                    type=MODULE_TYPES[module_type].name,
                    box=self.deck.box_text(module_type),
                ),
            )
        self.deck.counts[module_type] = count
        module = Module(
            id=module_id,
            type=module_type,
            owner=player,
            card=card.card,
            cost=card.cost,
            bought_round=number,
        )
        self.station.modules[module_id] = module
        return module

    def bank_operations(self, entry: dict, path: str, player: str, number: int) -> None:
        # ST:291: "Credits may be invested (limit 2M) or withdrawn (no limit) during the
        # Purchase Phase."
        reader = self.reader
        amounts: dict[str, int] = {}
        for key in ("withdraw", "invest"):
            if key not in entry:
                continue
            kpath = join(path, key)
            for module_id, value in reader.mapping(entry[key], kpath).items():
                mpath = join(kpath, module_id)
                module = self.station.modules.get(module_id)
                if module is None or module.owner != player or module.card != BANK:
                    reader.error(mpath, _("is not a Bank card %(player)s owns", player=player))
                if module_id in amounts:
                    reader.error(
                        mpath, _("invest or withdraw on one Bank card in a turn, not both")
                    )
                if key == "invest":
                    amount = reader.whole_number(value, mpath, 1, BANK_INVEST_PER_TURN)
                    self.can_pay(player, amount, mpath, _("to invest"))
                    module.invested += amount
                    self.change_credits(player, -amount)
                    self.note(
                        number,
                        "purchase",
                        player,
                        _(
                            "%(player)s invests %(amount)sM on Bank %(id)s",
                            player=player,
                            amount=amount,
                            id=module_id,
                        ),
                    )
                else:
                    amount = reader.whole_number(value, mpath, 1, max(1, module.invested))
                    if amount > module.invested:
                        reader.error(
                            mpath,
                            _(
                                "Bank %(id)s holds %(invested)sM",
                                id=module_id,
                                invested=module.invested,
                            ),
                        )
                    module.invested -= amount
                    self.change_credits(player, amount)
                    self.note(
                        number,
                        "purchase",
                        player,
                        _(
                            "%(player)s withdraws %(amount)sM from Bank %(id)s",
                            player=player,
                            amount=amount,
                            id=module_id,
                        ),
                    )
                amounts[module_id] = amount

    def refill(self, entry: dict, path: str, holes: list[int]) -> None:
        """ST:107: slide the cards right to fill the holes, then turn new cards into the left."""
        reader = self.reader
        drawn: list[str | None] = [None] * len(holes)
        if "drawn" in entry:
            items = reader.sequence(entry["drawn"], join(path, "drawn"), TRACK_SLOTS, _("cards"))
            if len(items) != len(holes):
                reader.error(
                    join(path, "drawn"),
                    _(
                        "must name the %(count)s card(s) turned over to refill the track",
                        count=len(holes),
                    ),
                )
            drawn = []
            for index, item in enumerate(items):
                key = read_type_in_play(
                    reader, item, join(join(path, "drawn"), index), self.rules.modules_in_play
                )
                if key == CIVIC:
                    reader.error(
                        join(join(path, "drawn"), index),
                        _("Civic cards are a separate stack, never drawn onto the track"),
                    )
                drawn.append(key)
        kept = [card for slot, card in enumerate(self.construction, start=1) if slot not in holes]
        # The first card turned over fills the rightmost empty slot, as the deal runs (ST:77).
        self.construction = list(reversed(drawn)) + kept
