"""The Content-Security-Policy in a real Chromium: every page, and what runs on them (htmx,
the wizard's live result and steppers, the charts' pictures), with no violation.

Every page the owner of the demo campaign can GET (as tests/test_browser_every_page.py finds
them) is loaded with a listener for `securitypolicyviolation` installed before any of the
page's own code, and Chromium's console is read for "Content Security Policy" errors. Each
page is read once the network has been idle for half a second (what it fetches after loading
included); two tabs take turns, so that one waits out its half second while the other loads.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.tests.catalogue import ensure_catalogue
from tests.test_browser_every_page import Demo, html_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WATCH = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample || ''}`.trim());
});
"""


INLINE_HANDLERS = """
() => Array.from(document.querySelectorAll('*')).flatMap((el) =>
  el.getAttributeNames()
    .filter((name) => name.startsWith('on') || name.startsWith('hx-on'))
    .map((name) => `<${el.tagName.toLowerCase()} ${name}>`))
"""


def watched(context):
    """A new page of `context` whose console errors are kept (`page.console_errors`)."""
    page = context.new_page()
    console: list[str] = []
    page.on(
        "console",
        lambda message: (
            console.append(message.text)
            if message.type == "error" or "Content Security Policy" in message.text
            else None
        ),
    )
    page.console_errors = console
    return page


@pytest.fixture
def watched_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(WATCH)
    yield watched(context)
    context.close()


def _violations(page) -> list[str]:
    found = page.evaluate("window.__violations || []")
    return found + [text for text in page.console_errors if "Content Security Policy" in text]


@pytest.mark.long
def test_no_page_violates_the_content_security_policy(watched_page, live_server, log_in):
    ensure_catalogue()
    demo = Demo()
    pages = html_pages(demo)
    assert len(pages) >= 40
    log_in(watched_page, live_server, demo.owner)
    tabs = [watched_page, watched(watched_page.context)]
    failures = []
    read = 0
    for first in range(0, len(pages), len(tabs)):
        turn = list(zip(tabs, pages[first : first + len(tabs)], strict=False))
        for tab, (_name, url) in turn:
            response = tab.goto(live_server.url + url)
            assert "script-src 'self'" in response.headers["content-security-policy"], url
        for tab, (name, url) in turn:
            tab.wait_for_load_state("networkidle")
            found = _violations(tab)
            # Handlers in attributes: the policy blocks on*="", and htmx (allowEval off)
            # ignores hx-on, so either would be a control that silently does nothing.
            found += tab.evaluate(INLINE_HANDLERS)
            if found:
                failures.append(f"{name} {url}: {found}")
            tab.console_errors.clear()
            read += 1
    assert failures == [], "\n".join(failures)
    assert read == len(pages)
    # The check itself sees a violation: an inline <style> element is refused and reported.
    watched_page.evaluate(
        "() => { const s = document.createElement('style'); s.textContent = 'p { color: red }';"
        " document.head.appendChild(s); }"
    )
    watched_page.wait_for_timeout(200)
    assert any("style-src-elem" in found for found in _violations(watched_page))


def test_htmx_and_the_wizard_work_under_the_policy(watched_page, live_server, log_in):
    ensure_catalogue()
    demo = Demo()
    log_in(watched_page, live_server, demo.owner)
    slug = demo.campaign.slug
    watched_page.goto(f"{live_server.url}{reverse('campaign:game_add', args=[slug])}")
    # htmx read its configuration from the meta tag: no indicator <style> injected.
    assert watched_page.evaluate("htmx.config.includeIndicatorStyles") is False
    assert watched_page.evaluate("document.querySelectorAll('style').length") == 0
    credits = watched_page.locator("input[name$='-credits']").first
    # Typing asks for the live result (an htmx request, no inline handler involved).
    with watched_page.expect_response(lambda r: "/games/preview/" in r.url) as answer:
        credits.fill("7")
    assert answer.value.status == 200
    # A stepper button (static/js/app.js) steps its field.
    stepper = watched_page.locator("[data-step='1']").first
    field = stepper.locator("xpath=..").locator("input").first
    before = int(field.input_value() or 0)
    stepper.click()
    assert int(field.input_value()) == before + 1
    # The charts page draws its pictures (SVG documents of their own policy).
    watched_page.goto(f"{live_server.url}{reverse('pictures:charts', args=[slug])}")
    watched_page.wait_for_load_state("networkidle")
    widths = watched_page.eval_on_selector_all(
        "img.chart-picture", "(imgs) => imgs.map((img) => img.naturalWidth)"
    )
    assert widths and all(width > 0 for width in widths)
    assert _violations(watched_page) == []
