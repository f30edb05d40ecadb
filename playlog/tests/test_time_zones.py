"""A play log's time zone (docs/time-zones.md): the phone's at creation, changed in the
settings; a new play's "played on" is today in it, and the members page shows an invitation's
expiry in it, the zone named. The clock is frozen by patching `django.utils.timezone.now` in
the test only (see campaign/tests/test_time_zones.py)."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.actions import create_invite
from accounts.models import Role
from accounts.tests.factory import make_user
from campaign.tests.test_time_zones import (
    LUNCH_UTC,
    TOKYO_MORNING,
    UNKNOWN_ZONE_SENTENCE,
    frozen_at,
    played_on_shown,
)
from gamefile.errors import FieldError
from playlog import actions
from playlog.models import PlayLog
from playlog.playfile import date_problem

pytestmark = pytest.mark.django_db


@pytest.fixture
def host():
    return make_user("host")


@pytest.fixture
def client(host) -> Client:
    client = Client()
    client.force_login(host)
    return client


def text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("new_play", ["colonists:new", "space_explorers:new", "startropolis:new"])
def test_a_group_in_tokyo_at_eight_in_the_morning_dates_its_play_with_its_own_day(
    client, host, new_play
):
    tokyo = actions.create_play_log("Tokyo group", host, time_zone="Asia/Tokyo")
    utc = actions.create_play_log("UTC group", host)
    with frozen_at(TOKYO_MORNING):
        in_tokyo = client.get(reverse(new_play, args=[tokyo.slug])).content.decode()
        in_utc = client.get(reverse(new_play, args=[utc.slug])).content.decode()
    assert played_on_shown(in_tokyo) == "2026-03-05"
    assert played_on_shown(in_utc) == "2026-03-04"


def test_an_invitation_expiry_is_shown_in_the_logs_zone(client, host):
    berlin = actions.create_play_log("Berlin group", host, time_zone="Europe/Berlin")
    invite = create_invite(berlin, Role.PLAYER, days=7, user=host)
    invite.expires_at = LUNCH_UTC
    invite.save(update_fields=["expires_at"])
    members = text(client.get(reverse("playlog:members", args=[berlin.slug])))
    assert "expires 14 Dec 2026, 13:47 CET" in members


def test_a_new_play_log_takes_the_zone_the_phone_sent(client):
    page = client.get(reverse("playlog:create")).content.decode()
    assert re.search(r'<input type="hidden" name="time_zone"[^>]*data-phone-zone', page)
    response = client.post(
        reverse("playlog:create"), {"name": "Tokyo group", "time_zone": "Asia/Tokyo"}
    )
    assert response.status_code == 302
    assert PlayLog.objects.get().time_zone == "Asia/Tokyo"


def test_without_javascript_a_new_play_log_takes_the_sites_zone(client):
    client.post(reverse("playlog:create"), {"name": "Thursday group", "time_zone": ""})
    assert PlayLog.objects.get().time_zone == "UTC"


def test_an_unknown_zone_is_refused_with_a_sentence_and_makes_nothing(client, host):
    response = client.post(
        reverse("playlog:create"), {"name": "Mars group", "time_zone": "Mars/Olympus_Mons"}
    )
    assert response.status_code == 400
    assert UNKNOWN_ZONE_SENTENCE in text(response)
    assert re.search(r'<select[^>]*name="time_zone"', text(response))
    assert PlayLog.objects.count() == 0
    with pytest.raises(FieldError) as refused:
        actions.create_play_log("Mars group", host, time_zone="Mars/Olympus_Mons")
    assert refused.value.path == "time_zone"
    assert PlayLog.objects.count() == 0


def test_the_owner_changes_the_zone_in_the_settings(client, host):
    log = actions.create_play_log("Thursday group", host)
    url = reverse("playlog:settings", args=[log.slug])
    assert '<option value="UTC" selected>' in text(client.get(url))
    response = client.post(url, {"log-name": "Thursday group", "log-time_zone": "Europe/Berlin"})
    assert response.status_code == 302
    log.refresh_from_db()
    assert log.time_zone == "Europe/Berlin"

    refused = client.post(url, {"log-name": "Renamed", "log-time_zone": "Mars/Olympus_Mons"})
    assert refused.status_code == 400
    assert UNKNOWN_ZONE_SENTENCE in text(refused)
    log.refresh_from_db()
    assert (log.name, log.time_zone) == ("Thursday group", "Europe/Berlin")
    with pytest.raises(FieldError):
        actions.set_time_zone(log, "Mars/Olympus_Mons")
    log.refresh_from_db()
    assert log.time_zone == "Europe/Berlin"


def test_a_play_dated_with_todays_date_in_a_zone_ahead_of_utc_is_taken():
    """Kiribati is 14 hours ahead of UTC: its today is at most UTC's tomorrow."""
    utc_today = datetime.datetime.now(datetime.UTC).date()
    assert date_problem(utc_today + datetime.timedelta(days=1)) is None
    assert "is in the future" in date_problem(utc_today + datetime.timedelta(days=2))


def test_a_stored_zone_this_site_does_not_know_never_locks_the_group_out(client, host):
    log = actions.create_play_log("Thursday group", host, time_zone="Europe/Berlin")
    PlayLog.objects.filter(pk=log.pk).update(time_zone="Europe/Atlantis")
    for name in ("playlog:log", "playlog:members", "colonists:new"):
        assert client.get(reverse(name, args=[log.slug])).status_code == 200
    settings_page = text(client.get(reverse("playlog:settings", args=[log.slug])))
    assert "The zone stored, “Europe/Atlantis”, is not one this site knows" in settings_page
