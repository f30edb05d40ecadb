"""The replay's sentences in the reader's language (issue 33): the cache (`Campaign.state`,
each `Game.replay_entry`) keeps them with their words, so a German page says the checklist's
unlock reasons and the replay's warnings in German; a cache written before it kept them is
read as it is (its English), and the next save writes their words."""

from __future__ import annotations

import json
import re
import uuid

import pytest

from accounts.tests.factory import owned
from benchmarks.samples import FIXED_MEGASTRUCTURES, leader_table, make_campaign, make_game
from campaign import actions
from campaign.models import Campaign, Game
from campaign.tests.test_views_game import checklist_url

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def _campaign(games=None):
    tables = [leader_table("purple", "yellow") for _ in range(2)]
    if games is None:
        games = [make_game(n, table) for n, table in enumerate(tables, start=1)]
    return owned(actions.import_campaign(make_campaign(corporations=2, games=games)))


def _written_before_words(campaign: Campaign) -> None:
    """The cache as the code before this change wrote it: every sentence its English."""
    state = json.loads(json.dumps(campaign.replayed_state().to_dict()))
    del state["games"]
    Campaign.objects.filter(pk=campaign.pk).update(state=state, revision=uuid.uuid4())
    for game in Game.objects.filter(campaign=campaign):
        entry = json.loads(json.dumps(game.entry().to_dict()))
        del entry["score"]
        Game.objects.filter(pk=game.pk).update(replay_entry=entry)


def _page(client, campaign, **headers) -> str:
    """The checklist of game 1, its CSRF tokens (new on each answer) left out."""
    body = client.get(checklist_url(campaign, 1), **headers).content.decode()
    return re.sub(r'((?i:csrf)\w*": "|name="csrfmiddlewaretoken" value=")[^"]*', r"\1", body)


def test_the_checklist_says_why_a_section_unlocked_in_german(owner_client):
    campaign = _campaign()
    german = owner_client.get(checklist_url(campaign, 1), **GERMAN).content.decode()
    assert "das Ende von Partie 1 wurde erreicht" in german
    assert "the end of game 1 was reached" not in german
    english = owner_client.get(checklist_url(campaign, 1)).content.decode()
    assert "the end of game 1 was reached" in english


def test_the_sections_page_says_why_a_section_unlocked_in_german(owner_client):
    from django.urls import reverse

    campaign = _campaign()
    url = reverse("unlocks:sections", args=[campaign.slug])
    german = owner_client.get(url, **GERMAN).content.decode()
    assert "das Ende von Partie 1 wurde erreicht" in german
    assert "the end of game 1 was reached" not in german
    assert "the end of game 1 was reached" in owner_client.get(url).content.decode()


def test_a_replay_warning_is_said_in_german(owner_client):
    key = FIXED_MEGASTRUCTURES[1]
    tables = [leader_table("purple", "yellow") for _ in range(2)]
    games = [make_game(1, tables[0]), make_game(2, tables[1], megastructure=key)]
    campaign = owned(actions.import_campaign(make_campaign(corporations=2, games=games)))
    warnings = campaign.replayed_state().games[1].warnings
    assert any("was already built in game 1" in w for w in warnings)
    german = owner_client.get(checklist_url(campaign, 2), **GERMAN).content.decode()
    assert "wurde bereits in Partie 1 gebaut" in german
    assert "was already built in game 1" not in german
    english = owner_client.get(checklist_url(campaign, 2)).content.decode()
    assert "was already built in game 1" in english


def test_a_cache_written_before_its_words_is_read_then_rewritten(owner_client):
    campaign = _campaign()
    english_before = _page(owner_client, campaign)
    _written_before_words(campaign)
    campaign = Campaign.objects.get(pk=campaign.pk)
    # Read as it is: its English, on every page, no error.
    assert campaign.replayed().unlock_reasons["1"] == "the end of game 1 was reached"
    assert _page(owner_client, campaign) == english_before
    german = owner_client.get(checklist_url(campaign, 1), **GERMAN)
    assert german.status_code == 200
    assert "the end of game 1 was reached" in german.content.decode()
    # The next replay keeps the words: German again, the English the same.
    actions.rebuild(campaign)
    german = owner_client.get(checklist_url(campaign, 1), **GERMAN).content.decode()
    assert "das Ende von Partie 1 wurde erreicht" in german
    assert _page(owner_client, campaign) == english_before


def test_what_unlocks_next_is_said_in_german(owner_client):
    from django.urls import reverse

    campaign = _campaign()
    words = [p.words for p in campaign.replayed().progress if p.words]
    assert words
    url = reverse("unlocks:next", args=[campaign.slug])
    english = owner_client.get(url).content.decode()
    german = owner_client.get(url, **GERMAN).content.decode()
    shown = [w for w in words if w in english]
    assert shown
    assert not [w for w in shown if w in german]
