"""Campaigns the campaign tests share, made with campaign/tests/factory.py (the catalogue is
asked for by each module)."""

import json

import pytest
from django.contrib.auth import get_user_model

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign.actions import import_campaign
from campaign.models import Campaign
from campaign.tests.factory import DEMO


@pytest.fixture
def user():
    return get_user_model().objects.create_user("caro", password="x")


@pytest.fixture
def demo() -> Campaign:
    return import_campaign(json.loads(DEMO.read_text(encoding="utf-8")))


@pytest.fixture
def three_games() -> Campaign:
    """Purple, then yellow, then teal win a game each (zones 1 and 2 only)."""
    return import_campaign(
        make_campaign(
            tables=[
                leader_table("purple", "yellow", "teal", sections=("credits",)),
                leader_table("yellow", "purple", "teal", sections=("mining",)),
                leader_table("teal", "purple", "yellow", sections=("military",)),
            ],
            corporations=3,
        )
    )


@pytest.fixture
def played() -> Campaign:
    """Three games of purple and yellow, purple winning each, owned by the user `owner`."""
    tables = [leader_table("purple", "yellow", sections=("credits",)) for _ in range(3)]
    return owned(import_campaign(make_campaign(corporations=2, tables=tables)))
