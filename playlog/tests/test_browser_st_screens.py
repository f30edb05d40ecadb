"""A Startropolis purchase needs no scroll on a phone (390x844, real Chromium): the player's
own view and the table's screen show the whole turn, "Done" included, as the page opens, the
18 choices in one picker grouped by the rulebook's options; the station's picture fits the
screen's width (no sideways scroll), here a station four modules wide on the Core."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from playlog import actions
from playlog.tests.factory import make_play_log, play_file, st_session
from startropolis.tests.builders import attach, buy, pass_, round_
from startropolis.tests.test_2_derived import three_player_station
from tests.plugins.pages import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
PHONE_HEIGHT = 844


def wide_station_play(log, members: dict):
    """Round 4's Purchase Phase, ali first (18 choices), after a round that put three more
    modules on the Core: four side by side."""
    rounds = three_player_station()["rounds"]
    rounds.append(
        round_(
            [buy("cy", "m7", "solar"), buy("ali", "m8", "basic_habitation"), pass_("bea")],
            [attach("m8", "core"), attach("m6", "core"), attach("m7", "core")],
        )
    )
    people = [{"name": key, "member": members.get(key)} for key in ("ali", "bea", "cy")]
    return actions.add_play(log, play_file("startropolis", people, None, st_session(rounds)))


def box(page, selector: str) -> dict:
    return page.locator(selector).bounding_box()


def test_a_purchase_and_the_station_fit_a_phone(
    browser, phone_page, live_server, log_in, screenshot_path
):
    owner = make_user("st-screens-table")
    ali = make_user("st-screens-ali")
    log = make_play_log(owner, "Station screens")
    add_member(log, ali, Role.PLAYER)
    play = wide_station_play(log, {"ali": ali.get_username()})

    # The table's screen: the station's picture within the width.
    table = phone_page
    log_in(table, live_server, owner)
    table.goto(live_server.url + reverse("startropolis:table", args=[log.slug, play.number]))
    table.screenshot(path=screenshot_path("st-table-purchase-phone.png"))
    assert box(table, "[data-purchase]")["y"] + box(table, "[data-purchase]")["height"] <= (
        PHONE_HEIGHT
    )
    table.locator("#station").scroll_into_view_if_needed()
    picture = table.evaluate(
        "() => { const a = document.querySelector('.st-picture');"
        " const img = a.querySelector('img'); const r = img.getBoundingClientRect();"
        " return {scroll: a.scrollWidth, client: a.clientWidth, right: r.right,"
        " natural: img.naturalWidth, shown: r.width}; }"
    )
    table.screenshot(path=screenshot_path("st-station-phone.png"))
    assert picture["natural"] > 0
    assert picture["scroll"] <= picture["client"] and picture["right"] <= PHONE_WIDTH, picture
    assert table.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH

    # ali's own phone: the whole turn on the screen as it opens.
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": PHONE_HEIGHT}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        log_in(page, live_server, ali)
        page.goto(live_server.url + reverse("startropolis:seat", args=[log.slug, play.number, 0]))
        page.screenshot(path=screenshot_path("st-purchase-phone.png"))
        assert page.evaluate("window.scrollY") == 0
        done = box(page, "[data-purchase]")
        assert done["y"] >= 0 and done["y"] + done["height"] <= PHONE_HEIGHT, done
        picker = page.locator("#id_buy-choice")
        assert picker.evaluate("el => el.tagName") == "SELECT"
        assert picker.locator("optgroup").count() == 3
        assert picker.locator("option[value]:not([value=''])").count() == 18
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
        steps = int(page.get_attribute("#companion", "data-steps"))
        picker.select_option("pass-6")
        page.click("[data-purchase]")
        page.wait_for_selector(f"#companion[data-steps='{steps + 1}']")
        page.set_viewport_size(DESKTOP["viewport"])
        page.screenshot(path=screenshot_path("st-seat-desktop.png"))
    finally:
        context.close()
