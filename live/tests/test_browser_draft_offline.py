"""Nothing typed is lost (issue 15), in a real Chromium: a seat's phone loses its signal in the
middle of a game draft, goes on typing, reloads (still offline, the worker's kept copy), and
when the signal comes back its values reach the server and the other phones; a value the host
changed meanwhile is shown with both values, never dropped; the buttons that need the server
say so while offline.

Three phones, each its own browser context and its own person: the host (the owner) and the
purple and yellow seats. Contexts go offline and online with `context.set_offline`."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.models import Role
from accounts.tests.factory import add_member, make_user, owner_user
from campaign.models import Corporation
from live.models import GameDraft, SeatCard
from live.tests.factory import field, four_seats, is_write, stored
from tests.plugins.pages import PHONE

# A game entered together: its writes and locks differ between the databases, so this runs on
# both legs of `make test`.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]

# What the phones wait for: a loaded two-core machine polls, reloads and redraws slowly.
SLOW = 20000
KEPT_CHANGES = """() => Object.keys(localStorage).filter((k) => k.startsWith('solar175-draft/'))
    .length"""
# The changes kept on the phone once they are `want` (or `patience` ms have gone): the phone
# forgets a change when it has read the server's answer, a moment after the answer arrives.
KEPT_CHANGES_BECOME = (
    """async ([want, patience]) => {
  const count = """
    + KEPT_CHANGES
    + """;
  const until = Date.now() + patience;
  while (count() !== want && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return count();
}"""
)


@pytest.fixture
def table(browser, live_server, log_in):
    """(base address, the host's page, {seat: page}, {seat: context}) with the draft open."""
    campaign = four_seats()
    contexts = []

    def phone(user):
        context = browser.new_context(**PHONE)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(SLOW)
        log_in(page, live_server, user)
        return page

    seats = {}
    for key in ("purple", "yellow"):
        user = make_user(f"seat-{key}")
        add_member(campaign, user, Role.PLAYER)
        Corporation.objects.filter(campaign=campaign, key=key).update(holder=user)
        seats[key] = phone(user)
    host = phone(owner_user())
    base = f"{live_server.url}/campaigns/{campaign.slug}/games/together/"
    host.goto(base)
    with host.expect_navigation():
        host.get_by_role("button", name="Start entering game 2").click()
    yield campaign, base, host, seats
    for context in contexts:
        context.close()


def type_in(page, name: str, value: str) -> None:
    """Type a value and leave the field, as a person does (opening its fold first)."""
    box = field(page, name)
    if not box.is_visible():
        box.locator("xpath=ancestor::details[1]/summary").click()
    box.fill(value)
    box.blur()


def kept_by_worker(page, url: str) -> None:
    """Open `url` until the service worker controls the page and has kept a copy of it.
    A page opened while the worker was still installing may stay uncontrolled (Chromium, on
    a loaded machine): it is opened again once the worker is ready. (The waits run inside
    the page: its CSP refuses the string functions `wait_for_function` polls with.)"""
    for _ in range(3):
        page.goto(url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        if page.evaluate("!!navigator.serviceWorker.controller"):
            break
    assert page.evaluate("!!navigator.serviceWorker.controller"), "no worker controls the page"
    page.goto(url)
    assert page.evaluate(KEPT_COPY, [url, SLOW]), f"the worker kept no copy of {url}"


KEPT_COPY = """async ([url, patience]) => {
  const until = Date.now() + patience;
  while (Date.now() < until) {
    const cache = await caches.open("solar175-pages");
    if (await cache.match(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


def test_values_typed_offline_reach_the_server_and_the_other_phones_after_reconnecting(
    table, screenshot_path
):
    campaign, base, host, seats = table
    purple, yellow = seats["purple"], seats["yellow"]
    purple_url = f"{base}seat/purple/"
    kept_by_worker(purple, purple_url)
    expect(purple.locator("#offline-banner")).to_be_hidden()
    with purple.expect_response(is_write):
        type_in(purple, "credits", "12")
    assert stored(campaign, "purple")["credits"] == "12"

    # The host (the owner, who may write every card) has purple's card open on their phone;
    # yellow follows the table from their own card.
    host.goto(purple_url)
    expect(field(host, "credits")).to_have_value("12")
    yellow.goto(base)
    expect(yellow).to_have_url(f"{base}seat/yellow/")

    # Purple's signal goes: what they type is kept, counted, and not lost.
    purple.context.set_offline(True)
    banner = purple.locator("#offline-banner")
    done = purple.locator("main form:not(#seat-form, [data-sign-out]) button.btn-success")
    expect(done).to_be_disabled()
    expect(done).to_have_text("Marking it done needs a connection")
    type_in(purple, "credits", "14")
    type_in(purple, "mining_tokens", "2")
    expect(banner).to_contain_text("Offline: 2 changes kept on this phone")
    type_in(purple, "outposts_1", "3")
    expect(banner).to_contain_text("Offline: 3 changes kept on this phone")
    assert purple.evaluate(KEPT_CHANGES) == 3
    assert "mining_tokens" not in stored(campaign, "purple")

    # Meanwhile the host, online, changes the same field on purple's card.
    with host.expect_response(is_write):
        field(host, "credits").fill("15")
        field(host, "credits").blur()
    assert stored(campaign, "purple")["credits"] == "15"

    # A reload without signal: the worker's copy, with what was typed put back.
    purple.reload()
    expect(purple.locator("html[data-offline-seen]")).to_have_count(1)
    expect(field(purple, "credits")).to_have_value("14")
    expect(field(purple, "mining_tokens")).to_have_value("2")
    expect(field(purple, "outposts_1")).to_have_value("3")
    expect(banner).to_contain_text("Offline: 3 changes kept on this phone")
    expect(done).to_be_disabled()
    assert purple.evaluate("document.documentElement.scrollWidth") <= 390
    purple.screenshot(path=screenshot_path("draft-seat-offline.png"))
    purple.screenshot(path=screenshot_path("draft-seat-offline-full.png"), full_page=True)
    # Typing goes on.
    type_in(purple, "bases_2", "1")
    expect(banner).to_contain_text("Offline: 4 changes kept on this phone")

    # The signal comes back: the kept changes are sent, the one the host changed meanwhile
    # is shown with both values and stays on the phone until purple chooses.
    purple.context.set_offline(False)
    conflicts = purple.locator("#draft-conflicts")
    expect(conflicts).to_contain_text("15", timeout=SLOW)
    expect(conflicts).to_contain_text("14")
    expect(conflicts.get_by_role("button", name="Keep mine (14)")).to_be_enabled()
    expect(banner).to_contain_text("The connection is back.")
    data = stored(campaign, "purple")
    assert (data["credits"], data["mining_tokens"], data["outposts_1"], data["bases_2"]) == (
        "15",
        "2",
        "3",
        "1",
    )
    assert purple.evaluate(KEPT_CHANGES) == 1  # the refused one, until purple chooses
    expect(field(purple, "credits")).to_have_value("14")

    # The other phones see them through the live panel.
    expect(field(host, "mining_tokens")).to_have_value("2", timeout=SLOW)
    expect(field(host, "bases_2")).to_have_value("1")
    expect(field(host, "credits")).to_have_value("15")
    expect(yellow.locator("#draft-live")).to_contain_text("Purple", ignore_case=True)

    # Signing out now would delete what the phone kept: it asks first.
    questions = []

    def answer(dialog):
        questions.append(dialog.message)
        dialog.dismiss()

    purple.once("dialog", answer)
    purple.locator("form[data-sign-out]").evaluate("form => form.requestSubmit()")
    assert questions == ["1 change not sent yet: sign out anyway?"]
    expect(purple).to_have_url(purple_url)
    assert purple.evaluate(KEPT_CHANGES) == 1

    # Purple keeps theirs: the server stores it and the phone forgets it.
    with purple.expect_response(is_write):
        conflicts.get_by_role("button", name="Keep mine (14)").click()
    assert stored(campaign, "purple")["credits"] == "14"
    expect(conflicts).not_to_contain_text("Keep mine")
    assert purple.evaluate(KEPT_CHANGES_BECOME, [0, SLOW]) == 0
    expect(field(host, "credits")).to_have_value("14", timeout=SLOW)

    # "My card is done" works on the page kept while offline, without a reload (issue 31:
    # it stayed grey until the player tapped Reload).
    expect(done).to_be_enabled()
    expect(done).to_have_text("My card is done")
    with purple.expect_response(is_write):
        done.click()
    expect(purple.get_by_text("Marked done.")).to_be_visible()
    expect(host.locator("#draft-live")).to_contain_text("1 of 4 seats done", timeout=SLOW)
    assert SeatCard.objects.get(draft__campaign=campaign, corporation__key="purple").done


def test_the_host_page_opens_offline_and_its_save_says_it_needs_a_connection(table):
    campaign, base, host, seats = table
    host_url = f"{base}table/"
    kept_by_worker(host, host_url)
    save = host.locator("#draft-save button[type=submit]")
    expect(save).to_have_text("Score and save game 2")
    host.context.set_offline(True)
    expect(save).to_be_disabled()
    expect(save).to_have_text("Saving the game needs a connection")
    hensler = host.locator("#shared-form input[name='hubs-hensler_workers']")
    if not hensler.is_visible():
        hensler.locator("xpath=ancestor::details[1]/summary").click()
    hensler.fill("3")
    hensler.blur()
    expect(host.locator("#offline-banner")).to_contain_text("Offline: 1 change kept on this phone")
    host.reload()
    expect(host.locator("html[data-offline-seen]")).to_have_count(1)
    expect(hensler).to_have_value("3")
    expect(save).to_be_disabled()

    host.context.set_offline(False)
    banner = host.locator("#offline-banner")
    expect(banner).to_contain_text("The connection is back. Every change is sent.", timeout=SLOW)
    assert GameDraft.objects.get(campaign=campaign).shared["hubs-hensler_workers"] == "3"
    # The kept copy's save stays off (it would score what the copy showed): a reload, online.
    expect(save).to_be_disabled()
    host.reload()
    expect(save).to_be_enabled()
    expect(save).to_have_text("Score and save game 2")
    expect(host.locator("#offline-banner")).to_be_hidden()
    expect(hensler).to_have_value("3")
