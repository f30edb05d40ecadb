"""The play log's pages where English used to be glued into a German sentence (issue 33): a
turn runner's step inside a sentence keeps German's capitals (no `|lower` on a translated
word), the play's page says which companion the game is played with in a whole sentence, and
the role badge says the role in the person's language."""

from __future__ import annotations

import copy

import pytest
from django.test import Client
from django.urls import reverse

from playlog import actions
from playlog.tests.factory import COLONISTS_SESSION, PlayWorld, play_file, url
from playlog.tests.test_se_change_step import printed_play

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
RECRUIT = {
    "you-action": "recruit",
    "you-source": "center-2",
    "you-cards_to_center": "0",
    "you-tokens_set_aside": "0",
    "you-launch": "",
}


def test_a_step_inside_a_sentence_keeps_its_capitals_in_german(host_client: Client, world):
    play = world.se_running
    runner = host_client.get(url("space_explorers:turns", world, play.number), **GERMAN)
    page = runner.content.decode()
    assert 'aria-label="Runde 1, dein Zug ändern"' in page
    assert 'aria-label="runde' not in page
    step = host_client.get(url("space_explorers:step", world, play.number, 1), **GERMAN)
    form = step.content.decode()
    assert ": Runde 1, Zug des Opponent ändern</h2>" in form
    assert "Runde 1, Zug des Opponent ändern</button>" in form
    assert "runde 1" not in form


def test_a_later_step_to_take_back_is_named_with_its_capitals_in_german(host_client, world):
    play = printed_play(world)
    address = url("space_explorers:step", world, play.number, 0)
    page = host_client.post(address, RECRUIT, **GERMAN).content.decode()
    assert "Runde 2, dein Zug" in page
    assert "runde 2" not in page
    taken = host_client.post(address, {**RECRUIT, "take_back_from": "2"}, **GERMAN)
    runner = host_client.get(taken["Location"], **GERMAN).content.decode()
    assert "Runde 2, dein Zug" in runner and "runde 2" not in runner


def test_a_play_being_played_names_its_companion_in_a_whole_sentence(host_client, world):
    said = {
        world.se_running: (
            "Not scored yet: the game is being played with the turn runner.",
            "Noch nicht gewertet: Die Partie läuft gerade mit dem Zug-Assistenten.",
        ),
        world.startropolis: (
            "Not scored yet: the game is being played with the round tracker.",
            "Noch nicht gewertet: Die Partie läuft gerade mit dem Runden-Tracker.",
        ),
        actions.add_play(
            world.log,
            play_file(
                "colonists-expert",
                [{"name": "caro", "member": None}, {"name": "dan", "member": None}],
                None,
                copy.deepcopy(COLONISTS_SESSION),
            ),
        ): (
            "Not scored yet: the game is being played at the table.",
            "Noch nicht gewertet: Die Partie läuft gerade am Tisch.",
        ),
    }
    for play, (english, german) in said.items():
        play.refresh_from_db()
        assert play.table is None and play.session is not None
        address = url("play", world, play.number)
        assert english in host_client.get(address).content.decode()
        assert german in host_client.get(address, **GERMAN).content.decode()


def test_the_role_badge_says_the_role_in_german(host_client: Client, world: PlayWorld):
    english = host_client.get(reverse("playlog:list")).content.decode()
    assert ">owner</span>" in english
    german = host_client.get(reverse("playlog:list"), **GERMAN).content.decode()
    assert ">Besitzer</span>" in german and ">owner</span>" not in german
    log = host_client.get(url("log", world), **GERMAN).content.decode()
    assert ">Besitzer</span>" in log and ">owner</span>" not in log
