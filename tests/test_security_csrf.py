"""CSRF on every form, and no write by GET.

Every named address of the project (read from the URL resolver, Django's admin aside) is
filled from one real campaign the user owns (its game 1, section 1, first corporation, a
player's membership, an open invite, its latest change, its public page switched on) and from
the user's own one-off game and the catalogue's first entries (the campaign's box pages):

- POSTed without a CSRF token by a client that enforces the checks: 403, nothing written;
- read by GET: no INSERT, UPDATE or DELETE runs (the session table aside), and no 500.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import GuestSeat, Invite, Membership, PublicLink, Role
from accounts.tests.factory import add_member, make_user
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Change, Game
from live import actions as live_actions
from live.actions.seats import take_guest_seat
from live.table_links import table_token
from playlog.actions import switch_public_page
from playlog.tests.factory import PlayWorld, in_a_play_log
from scoring.models import Location, Megastructure, Ship
from scoring.tests.catalogue import ensure_catalogue
from tests.test_security_ids import rows
from tests.url_patterns import named_patterns

# Who may read or change what, answered by the access checks before any database-specific
# work: the SQLite leg runs it (tests/plugins/ordering.py, `one_database`).
ONE_DATABASE = pytest.mark.one_database
pytestmark = [pytest.mark.django_db, ONE_DATABASE]

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)


class Setting:
    def __init__(self) -> None:
        self.owner = make_user("csrf-owner")
        self.campaign = actions.import_campaign(make_campaign(3, corporations=3))
        add_member(self.campaign, self.owner, Role.OWNER)
        self.player = add_member(self.campaign, make_user("csrf-player"), Role.PLAYER)
        self.invite = Invite.objects.create(campaign=self.campaign, created_by=self.owner)
        self.public = PublicLink.objects.create(campaign=self.campaign, enabled=True)
        self.one_off = Game.objects.create(
            campaign=None, played_on="2026-01-05", table={}, created_by=self.owner
        )
        self.plays = PlayWorld(self.owner)
        # The play log's public page, switched on (its address has a token only then).
        self.plays_public = switch_public_page(self.plays.log, True)

    def kwargs(self, name: str, converters) -> dict:
        if in_a_play_log(name):
            return self.plays.kwargs(name, converters)
        kwargs = {}
        for kwarg in converters:
            if kwarg == "slug":
                kwargs[kwarg] = self.campaign.slug
            elif kwarg == "number":
                kwargs[kwarg] = 1
            elif kwarg == "key" and name.startswith("catalogue:"):
                kwargs[kwarg] = "ships"
            elif kwarg == "key":
                kwargs[kwarg] = self.campaign.corporations.order_by("order").first().key
            elif kwarg == "pk" and name.startswith("accounts:member"):
                kwargs[kwarg] = self.player.pk
            elif kwarg == "pk" and name.startswith("accounts:invite"):
                kwargs[kwarg] = self.invite.pk
            elif kwarg == "pk" and name.startswith("history:"):
                kwargs[kwarg] = Change.objects.filter(campaign=self.campaign).latest("pk").pk
            elif kwarg == "pk" and name.startswith("scoring:"):
                kwargs[kwarg] = self.one_off.pk
            elif kwarg == "location":
                kwargs[kwarg] = Location.objects.order_by("pk").first().name
            elif kwarg == "ship":
                kwargs[kwarg] = Ship.objects.filter(leased=True).order_by("pk").first().name
            elif kwarg == "megastructure":
                kwargs[kwarg] = Megastructure.objects.order_by("pk").first().key
            elif kwarg == "token" and name.startswith("public:"):
                kwargs[kwarg] = self.public.token
            elif kwarg == "token" and name.startswith("playlog_public:"):
                kwargs[kwarg] = self.plays_public.public_token
            elif kwarg == "token" and name == "accounts:join":
                kwargs[kwarg] = self.invite.token
            elif kwarg == "token" and name == "seats:table":
                kwargs[kwarg] = table_token(self.guest_seat().draft)
            elif kwarg == "token" and name.startswith("seats:"):
                kwargs[kwarg] = self.guest_seat().token
            elif kwarg == "pk" and name == "campaign:guest_tie":
                kwargs[kwarg] = self.guest_seat().pk
            elif name == "password_reset_confirm":
                kwargs[kwarg] = "MQ" if kwarg == "uidb64" else "set-password"
            else:
                raise AssertionError(f"{name}: teach this test a value for <{kwarg}>")
        return kwargs

    def guest_seat(self) -> GuestSeat:
        """A guest's seat in the next game's draft (both made the first time they are asked
        for): the guest pages' and the table code's tokens."""
        found = GuestSeat.objects.filter(campaign=self.campaign, draft__isnull=False).first()
        if found is not None:
            return found
        draft = live_actions.open_draft(self.campaign, user=self.owner)
        free = self.campaign.corporations.filter(holder=None, ai=False).order_by("order").last()
        return take_guest_seat(draft, free, "Sam")

    def urls(self) -> list[tuple[str, str]]:
        return [
            (name, reverse(name, kwargs=self.kwargs(name, pattern.pattern.converters)))
            for name, pattern in named_patterns()
        ]


@pytest.fixture
def setting() -> Setting:
    ensure_catalogue()
    return Setting()


def test_every_post_without_a_csrf_token_is_403_and_writes_nothing(setting):
    client = Client(enforce_csrf_checks=True)
    client.force_login(setting.owner)
    before = rows()
    urls = setting.urls()
    assert len(urls) >= 60
    for name, url in urls:
        response = client.post(url, {"name": "Renamed", "enabled": "on", "role": "viewer"})
        assert response.status_code == 403, f"{name} {url}: {response.status_code}"
    assert rows() == before


def test_the_same_posts_with_a_token_are_not_refused(setting):
    """The 403s above are CSRF's: with a token the owner's writes go through."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(setting.owner)
    page = client.get(reverse("accounts:members", kwargs={"slug": setting.campaign.slug}))
    token = page.cookies["csrftoken"].value
    url = reverse("accounts:invite_create", kwargs={"slug": setting.campaign.slug})
    response = client.post(url, {"csrfmiddlewaretoken": token, "role": "player", "days": "7"})
    assert response.status_code == 302  # the invitation made, back to the members page
    assert Invite.objects.filter(campaign=setting.campaign).count() == 2


@pytest.mark.long
def test_no_get_writes_to_the_database(setting):
    client = Client()
    client.force_login(setting.owner)
    before = rows()
    writes, errors = [], []
    for name, url in setting.urls():
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        if response.status_code >= 500:
            errors.append(f"{name} {url}: {response.status_code}")
        for query in queries.captured_queries:
            sql = query["sql"]
            if WRITE.match(sql) and "django_session" not in sql:
                writes.append(f"{name} {url}: {sql[:160]}")
    assert errors == []
    assert writes == []
    assert rows() == before
    # The owner still owns it (no GET logged them out or changed their role).
    assert Membership.objects.get(user=setting.owner, campaign=setting.campaign).role == Role.OWNER
