"""The scoring wizard in a real headless Chromium: a phone at the table, a desktop, no JavaScript.

Screenshots land in the conftest's screenshot folder for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from django.http import QueryDict
from django.urls import reverse
from playwright.sync_api import expect

from campaign.models import Game
from scoring.tests.test_wizard import TABLE
from scoring.wizard.table_form import TableForm
from solar175.engine import score_game
from solar175.table import read_table
from tests.plugins.pages import fill

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("catalogue"),
]

PHONE_WIDTH = 390
SCROLL_WIDTH = "document.documentElement.scrollWidth"


def live_total(page, corporation: str) -> str:
    return page.locator(f"#live-result [data-total={corporation}]").inner_text()


def wait_for_live_total(page, corporation: str, total: int) -> None:
    page.wait_for_function(
        "([corporation, total]) => {"
        "  const cell = document.querySelector(`#live-result [data-total=${corporation}]`);"
        "  return cell !== null && cell.textContent.trim() === String(total);"
        "}",
        arg=[corporation, total],
    )


def chip(page, value: str):
    """A section's toggle on the first step (its checkbox is drawn as the label)."""
    return page.locator(f"label[for='id_setup-sections_{0 if value == 'none' else value}']")


def expect_ticked(page, values: list[str]) -> None:
    """The sections ticked on the page are `values`, in order (retried until they are)."""
    ticked = page.locator("[name='setup-sections']:checked")
    expect(ticked).to_have_count(len(values))
    for index, value in enumerate(values):
        expect(ticked.nth(index)).to_have_value(value)


def choose_token_zone(page, zone: int) -> None:
    """The Megastructure Location Token's zone: never chosen for the group (RULES-NOTES §6)."""
    page.select_option("[name='setup-megastructure_zone']", str(zone))


def enter_table(page, table: dict) -> None:
    """Type a table into the wizard's second step, field by field, as a player would."""
    choose_token_zone(page, table["megastructure_zone"])
    hubs = table["hubs"]
    for key in ("hensler", "ufss", "military"):
        fill(page, f"[name='hubs-{key}_workers']", str(hubs[key]["workers"]))
        fill(page, f"[name='hubs-{key}_algorithms']", str(hubs[key]["algorithms"]))
    for zone, hub in hubs["zones"].items():
        fill(page, f"[name='hubs-zone{zone}_workers']", str(hub["workers"]))
        fill(page, f"[name='hubs-zone{zone}_algorithms']", str(hub["algorithms"]))
    for party, votes in table["ballots"].items():
        fill(page, f"[name='ballots-{party}']", str(votes))
    for seat, player in enumerate(table["players"], start=1):
        prefix = f"p{seat}"
        for key in ("credits", "megastructure_tokens", "military_tokens"):
            fill(page, f"[name='{prefix}-{key}']", str(player[key]))
        # Mining tokens with the + button, the way a thumb does it.
        plus = page.locator(f"#div_id_{prefix}-mining_tokens [data-step='1']")
        for _ in range(player["mining_tokens"]):
            plus.click()
        for zone, count in player["outposts"].items():
            fill(page, f"[name='{prefix}-outposts_{zone}']", str(count))
        for zone in table["rules"]["zones_in_play"]:
            fill(page, f"[name='{prefix}-bases_{zone}']", str(player["bases"].count(zone)))
        page.select_option(f"[name='{prefix}-ship_zone']", str(player["ships"][0]["zone"]))


