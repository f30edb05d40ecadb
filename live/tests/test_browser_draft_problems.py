"""Each refusal under its field as it is typed (issue 31), in a real Chromium at 390×844: a
seat types credits 35, outposts −2, 5 bases and 31 mining tokens; each sentence shows under
its own field (named by the field's aria-describedby) and goes once the value is put right;
"My card is done" with something still wrong asks first, in the page; and no sentence on the
page carries a technical prefix or a doubled full stop."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from live.tests.factory import card_of
from live.tests.test_browser_draft_protocol import show_field, table

__all__ = ["table"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]

SLOW = 20000


def is_push(response) -> bool:
    return response.request.method == "POST" and response.url.endswith("/push/")


def type_in(page, name: str, value: str) -> None:
    box = show_field(page, page.locator(f"#seat-form input[name$='-{name}']"))
    with page.expect_response(is_push):
        box.fill(value)
        box.blur()


def problem_of(page, name: str):
    box = page.locator(f"#seat-form input[name$='-{name}']")
    return page.locator(f"#{box.get_attribute('id')}_error")


def test_each_refusal_shows_under_its_field_and_done_asks_first(table, screenshot_path):
    campaign, base, host, purple = table
    purple.goto(f"{base}seat/purple/")
    typed = {"credits": "35", "outposts_1": "-2", "bases_2": "5", "mining_tokens": "31"}
    for name, value in typed.items():
        type_in(purple, name, value)
    said = {
        "credits": "Credits must be between 0 and 29, not 35.",
        "outposts_1": "Outposts in zone 1 must be between 0 and 17, not -2.",
        "bases_2": "Bases in zone 2 must be between 0 and 4, not 5.",
        "mining_tokens": "Mining tokens must be between 0 and 30, not 31.",
    }
    for name, sentence in said.items():
        expect(problem_of(purple, name)).to_have_text(sentence)
        box = purple.locator(f"#seat-form input[name$='-{name}']")
        expect(box).to_have_attribute("aria-invalid", "true")
        assert problem_of(purple, name).get_attribute("id") in box.get_attribute("aria-describedby")
    # What was typed is kept all the same.
    assert card_of(campaign, "purple").data["credits"] == "35"
    purple.screenshot(path=screenshot_path("draft-seat-problems.png"), full_page=True)

    # "My card is done" asks first, with what is wrong; nothing is marked.
    done = purple.get_by_role("button", name="My card is done")
    done.click()
    question = purple.locator("[data-done-ask]")
    expect(question).to_contain_text("4 fields still need a look: Credits must be between 0 and 29")
    expect(question).to_contain_text("Mark your card done anyway?")
    purple.screenshot(path=screenshot_path("draft-seat-done-asks.png"))
    purple.set_viewport_size({"width": 1280, "height": 800})
    purple.screenshot(path=screenshot_path("draft-seat-done-asks-desktop.png"), full_page=True)
    purple.set_viewport_size({"width": 390, "height": 844})
    anyway = purple.get_by_role("button", name="Mark done anyway")
    expect(anyway).to_be_visible()
    purple.wait_for_timeout(500)
    assert not card_of(campaign, "purple").done

    # Put right, a sentence goes, and the question counts what is left.
    type_in(purple, "credits", "12")
    expect(problem_of(purple, "credits")).to_be_empty()
    box = purple.locator("#seat-form input[name$='-credits']")
    expect(box).not_to_have_attribute("aria-invalid", "true")
    expect(question).to_contain_text("3 fields still need a look")

    # A second tap marks it done, and says what is left.
    anyway.click()
    expect(purple.get_by_text("Marked done; 3 fields still need a look.")).to_be_visible()
    expect(host.locator("#draft-live")).to_contain_text("1 of 4 seats done", timeout=SLOW)
    assert card_of(campaign, "purple").done

    # No sentence on either phone carries a prefix or a doubled full stop.
    for page in (purple, host):
        page.wait_for_timeout(100)
        words = page.locator("main").inner_text()
        assert "Card:" not in words and ". ." not in words and ".." not in words.replace("…", ""), (
            words
        )


def test_a_discard_tells_the_seat_phone_what_happened_and_where_it_is(table, screenshot_path):
    """Issue 31: after the host discards the draft, the seat's phone says so at the top of
    the page it lands on ("Enter game 2 together"), not a game log with no word."""
    from accounts.tests.factory import owner_user
    from live.actions.discards import discard_draft
    from live.models import GameDraft

    campaign, base, host, purple = table
    purple.goto(f"{base}seat/purple/")
    type_in(purple, "credits", "12")
    discard_draft(GameDraft.objects.get(campaign=campaign), user=owner_user())
    expect(purple).to_have_url(re.compile(r"/games/together/\?discarded=\d+$"), timeout=SLOW)
    told = purple.get_by_text(
        f"The draft of game 2 was discarded by {owner_user().get_username()}: nothing of it "
        "was saved."
    )
    expect(told).to_be_in_viewport()
    expect(purple.get_by_role("heading", name="Enter game 2 together")).to_be_visible()
    purple.screenshot(path=screenshot_path("draft-discarded-seat-phone.png"))
