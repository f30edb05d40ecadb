"""A change an earlier version recorded (campaign 0017: English only, no words), migrated
forward: the History still shows it, in the English it was stored in, to a German reader too
(issue 33: never lock a group out of what an older version stored)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.tests.factory import owned, owner_user
from benchmarks.samples import leader_table, make_campaign
from campaign.actions import import_campaign
from campaign.models import Change, ChangeKind

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("catalogue")]

BEFORE_WORDS = [("campaign", "0017_live_table_moved_out")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def old_change():
    """A campaign, then the schema taken back to 0017 and a change written as 0017's code
    wrote it, then migrated to today's leaves (put back there whatever happens)."""
    campaign = owned(
        import_campaign(make_campaign(tables=[leader_table("purple", "yellow")], corporations=2))
    )
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        apps = migrate(BEFORE_WORDS)
        OldChange = apps.get_model("campaign", "Change")
        assert "summary_words" not in {f.name for f in OldChange._meta.get_fields()}
        pk = OldChange.objects.create(
            campaign_id=campaign.pk,
            kind=ChangeKind.GAME_EDITED,
            game_number=1,
            summary="city Mars/New Caro added; notes edited",
            details=[
                "city Mars/New Caro added",
                "notes edited",
                "What it changed downstream: game 1 re-scored",
            ],
        ).pk
        migrate(leaves)
        yield campaign, Change.objects.get(pk=pk)
    finally:
        migrate(leaves)
        translation.deactivate()


def test_a_change_recorded_before_the_words_were_kept_still_shows_in_its_english(old_change):
    campaign, change = old_change
    assert (change.summary_words, change.details_words) == (None, None)
    client = Client()
    client.force_login(owner_user())
    url = reverse("history:list", kwargs={"slug": campaign.slug})
    for language in ("de-DE,de;q=0.9", "en-GB"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200
        html = page.content.decode()
        assert f'id="change-{change.pk}"' in html
        assert "city Mars/New Caro added" in html
        assert "What it changed downstream: game 1 re-scored" in html
    assert 'lang="de"' in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
