"""Who may do what to a campaign, tried on every address a campaign has.

The personas (conftest `personas`): the owner, a player, a viewer, a signed-in outsider and an
anonymous visitor. The address list is not written down here: it is read from the URL resolver
(every pattern with a `slug` in the campaign, unlocks, history, pictures and accounts apps), so
a page added tomorrow is tried too.
"""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import URLPattern, reverse
from PIL import Image

from accounts.models import GuestSeat, Invite, Membership, PublicLink, Role
from benchmarks.samples import make_campaign
from campaign import access, actions
from campaign.models import Campaign, Change, Corporation, Game
from live.actions.photos import attach_photo
from tests.url_patterns import named_patterns
from unlocks.models import ComponentTick, SectionNote, SectionReveal

# Who may read or change what, answered by the access checks before any database-specific
# work: the SQLite leg runs it (tests/plugins/ordering.py, `one_database`).
ONE_DATABASE = pytest.mark.one_database
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue"), ONE_DATABASE]

CAMPAIGN_APPS = ("campaign", "unlocks", "history", "pictures", "accounts")
# A reveal is one person's choice to read a locked section early, not a change to the
# campaign: a viewer may make it (and take it back) for themselves.
PERSONAL_POSTS = {"unlocks:section_reveal", "unlocks:section_hide"}
# Pages that only show a form the viewer may not use: refused on GET too.
WRITE_FORM_PAGES = {
    "campaign:game_add",
    "campaign:game_edit",
    "campaign:game_delete",
    "campaign:box_location_add",
    "campaign:box_location",
    "campaign:box_megastructure_add",
    "campaign:box_megastructure",
    "campaign:box_ship_add",
    "campaign:box_ship",
    "campaign:box_debt",
    "campaign:delete",
    "campaign:settings",
    "accounts:members",
    "accounts:public_page",
    "campaign:draft_discard",
}
# The owner's alone (with every accounts page): a player is refused them.
OWNER_ONLY = {
    "campaign:delete",
    "campaign:settings",
    "campaign:draft_discard",
    "campaign:guest_tie",
}


@pytest.fixture
def campaign() -> Campaign:
    campaign = actions.import_campaign(make_campaign(3, corporations=3))
    # Game 1's photo of the final table, so that its address answers a member (200).
    image = io.BytesIO()
    Image.new("RGB", (40, 30)).save(image, "JPEG")
    attach_photo(campaign.games.get(number=1), image.getvalue())
    return campaign


@pytest.fixture
def people(personas, campaign):
    people = personas(campaign)
    Invite.objects.create(campaign=campaign, created_by=people.users["owner"])
    return people


def campaign_patterns() -> list[tuple[str, URLPattern]]:
    """Every named pattern of the campaign apps that takes a campaign's slug."""
    return sorted(
        (name, pattern)
        for name, pattern in named_patterns()
        if name.split(":")[0] in CAMPAIGN_APPS and "slug" in pattern.pattern.converters
    )


def address(name: str, pattern: URLPattern, campaign: Campaign, people) -> str:
    """The pattern's address for this campaign: game 1, section 1, its first corporation, the
    player's membership, an open invite, its latest change."""
    kwargs = {}
    for kwarg in pattern.pattern.converters:
        if kwarg == "slug":
            kwargs[kwarg] = campaign.slug
        elif kwarg == "number":
            kwargs[kwarg] = 1
        elif kwarg == "key":
            kwargs[kwarg] = campaign.corporations.first().key
        elif kwarg == "pk" and name.startswith("accounts:member"):
            kwargs[kwarg] = Membership.objects.get(user=people.users["player"]).pk
        elif kwarg == "pk" and name.startswith("accounts:invite"):
            kwargs[kwarg] = Invite.objects.get(campaign=campaign).pk
        elif kwarg == "pk" and name.startswith("history:"):
            kwargs[kwarg] = Change.objects.filter(campaign=campaign).first().pk
        elif kwarg == "pk" and name == "campaign:guest_tie":
            corporation = campaign.corporations.first()
            kwargs[kwarg] = GuestSeat.objects.get_or_create(
                campaign=campaign, corporation=corporation, number=1, defaults={"name": "Sam"}
            )[0].pk
        elif kwarg == "location":
            kwargs[kwarg] = "Mars"
        elif kwarg == "ship":
            kwargs[kwarg] = "Nautilus EV-280"
        elif kwarg == "megastructure":
            kwargs[kwarg] = "the-kraken"
        else:
            raise AssertionError(f"{name}: teach this test a value for <{kwarg}>")
    return reverse(name, kwargs=kwargs)


def rows() -> dict[str, list]:
    """Everything a refused request must leave as it was."""
    return {
        model.__name__: list(model.objects.order_by("pk").values())
        for model in (
            Campaign,
            Corporation,
            Game,
            Change,
            Membership,
            Invite,
            PublicLink,
            ComponentTick,
            SectionNote,
            SectionReveal,
        )
    }


def test_the_list_of_campaign_addresses_is_complete():
    """The enumeration is not vacuous: it finds the pages of every app."""
    names = {name for name, _ in campaign_patterns()}
    for expected in (
        "campaign:dashboard",
        "campaign:game_add",
        "campaign:checklist_power",
        "campaign:delete",
        "unlocks:section_components",
        "unlocks:section_unlock",
        "accounts:members",
        "accounts:invite_create",
        "accounts:public_switch",
    ):
        assert expected in names
    assert len(names) >= 30


