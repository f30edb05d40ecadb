"""By keyboard and by ear, in a real Chromium.

- Every control of a few key pages (the game-entry wizard, a draft's seat card, the checklist, a
  play log's new play form) gets focus with Tab, in the page's order, and shows that it has it;
  a folded section (<details>) opens with Enter, and what it folds is reached next.
- The draft's live totals are in a region that stays on the page while its panel is swapped in
  (each poll, each write's answer) and is announced politely (`aria-live="polite"`).
"""

from __future__ import annotations

import time

import pytest
from django.core.signals import request_finished, request_started
from django.urls import reverse
from playwright.sync_api import expect

from accounts.models import Role
from accounts.tests.factory import add_member, make_user, owned, owner_user
from benchmarks.samples import leader_table, make_campaign
from campaign.actions import import_campaign
from campaign.models import Corporation
from playlog.tests.factory import PlayWorld
from scoring.tests.catalogue import ensure_catalogue
from tests.plugins.pages import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What Tab should reach: every visible control not disabled and not taken out of the order on
# purpose (the wizard's − and + buttons, tabindex=-1: their number field steps with the arrow
# keys).
CONTROLS = (
    ":is(a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex])"
    ":not([tabindex='-1'])"
)

# The focused element, marked with its step; its look while focused is kept to compare.
FOCUSED = """
(step) => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  if (el.dataset.kbStep) return {again: el.dataset.kbStep,
    what: `<${el.tagName.toLowerCase()} ${el.name || el.id || ''}>`};
  el.dataset.kbStep = step;
  const cs = getComputedStyle(el);
  window.kbLook = window.kbLook || {};
  window.kbLook[step] = [cs.outlineStyle, cs.outlineWidth, cs.outlineColor, cs.boxShadow,
                         cs.borderColor, cs.backgroundColor].join('|');
  const previous = document.querySelector(`[data-kb-step="${step - 1}"]`);
  const details = el.tagName === 'SUMMARY' ? el.parentElement : null;
  return {
    again: false,
    what: `<${el.tagName.toLowerCase()} ${el.name || el.id || ''}> ` +
      (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30),
    backwards: !!previous &&
      !(previous.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
    closedFold: !!details && !details.open,
    outlined: (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) ||
      cs.boxShadow !== 'none',
  };
}
"""

# After the walk: the controls Tab never reached, and those whose look did not change on focus.
MISSED = """
(selector) => {
  document.activeElement && document.activeElement.blur();
  const usable = (el) => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}) &&
    !el.disabled && !el.closest('fieldset[disabled], [inert]');
  const describe = (el) => `<${el.tagName.toLowerCase()} ${el.name || el.id || ''}> ` +
    (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 30);
  const reached = new Set();
  for (const el of document.querySelectorAll('[data-kb-step]')) {
    if (el.type === 'radio') reached.add('radio:' + el.name);
  }
  const missed = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!usable(el) || el.dataset.kbStep) continue;
    if (el.type === 'radio' && reached.has('radio:' + el.name)) continue;
    missed.push(describe(el));
  }
  const unmarked = [];
  for (const el of document.querySelectorAll('[data-kb-step]')) {
    const cs = getComputedStyle(el);
    const look = [cs.outlineStyle, cs.outlineWidth, cs.outlineColor, cs.boxShadow,
                  cs.borderColor, cs.backgroundColor].join('|');
    if (look === window.kbLook[el.dataset.kbStep]) unmarked.push(describe(el));
  }
  return {missed, unmarked};
}
"""


