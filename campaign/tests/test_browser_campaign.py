"""A group's evening in a real Chromium, on a phone: a new campaign, two games scored through the
wizard, the checklist with a city named, the standings. Screenshots for a person to look at."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from campaign.models import Campaign
from tests.plugins.pages import fill

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
# Buttons, links styled as buttons, fields: the tap targets of these pages.
TAP_TARGETS = "main .btn, main .form-control, main .form-select, main .campaign-nav a"


def fits_the_phone(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} scrolls sideways: {width}px"
    small = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter(e => e.offsetParent !== null && e.type !== 'hidden')
            .map(e => [e.textContent.trim().slice(0, 30) || e.name,
                       e.getBoundingClientRect().height])
            .filter(([, h]) => h < 43.5)""",
        TAP_TARGETS,
    )
    assert small == [], f"{page.url}: tap targets under 44px: {small}"


def score_game(page, *, winner: str, loser: str) -> None:
    """Fill the wizard so that seat `winner` (p1/p2) wins clearly, then save."""
    fill(page, '[name="hubs-hensler_workers"]', "3")
    fill(page, '[name="hubs-ufss_workers"]', "3")
    fill(page, '[name="hubs-zone1_workers"]', "3")
    fill(page, '[name="ballots-united_federalists"]', "2")
    fill(page, f'[name="{winner}-credits"]', "12")
    fill(page, f'[name="{winner}-megastructure_tokens"]', "3")
    fill(page, f'[name="{winner}-outposts_1"]', "3")
    fill(page, f'[name="{loser}-credits"]', "2")
    fill(page, f'[name="{loser}-outposts_2"]', "1")
    page.get_by_role("button", name="Score and save").click()
    page.wait_for_url("**/checklist/")


@pytest.mark.long
def test_a_new_campaign_two_games_the_checklist_and_the_standings(
    live_server, catalogue, phone_page, desktop_page, screenshot_path, owner, log_in
):
    log_in(phone_page, live_server, owner)
    log_in(desktop_page, live_server, owner)
    page = phone_page
    page.goto(f"{live_server.url}/campaigns/new/")
    fits_the_phone(page)
    fill(page, '[name="name"]', "Thursday group")
    fill(page, '[name="corp-0-player"]', "Caro")
    fill(page, '[name="corp-1-player"]', "Ali")
    page.get_by_role("button", name="Create the campaign").click()
    page.wait_for_url("**/campaigns/thursday-group/")
    assert "Next: game 1" in page.content()
    fits_the_phone(page)

    # Game 1: purple (seat 1) wins.
    # "Enter game 1" offers the table together; this phone enters it alone.
    with page.expect_navigation():
        page.get_by_role("link", name="Enter game 1").click()
    with page.expect_navigation():
        page.get_by_role("link", name="enter the whole table on this phone").click()
    page.wait_for_selector('[name="p2-credits"]')
    assert "Zones in play: 1, 2" in page.content()
    fits_the_phone(page)
    score_game(page, winner="p1", loser="p2")
    assert "After game 1: the checklist" in page.content()
    fits_the_phone(page)

    # The winner names a city (the form swaps in place with htmx).
    page.select_option('[name="city-location"]', "Mars")
    fill(page, '[name="city-name"]', "New Caro")
    page.get_by_role("button", name="Name the city").click()
    page.wait_for_selector("text=named New Caro")
    assert "<strong>#1</strong> Zone 3" in page.content()

    # Game 2: zone 3 is now in play; yellow (seat 2) wins.
    page.goto(f"{live_server.url}/campaigns/thursday-group/games/new/")
    page.wait_for_selector('[name="p2-credits"]')
    assert "Zones in play: 1, 2, 3" in page.content()
    score_game(page, winner="p2", loser="p1")
    assert "After game 2: the checklist" in page.content()
    page.screenshot(path=screenshot_path("campaign-checklist-phone.png"), full_page=True)
    page.select_option('[name="city-location"]', "Ganymede")
    fill(page, '[name="city-name"]', "Ali Station")
    page.get_by_role("button", name="Name the city").click()
    page.wait_for_selector("text=named Ali Station")
    fits_the_phone(page)

    # The standings.
    page.get_by_role("link", name="Done: see the standings").click()
    page.wait_for_url("**/campaigns/thursday-group/")
    content = page.content()
    assert "Standings" in content and "Last game: game 2" in content and "Next: game 3" in content
    fits_the_phone(page)
    page.screenshot(path=screenshot_path("campaign-dashboard-phone.png"), full_page=True)

    pages = {
        "games": "games/",
        "trackers": "trackers/",
        "elections": "elections/",
        "cities": "cities/",
    }
    for name, path in pages.items():
        page.goto(f"{live_server.url}/campaigns/thursday-group/{path}")
        fits_the_phone(page)
        page.screenshot(path=screenshot_path(f"campaign-{name}-phone.png"), full_page=True)
    assert "New Caro" in page.content() and "Ali Station" in page.content()

    for name, path in {"dashboard": "", **pages, "checklist": "games/2/checklist/"}.items():
        desktop_page.goto(f"{live_server.url}/campaigns/thursday-group/{path}")
        shot = screenshot_path(f"campaign-{name}-desktop.png")
        desktop_page.screenshot(path=shot, full_page=True)


