"""The accounts tests' shared fixtures, made with accounts/tests/factory.py: `campaign`, a small
campaign of two games (a module that needs another one defines its own), and `people`, that
campaign seen by each kind of person (the root `personas`)."""

import pytest

from benchmarks.samples import make_campaign
from campaign import actions as campaign_actions
from campaign.models import Campaign


@pytest.fixture
def campaign(db) -> Campaign:
    return campaign_actions.import_campaign(make_campaign(2, corporations=3))


@pytest.fixture
def people(personas, campaign):
    return personas(campaign)
