"""A phone whose clock is set to Tokyo makes a campaign: the campaign's pages are in
Asia/Tokyo (static/js/time-zone.js fills the create form's hidden field, under the strict
Content-Security-Policy). Screenshots of the settings' choice of zone for a person to look at."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaign.models import Campaign
from scoring.tests.catalogue import ensure_catalogue
from tests.plugins.pages import DESKTOP, PHONE, fill

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_in_tokyo_makes_a_campaign_in_tokyos_zone(
    browser, live_server, owner, log_in, screenshot_path
):
    ensure_catalogue()
    context = browser.new_context(**PHONE, timezone_id="Asia/Tokyo")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    log_in(page, live_server, owner)
    page.goto(live_server.url + reverse("campaign:create"))
    fill(page, '[name="name"]', "Tokyo group")
    fill(page, '[name="corp-0-player"]', "Aiko")
    fill(page, '[name="corp-1-player"]', "Ren")
    page.get_by_role("button", name="Create the campaign").click()
    page.wait_for_url("**/campaigns/tokyo-group/")
    campaign = Campaign.objects.get()
    assert campaign.time_zone == "Asia/Tokyo"
    # The pages outside a campaign know the phone's zone too.
    cookies = {c["name"]: c["value"] for c in context.cookies()}
    assert cookies["time_zone"] == "Asia/Tokyo"
    assert errors == []

    settings_url = live_server.url + reverse("campaign:settings", args=[campaign.slug])
    page.goto(settings_url)
    assert page.locator('[name="time_zone"]').input_value() == "Asia/Tokyo"
    page.locator('[name="time_zone"]').scroll_into_view_if_needed()
    page.screenshot(path=screenshot_path("time-zone-settings-phone.png"))
    desktop = browser.new_context(**DESKTOP, timezone_id="Europe/Berlin").new_page()
    log_in(desktop, live_server, owner)
    desktop.goto(settings_url)
    # The campaign's zone, whatever the zone of the phone reading it.
    assert desktop.locator('[name="time_zone"]').input_value() == "Asia/Tokyo"
    desktop.locator('[name="time_zone"]').select_option("Europe/Berlin")
    desktop.screenshot(path=screenshot_path("time-zone-settings-desktop.png"), full_page=True)
    desktop.get_by_role("button", name="Save").click()
    desktop.wait_for_url(f"**/campaigns/{campaign.slug}/")
    campaign.refresh_from_db()
    assert campaign.time_zone == "Europe/Berlin"
    context.close()
    desktop.context.close()
