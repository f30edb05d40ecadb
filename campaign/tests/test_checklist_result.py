"""The page a saved game lands on shows the result first: each corporation's place and total
and, tapped, the terms of each figure (solar175.explain); then the checklist."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign, Game, join_entry
from solar175.explain import score_with_explanations, table_as_scored

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


@pytest.fixture
def five() -> Campaign:
    return owned(actions.import_campaign(make_campaign(5, corporations=4)))


def result_section(page: str) -> str:
    start = page.index('id="result"')
    return page[start : page.index("</section>", start)]


def test_the_checklist_shows_each_place_and_total_before_the_checklist(owner_client, five):
    game = Game.objects.get(campaign=five, number=3)
    entry = join_entry(game.replay_entry, game.result)
    # What `manage.py score` prints for the saved table, as the replay scored it.
    scored = score_with_explanations(table_as_scored(game.table, entry))

    page = owner_client.get(reverse("campaign:checklist", args=[five.slug, 3])).content.decode()

    assert page.index('id="result"') < page.index("After game 3: the checklist")
    section = result_section(page)
    shown = re.findall(r'data-total="([a-z]+)">(-?\d+) IP<', section)
    ranked = sorted(scored["players"], key=lambda p: p["rank"])
    assert shown == [(p["corporation"], str(p["total"])) for p in ranked]
    places = re.findall(r'aria-label="Place (\d+)"', section)
    assert places == [str(p["rank"]) for p in ranked]
    # Tapped, a total shows every category's terms, in the engine's own sentences.
    text = html.unescape(section)
    for player in scored["players"]:
        for category, terms in player["explain"].items():
            for term in terms:
                assert term["why"] in text, (player["corporation"], category, term)


def test_a_viewer_sees_the_result_too(personas, five):
    people = personas(five)
    page = people.viewer.get(reverse("campaign:checklist", args=[five.slug, 2])).content.decode()
    game = Game.objects.get(campaign=five, number=2)
    for player in game.result["players"]:
        assert f'data-total="{player["corporation"]}">{player["total"]} IP<' in page


def test_the_dashboard_says_continue_while_a_draft_is_open_though_its_body_is_cached(
    owner_client, owner, five
):
    from live.actions.drafts import open_draft

    url = reverse("campaign:dashboard", args=[five.slug])
    assert "Enter game 6</a>" in owner_client.get(url).content.decode()
    open_draft(five, user=owner)
    page = owner_client.get(url).content.decode()
    assert "Continue game 6</a>" in page and "Enter game 6" not in page