def test_the_pages_work_without_javascript(
    live_server, catalogue, browser, screenshot_path, owner, log_in
):
    context = browser.new_context(
        java_script_enabled=False,
        viewport={"width": PHONE_WIDTH, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    log_in(page, live_server, owner)
    try:
        page.goto(f"{live_server.url}/campaigns/new/")
        fill(page, '[name="name"]', "No script group")
        fill(page, '[name="corp-0-player"]', "Caro")
        fill(page, '[name="corp-1-player"]', "Ali")
        page.get_by_role("button", name="Create the campaign").click()
        page.wait_for_url("**/campaigns/no-script-group/")
        with page.expect_navigation():
            page.get_by_role("link", name="Enter game 1").click()
        with page.expect_navigation():
            page.get_by_role("link", name="enter the whole table on this phone").click()
        page.wait_for_selector('[name="p2-credits"]')
        score_game(page, winner="p1", loser="p2")
        page.select_option('[name="city-location"]', "Mars")
        fill(page, '[name="city-name"]', "Plain City")
        # No JavaScript: a real form post, and the checklist loaded again.
        with page.expect_navigation():
            page.get_by_role("button", name="Name the city").click()
        page.wait_for_selector("text=named Plain City")
        fits_the_phone(page)
    finally:
        context.close()


@pytest.mark.long
def test_a_long_campaign_reads_well_on_a_phone(
    live_server, catalogue, phone_page, desktop_page, screenshot_path, log_in
):
    """The demo campaign (awards, a same-game tie, debts, powers, an overthrow): every page fits
    the phone, and the screenshots show the stickers and the full tracker cards."""
    call_command("load_demo", verbosity=0)
    campaign = Campaign.objects.get()
    demo = campaign.memberships.get().user  # its owner, as `make run` prints
    log_in(phone_page, live_server, demo)
    log_in(desktop_page, live_server, demo)
    last = campaign.state["games_played"]
    paths = {
        "dashboard": "",
        "games": "games/",
        "trackers": "trackers/",
        "elections": "elections/",
        "cities": "cities/",
        "checklist": f"games/{last}/checklist/",
        "edit": f"games/{last}/edit/",
    }
    paths.update({f"checklist-{n}": f"games/{n}/checklist/" for n in range(1, last)})
    for name, path in paths.items():
        phone_page.goto(f"{live_server.url}/campaigns/{campaign.slug}/{path}")
        fits_the_phone(phone_page)
        if not name.startswith("checklist-"):
            shot = screenshot_path(f"demo-{name}-phone.png")
            phone_page.screenshot(path=shot, full_page=True)
    for name in ("dashboard", "trackers"):
        desktop_page.goto(f"{live_server.url}/campaigns/{campaign.slug}/{paths[name]}")
        shot = screenshot_path(f"demo-{name}-desktop.png")
        desktop_page.screenshot(path=shot, full_page=True)
    for name, path in (
        ("new", "/campaigns/new/"),
        ("midway", "/campaigns/new/mid-campaign/"),
        ("list", "/campaigns/"),
    ):
        phone_page.goto(f"{live_server.url}{path}")
        fits_the_phone(phone_page)
        phone_page.screenshot(path=screenshot_path(f"campaign-{name}-phone.png"), full_page=True)
