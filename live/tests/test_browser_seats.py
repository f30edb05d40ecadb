"""Seats and guests at the table, in a real Chromium on phones (docs/seats.md): a guest
without an account takes a seat from the host's QR code and types their card, which the host
sees; joining lands on the seat choice; the one-phone save over an open draft asks, keeps
every value, and the discard is in the History."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.models import Invite, Role
from accounts.tests.factory import add_member, make_user, owned, owner_user
from benchmarks.samples import leader_table, make_campaign
from campaign.actions import import_campaign
from campaign.models import Change, ChangeKind, Corporation, Game
from live.models import GameDraft, SeatCard
from scoring.tests.catalogue import ensure_catalogue
from tests.plugins.pages import PHONE, fill

# A game entered together: its writes and locks differ between the databases, so this runs on
# both legs of `make test`.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def campaign():
    ensure_catalogue()
    campaign = import_campaign(
        make_campaign(
            tables=[leader_table("purple", "yellow", "teal", sections=("credits",))],
            corporations=3,
        )
    )
    return owned(campaign)


def phone(browser, live_server, log_in, user=None):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    if user is not None:
        log_in(page, live_server, user)
    return page


def is_write(response) -> bool:
    return response.request.method == "POST" and "/g/" in response.url


def start_the_draft(host, live_server, campaign) -> str:
    """The host opens game 2's entry; returns the address its QR code holds."""
    host.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/together/")
    with host.expect_navigation():
        host.get_by_role("button", name="Start entering game 2").click()
    link = host.locator(".draft-join a.word-break")
    return link.get_attribute("href")


def test_a_guest_takes_a_seat_from_the_qr_code_and_types_their_card(
    browser, live_server, campaign, log_in, screenshot_path
):
    host = phone(browser, live_server, log_in, owner_user())
    qr = start_the_draft(host, live_server, campaign)
    assert "/t/" in qr

    guest = phone(browser, live_server, log_in)  # no account, never logged in
    guest.goto(qr)
    expect(guest.get_by_role("button", name="Take Yellow corporation")).to_be_visible()
    guest.screenshot(path=screenshot_path("seat-picker-guest-phone.png"), full_page=True)
    guest.get_by_label("Your name").fill("Sam")
    with guest.expect_navigation():
        guest.get_by_role("button", name="Take Yellow corporation").click()
    expect(guest.locator("body")).to_contain_text("you are Sam, a guest")
    credits = guest.locator("#seat-form input[name$='-credits']")
    if not credits.is_visible():
        credits.locator("xpath=ancestor::details[1]/summary").click()
    with guest.expect_response(is_write):
        credits.fill("7")
        credits.blur()
    mining = guest.locator("#seat-form input[name$='-mining_tokens']")
    if not mining.is_visible():
        mining.locator("xpath=ancestor::details[1]/summary").click()
    with guest.expect_response(is_write):
        mining.fill("2")
        mining.blur()
    guest.screenshot(path=screenshot_path("guest-card-phone.png"), full_page=True)
    card = SeatCard.objects.get(corporation__key="yellow", draft__campaign=campaign)
    assert card.data == {"credits": "7", "mining_tokens": "2"}

    # The host sees the guest at Yellow, typing, within a poll or two, and the values.
    expect(host.locator("#draft-live")).to_contain_text("Sam (guest)", timeout=8000)
    host.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/together/seat/yellow/")
    expect(host.locator("#seat-form input[name$='-credits']")).to_have_value("7")

    # Nobody else takes Sam's seat: a second guest is not offered it.
    other = phone(browser, live_server, log_in)
    other.goto(qr)
    expect(other.get_by_role("button", name="Take Teal corporation")).to_be_visible()
    expect(other.get_by_role("button", name="Take Yellow corporation")).to_have_count(0)
    expect(other.locator("body")).to_contain_text("Sam (guest)")


