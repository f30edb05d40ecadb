"""Where the group is asked for a zone an earlier version stored a game without: the game's
page (a form for players), the dashboard (a notice), the edit page (not required)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Role
from accounts.tests.factory import add_member, make_user, owned, owner_user
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign
from campaign.tests.test_views_game import form_data
from campaign.tests.upgrades import KRAKEN, old_file, presence

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


@pytest.fixture
def kraken() -> Campaign:
    return owned(actions.import_campaign(old_file(KRAKEN)))


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_game_page_asks_a_player_for_the_zone_and_saves_it(kraken):
    client = client_of(owner_user())
    url = reverse("campaign:checklist", args=[kraken.slug, 11])
    page = client.get(url).content.decode()
    assert 'id="zone-missing"' in page
    assert "The Kraken was built in this game with no zone" in page
    assert reverse("campaign:checklist_zone", args=[kraken.slug, 11]) in page
    assert reverse("campaign:box", args=[kraken.slug]) in page
    game = kraken.games.get(number=11)
    before = presence(game.result)
    # A zone not offered is refused beside the field, and nothing changes.
    post = reverse("campaign:checklist_zone", args=[kraken.slug, 11])
    refused = client.post(post, {"zone-zone": "9", "zone-version": game.version})
    assert refused.status_code == 400
    assert "Must be one of the choices listed." in refused.content.decode()
    assert kraken.games.get(number=11).megastructure_zone is None
    saved = client.post(post, {"zone-zone": "5", "zone-version": game.version})
    assert saved.status_code == 302
    game.refresh_from_db()
    assert game.megastructure_zone == 5
    assert sum(presence(game.result).values()) - sum(before.values()) in (5, 10)
    page = client.get(url).content.decode()
    assert 'id="zone-missing"' not in page
    # A second save from the page drawn before is not applied over the first.
    stale = client.post(post, {"zone-zone": "4", "zone-version": game.version - 1})
    assert stale.status_code == 400
    assert kraken.games.get(number=11).megastructure_zone == 5


def test_a_viewer_reads_the_prompt_without_its_form(kraken):
    viewer = make_user("vera")
    add_member(kraken, viewer, Role.VIEWER)
    client = client_of(viewer)
    page = client.get(reverse("campaign:checklist", args=[kraken.slug, 13])).content.decode()
    assert 'id="zone-missing"' in page
    assert "A player can give it here" in page
    assert reverse("campaign:checklist_zone", args=[kraken.slug, 13]) not in page
    post = client.post(
        reverse("campaign:checklist_zone", args=[kraken.slug, 13]), {"zone-zone": "1"}
    )
    assert post.status_code == 403


def test_the_dashboard_lists_the_games_without_their_zone(kraken):
    client = client_of(owner_user())
    page = client.get(reverse("campaign:dashboard", args=[kraken.slug])).content.decode()
    assert 'id="missing-zones"' in page
    assert "Game 11: The Kraken" in page and "Game 13: Dyson Swarm" in page
    game = kraken.games.get(number=11)
    actions.give_megastructure_zone(game, 5)
    page = client.get(reverse("campaign:dashboard", args=[kraken.slug])).content.decode()
    assert "Game 11: The Kraken" not in page and "Game 13: Dyson Swarm" in page


def test_the_edit_page_keeps_an_unrecorded_zone_without_asking(kraken):
    client = client_of(owner_user())
    url = reverse("campaign:game_edit", args=[kraken.slug, 11])
    page = client.get(url).content.decode()
    assert "Not recorded: no +5 presence bonus, as stored" in page
    data = form_data(page)
    assert data["setup-megastructure_zone"] == ""
    data["p1-credits"] = str(int(data["p1-credits"]) + 2)
    saved = client.post(url, data)
    assert saved.status_code == 302, saved.content.decode()[:2000]
    game = kraken.games.get(number=11)
    assert game.version == 2 and game.megastructure_zone is None
    assert (
        game.table["players"][0]["credits"]
        == old_file(KRAKEN)["games"][10]["table"]["players"][0]["credits"] + 2
    )


def test_a_games_warnings_show_on_its_page_in_peoples_words():
    data = make_campaign(2, corporations=2)
    data["games"][1]["megastructure"] = "the-kraken"
    data["games"][1]["megastructure_zone"] = 1
    campaign = owned(actions.import_campaign(data))
    page = client_of(owner_user()).get(reverse("campaign:checklist", args=[campaign.slug, 2]))
    text = page.content.decode()
    assert (
        "The Kraken was not among the megastructures open in game 2 (Sky hooks throughout "
        "zone 3)" in text
    )
    assert "the-kraken" not in text and "skyhooks-zone-3" not in text
    # The dashboard says which game to look at.
    dashboard = client_of(owner_user()).get(reverse("campaign:dashboard", args=[campaign.slug]))
    checklist = reverse("campaign:checklist", args=[campaign.slug, 2])
    assert f'<a href="{checklist}">game 2</a>: each game' in dashboard.content.decode()
