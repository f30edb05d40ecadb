"""The History's line for an imported campaign ("12 games") in German (issue 33), for a row
recorded before its words were kept too: its count is read back from the English."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Change, ChangeKind

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def test_an_import_recorded_before_its_words_says_its_games_in_german(owner_client):
    campaign = owned(actions.import_campaign(make_campaign(12)))
    # As an earlier version recorded it: the English alone.
    Change.objects.filter(campaign=campaign, kind=ChangeKind.CAMPAIGN_IMPORTED).update(
        summary_words=None
    )
    url = reverse("history:list", args=[campaign.slug])
    german = owner_client.get(url, **GERMAN).content.decode()
    assert "12 Partien" in german
    assert "12 games" not in german
    assert "12 games" in owner_client.get(url).content.decode()


def test_a_one_game_import_kept_its_english_and_says_german(owner_client):
    campaign = owned(actions.import_campaign(make_campaign(1)))
    Change.objects.filter(campaign=campaign, kind=ChangeKind.CAMPAIGN_IMPORTED).update(
        summary_words=None
    )
    url = reverse("history:list", args=[campaign.slug])
    assert "1 Partie<" in owner_client.get(url, **GERMAN).content.decode()
    # The English as it was stored ("1 games", as the code then said it).
    assert "1 games" in owner_client.get(url).content.decode()
