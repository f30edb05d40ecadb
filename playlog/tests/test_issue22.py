"""Issue 22's play-log items: one rule for a blank category, the colonist board, the play facts,
a play file imported twice, BG Stats, the public page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

import colonists
from accounts.tests.factory import make_user
from playlog.models import Play
from playlog.tests.factory import PlayWorld

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
    return reverse(f"playlog:{name}", args=[world.log.slug, *args])


# --- the colonist game: a blank category ------------------------------------------------------


def with_categories(world: PlayWorld) -> None:
    world.log.game_settings = {"colonists-expert": {"categories": ["Territories"]}}
    world.log.save()


SHEET = {
    "facts-played_on": "2026-03-02",
    "p0-name": "Ada",
    "p1-name": "Ben",
    "p0c0-colonists": "mechanics",
    "p0c0-powered": "on",
    "p0-other0": "4",
}


def test_a_blank_category_is_refused_on_the_sheet_as_by_the_score_command(client, world):
    with_categories(world)
    before = Play.objects.count()
    response = client.post(url("colonists_new", world), {**SHEET, "save": "1"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Enter Ben’s Territories VP (0 if none): it is blank." in page
    assert Play.objects.count() == before
    # The same table without Ben's figure, as `manage.py score` reads it: refused too.
    table = {
        "format": "colonists-expert-table",
        "version": 1,
        "rules": {"condominium_built": False, "categories": ["Territories"]},
        "players": [
            {"name": "Ada", "cities": [], "unhoused_colonists": [], "other": {"Territories": 4}},
            {"name": "Ben", "cities": [], "unhoused_colonists": [], "other": {}},
        ],
    }
    with pytest.raises(colonists.ColonistsError):
        colonists.score(table)
    saved = client.post(url("colonists_new", world), {**SHEET, "p1-other0": "0", "save": "1"})
    assert saved.status_code == 302
    play = Play.objects.order_by("-id").first()
    assert [p["other"] for p in play.table["players"]] == [{"Territories": 4}, {"Territories": 0}]


def test_starting_at_the_table_needs_no_category_yet(client, world):
    with_categories(world)
    started = client.post(url("colonists_new", world), {**SHEET, "start": "1"})
    assert started.status_code == 302
    play = Play.objects.order_by("-id").first()
    assert play.session["players"] == ["Ada", "Ben"] and play.table is None


# --- the colonist game: the board moves what the rules move ---------------------------------


def test_a_colonist_card_coming_up_puts_its_group_in_the_reception_camp(client, world):
    play = world.colonists
    play.session = {**play.session, "groups": {}}
    play.save()
    # Round 2 → 3: the Spice Merchants' card comes up; colonist cards are not auctioned (CX:73).
    response = client.post(url("colonists_round", world, play.number), {"step": "next"})
    assert response.status_code == 302
    play.refresh_from_db()
    assert play.session["round"] == 3
    assert play.session["groups"] == {"spice_merchants": {"place": "reception_camp"}}
    page = client.get(url("colonists_table", world, play.number)).content.decode()
    assert "The Spice Merchants arrive in the Reception Camp" in page
    # Back to round 2: still in the camp, so they return to their card.
    client.post(url("colonists_round", world, play.number), {"step": "back"})
    play.refresh_from_db()
    assert play.session["groups"] == {}


def test_a_group_already_placed_by_the_players_stays_where_they_put_it(client, world):
    play = world.colonists  # the Spice Merchants are contracted to caro
    client.post(url("colonists_round", world, play.number), {"step": "next"})
    play.refresh_from_db()
    assert play.session["groups"] == {"spice_merchants": {"place": "contracted", "player": "caro"}}


def test_a_layout_whose_first_card_is_a_colonist_card(world):
    session = {
        "format": "colonists-expert-session",
        "version": 1,
        "players": ["caro", "dan"],
        "cards": ["Mechanics", "Aeolis", "Power Hub 1", "Spaceport"],
        "round": 1,
    }
    moved, said = colonists.with_arrivals(session, 0)
    assert moved["groups"] == {"mechanics": {"place": "reception_camp"}}
    assert said == [
        "The Mechanics arrive in the Reception Camp: their card came up in round 1 (colonist "
        "cards are not auctioned)."
    ]
    assert colonists.play(moved)["board"]["reception_camp"] == ["mechanics"]
