"""The Content-Security-Policy in a real Chromium: what runs on the pages (htmx, the wizard's
live result and steppers, the charts' pictures, the service worker) with no violation, and the
check the walk of every page (tests/test_browser_walk.py) makes on each page for everyone: a
listener for `securitypolicyviolation` installed before any of the page's own code, and
Chromium's console read for "Content Security Policy" errors, once the network has been idle
for half a second (what the page fetches after loading included).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.tests.catalogue import ensure_catalogue
from tests.test_browser_every_page import Demo

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


def watch_console(page):
    """`page`, whose console errors are kept from now on (`page.console_errors`)."""
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
    yield watch_console(context.new_page())
    context.close()


def policy_violations(page) -> list[str]:
    """What the policy refused on `page` since it loaded (its listener and the console)."""
    found = page.evaluate("window.__violations || []")
    return found + [text for text in page.console_errors if "Content Security Policy" in text]


def test_the_check_sees_a_violation_and_an_inline_handler(watched_page, live_server):
    """The walk's check itself: an inline <style> element is refused and reported, and an
    element with an inline handler is named."""
    watched_page.goto(live_server.url + reverse("login"))
    assert policy_violations(watched_page) == []
    assert watched_page.evaluate(INLINE_HANDLERS) == []
    watched_page.evaluate(
        "() => { const s = document.createElement('style'); s.textContent = 'p { color: red }';"
        " document.head.appendChild(s);"
        " document.body.insertAdjacentHTML('beforeend', '<p onclick=\"go()\">tap</p>'); }"
    )
    watched_page.wait_for_timeout(200)
    assert any("style-src-elem" in found for found in policy_violations(watched_page))
    assert watched_page.evaluate(INLINE_HANDLERS) == ["<p onclick>"]


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
    # The service worker registers under the policy (the walk of every page blocks it).
    assert watched_page.evaluate("() => navigator.serviceWorker.ready.then((r) => !!r.active)")
    # The charts page draws its pictures (SVG documents of their own policy).
    watched_page.goto(f"{live_server.url}{reverse('pictures:charts', args=[slug])}")
    watched_page.wait_for_load_state("networkidle")
    widths = watched_page.eval_on_selector_all(
        "img.chart-picture", "(imgs) => imgs.map((img) => img.naturalWidth)"
    )
    assert widths and all(width > 0 for width in widths)
    assert policy_violations(watched_page) == []
