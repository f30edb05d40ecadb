"""Files written the same way every time: keys in their documented order, one text layout.

So export -> import -> export of any game's file gives the same bytes, from SQLite or from
PostgreSQL (whose jsonb keeps no key order), and a person can diff two files.
"""

import json
from collections.abc import Mapping, Sequence
from typing import Any


def ordered(mapping: Mapping[str, Any], order: Sequence[str] = ()) -> dict[str, Any]:
    """The documented keys first in their order, then zones by number, then the rest by name."""
    rank = {key: i for i, key in enumerate(order)}

    def sort_key(key: str) -> tuple:
        if key in rank:
            return (0, rank[key], "")
        if isinstance(key, str) and key.isdigit():
            return (1, int(key), "")
        return (2, 0, str(key))

    return {key: mapping[key] for key in sorted(mapping, key=sort_key)}


def dumps(data: Any) -> str:
    """A file's text: UTF-8 JSON, two-space indent, one trailing newline."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
