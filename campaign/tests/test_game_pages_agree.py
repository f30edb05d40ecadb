"""The game log and a game's edit page never show two results for one game.

The edit page is the scoring wizard prefilled from the game as stored (its table, its stated
megastructure zone, its ship cards read from the campaign's box), scored live; the log shows
what the replay stored. For every game of the demo and of generated campaigns (every part of
the format a file may use: stated zones, ship cards, games without the starting ship, fewer
players...), both must be the same figures.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from benchmarks.samples import random_campaign
from campaign import actions
from campaign.campaign_io import read_campaign_file
from campaign.models import Campaign

# What the two pages show of a game does not depend on the database: the SQLite leg reads them.
pytestmark = [pytest.mark.django_db, pytest.mark.one_database]

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-campaign.json"
LIVE_TOTAL = re.compile(r'data-live-total="([^"]+)">(\d+)<')
LOG_TOTAL = re.compile(r'<span class="text-end">(\d+) IP</span>')


def edit_page_totals(client, campaign: Campaign, number: int) -> dict[str, int]:
    html = client.get(reverse("campaign:game_edit", args=[campaign.slug, number])).content
    totals = {key: int(total) for key, total in LIVE_TOTAL.findall(html.decode())}
    assert totals, f"game {number}: the edit page shows no result"
    return totals


def log_totals(client, campaign: Campaign) -> dict[int, list[int]]:
    """Each game's totals as the game log prints them, every page of it."""
    found: dict[int, list[int]] = {}
    page = 1
    while True:
        url = reverse("campaign:games", args=[campaign.slug])
        html = client.get(url, {"page": page}).content.decode()
        for number, body in re.findall(r'<article[^>]*id="game-(\d+)"(.*?)</article>', html, re.S):
            found[int(number)] = [int(t) for t in LOG_TOTAL.findall(body)]
        if "Older games" not in html:
            return found
        page += 1


def assert_agree(client, campaign: Campaign) -> int:
    logged = log_totals(client, campaign)
    games = list(campaign.games.order_by("number"))
    assert sorted(logged) == [game.number for game in games]
    for game in games:
        stored = {p["corporation"]: p["total"] for p in game.result["players"]}
        shown = edit_page_totals(client, campaign, game.number)
        assert shown == stored, f"{campaign.name} game {game.number}"
        assert sorted(logged[game.number]) == sorted(stored.values()), game.number
    return len(games)


def test_every_game_of_the_demo(owner_client):
    campaign = owned(actions.import_campaign(read_campaign_file(DEMO)))
    assert assert_agree(owner_client, campaign) == 12
    # The Type III games state their zone: the edit page shows it, not a default.
    html = owner_client.get(reverse("campaign:game_edit", args=[campaign.slug, 11])).content
    assert '<option value="3" selected>Zone 3 · Titan</option>' in html.decode()


@pytest.mark.parametrize("seed", [1, 7, 175, 2026])
def test_every_game_of_generated_campaigns(owner_client, seed):
    data = random_campaign(random.Random(seed), games=14, corporations=2 + seed % 4)
    data["name"] = f"Generated {seed}"
    campaign = owned(actions.import_campaign(data))
    assert assert_agree(owner_client, campaign) == 14


def test_ship_cards_and_a_corrected_box_agree_too(owner_client):
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    # Games 11 and 12: yellow's second ship names its card; the box corrects the card.
    for game in data["games"][10:]:
        for player in game["table"]["players"]:
            if player["corporation"] == "yellow":
                player["ships"].append({"zone": 2, "card": "Nautilus EV-280"})
    data["box"] = {"ships": [{"name": "Nautilus EV-280", "presence": 4}]}
    campaign = owned(actions.import_campaign(data))
    assert assert_agree(owner_client, campaign) == 12
