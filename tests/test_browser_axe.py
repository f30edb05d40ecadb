"""axe-core (the npm package, `make axe`) in a real Chromium: what the walk of every page
(tests/test_browser_walk.py) runs on each page, for everyone, on a phone and at desktop width,
and a test that it reports a serious or critical violation where there is one.

axe's source is handed to each context once, as Playwright's init script, which Chromium
evaluates in every page before the page's own scripts (not subject to the page's
Content-Security-Policy, which stays as the site sends it). Evaluated with every page through
Playwright instead, axe's half-megabyte source cost a fifth of Chromium's time in the walk.
While one width's page loads, axe runs in the other's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from tests.plugins.pages import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

# axe runs in one page while the other width's page loads (two renderer processes): `start`
# leaves axe's promise on the page, `collect` awaits it and keeps the serious ones.
# Only the rules that can find a serious or critical violation run: axe gives every rule its
# impact (a violation of the rule has the rule's impact, `_finalizeRuleResult` in axe.js), and
# the 31 rules of minor or moderate impact (`region`, `heading-order`, the landmark rules...)
# could never fail this walk. Skipping them is about a quarter of axe's time on a page.
START = """
([serious, skipped]) => {
  const off = axe._audit.rules.filter(
    (rule) => !serious.includes(rule.impact) || skipped.includes(rule.id));
  const rules = Object.fromEntries(off.map((rule) => [rule.id, {enabled: false}]));
  window.axeRun = axe.run(document, {resultTypes: ['violations'], rules});
}
"""
COLLECT = """
async (serious) => {
  const result = await window.axeRun;
  return result.violations
    .filter((v) => serious.includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.help}: ` +
      v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '));
}
"""


def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `make axe` (npm ci installs axe-core).")
    return AXE.read_text(encoding="utf-8")


def axe_context(browser, **options):
    """A browser context in whose every page axe is there before the page's own scripts (and
    no service worker)."""
    context = browser.new_context(**options, service_workers="block")
    context.add_init_script(script=axe_source())
    return context


def start(page, skip: tuple[str, ...] = ()) -> None:
    """axe's run begins on `page`, but for the rules `skip` names (a check the caller makes
    otherwise, e.g. every text's contrast in tests/test_browser_walk.py)."""
    page.evaluate(START, [list(SERIOUS), list(skip)])


def collect(page) -> list[str]:
    return page.evaluate(COLLECT, list(SERIOUS))


def violations(page) -> list[str]:
    start(page)
    return collect(page)


def test_the_walk_sees_a_serious_violation(browser, live_server):
    """The check itself: a button with no name and an image with no text are reported."""
    context = axe_context(browser, **PHONE)
    page = context.new_page()
    page.goto(live_server.url + "/accounts/login/")
    # axe is there under the page's own policy, which the init script is not subject to.
    assert "script-src 'self'" in page.evaluate(
        "fetch(location.href).then((r) => r.headers.get('content-security-policy'))"
    )
    assert violations(page) == []
    page.evaluate(
        "document.querySelector('main').insertAdjacentHTML('beforeend',"
        ' \'<button id="nameless"></button><img id="wordless" src="/favicon.ico">'
        '<p id="faint" style="color: #777; background: #888">hard to read</p>\')'
    )
    found = violations(page)
    context.close()
    assert any(f.startswith("button-name (critical)") and "#nameless" in f for f in found)
    assert any(f.startswith("image-alt (critical)") and "#wordless" in f for f in found)
    # A serious one too: the rules left out are only those of minor or moderate impact.
    assert any(f.startswith("color-contrast (serious)") and "#faint" in f for f in found)