def test_joining_lands_on_the_seat_choice(browser, live_server, campaign, log_in, screenshot_path):
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER)
    ali = make_user("ali")
    page = phone(browser, live_server, log_in, ali)
    page.goto(f"{live_server.url}/join/{invite.token}/")
    with page.expect_navigation():
        page.get_by_role("button", name="Join as ali").click()
    expect(page).to_have_url(f"{live_server.url}/campaigns/{campaign.slug}/seat/")
    expect(page.locator("h2")).to_contain_text("Which corporation is yours?")
    page.screenshot(path=screenshot_path("seat-choice-phone.png"), full_page=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Take Teal corporation").click()
    expect(page.locator("body")).to_contain_text("You hold Teal corporation")
    assert Corporation.objects.get(campaign=campaign, key="teal").holder == ali


@pytest.mark.long
def test_the_one_phone_save_over_an_open_draft_asks_and_drops_nothing(
    browser, live_server, campaign, log_in, screenshot_path
):
    player = make_user("bo")
    add_member(campaign, player, Role.PLAYER)
    Corporation.objects.filter(campaign=campaign, key="purple").update(holder=player)
    host = phone(browser, live_server, log_in, owner_user())
    start_the_draft(host, live_server, campaign)
    bo = phone(browser, live_server, log_in, player)
    bo.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/together/seat/purple/")
    credits = bo.locator("#seat-form input[name$='-credits']")
    if not credits.is_visible():
        credits.locator("xpath=ancestor::details[1]/summary").click()
    with bo.expect_response(lambda r: r.request.method == "POST"):
        credits.fill("9")
        credits.blur()

    # The owner's page to discard it says who typed what first (not taken here).
    host.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/together/table/")
    with host.expect_navigation():
        host.get_by_role("link", name="Discard this draft…").click()
    expect(host.locator("main")).to_contain_text("bo typed Purple corporation's card (1 value).")
    host.screenshot(path=screenshot_path("draft-discard-phone.png"), full_page=True)

    # The owner enters game 2 on one phone: the wizard says a draft is open, and by whom.
    one = phone(browser, live_server, log_in, owner_user())
    one.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/new/")
    box = one.locator("#draft-in-the-way")
    expect(box).to_contain_text("Game 2 is being entered together.")
    expect(box).to_contain_text("bo typed Purple corporation's card (1 value).")
    expect(box.get_by_role("link", name="Continue it together")).to_be_visible()
    one.screenshot(path=screenshot_path("one-phone-open-draft-phone.png"), full_page=True)
    fill(one, "input[name='p1-credits']", "12")
    fill(one, "input[name='p2-credits']", "3")
    with one.expect_navigation():
        one.get_by_role("button", name="Score and save").click()
    # Not saved, nothing dropped: the draft and the typed entries are both still there.
    assert not Game.objects.filter(campaign=campaign, number=2).exists()
    expect(one.locator("#draft-in-the-way")).to_be_visible()
    expect(one.locator("input[name='p1-credits']")).to_have_value("12")
    assert SeatCard.objects.get(corporation__key="purple").data == {"credits": "9"}

    one.get_by_label("Discard the draft of game 2 when I save this game here.").check()
    with one.expect_navigation():
        one.get_by_role("button", name="Score and save").click()
    expect(one).to_have_url(f"{live_server.url}/campaigns/{campaign.slug}/games/2/checklist/")
    assert not GameDraft.objects.filter(campaign=campaign).exists()
    change = Change.objects.get(campaign=campaign, kind=ChangeKind.DRAFT_DISCARDED)
    one.goto(f"{live_server.url}/campaigns/{campaign.slug}/history/")
    row = one.locator(f"#change-{change.pk}")
    expect(row).to_contain_text("bo typed Purple corporation's card (1 value)")
    expect(row).to_contain_text("Purple corporation's card: credits 9")


def test_a_guest_sees_the_result_and_takes_the_same_seat_next_game_in_one_tap(
    browser, live_server, campaign, log_in, screenshot_path
):
    """Issue 31: the guest's phone shows the saved game's places and totals as members' do,
    their panel links no page they cannot open, and the next game's code offers the same
    seat to the same phone in one tap."""
    from live import actions
    from live.tests.test_browser_draft import BOARDS, SHARED

    host = phone(browser, live_server, log_in, owner_user())
    qr = start_the_draft(host, live_server, campaign)
    guest = phone(browser, live_server, log_in)
    guest.goto(qr)
    guest.get_by_label("Your name").fill("Sam")
    with guest.expect_navigation():
        guest.get_by_role("button", name="Take Yellow corporation").click()
    expect(guest.locator("body")).to_contain_text("you are Sam, a guest")
    # The other seats are names, not links that would ask the guest to log in.
    expect(guest.locator("#draft-live")).to_contain_text("Purple corporation")
    expect(guest.locator("#draft-live a")).to_have_count(0)

    draft = GameDraft.objects.get(campaign=campaign)
    for card in SeatCard.objects.filter(draft=draft):
        actions.write_card(card, BOARDS[card.corporation.key], done=True)
    draft.refresh_from_db()
    draft.shared = {**draft.shared, **SHARED}
    draft.save(update_fields=["shared"])
    host.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/together/table/")
    expect(host.locator("#draft-live")).to_contain_text("3 of 3 seats done", timeout=20000)
    host.get_by_role("button", name="Score and save game 2").click()
    # The save's answer takes the host to the saved game, or the page's own poll does when it
    # hears of the save first (then the form's navigation is aborted: either way, there).
    expect(host).to_have_url(
        f"{live_server.url}/campaigns/{campaign.slug}/games/2/checklist/", timeout=20000
    )
    assert Game.objects.filter(campaign=campaign, number=2).exists()

    # The guest's phone, still on its card, goes to the result: places and totals.
    expect(guest.locator("h1")).to_have_text("Game 2: the result", timeout=20000)
    places = guest.locator("[aria-label='Places and totals'] li")
    expect(places).to_have_count(3)
    expect(places.filter(has_text="(you)")).to_contain_text("Yellow corporation")
    expect(guest.locator("main a")).to_have_count(0)
    guest.screenshot(path=screenshot_path("guest-result-phone.png"), full_page=True)
    guest.set_viewport_size({"width": 1280, "height": 800})
    guest.screenshot(path=screenshot_path("guest-result-desktop.png"))
    guest.set_viewport_size({"width": 390, "height": 844})

    # The next game: the same phone, the host's new code, one tap.
    host.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/together/")
    with host.expect_navigation():
        host.get_by_role("button", name="Start entering game 3").click()
    qr = host.locator(".draft-join a.word-break").get_attribute("href")
    guest.goto(qr)
    again = guest.get_by_role("button", name="Take Yellow corporation again")
    expect(again).to_be_in_viewport()
    guest.screenshot(path=screenshot_path("guest-again-phone.png"))
    with guest.expect_navigation():
        again.click()
    expect(guest.locator("body")).to_contain_text("you are Sam, a guest")
    expect(guest.locator("h1")).to_contain_text("Yellow corporation")
