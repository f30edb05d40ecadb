"""A play's page in the reader's language: the result's "why" sentences, which `Play.result`
stores as plain English JSON, are computed again from the table to be said (issue 33); a play
stored by an older version, whose table today's rules score otherwise, shows as stored."""

from __future__ import annotations

import pytest

from playlog.models import Play
from playlog.summary import shown_result
from playlog.tests.factory import url

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


def page(client, world, play: Play, **language) -> str:
    return client.get(url("play", world, play.number), **language).content.decode()


def test_a_space_explorers_play_says_why_in_german_and_in_english_as_before(host_client, world):
    play = world.se_finished
    german = page(host_client, world, play, **GERMAN)
    assert "Der Opponent hat mehr Progress: 35 gegen deine 23" in german
    assert "Telstar 1 (2): noch auf der Leiste, auf Position 4" in german
    assert "made more Progress" not in german and "still on the track" not in german
    english = page(host_client, world, play)
    assert "The Opponent made more Progress: 35 against your 23" in english
    assert "Telstar 1 (2): still on the track at position 4" in english


def test_a_colonist_play_says_why_in_german(host_client, world):
    german = page(host_client, world, world.colonists, **GERMAN)
    assert "caro gewinnt mit 13 VP." in german
    assert "mit einem Power Hub verbunden: 3 VP" in german
    assert "caro wins with 13 VP" not in german
    english = page(host_client, world, world.colonists)
    assert "caro wins with 13 VP." in english
    assert "inhabited by the Spice Merchants, connected to a power hub: 3 VP" in english
    # And the score sheet's own page.
    sheet = host_client.get(
        url("colonists:sheet", world, world.colonists.number), **GERMAN
    ).content.decode()
    assert "caro gewinnt mit 13 VP." in sheet


def test_a_play_stored_by_an_older_version_shows_its_result_as_stored(host_client, world):
    play = world.se_finished
    # As an older version scored it (its words, or its figures, otherwise than today's rules).
    stored = {**play.result, "why": "The Opponent made more Progress (as stored)"}
    Play.objects.filter(pk=play.pk).update(result=stored)
    for language in (GERMAN, {}):
        html = page(host_client, world, play, **language)
        assert "The Opponent made more Progress (as stored)" in html
    # A table today's rules refuse: the stored result shows.
    play = Play.objects.get(pk=world.colonists.pk)
    assert shown_result(play) is not play.result and shown_result(play) == play.result
    play.table = {**play.table, "players": "no longer a list"}
    assert shown_result(play) is play.result


def test_a_play_without_a_result_has_none_to_show(world):
    assert shown_result(world.se_running) is None
    assert shown_result(None) is None


def test_a_play_an_older_version_stored_says_its_unchanged_sentences_in_german(host_client, world):
    # Stored by an older version: a key today's rules add is missing, so the result shows as
    # stored; each sentence whose English today's rules say alike is said in German.
    for play in (world.colonists, world.se_finished):
        stored = {key: value for key, value in play.result.items() if key != "warnings"}
        Play.objects.filter(pk=play.pk).update(result=stored)
    colonists = page(host_client, world, world.colonists, **GERMAN)
    assert "mit einem Power Hub verbunden: 3 VP" in colonists
    assert "inhabited by" not in colonists
    explorers = page(host_client, world, world.se_finished, **GERMAN)
    assert "Variant #4 ist nicht im Spiel" in explorers
    assert "Variant #4 is not in play" not in explorers
    english = page(host_client, world, world.colonists)
    assert "inhabited by the Spice Merchants, connected to a power hub: 3 VP" in english
    assert "Variant #4 is not in play" in page(host_client, world, world.se_finished)
    # What the older version stored is what shows: its figures, its keys.
    play = Play.objects.get(pk=world.colonists.pk)
    assert shown_result(play) == play.result and "warnings" not in shown_result(play)


def test_the_new_solo_play_names_variant_3s_choices_in_german(host_client, world):
    new = url("space_explorers:new", world)
    german = host_client.get(new, **GERMAN).content.decode()
    assert '<option value="" selected>nicht im Spiel</option>' in german
    assert "Eine zufällig ziehen</option>" in german
    assert ">not in play<" not in german and "Draw one at random" not in german
    english = host_client.get(new).content.decode()
    assert '<option value="" selected>not in play</option>' in english
    assert "Draw one at random</option>" in english
