"""HTML in names is text everywhere: a campaign whose name, corporation names, player names,
named cities and game notes are markup, read on every page and picture.

The campaign is a generated campaign file (`random_campaign`: named cities, notes, powers)
with those fields replaced, imported through `actions.import_campaign`. Every HTML page of
the campaign (read from the URL resolver, so a new page is read too), its public pages once
switched on, must never contain a payload as markup, and the pages that show names must show
their escaped text. The tracker cards (PNG) must still draw.

One-off games are not here: their players are colour keys only, no name can be set.
"""

from __future__ import annotations

import io
import random
from xml.etree import ElementTree

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape
from PIL import Image

from accounts.models import PublicLink, Role
from accounts.tests.factory import add_member, make_user
from benchmarks.samples import random_campaign
from campaign import actions
from campaign.models import Campaign
from scoring.tests.catalogue import ensure_catalogue
from tests.url_patterns import named_patterns

# Who may read or change what, answered by the access checks before any database-specific
# work: the SQLite leg runs it (tests/plugins/ordering.py, `one_database`).
ONE_DATABASE = pytest.mark.one_database
pytestmark = [pytest.mark.django_db, ONE_DATABASE]

SCRIPT = '<script>alert("x")</script>'
IMG = '"><img src=x onerror=alert(1)>'
PAYLOADS = (SCRIPT, IMG)
# What would run if either payload reached the page as markup.
RAW = ("<script>alert", "<img src=x", "onerror=alert(1)>")
ESCAPED = tuple(escape(p) for p in PAYLOADS)

# Pages that show the names: each must show at least one payload as text.
SHOWS_NAMES = {
    "campaign:dashboard",
    "campaign:games",
    "campaign:trackers",
    "campaign:elections",
    "campaign:cities",
    "campaign:checklist",
    "campaign:settings",
    "pictures:charts",
    "pictures:game_summary",
    "history:list",
    "unlocks:sections",
    "unlocks:next",
    "unlocks:setup",
    "accounts:members",
    "public:dashboard",
    "public:games",
    "public:trackers",
    "public:cities",
}
NOT_HTML = {
    "pictures:tracker_png",
    "pictures:chart_ip",
    "pictures:chart_points",
    "pictures:chart_presence",
    "campaign:export",
    "campaign:game_photo",
}


def hostile_campaign_file() -> dict:
    data = random_campaign(random.Random(3), games=7, corporations=4)
    data["name"] = SCRIPT
    for i, corporation in enumerate(data["corporations"]):
        payload = PAYLOADS[i % 2]
        corporation["name"] = payload if i < 2 else f"Co {i} {payload}"
        corporation["player"] = PAYLOADS[(i + 1) % 2] + (f" {i}" if i >= 2 else "")
    for i, game in enumerate(data["games"]):
        game["notes"] = f"{PAYLOADS[i % 2]} notes"
        if game.get("named_city"):
            game["named_city"]["name"] = PAYLOADS[(i + 1) % 2]
    return data


@pytest.fixture
def hostile():
    ensure_catalogue()
    campaign = actions.import_campaign(hostile_campaign_file())
    owner = make_user("escaping-owner")
    add_member(campaign, owner, Role.OWNER)
    public = PublicLink.objects.create(campaign=campaign, enabled=True)
    client = Client()
    client.force_login(owner)
    return campaign, client, public


def assert_escaped(name: str, url: str, html: str) -> None:
    for raw in RAW:
        assert raw not in html, f"{name} {url}: {raw!r} as markup"
    if name in SHOWS_NAMES:
        assert any(text in html for text in ESCAPED), f"{name} {url}: no escaped name shown"


def test_the_names_really_are_markup():
    campaign_file = hostile_campaign_file()
    assert campaign_file["name"] == SCRIPT
    assert any(g.get("named_city") for g in campaign_file["games"])


def test_every_page_shows_html_in_names_as_text(hostile):
    campaign, client, public = hostile
    last = campaign.games.order_by("-number").first().number
    read = set()
    for name, pattern in named_patterns():
        converters = set(pattern.pattern.converters)
        if name in NOT_HTML:
            continue
        if "slug" in converters:
            kwargs = {"slug": campaign.slug}
        elif name.startswith("public:"):
            kwargs = {"token": public.token}
        else:
            continue
        if converters - {"slug", "token", "number"}:
            continue  # power checklist form, undo, members' roles: POST-only
        numbers = [1, last] if "number" in converters else [None]
        for number in numbers:
            url = reverse(name, kwargs={**kwargs, **({"number": number} if number else {})})
            response = client.get(url)
            if response.status_code in (302, 405):
                continue  # a POST-only address, or a GET that sends the reader on
            assert response.status_code == 200, f"{name} {url}: {response.status_code}"
            assert response["Content-Type"].startswith("text/html"), name
            assert_escaped(name, url, response.content.decode())
            read.add(name)
    assert SHOWS_NAMES <= read
    assert {"unlocks:rules", "unlocks:section", "campaign:game_edit", "campaign:game_add"} <= read


def test_the_campaign_list_and_home_show_the_name_as_text(hostile):
    _, client, _ = hostile
    for url in (reverse("campaign:list"), reverse("scoring:home")):
        response = client.get(url)
        assert response.status_code == 200
        html = response.content.decode()
        for raw in RAW:
            assert raw not in html, url
    assert escape(SCRIPT) in client.get(reverse("campaign:list")).content.decode()


def test_the_public_pages_read_logged_out_show_names_as_text(hostile):
    campaign, _, public = hostile
    anonymous = Client()
    for name in ("dashboard", "games", "trackers", "elections", "cities"):
        url = reverse(f"public:{name}", kwargs={"token": public.token})
        response = anonymous.get(url)
        assert response.status_code == 200, url
        assert_escaped(f"public:{name}", url, response.content.decode())


def test_the_export_keeps_the_names_as_data(hostile):
    campaign, client, _ = hostile
    response = client.get(reverse("campaign:export", kwargs={"slug": campaign.slug}))
    assert response.status_code == 200
    assert not response["Content-Type"].startswith("text/html")


def test_tracker_cards_draw_with_markup_names(hostile):
    campaign, client, _ = hostile
    keys = list(campaign.corporations.values_list("key", flat=True))
    assert len(keys) == 4
    for key in keys:
        url = reverse("pictures:tracker_png", kwargs={"slug": campaign.slug, "key": key})
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"] == "image/png"
        image = Image.open(io.BytesIO(response.content))
        image.verify()
        assert image.size[0] > 100
    assert Campaign.objects.get(pk=campaign.pk).name == SCRIPT


def test_chart_pictures_draw_with_markup_names(hostile):
    """An SVG opened on its own is a document that could run script: never a name as markup."""
    campaign, client, _ = hostile
    for chart in ("ip", "points", "presence"):
        url = reverse(f"pictures:chart_{chart}", kwargs={"slug": campaign.slug})
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"] == "image/svg+xml"
        svg = response.content.decode()
        ElementTree.fromstring(svg)  # well-formed
        for raw in RAW:
            assert raw not in svg, f"{url}: {raw!r} as markup"
