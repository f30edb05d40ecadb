"""A campaign's time zone (docs/time-zones.md): set at creation from the phone's zone, changed
in the settings; every date and time its pages show is in it, the zone named beside a time,
and "played on" defaults to today there.

The clock is frozen by patching `django.utils.timezone.now` in the test only: Django's
`localdate()` and `localtime()` read it, so "today" is the frozen moment's date in the active
zone, as on a server whose clock reads that moment.
"""

from __future__ import annotations

import datetime
import html
import re
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.actions import create_invite
from accounts.models import Role
from accounts.tests.factory import owned, owner_user
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign, Change
from campaign.page_cache import cache_key
from campaign.tests.test_views import new_campaign_data, upload
from live.models import GameDraft
from solar175.campaign_file import CampaignError

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

# 23:00 UTC on 4 March: 08:00 on 5 March in Tokyo. (Not today: a date read from the
# computer's own clock, `datetime.date.today()`, would not pass for it.)
TOKYO_MORNING = datetime.datetime(2026, 3, 4, 23, 0, tzinfo=datetime.UTC)
# 12:47 UTC: 13:47 in Berlin (CET, winter).
LUNCH_UTC = datetime.datetime(2026, 12, 14, 12, 47, tzinfo=datetime.UTC)

UNKNOWN_ZONE_SENTENCE = "Time zone: “Mars/Olympus_Mons” is not a time zone this site knows."


def campaign_in(zone: str, name: str = "Thursday group") -> Campaign:
    return owned(actions.import_campaign(make_campaign(2), name=name, time_zone=zone))


def frozen_at(moment: datetime.datetime):
    return mock.patch("django.utils.timezone.now", return_value=moment)


def played_on_shown(page: str) -> str:
    """The value of the page's "played on" date field."""
    field = re.search(r'<input[^>]*name="[^"]*played_on"[^>]*>', page)
    assert field, "no played-on field on the page"
    value = re.search(r'value="([^"]*)"', field.group(0))
    return value.group(1) if value else ""


def text(response) -> str:
    return html.unescape(response.content.decode())


# --- "played on" is the group's today --------------------------------------------------------


def test_a_group_in_tokyo_at_eight_in_the_morning_gets_its_own_date(owner_client):
    tokyo = campaign_in("Asia/Tokyo", "Tokyo group")
    london = campaign_in("UTC", "London group")
    with frozen_at(TOKYO_MORNING):
        in_tokyo = owner_client.get(reverse("campaign:game_add", args=[tokyo.slug]))
        in_london = owner_client.get(reverse("campaign:game_add", args=[london.slug]))
    assert played_on_shown(in_tokyo.content.decode()) == "2026-03-05"
    assert played_on_shown(in_london.content.decode()) == "2026-03-04"


def test_a_game_entered_together_in_tokyo_is_dated_with_tokyos_today(owner_client):
    tokyo = campaign_in("Asia/Tokyo", "Tokyo group")
    with frozen_at(TOKYO_MORNING):
        response = owner_client.post(reverse("campaign:draft_open", args=[tokyo.slug]))
    assert response.status_code == 302
    assert GameDraft.objects.get(campaign=tokyo).shared["game-played_on"] == "2026-03-05"


# --- times in the campaign's zone, the zone named --------------------------------------------


def test_a_berlin_campaign_shows_a_change_made_at_12_47_utc_as_13_47_cet(owner_client):
    berlin = campaign_in("Europe/Berlin", "Berlin group")
    utc = campaign_in("UTC", "UTC group")
    Change.objects.filter(campaign__in=[berlin, utc]).update(made_at=LUNCH_UTC)

    history = text(owner_client.get(reverse("history:list", args=[berlin.slug])))
    assert "14 Dec 2026, 13:47 CET" in history
    assert "12:47" not in history
    assert "14 Dec 2026, 12:47 UTC" in text(
        owner_client.get(reverse("history:list", args=[utc.slug]))
    )


def test_an_invitation_expiry_is_shown_in_the_campaigns_zone(owner_client):
    berlin = campaign_in("Europe/Berlin", "Berlin group")
    invite = create_invite(berlin, Role.PLAYER, days=7, user=owner_user())
    invite.expires_at = LUNCH_UTC
    invite.save(update_fields=["expires_at"])

    members = text(owner_client.get(reverse("accounts:members", args=[berlin.slug])))
    assert "expires 14 Dec 2026, 13:47 CET" in members


