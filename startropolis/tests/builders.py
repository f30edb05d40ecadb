"""Small builders for sessions and stations in the tests (plain data, as a person enters it)."""

from __future__ import annotations

from typing import Any

from startropolis.modules import CORE_GAME_TYPES
from startropolis.revenue import RevenueRules, station_revenue
from startropolis.station import Module, Station


def session(
    players: list[str],
    rounds: list[dict] | None = None,
    *,
    first_order: list[str] | None = None,
    factions: dict[str, str] | None = None,
    rush_fees: list[int] | None = None,
    **rules: Any,
) -> dict:
    factions = factions or {}
    return {
        "format": "startropolis-session",
        "version": 1,
        "rules": {"players": len(players), **rules},
        "rush_fees": rush_fees or [3, 2, 2, 1],
        "players": [{"key": p, "faction": factions.get(p, f"faction-{p}")} for p in players],
        "first_order": first_order or list(players),
        "rounds": rounds or [],
    }


def buy(player: str, module_id: str, module_type: str, slot: int = 6, **extra: Any) -> dict:
    module = {"id": module_id, "type": module_type}
    for key in ("card", "cost"):
        if key in extra:
            module[key] = extra.pop(key)
    return {"player": player, "option": "buy", "slot": slot, "module": module, **extra}


def civic(player: str, module_id: str, discard_slot: int = 6, **extra: Any) -> dict:
    return {
        "player": player,
        "option": "civic",
        "discard_slot": discard_slot,
        "module": {"id": module_id, "type": "civic"},
        **extra,
    }


def pass_(player: str, discard_slot: int = 6, **extra: Any) -> dict:
    return {"player": player, "option": "pass", "discard_slot": discard_slot, **extra}


def attach(module_id: str, *targets: str) -> dict:
    return {"module": module_id, "to": list(targets)}


def hold(player: str) -> dict:
    return {"player": player, "hold": True}


def round_(purchases: list[dict], attachments: list[dict] | None = None, **extra: Any) -> dict:
    return {"purchases": purchases, "attachments": attachments or [], **extra}


EXPANSION_SIX = (
    "basic_habitation",
    "supply",
    "market_center",
    "police",
    "fusion",
    "stadium",
)
CORE_SIX = CORE_GAME_TYPES


def station(*placements: tuple[str, str, str, list[str]]) -> Station:
    """A station from (id, type, owner, attached-to) in attachment order."""
    built = Station()
    for module_id, module_type, owner, targets in placements:
        module = Module(id=module_id, type=module_type, owner=owner)
        built.modules[module_id] = module
        assert built.refusal(module, targets) is None, built.refusal(module, targets)
        built.attach(module, targets, 1)
    return built


def revenues(built: Station, players: list[str], cards: dict[str, str] | None = None, **kw):
    cards = cards or {p: "first" for p in players}
    return station_revenue(built, players, cards, RevenueRules(**kw))
