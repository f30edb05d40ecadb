"""The members page (the owner's), invitation links with their QR code, and joining by one."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import actions
from accounts.models import Invite, Membership, Role
from accounts.qr import qr_svg
from accounts.tests.factory import join_url
from benchmarks.samples import make_campaign
from campaign import actions as campaign_actions
from campaign.models import Campaign
from campaign.tests.test_views import new_campaign_data

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


def members_url(campaign: Campaign) -> str:
    return reverse("accounts:members", args=[campaign.slug])


def invite(campaign: Campaign, role: str = Role.PLAYER, **fields) -> Invite:
    return Invite.objects.create(campaign=campaign, role=role, **fields)


# --- creating a campaign makes its owner ------------------------------------------------------


def test_creating_a_campaign_makes_its_creator_the_owner(make_user):
    user = make_user("caro")
    client = Client()
    client.force_login(user)
    data = new_campaign_data()
    response = client.post(reverse("campaign:create"), data)
    assert response.status_code == 302
    membership = Membership.objects.get()
    assert (membership.user, membership.role) == (user, Role.OWNER)


def test_importing_a_campaign_makes_the_importer_its_owner(make_user):
    import json

    from django.core.files.uploadedfile import SimpleUploadedFile

    user = make_user("caro")
    client = Client()
    client.force_login(user)
    upload = SimpleUploadedFile(
        "campaign.json", json.dumps(make_campaign(2)).encode(), content_type="application/json"
    )
    assert client.post(reverse("campaign:import"), {"file": upload}).status_code == 302
    assert Membership.objects.get().role == Role.OWNER


# --- the members page ---------------------------------------------------------------------


def test_the_members_page_lists_each_member_with_a_role(campaign, people):
    page = people.owner.get(members_url(campaign)).content.decode()
    for name in ("owner", "player", "viewer"):
        assert people.users[name].username in page
    assert people.users["outsider"].username not in page
    # The only owner is not offered a role change or removal.
    owner = Membership.objects.get(user=people.users["owner"])
    assert reverse("accounts:member_remove", args=[campaign.slug, owner.pk]) not in page
    assert "The only owner" in page


def test_the_owner_changes_a_role(campaign, people):
    player = Membership.objects.get(user=people.users["player"])
    url = reverse("accounts:member_role", args=[campaign.slug, player.pk])
    response = people.owner.post(url, {"role": "viewer"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.role == Role.VIEWER
    # The player lost their pen at once.
    assert people.player.get(reverse("campaign:game_add", args=[campaign.slug])).status_code == 403


def test_the_last_owner_cannot_step_down_or_be_removed(campaign, people):
    owner = Membership.objects.get(user=people.users["owner"])
    response = people.owner.post(
        reverse("accounts:member_role", args=[campaign.slug, owner.pk]), {"role": "player"}
    )
    assert response.status_code == 302
    page = people.owner.get(response["Location"]).content.decode()
    assert "is the only owner: make someone else an owner first." in page
    people.owner.post(reverse("accounts:member_remove", args=[campaign.slug, owner.pk]))
    owner.refresh_from_db()
    assert owner.role == Role.OWNER


def test_with_a_second_owner_the_first_may_step_down(campaign, people):
    player = Membership.objects.get(user=people.users["player"])
    actions.change_role(player, Role.OWNER)
    owner = Membership.objects.get(user=people.users["owner"])
    response = people.owner.post(
        reverse("accounts:member_role", args=[campaign.slug, owner.pk]), {"role": "player"}
    )
    assert response["Location"] == reverse("campaign:dashboard", args=[campaign.slug])
    owner.refresh_from_db()
    assert owner.role == Role.PLAYER


def test_the_owner_removes_a_member_who_then_gets_404(campaign, people):
    viewer = Membership.objects.get(user=people.users["viewer"])
    response = people.owner.post(reverse("accounts:member_remove", args=[campaign.slug, viewer.pk]))
    assert response.status_code == 302
    assert not Membership.objects.filter(pk=viewer.pk).exists()
    assert people.viewer.get(reverse("campaign:dashboard", args=[campaign.slug])).status_code == 404


def test_a_membership_of_another_campaign_is_404(campaign, people, make_user):
    other = campaign_actions.import_campaign(make_campaign(1, name="Other group"))
    stranger = Membership.objects.create(campaign=other, user=make_user("zed"), role="player")
    url = reverse("accounts:member_remove", args=[campaign.slug, stranger.pk])
    assert people.owner.post(url).status_code == 404
    assert Membership.objects.filter(pk=stranger.pk).exists()


def test_a_bad_role_changes_nothing(campaign, people):
    player = Membership.objects.get(user=people.users["player"])
    url = reverse("accounts:member_role", args=[campaign.slug, player.pk])
    people.owner.post(url, {"role": "emperor"})
    player.refresh_from_db()
    assert player.role == Role.PLAYER


# --- invitation links ----------------------------------------------------------------------


def test_the_owner_makes_an_invite_shown_as_a_qr_code_with_its_address(campaign, people):
    response = people.owner.post(
        reverse("accounts:invite_create", args=[campaign.slug]), {"role": "viewer", "days": "7"}
    )
    made = Invite.objects.get()
    assert response["Location"] == f"{members_url(campaign)}#invite-{made.pk}"
    assert made.role == Role.VIEWER
    assert made.created_by == people.users["owner"]
    assert timedelta(days=6, hours=23) < made.expires_at - timezone.now() <= timedelta(days=7)
    page = people.owner.get(members_url(campaign)).content.decode()
    address = f"http://testserver{join_url(made)}"
    assert address in page
    card = re.search(rf'<article [^>]*id="invite-{made.pk}".*?</article>', page, re.S).group(0)
    assert re.search(r'<svg [^>]*class="qr-code"[^>]*role="img"', card)
    assert '<path d="M' in card
    assert reverse("accounts:invite_revoke", args=[campaign.slug, made.pk]) in card


def test_the_qr_code_encodes_the_join_address(campaign, people):
    """The drawn code is the address's own: the same modules `qr_svg` draws for it, and a
    different address draws different ones."""
    made = invite(campaign)
    page = people.owner.get(members_url(campaign)).content.decode()
    drawn = re.search(r'<svg [^>]*class="qr-code".*?<path d="([^"]+)"', page, re.S).group(1)
    address = f"http://testserver{join_url(made)}"
    expected = re.search(r'<path d="([^"]+)"', qr_svg(address)).group(1)
    assert drawn == expected
    assert drawn != re.search(r'<path d="([^"]+)"', qr_svg(address + "x")).group(1)


def test_an_invite_never_makes_an_owner(campaign, people):
    response = people.owner.post(
        reverse("accounts:invite_create", args=[campaign.slug]), {"role": "owner", "days": "7"}
    )
    assert response.status_code == 400
    assert not Invite.objects.exists()


def test_an_invite_lasts_7_days_unless_asked(campaign):
    made = invite(campaign)
    assert timedelta(days=6, hours=23) < made.expires_at - timezone.now() <= timedelta(days=7)


def test_the_owner_withdraws_an_invite(campaign, people):
    made = invite(campaign)
    response = people.owner.post(reverse("accounts:invite_revoke", args=[campaign.slug, made.pk]))
    assert response.status_code == 302
    made.refresh_from_db()
    assert made.is_revoked
    page = people.owner.get(members_url(campaign)).content.decode()
    assert join_url(made) not in page
    assert "Links that no longer work" in page


# --- joining ---------------------------------------------------------------------------------


def test_joining_asks_then_joins_on_post(campaign, make_user):
    made = invite(campaign, Role.PLAYER)
    user = make_user("ali")
    client = Client()
    client.force_login(user)
    asked = client.get(join_url(made))
    assert asked.status_code == 200
    assert f"Join “{campaign.name}”" in asked.content.decode()
    assert not Membership.objects.filter(user=user).exists()  # no write by GET
    joined = client.post(join_url(made))
    # A player who holds no seat goes on to choose one (three are free here: docs/seats.md).
    assert joined["Location"] == reverse("campaign:seat_choice", args=[campaign.slug])
    assert Membership.objects.get(user=user).role == Role.PLAYER
    made.refresh_from_db()
    assert made.uses == 1
    assert client.get(joined["Location"]).status_code == 200


def test_joining_twice_does_not_duplicate(campaign, make_user):
    made = invite(campaign, Role.VIEWER)
    client = Client()
    client.force_login(make_user("ali"))
    client.post(join_url(made))
    again = client.post(join_url(made), follow=True)
    assert Membership.objects.filter(campaign=campaign).count() == 1
    assert "You are already a member" in again.content.decode()
    assert "already a member of this campaign" in client.get(join_url(made)).content.decode()
    made.refresh_from_db()
    assert made.uses == 1


def test_an_invite_raises_a_role_but_never_lowers_it(campaign, people):
    people.viewer.post(join_url(invite(campaign, Role.PLAYER)))
    assert Membership.objects.get(user=people.users["viewer"]).role == Role.PLAYER
    people.owner.post(join_url(invite(campaign, Role.VIEWER)))
    assert Membership.objects.get(user=people.users["owner"]).role == Role.OWNER


def test_one_link_lets_several_people_join(campaign, make_user):
    made = invite(campaign)
    for name in ("ali", "rosa", "caro"):
        client = Client()
        client.force_login(make_user(name))
        client.post(join_url(made))
    made.refresh_from_db()
    assert made.uses == 3
    assert Membership.objects.filter(campaign=campaign).count() == 3


def test_a_logged_out_visitor_logs_in_or_signs_up_and_comes_back(campaign, make_user):
    made = invite(campaign)
    client = Client()
    page = client.get(join_url(made)).content.decode()
    assert f"{reverse('login')}?next={join_url(made)}" in page
    assert f"{reverse('accounts:signup')}?next={join_url(made)}" in page
    # A POST while logged out goes to the login page, which comes back here.
    response = client.post(join_url(made))
    assert response["Location"] == f"{reverse('login')}?next={join_url(made)}"
    assert not Membership.objects.exists()

    # Signing up on the way: the new account lands back on the join page.
    signed_up = client.post(
        reverse("accounts:signup"),
        {
            "username": "newcomer",
            "password1": "orbital-shipyard-9",
            "password2": "orbital-shipyard-9",
            "next": join_url(made),
        },
    )
    assert signed_up["Location"] == join_url(made)
    client.post(join_url(made))
    assert Membership.objects.get(campaign=campaign).user.username == "newcomer"


def test_a_visitor_who_logs_in_comes_back_to_the_invite(campaign, make_user):
    from accounts.tests.factory import PASSWORD

    made = invite(campaign)
    make_user("ali")
    client = Client()
    response = client.post(
        reverse("login"), {"username": "ali", "password": PASSWORD, "next": join_url(made)}
    )
    assert response["Location"] == join_url(made)


@pytest.mark.parametrize(
    ("fields", "sentence"),
    [
        ({"revoked_at": timezone.now()}, "was withdrawn by its owner"),
        ({"expires_at": timezone.now() - timedelta(minutes=1)}, "expired on"),
    ],
    ids=["revoked", "expired"],
)
def test_a_dead_link_says_why_in_a_sentence_and_joins_no_one(campaign, make_user, fields, sentence):
    made = invite(campaign, **fields)
    client = Client()
    client.force_login(make_user("ali"))
    for response in (client.get(join_url(made)), client.post(join_url(made))):
        assert response.status_code == 410
        page = response.content.decode()
        assert sentence in page
        assert "Ask" in page and "new link" in page
    assert Client().get(join_url(made)).status_code == 410  # logged out: the same sentence
    assert not Membership.objects.exists()


def test_an_unknown_link_is_404():
    assert Client().get(reverse("accounts:join", args=["no-such-token"])).status_code == 404


def test_join_refuses_other_methods(campaign):
    assert Client().put(join_url(invite(campaign))).status_code == 405


def test_a_post_without_the_csrf_token_joins_no_one(campaign, make_user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("ali"))
    assert client.post(join_url(invite(campaign))).status_code == 403
    assert not Membership.objects.exists()


def test_every_form_on_the_members_page_carries_the_csrf_token(campaign, people):
    invite(campaign)
    page = people.owner.get(members_url(campaign)).content.decode()
    forms = re.findall(r"<form [^>]*method=\"post\".*?</form>", page, re.S)
    assert len(forms) >= 5
    assert all('name="csrfmiddlewaretoken"' in form for form in forms)


def test_the_members_page_answers_in_the_same_queries_however_many_members(
    campaign, people, make_user, django_assert_num_queries
):
    def count() -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            assert people.owner.get(members_url(campaign)).status_code == 200
        return len(captured)

    few = count()
    for n in range(6):
        Membership.objects.create(campaign=campaign, user=make_user(f"p{n}"), role="player")
        invite(campaign)
    assert count() == few
