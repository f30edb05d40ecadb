"""The admin's lists of campaigns and play logs: owners, members, games or plays, in the same
few queries however many rows; read-only; a delete goes through the app's own action."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import Membership, Role
from accounts.tests.factory import add_member, make_user
from benchmarks.samples import make_campaign
from campaign import actions as campaign_actions
from campaign.models import Campaign, Change, Game
from playlog.models import Play, PlayLog
from playlog.tests.factory import colonists_play, make_play_log, se_play

pytestmark = pytest.mark.django_db


def campaigns(count: int, start: int = 0) -> list[Campaign]:
    made = []
    for number in range(start, start + count):
        owner = make_user(f"owner{number}")
        campaign = campaign_actions.import_campaign(
            make_campaign(2, corporations=3, name=f"Group {number}"), owner=owner
        )
        add_member(campaign, make_user(f"player{number}"), Role.PLAYER)
        made.append(campaign)
    return made


def queries_for(client, url: str) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured), response.content.decode()


def test_the_campaign_list_shows_owners_members_and_games_in_constant_queries(admin_client):
    url = reverse("admin:campaign_campaign_changelist")
    campaigns(2)
    few, page = queries_for(admin_client, url)
    assert "owner0" in page and "owner1" in page
    campaigns(4, start=2)
    many, page = queries_for(admin_client, url)
    assert many == few, "one more campaign listed must cost no more queries"
    row = page[page.index("Group 3") :]
    row = row[: row.index("</tr>")]
    assert "owner3" in row
    assert '<td class="field-members">2</td>' in row
    assert '<td class="field-games">2</td>' in row


def test_the_play_log_list_shows_owners_members_and_plays_in_constant_queries(admin_client):
    url = reverse("admin:playlog_playlog_changelist")

    def logs(names):
        for name in names:
            log = make_play_log(make_user(f"keeper-{name}"), name=f"Log {name}")
            se_play(log)
            colonists_play(log)

    logs(["a"])
    few, _ = queries_for(admin_client, url)
    logs(["b", "c", "d"])
    many, page = queries_for(admin_client, url)
    assert many == few
    row = page[page.index("Log c") :]
    row = row[: row.index("</tr>")]
    assert "keeper-c" in row
    assert '<td class="field-members">1</td>' in row
    assert '<td class="field-plays">2</td>' in row


def test_a_campaign_is_read_only_in_the_admin_and_deleted_by_its_action(admin_client):
    (campaign,) = campaigns(1)
    change_url = reverse("admin:campaign_campaign_change", args=[campaign.pk])
    page = admin_client.get(change_url).content.decode()
    assert "Group 0" in page and "owner0" in page
    assert 'name="name"' not in page  # nothing to edit
    before = campaign.name
    admin_client.post(change_url, {"name": "Renamed", "slug": "renamed"})
    campaign.refresh_from_db()
    assert campaign.name == before
    assert admin_client.get(reverse("admin:campaign_campaign_add")).status_code == 403
    # Deleted with everything that hangs on it.
    delete_url = reverse("admin:campaign_campaign_delete", args=[campaign.pk])
    assert admin_client.post(delete_url, {"post": "yes"}).status_code == 302
    assert not Campaign.objects.exists()
    assert not Game.objects.exists() and not Change.objects.exists()
    assert not Membership.objects.filter(campaign__isnull=False).exists()


def test_play_logs_are_deleted_from_the_list_with_their_plays(admin_client):
    first = make_play_log(make_user("keeper"), name="Log one")
    se_play(first)
    kept = make_play_log(make_user("other"), name="Log two")
    url = reverse("admin:playlog_playlog_changelist")
    answer = admin_client.post(
        url, {"action": "delete_selected", "_selected_action": [first.pk], "post": "yes"}
    )
    assert answer.status_code == 302
    assert list(PlayLog.objects.all()) == [kept]
    assert not Play.objects.exists()
