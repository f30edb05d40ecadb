"""Night and day on every page: the colour mode follows the phone, and every text reads.

The demo campaign (as in tests/test_browser_every_page.py) on a phone (390x844) whose setting
is dark, then light: every page the owner can open, the public page and the offline page. On
each, `offline/tests/contrast.py` computes in the browser the contrast of every piece of text
against what is behind it (WCAG AA: 4.5:1, large text 3:1), charts' inline SVG and tracker
cards included; the charts drawn as SVG pictures are opened on their own under the same
colour mode and their text checked against the chart card's background. The service worker,
which changes nothing a page shows online (offline/tests/test_browser_offline.py walks it), is
blocked here: handing every page through it cost a fifth of each page load in Chromium.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from offline.tests.contrast import CHECK, SVG_CHECK
from scoring.tests.catalogue import ensure_catalogue
from tests.test_browser_every_page import Demo, html_pages

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
# The pages a person looks at after the run, in the dark.
DARK_SHOTS = {
    "campaign:dashboard": "night-dashboard.png",
    "campaign:trackers": "night-trackers.png",
    "pictures:charts": "night-charts.png",
    "campaign:game_add": "night-wizard.png",
    "unlocks:sections": "night-sections.png",
    "unlocks:setup": "night-setup.png",
}


def _failures(page, label: str) -> tuple[int, list[str]]:
    found = page.evaluate(CHECK)
    return found["checked"], [
        f"{label}: {f['text']!r} {f['colour']} on {f['background']} = {f['ratio']} "
        f"(needs {f['needed']}) at {f['where']}"
        for f in found["failures"]
    ]


@pytest.mark.long
@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_every_page_reads_in_the_phones_colour_mode(
    browser, live_server, log_in, screenshot_path, scheme
):
    ensure_catalogue()
    demo = Demo()
    pages = html_pages(demo)
    assert len(pages) >= 40
    context = browser.new_context(**PHONE, color_scheme=scheme, service_workers="block")
    page = context.new_page()
    log_in(page, live_server, demo.owner)
    failures, checked, shot = [], 0, set()
    for name, url in pages:
        page.goto(live_server.url + url)
        assert page.evaluate("document.documentElement.dataset.bsTheme") == scheme, url
        count, bad = _failures(page, f"{name} {url}")
        checked += count
        failures += bad
        if scheme == "dark" and name in DARK_SHOTS and name not in shot:
            shot.add(name)
            page.screenshot(path=screenshot_path(DARK_SHOTS[name]), full_page=True)

    # The charts drawn as pictures: their text on the chart card's background.
    page.goto(live_server.url + reverse("pictures:charts", kwargs={"slug": demo.campaign.slug}))
    card = page.evaluate("getComputedStyle(document.querySelector('.chart-card')).backgroundColor")
    pictures = page.eval_on_selector_all("img.chart-picture", "els => els.map(e => e.src)")
    assert len(pictures) == 3
    for src in pictures:
        page.goto(src)
        found = page.evaluate(SVG_CHECK, card)
        assert found["checked"] > 5, src
        checked += found["checked"]
        failures += [
            f"{src}: {f['text']!r} {f['colour']} on {f['background']} = {f['ratio']}"
            for f in found["failures"]
        ]

    # Signed out: the public page and the offline page.
    context.clear_cookies()
    for url in (
        reverse("public:dashboard", kwargs={"token": demo.public.token}),
        reverse("public:trackers", kwargs={"token": demo.public.token}),
        reverse("offline:page"),
        reverse("login"),
    ):
        page.goto(live_server.url + url)
        count, bad = _failures(page, f"signed out {url}")
        checked += count
        failures += bad
    import os

    if os.environ.get("CONTRAST_DUMP"):
        open(os.environ["CONTRAST_DUMP"] + scheme, "w").write("\n".join(failures))
    assert failures == [], "\n".join(failures)
    assert checked > 40 * len(pages)

    # The check sees text that does not read.
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', "
        "'<p style=\"color: #777; background: #888\">hard to read</p>')"
    )
    _count, bad = _failures(page, "control")
    assert any("hard to read" in line for line in bad)
    context.close()
