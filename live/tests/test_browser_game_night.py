"""A game night, in a real Chromium at 390x844 with 150 ms of latency on every phone (issue 31's
"Done when"): the host (the owner, holding Purple) opens the draft, two members (Yellow, Teal)
and a guest (Orange) come in by the host's QR code; everyone types their card, the members
their share of the HUBs, the host their own card and the ballots, and the host saves.

Measured on the way: the QR code is in view on the host's page without scrolling; the host
taps at most 1.5 times a seat's mean (each click and each value typed is a tap: `Phone`); a
refused value shows its sentence under its field and goes once put right; Yellow's phone loses
its signal, reloads the worker's copy offline, and "My card is done" works once the signal is
back, without a reload; no choice list on any phone offers what the table cannot have (a
locked ship card's name, a zone or megastructure not in play); the guest's phone shows the
saved game's places; axe finds no serious violation on the host's, Teal's and the guest's
pages. Each part has its own, finer test (campaign/tests/test_browser_draft_*.py,
test_browser_seats.py, unlocks/tests/test_choice_lists.py, benchmarks/table_night.py): this one
plays them in one evening, as the table does."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from accounts.models import Role
from accounts.tests.factory import add_member, make_user, owner_user
from campaign.models import Corporation, Game
from live.tests.factory import field, four_seats, stored
from live.tests.test_browser_draft import BOARDS, SHARED
from live.tests.test_browser_draft_offline import kept_by_worker
from live.tests.test_browser_draft_problems import problem_of
from solar175.sections import SHIP_CARD_SECTIONS
from tests.plugins.pages import PHONE
from tests.test_browser_axe import axe_context, violations
from unlocks.tests.test_choice_lists import choice_lists, wrong_choices

# Long: `make test` runs it on the PostgreSQL leg (tests/plugins/ordering.py), where a table's
# writes meet PostgreSQL's locks.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.long,
    pytest.mark.postgres_leg,
    pytest.mark.django_db(transaction=True),
]

SLOW = 20000
LATENCY_MS = 150
# Chromium's own throttling (what DevTools' "network conditions" set), per page.
CONDITIONS = {
    "offline": False,
    "latency": LATENCY_MS,
    "downloadThroughput": -1,
    "uploadThroughput": -1,
}
# A request's time as the page sees it (a HEAD: the service worker answers only GETs).
ROUND_TRIP = """async () => {
  const start = performance.now();
  await fetch("/accounts/login/", {method: "HEAD", cache: "no-store"});
  return performance.now() - start;
}"""


def stored_soon(campaign, key: str, wanted: dict, seconds: float = 15) -> dict:
    """What the card holds once it holds `wanted`, or after `seconds` what it holds then."""
    deadline = time.monotonic() + seconds
    found = stored(campaign, key)
    while found != wanted and time.monotonic() < deadline:
        time.sleep(0.1)
        found = stored(campaign, key)
    return found


def is_push(response) -> bool:
    """A phone's write: a member's to the draft's pages, a guest's to its seat's (/g/)."""
    url = response.url
    return response.request.method == "POST" and ("/games/together/" in url or "/g/" in url)


class Phone:
    """One person's phone, counting their taps: each click and each value typed is one."""

    def __init__(self, page) -> None:
        self.page, self.taps = page, 0
        self.cdp = page.context.new_cdp_session(page)
        self.slow_down()

    def slow_down(self, offline: bool = False) -> None:
        """150 ms on each request of this page."""
        self.cdp.send("Network.enable")
        self.cdp.send("Network.emulateNetworkConditions", {**CONDITIONS, "offline": offline})

    def set_offline(self, offline: bool) -> None:
        """The signal goes or comes back: for the page's service worker (Playwright's
        `set_offline`, which resets the page's latency) and for the page (its own session's
        conditions, which would say online otherwise)."""
        self.page.context.set_offline(offline)
        self.slow_down(offline)

    def scan(self, url: str) -> None:
        """The QR code: one tap of the camera."""
        self.page.goto(url)
        self.taps += 1

    def tap(self, target) -> None:
        target.click()
        self.taps += 1

    def type(self, box, value: str, sent: bool = True) -> None:
        """Type a value and leave the field (opening its fold first, a tap); wait for its push
        unless the phone is offline."""
        if not box.is_visible():
            self.tap(box.locator("xpath=ancestor::details[1]/summary"))
        if sent:
            with self.page.expect_response(is_push):
                box.fill(value)
                box.blur()
        else:
            box.fill(value)
            box.blur()
        self.taps += 1

    def card(self, key: str, skip: tuple[str, ...] = ()) -> None:
        for name, value in BOARDS[key].items():
            if name not in skip:
                self.type(field(self.page, name), value)

    def hubs(self) -> dict[str, str]:
        """This seat's share of the HUBs, typed beside its card: {field: value}."""
        boxes = self.page.locator("#hub-share-form input[name$='_workers']")
        names = [boxes.nth(i).get_attribute("name") for i in range(boxes.count())]
        for name in names:
            box = self.page.locator(f"#hub-share-form input[name='{name}']")
            self.type(box, SHARED.get(name, "1"))
        return {name: SHARED.get(name, "1") for name in names}


