"""The play log's pages with the test client: the log, a play, its file down and up, the stats,
the settings, the Space Explorers setup and turn runner, the colonist sheet and table helpers."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from accounts.tests.factory import make_user
from playlog import actions
from playlog.models import Play, PlayLog, PlayPerson
from playlog.tests.factory import PlayWorld, colonists_play, full_game_turns, se_play, url

pytestmark = pytest.mark.django_db


def test_it_makes_a_play_log_and_lists_it(host_client):
    response = host_client.post(reverse("playlog:create"), {"name": "Friday <b>group</b>"})
    log = PlayLog.objects.get(name="Friday <b>group</b>")
    assert response["Location"] == log.get_absolute_url()
    page = host_client.get(reverse("playlog:list")).content.decode()
    assert "Friday &lt;b&gt;group&lt;/b&gt;" in page and "<b>group" not in page
    assert host_client.post(reverse("playlog:create"), {"name": ""}).status_code == 400


def test_the_log_lists_plays_newest_first_with_winners(host_client, world):
    later = colonists_play(world.log, played_on="2026-04-01")
    page = host_client.get(url("log", world)).content.decode()
    positions = [page.index(f"play {n} ·") for n in (later.number, world.se_finished.number)]
    assert positions == sorted(positions)
    assert "caro won" in page and "The Opponent won" not in page
    assert "the Opponent won" in page
    assert "in progress" in page


def test_the_log_page_costs_the_same_queries_however_many_plays(
    host_client, world, django_assert_max_num_queries
):
    with django_assert_max_num_queries(8):
        host_client.get(url("log", world))
    for _ in range(5):
        colonists_play(world.log)
    with django_assert_max_num_queries(8):
        assert host_client.get(url("log", world)).status_code == 200


def test_a_play_page_shows_its_score_sheet_with_each_term_explained(host_client, world):
    page = host_client.get(url("play", world, world.se_finished.number)).content.decode()
    assert "Variant #3: +2 Progress points" in page
    assert 'data-total="opponent">35<' in page
    page = host_client.get(url("play", world, world.colonists.number)).content.decode()
    assert 'data-total="caro">13<' in page and "caro wins with 13 VP" in page


def test_the_play_file_downloads_and_uploads_back_byte_identical(host_client, world):
    download = host_client.get(url("export", world, world.colonists.number))
    assert download["Content-Type"] == "application/json; charset=utf-8"
    assert "attachment" in download["Content-Disposition"]
    text = download.content.decode()
    upload = SimpleUploadedFile("play.json", text.encode(), content_type="application/json")
    # The log holds this play already: the page asks, then imports it again.
    assert (
        "in the log already"
        in host_client.post(url("import", world), {"file": upload}).content.decode()
    )
    response = host_client.post(url("import", world), {"again": "1", "content": text})
    new = Play.objects.filter(play_log=world.log).order_by("-number").first()
    assert response["Location"] == new.get_absolute_url()
    assert host_client.get(url("export", world, new.number)).content.decode() == text


def test_a_bad_upload_says_why_in_a_sentence_and_writes_nothing(host_client, world):
    data = json.loads(host_client.get(url("export", world, world.colonists.number)).content)
    data["table"]["players"][0]["cities"][0]["colonists"] = "dragons"
    before = (Play.objects.count(), PlayPerson.objects.count())
    for content in (json.dumps(data).encode(), b"{nope", b"\xff"):
        upload = SimpleUploadedFile("play.json", content)
        response = host_client.post(url("import", world), {"file": upload}, follow=True)
        text = response.content.decode()
        assert "Nothing was imported" in text or "nothing was imported" in text
    assert (
        "(table.players[0].cities[0].colonists)"
        in host_client.post(
            url("import", world),
            {"file": SimpleUploadedFile("p.json", json.dumps(data).encode())},
            follow=True,
        ).content.decode()
    )
    assert (Play.objects.count(), PlayPerson.objects.count()) == before


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "is not JSON this app reads (nested too deeply)"),
        (b'{"table": ' + b"9" * 5_000 + b"}", "is not JSON this app reads (a number of 5,000"),
    ],
    ids=["deep", "long-number"],
)
def test_an_unreadable_play_file_is_a_sentence_never_a_500(host_client, world, content, sentence):
    before = (Play.objects.count(), PlayPerson.objects.count())
    upload = SimpleUploadedFile("play.json", content)
    response = host_client.post(url("import", world), {"file": upload}, follow=True)
    assert response.status_code == 200
    text = response.content.decode()
    assert sentence in text and "nothing was imported" in text
    assert (Play.objects.count(), PlayPerson.objects.count()) == before


def test_stats_count_plays_wins_and_spread_with_charts(host_client, world):
    se_play(world.log, world.owner.get_username())
    page = host_client.get(url("stats", world, "space-explorers-solo")).content.decode()
    assert "data-plays>2<" in page
    assert "the Opponent" in page and "wins.svg" in page and "spread.svg" in page
    chart = host_client.get(url("stats_wins", world, "space-explorers-solo"))
    assert chart["Content-Type"] == "image/svg+xml"
    svg = chart.content.decode()
    assert "<script" not in svg and "wins per player" in svg
    assert host_client.get(url("stats_spread", world, "colonists-expert")).status_code == 200
    assert host_client.get(url("stats", world, "chess")).status_code == 404
    empty = PlayWorld(make_user("nobody-yet"), "empty")
    other = Client()
    other.force_login(empty.owner)
    Play.objects.filter(play_log=empty.log).delete()
    assert "No finished play" in other.get(url("stats", empty, "colonists-expert")).content.decode()
    assert other.get(url("stats_wins", empty, "colonists-expert")).status_code == 404


def test_settings_name_the_colonist_game_and_its_categories(host_client, world):
    response = host_client.post(
        url("settings", world),
        {
            "log-name": "Renamed",
            "colonists-title": "Mars Colonies",
            "colonists-categories": "Territories\n\nOmnium ",
        },
    )
    assert response.status_code == 302
    world.log.refresh_from_db()
    assert world.log.settings_for("colonists-expert") == {
        "title": "Mars Colonies",
        "categories": ["Territories", "Omnium"],
    }
    assert "Mars Colonies" in host_client.get(url("log", world)).content.decode()
    bad = host_client.post(
        url("settings", world),
        {"log-name": "x", "colonists-title": "", "colonists-categories": "Unrest"},
    )
    assert bad.status_code == 400 and "already on the sheet" in bad.content.decode()


# --- Space Explorers --------------------------------------------------------------------------


def setup_data(**extra) -> dict:
    data = {
        "facts-played_on": "2026-03-01",
        "person-member": "host",
        "setup-opponent_favoured_division": "",
    }
    tiles = [
        ("Sputnik 1", 3, {"science": 2, "engineering": 1, "testing": 1}),
        ("Telstar 1", 2, {"construction": 1, "space_flight": 1}),
        ("Explorer 1", 3, {"construction": 2}),
        ("Mariner 2", 5, {"space_flight": 2, "construction": 1}),
        ("Vostok 1", 4, {"engineering": 2}),
    ]
    for i, (name, points, skills) in enumerate(tiles):
        data[f"tile{i}-name"] = name
        data[f"tile{i}-points"] = points
        data.update({f"tile{i}-{k}": v for k, v in skills.items()})
    data.update(extra)
    return data


def test_the_setup_remembers_the_tiles_for_the_next_game(host_client, world):
    response = host_client.post(url("space_explorers:new", world), setup_data())
    play = Play.objects.filter(play_log=world.log).order_by("-number").first()
    assert response["Location"] == url("space_explorers:turns", world, play.number)
    assert play.session["projects"][1] == {
        "name": "Telstar 1",
        "points": 2,
        "skills": {"construction": 1, "space_flight": 1},
    }
    # Next time the names alone do.
    again = setup_data()
    for i in range(5):
        again.pop(f"tile{i}-points")
        for key in ("science", "engineering", "testing", "construction", "space_flight"):
            again.pop(f"tile{i}-{key}", None)
    assert host_client.post(url("space_explorers:new", world), again).status_code == 302
    newest = Play.objects.filter(play_log=world.log).order_by("-number").first()
    assert newest.session["projects"] == play.session["projects"]
    # An unknown tile without values is refused beside the field.
    again["tile0-name"] = "Apollo 11"
    refused = host_client.post(url("space_explorers:new", world), again)
    assert (
        refused.status_code == 400 and "Enter Apollo 11&#x27;s points" in refused.content.decode()
    )


def test_the_draw_offers_five_tiles_without_saving(host_client, world):
    before = Play.objects.count()
    page = host_client.post(url("space_explorers:new", world), {"draw": "1"}).content.decode()
    assert page.count('list="project-names"') == 5
    assert Play.objects.count() == before


def test_a_game_without_the_runner_is_scored_from_its_end_state(host_client, world):
    data = setup_data(
        end_state="1",
        **{
            "end-specialists": 12,
            "end-specialist_progress": 20,
            "end-ability_progress": 3,
            "end-opponent_engineering": 4,
            "end-opponent_testing": 3,
            "end-opponent_science": 3,
            "end-opponent_construction": 2,
            "end-opponent_space_flight": 2,
            "tile0-completed_by": "opponent",
            "tile1-completed_by": "you",
            "tile2-completed_by": "you",
            "tile3-completed_by": "",
            "tile4-completed_by": "",
        },
    )
    response = host_client.post(url("space_explorers:new", world), data)
    play = Play.objects.filter(play_log=world.log).order_by("-number").first()
    assert response["Location"] == play.get_absolute_url(), response.content.decode()[:2000]
    assert play.session is None and play.result["opponent"]["specialists"] == 14


def test_the_turn_runner_steps_and_undoes(host_client, world):
    play = world.se_running
    runner = host_client.get(url("space_explorers:turns", world, play.number)).content.decode()
    assert "data-division=" in runner or "End my turn" in runner
    turns = full_game_turns()
    # Through htmx: the fragment comes back; without: a redirect.
    nxt = turns[len(play.session["turns"])]
    assert "you" in nxt
    response = host_client.post(
        url("space_explorers:you", world, play.number),
        {
            "you-action": "recruit",
            "you-source": "center-4",
            "you-cards_to_center": 0,
            "you-tokens_set_aside": 0,
        },
        HTTP_HX_REQUEST="true",
    )
    assert (
        response.status_code == 200
        and response.content.decode().startswith('\n<div id="runner"')
        or 'id="runner"' in response.content.decode()
    )
    response = host_client.post(
        url("space_explorers:opponent", world, play.number), {"division": "science"}
    )
    assert response.status_code == 302
    play.refresh_from_db()
    assert play.session["turns"][-1] == {"opponent": {"division": "science"}}
    count = len(play.session["turns"])
    host_client.post(url("space_explorers:undo", world, play.number))
    play.refresh_from_db()
    assert len(play.session["turns"]) == count - 1


def test_a_refused_turn_says_why_and_changes_nothing(host_client, world):
    play = world.se_running
    before = list(play.session["turns"])
    # The Opponent's turn when it is yours.
    response = host_client.post(
        url("space_explorers:opponent", world, play.number), {"division": "science"}
    )
    assert response.status_code == 400
    assert "Round 4, your turn: must be your turn" in response.content.decode()
    response = host_client.post(
        url("space_explorers:you", world, play.number),
        {
            "you-action": "take",
            "you-source": "hand",
            "you-cards_to_center": 0,
            "you-tokens_set_aside": 0,
        },
    )
    assert response.status_code == 400 and "not from your hand" in response.content.decode()
    play.refresh_from_db()
    assert play.session["turns"] == before


def test_finishing_scores_the_game_and_undo_reopens_it(host_client, world):
    play = se_play(world.log, finished=False)
    play = actions.change_play(play, {"session": {**play.session, "turns": full_game_turns()}})
    response = host_client.post(
        url("space_explorers:finish", world, play.number),
        {"progress-specialist_progress": 20, "progress-ability_progress": 3},
    )
    assert response.status_code == 302
    play.refresh_from_db()
    assert play.result["you"]["total"] == 23
    host_client.post(url("space_explorers:undo", world, play.number))
    play.refresh_from_db()
    assert play.result is None and play.table is None


# --- the colonist game ------------------------------------------------------------------------


def test_the_colonist_table_helpers(host_client, world):
    play = world.colonists
    page = host_client.get(url("colonists:table", world, play.number)).content.decode()
    assert "Round 2 of 5: Power Hub 1." in page
    assert "Koprolith Miners and the Spice Merchants" in page
    host_client.post(url("colonists:round", world, play.number), {"step": "next"})
    play.refresh_from_db()
    assert play.session["round"] == 3
    response = host_client.post(
        url("colonists:layout", world, play.number),
        {"layout-cards": "Aeolis\nSpaceport\nPower Hub 2"},
    )
    assert response.status_code == 400 and "Spaceport" in response.content.decode()
    bid = host_client.get(
        url("colonists:table", world, play.number),
        {
            "bid": "1",
            "bid-credits": 0,
            "bid-for_sale": "territory",
            "bid-guild": "spice_merchants",
            "bid-contracted": "spice_merchants",
        },
    ).content.decode()
    assert 'data-bid="2"' in bid and "data-readings" in bid
    claim = host_client.get(
        url("colonists:table", world, play.number),
        {
            "claim": "1",
            "claim-group": "mechanics",
            "claim-wants0": "on",
            "claim-city0": "on",
            "claim-wants1": "on",
            "claim-city1": "on",
            "claim-powered1": "on",
        },
    ).content.decode()
    assert "dan contracts the Mechanics" in claim
    board = host_client.post(
        url("colonists:board", world, play.number),
        {
            "board-koprolith_miners_place": "contracted",
            "board-koprolith_miners_player": "caro",
            "board-spice_merchants_place": "contracted",
            "board-spice_merchants_player": "caro",
        },
    )
    assert board.status_code == 400 and "refuse to cooperate" in board.content.decode()


def test_the_colonist_sheet_previews_live_and_starts_at_the_table(host_client, world):
    data = {
        "facts-played_on": "2026-03-02",
        "p0-name": "Ada",
        "p1-name": "Ben",
        "p0c0-colonists": "mechanics",
        "p0c0-powered": "on",
    }
    live = host_client.post(
        url("colonists:new", world), {**data, "preview": "1"}, HTTP_HX_REQUEST="true"
    )
    text = live.content.decode()
    assert text.lstrip().startswith('<section id="live"') and 'data-total="Ada">3<' in text
    started = host_client.post(url("colonists:new", world), {**data, "start": "1"})
    play = Play.objects.filter(play_log=world.log).order_by("-number").first()
    assert started["Location"] == url("colonists:table", world, play.number)
    assert play.session["players"] == ["Ada", "Ben"] and play.table is None
    saved = host_client.post(url("colonists:sheet", world, play.number), {**data, "save": "1"})
    assert saved.status_code == 302
    play.refresh_from_db()
    assert play.result["winners"] == ["Ada"]


def test_a_refusal_on_a_form_says_where_in_words():
    from playlog.views.logs import where

    assert where("session.turns[6]") == "round 4, your turn"
    assert where("table.players[1].cities[0].colonists") == "player 2, city 1, colonists"
    assert where("table.projects[3].completed_by") == "Project tile 4, completed by"
