"""The zone an earlier version stored a game without, asked on a phone: the dashboard's notice
leads to the game's page, whose prompt passes axe and the contrast check in light and dark,
and the zone chosen there re-scores the game (docs/upgrading.md)."""

from __future__ import annotations

import pytest

from accounts.tests.factory import owned, owner_user
from campaign import actions
from campaign.tests.upgrades import KRAKEN, old_file
from offline.tests.contrast import contrast_failures
from scoring.tests.catalogue import ensure_catalogue
from tests.plugins.pages import PHONE
from tests.test_browser_axe import axe_context, violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_gives_the_zone_from_the_dashboard_on_a_phone(browser, live_server, log_in):
    ensure_catalogue()
    campaign = owned(actions.import_campaign(old_file(KRAKEN)))
    for scheme in ("light", "dark"):
        context = axe_context(browser, **PHONE, color_scheme=scheme)
        page = context.new_page()
        log_in(page, live_server, owner_user())
        page.goto(f"{live_server.url}/campaigns/{campaign.slug}/")
        assert violations(page) == []
        assert contrast_failures(page, f"dashboard {scheme}")[1] == []
        page.get_by_role("link", name="Game 11: The Kraken").click()
        page.locator("#zone-missing").wait_for()
        assert violations(page) == []
        assert contrast_failures(page, f"game 11 {scheme}")[1] == []
        if scheme == "dark":
            page.select_option("#id_zone-zone", "5")
            page.get_by_role("button", name="Save the zone").click()
            page.get_by_text("the Megastructure Location Token was in zone 5").wait_for()
            assert page.locator("#zone-missing").count() == 0
        context.close()
    game = campaign.games.get(number=11)
    assert game.megastructure_zone == 5
    assert campaign.changes.order_by("-pk").first().made_by == owner_user()
