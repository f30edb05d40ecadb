"""Solar 175 pages fit a phone, in a real Chromium: the edit page's question about a named
city, a locked #30's unlock, the standings' games played, the debt rows. Screenshots to look
at."""

from __future__ import annotations

import pytest

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390


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
    page.screenshot(path=screenshot_path("phone-fit-city-question-phone.png"), full_page=True)

    page.goto(f"{base}/sections/")
    card = page.locator('[data-locked="30"]')
    card.scroll_into_view_if_needed()
    assert "after game 3" in card.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    card.screenshot(path=screenshot_path("phone-fit-section-30-phone.png"))

    page.goto(f"{base}/")
    assert "3 games played" in page.locator("#standings-title").locator("..").inner_text()
    page.screenshot(path=screenshot_path("phone-fit-standings-phone.png"), full_page=True)


def test_the_debt_rows_fit_a_phone(
    live_server, catalogue, phone_page, screenshot_path, owner, log_in
):
    three = ("purple", "yellow", "teal")
    tables = [leader_table(*three, sections=("credits",)) for _ in range(6)]
    data = make_campaign(corporations=three, tables=tables)
    data["corporations"][2]["ai"] = True
    data["box"] = {
        "debt_boxes": [
            {"name": "Emergency funds", "values": [1, 2, 3, 5]},
            {"name": "Fast hire", "values": [2, 4]},
            {"name": "Bribe", "values": [3, 6, 9]},
        ]
    }
    campaign = owned(actions.import_campaign(data))
    log_in(phone_page, live_server, owner)
    page = phone_page
    page.goto(f"{live_server.url}/campaigns/{campaign.slug}/games/6/edit/")
    page.get_by_text("Bank of Yurushi debt boxes checked").click()
    field = page.locator('[name="game-debt_purple_row1"]')
    field.scroll_into_view_if_needed()
    assert page.locator('[name^="game-debt_teal"]').count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    page.screenshot(path=screenshot_path("phone-fit-debt-rows-phone.png"), full_page=False)
