"""The history in a real Chromium on a phone: a game deleted from the game log comes back with
one press of Undo. Screenshots for a person to look at."""

from __future__ import annotations

import copy
import re

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.actions import import_campaign
from scoring.tests.catalogue import ensure_catalogue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390


@pytest.fixture
def campaign():
    ensure_catalogue()
    campaign = import_campaign(
        make_campaign(
            tables=[
                leader_table("purple", "yellow", "teal", sections=("credits",)),
                leader_table("yellow", "purple", "teal", sections=("mining",)),
                leader_table("teal", "purple", "yellow", sections=("military",)),
            ],
            corporations=3,
        )
    )
    # An edit with a few lines of what changed, so the page shows one.
    game = campaign.games.get(number=1)
    table = copy.deepcopy(game.table)
    for player, credits in zip(table["players"], (14, 3, 5), strict=True):
        player["credits"] = credits
    actions.save_game(
        campaign,
        game=game,
        table=table,
        played_on=game.played_on,
        megastructure=game.megastructure,
        city_location="Mars",
        city_name="New Caro",
    )
    return campaign


def sign_in(page, live_server, campaign) -> None:
    """Caro, the campaign's owner (with accounts; before them anyone may), signed in."""
    user = get_user_model().objects.create_user("caro", password="not-used-here-1")
    if apps.is_installed("accounts"):
        from accounts.models import Membership

        Membership.objects.create(campaign=campaign, user=user, role="owner")
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )


def scroll_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_a_deleted_game_comes_back_from_the_history_on_a_phone(
    live_server, campaign, phone_page, screenshot_path
):
    page = phone_page
    sign_in(page, live_server, campaign)
    base = f"{live_server.url}/campaigns/{campaign.slug}"

    # Game 2 is deleted through the game log's delete page; game 3 becomes game 2.
    page.goto(f"{base}/games/2/delete/")
    page.get_by_role("button", name="Delete game 2").click()
    page.wait_for_url("**/games/")
    expect(page.locator("#game-3")).to_have_count(0)

    page.goto(f"{base}/history/")
    assert scroll_width(page) <= PHONE_WIDTH
    deleted = page.locator(".history-change").first
    expect(deleted).to_contain_text("Game deleted · game 2", use_inner_text=True)
    expect(deleted).to_contain_text("by caro", use_inner_text=True)
    main = page.locator("main")
    expect(main).to_contain_text("credits of Purple corporation 10 → 14", use_inner_text=True)

    with page.expect_navigation():
        page.get_by_role("button", name="Undo: put game 2 back").click()
    page.wait_for_selector("text=Undone: game deleted, game 2")
    expect(page).to_have_url(re.compile("#change-"))
    assert scroll_width(page) <= PHONE_WIDTH
    expect(main).to_contain_text("Game added · game 2", use_inner_text=True)
    expect(main).to_contain_text("Undone on ", use_inner_text=True)
    # The undo is undoable in its turn (it would delete game 2 again).
    expect(page.get_by_role("button", name="Undo: take game 2 out")).to_have_count(1)
    page.screenshot(path=screenshot_path("history-undo-phone.png"), full_page=True)

    page.get_by_role("link", name="Game log").click()
    page.wait_for_url("**/games/")
    expect(page.locator("#game-3")).to_have_count(1)
    back = page.locator("#game-2")
    expect(back).to_contain_text("12 Jan 2026", use_inner_text=True)
    expect(back).to_contain_text("Winner:", use_inner_text=True)
    expect(back).to_contain_text("yellow", ignore_case=True, use_inner_text=True)
    assert scroll_width(page) <= PHONE_WIDTH
    page.screenshot(path=screenshot_path("history-game-log-after-undo-phone.png"), full_page=True)
