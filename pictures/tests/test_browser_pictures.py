"""The pictures in a real Chromium: the charts page on a phone and a desktop, a tracker card's
PNG, and a game's summary on a phone and printed on one A4 sheet. Screenshots (and the PNG,
and the printed page) are saved for a person to look at."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign
from pictures import chart_svg
from pictures.tests.test_charts import sign_in
from scoring.tests.catalogue import ensure_catalogue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-campaign.json"
PHONE_WIDTH = 390


@pytest.fixture
def demo() -> Campaign:
    ensure_catalogue()
    return actions.import_campaign(json.loads(DEMO.read_text()))


def signed_in(page, live_server, campaign: Campaign):
    """The browser signed in as a member of `campaign`: the session cookie of a test client."""
    client = Client()
    sign_in(client, campaign)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )
    return page


def fits_the_phone(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} scrolls sideways: {width}px"


def test_the_charts_on_a_phone_and_a_desktop(
    live_server, demo, phone_page, desktop_page, screenshot_path
):
    url = f"{live_server.url}/campaigns/{demo.slug}/charts/"
    signed_in(phone_page, live_server, demo)
    signed_in(desktop_page, live_server, demo)
    phone_page.goto(url)
    fits_the_phone(phone_page)
    pictures = phone_page.locator("img.chart-picture")
    expect(pictures).to_have_count(3)
    expect(phone_page.locator("svg.chart-svg")).to_have_count(1)  # the election strip
    for index in range(3):
        picture = pictures.nth(index)
        picture.scroll_into_view_if_needed()
        # Drawn (an SVG the browser could read), across the card, its labels legible.
        expect(picture).to_have_js_property("complete", True)
        assert picture.evaluate("e => e.naturalWidth") == chart_svg.WIDTH
        width = picture.bounding_box()["width"]
        assert 300 <= width <= PHONE_WIDTH
        assert width / chart_svg.WIDTH * chart_svg.FONT >= 10.5
    expect(phone_page.locator("svg[data-chart=elections] .party-cell")).to_have_count(12)
    # Every corporation in each legend.
    for legend in phone_page.locator('ul.chart-legend[aria-label="Corporations"]').all():
        for name in ("Purple", "Yellow", "Teal", "Orange"):
            expect(legend).to_contain_text(f"{name} corporation")
    phone_page.screenshot(path=screenshot_path("pictures-charts-phone.png"), full_page=True)

    # The numbers behind a chart open from its <details>, still inside the phone (the chart's
    # own: the campaign menu's "More" is a <details> too, earlier in the page).
    phone_page.locator(".chart-card details > summary").first.click()
    expect(phone_page.locator(".chart-card details[open] table tbody tr")).to_have_count(12)
    fits_the_phone(phone_page)
    phone_page.screenshot(path=screenshot_path("pictures-charts-phone-table.png"), full_page=True)

    desktop_page.goto(url)
    expect(desktop_page.locator("img.chart-picture")).to_have_count(3)
    desktop_page.screenshot(path=screenshot_path("pictures-charts-desktop.png"), full_page=True)

    # An election cell opens that game's summary.
    desktop_page.locator("svg[data-chart=elections] a").nth(8).click()
    desktop_page.wait_for_url("**/games/9/summary/")
    assert "Game 9" in desktop_page.content()


def test_a_tracker_card_picture_opens_from_the_charts_page(
    live_server, demo, phone_page, screenshot_path
):
    signed_in(phone_page, live_server, demo)
    phone_page.goto(f"{live_server.url}/campaigns/{demo.slug}/charts/")
    link = phone_page.get_by_role("link", name="Open Purple corporation's tracker card")
    with phone_page.expect_response(re.compile(r"/trackers/purple\.png$")) as answer:
        link.click()
    # The picture opened in the page: wait for it to load before measuring it.
    phone_page.wait_for_url(re.compile(r"/trackers/purple\.png$"))
    response = answer.value
    assert response.status == 200
    assert response.headers["content-type"] == "image/png"
    Path(screenshot_path("pictures-tracker-purple.png")).write_bytes(response.body())
    size = phone_page.evaluate(
        "[document.images[0].naturalWidth, document.images[0].naturalHeight]"
    )
    assert size[0] == 1080 and size[1] > 1000
    phone_page.screenshot(path=screenshot_path("pictures-tracker-purple-phone.png"))


def test_a_game_summary_on_a_phone_and_printed_on_one_a4_sheet(
    live_server, demo, phone_page, desktop_page, screenshot_path
):
    url = f"{live_server.url}/campaigns/{demo.slug}/games/12/summary/"
    signed_in(phone_page, live_server, demo)
    signed_in(desktop_page, live_server, demo)
    phone_page.goto(url)
    fits_the_phone(phone_page)
    assert "Game 12" in phone_page.content()
    phone_page.screenshot(path=screenshot_path("pictures-summary-phone.png"), full_page=True)

    desktop_page.goto(url)
    desktop_page.screenshot(path=screenshot_path("pictures-summary-desktop.png"), full_page=True)
    desktop_page.emulate_media(media="print")
    desktop_page.screenshot(path=screenshot_path("pictures-summary-print.png"), full_page=True)
    pdf = desktop_page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    Path(screenshot_path("pictures-summary.pdf")).write_bytes(pdf)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1


def test_five_corporations_and_sixty_games_still_fit_a_phone(
    live_server, phone_page, screenshot_path
):
    ensure_catalogue()
    data = make_campaign(60, corporations=5)
    data["corporations"][1]["name"] = "Interplanetary Consolidated Mining and Shipping"
    campaign = actions.import_campaign(data)
    signed_in(phone_page, live_server, campaign)
    phone_page.goto(f"{live_server.url}/campaigns/{campaign.slug}/charts/")
    fits_the_phone(phone_page)
    for summary in phone_page.locator("details > summary").all():
        summary.click()
    fits_the_phone(phone_page)
    for picture in phone_page.locator("img.chart-picture").all():
        picture.scroll_into_view_if_needed()
        expect(picture).to_have_js_property("complete", True)
        assert picture.evaluate("e => e.naturalWidth") > 0
    phone_page.screenshot(path=screenshot_path("pictures-charts-60-phone.png"), full_page=True)
    phone_page.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/60/summary/")
    fits_the_phone(phone_page)
    phone_page.screenshot(path=screenshot_path("pictures-summary-60-phone.png"), full_page=True)