def tab_through(page) -> dict:
    """Tab from the top of the page to its end, opening each closed fold with Enter on the way."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); }")
    problems: list[str] = []
    steps = 0
    opened = 0
    for step in range(1, 600):
        page.keyboard.press("Tab")
        found = page.evaluate(FOCUSED, step)
        if found is None:
            break
        if found["again"] == str(steps):
            continue  # a date field's day, month and year each take a Tab
        if found["again"]:
            # Focus wraps to the first control past the page's end; anywhere else it looped.
            if found["again"] != "1":
                problems.append(f"focus went back to {found['what']} after {steps} steps")
            break
        steps += 1
        if found["backwards"]:
            problems.append(f"out of order: {found['what']}")
        if not found["outlined"]:
            problems.append(f"no outline or ring: {found['what']}")
        if found["closedFold"]:
            page.keyboard.press("Enter")
            if not page.evaluate("() => document.activeElement.parentElement.open"):
                problems.append(f"Enter does not open {found['what']}")
            opened += 1
    else:
        problems.append("Tab never left the page")
    after = page.evaluate(MISSED, CONTROLS)
    problems += [f"never reached: {what}" for what in after["missed"]]
    problems += [f"looks the same focused: {what}" for what in after["unmarked"]]
    return {"steps": steps, "opened": opened, "problems": problems}


@pytest.fixture
def campaign():
    """Four corporations and one game played (the draft tests' campaign)."""
    ensure_catalogue()
    table = leader_table("purple", "yellow", "teal", "orange", sections=("credits",))
    return owned(import_campaign(make_campaign(tables=[table], corporations=4)))


def phone(browser, live_server, log_in, user):
    page = browser.new_context(**PHONE).new_page()
    log_in(page, live_server, user)
    return page


def walk(browser, live_server, log_in, user, url: str, options=PHONE) -> dict:
    context = browser.new_context(**options)
    page = context.new_page()
    log_in(page, live_server, user)
    page.goto(live_server.url + url)
    found = tab_through(page)
    context.close()
    return found


@pytest.fixture
def leave():
    """`leave(*pages)`: close those phones and wait until the live server has answered every
    request they sent (a poll still being answered holds SQLite's tables, shared with the
    server's thread, against the next write or the flush after the test)."""
    in_flight = [0]

    def started(**kwargs):
        in_flight[0] += 1

    def finished(**kwargs):
        in_flight[0] -= 1

    request_started.connect(started)
    request_finished.connect(finished)

    def close(*pages):
        for page in pages:
            page.context.close()
        deadline = time.monotonic() + 10
        while in_flight[0] > 0 and time.monotonic() < deadline:
            time.sleep(0.05)

    yield close
    request_started.disconnect(started)
    request_finished.disconnect(finished)


def start_draft(browser, live_server, log_in, campaign):
    """The host starts entering the next game; a player holds the purple seat."""
    seat_holder = make_user("a11y-seat")
    add_member(campaign, seat_holder, Role.PLAYER)
    Corporation.objects.filter(campaign=campaign, key="purple").update(holder=seat_holder)
    # Both signed in (a session written) before a page polls the live server.
    host = phone(browser, live_server, log_in, owner_user())
    seat = phone(browser, live_server, log_in, seat_holder)
    host.goto(live_server.url + reverse("campaign:draft_join", args=[campaign.slug]))
    with host.expect_navigation():
        host.get_by_role("button", name="Start entering game 2").click()
    seat.goto(live_server.url + reverse("campaign:draft_seat", args=[campaign.slug, "purple"]))
    return host, seat


@pytest.mark.parametrize("options", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_wizard_and_the_checklist_work_by_keyboard(
    browser, live_server, log_in, campaign, options
):
    owner = owner_user()
    for url in (
        reverse("campaign:game_add", args=[campaign.slug]),
        reverse("campaign:checklist", args=[campaign.slug, 1]),
    ):
        found = walk(browser, live_server, log_in, owner, url, options)
        assert found["problems"] == [], f"{url}: " + "\n".join(found["problems"])
        assert found["steps"] > 20, url
        assert found["opened"] >= 1, url


def test_a_seat_card_and_a_new_play_work_by_keyboard(browser, live_server, log_in, campaign, leave):
    # Written before any page polls the live server (SQLite's in-memory test database is shared
    # with its thread).
    plays = PlayWorld(owner_user(), prefix="a11y")
    host, seat = start_draft(browser, live_server, log_in, campaign)
    found = tab_through(seat)
    leave(host, seat)
    assert found["problems"] == [], "seat card:\n" + "\n".join(found["problems"])
    assert found["steps"] > 10 and found["opened"] >= 1
    for name in ("space_explorers:new", "startropolis:new"):
        url = reverse(name, kwargs={"log": plays.log.slug})
        found = walk(browser, live_server, log_in, plays.owner, url)
        assert found["problems"] == [], f"{url}: " + "\n".join(found["problems"])
        assert found["steps"] > 5, url


def test_the_check_sees_a_control_tab_skips_and_one_without_a_ring(browser, live_server):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(live_server.url + reverse("login"))
    page.evaluate(
        """() => document.querySelector('main').insertAdjacentHTML('beforeend',
        '<a id="plain" href="#" style="outline: none !important">plain</a>' +
        '<button id="skipped">skipped</button>')"""
    )
    # A control that drops the focus it is given: Tab never stays on it.
    page.evaluate(
        "() => document.getElementById('skipped').addEventListener('focus', (e) => e.target.blur())"
    )
    found = tab_through(page)
    context.close()
    assert "never reached: <button skipped> skipped" in found["problems"], found
    assert "no outline or ring: <a plain> plain" in found["problems"], found
    assert "looks the same focused: <a plain> plain" in found["problems"], found


def test_the_live_totals_are_announced_politely_and_updated_in_place(
    browser, live_server, log_in, campaign, screenshot_path, leave
):
    host, seat = start_draft(browser, live_server, log_in, campaign)
    for page in (host, seat):
        # The region a screen reader watches: the nearest one around the live panel.
        region = page.locator("#draft-live").locator("xpath=ancestor-or-self::*[@aria-live][1]")
        expect(region).to_have_attribute("aria-live", "polite")
        region.evaluate("(el) => { el.dataset.watched = 'yes'; }")
    before = {page: page.locator("[data-watched]").inner_text() for page in (host, seat)}
    credits = seat.locator("#seat-form input[name$='-credits']")
    with seat.expect_response(lambda r: r.request.method == "POST" and "/together/" in r.url):
        credits.fill("17")
        credits.blur()
    # The seat's own write answer redraws the panel; the host's next poll does.
    for page in (seat, host):
        watched = page.locator("[data-watched]")
        expect(watched).not_to_have_text(before[page], timeout=8000)
        expect(watched.locator("#draft-live")).to_have_count(1)
        expect(watched).to_have_attribute("aria-live", "polite")
    seat.screenshot(path=screenshot_path("a11y-draft-seat-live.png"), full_page=True)
    leave(host, seat)
