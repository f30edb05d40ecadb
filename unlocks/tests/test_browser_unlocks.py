"""Game 4 at the table, in a real Chromium on a phone: the checklist announces #7, #8 and #9,
the sections page ticks their components, and the next game's setup sheet has zone 5 and the
player powers. Screenshots (phone and desktop) of the sections page and the setup sheet."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from scoring.tests.catalogue import ensure_catalogue
from tests.plugins.pages import fill
from unlocks.models import ComponentTick

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
TAP_TARGET = 43.5  # 44 CSS px, less sub-pixel rounding
TAP_TARGETS = "main .btn, main .form-control, main .form-select, main .form-check"


@pytest.fixture
def three_games():
    """Games 1-3 played (purple wins each); game 4 is next."""
    ensure_catalogue()
    data = make_campaign(
        corporations=("purple", "yellow"), tables=[leader_table("purple", "yellow")] * 3
    )
    data["name"] = "Thursday group"
    return owned(actions.import_campaign(data))


def fits_the_phone(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} scrolls sideways: {width}px"
    small = page.evaluate(
        """([selector, minimum]) => [...document.querySelectorAll(selector)]
            .filter(e => e.offsetParent !== null && e.type !== 'hidden')
            .map(e => [e.textContent.trim().slice(0, 40) || e.name,
                       e.getBoundingClientRect().height])
            .filter(([, h]) => h < minimum)""",
        [TAP_TARGETS, TAP_TARGET],
    )
    assert small == [], f"{page.url}: tap targets under 44px: {small}"


def score_game_4(page) -> None:
    """The scoring wizard: purple (seat 1) wins game 4 clearly, then the checklist."""
    fill(page, '[name="hubs-hensler_workers"]', "3")
    fill(page, '[name="hubs-ufss_workers"]', "3")
    fill(page, '[name="hubs-zone1_workers"]', "3")
    fill(page, '[name="ballots-united_federalists"]', "2")
    fill(page, '[name="p1-credits"]', "12")
    fill(page, '[name="p1-megastructure_tokens"]', "3")
    fill(page, '[name="p1-outposts_1"]', "3")
    fill(page, '[name="p2-credits"]', "2")
    fill(page, '[name="p2-outposts_2"]', "1")
    page.get_by_role("button", name="Score and save").click()
    page.wait_for_url("**/games/4/checklist/")


@pytest.mark.long
def test_game_4_unlocks_7_8_9_ticked_on_the_sections_page_and_set_up_for_game_5(
    live_server, three_games, phone_page, desktop_page, screenshot_path, owner, log_in
):
    log_in(phone_page, live_server, owner)
    log_in(desktop_page, live_server, owner)
    campaign = three_games
    base = f"{live_server.url}/campaigns/{campaign.slug}"
    page = phone_page

    # Finish game 4: the checklist announces the three sections, titles and all.
    page.goto(f"{base}/games/new/")
    page.wait_for_selector('[name="p2-credits"]')
    score_game_4(page)
    events = page.locator("#step-events")
    for announced in ("#7 Variable Player Powers", "#8 Zone 5", "#9 Type II Megastructures"):
        expect(events).to_contain_text(announced, use_inner_text=True)

    # #7: each corporation picks its power on the checklist, the winner first (each pick is a
    # form post that comes back to the checklist).
    page.select_option('[name="power-purple-power"]', "extra-credits")
    with page.expect_navigation():
        page.locator('form[action$="/power/purple/"] button').click()
    page.wait_for_selector('[name="power-yellow-power"]')
    page.select_option('[name="power-yellow-power"]', "extra-ip")
    with page.expect_navigation():
        page.locator('form[action$="/power/yellow/"] button').click()

    # The sections page: the new sections first, announced, each with its checklist.
    events = page.locator("#step-events")
    events.get_by_role("link", name="Open the sections").click()
    page.wait_for_url("**/sections/")
    expect(page.locator("#just-unlocked")).to_contain_text(
        "Unlocked after game 4: #7 Variable Player Powers, #8 Zone 5, #9 Type II",
        use_inner_text=True,
    )
    expect(page.locator("[data-unlocked]").first).to_have_attribute("data-unlocked", "7")
    fits_the_phone(page)

    # Tick #8's components: each tap saves at once (htmx) and the card counts them; the next
    # tap waits for the card to come back counting the last one.
    eight = page.locator("#section-8")
    expect(eight).to_contain_text("0 of 3 done", use_inner_text=True)
    for done, label in enumerate(
        (
            "Open envelope 6",
            "Check the #8 rule box on page 12",
            "Hand out the new campaign tracker cards",
        ),
        start=1,
    ):
        eight.get_by_label(label).check()
        expect(eight).to_contain_text(f"{done} of 3 done", use_inner_text=True)
    assert set(
        ComponentTick.objects.filter(campaign=campaign, section=8).values_list("item", flat=True)
    ) == {"envelope-6", "rule-box-p12-the-6-zones-of-the-solar-system", "step-new_tracker_cards"}
    # A reload shows them ticked (stored, not just on screen).
    page.reload()
    expect(page.locator("#section-8").get_by_label("Open envelope 6")).to_be_checked()
    page.screenshot(path=screenshot_path("unlocks-sections-phone.png"), full_page=True)

    # Locked sections show number and trigger only.
    ten = " ".join(page.locator("#section-10").inner_text().split())
    assert ten.startswith("#10 locked When you have built the sky hooks around zone 5")
    assert "Zone 6" not in ten

    # The setup sheet for game 5: zone 5 in play, the powers held, the Type II choice.
    page.locator("nav[aria-label=Campaign]").get_by_role("link", name="Next game setup").click()
    page.wait_for_url("**/setup/")
    sheet = page.locator("main")
    for words in (
        "Setup for game 5",
        "Zones in play: 1, 2, 3, 4, 5",
        "Start each game with three additional credits",
        "You get an additional 2 end game influence points",
        "Purple corporation (winner of the last game) chooses one of:",
    ):
        expect(sheet).to_contain_text(words, use_inner_text=True)
    fits_the_phone(page)
    page.screenshot(path=screenshot_path("unlocks-setup-phone.png"), full_page=True)

    desktop_page.goto(f"{base}/sections/")
    desktop_page.screenshot(path=screenshot_path("unlocks-sections-desktop.png"), full_page=True)
    desktop_page.goto(f"{base}/setup/")
    desktop_page.screenshot(path=screenshot_path("unlocks-setup-desktop.png"), full_page=True)
    desktop_page.emulate_media(media="print")
    desktop_page.screenshot(path=screenshot_path("unlocks-setup-print.png"), full_page=True)
    desktop_page.pdf(path=screenshot_path("unlocks-setup.pdf"), format="A4")


def test_the_pages_fit_the_phone_and_work_without_javascript(
    live_server, three_games, browser, screenshot_path, owner, log_in
):
    campaign = three_games
    base = f"{live_server.url}/campaigns/{campaign.slug}"
    context = browser.new_context(
        java_script_enabled=False,
        viewport={"width": PHONE_WIDTH, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    log_in(page, live_server, owner)
    try:
        for path in ("sections/", "next/", "setup/", "rules/", "sections/19/"):
            page.goto(f"{base}/{path}")
            fits_the_phone(page)
            name = path.strip("/").replace("/", "-")
            page.screenshot(path=screenshot_path(f"unlocks-nojs-{name}-phone.png"), full_page=True)

        # Ticking without JavaScript: a real form post, then back to the section.
        page.goto(f"{base}/sections/")
        page.locator("#section-5").wait_for()
        page.locator("#section-6").get_by_label("Add the political influence cards").check()
        page.locator("#section-6").get_by_role("button", name="Save the checklist").click()
        page.wait_for_url("**/sections/?open=6#section-6")
        six = page.locator("#section-6")
        expect(six.get_by_label("Add the political influence")).to_be_checked()
        expect(six).to_contain_text("1 of 3 done", use_inner_text=True)

        # A reveal asks first, then shows the title to this person only.
        page.goto(f"{base}/sections/")
        with page.expect_navigation():
            page.locator("#section-16").get_by_role("link", name="Reveal #16 to me…").click()
        expect(page.locator("main")).to_contain_text("Are you sure?", use_inner_text=True)
        assert "Wage Squeeze" not in page.content()
        fits_the_phone(page)
        page.screenshot(path=screenshot_path("unlocks-reveal-phone.png"), full_page=True)
        page.get_by_role("button", name="Yes, show me #16").click()
        page.wait_for_url("**/sections/16/")
        expect(page.locator("main")).to_contain_text("#16 Wage Squeeze", use_inner_text=True)
    finally:
        context.close()
