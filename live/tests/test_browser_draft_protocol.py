"""The draft protocol at the moments that matter (issue 21), in a real Chromium at 390×844: a
seat types four values and taps "My card is done" at once, and the host types the shared part
and taps "Score and save" at once. Before the protocol the seat's queued writes arrived after
its "done" and set it back to typing, and the host's own unsent changes refused the save as
"someone changed the draft"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.models import Role
from accounts.tests.factory import add_member, make_user, owner_user
from campaign.models import Corporation, Game
from live import actions
from live.models import GameDraft
from live.tests.factory import card_of, four_seats
from live.tests.test_browser_draft import BOARDS, SHARED
from live.views import drafts
from tests.plugins.pages import PHONE

# A game entered together: its writes and locks differ between the databases, so this runs on
# both legs of `make test`.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]

SLOW = 20000


@pytest.fixture
def table(browser, live_server, log_in):
    """(campaign, the draft's address, the host's phone, purple's phone), the draft open."""
    campaign = four_seats()
    contexts = []

    def phone(user):
        context = browser.new_context(**PHONE)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(SLOW)
        log_in(page, live_server, user)
        return page

    purple_user = make_user("seat-purple")
    add_member(campaign, purple_user, Role.PLAYER)
    Corporation.objects.filter(campaign=campaign, key="purple").update(holder=purple_user)
    purple = phone(purple_user)
    host = phone(owner_user())
    base = f"{live_server.url}/campaigns/{campaign.slug}/games/together/"
    host.goto(base)
    with host.expect_navigation():
        host.get_by_role("button", name="Start entering game 2").click()
    yield campaign, base, host, purple
    for context in contexts:
        context.close()


def fill_card(campaign, key: str, done: bool = True) -> None:
    actions.write_card(card_of(campaign, key), BOARDS[key], done=done)


def show_field(page, box):
    if not box.is_visible():
        box.locator("xpath=ancestor::details[1]/summary").click()
    return box


def test_a_seat_types_four_values_and_taps_done_at_once(table, screenshot_path):
    campaign, base, host, purple = table
    for key in ("yellow", "teal", "orange"):
        fill_card(campaign, key)
    draft = GameDraft.objects.get(campaign=campaign)
    draft.shared = {**draft.shared, **SHARED}
    draft.save(update_fields=["shared"])
    purple.goto(f"{base}seat/purple/")
    boxes = {
        name: show_field(purple, purple.locator(f"#seat-form input[name$='-{name}']"))
        for name in BOARDS["purple"]
    }
    # Four values typed one after the other, then the tap on "done" at once: no wait for
    # any answer in between.
    for name, box in boxes.items():
        box.fill(BOARDS["purple"][name])
    purple.get_by_role("button", name="My card is done").click()
    expect(purple.get_by_text("Marked done.")).to_be_visible()
    # Everything arrives, in order: the values, then "done", which stays.
    expect(host.locator("#draft-live")).to_contain_text("4 of 4 seats done", timeout=SLOW)
    stored = card_of(campaign, "purple")
    assert stored.done
    assert {name: stored.data.get(name) for name in BOARDS["purple"]} == BOARDS["purple"]
    # A few polls later it is still done, on every phone.
    purple.wait_for_timeout(3 * drafts.POLL_SECONDS * 1000)
    assert card_of(campaign, "purple").done
    expect(purple.get_by_text("Marked done.")).to_be_visible()
    expect(host.locator("#draft-live")).to_contain_text("4 of 4 seats done")
    purple.screenshot(path=screenshot_path("draft-seat-done-at-once.png"))
    # The save's answer, or the page's own poll if it hears of the save first, takes the host
    # to the saved game.
    host.get_by_role("button", name="Score and save game 2").click()
    expect(host).to_have_url(f"{base.removesuffix('together/')}2/checklist/", timeout=SLOW)
    assert Game.objects.filter(campaign=campaign, number=2).exists()
    # The seat's phone, still on its card, goes to the saved game too.
    expect(purple).to_have_url(f"{base.removesuffix('together/')}2/checklist/", timeout=SLOW)


def test_the_host_types_the_shared_part_and_saves_at_once(table, screenshot_path):
    campaign, base, host, purple = table
    for key in BOARDS:
        fill_card(campaign, key)
    host.goto(f"{base}table/")
    expect(host.locator("#draft-live")).to_contain_text("4 of 4 seats done")
    for name, value in SHARED.items():
        show_field(host, host.locator(f"#shared-form input[name='{name}']")).fill(value)
    host.get_by_role("button", name="Score and save game 2").click()
    expect(host).to_have_url(f"{base.removesuffix('together/')}2/checklist/", timeout=SLOW)
    host.screenshot(path=screenshot_path("draft-host-saved-at-once.png"))
    assert "someone changed the draft" not in host.content()
    expect(host).to_have_url(f"{base.removesuffix('together/')}2/checklist/")
    game = Game.objects.get(campaign=campaign, number=2)
    # Every value typed went in before the save: the game holds them.
    ballots = game.table["ballots"]
    assert (ballots["workers_union"], ballots["united_federalists"]) == (3, 2)
    assert not GameDraft.objects.filter(campaign=campaign).exists()
