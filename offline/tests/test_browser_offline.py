"""At the table without signal, in a real Chromium on a phone (390x844): the service worker
keeps the pages a member opened and shows them offline under a banner; a page never opened
says it needs a connection; nothing locked, and nothing of the last person, is in what it
stored (read back from the Cache Storage by the page itself); signing out clears it; the app
passes Chromium's own installability check.

The demo campaign (fixtures/demo-campaign.json, 12 games) is imported; the browser contexts
are set offline and online again with Playwright (`context.set_offline`).
"""

from __future__ import annotations

import json
import re
import tempfile
import time

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import expect

from accounts.models import Preferences, Role
from accounts.tests.factory import add_member, make_user, owned, owner_user
from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.models import Corporation
from live.models import SeatCard
from offline.keep import SESSION_COOKIE
from scoring.tests.catalogue import ensure_catalogue
from solar175.sections import sections_by_number
from tests.plugins.chromium import CHROMIUM_ARGS, FULL_CHROMIUM
from tests.test_browser_every_page import Demo
from unlocks import actions as unlock_actions
from unlocks.tests.test_spoilers import (
    locked_sections,
    open_vocabulary,
    spoilers_in,
    titles,
    visible_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# Everything in the Cache Storage, read by the page: each entry's cache, address, headers and
# (for text) body.
STORED = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const type = response.headers.get('Content-Type') || '';
      const text = /text|json|javascript|svg|xml/.test(type) ? await response.text() : '';
      out.push({cache: name, url: request.url, method: request.method, type, text,
                keep: response.headers.get('Offline-Keep')});
    }
  }
  return out;
}"""
KEPT = """async () => {
  const cache = await caches.open('solar175-pages');
  return (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
}"""


@pytest.fixture
def demo() -> Demo:
    ensure_catalogue()
    return Demo()


@pytest.fixture
def owners_phone(browser, live_server, log_in, demo):
    """(page, its context, the server's address): the demo's owner on a phone, the service
    worker installed and in control."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    log_in(page, live_server, demo.owner)
    controlled(page, live_server.url + "/")
    yield page, context, live_server.url
    context.close()


def controlled(page, url: str) -> None:
    """Open `url` and wait until the service worker controls the page."""
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # A function, not an expression: Playwright polls an expression with eval, which the
    # page's CSP refuses whenever the first look finds it false.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def kept(page) -> list[str]:
    return page.evaluate(KEPT)


def visit(page, base: str, paths: list[str]) -> None:
    """Open each page online, and wait until the worker has kept the last one."""
    for path in paths:
        page.goto(base + path)
    page.wait_for_function(
        f"""async () => {{
          const cache = await caches.open('solar175-pages');
          return !!(await cache.match({base + paths[-1]!r}));
        }}"""
    )


def slug_paths(demo: Demo, *names: str, **kwargs) -> list[str]:
    return [reverse(name, kwargs={"slug": demo.campaign.slug, **kwargs}) for name in names]


READ_AT_THE_TABLE = (
    "campaign:dashboard",
    "campaign:trackers",
    "unlocks:setup",
    "unlocks:sections",
    "unlocks:rules",
)


def test_a_page_seen_before_opens_offline_under_a_banner_and_one_never_seen_needs_a_connection(
    owners_phone, demo, screenshot_path
):
    page, context, base = owners_phone
    first_unlocked = demo.campaign.state["unlocked_sections"][0]["section"]
    paths = slug_paths(demo, *READ_AT_THE_TABLE) + slug_paths(
        demo, "unlocks:section", number=first_unlocked
    )
    visit(page, base, paths)
    assert set(paths) <= set(kept(page))

    context.set_offline(True)
    trackers = slug_paths(demo, "campaign:trackers")[0]
    page.goto(base + trackers)
    banner = page.locator("#offline-banner")
    assert banner.is_visible()
    assert "Offline." in banner.inner_text()
    assert "as this phone last saw it" in banner.inner_text()
    assert re.search(r"\(\S.*(now|minute|second)", banner.inner_text()), banner.inner_text()
    assert page.locator("h2", has_text="Tracker cards").is_visible()
    assert page.locator(".tracker-card").count() == demo.campaign.corporations.count()
    # A kept copy's forms are not sent: the sign-out button waits for the connection.
    assert page.locator("form[data-sign-out] button").is_disabled()
    page.screenshot(path=screenshot_path("offline-trackers.png"))
    for path in paths:
        page.goto(base + path)
        assert page.locator("#offline-banner").is_visible(), path

    never_seen = slug_paths(demo, "campaign:elections")[0]
    page.goto(base + never_seen)
    assert page.locator("h1").inner_text() == "This page needs a connection"
    assert never_seen in page.locator("[data-wanted-address]").inner_text()
    kept_list = page.locator("[data-kept-pages]")
    kept_list.locator("li").first.wait_for()
    assert "Tracker cards · Demo campaign" in kept_list.inner_text()
    page.screenshot(path=screenshot_path("offline-never-seen.png"))

    # Back online on the kept copy: it says so and offers the latest.
    page.goto(base + trackers)
    context.set_offline(False)
    page.wait_for_function(
        "() => document.getElementById('offline-banner').innerText.includes('connection is back')"
    )
    page.locator("#offline-banner a", has_text="Reload").click()
    page.wait_for_load_state()
    assert page.locator("#offline-banner").is_hidden()
    assert page.locator("form[data-sign-out] button").is_enabled()


def test_a_form_sent_without_a_connection_keeps_what_was_typed(owners_phone, demo):
    page, context, base = owners_phone
    settings_page = base + slug_paths(demo, "campaign:settings")[0]
    page.goto(settings_page)
    context.set_offline(True)
    page.wait_for_function("() => document.getElementById('offline-banner').hidden === false")
    page.fill("#id_name", "Renamed at the table")
    page.locator("main form button[type=submit]").first.click()
    banner = page.locator("#offline-banner")
    assert "Not sent: this phone is offline." in banner.inner_text()
    assert page.url == settings_page
    assert page.input_value("#id_name") == "Renamed at the table"
    context.set_offline(False)
    demo.campaign.refresh_from_db()
    assert demo.campaign.name == "Demo campaign"


def _locked_with_a_secret_title(campaign) -> int:
    vocabulary = open_vocabulary()
    for number in sorted(locked_sections(campaign)):
        title = sections_by_number()[number].title or ""
        if title and title.lower() not in vocabulary:
            return number
    raise AssertionError("the demo campaign has no locked section with a title of its own")


def test_nothing_locked_is_in_what_the_worker_stored(owners_phone, demo):
    """The owner revealed a locked section and read it; every section's page and every page
    read at the table were opened. The Cache Storage holds no locked section's title (nor
    its changes), the revealed one's neither, and no locked section's page."""
    campaign = demo.campaign
    locked = locked_sections(campaign)
    revealed = _locked_with_a_secret_title(campaign)
    unlock_actions.reveal_section(campaign, revealed, user=demo.owner, session_key="")
    page, context, base = owners_phone
    section_pages = [
        reverse("unlocks:section", kwargs={"slug": campaign.slug, "number": n})
        for n in sorted(sections_by_number())
    ]
    # The revealed section shows its title to this person, on the page...
    page.goto(base + section_pages[revealed - 1])
    secret = titles(revealed)[0]
    assert secret in page.content()
    paths = [
        *section_pages,
        *slug_paths(demo, *READ_AT_THE_TABLE, "unlocks:next", "pictures:charts"),
        *slug_paths(demo, "campaign:games", "campaign:cities", "campaign:elections"),
    ]
    visit(page, base, paths)
    page.wait_for_timeout(300)
    stored = page.evaluate(STORED)
    pages = [entry for entry in stored if entry["cache"] == "solar175-pages"]
    kept_paths = {entry["url"].removeprefix(base) for entry in pages}
    unlocked = {n for n in sections_by_number() if n not in locked}
    # ...but none of it is kept: a locked section's page never is, an unlocked one's is.
    assert not {section_pages[n - 1] for n in locked} & kept_paths
    assert {section_pages[n - 1] for n in unlocked} <= kept_paths
    assert set(slug_paths(demo, *READ_AT_THE_TABLE)) <= kept_paths
    assert all(entry["method"] == "GET" for entry in stored)
    everything = " ".join(visible_text(entry["text"]) for entry in stored)
    assert len(everything) > 100_000
    assert secret.lower() not in everything.lower()
    assert spoilers_in(everything, locked, open_vocabulary()) == []
    # The check would see one: the revealed page itself holds the secret.
    assert spoilers_in(
        visible_text(page.goto(base + section_pages[revealed - 1]).text()),
        {revealed},
        open_vocabulary(),
    )


def test_signing_out_clears_what_the_phone_kept(owners_phone, demo):
    """Clear-Site-Data on the sign-out's answer alone (the page's own message to the worker
    switched off) empties the Cache Storage of every page of the person."""
    page, context, base = owners_phone
    visit(page, base, slug_paths(demo, *READ_AT_THE_TABLE))
    assert len(kept(page)) >= len(READ_AT_THE_TABLE)
    # Only the server's header, not the page's message, clears it here.
    page.evaluate("document.querySelector('form[data-sign-out]').removeAttribute('data-sign-out')")
    with page.expect_navigation():
        page.locator("nav button", has_text="Log out").click()
    assert page.locator("nav a", has_text="Log in").first.is_visible()
    stored = page.evaluate(STORED)
    assert not [entry["url"] for entry in stored if "/campaigns/" in entry["url"]]
    # Besides the static files, at most the signed-out home page the sign-out led to (the
    # fresh worker keeps it from that visit, for nobody).
    others = {entry["url"] for entry in stored if entry["cache"] != "solar175-static"}
    assert others <= {base + "/", base + "/__offline__/person"}, others
    assert not [e["url"] for e in stored if demo.owner.username in e["text"]]
    # Offline now, the campaign's pages are gone from the phone: it keeps only what a
    # signed-out visitor saw (the home page the sign-out led to, kept from that visit).
    controlled(page, base + "/")
    context.set_offline(True)
    page.goto(base + slug_paths(demo, "campaign:dashboard")[0])
    assert page.locator("h1").inner_text() == "This page needs a connection"
    assert set(kept(page)) <= {"/"}
    assert page.locator("[data-kept-pages] a[href*='/campaigns/']").count() == 0
    context.set_offline(False)


def test_the_sign_out_message_alone_makes_the_worker_forget(owners_phone, demo):
    """For browsers that ignore Clear-Site-Data: the page tells the worker on sign-out."""
    page, context, base = owners_phone
    visit(page, base, slug_paths(demo, *READ_AT_THE_TABLE))
    answer = page.evaluate(
        """() => new Promise((resolve) => {
          navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data.type));
          navigator.serviceWorker.controller.postMessage({type: 'sign-out'});
        })"""
    )
    assert answer == "forgotten"
    assert "solar175-pages" not in page.evaluate("caches.keys()")


def test_the_next_person_on_the_same_phone_never_reads_the_last_ones_pages(
    owners_phone, demo, live_server, log_in
):
    page, context, base = owners_phone
    visit(page, base, slug_paths(demo, *READ_AT_THE_TABLE))
    # The owner's session ends without the sign-out button; a player signs in on the phone.
    viewer = make_user("second-at-the-table")
    add_member(demo.campaign, viewer, Role.VIEWER)
    context.clear_cookies()
    log_in(page, live_server, viewer)
    visit(page, base, [reverse("campaign:list")])
    assert kept(page) == [reverse("campaign:list")]
    context.set_offline(True)
    page.goto(base + slug_paths(demo, "campaign:dashboard")[0])
    assert page.locator("h1").inner_text() == "This page needs a connection"
    context.set_offline(False)
    # Signed out altogether: a visitor keeps only what a visitor sees.
    context.clear_cookies()
    visit(page, base, ["/"])
    assert kept(page) == ["/"]
    assert demo.owner.username not in page.evaluate(STORED).__repr__()


def test_a_section_that_locks_again_leaves_the_phone(owners_phone, demo):
    """Game 12 is deleted: the sections it unlocked lock again, and the pages kept while
    they were unlocked go at the next page the phone opens."""
    campaign = demo.campaign
    last = campaign.games.order_by("-number").first()
    by_last = [
        u["section"] for u in campaign.state["unlocked_sections"] if u["game"] == last.number
    ]
    assert by_last, "the demo's last game unlocks a section"
    number = by_last[0]
    page, context, base = owners_phone
    section = reverse("unlocks:section", kwargs={"slug": campaign.slug, "number": number})
    cities, dashboard = slug_paths(demo, "campaign:cities", "campaign:dashboard")
    # Each read until the worker has kept it, as a person reads a page before tapping on (a
    # page left at once, on a busy machine, was sometimes not kept: its answer was cut off).
    for path in (section, cities, dashboard):
        visit(page, base, [path])
    assert {section, cities, dashboard} <= set(kept(page))
    actions.delete_game(last, user=demo.owner)
    visit(page, base, [dashboard])
    now = set(kept(page))
    assert section not in now
    assert cities not in now  # drawn while #{number} was unlocked
    assert dashboard in now
    stored = " ".join(visible_text(e["text"]) for e in page.evaluate(STORED))
    assert spoilers_in(stored, {number}, open_vocabulary()) == []


def test_the_app_installs_and_its_worker_controls_the_start_page(browser, live_server):
    """Lighthouse's installable checks without Lighthouse: Chromium's own (CDP
    `Page.getInstallabilityErrors`, in a profile of its own: incognito never installs), in
    the full browser: the headless shell the other tests run has no installability check."""
    base = live_server.url
    with tempfile.TemporaryDirectory() as profile:
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=FULL_CHROMIUM, args=CHROMIUM_ARGS, **PHONE
        )
        page = context.new_page()
        page.goto(base + "/")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == base + "/sw.js"
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == base + reverse("offline:manifest")
        assert manifest["errors"] == []
        members = json.loads(manifest["data"])
        assert {"name", "short_name", "start_url", "display", "icons", "theme_color"} <= set(
            members
        )
        assert members["display"] == "standalone"
        sizes = {(icon["sizes"], icon["purpose"]) for icon in members["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
        # The check fails where it should: a document without a manifest.
        page.goto(base + reverse("offline:favicon"))
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors, "a page with no manifest is not installable"
        context.close()


# --- kept pages belong to the session ----------------------------------------------------

NEEDS_A_CONNECTION = "This page needs a connection"


def _session_cookies(context) -> dict[str, dict]:
    return {
        cookie["name"]: cookie
        for cookie in context.cookies()
        if cookie["name"] in (settings.SESSION_COOKIE_NAME, SESSION_COOKIE)
    }


def _offline_reload_shows_the_copy(page, context, heading: str) -> None:
    context.set_offline(True)
    page.reload()
    assert page.locator("#offline-banner").is_visible()
    assert page.locator("h2", has_text=heading).first.is_visible()
    context.set_offline(False)


def _offline_reload_shows_nothing_kept(page, context, heading: str) -> None:
    context.set_offline(True)
    page.reload()
    assert page.locator("h1").inner_text() == NEEDS_A_CONNECTION
    assert page.locator("h2", has_text=heading).count() == 0
    # Not even listed: the worker forgot the session's pages before answering.
    assert page.locator("[data-kept-none]").is_visible()
    assert kept(page) == []
    context.set_offline(False)


def test_a_session_whose_cookie_is_cleared_leaves_nothing_to_read_offline(owners_phone, demo):
    """Issue 20: the session ends without the sign-out button (its cookie cleared, as a
    browser's "clear cookies" or a private window's end does): offline, the phone shows
    nothing of it."""
    page, context, base = owners_phone
    games = slug_paths(demo, "campaign:games")[0]
    visit(page, base, [games])
    assert games in kept(page)
    assert set(_session_cookies(context)) == {settings.SESSION_COOKIE_NAME, SESSION_COOKIE}
    # While the session lasts, the copy opens offline...
    _offline_reload_shows_the_copy(page, context, "Game log")
    context.clear_cookies()
    # ...and once its cookie is gone, it does not.
    _offline_reload_shows_nothing_kept(page, context, "Game log")


@pytest.mark.long
def test_a_session_that_expires_leaves_nothing_to_read_offline(
    browser, live_server, log_in, demo, settings
):
    """The session cookie expires on the phone (here 10 seconds after the last page asked
    for: the kept copy is read offline well before, and the wait after is the test's
    longest): the worker's cookie expires with it, and the kept game log is no longer shown
    offline."""
    settings.SESSION_COOKIE_AGE = AGE = 10
    context = browser.new_context(**PHONE)
    page = context.new_page()
    log_in(page, live_server, demo.owner)
    base = live_server.url
    controlled(page, base + "/")
    games = slug_paths(demo, "campaign:games")[0]
    visit(page, base, [games])
    cookies = _session_cookies(context)
    assert set(cookies) == {settings.SESSION_COOKIE_NAME, SESSION_COOKIE}
    expires = cookies[SESSION_COOKIE]["expires"]
    assert 0 < expires - time.time() <= AGE
    assert abs(expires - cookies[settings.SESSION_COOKIE_NAME]["expires"]) <= 1
    _offline_reload_shows_the_copy(page, context, "Game log")
    deadline = time.time() + 2 * AGE
    while _session_cookies(context) and time.time() < deadline:
        time.sleep(0.5)
    assert _session_cookies(context) == {}
    _offline_reload_shows_nothing_kept(page, context, "Game log")
    context.close()


# --- kept from the first visit -------------------------------------------------------------

SLOW_MS = 20000
# Polls inside the page (a draft page's CSP refuses the string functions wait_for_function
# evaluates): true once the worker holds a copy of `url`, and, when `field` is given, a
# copy whose seat card shows `value` in that field.
KEPT_COPY = """async ([url, field, value, patience]) => {
  const until = Date.now() + patience;
  while (Date.now() < until) {
    const cache = await caches.open("solar175-pages");
    const copy = await cache.match(url);
    if (copy && !field) return true;
    if (copy) {
      const html = new DOMParser().parseFromString(await copy.text(), "text/html");
      const box = html.querySelector(`#seat-form input[name$='-${field}']`);
      if (box && box.value === value) return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""
CONTROLLED = """async (patience) => {
  await navigator.serviceWorker.ready;
  const until = Date.now() + patience;
  while (!navigator.serviceWorker.controller && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !!navigator.serviceWorker.controller;
}"""


def _kept_copy(page, url: str, field: str = "", value: str = "") -> bool:
    return page.evaluate(KEPT_COPY, [url, field, value, SLOW_MS])


def test_the_first_page_a_phone_opens_is_kept_from_that_first_visit(
    browser, live_server, log_in, demo
):
    """Issue 21: a phone that never opened the app opens the game log (a link, a QR code):
    the worker installs while the page is open, and keeps that very page, so a reload
    without signal shows it (before, only a second visit was kept)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    log_in(page, live_server, demo.owner)
    games = live_server.url + slug_paths(demo, "campaign:games")[0]
    page.goto(games)
    assert page.evaluate("navigator.serviceWorker.controller") is None  # the first visit
    assert page.evaluate(CONTROLLED, SLOW_MS)
    assert _kept_copy(page, games), "the worker kept no copy of the first page opened"
    context.set_offline(True)
    page.reload()
    assert page.locator("#offline-banner").is_visible()
    assert page.locator("h2", has_text="Game log").is_visible()
    context.close()


@pytest.fixture
def seat_card(browser, live_server, log_in):
    """(purple's phone, the address of purple's seat card, the campaign): game 2's draft
    opened by the host; purple's holder has never opened the app on this phone."""
    ensure_catalogue()
    campaign = owned(
        actions.import_campaign(
            make_campaign(
                tables=[leader_table("purple", "yellow", "teal", "orange", sections=("credits",))],
                corporations=4,
            )
        )
    )
    holder = make_user("seat-purple")
    add_member(campaign, holder, Role.PLAYER)
    Corporation.objects.filter(campaign=campaign, key="purple").update(holder=holder)
    base = f"{live_server.url}/campaigns/{campaign.slug}/games/together/"
    host_context = browser.new_context(**PHONE)
    host = host_context.new_page()
    log_in(host, live_server, owner_user())
    host.goto(base)
    with host.expect_navigation():
        host.get_by_role("button", name="Start entering game 2").click()
    host_context.close()
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(SLOW_MS)
    log_in(page, live_server, holder)
    yield page, f"{base}seat/purple/", campaign
    context.close()


def _type_in(page, name: str, value: str) -> None:
    box = page.locator(f"#seat-form input[name$='-{name}']")
    if not box.is_visible():
        box.locator("xpath=ancestor::details[1]/summary").click()
    box.fill(value)
    box.blur()


def _stored(campaign, key: str) -> dict:
    return SeatCard.objects.get(draft__campaign=campaign, corporation__key=key).data


def test_a_seat_card_reloaded_offline_comes_back_with_what_was_typed(seat_card, screenshot_path):
    """Issue 21: purple opens their seat card from a link as the phone's first page, types a
    value online (stored), loses the signal, types another (kept on the phone), reloads: the
    card comes back with both, not "never opened"."""
    page, url, campaign = seat_card
    page.goto(url)
    assert page.evaluate(CONTROLLED, SLOW_MS)
    assert _kept_copy(page, url), "the worker kept no copy of the seat card"
    with page.expect_response(lambda r: r.request.method == "POST" and "/games/together/" in r.url):
        _type_in(page, "credits", "12")
    assert _stored(campaign, "purple")["credits"] == "12"
    # The kept copy is the page as it was opened (the worker does not fetch it again per
    # push, issue 31): the stored 12 comes back from what draft.js kept of the push's answer.

    page.context.set_offline(True)
    _type_in(page, "mining_tokens", "2")
    expect(page.locator("#offline-banner")).to_contain_text("Offline: 1 change kept")
    page.reload()
    expect(page.locator("html[data-offline-seen]")).to_have_count(1)
    expect(page.locator("h1")).not_to_have_text(NEEDS_A_CONNECTION)
    expect(page.locator("#seat-form input[name$='-credits']")).to_have_value("12")
    expect(page.locator("#seat-form input[name$='-mining_tokens']")).to_have_value("2")
    expect(page.locator("#offline-banner")).to_contain_text("Offline: 1 change kept")
    page.screenshot(path=screenshot_path("offline-seat-card-reloaded.png"))
    page.context.set_offline(False)


# --- the person's language ---------------------------------------------------------------


def test_the_page_that_needs_a_connection_is_in_the_persons_language(
    browser, live_server, log_in, demo
):
    """A German phone, and an English phone whose person chose German (the worker goes by
    the language of the pages it passed, not the phone's), are told in German."""
    Preferences.objects.create(user=demo.owner, language="de")
    never_seen = slug_paths(demo, "campaign:elections")[0]
    for phone, person in (("de-DE", demo.player.user), ("en-GB", demo.owner)):
        context = browser.new_context(**PHONE, locale=phone)
        page = context.new_page()
        log_in(page, live_server, person)
        controlled(page, live_server.url + "/")
        visit(page, live_server.url, slug_paths(demo, "campaign:dashboard"))
        context.set_offline(True)
        page.goto(live_server.url + never_seen)
        assert page.locator("h1").inner_text() == "Diese Seite braucht eine Verbindung", phone
        assert page.locator("html").get_attribute("lang") == "de"
        assert never_seen in page.locator("[data-wanted-address]").inner_text()
        context.close()
