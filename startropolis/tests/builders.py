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


def full_game(players: list[str], modules_in_play: list[str], **rules: Any) -> dict:
    """A whole game driven by `play()`'s next step: everyone buys the next type in turn from
    slot 6 (or passes when the box is empty), attaches each module to the latest node allowed."""
    from startropolis import play

    game = session(players, modules_in_play=modules_in_play, **rules)
    kinds = [kind for kind in modules_in_play if kind != "civic"]
    counter = 0
    while True:
        state = play(game)
        step = state["next"]
        if step["phase"] == "game_over":
            return game
        rounds = game["rounds"]
        if step["phase"] == "purchase":
            if len(rounds) < step["round"]:
                rounds.append({"purchases": [], "attachments": []})
            owned = {k: sum(1 for m in state["modules"] if m["type"] == k) for k in kinds}
            from startropolis.modules import MODULE_TYPES

            open_kinds = [k for k in kinds if owned[k] < MODULE_TYPES[k].quantity_for(len(players))]
            if open_kinds:
                counter += 1
                kind = open_kinds[counter % len(open_kinds)]
                rounds[-1]["purchases"].append(buy(step["player"], f"m{counter}", kind))
            else:
                rounds[-1]["purchases"].append(pass_(step["player"]))
        elif step["phase"] == "attachment":
            held = [m for m in step["held"] if m["may_attach_to"]]
            if not held:
                rounds[-1]["attachments"].append(hold(step["player"]))
            else:
                rounds[-1]["attachments"].append(
                    attach(held[0]["id"], held[0]["may_attach_to"][-1])
                )
        else:
            rounds[-1]["fusion_rolls"] = {m: 3 for m in step["rolls_needed"]}


def module(state: dict, module_id: str) -> dict:
    """Module `module_id` of a played state's `modules`."""
    return next(m for m in state["modules"] if m["id"] == module_id)
