"""A city keeps its name (issue 22): an edit that changes the winner of a game whose city is
named asks the group first — keep the name and its namer as written, or let the new winner
name a city — and never moves the namer without a word (docs/replay.md "cities")."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.campaign_io import dump_campaign
from campaign.models import Campaign
from campaign.tests.test_views_game import edit_url, form_data

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


@pytest.fixture
def named() -> Campaign:
    """Purple won game 2 and named New Avalon on Mars."""
    tables = [leader_table("purple", "yellow", sections=("credits",)) for _ in range(3)]
    data = make_campaign(corporations=2, tables=tables)
    data["games"][1]["named_city"] = {"location": "Mars", "name": "New Avalon"}
    return owned(actions.import_campaign(data))


def yellow_wins(client, campaign: Campaign) -> dict:
    data = form_data(client.get(edit_url(campaign, 2)).content.decode())
    data["p1-credits"] = "0"
    data["p2-credits"] = "6"
    return data


def test_an_edit_that_changes_the_winner_asks_first_and_saves_nothing(owner_client, named):
    before = dump_campaign(named)
    response = owner_client.post(edit_url(named, 2), yellow_wins(owner_client, named))
    page = response.content.decode()
    assert response.status_code == 400
    assert "say below whether New Avalon (Mars) keeps its name and its namer" in page
    assert 'name="game-city_choice"' in page
    assert "Keep New Avalon, named by Purple corporation, as written on the card" in page
    named.refresh_from_db()
    assert dump_campaign(named) == before


def test_keeping_the_name_keeps_its_namer(owner_client, named):
    data = yellow_wins(owner_client, named) | {"game-city_choice": "keep"}
    assert owner_client.post(edit_url(named, 2), data).status_code == 302
    named.refresh_from_db()
    game = named.games.get(number=2)
    assert game.result["winner"] == "yellow"
    assert named.state["cities"] == [
        {"game": 2, "location": "Mars", "name": "New Avalon", "corporation": "purple"}
    ]
    # The file says so, and reads back the same.
    text = dump_campaign(named)
    assert '"named_by": "purple"' in text
    again = owned(actions.import_campaign(json.loads(text)))
    assert dump_campaign(again).replace(again.name, named.name) == text.replace(
        again.name, named.name
    )
    assert again.state["cities"][0]["corporation"] == "purple"
    checklist = owner_client.get(reverse("campaign:checklist", args=[named.slug, 2]))
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", checklist.content.decode()))
    assert "Purple corporation named New Avalon on Mars (as the winner then" in text
    # A later edit of the same game asks no more: the namer is written down.
    data = form_data(owner_client.get(edit_url(named, 2)).content.decode())
    data["p2-credits"] = "7"
    assert owner_client.post(edit_url(named, 2), data).status_code == 302


def test_letting_the_new_winner_rename_clears_the_city_for_the_checklist(owner_client, named):
    data = yellow_wins(owner_client, named) | {"game-city_choice": "rename"}
    assert owner_client.post(edit_url(named, 2), data).status_code == 302
    named.refresh_from_db()
    game = named.games.get(number=2)
    assert (game.city_location, game.city_name) == ("", "")
    assert named.state["cities"] == []
    checklist = reverse("campaign:checklist", args=[named.slug, 2])
    assert 'name="city-name"' in owner_client.get(checklist).content.decode()


def test_an_edit_that_keeps_the_winner_asks_nothing(owner_client, named):
    data = form_data(owner_client.get(edit_url(named, 2)).content.decode())
    data["p1-credits"] = "12"
    assert owner_client.post(edit_url(named, 2), data).status_code == 302
    named.refresh_from_db()
    assert named.state["cities"][0]["corporation"] == "purple"


def test_the_question_shows_a_city_name_as_plain_words(owner_client):
    tables = [leader_table("purple", "yellow", sections=("credits",)) for _ in range(3)]
    data = make_campaign(corporations=2, tables=tables)
    data["games"][1]["named_city"] = {"location": "Mars", "name": "{{ csrf_token }} <b>%"}
    campaign = owned(actions.import_campaign(data))
    page = owner_client.post(edit_url(campaign, 2), yellow_wins(owner_client, campaign))
    text = page.content.decode()
    legend = re.search(r'<legend class="form-label fs-6">(.*?)</legend>', text).group(1)
    assert "naming {{ csrf_token }} &lt;b&gt;% (Mars)" in legend
    assert "Keep {{ csrf_token }} &lt;b&gt;%, named by Purple corporation" in text
