"""Fixtures shared by every app's tests: a real headless Chromium for the browser tests."""

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags Chromium keeps calling hosts this network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
SCREENSHOTS = os.path.join(os.path.dirname(__file__), "screenshots")


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make chromium` (Debian package).")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


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


@pytest.fixture
def screenshot_path():
    """Where a browser test saves a screenshot for a person to look at (git-ignored)."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    return lambda name: os.path.join(SCREENSHOTS, name)
