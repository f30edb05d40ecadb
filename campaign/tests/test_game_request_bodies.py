"""The small request bodies of a game's pages read by forms (`campaign.forms`): the move's
number and version, the delete's version, the live preview's game number, the one-phone save's
"discard the draft" box. A valid post does what it did; a bad value is refused with a sentence
naming its field, and nothing changes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import Campaign, Game
from campaign.tests.test_city_keeps_name import (
    named,  # noqa: F401 (a fixture)
    yellow_wins,
)
from campaign.tests.test_views_game import (
    add_url,
    edit_url,
    fill_first_game,
    form_data,
    fresh,  # noqa: F401 (a fixture)
    move_url,
    played_on,
)
from scoring.tests.catalogue import ensure_catalogue

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def catalogue():
    ensure_catalogue()


def delete_url(campaign: Campaign, number: int) -> str:
    return reverse("campaign:game_delete", args=[campaign.slug, number])


def preview_url(campaign: Campaign) -> str:
    return reverse("campaign:game_preview", args=[campaign.slug])


# Moving: the version the edit page showed ---------------------------------------------------


def test_a_move_with_the_pages_version_moves(owner_client, played):
    days = played_on(played)
    version = Game.objects.get(campaign=played, number=3).version
    response = owner_client.post(
        move_url(played, 3), {"move-to": "1", "game-expected_version": str(version)}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:games", args=[played.slug])
    assert played_on(played) == [days[2], days[0], days[1]]


@pytest.mark.parametrize("value", ["x", "2.5", "a\x00b"])
def test_a_move_with_a_bad_version_is_refused_and_nothing_moves(
    owner_client,
    played,
    value,
):
    days, changes = played_on(played), played.changes.count()
    response = owner_client.post(
        move_url(played, 3), {"move-to": "1", "game-expected_version": value}, follow=True
    )
    assert response.redirect_chain == [(edit_url(played, 3), 302)]
    assert (
        "Version of the game this page shows: must be a whole number. Nothing moved."
        in response.content.decode()
    )
    assert played_on(played) == days
    assert played.changes.count() == changes


# Deleting: the version the page showed --------------------------------------------------------


def test_a_delete_with_the_pages_version_deletes(owner_client, played):
    version = Game.objects.get(campaign=played, number=3).version
    response = owner_client.post(delete_url(played, 3), {"version": str(version)})
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:games", args=[played.slug])
    assert played.games.count() == 2


@pytest.mark.parametrize("value", ["x", "1.5", "a\x00b"])
def test_a_delete_with_a_bad_version_is_refused_and_nothing_is_deleted(
    owner_client,
    played,
    value,
):
    changes = played.changes.count()
    response = owner_client.post(delete_url(played, 3), {"version": value})
    assert response.status_code == 400
    assert (
        "Version of the game this page shows: must be a whole number. Nothing was deleted: "
        "reload this page." in response.content.decode()
    )
    assert played.games.count() == 3
    assert played.changes.count() == changes


# The live preview: which game it scores -----------------------------------------------------


def test_the_preview_of_an_edit_names_its_game(owner_client, played):
    data = form_data(owner_client.get(edit_url(played, 2)).content.decode())
    assert data["game-number"] == "2"
    response = owner_client.post(preview_url(played), data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert 'id="live-result"' in response.content.decode()


@pytest.mark.parametrize("value", ["x", "2.5", "a\x00b"])
def test_a_preview_of_no_game_number_is_refused_in_a_sentence(
    owner_client,
    played,
    value,
):
    data = form_data(owner_client.get(edit_url(played, 2)).content.decode())
    data["game-number"] = value
    response = owner_client.post(preview_url(played), data, headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode() == "Game number: must be a whole number."


# The one-phone save's "discard the draft" box --------------------------------------------------


def test_a_save_with_no_draft_in_the_way_ignores_a_well_formed_box(owner_client, fresh):  # noqa: F811
    data = fill_first_game(form_data(owner_client.get(add_url(fresh)).content.decode()))
    response = owner_client.post(add_url(fresh), {**data, "discard_draft": "99:3"})
    assert response.status_code == 302
    assert fresh.games.count() == 1


NOT_THE_BOX = "must be the box this page shows, ticked or not"


@pytest.mark.parametrize(
    "value, said",
    [
        ("yes", NOT_THE_BOX),
        ("1", NOT_THE_BOX),
        ("1:2:3", NOT_THE_BOX),
        ("a\x00b", "must not contain the NUL character (U+0000)"),
    ],
)
def test_a_discard_box_that_is_not_one_is_refused_and_nothing_is_saved(
    owner_client,
    fresh,  # noqa: F811
    value,
    said,
):
    data = fill_first_game(form_data(owner_client.get(add_url(fresh)).content.decode()))
    response = owner_client.post(add_url(fresh), {**data, "discard_draft": value})
    assert response.status_code == 400
    assert f"Discard the draft of this game: {said}." in response.content.decode()
    assert fresh.games.count() == 0


# An edit's answer to "what happens to the city?" ----------------------------------------------


@pytest.mark.parametrize("value", ["maybe", "a\x00b"])
def test_an_answer_about_the_city_that_is_none_is_refused_and_asked_again(
    owner_client,
    named,  # noqa: F811
    value,
):
    from campaign.campaign_io import dump_campaign

    before = dump_campaign(named)
    data = yellow_wins(owner_client, named) | {"game-city_choice": value}
    response = owner_client.post(edit_url(named, 2), data)
    page = response.content.decode()
    assert response.status_code == 400
    assert "What happens to the city: must be one of the choices listed." in page
    assert "say below whether New Avalon (Mars) keeps its name and its namer" in page
    named.refresh_from_db()
    assert dump_campaign(named) == before