def test_an_undo_refused_names_the_later_change_in_the_campaigns_zone():
    tokyo = campaign_in("Asia/Tokyo", "Tokyo group")
    with timezone.override(tokyo.time_zone):
        from campaign.actions.history import when_and_who

        change = Change.objects.filter(campaign=tokyo).first()
        change.made_at = LUNCH_UTC
        assert when_and_who(change) == "on 14 Dec 2026 at 21:47 JST"


def test_the_cached_pages_are_kept_apart_by_zone():
    campaign = campaign_in("UTC")
    before = cache_key(campaign, "campaign/dashboard.html#body")
    actions.set_time_zone(campaign, "Europe/Berlin")
    assert cache_key(campaign, "campaign/dashboard.html#body") != before


# --- the zone at creation: the phone's, the site's without one, never an unknown one --------


def test_a_new_campaign_takes_the_zone_the_phone_sent(owner_client):
    response = owner_client.post(
        reverse("campaign:create"), new_campaign_data(time_zone="Europe/Berlin")
    )
    assert response.status_code == 302
    assert Campaign.objects.get().time_zone == "Europe/Berlin"


def test_without_javascript_a_new_campaign_takes_the_sites_zone(owner_client, settings):
    assert 'data-phone-zone=""' in owner_client.get(reverse("campaign:create")).content.decode()
    owner_client.post(reverse("campaign:create"), new_campaign_data(time_zone=""))
    assert Campaign.objects.get().time_zone == settings.TIME_ZONE == "UTC"


def test_an_unknown_zone_is_refused_with_a_sentence_and_the_list_to_choose_from(owner_client):
    response = owner_client.post(
        reverse("campaign:create"), new_campaign_data(time_zone="Mars/Olympus_Mons")
    )
    page = text(response)
    assert response.status_code == 200
    assert UNKNOWN_ZONE_SENTENCE in page
    assert Campaign.objects.count() == 0
    # The field is shown as the list now: the person chooses one and saves again.
    assert re.search(r'<select[^>]*name="time_zone"', page)
    assert '<option value="Asia/Tokyo">Tokyo</option>' in page
    response = owner_client.post(
        reverse("campaign:create"), new_campaign_data(time_zone="Asia/Tokyo")
    )
    assert Campaign.objects.get().time_zone == "Asia/Tokyo"


def test_a_campaign_started_midway_or_imported_takes_the_phones_zone(owner_client):
    response = owner_client.post(
        reverse("campaign:import"),
        {"file": upload(make_campaign(2)), "time_zone": "America/Argentina/Buenos_Aires"},
    )
    assert response.status_code == 302
    assert Campaign.objects.get().time_zone == "America/Argentina/Buenos_Aires"
    refused = owner_client.post(
        reverse("campaign:import"),
        {"file": upload(make_campaign(2)), "time_zone": "Mars/Olympus_Mons"},
    )
    assert refused.status_code == 400
    assert UNKNOWN_ZONE_SENTENCE in text(refused)
    assert Campaign.objects.count() == 1


def test_the_actions_refuse_an_unknown_zone_and_write_nothing():
    with pytest.raises(CampaignError) as refused:
        actions.import_campaign(make_campaign(1), time_zone="Europe/Atlantis")
    assert refused.value.path == "time_zone"
    assert Campaign.objects.count() == 0
    campaign = campaign_in("Europe/Berlin")
    with pytest.raises(CampaignError):
        actions.set_time_zone(campaign, "Europe/Atlantis")
    campaign.refresh_from_db()
    assert campaign.time_zone == "Europe/Berlin"


def test_the_zone_is_not_in_the_campaign_file(owner_client):
    berlin = campaign_in("Europe/Berlin")
    exported = owner_client.get(reverse("campaign:export", args=[berlin.slug])).content.decode()
    assert "Europe/Berlin" not in exported and "time_zone" not in exported
    utc = campaign_in("UTC", "UTC group")
    again = owner_client.get(reverse("campaign:export", args=[utc.slug])).content.decode()
    assert exported.replace(berlin.slug, "").replace(berlin.name, "") == again.replace(
        utc.slug, ""
    ).replace(utc.name, "")


# --- the settings ----------------------------------------------------------------------------


def settings_data(campaign: Campaign, **overrides) -> dict:
    data = {"name": campaign.name, "second_place_rounding": "down", **overrides}
    return data


def test_the_owner_changes_the_zone_in_the_settings(owner_client):
    campaign = campaign_in("UTC")
    url = reverse("campaign:settings", args=[campaign.slug])
    page = text(owner_client.get(url))
    assert re.search(r'<option value="UTC" selected>', page)
    response = owner_client.post(url, settings_data(campaign, time_zone="Asia/Tokyo"), follow=True)
    # Nothing of the game changed: nothing was replayed, and the History has no new line.
    assert "Settings saved." in text(response) and "replayed" not in text(response)
    campaign.refresh_from_db()
    assert campaign.time_zone == "Asia/Tokyo"
    assert campaign.changes.count() == 1
    assert '<option value="Asia/Tokyo" selected>Tokyo</option>' in text(owner_client.get(url))


