"""Space Explorers: an earlier step of your own changed on its own page, every later step kept
and the session replayed; a later step the change makes impossible is named in the players'
words and nothing changes until the person chooses (docs/space-explorers.md)."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

import space_explorers
from accounts.tests.factory import make_user
from playlog import actions
from playlog.models import Play
from playlog.tests.factory import PlayWorld, play_file, se_session, url
from space_explorers.tests.factory import PRINTED_SESSION

pytestmark = pytest.mark.django_db


def printed_play(world: PlayWorld) -> Play:
    """The printed session (OTHER-GAMES §1.10): round 1 takes slot 3 into the hand, round 2
    recruits from the hand paying one hand card."""
    session = se_session(PRINTED_SESSION["turns"])
    data = play_file(
        "space-explorers-solo", [{"name": "Solo player", "member": None}], None, session
    )
    return actions.add_play(world.log, data)


def test_an_own_earlier_step_is_changed_and_the_later_steps_kept_and_replayed(host_client, world):
    play = world.se_running
    before = [dict(t) for t in play.session["turns"]]
    assert space_explorers.play(play.session)["you"]["specialists"] == 3
    page = host_client.get(url("space_explorers:turns", world, play.number)).content.decode()
    assert f'href="{url("space_explorers:step", world, play.number, 0)}#step-form"' in page
    assert 'aria-label="Change round 2, your turn"' in page
    form = host_client.get(url("space_explorers:step", world, play.number, 0)).content.decode()
    # The form opens with the choices the runner recorded: a recruit from slot 5.
    assert re.search(r'value="recruit"[^>]*checked', form)
    assert re.search(r'value="center-4"[^>]*checked', form)
    response = host_client.post(
        url("space_explorers:step", world, play.number, 0),
        {
            "you-action": "take",
            "you-source": "center-4",
            "you-cards_to_center": "0",
            "you-tokens_set_aside": "0",
            "you-launch": "",
        },
    )
    assert response.status_code == 302
    assert response["Location"].endswith("#next-action")
    play.refresh_from_db()
    turns = play.session["turns"]
    assert turns[0]["you"]["action"] == "take"
    assert turns[1:] == before[1:]
    state = space_explorers.play(play.session)
    assert state["you"]["specialists"] == 2 and state["you"]["hand"] == 2
    assert state["history"][0].startswith("Round 1: you took the card in slot 5 into your hand")
    runner = host_client.get(response["Location"]).content.decode()
    assert "Round 1, your turn changed; 5 later steps kept and replayed." in runner
    assert '<span class="value" data-your-specialists>2/12</span>' in runner


def test_a_change_that_breaks_a_later_step_changes_nothing_and_says_which_and_why(
    host_client, world
):
    play = printed_play(world)
    before = [dict(t) for t in play.session["turns"]]
    address = url("space_explorers:step", world, play.number, 0)
    recruit = {
        "you-action": "recruit",
        "you-source": "center-2",
        "you-cards_to_center": "0",
        "you-tokens_set_aside": "0",
        "you-launch": "",
    }
    refused = host_client.post(address, recruit)
    assert refused.status_code == 400
    page = refused.content.decode()
    said = (
        "Nothing changed. Round 2, your turn: you no longer have 1 hand card to return to the "
        "Center as payment: your hand holds 0 cards besides the one you recruit by then."
    )
    assert said in page
    assert 'name="take_back_from" value="2"' in page
    play.refresh_from_db()
    assert play.session["turns"] == before
    # The person chooses: change it and take back round 2, your turn, onward (2 steps).
    taken = host_client.post(address, {**recruit, "take_back_from": "2"})
    assert taken.status_code == 302
    play.refresh_from_db()
    assert play.session["turns"] == [
        {
            "you": {
                "action": "recruit",
                "from": "center",
                "slot": 2,
                "cards_to_center": 0,
                "tokens_set_aside": 0,
                "launch": None,
            }
        },
        before[1],
    ]
    runner = host_client.get(taken["Location"]).content.decode()
    assert "the steps from round 2, your turn on taken back" in runner


def test_a_stale_take_back_is_refused_and_changes_nothing(host_client, world):
    play = printed_play(world)
    before = [dict(t) for t in play.session["turns"]]
    response = host_client.post(
        url("space_explorers:step", world, play.number, 0),
        {
            "you-action": "take",
            "you-source": "center-3",
            "you-cards_to_center": "0",
            "you-tokens_set_aside": "0",
            "you-launch": "",
            "take_back_from": "2",
        },
    )
    assert response.status_code == 400
    assert "nothing needs taking back" in response.content.decode()
    play.refresh_from_db()
    assert play.session["turns"] == before


def test_the_opponents_inline_change_names_the_broken_step_in_players_words(host_client, world):
    turns = []
    for number in range(7):  # Sputnik 1 (Science) pushed to position 7
        launch = "Telstar 1" if number == 0 else None
        turns += [{"you": {"action": "take", "from": "deck", "launch": launch}}]
        turns += [{"opponent": {"division": "science"}}]
    turns += [
        {"you": {"action": "take", "from": "deck"}},
        {"opponent": {"division": "construction"}},
        {"you": {"action": "take", "from": "deck", "launch": "Sputnik 1"}},
    ]
    data = play_file(
        "space-explorers-solo", [{"name": "Solo player", "member": None}], None, se_session(turns)
    )
    play = actions.add_play(world.log, data)
    before = [dict(t) for t in play.session["turns"]]
    response = host_client.post(
        url("space_explorers:change", world, play.number), {"turn": "15", "division": "science"}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert (
        "Nothing changed. Round 9, your turn: you can no longer launch Sputnik 1: the Opponent "
        "has completed it by then."
    ) in page
    assert f'href="{url("space_explorers:step", world, play.number, 15)}#step-form"' in page
    play.refresh_from_db()
    assert play.session["turns"] == before
    # On the step's own page the person may take back round 9 onward.
    taken = host_client.post(
        url("space_explorers:step", world, play.number, 15),
        {"division": "science", "take_back_from": "16"},
    )
    assert taken.status_code == 302
    play.refresh_from_db()
    assert len(play.session["turns"]) == 16
    assert space_explorers.play(play.session)["opponent"]["completed"] == ["Sputnik 1"]


def test_an_opponent_step_changed_to_nothing_while_the_center_has_cards_is_refused(
    host_client, world
):
    play = world.se_running
    before = [dict(t) for t in play.session["turns"]]
    response = host_client.post(
        url("space_explorers:step", world, play.number, 1), {"division": ""}
    )
    assert response.status_code == 400
    play.refresh_from_db()
    assert play.session["turns"] == before


@pytest.mark.parametrize("who", ["outsider", "viewer"])
def test_an_outsider_or_a_viewer_cannot_change_a_step(world, who):
    play = world.se_running
    before = [dict(t) for t in play.session["turns"]]
    host_client = Client()
    host_client.force_login(make_user("passer-by") if who == "outsider" else world.viewer.user)
    address = url("space_explorers:step", world, play.number, 0)
    expected = 404 if who == "outsider" else 403
    assert host_client.get(address).status_code == expected
    posted = host_client.post(address, {"you-action": "take", "you-source": "center-4"})
    assert posted.status_code == expected
    play.refresh_from_db()
    assert play.session["turns"] == before
    if who == "viewer":
        page = host_client.get(url("space_explorers:turns", world, play.number)).content.decode()
        assert "Change this turn" not in page


def test_a_step_the_game_does_not_have_is_404(host_client, world):
    assert (
        host_client.get(url("space_explorers:step", world, world.se_running.number, 99)).status_code
        == 404
    )


def test_the_exported_changed_session_plays_to_what_the_page_shows_and_round_trips(
    host_client, world, tmp_path
):
    play = world.se_running
    host_client.post(
        url("space_explorers:step", world, play.number, 2),
        {
            "you-action": "take",
            "you-source": "deck",
            "you-cards_to_center": "0",
            "you-tokens_set_aside": "1",
            "you-launch": "",
        },
    )
    play.refresh_from_db()
    assert play.session["turns"][2]["you"]["from"] == "deck"
    out = StringIO()
    call_command("export_play", world.log.slug, play.number, stdout=out)
    first = out.getvalue()
    session_file = Path(tmp_path, "session.json")
    session_file.write_text(json.dumps(json.loads(first)["session"]), encoding="utf-8")
    played = StringIO()
    call_command("play", str(session_file), stdout=played)
    state = json.loads(played.getvalue())
    page = host_client.get(url("space_explorers:turns", world, play.number)).content.decode()
    assert f"data-your-specialists>{state['you']['specialists']}/12<" in page
    assert f"data-score-now>{state['opponent']['score_now']}<" in page
    assert f"data-stack>{state['opponent']['token_stack']}<" in page
    assert f"data-deck>{state['center']['deck']}<" in page
    for line in state["history"]:
        assert line.replace("'", "&#x27;") in page
    # export → import → export, byte-identical.
    path = Path(tmp_path, "play.json")
    path.write_text(first, encoding="utf-8")
    imported = StringIO()
    call_command("import_play", world.log.slug, str(path), stdout=imported)
    number = int(imported.getvalue().splitlines()[-1])
    again = StringIO()
    call_command("export_play", world.log.slug, number, stdout=again)
    assert again.getvalue() == first


def test_a_scored_game_is_changed_by_undoing_or_on_the_score_sheet(host_client, world):
    play = world.se_finished
    before = [dict(t) for t in play.session["turns"]]
    address = url("space_explorers:step", world, play.number, 0)
    assert "The game is scored" in host_client.get(address).content.decode()
    response = host_client.post(
        address,
        {
            "you-action": "take",
            "you-source": "center-4",
            "you-cards_to_center": "0",
            "you-tokens_set_aside": "0",
            "you-launch": "",
        },
    )
    assert response.status_code == 400
    play.refresh_from_db()
    assert play.session["turns"] == before and play.table is not None
