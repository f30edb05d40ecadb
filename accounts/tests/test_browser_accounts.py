"""People and access in a real Chromium, on phones: logging in through the form, an invitation
scanned at the table and taken up on a second phone, a viewer who cannot write, the public page.
Screenshots for a person to look at."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from accounts.models import Membership, PublicLink, Role
from accounts.tests.factory import PASSWORD, add_member, make_user, owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from scoring.tests.catalogue import ensure_catalogue
from solar175.sections import sections
from tests.plugins.pages import PHONE, fill
from unlocks.tests.test_spoilers import open_vocabulary, spoilers_in, visible_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = PHONE["viewport"]["width"]


@pytest.fixture
def campaign():
    ensure_catalogue()
    data = make_campaign(
        corporations=("purple", "yellow", "teal"),
        tables=[leader_table("purple", "yellow", "teal")] * 3,
    )
    data["name"] = "Thursday group"
    return owned(actions.import_campaign(data))


def fits_the_phone(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} scrolls sideways: {width}px"


def post_forms(page) -> list[str]:
    """The actions of the page's POST forms, the header's log out left out."""
    return page.evaluate(
        """() => [...document.querySelectorAll('form[method=post]')]
            .map(f => f.getAttribute('action') || location.pathname)
            .filter(a => !a.endsWith('/accounts/logout/'))"""
    )


def test_logging_in_through_the_form_on_a_phone(live_server, phone_page, screenshot_path, owner):
    page = phone_page
    page.goto(f"{live_server.url}/campaigns/")
    page.wait_for_url("**/accounts/login/?next=/campaigns/")
    fits_the_phone(page)
    page.screenshot(path=screenshot_path("accounts-login-phone.png"), full_page=True)
    fill(page, '[name="username"]', "owner")
    fill(page, '[name="password"]', PASSWORD)
    # The login page's own address ends in "?next=/campaigns/": wait for the new page itself.
    with page.expect_navigation():
        page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/campaigns/")
    expect(page.locator(".site-account")).to_have_text(re.compile("^owner"), use_inner_text=True)
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{live_server.url}/")
    expect(page.get_by_role("link", name="Log in").first).to_be_visible()
    page.goto(f"{live_server.url}/accounts/signup/")
    fits_the_phone(page)
    page.screenshot(path=screenshot_path("accounts-signup-phone.png"), full_page=True)


def test_an_invitation_scanned_at_the_table_is_taken_up_on_a_second_phone(
    live_server, browser, phone_page, screenshot_path, campaign, owner, log_in
):
    # The owner's phone: make a player's link; the QR code and its address show.
    log_in(phone_page, live_server, owner)
    page = phone_page
    page.goto(f"{live_server.url}/campaigns/{campaign.slug}/")
    page.get_by_text("More", exact=True).click()  # the campaign menu's rarer pages
    with page.expect_navigation():
        page.get_by_role("link", name="Members").click()
    page.select_option('[name="role"]', "player")
    with page.expect_navigation():
        page.get_by_role("button", name="Make an invitation link").click()
    page.wait_for_selector("svg.qr-code")
    qr = page.locator("svg.qr-code").bounding_box()
    assert qr["width"] >= 200 and qr["width"] == pytest.approx(qr["height"], abs=1)
    address = page.locator(".invite .link-text").inner_text().strip()
    assert address.startswith(f"{live_server.url}/join/")
    fits_the_phone(page)
    page.screenshot(path=screenshot_path("accounts-members-phone.png"), full_page=True)

    # The friend's phone (another browser, logged out) opens what the camera read.
    friend = browser.new_context(**PHONE)
    try:
        other = friend.new_page()
        other.goto(address)
        expect(other.locator("main")).to_contain_text(
            "invited to join this Solar 175 campaign as a player", use_inner_text=True
        )
        fits_the_phone(other)
        other.screenshot(path=screenshot_path("accounts-join-logged-out-phone.png"))
        with other.expect_navigation():
            other.locator("main").get_by_role("link", name="Sign up").click()
        other.fill('[name="username"]', "rosa")
        other.fill('[name="password1"]', "orbital-shipyard-9")
        other.fill('[name="password2"]', "orbital-shipyard-9")
        other.get_by_role("button", name="Sign up").click()
        # Back on the invitation, signed in: one tap joins.
        other.wait_for_url(address)
        other.screenshot(path=screenshot_path("accounts-join-phone.png"))
        other.get_by_role("button", name="Join as rosa").click()
        # Three seats are free: joining asks which corporation is hers (docs/seats.md).
        other.wait_for_url(f"**/campaigns/{campaign.slug}/seat/")
        expect(other.get_by_text("You joined Thursday group as a player.")).to_be_visible()
        expect(other.get_by_role("heading", name="Which corporation is yours?")).to_be_visible()
        fits_the_phone(other)
        other.screenshot(path=screenshot_path("accounts-join-seat-phone.png"), full_page=True)
        with other.expect_navigation():
            other.get_by_role("button", name="Take Yellow corporation").click()
        # No game is being entered: on to the campaign, her seat held.
        other.wait_for_url(f"**/campaigns/{campaign.slug}/")
        expect(other.get_by_text("You hold Yellow corporation")).to_be_visible()
        expect(other.get_by_role("link", name="Enter game 4")).to_be_visible()
    finally:
        friend.close()
    assert Membership.objects.get(user__username="rosa").role == Role.PLAYER
    assert campaign.corporations.get(key="yellow").holder.username == "rosa"

    # Back on the owner's phone: rosa is listed; the link is withdrawn and stops working.
    page.reload()
    expect(page.get_by_text("rosa").first).to_be_visible()
    with page.expect_navigation():
        page.get_by_role("button", name="Withdraw this link").click()
    page.wait_for_selector("text=Invitation withdrawn")
    late = browser.new_context(**PHONE)
    try:
        latecomer = late.new_page()
        response = latecomer.goto(address)
        assert response.status == 410
        assert "was withdrawn by its owner" in latecomer.content()
    finally:
        late.close()


def test_a_viewer_sees_no_edit_control_and_a_forced_post_is_refused(
    live_server, phone_page, screenshot_path, campaign, log_in
):
    viewer = add_member(campaign, make_user("ali"), Role.VIEWER).user
    log_in(phone_page, live_server, viewer)
    page = phone_page
    base = f"{live_server.url}/campaigns/{campaign.slug}"
    for path in ("", "games/", "games/3/checklist/", "trackers/", "sections/", "setup/"):
        page.goto(f"{base}/{path}")
        assert page.url == f"{base}/{path}"
        fits_the_phone(page)
        assert post_forms(page) == [], f"{path}: {post_forms(page)}"
        for words in ("Enter game", "Edit", "Delete", "Members"):
            link = page.get_by_role("link", name=words, exact=True)
            expect(link, f"{path}: {words}").to_have_count(0)
        if path == "":
            page.screenshot(path=screenshot_path("accounts-viewer-dashboard-phone.png"))
    assert "Save the checklist" not in page.content()

    # A POST made by hand, with the page's own CSRF token, is refused and changes nothing.
    status = page.evaluate(
        """async (url) => {
            const token = document.querySelector('input[name=csrfmiddlewaretoken]').value;
            const body = new URLSearchParams({csrfmiddlewaretoken: token, 's1-done': 'envelope-1'});
            const response = await fetch(url, {method: 'POST', body});
            return response.status;
        }""",
        f"{base}/sections/1/components/",
    )
    assert status == 403
    token = page.evaluate("document.querySelector('input[name=csrfmiddlewaretoken]').value")
    refused = page.request.post(
        f"{base}/games/3/delete/",
        form={"csrfmiddlewaretoken": token},
        headers={"X-CSRFToken": token, "Referer": f"{base}/games/"},
    )
    assert refused.status == 403
    assert campaign.games.count() == 3
    assert not campaign.component_ticks.exists()


def test_the_public_page_switched_on_and_read_on_a_phone_without_an_account(
    live_server, browser, phone_page, screenshot_path, campaign, owner, log_in
):
    log_in(phone_page, live_server, owner)
    page = phone_page
    page.goto(f"{live_server.url}/campaigns/{campaign.slug}/public/")
    with page.expect_navigation():
        page.get_by_role("button", name="Switch the public page on").click()
    page.wait_for_selector("svg.qr-code")
    address = page.locator(".link-text").inner_text().strip()
    assert address == f"{live_server.url}/p/{PublicLink.objects.get().token}/"
    fits_the_phone(page)
    page.screenshot(path=screenshot_path("accounts-public-settings-phone.png"), full_page=True)

    unlocked = {u["section"] for u in campaign.state["unlocked_sections"]}
    locked = {s.number for s in sections()} - unlocked
    vocabulary = open_vocabulary()
    visitor = browser.new_context(**PHONE)
    try:
        public = visitor.new_page()
        public.goto(address)
        for name in ("Standings", "Game log", "Tracker cards", "Elections", "Cities"):
            with public.expect_navigation():
                public.get_by_role("link", name=name, exact=True).click()
            assert public.url.startswith(address), name
            fits_the_phone(public)
            assert post_forms(public) == [], name
            assert spoilers_in(visible_text(public.content()), locked, vocabulary) == [], name
            text = public.inner_text("body")
            assert "Sections" not in text and "Enter game" not in text, name
            shot = name.lower().replace(" ", "-")
            public.screenshot(path=screenshot_path(f"public-{shot}-phone.png"), full_page=True)
    finally:
        visitor.close()

    # Switched off, the address answers "not found".
    with page.expect_navigation():
        page.get_by_role("button", name="Switch it off").click()
    page.wait_for_selector("text=The public page is off")
    gone = browser.new_context(**PHONE)
    try:
        assert gone.new_page().goto(address).status == 404
    finally:
        gone.close()
