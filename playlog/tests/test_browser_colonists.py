"""The colonist game's end state entered on a phone (390×844, real Chromium) for three
players: the live totals while typing, then the saved score sheet's totals and winner."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from accounts.tests.factory import make_user
from playlog import actions
from playlog.models import Play
from playlog.tests.factory import make_play_log

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
# (name, cities as (group, powered, metropolis), unhoused, territories, omnium, total)
PLAYERS = [
    ("Ada", [("spice_merchants", True, False), ("corpex", False, True)], ["mechanics"], 6, 2, 13),
    ("Ben", [("adamant_cutters", True, True)], [], 4, 1, 10),
    ("Cy", [("koprolith_miners", False, False), ("crystalin_farmers", True, False)], [], 7, 3, 14),
]


def test_three_players_end_state_totals_and_winner(
    phone_page, live_server, log_in, screenshot_path
):
    page = phone_page
    owner = make_user("colonist-host")
    log = make_play_log(owner)
    actions.change_game_settings(log, "colonists-expert", {"categories": ["Territories", "Omnium"]})
    log_in(page, live_server, owner)
    page.goto(live_server.url + reverse("colonists:new", args=[log.slug]))
    assert "The colonist game (expert rules)" in page.inner_text("h2")
    page.fill("#id_facts-played_on", "2026-03-08")
    page.check("#id_rules-condominium_built")
    for index, (name, cities, unhoused, territories, omnium, _) in enumerate(PLAYERS):
        page.fill(f"#id_p{index}-name", name)
        for c, (group, powered, metropolis) in enumerate(cities):
            page.select_option(f"#id_p{index}c{c}-colonists", group)
            if powered:
                page.check(f"input[name='p{index}c{c}-powered']")
            if metropolis:
                page.check(f"input[name='p{index}c{c}-metropolis']")
        for group in unhoused:
            page.check(f"input[name='p{index}-unhoused'][value='{group}']")
        page.fill(f"#id_p{index}-other0", str(territories))
        page.fill(f"#id_p{index}-other1", str(omnium))
    # The last change sends the sheet for live totals (htmx): they show before saving.
    page.locator(f"#id_p{len(PLAYERS) - 1}-other1").dispatch_event("change")
    # Each change sends the sheet; the newest answer wins (hx-sync): wait for the last one's.
    for name, *_, total in PLAYERS:
        expect(page.locator(f"#live [data-total='{name}']")).to_have_text(str(total))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    page.screenshot(path=screenshot_path("colonists-sheet-entry.png"), full_page=True)

    page.click("[data-save]")
    page.wait_for_selector("[data-winners]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    page.screenshot(path=screenshot_path("colonists-score-sheet.png"), full_page=True)
    for name, *_, total in PLAYERS:
        assert page.inner_text(f"[data-total='{name}']") == str(total)
    assert page.get_attribute("[data-winners]", "data-winners") == "Cy"
    assert page.inner_text("[data-verdict]") == "Cy won"
    play = Play.objects.get(play_log=log)
    assert [p.name for p in play.people.all()] == ["Ada", "Ben", "Cy"]
    assert play.result["winners"] == ["Cy"]
    assert [p["total"] for p in play.result["players"]] == [13, 10, 14]
    # The log lists it with its winner.
    page.goto(live_server.url + reverse("playlog:log", args=[log.slug]))
    assert "Cy won" in page.inner_text(".play-list")
