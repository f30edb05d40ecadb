"""One-off games belong to whoever scored them: nobody else sees, edits or deletes them."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from campaign.models import Game
from scoring.tests.test_wizard import TABLE, form_data
from solar175.engine import score_game
from solar175.table import read_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def make_game(user) -> Game:
    return Game.objects.create(
        campaign=None,
        played_on="2026-01-05",
        table=TABLE,
        result=score_game(read_table(TABLE).valid_state()).as_dict(),
        created_by=user,
    )


def test_a_saved_game_belongs_to_who_scored_it(make_user):
    caro = make_user("caro")
    response = logged_in(caro).post(reverse("scoring:wizard"), form_data())
    game = Game.objects.get()
    assert response["Location"] == reverse("scoring:game_detail", args=[game.pk])
    assert (game.created_by, game.updated_by) == (caro, caro)


def test_another_persons_game_is_404_and_not_listed(make_user):
    game = make_game(make_user("caro"))
    ali = logged_in(make_user("ali"))
    assert ali.get(reverse("scoring:game_detail", args=[game.pk])).status_code == 404
    assert ali.get(reverse("scoring:game_edit", args=[game.pk])).status_code == 404
    assert ali.post(reverse("scoring:game_edit", args=[game.pk]), form_data()).status_code == 404
    assert ali.get(reverse("scoring:game_delete", args=[game.pk])).status_code == 404
    assert ali.post(reverse("scoring:game_delete", args=[game.pk])).status_code == 404
    assert Game.objects.filter(pk=game.pk, version=1).exists()
    detail = reverse("scoring:game_detail", args=[game.pk])
    assert detail not in ali.get(reverse("scoring:game_list")).content.decode()
    assert detail not in ali.get(reverse("scoring:home")).content.decode()


def test_the_owner_of_a_game_sees_it_in_their_lists(make_user):
    caro = make_user("caro")
    game = make_game(caro)
    detail = reverse("scoring:game_detail", args=[game.pk])
    client = logged_in(caro)
    assert detail in client.get(reverse("scoring:game_list")).content.decode()
    assert detail in client.get(reverse("scoring:home")).content.decode()
    assert client.get(detail).status_code == 200


def test_a_logged_out_visitor_is_sent_to_log_in_and_sees_no_game(make_user):
    game = make_game(make_user("caro"))
    client = Client()
    for url in (
        reverse("scoring:wizard"),
        reverse("scoring:game_list"),
        reverse("scoring:game_detail", args=[game.pk]),
        reverse("scoring:game_edit", args=[game.pk]),
        reverse("scoring:game_delete", args=[game.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url
    home = client.get(reverse("scoring:home"))
    assert home.status_code == 200
    assert reverse("scoring:game_detail", args=[game.pk]) not in home.content.decode()
    assert client.post(reverse("scoring:wizard"), form_data()).status_code == 302
    assert Game.objects.count() == 1
