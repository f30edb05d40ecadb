"""The suite's Chromium is started again when it hangs (`Chromium`, tests/plugins/chromium.py):
a Chromium that no longer answers is stopped, and the next test gets a new one that works."""

import pytest

from tests.plugins import chromium

pytestmark = pytest.mark.browser


def test_a_chromium_that_stopped_answering_is_replaced(browser):
    context = browser.new_context()
    context.new_page().set_content("<p>before</p>")
    first = browser.current
    # What the watchdog does to a hung Chromium: every process of it stopped.
    assert chromium._chromium_processes()
    chromium._kill_chromium()
    browser.close_contexts()
    assert browser.current is not first and browser.is_connected()
    page = browser.new_context().new_page()
    page.set_content("<p>after</p>")
    assert page.inner_text("p") == "after"
    browser.close_contexts()
    assert browser.contexts == []
