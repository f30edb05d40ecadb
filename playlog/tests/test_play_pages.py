"""What the play log's pages do for every game: one rule for a blank category, the colonist
board, the play facts (date, people, a file imported twice), the stats chart and the intro,
BG Stats, the public page, Startropolis's new-game form, the Space Explorers Opponent's
preview."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

import colonists
from playlog.models import Play
from playlog.tests.factory import PlayWorld, url

pytestmark = pytest.mark.django_db


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


def test_a_blank_category_is_refused_on_the_sheet_as_by_the_score_command(host_client, world):
    with_categories(world)
    before = Play.objects.count()
    response = host_client.post(url("colonists:new", world), {**SHEET, "save": "1"})
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
    saved = host_client.post(url("colonists:new", world), {**SHEET, "p1-other0": "0", "save": "1"})
    assert saved.status_code == 302
    play = Play.objects.order_by("-id").first()
    assert [p["other"] for p in play.table["players"]] == [{"Territories": 4}, {"Territories": 0}]


def test_starting_at_the_table_needs_no_category_yet(host_client, world):
    with_categories(world)
    started = host_client.post(url("colonists:new", world), {**SHEET, "start": "1"})
    assert started.status_code == 302
    play = Play.objects.order_by("-id").first()
    assert play.session["players"] == ["Ada", "Ben"] and play.table is None


# --- the colonist game: the board moves what the rules move ---------------------------------


def test_a_colonist_card_coming_up_puts_its_group_in_the_reception_camp(host_client, world):
    play = world.colonists
    play.session = {**play.session, "groups": {}}
    play.save()
    # Round 2 → 3: the Spice Merchants' card comes up; colonist cards are not auctioned (CX:73).
    response = host_client.post(url("colonists:round", world, play.number), {"step": "next"})
    assert response.status_code == 302
    play.refresh_from_db()
    assert play.session["round"] == 3
    assert play.session["groups"] == {"spice_merchants": {"place": "reception_camp"}}
    page = host_client.get(url("colonists:table", world, play.number)).content.decode()
    assert "The Spice Merchants arrive in the Reception Camp" in page
    # Back to round 2: still in the camp, so they return to their card.
    host_client.post(url("colonists:round", world, play.number), {"step": "back"})
    play.refresh_from_db()
    assert play.session["groups"] == {}


def test_a_group_already_placed_by_the_players_stays_where_they_put_it(host_client, world):
    play = world.colonists  # the Spice Merchants are contracted to caro
    host_client.post(url("colonists:round", world, play.number), {"step": "next"})
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


# --- all three play logs: the facts of a play ------------------------------------------------


@pytest.mark.parametrize("game", ["space-explorers-solo", "startropolis", "colonists-expert"])
def test_played_on_defaults_to_today_in_the_date_input(host_client, world, game):
    import datetime

    names = {
        "space-explorers-solo": "space_explorers:new",
        "startropolis": "startropolis:new",
        "colonists-expert": "colonists:new",
    }
    page = host_client.get(url(names[game], world)).content.decode()
    today = datetime.date.today().isoformat()
    assert f'name="facts-played_on" value="{today}"' in page


@pytest.mark.parametrize(
    ("date", "words"),
    [
        (
            "1850-06-01",
            "1 June 1850 is too early: give the day you played, from 1 January 1950 on.",
        ),
        (
            "2099-01-02",
            "2 January 2099 is in the future: give the day you played, today at the latest.",
        ),
    ],
)
def test_a_date_long_ago_or_to_come_is_refused(host_client, world, date, words):
    before = Play.objects.count()
    response = host_client.post(
        url("colonists:new", world), {**SHEET, "facts-played_on": date, "save": "1"}
    )
    assert response.status_code == 400
    assert words in response.content.decode()
    assert Play.objects.count() == before


def test_a_play_file_dated_2099_is_refused():
    from gamefile.errors import FieldError
    from playlog.playfile import read_play_file
    from playlog.tests.factory import COLONISTS_TABLE, play_file

    data = play_file(
        "colonists-expert",
        [{"name": "caro", "member": None}, {"name": "dan", "member": None}],
        COLONISTS_TABLE,
        None,
        played_on="2099-01-02",
    )
    with pytest.raises(FieldError) as caught:
        read_play_file(data)
    assert caught.value.path == "played_on"


def test_a_member_chosen_beside_another_typed_name_is_refused(host_client, world):
    words = (
        "You chose the member host and typed “Bobby”: keep one, the member or the name of "
        "someone without an account."
    )
    colonist = host_client.post(
        url("colonists:new", world), {**SHEET, "p0-member": "host", "save": "1", "p1-other0": "0"}
    )
    assert colonist.status_code == 400
    assert words.replace("Bobby", "Ada") in colonist.content.decode()
    explorer = host_client.post(
        url("space_explorers:new", world),
        {"facts-played_on": "2026-03-02", "person-name": "Bobby", "person-member": "host"},
    )
    assert explorer.status_code == 400
    assert words in explorer.content.decode()
    # The member's own name typed beside it is the same person.
    from playlog.forms import mixed_person

    assert mixed_person(" HOST ", "host") is None and mixed_person("", "host") is None


def test_importing_the_same_file_twice_asks_first(host_client, world):
    from django.core.files.uploadedfile import SimpleUploadedFile

    exported = host_client.get(url("export", world, world.colonists.number)).content
    before = Play.objects.filter(play_log=world.log).count()
    upload = SimpleUploadedFile("play.json", exported, content_type="application/json")
    asked = host_client.post(url("import", world), {"file": upload})
    assert asked.status_code == 200
    page = asked.content.decode()
    assert "This play is in the log already" in page
    assert f"play {world.colonists.number}</a>" in page
    assert Play.objects.filter(play_log=world.log).count() == before
    again = host_client.post(url("import", world), {"again": "1", "content": exported.decode()})
    assert again.status_code == 302
    assert Play.objects.filter(play_log=world.log).count() == before + 1
    newest = Play.objects.filter(play_log=world.log).order_by("-number").first()
    assert host_client.get(url("export", world, newest.number)).content == exported


# --- the stats chart and the intro -------------------------------------------------------------


def test_the_spread_chart_draws_what_its_caption_says(host_client, world):
    import pygal.graph.box

    from playlog.chart_svg import BOX_MODE

    scores = [10, 11, 11, 12, 40]
    points, outliers = pygal.graph.box.Box._box_points(scores, BOX_MODE)
    # From the lowest to the highest score, nothing drawn apart.
    assert (points[0], points[-1], outliers) == (10, 40, [])
    page = host_client.get(url("stats", world, "colonists-expert")).content.decode()
    assert "runs from the lowest to the highest score" in page


def test_the_intro_names_all_three_games(host_client):
    page = host_client.get(reverse("playlog:list")).content.decode()
    for game in ("Space Explorers", "Startropolis", "the colonist game"):
        assert game in page


# --- BG Stats ---------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["colonists", "se_finished"])
def test_a_finished_play_is_sent_to_bg_stats(host_client, world, which):
    import json
    from urllib.parse import parse_qs, urlsplit

    play = getattr(world, which)
    assert play.finished
    page = host_client.get(url("play", world, play.number)).content.decode()
    assert url("bgstats", world, play.number) in page
    response = host_client.get(url("bgstats", world, play.number))
    assert response.status_code == 302
    address = urlsplit(response["Location"])
    assert address.netloc == "app.bgstatsapp.com"
    sent = json.loads(parse_qs(address.query)["data"][0])
    assert sent["playDate"] == f"{play.played_on.isoformat()} 00:00:00"
    assert sent["sourcePlayId"] == f"{world.log.slug}:play-{play.number}"
    from playlog.summary import summarise

    summary = summarise(play, "x")
    assert [(p["name"], p["score"], p["winner"]) for p in sent["players"]] == [
        (s.name, s.total, s.won) for s in summary.standings
    ]
    assert any(p["winner"] for p in sent["players"])


def test_a_play_in_progress_is_not_sent(host_client, world):
    response = host_client.get(url("bgstats", world, world.se_running.number))
    assert response.status_code == 302
    assert response["Location"] == world.se_running.get_absolute_url()


# --- the public page ----------------------------------------------------------------------------


def test_the_public_page_is_off_until_the_owner_switches_it_on(host_client, world):
    from playlog import actions

    assert world.log.public_token is None
    host_client.post(url("public_switch", world), {"enabled": "on"})
    world.log.refresh_from_db()
    token = world.log.public_token
    assert world.log.public_enabled and token
    address = reverse("playlog_public:log", args=[token])
    assert address in host_client.get(url("settings", world)).content.decode()
    stranger = Client()
    page = stranger.get(address)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Caro won · caro 13, dan 10" in text
    # Finished plays only: the running Space Explorers game is not on it; no form, no edit.
    assert f"play {world.se_running.number} ·" not in text
    assert "<form" not in text.split("<main", 1)[-1]
    # A viewer of the log cannot switch it; switched off, the address is not found.
    viewer = Client()
    viewer.force_login(world.viewer.user)
    assert viewer.post(url("public_switch", world), {"enabled": ""}).status_code == 403
    actions.switch_public_page(world.log, False)
    assert stranger.get(address).status_code == 404
    actions.switch_public_page(world.log, True)
    world.log.refresh_from_db()
    assert world.log.public_token == token


# --- Startropolis: the new-game form ----------------------------------------------------------


def test_a_refused_bid_opens_its_folded_section_and_is_announced_at_the_top(host_client, world):
    data = {
        "facts-played_on": "2026-03-02",
        "seat0-name": "Ada",
        "seat0-faction": "Broodmaster",
        "seat0-order_card": "random",
        "seat0-bid": "20",
        "seat1-name": "Ben",
        "seat1-faction": "Fungi",
        "seat1-order_card": "random",
        "rules-modules_in_play": [
            "basic_habitation",
            "solar",
            "supply",
            "market_center",
            "luxury_habitation",
            "civic",
        ],
        **{f"rules-rush_fee_{i}": "2" for i in range(1, 5)},
        "rules-negative_revenue": "floor",
        "rules-spend_basis": "printed",
    }
    before = Play.objects.count()
    response = host_client.post(url("startropolis:new", world), data)
    assert response.status_code == 400
    page = response.content.decode()
    alert = page.split("data-errors>", 1)[1].split("</div>", 1)[0]
    assert "Player 1, Bid (M): Must be between 0 and 14." in alert
    row = page.split('data-seat-row="0"', 1)[1].split('data-seat-row="1"', 1)[0]
    assert '<details class="more small" open>' in row
    assert Play.objects.count() == before


# --- Space Explorers: the preview of the Opponent's next turn ------------------------------


def test_the_preview_says_what_the_opponents_turn_will_do_and_writes_nothing(host_client, world):
    import space_explorers
    from playlog import actions as play_actions
    from playlog.tests.factory import full_game_turns, play_file, se_session

    turns = full_game_turns()
    index = next(i for i, t in enumerate(turns) if i > 4 and "opponent" in t)
    data = play_file(
        "space-explorers-solo",
        [{"name": "host", "member": "host"}],
        None,
        se_session(turns[:index]),
    )
    play = play_actions.add_play(world.log, data)
    division = turns[index]["opponent"]["division"]
    address = url("space_explorers:turns", world, play.number)
    page = host_client.get(address, {"preview": division}).content.decode()
    play.refresh_from_db()
    assert len(play.session["turns"]) == index  # nothing written
    host_client.post(url("space_explorers:opponent", world, play.number), {"division": division})
    play.refresh_from_db()
    happened = space_explorers.play(play.session)["history"][-1]
    preview = page.split("data-preview>", 1)[1].split("</div>", 1)[0]
    assert happened.replace("'", "&#x27;") in preview
    # Your turn now: no preview offered.
    assert space_explorers.play(play.session)["next"] == "you"
    assert "Preview the Opponent" not in host_client.get(address).content.decode()


def test_an_earlier_opponent_turn_is_changed_and_the_turns_after_it_stay(host_client, world):
    import space_explorers

    play = world.se_running
    before = [dict(t) for t in play.session["turns"]]
    index = next(i for i, t in enumerate(before) if "opponent" in t)
    old = before[index]["opponent"]["division"]
    new = next(d for d in ("science", "engineering", "testing") if d != old)
    page = host_client.get(url("space_explorers:turns", world, play.number)).content.decode()
    assert f'<input type="hidden" name="turn" value="{index}">' in page
    response = host_client.post(
        url("space_explorers:change", world, play.number), {"turn": str(index), "division": new}
    )
    assert response.status_code == 302
    play.refresh_from_db()
    turns = play.session["turns"]
    assert turns[index] == {"opponent": {"division": new}}
    assert turns[:index] + turns[index + 1 :] == before[:index] + before[index + 1 :]
    state = space_explorers.play(play.session)
    assert f"into {space_explorers.DIVISION_NAMES[new]}" in state["history"][index]
    # A change the rules refuse (nothing recruited while the Center has cards) changes nothing.
    refused = host_client.post(
        url("space_explorers:change", world, play.number), {"turn": str(index), "division": ""}
    )
    assert refused.status_code == 400
    play.refresh_from_db()
    assert play.session["turns"] == turns
    # Your own turns are not offered here.
    assert (
        host_client.post(
            url("space_explorers:change", world, play.number), {"turn": "0"}
        ).status_code
        == 400
    )
