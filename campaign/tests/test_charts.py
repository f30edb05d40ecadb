"""The charts page and a game's printable summary, from replayed campaigns.

Campaigns are made the way a group makes them: a generated campaign file imported through
`actions.import_campaign`, so every number on these pages is the replay's. Each page reads
the replay's cache, so its query count is asserted and is the same for 5 and 60 games.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks.samples import leader_table, make_campaign, make_game
from campaign import actions
from campaign.charts import (
    ChartCorporation,
    build_charts,
    chart_corporations,
    game_ticks,
    nice_ticks,
    points_by_game,
    safe_colour,
    text_colour_on,
)
from campaign.models import Campaign
from solar175.catalogue import Catalogue
from solar175.replay import replay

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-campaign.json"
SCRIPT = "<script>alert(1)</script>"
# campaign, corporations (colour joined), parties, the games' replay entries
CHARTS_QUERIES = 4
# campaign, the game and its neighbours, corporations, megastructure name, parties, tracker
# sections, awards
SUMMARY_QUERIES = 7


_readers = itertools.count(1)


def sign_in(client, campaign: Campaign, role: str = "viewer"):
    """`client` signed in as a member of `campaign` (a viewer reads every picture)."""
    user = get_user_model().objects.create_user(f"reader{next(_readers)}", password="x" * 12)
    try:
        from accounts.models import Membership
    except ImportError:  # before accounts and memberships, anyone signed in reads
        pass
    else:
        Membership.objects.create(campaign=campaign, user=user, role=role)
    client.force_login(user)
    return user


def page_queries(queries: CaptureQueriesContext) -> list[str]:
    """The page's own queries: the session and the signed-in user are the login's."""
    return [
        q["sql"]
        for q in queries.captured_queries
        if "django_session" not in q["sql"] and 'FROM "auth_user"' not in q["sql"]
    ]


@pytest.fixture(autouse=True)
def catalogue():
    call_command("load_catalogue", verbosity=0)


def imported(n_games: int, **kwargs) -> Campaign:
    return actions.import_campaign(make_campaign(n_games, **kwargs))


@pytest.fixture
def five() -> Campaign:
    return imported(5, corporations=3)


@pytest.fixture
def sixty() -> Campaign:
    return imported(60, corporations=5)


@pytest.fixture
def demo() -> Campaign:
    return actions.import_campaign(json.loads(DEMO.read_text()))


def charts_url(campaign: Campaign) -> str:
    return reverse("pictures:charts", kwargs={"slug": campaign.slug})


def summary_url(campaign: Campaign, number: int) -> str:
    return reverse("pictures:game_summary", kwargs={"slug": campaign.slug, "number": number})


def polylines(html: str, corporation: str) -> list[str]:
    """The `points` of each drawn line of `corporation` (the halo under it is not counted)."""
    return re.findall(
        rf'<polyline class="series" data-corporation="{corporation}" points="([^"]*)"', html
    )


def chart_svg(html: str, key: str) -> str:
    match = re.search(rf'<svg[^>]*data-chart="{key}".*?</svg>', html, flags=re.S)
    assert match, f"no {key} chart"
    return match.group(0)


# --- the pure module ---------------------------------------------------------------------


def test_nice_ticks_cover_the_range_in_round_steps():
    assert nice_ticks(0, 105) == [0, 50, 100, 150]
    assert nice_ticks(0, 9) == [0, 5, 10]
    assert nice_ticks(-3, 9) == [-5, 0, 5, 10]
    assert nice_ticks(0, 0) == [0, 1]


def test_game_ticks_label_the_first_game_and_round_numbers():
    assert game_ticks(1, 5) == [1, 2, 3, 4, 5]
    assert game_ticks(1, 60) == [1, 10, 20, 30, 40, 50, 60]
    assert game_ticks(13, 24)[0] == 13


def test_colours_from_the_catalogue_are_trusted_only_as_hex():
    assert safe_colour("#ABC") == "#aabbcc"
    assert safe_colour("red; background: url(x)") == "#888888"
    assert text_colour_on("#ffc107") == "#000000"
    assert text_colour_on("#6f42c1") == "#ffffff"
    # A key that is not a catalogue colour still gets a colour of its own.
    corps = chart_corporations([{"key": "a", "name": "A"}, {"key": "b", "name": "B"}])
    assert corps[0].colour != corps[1].colour


def test_points_are_read_from_points_after_or_accumulated_the_same():
    state = replay(json.loads(DEMO.read_text()), _catalogue_for_replay())
    keys = [row["corporation"] for row in state["standings"]]
    start, after = points_by_game(state, keys)
    without = {
        **state,
        "games": [{k: v for k, v in g.items() if k != "points_after"} for g in state["games"]],
    }
    assert points_by_game(without, keys) == (start, after)
    assert start == dict.fromkeys(keys, 0)
    assert after[-1][1] == {row["corporation"]: row["points"] for row in state["standings"]}


def _catalogue_for_replay():
    return Catalogue.from_fixture()


def test_no_game_yet_has_no_charts():
    charts = build_charts({}, [ChartCorporation("purple", "Purple")], {})
    assert charts.empty and charts.points is None


# --- the charts page ---------------------------------------------------------------------


def test_it_draws_a_point_per_game_for_each_corporation(client, five):
    sign_in(client, five)
    html = client.get(charts_url(five)).content.decode()
    for key in ("purple", "yellow", "teal"):
        (line,) = polylines(chart_svg(html, "ip"), key)
        assert len(line.split()) == 5


def test_it_draws_the_ip_each_game_scored(client, demo):
    """The line's heights follow the replay's totals: the highest point is the best game."""
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    totals = [
        next(p["total"] for p in g["score"]["players"] if p["corporation"] == "orange")
        for g in demo.replayed_state()["games"]
    ]
    (line,) = polylines(chart_svg(html, "ip"), "orange")
    ys = [float(point.split(",")[1]) for point in line.split()]
    assert len(ys) == len(totals) == 12
    # SVG y grows downwards: the highest total is the smallest y, the lowest the largest.
    assert ys.index(min(ys)) == totals.index(max(totals))
    assert ys.index(max(ys)) == totals.index(min(totals))
    # And the numbers themselves are in the table under the chart.
    assert f"<td>{totals[0]}</td>" in html


def test_the_election_strip_has_a_cell_per_game_with_its_party(client, demo):
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    strip = chart_svg(html, "elections")
    cells = re.findall(r'class="party-cell" data-game="(\d+)" data-party="(\w+)"', strip)
    assert [int(g) for g, _ in cells] == list(range(1, 13))
    assert [p for _, p in cells] == [e["winner"] for e in demo.state["elections"]]
    overthrown = [e["game"] for e in demo.state["elections"] if e["overthrown"]]
    assert strip.count('data-overthrown="true"') == len(overthrown) == 1
    assert ">BND<" in strip and ">CR<" in strip
    # Each cell opens that game's summary.
    assert summary_url(demo, 9) in strip


def test_campaign_points_end_at_the_standings(client, demo):
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    table = re.search(r"Campaign points after each game</caption>.*?</table>", html, re.S).group(0)
    last_row = re.findall(r"<tr>(.*?)</tr>", table, re.S)[-1]
    values = [int(v) for v in re.findall(r"<td>(-?\d+)</td>", last_row)]
    order = [c.key for c in demo.corporations.all()]
    points = {row["corporation"]: row["points"] for row in demo.state["standings"]}
    assert values == [points[key] for key in order]
    # A step line per corporation, starting before game 1.
    assert len(polylines(chart_svg(html, "points"), "purple")) == 1


def test_presence_bars_count_the_games_a_corporation_came_first_in_a_zone(client, demo):
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    svg = chart_svg(html, "presence")
    bars = re.findall(r'class="bar" data-corporation="(\w+)" data-value="(\d+)"', svg)
    zones = re.findall(r'class="bar-group" data-zone="(\d+)"', svg)
    assert [int(z) for z in zones] == [1, 2, 3, 4, 5, 6]
    assert len(bars) == 6 * 4
    games = demo.replayed_state()["games"]
    firsts = sum("teal" in g["score"]["tracker"].get("presence_2", []) for g in games)
    zone_2 = bars[4:8]
    assert ("teal", str(firsts)) in zone_2


def test_it_is_accessible_without_the_pictures(client, demo):
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    for key in ("ip", "points", "elections", "presence"):
        svg = chart_svg(html, key)
        assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert html.count("<details>") == 4
    assert html.count('<svg class="chart-svg" viewBox="0 0 360 ') == 4


def test_it_links_each_tracker_card_picture(client, demo):
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    for key in ("purple", "yellow", "teal", "orange"):
        url = reverse("pictures:tracker_png", kwargs={"slug": demo.slug, "key": key})
        assert f'href="{url}"' in html
    assert 'download="demo-campaign-orange-tracker.png"' in html


def test_a_fresh_campaign_says_the_charts_start_after_the_first_game(client):
    campaign = actions.import_campaign(make_campaign(0))
    sign_in(client, campaign)
    response = client.get(charts_url(campaign))
    assert response.status_code == 200
    assert "the charts start after the first game" in response.content.decode()


def test_it_escapes_names_people_typed(client):
    data = make_campaign(3, corporations=3)
    data["corporations"][0]["name"] = SCRIPT
    data["name"] = f"{SCRIPT} group"
    campaign = actions.import_campaign(data)
    sign_in(client, campaign)
    for url in (charts_url(campaign), summary_url(campaign, 2)):
        html = client.get(url).content.decode()
        assert SCRIPT not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_charts_query_count_does_not_grow_with_the_campaign(client, five, sixty):
    for campaign in (five, sixty):
        sign_in(client, campaign)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(charts_url(campaign))
        assert response.status_code == 200
        assert len(page_queries(queries)) == CHARTS_QUERIES, page_queries(queries)
    html = client.get(charts_url(sixty)).content.decode()
    assert len(polylines(chart_svg(html, "ip"), "fifth")[0].split()) == 60
    assert chart_svg(html, "elections").count('class="party-cell"') == 60


def test_charts_answer_get_only_and_404_for_an_unknown_campaign(client, five):
    sign_in(client, five)
    assert client.post(charts_url(five)).status_code == 405
    assert client.get("/campaigns/no-such-group/charts/").status_code == 404


def test_a_stranger_is_sent_to_log_in(client, five):
    for url in (charts_url(five), summary_url(five, 1)):
        response = client.get(url)
        assert response.status_code == 302
        assert "login" in response["Location"]


# --- a game's summary --------------------------------------------------------------------


def test_the_summary_shows_the_games_facts(client, demo):
    sign_in(client, demo)
    entry = demo.replayed_state()["games"][11]
    html = client.get(summary_url(demo, 12)).content.decode()
    assert "Game 12" in html
    assert "Thursday 26 March 2026" in html
    assert "Titanica Elite" in html
    winner = entry["score"]["winner"]
    total = next(p["total"] for p in entry["score"]["players"] if p["corporation"] == winner)
    assert f'data-total="{winner}">{total}<' in html
    assert f'data-rank="{winner}">1<' in html
    # The votes, the party elected and what it doubled.
    for votes in entry["score"]["election"]["votes"].values():
        assert f'<span class="vote-count">{votes}</span>' in html
    assert "Brave New Dawn</strong> in power" in html
    assert "Bases IP doubled" in html
    # Awards, and the sections unlocked by number only, sent to the sections page.
    assert "Niven Zone 1 Silver" in html
    assert "#24, #32" in html
    assert reverse("unlocks:sections", kwargs={"slug": demo.slug}) in html


def test_the_summary_names_the_city_and_the_boxes_crossed(client):
    three = ("purple", "yellow", "teal")
    data = make_campaign(
        corporations=three,
        games=[
            make_game(
                1,
                leader_table("teal", "purple", "yellow", sections=("credits", "mining")),
                named_city={"location": "Mars", "name": "Nova Rosa"},
            )
        ],
    )
    campaign = actions.import_campaign(data)
    sign_in(client, campaign)
    html = client.get(summary_url(campaign, 1)).content.decode()
    assert "Nova Rosa</strong> on Mars" in html
    assert "Teal corporation</strong>: Resource extraction, Most profitable, Highest influence" in (
        html
    )
    assert "#1, #2" in html


def test_the_summary_says_a_tally_when_highest_influence_is_full(client):
    three = ("purple", "yellow", "teal")
    tables = [leader_table("teal", "purple", "yellow", sections=())] * 9
    campaign = actions.import_campaign(make_campaign(corporations=three, tables=tables))
    sign_in(client, campaign)
    html = client.get(summary_url(campaign, 9)).content.decode()
    assert "Teal corporation</strong>: a highest influence tally (the section is full)" in html
    assert "Purple corporation</strong>: none" in html


def test_the_summary_never_names_a_section(client, demo):
    """Numbers only: a title belongs to the sections page, which knows what was revealed."""
    sign_in(client, demo)
    html = client.get(summary_url(demo, 12)).content.decode()
    assert "Titanica Elite</strong>" in html  # the megastructure, open vocabulary
    section_part = re.search(r'id="sections-title".*?</section>', html, re.S).group(0)
    assert re.sub(r"<[^>]+>", "", section_part).split("Sections unlocked")[1].strip() == (
        "#24, #32: see the sections page."
    )


def test_the_summary_query_count_does_not_grow_with_the_campaign(client, five, sixty):
    for campaign, number in ((five, 5), (sixty, 60), (sixty, 1)):
        sign_in(client, campaign)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(summary_url(campaign, number))
        assert response.status_code == 200
        assert len(page_queries(queries)) == SUMMARY_QUERIES, page_queries(queries)


def test_the_summary_is_404_for_an_unknown_game_and_get_only(client, five):
    sign_in(client, five)
    assert client.get(summary_url(five, 6)).status_code == 404
    assert client.get(summary_url(five, 0)).status_code == 404
    assert client.post(summary_url(five, 1)).status_code == 405
