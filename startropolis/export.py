"""From a finished session to its end-state table, and the canonical key order of both files.

`table_from_session` gives the `startropolis-table` of a finished companion game, so its final
ranking is `score()` of that table. `canonical_table` / `canonical_session` put every key in
the documented order (rules filled with their defaults), so export → import → export is
byte-identical with `json.dumps(..., indent=2, ensure_ascii=False)`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamefile.words import _

from .common import CARD_KEYS
from .errors import StartropolisError
from .modules import BANK, BASIC_CARD, MAX_CREDITS, MODULE_TYPES
from .reader import describe
from .replay import (
    ATTACHMENT_KEYS,
    MODULE_KEYS,
    PURCHASE_KEYS,
    ROUND_KEYS,
    SALVAGE_KEYS,
)
from .session import replayed
from .setup import BONUS_KEYS, SESSION_FORMAT
from .setup import MISSION_KEYS as SESSION_MISSION_KEYS
from .setup import PLAYER_KEYS as SESSION_PLAYER_KEYS
from .setup import TOP_KEYS as SESSION_TOP_KEYS
from .table import (
    MISSION_KEYS,
    PLAYER_KEYS,
    TABLE_FORMAT,
    TOP_KEYS,
    VERSION,
    TableRules,
    parse_table,
)


def table_from_session(
    session: Any,
    *,
    credits: Mapping[str, int] | None = None,
    missions_achieved: Mapping[str, bool] | None = None,
) -> dict:
    """The `startropolis-table` at the end of a finished session.

    `credits`: each player's credits in hand, needed when the session does not track them
    (with `track_credits` the tracked figures are used and `credits` must be left out).
    `missions_achieved`: the table's verdict for each kept mission that is not of the
    "Own the most ⟨type⟩ modules" kind (those are judged from the table by `score`).
    """
    game = replayed(session)
    if game.pending.phase != "game_over":
        raise StartropolisError(
            "rounds",
            _(
                "the game is not over (%(waiting)s in round %(round)s); "
                "a table is made after the final Revenue Phase",
                waiting=game.pending.waiting_for(),
                round=game.pending.round,
            ),
        )
    rules = game.rules
    hand = _credits_in_hand(game, credits)
    players = []
    for player in game.setup.players:
        owned = [m for m in game.station.modules.values() if m.owner == player.key]
        entry: dict[str, Any] = {
            "player": player.key,
            "faction": player.faction,
            "credits": hand[player.key],
            "revenue": game.track.positions[player.key],
            "paid": game.paid[player.key],
            "modules": [_card_json(m) for m in owned],
        }
        if any(m.card == BANK for m in owned):
            # Reading ST-R9: money on a Bank card is not in hand; the table keeps it apart.
            entry["bank_invested"] = sum(m.invested for m in owned if m.card == BANK)
        if player.mission is not None:
            entry["mission"] = _mission_json(player.key, player.mission, missions_achieved)
        players.append(entry)
    table = {
        "format": TABLE_FORMAT,
        "version": VERSION,
        "rules": TableRules(
            players=rules.players,
            modules_in_play=rules.modules_in_play,
            missions=rules.missions,
            advanced_factions=rules.advanced_factions,
            spend_basis=rules.spend_basis,
            negative_revenue=rules.negative_revenue,
        ).as_json(),
        "players": players,
    }
    parse_table(table)
    return table


def _credits_in_hand(game, credits: Mapping[str, int] | None) -> dict[str, int]:
    if game.credits is not None:
        if credits is not None:
            raise StartropolisError(
                "credits", _("the session tracks credits (rules.track_credits); leave them out")
            )
        return dict(game.credits)
    if not isinstance(credits, Mapping):
        raise StartropolisError(
            "credits",
            _("must give each player's credits in hand: the session does not track them"),
        )
    for key in credits:
        if key not in game.keys:
            raise StartropolisError(f"credits.{key}", _("is not a player of this session"))
    hand = {}
    for key in game.keys:
        value = credits.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise StartropolisError(
                f"credits.{key}", _("must be a whole number, not %(found)s", found=describe(value))
            )
        if not 0 <= value <= MAX_CREDITS:
            raise StartropolisError(
                f"credits.{key}", _("must be between 0 and %(most)s", most=MAX_CREDITS)
            )
        hand[key] = value
    return hand


def _card_json(module) -> dict:
    card: dict[str, Any] = {"type": module.type}
    if module.card != BASIC_CARD:
        card["card"] = module.card
        if module.card != BANK or module.cost != MODULE_TYPES[module.type].cost:
            card["cost"] = module.cost
    return card


def _mission_json(key: str, mission, achieved: Mapping[str, bool] | None) -> dict:
    entry: dict[str, Any] = {"name": mission.kept, "reward": mission.reward}
    verdict = None if achieved is None else achieved.get(key)
    if verdict is not None and not isinstance(verdict, bool):
        raise StartropolisError(f"missions_achieved.{key}", _("must be true or false"))
    if mission.most is not None:
        entry["most"] = mission.most
        if verdict is not None:
            entry["achieved"] = verdict
        return entry
    if verdict is None:
        raise StartropolisError(
            f"missions_achieved.{key}",
            _(
                'is required: did %(player)s achieve "%(mission)s"? (true or false)',
                player=key,
                mission=mission.kept,
            ),
        )
    entry["achieved"] = verdict
    return entry


# --- canonical order


def _ordered(value: Any, keys: tuple[str, ...]) -> Any:
    if not isinstance(value, Mapping):
        return value
    return {key: value[key] for key in keys if key in value}


def canonical_table(table: Any) -> dict:
    """The table in the documented key order, rules filled with their defaults."""
    parsed = parse_table(table)
    out = {"format": TABLE_FORMAT, "version": VERSION, "rules": parsed.rules.as_json()}
    players = []
    for player in table["players"]:
        entry = _ordered(player, PLAYER_KEYS)
        if "modules" in entry:
            entry["modules"] = [_ordered(card, CARD_KEYS) for card in entry["modules"]]
        if isinstance(entry.get("mission"), Mapping):
            entry["mission"] = _ordered(entry["mission"], MISSION_KEYS)
        players.append(entry)
    out["players"] = players
    assert tuple(out) == TOP_KEYS
    return out


def canonical_session(session: Any) -> dict:
    """The session in the documented key order, rules filled with their defaults."""
    game = replayed(session)
    out: dict[str, Any] = {"format": SESSION_FORMAT, "version": VERSION}
    for key in SESSION_TOP_KEYS[2:]:
        if key == "rules":
            out["rules"] = game.rules.as_json()
        elif key in session:
            out[key] = session[key]
    out["players"] = [_session_player(p) for p in session["players"]]
    out["rounds"] = [_round(r) for r in session.get("rounds", [])]
    return out


def _session_player(player: Mapping) -> dict:
    entry = _ordered(player, SESSION_PLAYER_KEYS)
    if isinstance(entry.get("bonus"), Mapping):
        entry["bonus"] = _ordered(entry["bonus"], BONUS_KEYS)
    if isinstance(entry.get("mission"), Mapping):
        entry["mission"] = _ordered(entry["mission"], SESSION_MISSION_KEYS)
    return entry


def _round(data: Mapping) -> dict:
    entry = _ordered(data, ROUND_KEYS)
    if "purchases" in entry:
        purchases = []
        for purchase in entry["purchases"]:
            item = _ordered(purchase, PURCHASE_KEYS)
            if "module" in item:
                item["module"] = _ordered(item["module"], MODULE_KEYS)
            if "salvage" in item:
                item["salvage"] = [_ordered(s, SALVAGE_KEYS) for s in item["salvage"]]
            purchases.append(item)
        entry["purchases"] = purchases
    if "attachments" in entry:
        entry["attachments"] = [_ordered(a, ATTACHMENT_KEYS) for a in entry["attachments"]]
    return entry
