"""Who may make an account (`SIGNUP`: open, invite, closed), how many one address may make in
an hour, and how many campaigns one account may own (`CAMPAIGNS_PER_ACCOUNT`)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from accounts.models import Invite, Role
from accounts.tests.factory import join_url
from benchmarks.samples import make_campaign
from campaign import actions as campaign_actions
from campaign.actions.campaigns import TooManyCampaigns
from campaign.models import Campaign
from hosting.models import SignUp

pytestmark = pytest.mark.django_db

PASSWORD = "orbital-shipyard-9"
BY_INVITATION = "Signing up on this site is by invitation only"
CLOSED = "Signing up is closed on this site"


def sign_up(client: Client, username: str, next_url: str = "", **extra):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD, "next": next_url}
    return client.post(reverse("accounts:signup"), data, **extra)


def signup_links(page: str) -> int:
    return page.count(f'href="{reverse("accounts:signup")}')


# --- closed ------------------------------------------------------------------------------


@override_settings(SIGNUP="closed")
def test_closed_makes_no_account_and_hides_every_sign_up_link(campaign):
    client = Client()
    page = client.get(reverse("accounts:signup"))
    assert page.status_code == 403
    assert CLOSED in page.content.decode()
    assert 'name="password1"' not in page.content.decode()
    made = Invite.objects.create(campaign=campaign, role=Role.PLAYER)
    refused = sign_up(client, "caro", join_url(made))
    assert refused.status_code == 403
    assert not User.objects.exists()
    for path in (reverse("scoring:home"), reverse("login"), join_url(made), "/campaigns/x/"):
        answer = client.get(path, follow=True)
        assert signup_links(answer.content.decode()) == 0, path


# --- invite ------------------------------------------------------------------------------


@override_settings(SIGNUP="invite")
def test_invite_signs_up_only_through_an_open_invitation(campaign):
    client = Client()
    # Without an invitation: said so, no form, no account; no link offers it.
    page = client.get(reverse("accounts:signup"))
    assert page.status_code == 403
    assert BY_INVITATION in page.content.decode()
    assert 'name="password1"' not in page.content.decode()
    assert sign_up(client, "stranger").status_code == 403
    assert signup_links(client.get(reverse("scoring:home")).content.decode()) == 0
    assert signup_links(client.get(reverse("login")).content.decode()) == 0
    # Not an invitation of this site, or a withdrawn one: said so, nothing made.
    assert BY_INVITATION in sign_up(client, "forger", "/join/no-such-token/").content.decode()
    withdrawn = Invite.objects.create(
        campaign=campaign, role=Role.PLAYER, revoked_at=timezone.now()
    )
    answer = sign_up(client, "late", join_url(withdrawn))
    assert answer.status_code == 403
    assert "was withdrawn by its owner" in answer.content.decode()
    assert not User.objects.exists()
    # Through an open invitation: the join page offers it, and it makes the account.
    made = Invite.objects.create(campaign=campaign, role=Role.PLAYER)
    join_page = client.get(join_url(made)).content.decode()
    assert f"{reverse('accounts:signup')}?next={join_url(made)}" in join_page
    form = client.get(reverse("accounts:signup") + f"?next={join_url(made)}")
    assert form.status_code == 200 and 'name="password1"' in form.content.decode()
    signed_up = sign_up(client, "newcomer", join_url(made))
    assert signed_up["Location"] == join_url(made)
    client.post(join_url(made))
    assert campaign.memberships.get().user.username == "newcomer"


def test_open_is_the_default_and_offers_sign_up(campaign):
    client = Client()
    assert signup_links(client.get(reverse("scoring:home")).content.decode()) >= 1
    assert sign_up(client, "caro").status_code == 302


# --- how many accounts from one address ------------------------------------------------------


@override_settings(SIGNUPS_PER_ADDRESS_HOUR=2)
def test_sign_up_is_limited_per_address_and_hour():
    for name in ("ali", "rosa"):
        assert sign_up(Client(), name, REMOTE_ADDR="10.0.0.7").status_code == 302
    refused = sign_up(Client(), "third", REMOTE_ADDR="10.0.0.7")
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "At most 2 accounts an hour can be made from one place" in page
    assert not User.objects.filter(username="third").exists()
    # Another address is not held up.
    assert sign_up(Client(), "elsewhere", REMOTE_ADDR="10.0.0.8").status_code == 302
    # A bad form is not counted: only accounts made are.
    assert SignUp.objects.filter(address="10.0.0.7").count() == 2
    # An hour later, that address makes accounts again.
    SignUp.objects.update(signed_up_at=timezone.now() - timedelta(hours=1, minutes=1))
    assert sign_up(Client(), "third", REMOTE_ADDR="10.0.0.7").status_code == 302


# --- campaigns one account may own ----------------------------------------------------------


@override_settings(CAMPAIGNS_PER_ACCOUNT=2)
def test_an_account_owns_at_most_campaigns_per_account(make_user):
    owner = make_user("caro")
    for number in (1, 2):
        campaign_actions.import_campaign(make_campaign(1, name=f"Group {number}"), owner=owner)
    with pytest.raises(TooManyCampaigns):
        campaign_actions.import_campaign(make_campaign(1, name="Group 3"), owner=owner)
    assert Campaign.objects.count() == 2
    # Through the page: the sentence, nothing made.
    client = Client()
    client.force_login(owner)
    upload = SimpleUploadedFile(
        "c.json", json.dumps(make_campaign(1, name="Group 4")).encode(), "application/json"
    )
    answer = client.post(reverse("campaign:import"), {"file": upload})
    assert answer.status_code == 400
    assert (
        "You own 2 campaigns, the most one account may own on this site. Delete one your group "
        "no longer plays, or ask whoever hosts this site."
    ) in answer.content.decode()
    assert Campaign.objects.count() == 2
    # Deleting one frees its place; another account is not held up.
    campaign_actions.delete_campaign(Campaign.objects.first())
    campaign_actions.import_campaign(make_campaign(1, name="Group 5"), owner=owner)
    campaign_actions.import_campaign(make_campaign(1), owner=make_user("rosa"))
    assert Campaign.objects.count() == 3
