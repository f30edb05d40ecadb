"""Where a `read_table` sentence goes: a table path (`players[1].credits`) to the wizard's
form and field that show it."""

from __future__ import annotations

import re
from typing import Any

from solar175.house_rules import TABLE_KEYS

_PATH_PART = re.compile(r"[A-Za-z_]+|\d+")


# The Rebellion and the unions are no fields: the unlocked sections (#12, #13) decide them.
_RULES_FIELDS = ("zones_in_play", *TABLE_KEYS)


def locate(path: str) -> tuple[str, Any]:
    """The wizard section and field a `TableError.path` names.

    Sections: ("setup", field), ("hubs", field), ("ballots", field), ("player", [index, parts]),
    ("players", None) for all players at once, ("table", None) for anything else.
    """
    parts = _PATH_PART.findall(path)
    head = parts[0] if parts else ""
    rest = parts[1:]
    if head == "rules":
        return "setup", rest[0] if rest and rest[0] in _RULES_FIELDS else None
    if head in ("megastructure_zone", "incumbent_party"):
        return "setup", head
    if head == "players":
        if not rest:
            return "players", None
        index, after = int(rest[0]), rest[1:]
        if after and after[0] == "corporation":
            return "setup", f"seat{index + 1}_corporation"
        return "player", [index, after]
    if head == "hubs":
        if rest[:1] == ["zones"] and len(rest) >= 3:
            return "hubs", f"zone{rest[1]}_{rest[2]}"
        if len(rest) >= 2:
            return "hubs", f"{rest[0]}_{rest[1]}"
        return "hubs", None
    if head == "ballots":
        return "ballots", rest[0] if rest else None
    if head == "hire_cards_left":
        return "ballots", f"hire_{rest[0]}" if rest else None
    return "table", None
