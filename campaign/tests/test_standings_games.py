"""The standings show the games each corporation has played (the magazine's scoring line)."""

import re

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


def test_each_corporation_shows_its_games_played(owner_client):
    three = ("purple", "yellow", "teal")
    tables = [leader_table(*three), leader_table("purple", "yellow"), leader_table(*three)]
    campaign = owned(actions.import_campaign(make_campaign(corporations=three, tables=tables)))
    html = owner_client.get(reverse("campaign:dashboard", args=[campaign.slug])).content.decode()
    standings = html[html.index('id="standings-title"') : html.index("</table>")]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", standings))
    assert "Purple corporation 3 games played" in text
    assert "Teal corporation 2 games played" in text
