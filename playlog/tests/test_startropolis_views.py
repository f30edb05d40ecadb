"""Startropolis in the play log: the setup, the round tracker's steps and undo, the shared
screen that never shows a player's credits or mission, each player's own view, the station's
picture, the final scoring, and the end state of a game played without the tracker."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

import startropolis
from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from playlog.models import Play
from playlog.tests.factory import (
    ST_MISSIONS,
    make_play_log,
    st_first_round,
    st_play,
    st_session,
)
from startropolis import steps

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(client):
    """A log owned by `owner`, bea and cy members (players), ali a name typed in; the game in
    round 1's Attachment Phase, bea to attach."""
    owner = make_user("owner")
    log = make_play_log(owner)
    bea = add_member(log, make_user("bea"), Role.PLAYER).user
    cy = add_member(log, make_user("cy"), Role.PLAYER).user
    play = st_play(log, members={"bea": "bea", "cy": "cy"})
    client.force_login(owner)
    return {"client": client, "log": log, "play": play, "owner": owner, "bea": bea, "cy": cy}


def url(name: str, play: Play, **kwargs) -> str:
    """A play's address: `name` in its namespace (`startropolis:table`), or the play log's."""
    return reverse(
        name if ":" in name else f"playlog:{name}",
        kwargs={"log": play.play_log.slug, "number": play.number, **kwargs},
    )


def fresh(play: Play) -> Play:
    return Play.objects.get(pk=play.pk)


def module_revenue(html: str, module_id: str) -> int:
    found = re.search(rf'data-module="{module_id}" data-module-revenue="(-?\d+)"', html)
    assert found, f"{module_id} not on the page"
    return int(found.group(1))


def refusals(html: str) -> str:
    """The page's refusals, for a failing assertion's message."""
    found = re.findall(
        r"(?:data-error>|invalid-feedback[^>]*>\s*<strong>|data-errors><p>)([^<]+)", html
    )
    return " | ".join(found)


def secrets(session: dict) -> list[str]:
    """Every mission card name the session holds (dealt or kept)."""
    return [name for player in session["players"] for name in player["mission"]["dealt"]]


# --- the shared screen --------------------------------------------------------------------


@pytest.fixture
def reader_language():
    """A German request leaves German active in this thread (LocaleMiddleware activates the
    request's language and nothing takes it back): the language before is put back after."""
    language = translation.get_language()
    yield
    translation.activate(language)


def test_the_table_shows_every_revenue_with_its_reason_and_whose_turn_it_is(table):
    response = table["client"].get(url("startropolis:table", table["play"]))
    assert response.status_code == 200
    html = response.content.decode()
    assert module_revenue(html, "m3") == 3
    assert "2M + 1M × 1 Solar Power Module owned and attached" in html
    assert "data-turn>bea<" in html
    assert "Round <b data-round>1</b> of 6 (3 players)" in html
    assert 'data-next="attachment"' in html


def test_the_shared_screen_never_holds_a_credit_total_or_a_mission(table):
    play = table["play"]
    html = table["client"].get(url("startropolis:table", play)).content.decode()
    state = startropolis.play(play.session)
    for name in secrets(play.session):
        assert name not in html
    assert "data-credits" not in html and "data-mission" not in html
    for key, amount in state["credits"].items():
        assert f"{amount}M in hand" not in html, key
    assert "Your credits" not in html


def test_a_player_sees_their_own_credits_and_mission_and_nobody_elses(table, client):
    play = table["play"]
    client.force_login(table["bea"])
    response = client.get(url("startropolis:seat", play, seat=1))
    assert response.status_code == 200
    html = response.content.decode()
    credits = startropolis.play(play.session)["credits"]
    assert f"data-credits>{credits['bea']}M<" in html
    assert "Power Broker" in html
    for other in ("ali", "cy"):
        for name in ST_MISSIONS[other]["dealt"]:
            assert name not in html
    assert len(re.findall("data-credits", html)) == 1


