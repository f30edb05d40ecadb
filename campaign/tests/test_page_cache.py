"""The campaign pages' bodies are kept until the campaign changes (campaign/page_cache.py).

A second reader costs three queries (the session, the user, the campaign with their role);
every kind of change shows on the very next request; what differs between readers (their
role, the public page, the game log's page, who is signed in) never crosses over.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from accounts.models import PublicLink, Role
from accounts.tests.factory import add_member, make_user, owned
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign, ChangeKind, Game
from scoring.models import Megastructure, Party

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

CACHED_PAGES = ["campaign:dashboard", "campaign:games", "campaign:trackers", "unlocks:setup"]
CSRF = re.compile(rb'(name="csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]*"')


def import_campaign(n_games: int) -> Campaign:
    return owned(actions.import_campaign(make_campaign(n_games, corporations=3)))


@pytest.fixture
def five() -> Campaign:
    return import_campaign(5)


def page(client, name: str, campaign: Campaign, **query) -> str:
    response = client.get(reverse(name, args=[campaign.slug]), query)
    assert response.status_code == 200
    return response.content.decode()


def without_csrf(content: bytes) -> bytes:
    """A page without its CSRF tokens (the layout's, new for every response)."""
    return CSRF.sub(rb"\1", content)


@pytest.mark.parametrize("name", CACHED_PAGES)
def test_a_second_request_reads_the_body_from_the_cache(
    owner_client, five, django_assert_num_queries, name
):
    url = reverse(name, args=[five.slug])
    first = owner_client.get(url)
    # The session, its user, the campaign with the person's role: nothing of the page's own
    # but, on the dashboard, the number of the game a draft is open for (part of the key).
    with django_assert_num_queries(4 if name == "campaign:dashboard" else 3):
        second = owner_client.get(url)
    assert second.status_code == 200
    assert without_csrf(second.content) == without_csrf(first.content)


# What each page's body says of the last game, before and after it is deleted.
LAST_GAME = {
    "campaign:dashboard": ("Last game: game 5", "Last game: game 4"),
    "campaign:games": ('id="game-5"', 'id="game-4"'),
    "campaign:trackers": ("After game 5.", "After game 4."),
    "unlocks:setup": ("Setup for game 6</h2>", "Setup for game 5</h2>"),
}


@pytest.mark.parametrize("name", CACHED_PAGES)
def test_a_game_deleted_shows_on_the_next_request(owner_client, five, name):
    before, after = LAST_GAME[name]
    assert before in page(owner_client, name, five)
    actions.delete_game(Game.objects.get(campaign=five, number=5))
    content = page(owner_client, name, five)
    assert after in content and before not in content


def test_a_party_renamed_in_the_catalogue_shows_on_every_campaign(owner_client, five):
    party = Party.objects.get(key=five.state["next_game"]["incumbent_party"])
    assert party.name in page(owner_client, "campaign:dashboard", five)
    party.name = "The Renamed Party"
    party.save()
    assert "The Renamed Party" in page(owner_client, "campaign:dashboard", five)


def test_a_megastructure_renamed_in_the_catalogue_shows_in_the_game_log(owner_client, five):
    game = Game.objects.filter(campaign=five).exclude(megastructure="").order_by("-number").first()
    megastructure = Megastructure.objects.get(key=game.megastructure)
    assert megastructure.name in page(owner_client, "campaign:games", five)
    megastructure.name = "Renamed Ring"
    megastructure.save()
    assert "Renamed Ring" in page(owner_client, "campaign:games", five)


def test_a_change_the_replay_does_not_see_gives_a_new_revision(five):
    revision = Campaign.objects.get(pk=five.pk).revision
    actions.record_change(five, ChangeKind.COMPONENT_TICKED, "#1 envelope 1")
    assert Campaign.objects.get(pk=five.pk).revision != revision


def test_a_catalogue_edit_gives_every_campaign_a_new_revision(five):
    other = import_campaign(2)
    before = dict(Campaign.objects.values_list("pk", "revision"))
    party = Party.objects.first()
    party.save()
    after = dict(Campaign.objects.values_list("pk", "revision"))
    assert after[five.pk] != before[five.pk] and after[other.pk] != before[other.pk]


def test_a_viewer_never_gets_the_owners_controls(owner_client, five, client):
    enter = "Enter game 6"
    assert enter in page(owner_client, "campaign:dashboard", five)
    viewer = make_user("vic")
    add_member(five, viewer, Role.VIEWER)
    client.force_login(viewer)
    assert enter not in page(client, "campaign:dashboard", five)
    assert "Edit</a>" not in page(client, "campaign:games", five)
    # Made a player: the controls come with the role, not from the viewer's kept body.
    add_member(five, viewer, Role.PLAYER)
    assert enter in page(client, "campaign:dashboard", five)
    assert "Edit</a>" in page(client, "campaign:games", five)


def test_the_public_page_never_gets_the_members_links(owner_client, five, client):
    checklist = reverse("campaign:checklist", args=[five.slug, 5])
    assert checklist in page(owner_client, "campaign:dashboard", five)
    link = PublicLink.objects.create(campaign=five, enabled=True)
    public = client.get(reverse("public:dashboard", args=[link.token])).content.decode()
    assert checklist not in public
    assert reverse("public:games", args=[link.token]) in public


def test_nothing_personal_is_kept(five, client):
    ali, bea = make_user("ali-reads"), make_user("bea-reads")
    for person in (ali, bea):
        add_member(five, person, Role.PLAYER)
    client.force_login(ali)
    assert "ali-reads" in page(client, "campaign:dashboard", five)
    client.force_login(bea)
    second = page(client, "campaign:dashboard", five)
    assert "bea-reads" in second and "ali-reads" not in second


def test_each_page_of_the_game_log_is_its_own(owner_client):
    long = import_campaign(25)
    first, second = (page(owner_client, "campaign:games", long, page=n) for n in (1, 2))
    assert 'id="game-25"' in first and 'id="game-5"' not in first
    assert 'id="game-5"' in second and 'id="game-25"' not in second
    # Anything that is not a page number, written plainly, is no page (never a cache entry).
    address = reverse("campaign:games", args=[long.slug])
    for bogus in ("x", "99999", "-1", "01", "001", "1.0", "+1", "0", "3"):
        assert owner_client.get(address, {"page": bogus}).status_code == 404, bogus


def test_each_language_keeps_its_own_body(five):
    """A body kept for a reader of one language is never given to a reader of another."""
    from django.utils import translation

    from campaign.page_cache import cache_key

    with translation.override("en-gb"):
        english = cache_key(five, "campaign/_dashboard.html")
    with translation.override("de"):
        german = cache_key(five, "campaign/_dashboard.html")
    assert english != german
