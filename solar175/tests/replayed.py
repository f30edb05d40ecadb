"""The replay's JSON for tests that read the documented output (docs/replay.md) key by key.

`replay(campaign, catalogue)` here is `solar175.replay.replay(...).to_dict()`: exactly what
the `replay` command prints and the cache stores. Tests of the typed state itself import
`solar175.replay.replay`.
"""

from collections.abc import Mapping
from typing import Any

from solar175.catalogue import Catalogue
from solar175.replay import replay as typed_replay


def replay(campaign: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    return typed_replay(campaign, catalogue).to_dict()
