"""The checklist's award line in German (issue 33): the tier is a word of the sentence, each
tier its own sentence ("…als Erster abgeschlossen: Gold, …"), never the file's key "gold"."""

from __future__ import annotations

import pytest

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.tests.test_views_game import checklist_url

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def test_the_checklist_says_the_gold_and_the_silver_award_in_german(owner_client):
    tables = [leader_table("purple", "yellow", sections=("credits",)) for _ in range(8)]
    tables += [leader_table("yellow", "purple", sections=("credits",)) for _ in range(8)]
    campaign = owned(actions.import_campaign(make_campaign(corporations=2, tables=tables)))

    gold = owner_client.get(checklist_url(campaign, 8), **GERMAN).content.decode()
    assert (
        "Purple corporation</span> hat Most profitable als Erster abgeschlossen: Gold, "
        "Benefactor of the Bank of Yurushi, 5 Punkte." in gold
    )
    assert ": gold," not in gold
    silver = owner_client.get(checklist_url(campaign, 16), **GERMAN).content.decode()
    assert "als Zweiter abgeschlossen: Silber, " in silver
    assert ": silver," not in silver
    english = owner_client.get(checklist_url(campaign, 16)).content.decode()
    assert "Yellow corporation</span> completed Most profitable second: silver, " in english