def test_a_members_own_view_is_theirs_alone(table, client):
    play = table["play"]
    client.force_login(table["cy"])
    assert client.get(url("startropolis:seat", play, seat=1)).status_code == 403
    assert client.get(url("startropolis:seat", play, seat=2)).status_code == 200
    # The owner of the log is no exception: bea's credits are bea's.
    assert table["client"].get(url("startropolis:seat", play, seat=1)).status_code == 403
    # A name typed in (ali, no account) is opened by whoever plays in the log.
    assert table["client"].get(url("startropolis:seat", play, seat=0)).status_code == 200
    assert client.get(url("startropolis:seat", play, seat=7)).status_code == 404


def test_a_viewer_reads_the_table_but_opens_no_players_view(table, client):
    viewer = add_member(table["log"], make_user("watcher"), Role.VIEWER).user
    client.force_login(viewer)
    play = table["play"]
    assert client.get(url("startropolis:table", play)).status_code == 200
    assert client.get(url("startropolis:seat", play, seat=0)).status_code == 403
    before = fresh(play).session
    assert client.post(url("startropolis:attach", play), {"attach-module": "m2"}).status_code == 403
    assert fresh(play).session == before


# --- the steps --------------------------------------------------------------------------------


def attach_post(play: Play, module: str, *targets: str, **extra) -> dict:
    return {
        "attach-player": startropolis.play(fresh(play).session)["next"]["player"],
        "attach-module": module,
        "attach-to": list(targets),
        "attach": "1",
        **extra,
    }


def test_an_attachment_recomputes_every_revenue_at_once(table):
    client, play = table["client"], table["play"]
    response = client.post(url("startropolis:attach", play), attach_post(play, "m2", "core", "m3"))
    assert response.status_code == 302
    html = client.get(url("startropolis:table", play)).content.decode()
    assert module_revenue(html, "m2") == 4  # Market Center: 2 connections × 2M
    assert "2 connections × 2M" in html
    assert "data-turn>ali<" in html
    assert fresh(play).session["rounds"][0]["attachments"][-1] == {
        "module": "m2",
        "to": ["core", "m3"],
    }