def test_an_unknown_zone_in_the_settings_is_refused_and_changes_nothing(owner_client):
    campaign = campaign_in("Europe/Berlin")
    url = reverse("campaign:settings", args=[campaign.slug])
    response = owner_client.post(
        url, settings_data(campaign, name="Renamed", time_zone="Mars/Olympus_Mons")
    )
    assert response.status_code == 400
    assert UNKNOWN_ZONE_SENTENCE in text(response)
    campaign.refresh_from_db()
    assert (campaign.name, campaign.time_zone) == ("Thursday group", "Europe/Berlin")


def test_a_settings_page_drawn_before_the_zone_keeps_it(owner_client):
    campaign = campaign_in("Europe/Berlin")
    url = reverse("campaign:settings", args=[campaign.slug])
    assert owner_client.post(url, settings_data(campaign, name="Renamed")).status_code == 302
    campaign.refresh_from_db()
    assert (campaign.name, campaign.time_zone) == ("Renamed", "Europe/Berlin")


def test_an_older_spelling_the_phone_sent_is_kept_and_offered(owner_client):
    # Some browsers still say "Asia/Calcutta" for "Asia/Kolkata": both are known zones.
    campaign = campaign_in("Asia/Calcutta")
    page = text(owner_client.get(reverse("campaign:settings", args=[campaign.slug])))
    assert '<option value="Asia/Calcutta" selected>' in page


# --- pages outside a campaign: the person's zone (the phone's cookie), else the site's -------


def test_a_one_off_game_is_dated_with_the_phones_today(owner_client):
    url = reverse("scoring:wizard")
    table_step = {"setup-sections": ["none"], "setup-players": "3", "step": "table"}
    with frozen_at(TOKYO_MORNING):
        plain = owner_client.get(url, table_step).content.decode()
        owner_client.cookies["time_zone"] = "Asia/Tokyo"
        tokyo = owner_client.get(url, table_step).content.decode()
        owner_client.cookies["time_zone"] = "Mars/Olympus_Mons"
        unknown = owner_client.get(url, table_step).content.decode()
    assert played_on_shown(plain) == "2026-03-04"
    assert played_on_shown(tokyo) == "2026-03-05"
    assert played_on_shown(unknown) == "2026-03-04"


def test_a_campaigns_own_zone_wins_over_the_phones(owner_client):
    tokyo = campaign_in("Asia/Tokyo", "Tokyo group")
    owner_client.cookies["time_zone"] = "America/Los_Angeles"
    with frozen_at(TOKYO_MORNING):
        page = owner_client.get(reverse("campaign:game_add", args=[tokyo.slug]))
    assert played_on_shown(page.content.decode()) == "2026-03-05"


def test_an_expired_invitation_says_when_in_the_phones_zone_else_in_utc_named(client):
    berlin = campaign_in("Europe/Berlin")
    invite = create_invite(berlin, Role.PLAYER, days=7, user=owner_user())
    invite.expires_at = TOKYO_MORNING
    invite.save(update_fields=["expires_at"])
    url = reverse("accounts:join", args=[invite.token])
    assert "expired on 4 March 2026 at 23:00 UTC." in text(client.get(url))
    client.cookies["time_zone"] = "Asia/Tokyo"
    assert "expired on 5 March 2026 at 08:00 JST." in text(client.get(url))


def test_a_stored_zone_this_site_does_not_know_never_locks_the_group_out(owner_client):
    """A database moved to a host whose time zone data is older: the pages open, in UTC, and
    the settings say so rather than choose a zone for the group without a word."""
    campaign = campaign_in("Europe/Berlin")
    Campaign.objects.filter(pk=campaign.pk).update(time_zone="Europe/Atlantis")
    Change.objects.filter(campaign=campaign).update(made_at=LUNCH_UTC)
    for name in ("campaign:dashboard", "campaign:game_add", "history:list"):
        assert owner_client.get(reverse(name, args=[campaign.slug])).status_code == 200
    history = text(owner_client.get(reverse("history:list", args=[campaign.slug])))
    assert "14 Dec 2026, 12:47 UTC" in history
    settings_page = text(owner_client.get(reverse("campaign:settings", args=[campaign.slug])))
    assert "The zone stored, “Europe/Atlantis”, is not one this site knows" in settings_page
