"""The campaign's box in a real Chromium on a phone (390x844): a leased ship's presence
corrected from the campaign, the change summary read where it lands, then undone. The pages fit
the phone's width; screenshots for a person to look at."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from campaign.actions import import_campaign
from campaign.models import Campaign, Change, ChangeKind, Game
from campaign.tests.factory import DEMO
from campaign.tests.test_box_views import NAUTILUS_BOX, with_nautilus
from scoring.tests.catalogue import ensure_catalogue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390


@pytest.fixture
def campaign() -> Campaign:
    # A transactional test starts from a flushed database: the reference catalogue again.
    ensure_catalogue()
    campaign = import_campaign(with_nautilus(json.loads(DEMO.read_text(encoding="utf-8"))))
    return campaign


def totals() -> dict[int, dict[str, int]]:
    return {
        game.number: {p["corporation"]: p["total"] for p in game.result["players"]}
        for game in Game.objects.order_by("number")
    }


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH, page.url


def test_a_player_corrects_a_ships_presence_reads_the_summary_and_undoes_it(
    live_server, campaign, phone_page, screenshot_path, log_in
):
    page = phone_page
    player = make_user("ali")
    add_member(campaign, player, Role.PLAYER)
    log_in(page, live_server, player)
    before = totals()

    page.goto(f"{live_server.url}/campaigns/{campaign.slug}/")
    page.get_by_text("More", exact=True).click()  # the campaign menu's rarer pages
    with page.expect_navigation():
        page.get_by_role("link", name="Box", exact=True).click()
    expect(page.get_by_role("heading", name="Your box")).to_be_visible()
    expect(page.get_by_text("Nautilus EV-280")).to_be_visible()
    fits(page)
    page.screenshot(path=screenshot_path("box-phone.png"), full_page=True)

    with page.expect_navigation():
        page.get_by_role("link", name="Correct Nautilus EV-280").click()
    expect(page.get_by_role("heading", name="Correct Nautilus EV-280")).to_be_visible()
    fits(page)
    page.fill("#id_presence", "5")
    page.screenshot(path=screenshot_path("box-ship-form-phone.png"), full_page=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()

    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("Nautilus EV-280 now has presence 5 (was 2)")
    expect(summary).to_contain_text("games 11 and 12 re-scored")
    expect(page.get_by_text("Last change to the box")).to_be_visible()
    fits(page)
    page.screenshot(path=screenshot_path("box-change-summary-phone.png"))
    changed = totals()
    assert [n for n in before if before[n] != changed[n]] == [11, 12]
    assert Campaign.objects.get(pk=campaign.pk).box == {
        "ships": [{"name": "Nautilus EV-280", "presence": 5}]
    }

    with page.expect_navigation():
        page.get_by_role("button", name="Undo this change").click()
    expect(page.get_by_role("alert")).to_contain_text("Undone: box corrected")
    expect(page.get_by_text("Nautilus EV-280 now has presence 2 (was 5)")).to_be_visible()
    fits(page)
    page.screenshot(path=screenshot_path("box-undone-history-phone.png"), full_page=True)
    assert totals() == before
    assert Campaign.objects.get(pk=campaign.pk).box == NAUTILUS_BOX
    change = Change.objects.get(kind=ChangeKind.BOX_CHANGED, undoes=None)
    assert change.is_undone


def test_the_box_form_works_with_javascript_off(live_server, campaign, browser, log_in):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        owner = make_user("caro")
        add_member(campaign, owner, Role.OWNER)
        log_in(page, live_server, owner)
        page.goto(f"{live_server.url}/campaigns/{campaign.slug}/box/locations/new/")
        page.fill("#id_name", "Io")
        page.select_option("#id_zone", "2")
        page.fill("#id_naming_spaces", "2")
        with page.expect_navigation():
            page.get_by_role("button", name="Save").click()
        # Refused beside the field, nothing saved.
        expect(page.get_by_text("Naming spaces count only on a base location")).to_be_visible()
        assert Campaign.objects.get(pk=campaign.pk).box == NAUTILUS_BOX
        page.check("#id_base_location")
        with page.expect_navigation():
            page.get_by_role("button", name="Save").click()
        expect(page.get_by_role("alert")).to_contain_text("Added the location Io")
        assert Campaign.objects.get(pk=campaign.pk).box["locations"][0]["name"] == "Io"
    finally:
        context.close()


def test_a_ship_whose_presence_is_not_printed_is_entered_from_its_card(
    live_server, campaign, phone_page, screenshot_path, log_in
):
    """The rulebook text prints no White Star ship's presence: the box says so and asks for
    the card's value (no 2 typed in); once entered, the ship has it."""
    page = phone_page
    owner = make_user("caro")
    add_member(campaign, owner, Role.OWNER)
    log_in(page, live_server, owner)
    page.goto(f"{live_server.url}/campaigns/{campaign.slug}/box/#ships")
    manchester = page.locator("#ship-the-manchester")
    expect(manchester).to_contain_text("Presence not entered: as printed on your card")
    fits(page)
    page.screenshot(path=screenshot_path("box-ships-not-printed-phone.png"), full_page=True)
    with page.expect_navigation():
        page.get_by_role("link", name="Correct The Manchester").click()
    expect(page.locator("#id_presence")).to_have_value("")
    fits(page)
    page.screenshot(path=screenshot_path("box-ship-form-not-printed-phone.png"), full_page=True)
    page.fill("#id_presence", "3")
    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "The Manchester now has presence 3 (was not entered)"
    )
    expect(page.locator("#ship-the-manchester")).to_contain_text("Presence 3")
