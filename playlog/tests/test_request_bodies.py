"""The play log's small request bodies read by forms: the public page's switch, "import it
again", a Startropolis step's page to go back to, the Space Explorers Opponent's turns, the
colonist table's round. A valid post does what it did; a bad value is refused with a sentence
(or, for a seat that is no seat, "not found" as before), and nothing changes."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

import startropolis
from accounts.tests.factory import make_user
from playlog import actions as play_actions
from playlog.models import Play
from playlog.tests.factory import PlayWorld, full_game_turns, play_file, se_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def world() -> PlayWorld:
    return PlayWorld(make_user("host"))


@pytest.fixture
def client(world) -> Client:
    client = Client()
    client.force_login(world.owner)
    return client


def url(name: str, world: PlayWorld, *args) -> str:
    return reverse(name if ":" in name else f"playlog:{name}", args=[world.log.slug, *args])


def fresh(play: Play) -> Play:
    return Play.objects.get(pk=play.pk)


# --- the public page's switch -----------------------------------------------------------------


def test_the_switch_turns_the_public_page_on_and_off(client, world):
    response = client.post(url("public_switch", world), {"enabled": "on"})
    assert response.status_code == 302
    assert response["Location"] == url("settings", world)
    world.log.refresh_from_db()
    assert world.log.public_enabled
    assert client.post(url("public_switch", world), {}).status_code == 302
    world.log.refresh_from_db()
    assert not world.log.public_enabled


# --- importing a play file again ----------------------------------------------------------


def test_importing_again_adds_the_play(client, world):
    text = client.get(url("export", world, world.colonists.number)).content.decode()
    before = Play.objects.count()
    response = client.post(url("import", world), {"again": "1", "content": text})
    new = Play.objects.filter(play_log=world.log).order_by("-number").first()
    assert response.status_code == 302
    assert response["Location"] == new.get_absolute_url()
    assert Play.objects.count() == before + 1


def test_importing_again_a_text_with_a_nul_is_refused_and_imports_nothing(client, world):
    text = client.get(url("export", world, world.colonists.number)).content.decode()
    before = Play.objects.count()
    response = client.post(
        url("import", world), {"again": "1", "content": text.replace("{", "{\x00", 1)}, follow=True
    )
    assert response.redirect_chain == [(world.log.get_absolute_url(), 302)]
    assert (
        "The text of the play file: must not contain the NUL character (U+0000). Nothing was "
        "imported." in response.content.decode()
    )
    assert Play.objects.count() == before


# --- Startropolis: the page a step was entered on -------------------------------------------


def attach_post(play: Play, **extra) -> dict:
    return {
        "attach-player": startropolis.play(fresh(play).session)["next"]["player"],
        "attach-module": "m2",
        "attach-to": ["core", "m3"],
        "attach": "1",
        **extra,
    }


def test_a_step_goes_back_to_the_table_or_to_the_seat_it_was_entered_on(client, world):
    play = world.startropolis
    seat = play.people.get(name="ali").seat
    response = client.post(url("startropolis:attach", world, play.number), attach_post(play))
    assert response.status_code == 302
    assert response["Location"] == url("startropolis:table", world, play.number)
    client.post(url("startropolis:undo", world, play.number))
    response = client.post(
        url("startropolis:attach", world, play.number), attach_post(play, seat=str(seat))
    )
    assert response.status_code == 302
    assert response["Location"] == url("startropolis:seat", world, play.number, seat)


@pytest.mark.parametrize("seat", ["x", "1.5", "99"])
def test_a_step_from_a_seat_that_is_none_is_not_found_and_changes_nothing(client, world, seat):
    play = world.startropolis
    before = fresh(play).session
    response = client.post(
        url("startropolis:attach", world, play.number), attach_post(play, seat=seat)
    )
    assert response.status_code == 404
    assert fresh(play).session == before


# --- Space Explorers: the Opponent's turns --------------------------------------------------


def opponent_next(world: PlayWorld) -> tuple[Play, str]:
    """A game whose next turn is the Opponent's, and that turn's Division as played."""
    turns = full_game_turns()
    index = next(i for i, t in enumerate(turns) if i > 4 and "opponent" in t)
    data = play_file(
        "space-explorers-solo",
        [{"name": "host", "member": "host"}],
        None,
        se_session(turns[:index]),
    )
    return play_actions.add_play(world.log, data), turns[index]["opponent"]["division"]


def test_the_opponents_turn_is_one_tap(client, world):
    play, division = opponent_next(world)
    count = len(play.session["turns"])
    response = client.post(
        url("space_explorers:opponent", world, play.number), {"division": division}
    )
    assert response.status_code == 302
    assert fresh(play).session["turns"][count:] == [{"opponent": {"division": division}}]


@pytest.mark.parametrize("division", ["dragons", "a\x00b"])
def test_a_division_that_is_none_is_refused_and_nothing_is_written(client, world, division):
    play, _ = opponent_next(world)
    before = fresh(play).session
    response = client.post(
        url("space_explorers:opponent", world, play.number), {"division": division}
    )
    assert response.status_code == 400
    assert "Tap one of the five Divisions." in response.content.decode()
    assert fresh(play).session == before


def opponent_turn_index(play: Play) -> int:
    return next(i for i, t in enumerate(play.session["turns"]) if "opponent" in t)


@pytest.mark.parametrize("turn", ["", "x", "-1", "99", "1.5"])
def test_changing_a_turn_that_is_none_is_refused_and_changes_nothing(client, world, turn):
    play = world.se_running
    before = fresh(play).session
    response = client.post(
        url("space_explorers:change", world, play.number), {"turn": turn, "division": "science"}
    )
    assert response.status_code == 400
    assert "Choose one of the Opponent&#x27;s turns to change." in response.content.decode()
    assert fresh(play).session == before


def test_changing_a_turn_to_a_division_that_is_none_is_refused(client, world):
    play = world.se_running
    before = fresh(play).session
    response = client.post(
        url("space_explorers:change", world, play.number),
        {"turn": str(opponent_turn_index(play)), "division": "dragons"},
    )
    assert response.status_code == 400
    assert "Choose one of the five Divisions." in response.content.decode()
    assert fresh(play).session == before


# --- the colonist table's round ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "moved"), [({"step": "next"}, 1), ({"step": "back"}, -1), ({}, 1)]
)
def test_the_round_goes_on_or_back(client, world, data, moved):
    play = world.colonists
    now = play.session["round"]
    response = client.post(url("colonists:round", world, play.number), data)
    assert response.status_code == 302
    assert fresh(play).session["round"] == now + moved


@pytest.mark.parametrize("step", ["sideways", "a\x00b"])
def test_a_round_step_that_is_none_is_refused_and_changes_nothing(client, world, step):
    play = world.colonists
    before = fresh(play).session
    response = client.post(url("colonists:round", world, play.number), {"step": step})
    assert response.status_code == 400
    assert "Round: must be the previous round or the next round." in response.content.decode()
    assert fresh(play).session == before