def no_wrong_choice(campaign, page, address: str | None = None) -> int:
    """No choice list on the page offers what the table cannot have, and no locked ship
    card's name is anywhere on it; how many lists. `address`: the draft page the page is
    (a guest's seat card is at /g/<code>/, which names no game)."""
    html = page.content()
    wrong = wrong_choices(campaign, address or page.url, html)
    assert not wrong, f"{page.url}: " + "\n".join(wrong)
    unlocked = {u["section"] for u in campaign.state.get("unlocked_sections", [])}
    for ship, section in SHIP_CARD_SECTIONS.items():
        assert section in unlocked or ship not in html, f"{page.url} names {ship}"
    return len(choice_lists(html))


@pytest.fixture
def night(browser, live_server, log_in):
    """(campaign, the draft's address, the host's phone, {member's key: phone}): each a phone
    at 150 ms; the host, Teal and the guest's with axe (no service worker), Yellow's with the
    worker, to go offline."""
    campaign = four_seats()
    Corporation.objects.filter(campaign=campaign, key="purple").update(holder=owner_user())
    contexts = []

    def phone(user=None, axe=True):
        context = axe_context(browser, **PHONE) if axe else browser.new_context(**PHONE)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(SLOW)
        if user is not None:
            log_in(page, live_server, user)
        return Phone(page)

    members = {}
    for key in ("yellow", "teal"):
        user = make_user(f"seat-{key}")
        add_member(campaign, user, Role.PLAYER)
        Corporation.objects.filter(campaign=campaign, key=key).update(holder=user)
        members[key] = phone(user, axe=key != "yellow")
    host = phone(owner_user())
    guest = phone()  # no account, never logged in
    base = f"{live_server.url}/campaigns/{campaign.slug}/games/together/"
    yield campaign, base, host, members, guest
    for context in contexts:
        context.close()


