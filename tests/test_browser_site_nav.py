"""The site's navigation folds on a phone (templates/base.html): at 390x844 the page comes
first, under one row (the name, who is signed in, "Menu"), and the links open from "Menu",
with JavaScript (Bootstrap's collapse) and without it (a link to #site-menu, shown by
:target); at desktop width the links are one row, always shown, as before."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.tests.factory import make_user
from tests.plugins.pages import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The navigation's one row on a phone: 44 px controls and the bar's padding.
PHONE_NAV_MAX = 64
MIN_TAP = 44


def nav_height(page) -> float:
    return page.evaluate("document.querySelector('.site-nav').getBoundingClientRect().height")


def menu_link(page):
    return page.locator("#site-menu").get_by_role("link", name="Play log")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_on_a_phone_the_page_comes_first_and_menu_opens(
    browser, live_server, log_in, screenshot_path, javascript
):
    owner = make_user("nav-phone-user")
    context = browser.new_context(**PHONE, java_script_enabled=javascript)
    try:
        page = context.new_page()
        log_in(page, live_server, owner)
        page.goto(live_server.url + reverse("playlog:list"))
        page.screenshot(path=screenshot_path("site-nav-phone-first.png"))
        assert nav_height(page) <= PHONE_NAV_MAX
        # Who is signed in, and the way out, stay in view.
        assert page.get_by_role("button", name="Log out").is_visible()
        assert not menu_link(page).is_visible()
        toggle = page.locator(".site-menu-toggle")
        box = toggle.bounding_box()
        assert box["height"] >= MIN_TAP and box["width"] >= MIN_TAP
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
        if javascript:
            page.screenshot(path=screenshot_path("site-nav-phone-closed.png"))
        toggle.click()
        menu_link(page).wait_for(state="visible", timeout=3000)
        assert menu_link(page).bounding_box()["height"] >= MIN_TAP
        if javascript:
            assert toggle.get_attribute("aria-expanded") == "true"
            page.wait_for_selector("#site-menu.show:not(.collapsing)")
            page.screenshot(path=screenshot_path("site-nav-phone-open.png"))
        with page.expect_navigation():
            menu_link(page).click()
        assert page.url.split("#")[0].endswith(reverse("playlog:list"))
    finally:
        context.close()


def test_at_desktop_width_the_links_are_one_row(browser, live_server, log_in, screenshot_path):
    owner = make_user("nav-desk-user")
    context = browser.new_context(**DESKTOP)
    try:
        page = context.new_page()
        log_in(page, live_server, owner)
        page.goto(live_server.url + reverse("playlog:list"))
        assert not page.locator(".site-menu-toggle").is_visible()
        tops = set()
        for name in ("Campaigns", "Play log", "Score a game", "Scored games"):
            link = page.locator("#site-menu").get_by_role("link", name=name)
            assert link.is_visible()
            tops.add(round(link.bounding_box()["y"]))
        tops.add(round(page.get_by_role("button", name="Log out").bounding_box()["y"]))
        assert len(tops) == 1, tops
        page.screenshot(path=screenshot_path("site-nav-desktop.png"))
    finally:
        context.close()
