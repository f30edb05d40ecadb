"""The catalogue on a phone in a real Chromium: no sideways scrolling, thumb-sized targets,
what a section brings shown only when asked, and the add/edit forms work with JavaScript off."""

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Location, Ship

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
TAP_TARGET = 44

PAGES = [
    "catalogue:index",
    "catalogue:locations",
    "catalogue:megastructures",
    "catalogue:ships",
    "catalogue:awards",
    "catalogue:powers",
    "catalogue:location_add",
    "catalogue:ship_add",
    "catalogue:megastructure_add",
]

# Buttons, links styled as buttons, inputs and checkbox rows inside the page body (the navbar
# is base.html's). Each must be at least 44 px tall.
SMALL_TARGETS_JS = """
(minimum) => [...document.querySelectorAll(
    'main .btn, main .nav-link, main .form-control, main .form-select, main .form-check'
)].filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < minimum)
  .map(e => e.outerHTML.slice(0, 80))
"""


@pytest.fixture(autouse=True)
def catalogue():
    call_command("load_catalogue", verbosity=0)


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


def test_it_adds_a_leased_ship_with_javascript_off_after_the_reveal(live_server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        # The form asks first: the question, then the form.
        page.goto(live_server.url + reverse("catalogue:ship_add"))
        expect(page.get_by_text("Are you sure?")).to_be_visible()
        with page.expect_navigation():
            page.get_by_role("button", name="Yes, show them").click()
        with page.expect_navigation():
            page.get_by_role("link", name="Add a ship").click()
        page.fill("#id_name", "WS Corsair")
        page.fill("#id_presence", "3")
        with page.expect_navigation():
            page.click("button[type=submit]")
        expect(page.get_by_text("WS Corsair").first).to_be_visible()
        assert Ship.objects.get(name="WS Corsair").leased
    finally:
        context.close()


def test_a_bad_location_on_a_phone_shows_the_sentence_and_still_fits(live_server, phone_page):
    phone_page.goto(live_server.url + reverse("catalogue:location_add"))
    phone_page.fill("#id_name", "Io")
    phone_page.fill("#id_naming_spaces", "2")
    with phone_page.expect_navigation():
        phone_page.click("button[type=submit]")

    expect(phone_page.get_by_text("Naming spaces count only on a base location")).to_be_visible()
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    assert not Location.objects.filter(name="Io").exists()


def test_it_adds_a_location_with_javascript_off(live_server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(live_server.url + reverse("catalogue:location_add"))
        page.fill("#id_name", "Io")
        page.select_option("#id_zone", "2")
        page.check("#id_base_location")
        page.fill("#id_naming_spaces", "3")
        with page.expect_navigation():
            page.click("button[type=submit]")

        expect(page.get_by_text("Added Io (zone 2).")).to_be_visible()
        assert page.url.endswith(
            reverse("catalogue:locations") + f"#locations-{Location.objects.get(name='Io').pk}"
        )
    finally:
        context.close()
