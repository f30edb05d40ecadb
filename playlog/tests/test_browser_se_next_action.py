"""The turn runner keeps the next action in view on a phone (390×844, real Chromium): after
"End my turn" the Opponent's Division buttons, after the Opponent's tap your turn's first
choice, with htmx (swapped in place) and without JavaScript (a redirect to the anchor)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from accounts.tests.factory import make_user
from playlog.models import Play
from playlog.tests.factory import full_game_turns, make_play_log
from playlog.tests.test_browser_space_explorers import set_up, wait_for_turns

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_HEIGHT = 844


def in_view(page, selector: str) -> bool:
    """Whether `selector` comes into the phone's screen within 2 s of the swap (htmx scrolls
    once the new runner has settled)."""
    script = (
        f"() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect(); "
        f"return r.top >= 0 && r.bottom <= {PHONE_HEIGHT}; }}"
    )
    try:
        page.wait_for_function(script, timeout=2000)
    except PlaywrightTimeout:
        return False
    return True


def test_the_next_action_is_in_view_after_each_step(phone_page, live_server, log_in):
    page = phone_page
    owner = make_user("solo-scroll")
    log = make_play_log(owner)
    log_in(page, live_server, owner)
    set_up(page, live_server, log)
    expected = full_game_turns()
    for step in range(4):
        turn = expected[step]
        if "you" in turn:
            page.check("input[name='you-action'][value='recruit']")
            page.check(f"input[name='you-source'][value='center-{turn['you']['slot']}']")
            page.click("[data-end-turn]")  # the page is scrolled down to the button
            wait_for_turns(page, step + 1)
            assert in_view(page, "button[data-division]"), "the Division buttons are off screen"
        else:
            page.click(f"button[data-division='{turn['opponent']['division']}']")
            wait_for_turns(page, step + 1)
            assert in_view(page, "input[name='you-action']"), "your turn is off screen"


def test_without_javascript_a_step_returns_to_the_next_action():
    from django.test import Client

    from playlog.tests.factory import se_play

    owner = make_user("solo-nojs")
    log = make_play_log(owner)
    play = se_play(log, owner.get_username(), finished=False)
    client = Client()
    client.force_login(owner)
    turns = len(play.session["turns"])
    response = client.post(reverse("space_explorers:undo", args=[log.slug, play.number]))
    assert response.status_code == 302
    assert response["Location"].endswith("/turns/#next-action")
    assert len(Play.objects.get(pk=play.pk).session["turns"]) == turns - 1
    page = client.get(response["Location"].split("#")[0]).content.decode()
    assert 'id="next-action"' in page
