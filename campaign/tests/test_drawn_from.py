"""One game, one number: every form that adds or changes campaign data carries what it was
drawn from, and a form drawn before someone else's save is refused with its input kept.

Two people are two clients of the same campaign (an owner and a player), each filling the
form as their browser served it.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from campaign.models import Game
from campaign.tests.test_views import snapshot
from campaign.tests.test_views_game import (
    add_url,
    edit_url,
    fill_first_game,
    form_data,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


@pytest.fixture
def second_phone(played):  # noqa: F811
    client = Client()
    client.force_login(add_member(played, make_user("second-phone"), Role.PLAYER).user)
    return client


def new_game_form(client: Client, campaign) -> dict:
    data = fill_first_game(form_data(client.get(add_url(campaign)).content.decode()))
    data["game-megastructure"] = "none-built"
    return data


def test_a_second_game_4_is_refused_with_its_input_and_the_first_beside_it(
    owner_client,
    second_phone,
    played,  # noqa: F811
):
    mine = new_game_form(owner_client, played)
    theirs = new_game_form(second_phone, played)
    assert mine["game-number"] == theirs["game-number"] == "4"
    theirs["game-notes"] = "We played on the balcony."
    assert owner_client.post(add_url(played), mine).status_code == 302
    before = snapshot()

    response = second_phone.post(add_url(played), theirs)

    page = response.content.decode()
    assert response.status_code == 400
    assert "Game 4 was saved while you were entering yours; nothing of yours was saved" in page
    assert "If it is another game, save again: it becomes game 5." in page
    assert 'id="taken-game-title">Game 4 as saved by owner</h2>' in page
    kept = form_data(page)
    assert kept["game-notes"].strip() == "We played on the balcony."
    assert kept["game-number"] == "5"
    assert snapshot() == before
    assert played.games.count() == 4

    # Saving again, knowingly, makes it the next game.
    response = second_phone.post(add_url(played), kept)
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:checklist", args=[played.slug, 5])
    assert list(played.games.order_by("number").values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
        5,
    ]


def test_a_new_game_form_that_does_not_say_its_number_saves_nothing(
    owner_client,
    played,  # noqa: F811
):
    data = new_game_form(owner_client, played)
    data["game-number"] = ""
    response = owner_client.post(add_url(played), data)
    assert response.status_code == 400
    assert "Number: this form does not say which game it enters: reload it." in (
        response.content.decode()
    )
    assert played.games.count() == 3


def test_a_stale_city_form_is_refused_with_the_name_kept(
    owner_client,
    second_phone,
    played,  # noqa: F811
):
    url = reverse("campaign:checklist_city", args=[played.slug, 3])
    checklist = reverse("campaign:checklist", args=[played.slug, 3])
    mine = form_data(owner_client.get(checklist).content.decode(), "*")
    theirs = form_data(second_phone.get(checklist).content.decode(), "*")
    assert mine["city-version"] == theirs["city-version"]
    owner_client.post(
        url,
        {
            "city-location": "Ganymede",
            "city-name": "Alpha Port",
            "city-version": mine["city-version"],
        },
    )
    response = second_phone.post(
        url,
        {
            "city-location": "Ganymede",
            "city-name": "Beta Rock",
            "city-version": theirs["city-version"],
        },
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Meanwhile Alpha Port on Ganymede was named by owner." in page
    assert 'value="Beta Rock"' in page
    assert Game.objects.get(campaign=played, number=3).city_name == "Alpha Port"
    # A second save, knowingly, replaces it.
    again = form_data(page, "*")
    response = second_phone.post(
        url,
        {
            "city-location": "Ganymede",
            "city-name": "Beta Rock",
            "city-version": again["city-version"],
        },
    )
    assert response.status_code == 302
    assert Game.objects.get(campaign=played, number=3).city_name == "Beta Rock"


def test_a_stale_delete_deletes_nothing(owner_client, second_phone, played):  # noqa: F811
    url = reverse("campaign:game_delete", args=[played.slug, 2])
    version = Game.objects.get(campaign=played, number=2).version
    # Someone corrects game 2 while the delete page is open.
    edit = form_data(second_phone.get(edit_url(played, 2)).content.decode())
    edit["p1-credits"] = "9"
    assert second_phone.post(edit_url(played, 2), edit).status_code == 302
    response = owner_client.post(url, {"version": version})
    assert response.status_code == 400
    assert "Game 2 was saved by second-phone while this page was open: nothing was deleted" in (
        response.content.decode()
    )
    assert played.games.count() == 3
    # From the page as it is now, it goes.
    now = Game.objects.get(campaign=played, number=2).version
    assert owner_client.post(url, {"version": now}).status_code == 302
    assert played.games.count() == 2


def test_stale_settings_are_refused_with_what_they_are_now(
    owner_client,
    played,  # noqa: F811
):
    url = reverse("campaign:settings", args=[played.slug])
    mine = form_data(owner_client.get(url).content.decode(), "*")
    other = form_data(owner_client.get(url).content.decode(), "*")
    other["name"] = "Renamed first"
    assert owner_client.post(url, other).status_code == 302
    mine["name"] = "Renamed second"
    response = owner_client.post(url, mine)
    assert response.status_code == 400
    assert "Settings: they were changed while this page was open (now: name Renamed first)" in (
        response.content.decode()
    )
    played.refresh_from_db()
    assert played.name == "Renamed first"
