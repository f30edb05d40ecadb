"""A whole 3-player Startropolis game played with the round tracker in real Chromium, on four
phones (390×844): the table's screen (the log's owner) and the three players' own views.

The players set their missions and make their own Purchase Phase turns on their phones; the
table's screen attaches every module. After each attachment the table shows every module's
revenue as the replay computes it, and the phones follow by themselves (their poll); each
phone shows its own credits and no one else's, the table none. At the end the table scores
the game, and the ranking on the play's page is `manage.py score` of the exported table.

A 3-player game has six rounds (ST:156); all six are played.
"""

from __future__ import annotations

import json
import tempfile
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import startropolis
from accounts.models import Role
from accounts.tests.factory import add_member, make_user
from playlog.models import Play
from playlog.tests.factory import make_play_log

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
PLAYERS = ("ali", "bea", "cy")
CARDS = {"ali": "first", "bea": "second", "cy": "last"}
# What each player tries to buy, in turn (from slot 6; a pass when the credits are short).
WISHES = {
    "ali": ["luxury_habitation", "basic_habitation", "market_center"],
    "bea": ["market_center", "supply", "basic_habitation"],
    "cy": ["solar", "supply", "solar"],
}
MISSIONS = {
    "ali": ("Lap of Luxury", "Market Mogul", 10, "luxury_habitation"),
    "bea": ("Power Broker", "Salvage Rights", 8, ""),
    "cy": ("Solar Baron", "Shopkeeper", 7, "solar"),
}
LIVE_MS = 15_000  # a phone's poll asks every 3 s; generous on a shared machine


def until_stepped(page, act, play, steps_before: int, attempts: int = 3) -> None:
    """Do `act` (choose and send a step) until the session has it. On a loaded machine the
    phone's live refresh may redraw the form between a choice and its tap; a person then just
    taps again, and so does this."""
    for _ in range(attempts):
        act()
        try:
            page.wait_for_selector(f"#companion[data-steps='{steps_before + 1}']", timeout=LIVE_MS)
            return
        except PlaywrightTimeout:
            play.refresh_from_db()
            if startropolis.steps.step_count(session_of(play)) > steps_before:
                page.reload()
                return
    raise AssertionError(f"the step after {steps_before} never reached the session")


def session_of(play: Play) -> dict:
    return Play.objects.get(pk=play.pk).session


def set_up(page, live_server, log) -> Play:
    page.goto(live_server.url + reverse("startropolis:new", args=[log.slug]))
    page.fill("#id_facts-played_on", "2026-03-05")
    for index, player in enumerate(PLAYERS):
        page.select_option(f"#id_seat{index}-member", player)
        page.fill(f"#id_seat{index}-faction", f"House {player.title()}")
        page.select_option(f"#id_seat{index}-order_card", CARDS[player])
    page.check("#id_rules-missions")
    assert page.is_checked("#id_rules-track_credits")
    assert page.is_checked("#id_rules-solar_counts_itself")
    page.click("[data-start]")
    page.wait_for_selector("#companion[data-steps='0']")
    return Play.objects.get(play_log=log)


def enter_mission(page, player: str) -> None:
    first, second, reward, most = MISSIONS[player]
    page.fill("#id_mission-dealt_1", first)
    page.fill("#id_mission-dealt_2", second)
    page.check("#id_mission-kept_0")
    page.fill("#id_mission-reward", str(reward))
    if most:
        page.select_option("#id_mission-most", most)
    page.click("[data-save-mission]")
    page.wait_for_selector("[data-mission]")


def buy_or_pass(state: dict, player: str, bought: dict) -> tuple[str, str | None]:
    """The purchase this test makes for `player`: its wish from slot 6, or Option 3."""
    wishes = WISHES[player]
    wish = wishes[bought[player] % len(wishes)]
    price = state["prices"][wish]
    owned = sum(1 for m in state["modules"] if m["type"] == wish)
    box = startropolis.modules.MODULE_TYPES[wish].quantity_for(3)
    if state["credits"][player] >= price and owned < box:
        return "buy-6", wish
    return "pass-6", None