def test_a_three_player_game_scored_on_a_phone(
    live_server, phone_page, screenshot_path, owner, log_in
):
    log_in(phone_page, live_server, owner)
    page = phone_page
    page.goto(live_server.url + reverse("scoring:home"))
    with page.expect_navigation():
        page.get_by_role("link", name="Score a game").last.click()

    # Step 1: a first game ("none" ticked), three players by default, in the catalogue's
    # colour order. A section tapped unticks "none"; "none" tapped unticks the sections.
    expect(page.locator("[name='setup-seat3_corporation']")).to_have_value("teal")
    expect_ticked(page, ["none"])
    assert page.evaluate(SCROLL_WIDTH) <= PHONE_WIDTH
    page.screenshot(path=screenshot_path("wizard-setup-phone.png"), full_page=True)
    chip(page, "1").click()
    chip(page, "3").click()
    expect_ticked(page, ["1", "3"])
    chip(page, "none").click()
    expect_ticked(page, ["none"])
    with page.expect_navigation():
        page.get_by_role("button", name="Next: the table").click()

    # Zones 1 and 2 only, and no field a section brings.
    page.wait_for_selector("[name='p1-credits']")
    expect(page.locator("[name='setup-zones_in_play']")).to_have_count(0)
    expect(page.locator("[name='p1-loans'], [name='ballots-spoiled']")).to_have_count(0)
    expect(page.get_by_text("Sections unlocked: none (a first game)")).to_be_visible()

    # No zone is chosen for the location token: the page asks, and scores once it is given.
    expect(page.locator("[name='setup-megastructure_zone']")).to_have_value("")
    expect(page.locator("#live-result [data-total]")).to_have_count(0)
    choose_token_zone(page, 1)
    page.locator("#live-result [data-total=purple]").wait_for()

    # The live result follows the typing: megastructure tokens first.
    before = int(live_total(page, "purple"))
    fill(page, "[name='hubs-ufss_workers']", "5")
    fill(page, "[name='p1-megastructure_tokens']", "1")
    # UFSS worker value 5, doubled by the United Federalists in power after a 0-0-0 tie.
    wait_for_live_total(page, "purple", before + 10)
    expect(page.locator("#live-totals [data-live-total=purple]")).to_have_text(
        str(before + 10), use_inner_text=True
    )

    # An impossible value: the command's sentence beside the field, and no totals.
    fill(page, "[name='p2-credits']", "30")
    error = page.locator("#id_p2-credits_error")
    error.filter(has_text="must be between 0 and 29").wait_for()
    expect(page.locator("#live-result [data-total]")).to_have_count(0)

    enter_table(page, TABLE)
    expected = score_game(read_table(TABLE).valid_state())
    for player in expected.players:
        wait_for_live_total(page, player.corporation, player.total)
    expect(error).to_have_text("", use_inner_text=True)
    assert page.evaluate(SCROLL_WIDTH) <= PHONE_WIDTH
    page.screenshot(path=screenshot_path("wizard-phone.png"), full_page=True)
    page.locator("#p1-section").screenshot(path=screenshot_path("wizard-player-phone.png"))

    page.get_by_role("button", name="Score and save").click()
    page.wait_for_url("**/games/*/")
    game = Game.objects.get()
    assert game.table == TABLE
    assert game.result == expected.as_dict()
    for player in expected.players:
        expect(page.locator(f"[data-total={player.corporation}]")).to_have_text(
            str(player.total), use_inner_text=True
        )
    winner = expected.player(expected.winner)
    expect(page.locator(".winner")).to_have_text(
        re.compile(re.escape(f"wins with {winner.total} IP.") + "$"), use_inner_text=True
    )
    expect(page.get_by_text("crosses:")).to_have_count(3)
    assert page.evaluate(SCROLL_WIDTH) <= PHONE_WIDTH
    page.screenshot(path=screenshot_path("result-phone.png"), full_page=True)

    page.goto(live_server.url + reverse("scoring:home"))
    expect(page.get_by_text(f"Purple corporation {winner.total}")).to_be_visible()
    assert page.evaluate(SCROLL_WIDTH) <= PHONE_WIDTH
    page.screenshot(path=screenshot_path("home-phone.png"), full_page=True)


def test_sections_picked_on_a_phone_bring_their_zones_and_fields(
    live_server, phone_page, screenshot_path, owner, log_in
):
    log_in(phone_page, live_server, owner)
    page = phone_page
    page.goto(live_server.url + reverse("scoring:wizard"))
    # One tap for what games 1 and 2 unlocked, then #12 and #15 (a Rebellion, loans).
    page.get_by_role("button", name="After game 2: #1–#4").click()
    expect_ticked(page, ["1", "2", "3", "4"])
    chip(page, "12").click()
    expect_ticked(page, ["1", "2", "3", "4", "12"])
    page.locator("#setup-section").screenshot(path=screenshot_path("wizard-sections-phone.png"))
    with page.expect_navigation():
        page.get_by_role("button", name="Next: the table").click()

    # Zones 3 and 4 came into play with #1 and #3; the group plays without zone 4.
    page.wait_for_selector("[name='p1-outposts_4']", state="attached")
    expect(page.locator("[name='ballots-spoiled']")).to_have_count(1)
    expect(page.locator("[name='p1-leased1_zone']")).to_have_count(1)
    expect(page.locator("[name='p1-loans']")).to_have_count(0)
    page.uncheck("[name='setup-zones_in_play'][value='4']")
    page.wait_for_selector("[name='p1-outposts_4']", state="detached")

    # #15 ticked later, under the folded sections: loans come, zone 4 stays out.
    page.get_by_text("Sections unlocked: #1–#4, #12").click()
    chip(page, "15").click()
    page.wait_for_selector("[name='p1-loans']", state="attached")
    expect(page.locator("[name='p1-outposts_4']")).to_have_count(0)
    fill(page, "[name='p1-loans']", "5")
    choose_token_zone(page, 3)
    assert page.evaluate(SCROLL_WIDTH) <= PHONE_WIDTH
    page.get_by_role("button", name="Score and save").click()
    page.wait_for_url("**/games/*/")
    table = Game.objects.get().table
    assert table["sections"] == [1, 2, 3, 4, 12, 15]
    assert table["rules"]["zones_in_play"] == [1, 2, 3]
    assert table["rules"]["celestial_rebellion"] is True
    assert table["players"][0]["loans"] == [5]


