"""Browser pages for a test: a phone's or a desktop's (`PHONE`, `DESKTOP`, the fixtures
`phone_page` and `desktop_page`), signed in (`log_in`), typed into as a person does (`fill`),
and where a screenshot is saved."""

import os
from pathlib import Path

import pytest
from django.test import Client

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
# At the project's root (git-ignored).
SCREENSHOTS = os.path.join(Path(__file__).resolve().parents[2], "screenshots")


@pytest.fixture
def phone_page(browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def desktop_page(browser):
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    yield page
    context.close()


# The screenshots are for a person to look at (`make screenshots`); a screenshot checks
# nothing, and a whole page's costs Chromium up to a second, so `make test` skips them.
TAKE_SCREENSHOTS = os.environ.get("SCREENSHOTS") == "1"


@pytest.fixture
def screenshot_path():
    """Where a browser test saves a screenshot for a person to look at (git-ignored)."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    return lambda name: os.path.join(SCREENSHOTS, name)


@pytest.fixture(scope="session", autouse=True)
def screenshots_only_when_asked():
    """Unless SCREENSHOTS=1, a screenshot a test saves into SCREENSHOTS is not taken (the
    page, locator or element is left as it is, and nothing is written); any other screenshot
    (one a test reads) is."""
    if TAKE_SCREENSHOTS:
        yield
        return
    from playwright.sync_api import ElementHandle, Locator, Page

    originals = {kind: kind.screenshot for kind in (Page, Locator, ElementHandle)}

    def skipping(original):
        def screenshot(self, *args, **kwargs):
            path = kwargs.get("path")
            if path is not None and os.path.dirname(os.path.abspath(path)) == SCREENSHOTS:
                return b""
            return original(self, *args, **kwargs)

        return screenshot

    for kind, original in originals.items():
        kind.screenshot = skipping(original)
    yield
    for kind, original in originals.items():
        kind.screenshot = original


def log_in_browser(page, live_server, user) -> None:
    """Give a browser page `user`'s session cookie (logging in through the form is tested
    once, in accounts/tests/test_browser_accounts.py; the other tests start logged in)."""
    from django.conf import settings

    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )


@pytest.fixture
def log_in():
    """`log_in(page, live_server, user)`: that page's browser context is signed in as `user`."""
    return log_in_browser


def fill(page, selector: str, value: str) -> None:
    """Type into a field as a person does: a field folded away (a zone with nothing in it yet,
    the rarer fields) is opened with a tap on its fold first."""
    field = page.locator(selector)
    if not field.is_visible():
        field.locator("xpath=ancestor::details[1]/summary").click()
    field.fill(value)
