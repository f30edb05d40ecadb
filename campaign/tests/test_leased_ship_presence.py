"""The leased ships as printed (issue 22): the rulebook text prints no White Star ship's
presence, so the reference gives none; a campaign's box gives it, or a game's table does, and a
game that names a card neither gives is refused with a sentence naming the ship."""

from __future__ import annotations

import copy
import importlib
import json
import random

import pytest
from django.apps import apps
from django.urls import reverse

from accounts.tests.factory import owned
from benchmarks.samples import make_campaign, random_campaign
from campaign import actions
from campaign.actions.cache import rebuild
from campaign.campaign_io import dump_campaign
from campaign.models import Campaign, Game
from campaign.tests.factory import DEMO
from campaign.tests.test_box_views import posted_form
from solar175.box import read_box
from solar175.fields import CampaignError

pytestmark = pytest.mark.django_db

REFUSAL = (
    'names the ship card "The Manchester", whose presence the rulebook text does not print '
    "and the box does not give"
)


@pytest.fixture
def demo() -> Campaign:
    # #4 White Star is unlocked in the demo: its box page lists the leased ships.
    return owned(actions.import_campaign(json.loads(DEMO.read_text(encoding="utf-8"))))


def with_manchester(game: Game, **ship) -> dict:
    table = copy.deepcopy(game.table)
    table["players"][0]["ships"].append({"zone": 1, "card": "The Manchester", **ship})
    return table


def save(campaign: Campaign, game: Game, table: dict) -> None:
    actions.save_game(
        campaign, table=table, played_on=game.played_on, megastructure=game.megastructure, game=game
    )


def test_the_box_page_says_the_presence_is_the_cards_and_invents_none(owner_client, demo):
    page = owner_client.get(reverse("campaign:box", args=[demo.slug])).content.decode()
    manchester = page[page.index("<strong>The Manchester</strong>") :]
    manchester = manchester[: manchester.index("</li>")]
    assert "Presence not entered: as printed on your card" in manchester
    assert "Presence 2" not in manchester
    assert "each counts presence 2" not in page
    form = owner_client.get(
        reverse("campaign:box_ship", args=[demo.slug, "The Manchester"])
    ).content.decode()
    presence = form[form.index('name="presence"') :]
    assert 'value="' not in presence[: presence.index(">")]  # no 2 typed in for the group


def test_a_game_naming_a_card_with_no_presence_is_refused_until_the_box_gives_it(
    owner_client, demo
):
    game = Game.objects.get(campaign=demo, number=12)
    before = dump_campaign(Campaign.objects.get(pk=demo.pk))
    with pytest.raises(CampaignError) as caught:
        save(demo, game, with_manchester(game))
    assert REFUSAL in caught.value.message
    assert dump_campaign(Campaign.objects.get(pk=demo.pk)) == before  # nothing changed

    # The group enters the card's value in its box: the card is usable, and scores with it.
    url = reverse("campaign:box_ship", args=[demo.slug, "The Manchester"])
    response = owner_client.post(url, posted_form(owner_client, url, presence=3))
    assert response.status_code == 302
    message = owner_client.get(response["Location"]).content.decode()
    assert "The Manchester now has presence 3 (was not entered)" in message
    save(demo, game, with_manchester(game))
    game.refresh_from_db()
    assert game.table["players"][0]["ships"][-1] == {"zone": 1, "card": "The Manchester"}
    purple = game.result["players"][0]
    assert purple["presence"]["1"] >= 3


def test_a_presence_typed_at_the_table_needs_no_box(demo):
    game = Game.objects.get(campaign=demo, number=12)
    save(demo, game, with_manchester(game, presence=4))
    game.refresh_from_db()
    assert game.table["players"][0]["ships"][-1] == {
        "zone": 1,
        "card": "The Manchester",
        "presence": 4,
    }


def test_a_file_naming_a_card_with_no_presence_is_refused_with_its_path():
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    data["games"][11]["table"]["players"][0]["ships"].append({"zone": 1, "card": "The Manchester"})
    with pytest.raises(CampaignError) as caught:
        actions.import_campaign(data)
    assert caught.value.path == "games[11].table.players[0].ships[1].card"
    assert REFUSAL in caught.value.message
    data["box"] = {"ships": [{"name": "The Manchester", "presence": 3}]}
    campaign = actions.import_campaign(data)
    text = dump_campaign(campaign)
    assert dump_campaign(actions.import_campaign(json.loads(text))) == text


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(lambda: json.loads(DEMO.read_text(encoding="utf-8")), id="demo"),
        pytest.param(lambda: make_campaign(12, corporations=4), id="make_campaign"),
        *(
            pytest.param(
                lambda seed=seed: random_campaign(random.Random(seed), games=10),
                id=f"random-{seed}",
            )
            for seed in (1, 2, 3)
        ),
    ],
)
def test_existing_files_import_and_export_byte_identically(data):
    """Stored tables carry each ship's presence: the reference's change moves none of them."""
    campaign = actions.import_campaign(data())
    text = dump_campaign(campaign)
    assert dump_campaign(actions.import_campaign(json.loads(text))) == text


KEEP = importlib.import_module("campaign.migrations.0013_leased_ship_presence_kept")


def test_a_stored_campaign_keeps_the_presence_its_games_were_scored_with(demo):
    """A site's campaign whose game named a card with no presence, scored with the first
    reference's 2: the migration writes 2 into its box (where the group sees and corrects it),
    so its games replay with the scores they have; another campaign is left as it is."""
    game = Game.objects.get(campaign=demo, number=12)
    actions.change_box(
        demo, lambda box: read_box({"ships": [{"name": "The Manchester", "moves": 4}]}, None)
    )
    save(demo, game, with_manchester(game, presence=2))
    untouched = actions.import_campaign(json.loads(DEMO.read_text(encoding="utf-8")))
    # As a site stored it before: the card named, no presence, the box without one.
    table = copy.deepcopy(Game.objects.get(pk=game.pk).table)
    del table["players"][0]["ships"][-1]["presence"]
    Game.objects.filter(pk=game.pk).update(table=table)
    scores = Campaign.objects.get(pk=demo.pk).state

    KEEP.keep_scored_presence(apps, None)

    assert Campaign.objects.get(pk=demo.pk).box == {
        "ships": [{"name": "The Manchester", "presence": 2, "moves": 4}]
    }
    assert Campaign.objects.get(pk=untouched.pk).box == {}
    campaign = Campaign.objects.get(pk=demo.pk)
    rebuild(campaign)
    assert Campaign.objects.get(pk=demo.pk).state == scores
