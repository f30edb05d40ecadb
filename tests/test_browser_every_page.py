"""Every page, and the check of each on a phone (390×844, real Chromium): no horizontal
scrolling, tap targets at least 44 px tall. The walk of every page for everyone
(tests/test_browser_walk.py) makes it, with its other checks, on the pages found here.

The demo campaign (fixtures/demo-campaign.json) is imported; every named address of every app
(read from the URL resolver, Django's admin aside) is filled from it (game 1 and its last game,
section 1, its first corporation, its public page switched on, an open invitation, one one-off
game of the owner's), and every one that answers a person's GET with an HTML page is a page
(`html_pages`). The tap-target check is scoped to controls (`.btn`, inputs, selects, text
areas, nav links, buttons): inline text links inside paragraphs and tables may be smaller. A
checkbox or radio counts by its label (the thumb hits the label), as does a control inside a
label or `.form-check` row at least 44 px tall.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from accounts.models import Invite, PublicLink, Role
from accounts.tests.factory import add_member, make_user
from campaign.actions import import_campaign
from campaign.models import Game
from playlog.actions import switch_public_page
from playlog.tests.factory import PlayWorld
from scoring.tests.test_wizard import TABLE
from solar175.engine import score_game
from solar175.table import read_table
from tests.plugins.pages import PHONE
from tests.test_security_csrf import Setting
from tests.url_patterns import named_patterns

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
MIN_TAP = 44
DEMO = Path(settings.BASE_DIR) / "fixtures" / "demo-campaign.json"
CHECK = """
(MIN) => {
  const bad = [];
  let checked = 0;
  const seen = (el) => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const describe = (el, r) => {
    const text = (el.innerText || el.value || el.name || el.getAttribute('aria-label') || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 40);
    const type = el.type ? ' type=' + el.type : '';
    return `<${el.tagName.toLowerCase()}${type} class="${el.className}"> ` +
      `"${text}" ${Math.round(r.width)}x${Math.round(r.height)}`;
  };
  const selector = '.btn, input:not([type=hidden]), select, textarea, .nav-link, button';
  for (const el of document.querySelectorAll(selector)) {
    if (!seen(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    checked += 1;
    if (r.height >= MIN) continue;
    // A control's tap target may be its label or its row.
    const holder = el.closest('label, .form-check, .form-check-inline') ||
      (el.id && document.querySelector(`label[for="${el.id}"]`));
    if (holder && holder.getBoundingClientRect().height >= MIN) continue;
    bad.push(describe(el, r));
  }
  const wide = [];
  if (document.documentElement.scrollWidth > window.innerWidth) {
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      const scrolls = el.closest('.table-responsive, .overflow-auto');
      if (r.right > window.innerWidth + 1 && seen(el) && !scrolls) {
        const tag = el.tagName.toLowerCase();
        wide.push(`<${tag} class="${el.className}"> right=${Math.round(r.right)}`);
      }
    }
  }
  return {width: document.documentElement.scrollWidth, bad, checked, wide: wide.slice(0, 8)};
}
"""


class Demo(Setting):
    """`Setting`'s way of filling an address, with the demo campaign."""

    def __init__(self) -> None:
        self.owner = make_user("demo-phone")
        with open(DEMO, encoding="utf-8") as file:
            self.campaign = import_campaign(json.load(file))
        add_member(self.campaign, self.owner, Role.OWNER)
        self.player = add_member(self.campaign, make_user("demo-player"), Role.PLAYER)
        self.invite = Invite.objects.create(campaign=self.campaign, created_by=self.owner)
        self.public = PublicLink.objects.create(campaign=self.campaign, enabled=True)
        self.one_off = Game.objects.create(
            campaign=None,
            played_on="2026-01-05",
            table=TABLE,
            result=score_game(read_table(TABLE).valid_state()).as_dict(),
            created_by=self.owner,
        )
        self.plays = PlayWorld(self.owner)
        self.plays_public = switch_public_page(self.plays.log, True)


def html_pages(demo: Demo, user=None, signed_out: bool = False) -> list[tuple[str, str]]:
    """(name, address) of every page that answers the owner's GET with HTML (or `user`'s, or a
    signed-out visitor's)."""
    client = Client()
    if not signed_out:
        client.force_login(user or demo.owner)
    return [(name, url) for name, url, _answer in html_answers(demo, client)]


def html_answers(demo: Demo, client: Client):
    """(name, address, answer) of every page that answers `client`'s GET with HTML, in the
    order of `html_pages`: one GET per address, the answer kept for whoever reads it."""
    last = demo.campaign.games.order_by("-number").first().number
    for name, pattern in named_patterns():
        kwargs = demo.kwargs(name, pattern.pattern.converters)
        urls = [reverse(name, kwargs=kwargs)]
        if name.startswith("campaign:checklist") or name == "pictures:game_summary":
            urls.append(reverse(name, kwargs={**kwargs, "number": last}))
        for url in urls:
            response = client.get(url)
            if response.status_code == 200 and response["Content-Type"].startswith("text/html"):
                yield name, url, response


def test_the_check_sees_a_small_control_and_a_page_too_wide(browser, live_server):
    """The walk's phone check itself: a control under 44 px and a page wider than the phone
    are reported; a page without either is not."""
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    page.goto(live_server.url + reverse("login"))
    found = page.evaluate(CHECK, MIN_TAP)
    assert found["width"] <= PHONE_WIDTH and found["bad"] == [] and found["checked"] > 2
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend',"
        ' \'<button style="height:20px">tiny</button><div style="width:600px">wide</div>\')'
    )
    found = page.evaluate(CHECK, MIN_TAP)
    context.close()
    assert found["width"] > PHONE_WIDTH
    assert any('"tiny"' in bad for bad in found["bad"])