def attachment(step: dict, view: dict) -> tuple[str, list[str]]:
    """Attach the first held module to the station's newest node allowed (a chain, so
    Market Centers and Luxury Habitations keep changing), else hold."""
    for held in step["held"]:
        if held["may_attach_to"]:
            newest = [
                m["id"]
                for m in view["modules"]
                if m["attached"] and m["id"] in held["may_attach_to"]
            ]
            return held["id"], [newest[-1] if newest else "core"]
    return "", []


def revenues_on(page) -> dict[str, int]:
    return {
        el.get_attribute("data-module"): int(el.get_attribute("data-module-revenue"))
        for el in page.query_selector_all("[data-module]")
    }


def check_privacy(phones: dict, table_page, play: Play) -> None:
    """Each phone shows its own credits (the replay's figure) and nobody else's mission; the
    table's screen shows no credits and no mission."""
    state = startropolis.play(session_of(play))
    for player, page in phones.items():
        page.wait_for_function(
            "([want]) => { const c = document.querySelectorAll('[data-credits]');"
            " return c.length === 1 && c[0].textContent.trim() === want; }",
            arg=[f"{state['credits'][player]}M"],
            timeout=LIVE_MS,
        )
        html = page.content()
        for other, (first, second, _, _) in MISSIONS.items():
            if other != player:
                assert first not in html and second not in html, (player, other)
    shared = table_page.content()
    assert "data-credits" not in shared and "data-mission" not in shared
    for first, second, _, _ in MISSIONS.values():
        assert first not in shared and second not in shared