@pytest.mark.long
def test_a_game_night_of_a_host_two_members_and_a_guest(night, screenshot_path):
    campaign, base, host, members, guest = night
    yellow, teal = members["yellow"], members["teal"]
    for phone in (host, yellow, teal, guest):
        phone.page.goto(base)
        assert phone.page.evaluate(ROUND_TRIP) >= LATENCY_MS, "the latency is not in effect"

    # The host opens the draft: the QR code is in view at 390x844, without scrolling.
    with host.page.expect_navigation():
        host.tap(host.page.get_by_role("button", name="Start entering game 2"))
    qr = host.page.locator(".draft-join .qr-box svg").bounding_box()
    assert host.page.evaluate("window.scrollY") == 0
    assert qr is not None and qr["y"] >= 0 and qr["y"] + qr["height"] <= 844, qr
    host.page.screenshot(path=screenshot_path("night-host-phone.png"))
    code = host.page.locator(".draft-join a.word-break").get_attribute("href")

    # Yellow's phone keeps its card for offline (the service worker), types its credits and
    # its HUBs.
    yellow_url = f"{base}seat/yellow/"
    kept_by_worker(yellow.page, yellow_url)
    yellow.taps += 1  # the QR code
    yellow.type(field(yellow.page, "credits"), BOARDS["yellow"]["credits"])
    by_seats = yellow.hubs()

    # Teal comes in by the code to their own card.
    teal.scan(base)
    expect(teal.page).to_have_url(f"{base}seat/teal/")
    teal.card("teal")
    by_seats |= teal.hubs()
    assert no_wrong_choice(campaign, teal.page) > 0

    # The guest takes Orange from the code; a refused value shows under its field.
    guest.scan(code)
    guest.type(guest.page.get_by_label("Your name"), "Sam", sent=False)
    with guest.page.expect_navigation():
        guest.tap(guest.page.get_by_role("button", name="Take Orange corporation"))
    expect(guest.page.locator("body")).to_contain_text("you are Sam, a guest")
    guest.type(field(guest.page, "credits"), "35")
    guest.taps -= 1  # not a tap of the evening's card: the seats' mean is not raised by it
    expect(problem_of(guest.page, "credits")).to_have_text(
        "Credits must be between 0 and 29, not 35."
    )
    # The live panel says it too, and reads (it was 4.3:1 on the panel's background).
    expect(guest.page.locator("#draft-live")).to_contain_text(
        "Credits must be between 0 and 29.", timeout=SLOW
    )
    assert violations(guest.page) == []
    guest.page.screenshot(path=screenshot_path("night-guest-problem-phone.png"), full_page=True)
    guest.card("orange")
    expect(problem_of(guest.page, "credits")).to_be_empty()
    assert no_wrong_choice(campaign, guest.page, f"{base}seat/orange/") > 0
    assert violations(guest.page) == []
    guest.tap(guest.page.get_by_role("button", name="My card is done"))
    expect(guest.page.get_by_text("Marked done.")).to_be_visible()

    # Yellow's signal goes: the rest of the card is kept, the page reloaded from the worker's
    # copy; back online, it is sent and "My card is done" works without a reload.
    yellow.set_offline(True)
    for name in ("megastructure_tokens", "outposts_1", "outposts_2"):
        yellow.type(field(yellow.page, name), BOARDS["yellow"][name], sent=False)
    yellow.page.reload()
    expect(yellow.page.locator("html[data-offline-seen]")).to_have_count(1)
    expect(field(yellow.page, "outposts_2")).to_have_value(BOARDS["yellow"]["outposts_2"])
    done = yellow.page.locator("main form[data-done-form] button.btn-success")
    expect(done).to_be_disabled()
    yellow.set_offline(False)
    expect(yellow.page.locator("#offline-banner")).to_contain_text(
        "The connection is back.", timeout=SLOW
    )
    # The kept changes go once the page hears the signal is back: a moment after the banner.
    assert stored_soon(campaign, "yellow", BOARDS["yellow"]) == BOARDS["yellow"]
    expect(done).to_be_enabled()
    with yellow.page.expect_response(is_push):
        yellow.tap(done)
    expect(yellow.page.get_by_text("Marked done.")).to_be_visible()
    assert yellow.page.evaluate(ROUND_TRIP) >= LATENCY_MS
    teal.tap(teal.page.get_by_role("button", name="My card is done"))
    expect(teal.page.get_by_text("Marked done.")).to_be_visible()
    assert violations(teal.page) == []

    # The host: their own card and what of the shared part the seats did not type (the
    # ballots: the members typed the HUBs beside their cards), then the save.
    host.card("purple")
    host.tap(host.page.get_by_role("button", name="My card is done"))
    shared = host.page.locator("#shared-form")
    for name, value in by_seats.items():
        expect(shared.locator(f"input[name='{name}']")).to_have_value(value, timeout=SLOW)
    hubs = shared.locator("input[name$='_workers']")
    wanted = {hubs.nth(i).get_attribute("name"): "1" for i in range(hubs.count())}
    wanted |= SHARED
    for name, value in wanted.items():
        if name not in by_seats:
            host.type(shared.locator(f"input[name='{name}']"), value)
    expect(host.page.locator("#draft-live")).to_contain_text("4 of 4 seats done", timeout=SLOW)
    assert no_wrong_choice(campaign, host.page) > 0
    assert violations(host.page) == []
    host.page.screenshot(path=screenshot_path("night-host-phone-full.png"), full_page=True)
    # The save's answer, or the page's own poll if it hears of the save first, takes the host
    # to the saved game.
    host.tap(host.page.get_by_role("button", name="Score and save game 2"))
    expect(host.page).to_have_url(f"{base.removesuffix('together/')}2/checklist/", timeout=SLOW)
    assert Game.objects.filter(campaign=campaign, number=2).exists()

    # The guest's phone, still on its card, goes to the result.
    expect(guest.page.locator("h1")).to_have_text("Game 2: the result", timeout=SLOW)
    places = guest.page.locator("[aria-label='Places and totals'] li")
    expect(places).to_have_count(4)
    expect(places.filter(has_text="(you)")).to_contain_text("Orange corporation")
    assert violations(guest.page) == []
    guest.page.screenshot(path=screenshot_path("night-guest-result-phone.png"), full_page=True)

    # The host taps at most 1.5 times a seat's mean.
    seats = (yellow.taps, teal.taps, guest.taps)
    mean = sum(seats) / len(seats)
    assert host.taps <= 1.5 * mean, f"the host tapped {host.taps}, the seats {seats}"
    print(f"night: the host tapped {host.taps}, the seats {seats}: {host.taps / mean:.2f}x")
