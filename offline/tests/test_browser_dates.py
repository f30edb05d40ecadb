"""The offline banner's dates and times (static/js/offline.js) are in the page's language, as
the words around them, whatever the phone's own: a French phone reads the site in English
(French is not one of its languages), so its banner says "December", not "décembre"; a German
phone reads "Dezember"."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# 7 December 2026, 12:00 UTC.
WHEN = "new Date(Date.UTC(2026, 11, 7, 12, 0))"


@pytest.mark.parametrize(
    ("phone", "lang", "month"), [("fr-FR", "en-gb", "December"), ("de-DE", "de", "Dezember")]
)
def test_the_offline_banners_dates_are_in_the_pages_language(
    browser, live_server, phone, lang, month
):
    context = browser.new_context(locale=phone, timezone_id="UTC")
    try:
        page = context.new_page()
        page.goto(live_server.url + "/accounts/login/")
        assert page.evaluate("document.documentElement.lang") == lang
        page.wait_for_function("() => window.solar175Offline !== undefined")
        said = page.evaluate(f"window.solar175Offline.dateWords.format({WHEN})")
        assert month in said, said
    finally:
        context.close()
