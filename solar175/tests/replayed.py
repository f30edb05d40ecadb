"""The replay's JSON for tests that read the documented output (docs/replay.md) key by key,
and what the replay tests of several apps share.

- `replay(campaign, catalogue)` here is `solar175.replay.replay(...).to_dict()`: exactly what
  the `replay` command prints and the cache stores. Tests of the typed state itself import
  `solar175.replay.replay`.
- `refused(data)`: the campaign file's first problem, the same from `validate_campaign` and
  from `replay` (with the printed catalogue, `CATALOGUE`).
- `unlocked(state)`: the replay's unlocked sections, {section: game}.
"""

from collections.abc import Mapping
from typing import Any

import pytest

from solar175.campaign_file import CampaignError, validate_campaign
from solar175.catalogue import Catalogue
from solar175.replay import replay as typed_replay

CATALOGUE = Catalogue.from_fixture()


def replay(campaign: Mapping[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    return typed_replay(campaign, catalogue).to_dict()


def refused(data) -> CampaignError:
    """The file's first problem; `validate_campaign` and `replay` agree on it."""
    with pytest.raises(CampaignError) as caught:
        validate_campaign(data, CATALOGUE)
    with pytest.raises(CampaignError) as again:
        replay(data, CATALOGUE)
    assert again.value == caught.value
    return caught.value


def unlocked(state: dict) -> dict[int, int]:
    return {u["section"]: u["game"] for u in state["unlocked_sections"]}