def test_an_outsider_gets_404_from_every_campaign_address(campaign, people):
    """A signed-in person who is not a member cannot even learn the campaign exists."""
    before = rows()
    for name, pattern in campaign_patterns():
        url = address(name, pattern, campaign, people)
        get, post = people.outsider.get(url), people.outsider.post(url)
        # 405 only for a method the view never takes, whatever the campaign.
        assert {get.status_code, post.status_code} <= {404, 405}, name
        assert 404 in (get.status_code, post.status_code), name
    assert rows() == before


def test_an_unknown_campaign_is_the_same_404(people):
    for url in ("/campaigns/no-such-campaign/", "/campaigns/no-such-campaign/members/"):
        assert people.owner.get(url).status_code == 404


def test_a_viewer_gets_403_for_every_write_and_reads_every_page(campaign, people):
    before = rows()
    for name, pattern in campaign_patterns():
        url = address(name, pattern, campaign, people)
        posted = people.viewer.post(url)
        if name in PERSONAL_POSTS:
            assert posted.status_code in (200, 302, 400), name
            continue
        assert posted.status_code in (403, 405), name
        got = people.viewer.get(url)
        if name in WRITE_FORM_PAGES or name.startswith("accounts:"):
            assert got.status_code in (403, 405), name
        else:
            assert got.status_code in (200, 302, 304, 405), name
    # A viewer may write nothing but their own reveals.
    after = rows()
    before.pop("SectionReveal"), after.pop("SectionReveal")
    assert after == before


def test_every_write_as_a_viewer_is_403_not_405(campaign, people):
    """The viewer's refusals are real: each address that takes a POST from a player refuses
    the viewer with 403 (not a 405 that would pass for any address)."""
    posts = []
    for name, pattern in campaign_patterns():
        url = address(name, pattern, campaign, people)
        if people.outsider.post(url).status_code == 404 and name not in PERSONAL_POSTS:
            posts.append(name)
            assert people.viewer.post(url).status_code == 403, name
    assert {"campaign:game_add", "unlocks:section_components", "accounts:invite_create"} <= set(
        posts
    )


def test_a_player_is_refused_only_the_owners_pages(campaign, people):
    before = rows()
    for name, pattern in campaign_patterns():
        if not (name in OWNER_ONLY or name.startswith("accounts:")):
            continue
        url = address(name, pattern, campaign, people)
        assert people.player.post(url).status_code in (403, 405), name
        assert people.player.get(url).status_code in (403, 405), name
    assert rows() == before


def test_a_player_reads_and_enters_games(campaign, people):
    assert people.player.get(reverse("campaign:game_add", args=[campaign.slug])).status_code == 200
    edit = reverse("campaign:game_edit", args=[campaign.slug, 1])
    assert people.player.get(edit).status_code == 200
    response = people.player.post(
        reverse("unlocks:section_components", args=[campaign.slug, 1]), {"s1-done": []}
    )
    assert response.status_code == 302


def test_anonymous_visitors_are_sent_to_log_in_and_never_read(campaign, people):
    login = reverse("login")
    for name, pattern in campaign_patterns():
        url = address(name, pattern, campaign, people)
        for response in (people.anonymous.get(url), people.anonymous.post(url)):
            if response.status_code == 302:
                assert response["Location"].startswith(f"{login}?next="), name
            else:
                # A page whose view asks campaign.access without login_required: still 404.
                assert response.status_code in (404, 405), name


def test_the_owner_reads_every_page(campaign, people):
    for name, pattern in campaign_patterns():
        url = address(name, pattern, campaign, people)
        assert people.owner.get(url).status_code in (200, 302, 304, 405), name


def test_staff_may_read_a_campaign_but_not_change_it(campaign, make_user):
    staff = make_user("helper", is_staff=True)
    client = Client()
    client.force_login(staff)
    assert client.get(reverse("campaign:dashboard", args=[campaign.slug])).status_code == 200
    assert client.get(reverse("campaign:game_add", args=[campaign.slug])).status_code == 403


# --- the lookups themselves ----------------------------------------------------------------


class Request:
    def __init__(self, user):
        self.user = user


@pytest.mark.parametrize(
    ("role", "reader", "player", "owner"),
    [
        (Role.OWNER, 200, 200, 200),
        (Role.PLAYER, 200, 200, 403),
        (Role.VIEWER, 200, 403, 403),
        (None, 404, 404, 404),
    ],
)
def test_each_lookup_answers_by_role_in_one_query(
    campaign, make_user, add_member, django_assert_num_queries, role, reader, player, owner
):
    from django.core.exceptions import PermissionDenied
    from django.http import Http404

    user = make_user("caro")
    if role:
        add_member(campaign, user, role)
    for lookup, expected in (
        (access.campaign_for_reader, reader),
        (access.campaign_for_player, player),
        (access.campaign_for_owner, owner),
    ):
        with django_assert_num_queries(1):
            try:
                found = lookup(Request(user), campaign.slug)
            except Http404:
                answer = 404
            except PermissionDenied:
                answer = 403
            else:
                answer = 200
                assert found == campaign
                assert found.member_role == role
                assert found.can_play == (role in (Role.OWNER, Role.PLAYER))
                assert found.is_owner == (role == Role.OWNER)
        assert answer == expected, lookup.__name__


def test_a_campaign_list_shows_only_ones_own_campaigns_with_the_role(campaign, people):
    other = actions.import_campaign(make_campaign(1, corporations=2, name="Other group"))
    page = people.viewer.get(reverse("campaign:list")).content.decode()
    assert campaign.name in page and other.name not in page
    assert ">viewer</span>" in page
    outsider_page = people.outsider.get(reverse("campaign:list")).content.decode()
    assert campaign.name not in outsider_page
    assert "No campaign yet" in outsider_page
