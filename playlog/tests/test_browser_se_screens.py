"""Space Explorers' turn runner needs no scroll on a phone (390x844, real Chromium): after
each step the instruction ("tap its Division", "your turn") sits below the sticky status
bar, not under it, and everything an own turn needs, "End my turn" included, is on the
screen without scrolling; the Opponent's Division buttons likewise."""

from __future__ import annotations

import pytest

from accounts.tests.factory import make_user
from playlog.tests.factory import full_game_turns, make_play_log
from playlog.tests.test_browser_space_explorers import set_up, wait_for_turns

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
PHONE_HEIGHT = 844

PLACES = """
(selectors) => {
  const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
                       return {top: r.top, bottom: r.bottom}; };
  return {bar: box('.runner-bar'), sentence: box('#next-action'),
          last: box(selectors[selectors.length - 1]), first: box(selectors[0])};
}
"""


def settled_places(page, *selectors: str) -> dict:
    """Where the bar, the instruction and the step's controls are once htmx has scrolled
    (it scrolls after the swap settles): the same figures twice in a row."""
    previous = None
    for _ in range(20):
        page.wait_for_timeout(150)
        now = page.evaluate(PLACES, list(selectors))
        if now == previous:
            return now
        previous = now
    return previous


def check_in_view(page, places: dict, what: str) -> None:
    assert places["sentence"]["top"] >= places["bar"]["bottom"] - 1, (
        f"{what}: the instruction is under the status bar {places}"
    )
    assert places["first"]["top"] >= 0 and places["last"]["bottom"] <= PHONE_HEIGHT, (
        f"{what}: off the screen {places}"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def test_an_own_turn_and_the_opponents_tap_need_no_scroll(
    phone_page, live_server, log_in, screenshot_path
):
    page = phone_page
    owner = make_user("solo-screens")
    log = make_play_log(owner)
    log_in(page, live_server, owner)
    set_up(page, live_server, log)
    expected = full_game_turns()
    seen = {"you": 0, "opponent": 0}
    for step in range(4):
        turn = expected[step]
        if "you" in turn:
            page.check("input[name='you-action'][value='recruit']")
            page.check(f"input[name='you-source'][value='center-{turn['you']['slot']}']")
            page.click("[data-end-turn]")
            wait_for_turns(page, step + 1)
        else:
            page.click(f"button[data-division='{turn['opponent']['division']}']")
            wait_for_turns(page, step + 1)
        following = expected[step + 1]
        if "you" in following:
            places = settled_places(page, "input[name='you-action']", "[data-end-turn]")
            if not seen["you"]:
                page.screenshot(path=screenshot_path("se-own-turn-phone.png"))
            check_in_view(page, places, "your turn")
            seen["you"] += 1
        else:
            places = settled_places(page, "button[data-division]", ".division-grid")
            if not seen["opponent"]:
                page.screenshot(path=screenshot_path("se-opponent-tap-phone.png"))
            check_in_view(page, places, "the Opponent's tap")
            seen["opponent"] += 1
    assert seen["you"] and seen["opponent"]
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=screenshot_path("se-turn-runner-desktop.png"))
