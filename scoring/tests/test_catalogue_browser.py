"""The reference catalogue on a phone in a real Chromium: no sideways scrolling, thumb-sized
targets, what a section brings shown only when asked. (Its forms became each campaign's box:
campaign/tests/test_browser_box.py.)"""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Ship

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("catalogue"),
]

PHONE_WIDTH = 390
TAP_TARGET = 44

PAGES = [
    "catalogue:index",
    "catalogue:locations",
    "catalogue:megastructures",
    "catalogue:ships",
    "catalogue:awards",
    "catalogue:powers",
]

# Buttons, links styled as buttons, inputs and checkbox rows inside the page body (the navbar
# is base.html's). Each must be at least 44 px tall.
SMALL_TARGETS_JS = """
(minimum) => [...document.querySelectorAll(
    'main .btn, main .nav-link, main .form-control, main .form-select, main .form-check'
)].filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < minimum)
  .map(e => e.outerHTML.slice(0, 80))
"""


@pytest.mark.parametrize("name", PAGES)
def test_it_fits_a_phone_with_thumb_sized_targets(live_server, phone_page, screenshot_path, name):
    phone_page.goto(live_server.url + reverse(name))

    assert phone_page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    assert phone_page.evaluate(SMALL_TARGETS_JS, TAP_TARGET) == []
    phone_page.screenshot(
        path=screenshot_path(f"catalogue-{name.split(':')[1]}.png"), full_page=True
    )


def test_the_leased_ships_show_on_a_phone_once_asked_for(live_server, phone_page, screenshot_path):
    page = phone_page
    page.goto(live_server.url + reverse("catalogue:ships"))
    expect(page.get_by_text("DC-Xerxes 8050")).to_be_visible()
    expect(page.get_by_text("Nautilus EV-280")).to_have_count(0)
    expect(page.get_by_role("link", name="Add a ship")).to_have_count(0)
    with page.expect_navigation():
        page.get_by_role("button", name="Yes, show them").click()

    page.get_by_text("Nautilus EV-280").wait_for()
    assert (
        page.get_by_text("White Star Shipyard").count() == Ship.objects.filter(leased=True).count()
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    assert page.evaluate(SMALL_TARGETS_JS, TAP_TARGET) == []
    page.screenshot(path=screenshot_path("catalogue-ships-revealed.png"), full_page=True)
    # The powers stay hidden: only what was asked for shows.
    with page.expect_navigation():
        page.get_by_role("link", name="Section #7").click()
    expect(page.get_by_role("button", name="Yes, show them")).to_be_visible()
    expect(page.get_by_text("political influence")).to_have_count(0)
    page.goto(live_server.url + reverse("catalogue:ships"))
    with page.expect_navigation():
        page.get_by_role("button", name="Hide them again").click()
    expect(page.get_by_text("Nautilus EV-280")).to_have_count(0)
