"""Changing an earlier step of your own on a phone (390×844, real Chromium): the link in "Every
turn so far", the step's form with the recorded choices, the change, and the runner back at the
next action; a change that breaks a later step says which and why, and nothing changes."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse

import space_explorers
from accounts.tests.factory import make_user
from playlog import actions
from playlog.models import Play
from playlog.tests.factory import make_play_log, play_file, se_play, se_session
from space_explorers.tests.factory import PRINTED_SESSION

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_HEIGHT = 844
SHOTS = os.environ.get("SE_SHOTS")  # a folder for the screenshots, when asked


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, name), full_page=False)


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_an_own_step_is_changed_from_the_runner_on_a_phone(phone_page, live_server, log_in):
    page = phone_page
    owner = make_user("solo-step")
    log = make_play_log(owner)
    play = se_play(log, owner.get_username(), finished=False)
    later = play.session["turns"][1:]
    log_in(page, live_server, owner)
    page.goto(live_server.url + reverse("space_explorers:turns", args=[log.slug, play.number]))
    page.click("text=Every turn so far")
    page.locator("a[data-change-step='0']").scroll_into_view_if_needed()
    shot(page, "se-runner-history.png")
    page.click("a[data-change-step='0']")
    page.wait_for_selector("[data-change-step]")
    assert page.is_checked("input[name='you-action'][value='recruit']")
    assert page.is_checked("input[name='you-source'][value='center-4']")
    assert fits_the_phone(page)
    # The browser scrolls to the anchor once the page has loaded (slowly on a loaded machine).
    page.wait_for_function(
        "() => { const r = document.querySelector('#step-form').getBoundingClientRect(); "
        "return r.top >= 0 && r.top < 100; }",
        timeout=15000,
    )
    shot(page, "se-step-form.png")
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "se-step-form-full.png"), full_page=True)
    page.check("input[name='you-action'][value='take']")
    page.click("button[data-change-step]")
    page.wait_for_selector("#next-action")
    assert "1, your turn changed; 5 later steps kept and replayed" in page.content()
    # As above: the scroll to the runner's anchor follows the load.
    page.wait_for_function(
        "() => { const r = document.querySelector('#next-action').getBoundingClientRect(); "
        f"return r.top >= 0 && r.bottom <= {PHONE_HEIGHT}; }}",
        timeout=15000,
    )
    top = page.locator("#next-action").bounding_box()
    assert top is not None and 0 <= top["y"] and top["y"] + top["height"] <= PHONE_HEIGHT
    assert page.inner_text("[data-your-specialists]") == "2/12"
    saved = Play.objects.get(pk=play.pk).session["turns"]
    assert saved[0]["you"]["action"] == "take" and saved[1:] == later


def test_a_change_that_breaks_a_later_step_says_so_on_a_phone(phone_page, live_server, log_in):
    page = phone_page
    owner = make_user("solo-step-broken")
    log = make_play_log(owner)
    data = play_file(
        "space-explorers-solo",
        [{"name": "Solo player", "member": None}],
        None,
        se_session(PRINTED_SESSION["turns"]),
    )
    play = actions.add_play(log, data)
    before = play.session["turns"]
    log_in(page, live_server, owner)
    address = reverse("space_explorers:step", args=[log.slug, play.number, 0])
    page.goto(live_server.url + address + "#step-form")
    page.check("input[name='you-action'][value='recruit']")
    page.click("button[data-change-step]")
    page.wait_for_selector("[data-error]")
    said = page.inner_text("[data-error]")
    assert "Nothing changed. Round 2, your turn: you no longer have 1 hand card" in said
    assert page.is_checked("input[name='you-action'][value='recruit']")  # what was chosen stays
    assert page.is_visible("button[data-take-back]")
    assert fits_the_phone(page)
    alert = page.locator("[data-error]").bounding_box()
    assert alert is not None and 0 <= alert["y"] and alert["y"] + alert["height"] <= PHONE_HEIGHT
    shot(page, "se-step-refused.png")
    assert Play.objects.get(pk=play.pk).session["turns"] == before
    assert space_explorers.play(Play.objects.get(pk=play.pk).session)["round"] == 3
