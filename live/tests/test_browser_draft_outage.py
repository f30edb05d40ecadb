"""A seat's phone while the server cannot reach its database (issue 29), in a real Chromium:
the draft's push and poll answer 503 with the sentence as JSON (hosting.middleware, tested
against a served app without its database in tests/test_hosting.py); the phone shows the
sentence, keeps what was typed, and sends it once the server answers again, nothing lost.

The 503 is the server's own answer to such a request (`unreachable_response`), given through
Playwright's route for the push and poll addresses only: the live server keeps its database,
so what arrives afterwards is read back from it."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.urls import reverse
from playwright.sync_api import expect

from accounts.models import Role
from accounts.tests.factory import add_member, make_user, owner_user
from campaign.models import Corporation
from hosting.middleware import UNREACHABLE_SENTENCE, unreachable_response
from live.tests.factory import field, four_seats, stored
from live.tests.test_browser_draft_offline import KEPT_CHANGES, KEPT_CHANGES_BECOME, SLOW, type_in
from tests.plugins.pages import DESKTOP, PHONE

pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]


def outage_answer() -> tuple[bytes, dict[str, str]]:
    """What the server answers a phone's push while its database cannot be reached."""
    request = RequestFactory().post(
        "/campaigns/c/games/together/push/", data=b"{}", content_type="application/json"
    )
    response = unreachable_response(request)
    assert response.status_code == 503
    return response.content, {key: value for key, value in response.items()}


def is_draft_json(url: str) -> bool:
    return "/games/together/push/" in url or "/games/together/live/" in url


def test_a_phone_shows_the_outage_sentence_keeps_what_was_typed_and_sends_it_afterwards(
    browser, live_server, log_in, screenshot_path
):
    campaign = four_seats()
    user = make_user("seat-purple")
    add_member(campaign, user, Role.PLAYER)
    Corporation.objects.filter(campaign=campaign, key="purple").update(holder=user)
    host = Client()
    host.force_login(owner_user())
    assert host.post(reverse("campaign:draft_open", args=[campaign.slug])).status_code == 302

    context = browser.new_context(**PHONE)
    try:
        purple = context.new_page()
        purple.set_default_timeout(SLOW)
        log_in(purple, live_server, user)
        purple.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/together/seat/purple/")
        banner = purple.locator("#offline-banner")
        expect(banner).to_be_hidden()

        body, headers = outage_answer()
        answered = []

        def database_gone(route):
            answered.append(route.request.url)
            route.fulfill(status=503, body=body, headers=headers)

        purple.route(is_draft_json, database_gone)
        type_in(purple, "credits", "14")
        expect(banner).to_contain_text(UNREACHABLE_SENTENCE)
        expect(banner).to_contain_text("Not sent: 1 change kept on this phone.")
        type_in(purple, "mining_tokens", "2")
        expect(banner).to_contain_text("Not sent: 2 changes kept on this phone.")
        expect(banner).to_contain_text("sent when the server answers again")
        assert any("/push/" in url for url in answered)
        # As with no signal: what needs the server says so.
        done = purple.locator("main form:not(#seat-form, [data-sign-out]) button.btn-success")
        expect(done).to_be_disabled()
        # Kept on the phone, not on the server; the fields show what was typed.
        assert purple.evaluate(KEPT_CHANGES) == 2
        assert "mining_tokens" not in stored(campaign, "purple")
        expect(field(purple, "credits")).to_have_value("14")
        # The poll's 503 keeps the sentence up while the push waits to be sent again.
        purple.wait_for_timeout(2500)
        assert any("/live/" in url for url in answered)
        expect(banner).to_contain_text(UNREACHABLE_SENTENCE)
        purple.screenshot(path=screenshot_path("draft-database-gone-phone.png"))
        purple.set_viewport_size(DESKTOP["viewport"])
        purple.screenshot(path=screenshot_path("draft-database-gone-desktop.png"))
        purple.set_viewport_size(PHONE["viewport"])

        # The database is back: the next poll or retry sends what was kept, nothing lost.
        purple.unroute(is_draft_json, database_gone)
        assert purple.evaluate(KEPT_CHANGES_BECOME, [0, SLOW]) == 0
        card = stored(campaign, "purple")
        assert card["credits"] == "14" and card["mining_tokens"] == "2"
        expect(banner).to_be_hidden()
        expect(done).to_be_enabled()
    finally:
        context.close()