# Long, and what it checks does not depend on the database: `make test` runs it on the
# PostgreSQL leg (tests/plugins/ordering.py).
@pytest.mark.long
@pytest.mark.postgres_leg
def test_a_whole_game_on_four_phones(browser, live_server, log_in, screenshot_path):
    owner = make_user("st-table")
    log = make_play_log(owner, "Station nights")
    users = {name: add_member(log, make_user(name), Role.PLAYER).user for name in PLAYERS}
    contexts = []

    def phone(user):
        context = browser.new_context(
            viewport={"width": PHONE_WIDTH, "height": 844}, has_touch=True, is_mobile=True
        )
        contexts.append(context)
        page = context.new_page()
        log_in(page, live_server, user)
        return page

    try:
        table_page = phone(owner)
        play = set_up(table_page, live_server, log)
        phones = {}
        for seat, player in enumerate(PLAYERS):
            page = phone(users[player])
            page.goto(
                live_server.url + reverse("startropolis:seat", args=[log.slug, play.number, seat])
            )
            enter_mission(page, player)
            phones[player] = page
        assert "Lap of Luxury" not in table_page.content()
        check_privacy(phones, table_page, play)

        bought = {player: 0 for player in PLAYERS}
        changed_others = 0
        live_checked = False
        rounds_seen = set()
        while True:
            state = startropolis.play(session_of(play))
            step = state["next"]
            steps_before = startropolis.steps.step_count(session_of(play))
            if step["phase"] == "game_over":
                break
            rounds_seen.add(step["round"])
            if step["phase"] == "purchase":
                # The player's own phone: the form is there when it is their turn.
                page = phones[step["player"]]
                page.wait_for_selector(
                    f"#companion[data-steps='{steps_before}'] [data-purchase]", timeout=LIVE_MS
                )
                choice, wish = buy_or_pass(state, step["player"], bought)

                def buy(page=page, choice=choice, wish=wish):
                    page.select_option("#id_buy-choice", choice)
                    if wish:
                        page.select_option("#id_buy-module_type", wish)
                    page.click("[data-purchase]")

                until_stepped(page, buy, play, steps_before)
                if wish:
                    bought[step["player"]] += 1
                assert page.locator("[data-error]").count() == 0
            elif step["phase"] == "attachment":
                table_page.wait_for_selector(
                    f"#companion[data-steps='{steps_before}']", timeout=LIVE_MS
                )
                module, targets = attachment(step, state)
                if not module:
                    table_page.click("[data-hold]")
                else:
                    table_page.check(f"input[name='attach-module'][value='{module}']")
                    for target in targets:
                        table_page.check(f"input[name='attach-to'][value='{target}']")
                    if step["round"] == 2 and not live_checked:
                        table_page.click("[data-preview]")
                        table_page.wait_for_selector("[data-attach-preview]")
                        table_page.screenshot(
                            path=screenshot_path("st-preview.png"), full_page=True
                        )
                    before = revenues_on(table_page)

                    def attach(module=module, targets=targets):
                        table_page.check(f"input[name='attach-module'][value='{module}']")
                        for target in targets:
                            table_page.check(f"input[name='attach-to'][value='{target}']")
                        table_page.click("[data-attach]")

                    until_stepped(table_page, attach, play, steps_before)
                table_page.wait_for_selector(
                    f"#companion[data-steps='{steps_before + 1}']", timeout=LIVE_MS
                )
                after_state = startropolis.play(session_of(play))
                shown = revenues_on(table_page)
                expected = {m["id"]: m["revenue"] for m in after_state["modules"] if m["attached"]}
                assert shown == expected
                if module:
                    changed_others += sum(
                        1 for key, value in before.items() if key != module and shown[key] != value
                    )
                    if changed_others and not live_checked:
                        # Another phone follows without a tap: its poll fetches the new revenues.
                        watcher = phones[PLAYERS[(PLAYERS.index(step["player"]) + 1) % 3]]
                        for key, value in expected.items():
                            watcher.wait_for_selector(
                                f"[data-module='{key}'][data-module-revenue='{value}']",
                                timeout=LIVE_MS,
                            )
                        live_checked = True
                if after_state["phase"] == "purchase" and after_state["round"] != step["round"]:
                    check_privacy(phones, table_page, play)
            else:  # pragma: no cover - no Fusion Reactor in the core game
                raise AssertionError(step)
        assert rounds_seen == set(range(1, 7))
        assert changed_others > 0 and live_checked

        for page in (table_page, *phones.values()):
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
        table_page.goto(
            live_server.url + reverse("startropolis:table", args=[log.slug, play.number])
        )
        table_page.locator("#station").scroll_into_view_if_needed()
        table_page.screenshot(path=screenshot_path("st-table-game-over.png"), full_page=True)
        shot = table_page.locator(".st-picture-img")
        shot.screenshot(path=screenshot_path("st-station-picture.png"))
        phones["bea"].reload()
        phones["bea"].evaluate("window.scrollTo(0, 0)")
        phones["bea"].screenshot(path=screenshot_path("st-private-view-bea.png"))
        phones["bea"].screenshot(
            path=screenshot_path("st-private-view-bea-full.png"), full_page=True
        )

        # The final scoring on the table's screen: bea's mission is the table's to judge.
        table_page.check("input[name='finish-mission_bea'][value='yes']")
        table_page.click("[data-score]")
        table_page.wait_for_selector("[data-decided-by]")
        table_page.screenshot(path=screenshot_path("st-score-sheet.png"), full_page=True)
        ranking = [
            (
                row.get_attribute("data-rank-row"),
                int(row.query_selector("[data-rank]").inner_text()),
            )
            for row in table_page.query_selector_all("[data-rank-row]")
        ]
        finals = {
            el.get_attribute("data-final"): int(el.inner_text())
            for el in table_page.query_selector_all("[data-final]")
        }
        decided_by = table_page.get_attribute("[data-decided-by]", "data-decided-by")

        export = table_page.request.get(
            live_server.url + reverse("playlog:export", args=[log.slug, play.number])
        )
        assert export.ok
        exported = json.loads(export.text())
        stdout = StringIO()
        call_command("score", _file(exported["table"]), stdout=stdout)
        scored = json.loads(stdout.getvalue())
        assert [(p["player"], p["rank"]) for p in scored["players"]] == ranking
        assert {p["player"]: p["final_credits"] for p in scored["players"]} == finals
        assert (scored["decided_by"] or "") == decided_by
        stdout = StringIO()
        call_command("play", _file(exported["session"]), stdout=stdout)
        assert json.loads(stdout.getvalue())["game_over"] is True
    finally:
        for context in contexts:
            context.close()


def _file(data: dict) -> str:
    handle = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8")
    with handle:
        json.dump(data, handle)
    return handle.name
