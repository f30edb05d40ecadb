"""The live table tests' fixtures: the campaigns they share with the ledger's
(campaign/tests/conftest.py) and `table`, the draft tests' game. Their helpers are in
live/tests/factory.py; the reference catalogue is the root `catalogue` fixture
(tests/plugins/catalogue.py), which a module needing it names in its `pytestmark`."""

import pytest

from campaign.models import Corporation
from campaign.tests.conftest import demo, three_games, user

__all__ = ["demo", "table", "three_games", "user"]


@pytest.fixture
def table(three_games, personas):
    """Game 4 of `three_games`: purple held by the player, yellow by the owner, teal by nobody;
    (campaign, people). A module whose table differs overrides it."""
    campaign = three_games
    people = personas(campaign)
    Corporation.objects.filter(campaign=campaign, key="purple").update(
        holder=people.users["player"]
    )
    Corporation.objects.filter(campaign=campaign, key="yellow").update(holder=people.users["owner"])
    return campaign, people
