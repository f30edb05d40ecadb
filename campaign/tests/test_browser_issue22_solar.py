"""Issue 22's Solar 175 pages on a phone, in a real Chromium: the edit page's question about a
named city, a locked #30's unlock, the standings' games played. Screenshots to look at."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390


@pytest.fixture
def catalogue():
    call_command("load_catalogue", verbosity=0)


def test_the_city_question_the_unlock_and_the_games_played_fit_a_phone(
    live_server, catalogue, phone_page, screenshot_path, owner, log_in
):
    tables = [leader_table("purple", "yellow", sections=("credits",)) for _ in range(3)]
    data = make_campaign(corporations=2, tables=tables)
    data["games"][1]["named_city"] = {"location": "Mars", "name": "New Avalon"}
    campaign = owned(actions.import_campaign(data))
    log_in(phone_page, live_server, owner)
    page = phone_page
    base = f"{live_server.url}/campaigns/{campaign.slug}"

    page.goto(f"{base}/games/2/edit/")
    page.wait_for_selector('[name="p2-credits"]')
    page.evaluate(
        """() => {
            for (const [name, value] of [["p1-credits", "0"], ["p2-credits", "6"]]) {
                const field = document.querySelector(`[name="${name}"]`);
                field.value = value;
            }
        }"""
    )
    with page.expect_navigation():
        page.get_by_role("button", name="Score and save").click()
    page.wait_for_selector('[name="game-city_choice"]')
    assert "What happens to the city?" in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    page.locator('[name="game-city_choice"][value="keep"]').scroll_into_view_if_needed()
    page.screenshot(path=screenshot_path("issue22-city-question-phone.png"), full_page=True)

    page.goto(f"{base}/sections/")
    card = page.locator('[data-locked="30"]')
    card.scroll_into_view_if_needed()
    assert "after game 3" in card.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    card.screenshot(path=screenshot_path("issue22-section-30-phone.png"))

    page.goto(f"{base}/")
    assert "3 games played" in page.locator("#standings-title").locator("..").inner_text()
    page.screenshot(path=screenshot_path("issue22-standings-phone.png"), full_page=True)