def test_five_players_and_every_rule_fit_a_phone(
    live_server, phone_page, screenshot_path, owner, log_in
):
    log_in(phone_page, live_server, owner)
    page = phone_page
    query = "?setup-players=5&" + "&".join(f"setup-sections={n}" for n in range(1, 20))
    query += "&setup-megastructure_zone=5&step=table"
    page.goto(live_server.url + reverse("scoring:wizard") + query)
    page.locator("#p5-section details.more > summary").click()
    fill(page, "[name='p5-loans']", "5, 10")
    fill(page, "[name='ballots-spoiled']", "3")
    # What the server makes of the same entries, straight through the form and the engine.
    oracle = TableForm(QueryDict(query[1:] + "&p5-loans=5,10&ballots-spoiled=3"))
    assert oracle.is_valid()
    wait_for_live_total(page, "fifth", oracle.score().player("fifth").total)
    assert page.evaluate(SCROLL_WIDTH) <= PHONE_WIDTH
    page.screenshot(path=screenshot_path("wizard-five-players-phone.png"), full_page=True)
    page.locator("#live-result").screenshot(path=screenshot_path("live-result-five-phone.png"))


def test_the_result_and_the_edit_page_on_a_desktop(
    live_server, desktop_page, screenshot_path, owner, log_in
):
    log_in(desktop_page, live_server, owner)
    table = {**TABLE, "rules": {**TABLE["rules"], "trade_unions": True}}
    table["hire_cards_left"] = {"general": 2, "engineer": 2, "pilot": 4}
    score = score_game(read_table(table).valid_state())
    game = Game.objects.create(
        played_on="2026-01-05", table=table, result=score.as_dict(), campaign=None, created_by=owner
    )
    page = desktop_page
    page.goto(live_server.url + reverse("scoring:game_detail", args=[game.pk]))
    for player in score.players:
        expect(page.locator(f"[data-total={player.corporation}]")).to_have_text(
            str(player.total), use_inner_text=True
        )
    expect(page.get_by_text("incl. +2 from the union")).to_have_count(2)
    page.screenshot(path=screenshot_path("result-desktop.png"), full_page=True)

    with page.expect_navigation():
        page.get_by_role("link", name="Edit").click()
    expect(page.locator("[name='p3-credits']")).to_have_value("20")
    fill(page, "[name='p3-credits']", "29")
    changed = {**table, "players": [*table["players"][:2], {**table["players"][2], "credits": 29}]}
    teal = score_game(read_table(changed).valid_state()).player("teal")
    wait_for_live_total(page, "teal", teal.total)
    page.screenshot(path=screenshot_path("wizard-desktop.png"), full_page=True)
    page.get_by_role("button", name="Score and save").click()
    page.wait_for_url(f"**/games/{game.pk}/")
    game.refresh_from_db()
    assert (game.version, game.table["players"][2]["credits"]) == (2, 29)


def test_a_game_scored_with_javascript_off(live_server, browser, owner, log_in):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    log_in(page, live_server, owner)
    try:
        page.goto(live_server.url + reverse("scoring:wizard"))
        page.select_option("[name='setup-players']", "2")
        with page.expect_navigation():
            page.get_by_role("button", name="Show the seats for this number of players").click()
        expect(page.locator("[name='setup-seat3_corporation']")).to_have_count(0)
        # A preset without JavaScript: the page comes back with #1 and #2 ticked.
        with page.expect_navigation():
            page.get_by_role("button", name="After game 1: #1, #2").click()
        expect_ticked(page, ["1", "2"])
        expect(page.locator("[name='setup-seat3_corporation']")).to_have_count(0)
        with page.expect_navigation():
            page.get_by_role("button", name="Next: the table").click()
        # No JavaScript: no steppers, plain number inputs.
        expect(page.locator("#div_id_p1-credits [data-step]").first).to_be_hidden()
        expect(page.locator("[name='p1-outposts_3']")).to_have_count(1)
        # #13 ticked under the folded sections (a plain <details>), then the update button.
        page.get_by_text("Sections unlocked: #1, #2").click()
        chip(page, "13").click()
        with page.expect_navigation():
            page.get_by_role(
                "button", name="Update the form for these sections, players and rules"
            ).click()
        expect(page.locator("[name='ballots-hire_general']")).to_have_count(1)
        fill(page, "[name='p1-credits']", "31")
        choose_token_zone(page, 2)
        with page.expect_navigation():
            page.get_by_role("button", name="Score and save").click()
        expect(page.locator("#id_p1-credits_error")).to_have_text(
            "must be between 0 and 29", use_inner_text=True
        )
        assert Game.objects.count() == 0
        fill(page, "[name='p1-credits']", "9")
        fill(page, "[name='ballots-workers_union']", "2")
        page.get_by_role("button", name="Score and save").click()
        page.wait_for_url("**/games/*/")
        game = Game.objects.get()
        assert game.table["players"][0]["credits"] == 9
        assert game.table["rules"]["trade_unions"] is True
        assert game.table["sections"] == [1, 2, 13]
        expect(page.get_by_text("Game saved:")).to_be_visible()
    finally:
        context.close()
