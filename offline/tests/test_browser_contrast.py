"""Night and day: the colour mode follows the phone, and every text reads.

The walk of every page (tests/test_browser_walk.py) loads every page the owner can open, and
every page a signed-out visitor can (the public pages, the offline page, signing in), on a
phone (390x844) set light and one set dark. On each, `offline/tests/contrast.py` computes in
the browser the contrast of every piece of text against what is behind it (WCAG AA: 4.5:1,
large text 3:1), charts' inline SVG and tracker cards included; the charts drawn as SVG
pictures are opened on their own under the same colour mode and their text checked against
the chart card's background. Here: that the check finds text that does not read.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from offline.tests.contrast import contrast_failures
from tests.plugins.pages import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_check_sees_text_that_does_not_read(browser, live_server, scheme):
    """The walk's contrast check itself, in both of the phone's modes: the page follows the
    mode and reads; a paragraph of grey on grey is reported."""
    context = browser.new_context(**PHONE, color_scheme=scheme, service_workers="block")
    page = context.new_page()
    page.goto(live_server.url + reverse("login"))
    assert page.evaluate("document.documentElement.dataset.bsTheme") == scheme
    checked, bad = contrast_failures(page, "login")
    assert checked > 5 and bad == []
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', "
        "'<p style=\"color: #777; background: #888\">hard to read</p>')"
    )
    _count, bad = contrast_failures(page, "control")
    context.close()
    assert any("hard to read" in line for line in bad)
