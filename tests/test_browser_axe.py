"""Every page passes axe-core (the npm package, `make axe`) in a real Chromium with no serious or
critical violation: for the owner, a player, a viewer and a signed-out visitor (who reads the
sign-in pages, an invitation and the public page), on a phone (390 px) and at desktop width.

The pages are the every-page test's (tests/test_browser_every_page.py): every named address of
every app, filled from the demo campaign, that answers that person's GET with HTML, so a page added
tomorrow is walked too. One context per person and width; axe's source is handed to each context
once, as Playwright's init script, which Chromium evaluates in every page before the page's own
scripts (not subject to the page's Content-Security-Policy, which stays as the site sends it).
Evaluated with every page through Playwright instead, axe's half-megabyte source cost a fifth of
Chromium's time in the walk. While one width's page loads, axe runs in the other's. The service
worker is blocked in this walk (`service_workers="block"`): it changes nothing a page shows online,
it is walked by offline/tests and registered under the policy by tests/test_browser_csp.py, and
handing every page through it cost a fifth of each page load in Chromium.

Measured: 466 page visits, 194 s on a quiet two-core machine in one test; each person's walk
is a test of its own, so the suite's workers share the four out. It runs on the SQLite leg of
`make test` only.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from conftest import DESKTOP, PHONE
from scoring.tests.catalogue import ensure_catalogue
from tests.test_browser_every_page import Demo, html_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

# axe runs in one page while the other width's page loads (two renderer processes): `start`
# leaves axe's promise on the page, `collect` awaits it and keeps the serious ones.
START = "() => { window.axeRun = axe.run(document, {resultTypes: ['violations']}); }"
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


def start(page) -> None:
    page.evaluate(START)


def collect(page) -> list[str]:
    return page.evaluate(COLLECT, list(SERIOUS))


def violations(page) -> list[str]:
    start(page)
    return collect(page)


PEOPLE = ("owner", "player", "viewer", "signed out")


@pytest.mark.long
@pytest.mark.parametrize("person", PEOPLE)
def test_every_page_passes_axe_for_everyone_on_a_phone_and_a_desktop(
    browser, live_server, log_in, person
):
    """One person's walk (the four run apart, so the suite's workers share them out)."""
    if connection.vendor != "sqlite":
        # What the pages are made of does not depend on the database: the SQLite leg of
        # `make test` walks them, and the PostgreSQL leg keeps its minutes for what does.
        pytest.skip("the accessibility walk runs on the SQLite leg")
    ensure_catalogue()
    demo = Demo()
    player = make_user("axe-player")
    viewer = make_user("axe-viewer")
    for space in (demo.campaign, demo.plays.log):
        add_member(space, player, Role.PLAYER)
        add_member(space, viewer, Role.VIEWER)
    user, pages = {
        "owner": lambda: (demo.owner, html_pages(demo)),
        "player": lambda: (player, html_pages(demo, player)),
        "viewer": lambda: (viewer, html_pages(demo, viewer)),
        "signed out": lambda: (None, html_pages(demo, signed_out=True)),
    }[person]()
    names = {name for name, _ in pages}
    if person == "owner":
        assert len(pages) >= 40
    elif person == "signed out":
        assert {"login", "accounts:join", "public:dashboard", "public:trackers"} <= names
        assert "campaign:dashboard" not in names
    else:
        assert {"campaign:dashboard", "playlog:log"} <= names

    started = time.monotonic()
    failures = []
    walked = 0
    widths = {"phone": axe_context(browser, **PHONE), "desktop": axe_context(browser, **DESKTOP)}
    tabs = {width: context.new_page() for width, context in widths.items()}
    if user is not None:
        for tab in tabs.values():
            log_in(tab, live_server, user)
    for name, url in pages:
        for tab in tabs.values():
            tab.goto(live_server.url + url)
            start(tab)
        for width, tab in tabs.items():
            walked += 1
            for found in collect(tab):
                failures.append(f"{person}, {width}, {name} {url}: {found}")
    for context in widths.values():
        context.close()
    seconds = time.monotonic() - started
    assert failures == [], f"{len(failures)} violations:\n" + "\n".join(failures)
    assert walked == 2 * len(pages)
    print(f"axe walked {walked} pages for {person} in {seconds:.0f} s")


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
        ' \'<button id="nameless"></button><img id="wordless" src="/favicon.ico">\')'
    )
    found = violations(page)
    context.close()
    assert any(f.startswith("button-name (critical)") and "#nameless" in f for f in found)
    assert any(f.startswith("image-alt (critical)") and "#wordless" in f for f in found)
