"""Two people and a campaign file in a real Chromium: two players editing the same game at once
(the second is told what the first changed, keeps their entries, and nothing of theirs is
saved), and a campaign exported from the dashboard and imported again through the upload form.
Screenshots for a person to look at."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from benchmarks.samples import leader_table, make_campaign
from campaign.actions import import_campaign
from campaign.models import Campaign, Change, ChangeKind
from scoring.tests.catalogue import ensure_catalogue

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def campaign() -> Campaign:
    ensure_catalogue()
    return import_campaign(
        make_campaign(
            tables=[
                leader_table("purple", "yellow", "teal", sections=("credits",)),
                leader_table("yellow", "purple", "teal", sections=("mining",)),
                leader_table("teal", "purple", "yellow", sections=("military",)),
            ],
            corporations=3,
        )
    )


def test_two_players_edit_the_same_game_and_the_second_is_told_what_changed(
    live_server, campaign, desktop_page, phone_page, log_in, screenshot_path
):
    alice, bob = make_user("alice"), make_user("bob")
    add_member(campaign, alice, Role.PLAYER)
    add_member(campaign, bob, Role.PLAYER)
    log_in(desktop_page, live_server, alice)
    log_in(phone_page, live_server, bob)
    edit = f"{live_server.url}/campaigns/{campaign.slug}/games/2/edit/"
    game = campaign.games.get(number=2)
    purple = game.table["players"][1]
    assert purple["corporation"] == "purple"
    purple_credits = purple.get("credits", 0)

    # Game 2 as the wizard stores it (the file left out its zeros and default ships): alice
    # opens it and saves it unchanged.
    desktop_page.goto(edit)
    desktop_page.get_by_role("button", name="Score and save").click()
    desktop_page.wait_for_url("**/games/2/checklist/")

    # Both open the edit form of game 2.
    desktop_page.goto(edit)
    phone_page.goto(edit)
    desktop_page.wait_for_selector('[name="p2-credits"]')
    phone_page.wait_for_selector('[name="p3-credits"]')

    # Alice saves first: purple's credits change.
    desktop_page.fill('[name="p2-credits"]', str(purple_credits + 2))
    desktop_page.get_by_role("button", name="Score and save").click()
    desktop_page.wait_for_url("**/games/2/checklist/")
    game.refresh_from_db()
    assert game.version == 3
    saved_table = game.table

    # Bob, still on the form he opened before, saves his own change.
    phone_page.fill('[name="p3-credits"]', "7")
    with phone_page.expect_navigation():
        phone_page.get_by_role("button", name="Score and save").click()
    alert = phone_page.locator(".form-errors[role=alert]")
    alert.wait_for()
    message = alert.inner_text()
    assert "Game 2 was saved by alice while you were editing it" in message
    assert "Nothing of yours was saved; your entries are kept below." in message
    assert (
        f"They changed credits of Purple corporation {purple_credits} → {purple_credits + 2}"
        in message
    )
    # Only what alice changed: not the zeros the wizard wrote where the imported file had none.
    assert message.count("They changed") == 1, message
    expect(phone_page).to_have_url(edit)
    # Said once, above the form (not again in an alert of the form's own).
    expect(phone_page.get_by_text("was saved by alice while you were editing it")).to_have_count(1)
    # His entry is still on the form; alice's value is not slipped into it.
    expect(phone_page.locator('[name="p3-credits"]')).to_have_value("7")
    expect(phone_page.locator('[name="p2-credits"]')).to_have_value(str(purple_credits))

    # Nothing of his was saved: the game is alice's version, and the history has no edit by him.
    game.refresh_from_db()
    assert game.version == 3
    assert game.table == saved_table
    assert not Change.objects.filter(
        campaign=campaign, kind=ChangeKind.GAME_EDITED, made_by=bob
    ).exists()

    alert.scroll_into_view_if_needed()
    phone_page.screenshot(path=screenshot_path("e2e-edit-conflict-phone.png"))


def test_the_exported_file_imports_through_the_form_into_the_same_standings(
    live_server, campaign, desktop_page, log_in, owner, tmp_path
):
    add_member(campaign, owner, Role.OWNER)
    log_in(desktop_page, live_server, owner)
    page = desktop_page
    page.goto(f"{live_server.url}/campaigns/{campaign.slug}/")
    original_standings = page.locator("[aria-labelledby=standings-title] table").inner_text()

    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download the campaign file (backup)").click()
    download = download_info.value
    assert download.suggested_filename == f"{campaign.slug}.json"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    downloaded = Path(saved).read_bytes()

    # The same bytes as the command line's export.
    out = io.StringIO()
    call_command("export_campaign", campaign.slug, stdout=out)
    assert downloaded == out.getvalue().encode("utf-8")

    # Imported through the upload form: a new campaign, with the same standings.
    page.goto(f"{live_server.url}/campaigns/new/")
    page.set_input_files('#import [name="file"]', str(saved))
    with page.expect_navigation():
        page.locator("#import").get_by_role("button", name="Import").click()
    page.wait_for_selector("[aria-labelledby=standings-title] table")
    copy = Campaign.objects.exclude(pk=campaign.pk).get()
    expect(page).to_have_url(f"{live_server.url}/campaigns/{copy.slug}/")
    assert copy.name == campaign.name
    campaign.refresh_from_db()
    assert copy.state["standings"] == campaign.state["standings"]
    imported_standings = page.locator("[aria-labelledby=standings-title] table").inner_text()
    assert imported_standings == original_standings
    expect(page.locator("main")).to_contain_text(
        f"Campaign “{campaign.name}” imported.", use_inner_text=True
    )