def test_with_htmx_a_step_answers_the_live_part(table):
    client, play = table["client"], table["play"]
    response = client.post(url("startropolis:attach", play), attach_post(play, "m2", "m3"), **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="companion"')
    assert module_revenue(html, "m2") == 2


def test_the_preview_says_what_an_attachment_would_change_and_writes_nothing(table):
    client, play = table["client"], table["play"]
    before = fresh(play).session
    response = client.post(
        url("startropolis:attach", play), attach_post(play, "m2", "core", "m3", preview="1"), **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "data-attach-preview" in html
    assert "<strong>4M</strong>, 2 connections × 2M" in html
    assert "bea 0 → <strong>4</strong>" in html
    assert fresh(play).session == before


def test_a_refused_attachment_says_why_and_changes_nothing(table):
    """Two Supplies on the Core; ali's Luxury Habitation may touch only one of them (ST:221)."""
    client = table["client"]
    luxury_round = {
        "purchases": [
            {
                "player": "ali",
                "option": "buy",
                "slot": 6,
                "module": {"id": "m1", "type": "luxury_habitation"},
            },
            {"player": "bea", "option": "buy", "slot": 6, "module": {"id": "m2", "type": "supply"}},
            {"player": "cy", "option": "buy", "slot": 6, "module": {"id": "m3", "type": "supply"}},
        ],
        "attachments": [{"module": "m3", "to": ["core"]}, {"module": "m2", "to": ["core"]}],
    }
    play = st_play(table["log"], rounds=[luxury_round])
    html = client.get(url("startropolis:table", play)).content.decode()
    assert "Luxury Habitation m1 may not go on" not in html  # each Supply alone is allowed
    before = fresh(play).session
    response = client.post(url("startropolis:attach", play), attach_post(play, "m1", "m2", "m3"))
    assert response.status_code == 400
    html = response.content.decode()
    assert (
        "A Luxury Habitation takes only one of each module type, and m3 is a second Supply "
        "Module (after m2)."
    ) in html, refusals(html)
    assert fresh(play).session == before


def test_a_node_that_is_not_on_the_station_is_no_choice(table):
    client, play = table["client"], table["play"]
    before = fresh(play).session
    response = client.post(url("startropolis:attach", play), attach_post(play, "m2", "m1"))
    assert response.status_code == 400
    assert "Must be one of the choices listed." in response.content.decode()
    assert fresh(play).session == before


def test_undo_takes_back_the_last_step_and_the_next_one_redoes_it(table):
    client, play = table["client"], table["play"]
    client.post(url("startropolis:attach", play), attach_post(play, "m2", "m3"))
    assert steps.step_count(fresh(play).session) == 5
    assert client.post(url("startropolis:undo", play)).status_code == 302
    session = fresh(play).session
    assert session["rounds"][0] == st_first_round()
    assert startropolis.play(session)["next"]["player"] == "bea"


def test_the_dice_and_a_revenue_phase(table):
    client, play = table["client"], table["play"]
    client.post(url("startropolis:attach", play), attach_post(play, "m2", "m3"))
    client.post(url("startropolis:attach", play), attach_post(play, "m1", "core"))
    state = startropolis.play(fresh(play).session)
    assert state["round"] == 2 and state["phase"] == "purchase"
    # ali's Basic Habitation touches the Core alone: 1 type, 1M (ST:187, the Core wild).
    assert state["collected"] == {"ali": 1, "bea": 2, "cy": 3}
    html = client.get(url("startropolis:table", play)).content.decode()
    assert "Last Revenue Phase: ali 1M · bea 2M · cy 3M." in html
    # ali is furthest behind: First card, first to buy (ST:144).
    assert "data-turn>ali<" in html
    assert "new order: ali First, bea Second, cy Last" in html


def purchase_post(play: Play, choice: str, **extra) -> dict:
    return {
        "buy-player": startropolis.play(fresh(play).session)["next"]["player"],
        "buy-choice": choice,
        "buy-card": "basic",
        **extra,
    }


def test_a_purchase_with_its_price_and_the_module_id_given_by_the_app(table):
    client, play = table["client"], table["play"]
    session = st_session([])
    play = st_play(table["log"], rounds=[])
    assert startropolis.play(session)["next"]["player"] == "ali"
    html = client.get(url("startropolis:table", play)).content.decode()
    assert "Option 1 · buy a module" in html and "slot 1, the card there" in html
    assert "Option 3 · take 5M, discarding a card" in html and "discard slot 6: +5M" in html
    response = client.post(
        url("startropolis:purchase", play),
        purchase_post(play, "buy-6", **{"buy-module_type": "supply"}),
    )
    assert response.status_code == 302
    entry = fresh(play).session["rounds"][0]["purchases"][0]
    assert entry == {
        "player": "ali",
        "option": "buy",
        "slot": 6,
        "module": {"id": "m1", "type": "supply"},
    }


def test_the_shared_screen_never_says_what_a_player_has_in_hand(table):
    client, play = table["client"], table["play"]
    play = st_play(table["log"], rounds=[])
    # ali (14M) cannot pay a Stadium … a Luxury Habitation rushed from slot 1: 7M + 3M, twice.
    client.post(
        url("startropolis:purchase", play),
        purchase_post(play, "buy-1", **{"buy-module_type": "luxury_habitation"}),
    )
    session = fresh(play).session
    session["rounds"][0]["purchases"] += [
        {"player": "bea", "option": "pass", "discard_slot": 6},
        {"player": "cy", "option": "pass", "discard_slot": 6},
    ]
    session["rounds"][0]["attachments"] = [
        {"player": "ali", "hold": True},
    ]
    from playlog import actions

    play = actions.change_play(play, {"session": session})
    state = startropolis.play(play.session)
    assert state["credits"]["ali"] == 4 and state["next"]["player"] == "ali"
    response = client.post(
        url("startropolis:purchase", play),
        purchase_post(play, "buy-1", **{"buy-module_type": "luxury_habitation"}),
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Ali does not have enough credits in hand to pay 10M" in html, refusals(html)
    assert "4M in hand" not in html


# --- the picture, the poll ----------------------------------------------------------------


def test_the_station_picture_is_an_svg_with_every_attached_module(table):
    response = table["client"].get(url("startropolis:picture", table["play"]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    assert "default-src 'none'" in response["Content-Security-Policy"]
    svg = response.content.decode()
    assert "<svg" in svg and "<script" not in svg and "<style" not in svg
    assert ">Solar<" in svg and ">Power<" in svg and "m3 · 3M" in svg and "Core" in svg
    assert "m1" not in svg  # held modules are not on the station


def test_the_poll_says_nothing_until_the_table_moves_on(table):
    client, play = table["client"], table["play"]
    html = client.get(url("startropolis:table", play)).content.decode()
    seen = re.search(r"\?seen=(\d+)", html).group(1)
    assert client.get(url("startropolis:changed", play), {"seen": seen}).status_code == 204
    client.post(url("startropolis:attach", play), attach_post(play, "m2", "m3"))
    moved = client.get(url("startropolis:changed", play), {"seen": seen})
    assert moved.status_code == 200 and moved["HX-Trigger"] == "startropolis-changed"


# --- missions -------------------------------------------------------------------------------


def test_a_player_enters_their_missions_on_their_own_phone(table, client):
    play = st_play(table["log"], members={"bea": "bea"})
    session = fresh(play).session
    for player in session["players"]:
        player.pop("mission")
    from playlog import actions

    play = actions.change_play(play, {"session": session})
    client.force_login(table["bea"])
    response = client.post(
        url("startropolis:mission", play, seat=1),
        {
            "mission-dealt_1": "Power Broker",
            "mission-dealt_2": "Lap of Luxury",
            "mission-kept": "2",
            "mission-reward": "10",
            "mission-most": "luxury_habitation",
        },
    )
    assert response.status_code == 302
    assert fresh(play).session["players"][1]["mission"] == {
        "dealt": ["Power Broker", "Lap of Luxury"],
        "kept": "Lap of Luxury",
        "reward": 10,
        "most": "luxury_habitation",
    }
    html = client.get(url("startropolis:seat", play, seat=1)).content.decode()
    assert "Your mission: <strong>Lap of Luxury</strong>" in html
    assert (
        "Lap of Luxury" not in table["client"].get(url("startropolis:table", play)).content.decode()
    )


def test_a_mission_card_dealt_twice_does_not_say_to_whom(table, client):
    play = table["play"]
    client.force_login(table["bea"])
    response = client.post(
        url("startropolis:mission", play, seat=1),
        {
            "mission-dealt_1": "Solar Baron",  # cy's
            "mission-dealt_2": "Power Broker",
            "mission-kept": "2",
            "mission-reward": "8",
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "already dealt to another player" in html, refusals(html)
    assert "dealt to cy" not in html


# --- setup, scoring --------------------------------------------------------------------------


def setup_post(**extra) -> dict:
    data = {
        "facts-played_on": "2026-03-01",
        "rules-modules_in_play": [
            "basic_habitation",
            "solar",
            "supply",
            "market_center",
            "luxury_habitation",
            "civic",
        ],
        "rules-solar_counts_itself": "on",
        "rules-negative_revenue": "floor",
        "rules-spend_basis": "printed",
        "rules-track_credits": "on",
        "rules-rush_fee_1": "4",
        "rules-rush_fee_2": "3",
        "rules-rush_fee_3": "2",
        "rules-rush_fee_4": "1",
    }
    for index, (name, card) in enumerate((("Ali", "last"), ("Bea", "first"), ("Cy", "second"))):
        data[f"seat{index}-name"] = name
        data[f"seat{index}-faction"] = f"Faction {name}"
        data[f"seat{index}-order_card"] = card
    for index in range(4):
        data.setdefault(f"seat{index}-order_card", "random")
    data.update(extra)
    return data


def test_a_new_game_starts_the_tracker_and_remembers_the_rush_fees(table):
    client, log = table["client"], table["log"]
    response = client.post(reverse("startropolis:new", args=[log.slug]), setup_post())
    assert response.status_code == 302
    play = log.plays.order_by("-number").first()
    assert response["Location"] == url("startropolis:table", play)
    assert play.session["first_order"] == ["Bea", "Cy", "Ali"]
    assert play.session["rush_fees"] == [4, 3, 2, 1]
    assert play.session["rules"]["track_credits"] is True
    assert [p.name for p in play.people.order_by("seat")] == ["Ali", "Bea", "Cy"]
    page = client.get(reverse("startropolis:new", args=[log.slug])).content.decode()
    assert 'name="rules-rush_fee_1" value="4"' in page


def test_a_new_game_refuses_cards_that_do_not_fit_the_player_count(table):
    client, log = table["client"], table["log"]
    before = log.plays.count()
    response = client.post(
        reverse("startropolis:new", args=[log.slug]), setup_post(**{"seat2-order_card": "third"})
    )
    assert response.status_code == 400
    assert "A 3-player game uses the cards First, Second, Last (ST:81)" in response.content.decode()
    assert log.plays.count() == before


def test_more_than_six_module_types_are_refused_beside_the_field(table):
    client, log = table["client"], table["log"]
    data = setup_post()
    data["rules-modules_in_play"] = [*data["rules-modules_in_play"], "police"]
    response = client.post(reverse("startropolis:new", args=[log.slug]), data)
    assert response.status_code == 400
    assert "7 module types are ticked; a game has at most six" in response.content.decode()


def finished_session() -> dict:
    from startropolis.tests.builders import full_game

    game = full_game(["ali", "bea", "cy"], list(startropolis.modules.CORE_GAME_TYPES))
    return st_session(game["rounds"])


def test_the_final_scoring_equals_score_of_the_exported_table(table):
    client, log = table["client"], table["log"]
    session = finished_session()
    play = st_play(log, rounds=session["rounds"])
    html = client.get(url("startropolis:table", play)).content.decode()
    assert "Score the game" in html
    response = client.post(url("startropolis:finish", play), {"finish-mission_bea": "yes"})
    assert response.status_code == 302
    play = fresh(play)
    expected = startropolis.table_from_session(play.session, missions_achieved={"bea": True})
    assert play.table == startropolis.canonical_table(expected)
    assert play.result == startropolis.score(expected)
    page = client.get(play.get_absolute_url()).content.decode()
    assert f'data-decided-by="{play.result["decided_by"]}"' in page


# Two players of the end-state sheet: Ann owns no Market Center, Ben owns one.
ANN_AND_BEN = [
    ("Ann", "Broodmaster", 40, 12, {"basic_habitation": 2, "solar": 1}),
    ("Ben", "Fungi", 40, 15, {"market_center": 1, "supply": 1}),
]


def end_state_post(rows: list[tuple]) -> dict:
    """The end-state sheet posted: each row (name, faction, credits, revenue, counts)."""
    data = {
        "facts-played_on": "2026-03-02",
        "rules-modules_in_play": list(startropolis.modules.CORE_GAME_TYPES),
        "rules-spend_basis": "printed",
        "rules-negative_revenue": "floor",
        "save": "1",
    }
    for index, (name, faction, credits, revenue, counts) in enumerate(rows):
        data[f"p{index}-name"] = name
        data[f"p{index}-faction"] = faction
        data[f"p{index}-credits"] = str(credits)
        data[f"p{index}-revenue"] = str(revenue)
        # A type in play with no count given: none owned, written as 0 (a blank is asked).
        for key in startropolis.modules.CORE_GAME_TYPES:
            data[f"p{index}-count_{key}"] = "0"
        for key, count in counts.items():
            data[f"p{index}-count_{key}"] = str(count)
        data[f"p{index}-banks"] = "0"
    return data


def test_the_end_state_sheet_asks_for_a_blank_module_count_never_a_silent_0(table):
    """A count left blank would score as none owned (a mission's "most", the spend
    tie-break): the sheet asks for it, naming the player and the type, and saves nothing."""
    client, log = table["client"], table["log"]
    data = end_state_post(ANN_AND_BEN)
    data["p1-count_solar"] = ""
    before = log.plays.count()
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "How many modules does Ben own of Solar Power? Write 0 for none." in html, refusals(html)
    assert "How many? Write 0 for none." in html
    assert "Ann own" not in html
    assert log.plays.count() == before
    # The preview (htmx) asks too, and ranks nobody.
    data.pop("save")
    live = client.post(reverse("startropolis:new_end", args=[log.slug]), data, **HTMX)
    assert "How many modules does Ben own of Solar Power?" in live.content.decode()
    assert "data-decided-by" not in live.content.decode()
    # Written as 0, it is scored.
    data["p1-count_solar"] = "0"
    data["save"] = "1"
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 302, refusals(response.content.decode())
    assert log.plays.count() == before + 1


def test_the_end_state_sheet_refuses_more_bank_cards_than_market_centers(table):
    """A Bank card is one of the Market Centers (ST:291): more Banks than Market Centers owned
    is asked about, not cut down to fit without a word (as it was)."""
    client, log = table["client"], table["log"]
    data = end_state_post(ANN_AND_BEN)
    data["p1-banks"] = "2"
    before = log.plays.count()
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert (
        "Ben has 2 Bank cards but owns 1 Market Center Module: each Bank card is one of the "
        "Market Centers." in html
    ), refusals(html)
    assert "At most 1, the Market Centers owned: a Bank card is one." in html
    assert log.plays.count() == before
    # One Bank card among one Market Center is what the table keeps.
    data["p1-banks"] = "1"
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 302, refusals(response.content.decode())
    play = log.plays.order_by("-number").first()
    cards = [m.get("card") for m in play.table["players"][1]["modules"]]
    assert cards.count("bank") == 1


def test_the_end_state_sheet_keeps_a_basic_market_center_beside_a_bank(table):
    """ST:289: "Each set of Advanced Module Cards contains one card from the Basic Module set
    (the yellow module)": a basic Market Center beside a Bank is legal; a second basic one beside
    it is the basic set, and both sets of one type are never played (ST:287)."""
    client, log = table["client"], table["log"]
    data = end_state_post(
        [
            ("Ann", "Broodmaster", 40, 12, {"basic_habitation": 2, "market_center": 1}),
            ("Ben", "Fungi", 40, 15, {"market_center": 2, "supply": 1}),
        ]
    )
    data["p1-banks"] = "1"
    before = log.plays.count()
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 400
    html = unescape(response.content.decode())
    assert (
        "The table has 2 basic Market Centers (Ann 1, Ben 1) beside its Bank cards: the "
        "advanced Market Center set holds one basic card (ST:289), and the basic and advanced "
        "sets of one type are never both played (ST:287)." in html
    ), refusals(html)
    assert "Beside Bank cards the table has one basic Market Center at most; it has 2." in html
    assert log.plays.count() == before
    # Ann's Market Center gone, Ben's basic one beside his Bank is the advanced set's own.
    data["p0-count_market_center"] = "0"
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 302, refusals(response.content.decode())
    play = log.plays.order_by("-number").first()
    cards = sorted(m.get("card", "basic") for m in play.table["players"][1]["modules"])
    assert cards == ["bank", "basic", "basic"]
    assert play.result["players"][0]["faction"] == "Fungi"


def test_the_end_state_sheet_asks_how_many_market_centers_are_banks(table):
    """A Bank card costs what a basic Market Center does not (the spend tie-break): left
    blank beside a Market Center owned, it is asked for, not read as none."""
    client, log = table["client"], table["log"]
    data = end_state_post(ANN_AND_BEN)
    data["p0-banks"] = data["p1-banks"] = ""
    before = log.plays.count()
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 400
    html = unescape(response.content.decode())
    asked = "How many of Ben's Market Centers are Bank cards? Write 0 for none."
    assert asked in html, refusals(html)
    assert "Ann's" not in html  # no Market Center: nothing to ask
    assert log.plays.count() == before
    data["p1-banks"] = "0"
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 302, refusals(response.content.decode())


def test_the_end_state_sheet_asks_for_a_kept_missions_reward(table):
    client, log = table["client"], table["log"]
    data = end_state_post(
        [
            ("Ann", "Broodmaster", 40, 12, {"basic_habitation": 2}),
            ("Ben", "Fungi", 40, 15, {"supply": 1}),
        ]
    )
    data.update({"rules-missions": "on", "p0-mission_name": "Lap of Luxury"})
    before = log.plays.count()
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Ann kept a mission: what is its reward?" in html, refusals(html)
    assert log.plays.count() == before


def test_a_game_without_the_tracker_is_scored_from_its_end_state(table):
    client, log = table["client"], table["log"]
    data = end_state_post(ANN_AND_BEN)
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 302, refusals(response.content.decode())
    play = log.plays.order_by("-number").first()
    assert play.session is None
    assert play.result["winners"] == ["Fungi"] and play.result["decided_by"] == "revenue"
    page = client.get(play.get_absolute_url()).content.decode()
    assert "Ben won" in page
    # Edited again: the sheet comes back filled from the stored table.
    sheet = client.get(url("startropolis:sheet", play)).content.decode()
    assert 'name="p1-count_market_center" value="1"' in sheet


def test_the_end_state_sheet_refuses_a_box_overflow_with_the_rules_sentence(table):
    client, log = table["client"], table["log"]
    data = end_state_post(
        [
            ("Ann", "FAnn", 30, 10, {"luxury_habitation": 2}),
            ("Ben", "FBen", 30, 10, {"luxury_habitation": 2}),
        ]
    )
    before = log.plays.count()
    response = client.post(reverse("startropolis:new_end", args=[log.slug]), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "4 Luxury Habitation Modules owned, a 2-player game has 3" in html, refusals(html)
    assert log.plays.count() == before


def test_the_tracker_pages_never_show_a_files_key(table):
    client, play = table["client"], table["play"]
    for address in (url("startropolis:table", play), url("startropolis:seat", play, seat=0)):
        html = client.get(address).content.decode()
        text = re.sub(r"<[^>]+>", " ", html)
        for key in (
            "basic_habitation",
            "luxury_habitation",
            "market_center",
            " core,",
            "track_credits",
        ):
            assert key not in text, (address, key)


def test_a_running_games_file_waits_for_the_scoring_its_missions_are_secret(table):
    client, play = table["client"], table["play"]
    response = client.get(url("export", play))
    assert response.status_code == 302 and response["Location"] == play.get_absolute_url()
    page = client.get(play.get_absolute_url()).content.decode()
    assert "it can be downloaded once the game is scored" in page
    assert "Download the play file" not in page


def test_the_dice_of_a_fusion_reactor_then_the_revenue_phase(table):
    client = table["client"]
    session = st_session([], missions=False)
    session["rules"]["modules_in_play"] = ["fusion", "supply", "market_center", "civic"]
    first = {
        "purchases": [
            {"player": "ali", "option": "buy", "slot": 6, "module": {"id": "m1", "type": "fusion"}},
            {"player": "bea", "option": "pass", "discard_slot": 6},
            {"player": "cy", "option": "pass", "discard_slot": 6},
        ],
        "attachments": [{"module": "m1", "to": ["core"]}],
    }
    session["rounds"] = [first]
    from playlog import actions
    from playlog.tests.factory import play_file

    people = [{"name": key, "member": None} for key in ("ali", "bea", "cy")]
    play = actions.add_play(table["log"], play_file("startropolis", people, None, session))
    html = client.get(url("startropolis:table", play)).content.decode()
    assert 'data-next="revenue"' in html and "Fusion Reactor m1 rolled" in html
    response = client.post(url("startropolis:rolls", play), {"dice-roll_m1": "1"})
    assert response.status_code == 302
    state = startropolis.play(fresh(play).session)
    assert state["collected"]["ali"] == 6  # a 1: 6M and a +1 token (ST:326)
    module = next(m for m in state["modules"] if m["id"] == "m1")
    assert module["tokens"] == 1
    assert client.post(url("startropolis:undo", play)).status_code == 302
    assert startropolis.play(fresh(play).session)["next"]["phase"] == "revenue"


def test_the_figures_the_table_enters_count_from_the_revenue_phase(table):
    client, play = table["client"], table["play"]
    response = client.post(
        url("startropolis:figures", play), {"figures-revenue_ali": "2", "figures-credits_cy": "-1"}
    )
    assert response.status_code == 302
    assert steps.round_figures(fresh(play).session) == {
        "revenue_adjustments": {"ali": 2},
        "credit_adjustments": {"cy": -1},
    }
    response = client.post(url("startropolis:figures", play), {"figures-revenue_ali": "31"})
    assert response.status_code == 400


def test_a_fungi_player_gets_the_printed_bonus_from_the_setup(table):
    client, log = table["client"], table["log"]
    data = setup_post(**{"rules-advanced_factions": "on", "seat0-faction": "Fungi"})
    assert client.post(reverse("startropolis:new", args=[log.slug]), data).status_code == 302
    play = log.plays.order_by("-number").first()
    state = startropolis.play(play.session)
    assert state["players"][0]["bonus"] == {"per": "luxury_habitation", "amount": 2}
    html = client.get(url("startropolis:table", play)).content.decode()
    assert "Faction bonus: +2M per Luxury Habitation Module owned and attached." in html


def test_a_scored_game_is_scored_again_and_counts_in_the_stats(table):
    client, log = table["client"], table["log"]
    play = st_play(log, rounds=finished_session()["rounds"])
    client.post(url("startropolis:finish", play), {"finish-mission_bea": "yes"})
    html = client.get(url("startropolis:table", play)).content.decode()
    assert "Score it again" in html
    assert re.search(r'<input[^>]*name="finish-mission_bea"[^>]*value="yes"[^>]*checked', html)
    client.post(url("startropolis:finish", play), {"finish-mission_bea": "no"})
    result = fresh(play).result
    bea = next(row for row in result["players"] if row["player"] == "bea")
    assert bea["mission"] == 0 and bea["mission_achieved"] is False
    stats = client.get(reverse("playlog:stats", args=[log.slug, "startropolis"]))
    assert stats.status_code == 200
    page = stats.content.decode()
    for name in ("ali", "bea", "cy"):
        assert name in page


def test_a_german_shared_screen_says_what_was_missing_in_german(table, reader_language):
    """The shared screen's "cannot pay" in the reader's language, still without what is in
    hand (issue 33)."""
    client, play = table["client"], table["play"]
    play = st_play(table["log"], rounds=[])
    client.post(
        url("startropolis:purchase", play),
        purchase_post(play, "buy-1", **{"buy-module_type": "luxury_habitation"}),
    )
    session = fresh(play).session
    session["rounds"][0]["purchases"] += [
        {"player": "bea", "option": "pass", "discard_slot": 6},
        {"player": "cy", "option": "pass", "discard_slot": 6},
    ]
    session["rounds"][0]["attachments"] = [{"player": "ali", "hold": True}]
    from playlog import actions

    play = actions.change_play(play, {"session": session})
    response = client.post(
        url("startropolis:purchase", play),
        purchase_post(play, "buy-1", **{"buy-module_type": "luxury_habitation"}),
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Ali hat nicht genug Credits auf der Hand, um 10M " in html, refusals(html)
    assert "does not have enough" not in html and "4M auf der Hand" not in html


def test_a_german_mission_card_dealt_twice_is_refused_in_german(table, reader_language, client):
    play = table["play"]
    client.force_login(table["bea"])
    response = client.post(
        url("startropolis:mission", play, seat=1),
        {
            "mission-dealt_1": "Solar Baron",  # cy's
            "mission-dealt_2": "Power Broker",
            "mission-kept": "2",
            "mission-reward": "8",
        },
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Diese Mission Card wurde schon einem anderen Spieler ausgeteilt" in html, refusals(html)


def test_the_core_is_named_in_the_readers_language(table):
    """Where a held module may go names the Core in the reader's words (issue 33)."""
    from playlog.startropolis.views import _node_label

    state = startropolis.tracker_state(fresh(table["play"]).session)
    from django.utils import translation

    with translation.override("de"):
        assert _node_label(state, "core") == "das Core"
    with translation.override("en-gb"):
        assert _node_label(state, "core") == "the Core"
