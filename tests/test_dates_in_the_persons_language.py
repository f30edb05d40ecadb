"""Dates and numbers in the person's language (issue 33): each page writes a date with its
reader's format, German "7. Dezember 2026" for English "7 December 2026", and a decimal with
the reader's decimal mark; English is as before.

The format strings are in the catalogue ("j F Y" is German "j. F Y"), so a language that
writes its dates otherwise says so in its own catalogue.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from accounts.actions import create_invite
from accounts.models import Role
from accounts.tests.factory import make_user, owner_user
from campaign.models import Change
from campaign.tests.test_time_zones import LUNCH_UTC, TOKYO_MORNING, campaign_in, text
from playlog.tests.factory import PlayWorld, url

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


# --- the History --------------------------------------------------------------------------


def test_the_history_dates_each_change_as_the_reader_writes_dates(owner_client):
    berlin = campaign_in("Europe/Berlin", "Berlin group")
    Change.objects.filter(campaign=berlin).update(made_at=LUNCH_UTC)
    page = reverse("history:list", args=[berlin.slug])

    german = text(owner_client.get(page, **GERMAN))
    assert "14. Dez 2026, 13:47 CET" in german
    assert "14 Dec 2026" not in german
    assert "14 Dec 2026, 13:47 CET" in text(owner_client.get(page, **ENGLISH))


def test_an_undo_refused_says_when_and_who_in_the_readers_language():
    tokyo = campaign_in("Asia/Tokyo", "Tokyo group")
    with timezone.override(tokyo.time_zone):
        from campaign.actions.history import when_and_who

        change = Change.objects.filter(campaign=tokyo).first()
        change.made_at = LUNCH_UTC
        with translation.override("en-gb"):
            assert when_and_who(change) == "on 14 Dec 2026 at 21:47 JST"
        with translation.override("de"):
            assert when_and_who(change) == "am 14. Dez 2026 um 21:47 JST"
        change.made_by = owner_user()
        with translation.override("en-gb"):
            assert when_and_who(change) == "on 14 Dec 2026 at 21:47 JST by owner"
        with translation.override("de"):
            assert when_and_who(change) == "am 14. Dez 2026 um 21:47 JST von owner"


def test_a_games_summary_gives_its_weekday_and_date_as_the_reader_writes_them(client):
    import json

    from campaign import actions
    from campaign.tests.factory import DEMO
    from pictures.tests.test_charts import sign_in, summary_url

    demo = actions.import_campaign(json.loads(DEMO.read_text()))
    sign_in(client, demo)
    page = summary_url(demo, 12)

    assert "Donnerstag, 26. März 2026" in text(client.get(page, **GERMAN))
    assert "Thursday 26 March 2026" in text(client.get(page, **ENGLISH))


def test_a_one_off_games_page_is_titled_with_its_date_as_the_reader_writes_it(client):
    from campaign.models import Game
    from scoring.tests.test_wizard import TABLE
    from solar175.engine import score_game
    from solar175.table import read_table

    owner = make_user("scorer")
    game = Game.objects.create(
        campaign=None,
        played_on="2026-12-07",
        table=TABLE,
        result=score_game(read_table(TABLE).valid_state()).as_dict(),
        created_by=owner,
    )
    client.force_login(owner)
    page = reverse("scoring:game_detail", args=[game.pk])

    assert "Partie vom 7. Dezember 2026" in text(client.get(page, **GERMAN))
    assert "Game of 7 December 2026" in text(client.get(page, **ENGLISH))


# --- an invitation's expiry --------------------------------------------------------------


def test_an_invitations_expiry_on_the_members_page_is_in_the_readers_language(owner_client):
    berlin = campaign_in("Europe/Berlin", "Berlin group")
    invite = create_invite(berlin, Role.PLAYER, days=7, user=owner_user())
    invite.expires_at = LUNCH_UTC
    invite.save(update_fields=["expires_at"])
    page = reverse("accounts:members", args=[berlin.slug])

    assert "läuft ab: 14. Dez 2026, 13:47 CET" in text(owner_client.get(page, **GERMAN))
    assert "expires 14 Dec 2026, 13:47 CET" in text(owner_client.get(page, **ENGLISH))


def test_an_expired_invitation_says_when_in_the_readers_language():
    berlin = campaign_in("Europe/Berlin")
    invite = create_invite(berlin, Role.PLAYER, days=7, user=owner_user())
    invite.expires_at = TOKYO_MORNING
    invite.save(update_fields=["expires_at"])
    page = reverse("accounts:join", args=[invite.token])

    german = text(Client().get(page, **GERMAN))
    assert "ist am 4. März 2026 um 23:00 UTC abgelaufen." in german
    assert "expired on 4 March 2026 at 23:00 UTC." in text(Client().get(page, **ENGLISH))


# --- the play log ------------------------------------------------------------------------


@pytest.fixture
def world() -> PlayWorld:
    return PlayWorld(make_user("host"))


@pytest.fixture
def host_client(world) -> Client:
    client = Client()
    client.force_login(world.owner)
    return client


def test_a_play_page_gives_the_date_played_in_the_readers_language(host_client, world):
    play = world.colonists
    play.played_on = datetime.date(2026, 12, 7)
    play.save(update_fields=["played_on"])
    page = url("playlog:play", world, play.number)

    assert "7. Dezember 2026 · " in text(host_client.get(page, **GERMAN))
    assert "7 December 2026 · " in text(host_client.get(page, **ENGLISH))


def test_a_date_refused_on_a_play_form_is_in_the_readers_language(host_client, world):
    from playlog.tests.test_play_pages import SHEET

    form = url("colonists:new", world)
    german = host_client.post(
        form, {**SHEET, "facts-played_on": "2099-01-02", "save": "1"}, **GERMAN
    )
    assert german.status_code == 400
    assert "2. Januar 2099 liegt in der Zukunft" in text(german)


def test_a_play_in_the_admin_and_the_shell_is_named_with_its_date(world):
    play = world.colonists
    play.played_on = datetime.date(2026, 12, 7)
    with translation.override("en-gb"):
        assert str(play).endswith(", 7 December 2026")
    with translation.override("de"):
        assert str(play).endswith(", 7. Dezember 2026")


def test_a_median_has_the_readers_decimal_mark():
    from playlog.chart_svg import spread_chart
    from playlog.stats import GameStats, PlayerStats

    stats = GameStats(
        plays=2, shared=0, players=(PlayerStats("ada", "Ada", 2, 1, [12, 13]),), margins=()
    )
    with translation.override("en-gb"):
        assert "median 12.5" in spread_chart(stats, "Colonists").decode()
    with translation.override("de"):
        assert "Median 12,5" in spread_chart(stats, "Colonists").decode()


# --- sizes -------------------------------------------------------------------------------


def test_a_size_in_megabytes_has_the_readers_decimal_mark():
    from hosting.middleware import megabytes

    size = 3 * 1024 * 1024 + 1
    with translation.override("en-gb"):
        assert megabytes(size) == "3.1 MB"
    with translation.override("de"):
        assert megabytes(size) == "3,1 MB"
