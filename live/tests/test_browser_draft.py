"""The table together, in a real Chromium: a host and four seats, each on a phone, enter one
game at once (two typing at the same moment), everyone sees the same live totals, which are the
`score` command's; a seat cannot write another's card; a reload mid-entry loses nothing."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from campaign.models import Corporation, Game
from live.tests.factory import field, four_seats, is_write
from solar175.explain import table_as_scored
from solar175.table_file import table_to_dict
from tests.plugins.pages import PHONE

# A game entered together: its writes and locks differ between the databases, so this runs on
# both legs of `make test`.
pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]

SEATS = ("purple", "yellow", "teal", "orange")
# What each seat counts off its board (field -> value), and its credits.
BOARDS = {
    "purple": {"credits": "12", "mining_tokens": "2", "outposts_1": "3", "bases_2": "1"},
    "yellow": {"credits": "7", "megastructure_tokens": "3", "outposts_1": "1", "outposts_2": "2"},
    "teal": {"credits": "4", "military_tokens": "4", "outposts_2": "3"},
    "orange": {"credits": "9", "mining_tokens": "1", "bases_1": "1", "outposts_1": "2"},
}
SHARED = {
    "hubs-hensler_workers": "3",
    "hubs-ufss_workers": "4",
    "hubs-military_workers": "5",
    "hubs-zone1_workers": "4",
    "hubs-zone2_workers": "2",
    "ballots-workers_union": "3",
    "ballots-united_federalists": "2",
}


@pytest.fixture
def campaign():
    return four_seats()


def seat_page(browser, live_server, log_in, user):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    log_in(page, live_server, user)
    return page


def type_value(page, box, value: str) -> None:
    """Type a value and leave the field, as a person does (opening its fold first, a zone
    with nothing in it yet); wait until the draft has it."""
    if not box.is_visible():
        box.locator("xpath=ancestor::details[1]/summary").click()
    with page.expect_response(is_write):
        box.fill(value)
        box.blur()


def totals(page) -> dict[str, int]:
    chips = page.locator("#draft-live [data-live-total]")
    return {
        chips.nth(i).get_attribute("data-live-total"): int(chips.nth(i).inner_text())
        for i in range(chips.count())
    }


@pytest.mark.long
def test_a_host_and_four_seats_enter_one_game_together(
    browser, live_server, campaign, log_in, screenshot_path, tmp_path
):
    users = {}
    for key in SEATS:
        users[key] = make_user(f"seat-{key}")
        add_member(campaign, users[key], Role.PLAYER)
        Corporation.objects.filter(campaign=campaign, key=key).update(holder=users[key])
    from accounts.tests.factory import owner_user

    host = seat_page(browser, live_server, log_in, owner_user())
    base = f"{live_server.url}/campaigns/{campaign.slug}/games/together/"
    host.goto(base)
    with host.expect_navigation():
        host.get_by_role("button", name="Start entering game 2").click()
    expect(host.locator("#draft-live")).to_contain_text("0 of 4 seats done")

    seats = {key: seat_page(browser, live_server, log_in, users[key]) for key in SEATS}
    for key, page in seats.items():
        page.goto(base)  # the QR code's address: each lands on their own card
        expect(page).to_have_url(f"{base}seat/{key}/")

    # Two seats type at the same moment: neither waits for the other's request.
    with seats["purple"].expect_response(is_write), seats["yellow"].expect_response(is_write):
        field(seats["purple"], "credits").fill(BOARDS["purple"]["credits"])
        field(seats["yellow"], "credits").fill(BOARDS["yellow"]["credits"])
        field(seats["purple"], "credits").blur()
        field(seats["yellow"], "credits").blur()
    for key, page in seats.items():
        for name, value in BOARDS[key].items():
            if name == "credits" and key in ("purple", "yellow"):
                continue
            type_value(page, field(page, name), value)

    # A reload mid-entry loses nothing.
    seats["teal"].reload()
    expect(field(seats["teal"], "credits")).to_have_value(BOARDS["teal"]["credits"])
    expect(field(seats["teal"], "military_tokens")).to_have_value("4")

    # A seat cannot write another seat's card.
    status = seats["teal"].evaluate(
        """async (url) => {
            const token = document.querySelector('input[name=csrfmiddlewaretoken]').value;
            const body = new URLSearchParams({"p1-credits": "29", "_field": "p1-credits"});
            const response = await fetch(url, {method: "POST", body,
                headers: {"X-CSRFToken": token}});
            return response.status;
        }""",
        f"{base}seat/purple/",
    )
    assert status == 403

    # The host fills the shared part.
    for name, value in SHARED.items():
        type_value(host, host.locator(f"#shared-form input[name='{name}']"), value)

    for page in seats.values():
        page.get_by_role("button", name="My card is done").click()
        expect(page.get_by_text("Marked done.")).to_be_visible()
    seats["purple"].screenshot(path=screenshot_path("draft-seat-phone.png"), full_page=True)

    # Every phone shows the same totals within a poll or two.
    expect(host.locator("#draft-live")).to_contain_text("4 of 4 seats done", timeout=8000)
    seen = {}
    for name, page in [("host", host), *seats.items()]:
        expect(page.locator("#draft-live")).to_contain_text("4 of 4 seats done", timeout=8000)
        seen[name] = totals(page)
    assert len({json.dumps(t, sort_keys=True) for t in seen.values()}) == 1, seen
    host.screenshot(path=screenshot_path("draft-host-phone.png"), full_page=True)

    # The save's answer, or the page's own poll if it hears of the save first, takes the host
    # to the saved game.
    host.get_by_role("button", name="Score and save game 2").click()
    expect(host).to_have_url(f"{live_server.url}/campaigns/{campaign.slug}/games/2/checklist/")

    # The totals everyone saw are the `score` command's on the same table.
    game = Game.objects.get(campaign=campaign, number=2)
    table = table_to_dict(table_as_scored(game.table, game.entry()))
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    out = io.StringIO()
    call_command("score", str(path), stdout=out)
    scored = {p["corporation"]: p["total"] for p in json.loads(out.getvalue())["players"]}
    assert seen["host"] == scored
