"""A Solar 175 table written: the JSON shape of a `TableState` and a table's keys in their
documented order (docs/table-file.md).

Pure Python, no Django. `solar175.table` reads a table; this module writes one:

- `table_to_dict(table, *, campaign=False) -> dict`: the JSON shape back, zone keys as strings,
  so `read_table(table_to_dict(t)).valid_state() == t` (a table with no megastructure zone
  leaves the key out). With `campaign=True` it leaves out the three keys a campaign derives,
  giving the shape of a campaign file's `games[].table`.
- `canonical_table(table)`: any table's keys in docs/table-file.md order, zones by number, for
  the export (the same file from either database, and a file a person can diff).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamefile.canonical import ordered
from solar175.engine import (
    BRAVE_NEW_DAWN,
    UNITED_FEDERALISTS,
    WORKERS_UNION,
    HubWorkers,
    TableState,
)
from solar175.table import (
    BALLOT_KEYS,
    HIRE_CARDS,
    HUB_KEYS,
    HUBS_KEYS,
    PLAYER_KEYS,
    RULES_KEYS,
    SHIP_KEYS,
    TABLE_FORMAT,
    TABLE_VERSION,
    TOP_KEYS,
)


def table_to_dict(table: TableState, *, campaign: bool = False) -> dict:
    """The docs/table-file.md JSON shape of `table`; `campaign=True` omits what a replay derives."""
    hubs = table.hubs
    data: dict[str, Any] = {"format": TABLE_FORMAT, "version": TABLE_VERSION}
    if not campaign:
        data["rules"] = {
            "zones_in_play": list(table.rules.zones_in_play),
            "celestial_rebellion": table.rules.celestial_rebellion,
            "trade_unions": table.rules.trade_unions,
            **table.rules.house.to_table_rules(),
        }
        if table.megastructure_zone is not None:
            # No key is no zone: the reader takes a zone number, never null.
            data["megastructure_zone"] = table.megastructure_zone
        data["incumbent_party"] = table.incumbent_party
    data["hubs"] = {
        "hensler": _hub_to_dict(hubs.hensler),
        "ufss": _hub_to_dict(hubs.ufss),
        "military": _hub_to_dict(hubs.military),
        "zones": {str(zone): _hub_to_dict(hubs.zones[zone]) for zone in sorted(hubs.zones)},
    }
    data["ballots"] = {
        UNITED_FEDERALISTS: table.ballots.united_federalists,
        WORKERS_UNION: table.ballots.workers_union,
        BRAVE_NEW_DAWN: table.ballots.brave_new_dawn,
        "spoiled": table.ballots.spoiled,
    }
    data["hire_cards_left"] = {
        card: table.hire_cards_left[card] for card in HIRE_CARDS if card in table.hire_cards_left
    }
    data["players"] = [
        {
            "corporation": player.corporation,
            "credits": player.credits,
            "loans": list(player.loans),
            "mining_tokens": player.mining_tokens,
            "megastructure_tokens": player.megastructure_tokens,
            "military_tokens": player.military_tokens,
            "outposts": {str(zone): player.outposts[zone] for zone in sorted(player.outposts)},
            "bases": list(player.bases),
            "ships": [{"zone": ship.zone, "presence": ship.presence} for ship in player.ships],
            "political_influence_ip": player.political_influence_ip,
            "bonus_ip": player.bonus_ip,
            "extra_vote": player.extra_vote,
        }
        for player in table.players
    ]
    return data


def _hub_to_dict(hub: HubWorkers) -> dict[str, int]:
    return {"workers": hub.workers, "algorithms": hub.algorithms}


# --- the canonical file ------------------------------------------------------------------


def canonical_table(table: Any) -> Any:
    """`table` with its keys in docs/table-file.md order and zones in number order.

    PostgreSQL's jsonb keeps no key order, so the export puts every table's keys back in the
    documented order: the same file from either database, and a file a person can diff.
    """
    if not isinstance(table, Mapping):
        return table
    out = ordered(table, TOP_KEYS)
    if isinstance(out.get("rules"), Mapping):
        out["rules"] = ordered(out["rules"], RULES_KEYS)
    hubs = out.get("hubs")
    if isinstance(hubs, Mapping):
        hubs = ordered(hubs, HUBS_KEYS)
        for key in ("hensler", "ufss", "military"):
            if isinstance(hubs.get(key), Mapping):
                hubs[key] = ordered(hubs[key], HUB_KEYS)
        if isinstance(hubs.get("zones"), Mapping):
            hubs["zones"] = {
                zone: ordered(hub, HUB_KEYS) if isinstance(hub, Mapping) else hub
                for zone, hub in ordered(hubs["zones"]).items()
            }
        out["hubs"] = hubs
    if isinstance(out.get("ballots"), Mapping):
        out["ballots"] = ordered(out["ballots"], BALLOT_KEYS)
    if isinstance(out.get("hire_cards_left"), Mapping):
        out["hire_cards_left"] = ordered(out["hire_cards_left"], HIRE_CARDS)
    if isinstance(out.get("players"), list):
        out["players"] = [_canonical_player(p) for p in out["players"]]
    return out


def _canonical_player(player: Any) -> Any:
    if not isinstance(player, Mapping):
        return player
    out = ordered(player, PLAYER_KEYS)
    if isinstance(out.get("outposts"), Mapping):
        out["outposts"] = ordered(out["outposts"])
    if isinstance(out.get("ships"), list):
        out["ships"] = [
            ordered(ship, SHIP_KEYS) if isinstance(ship, Mapping) else ship for ship in out["ships"]
        ]
    return out
