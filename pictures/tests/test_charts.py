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
from xml.etree import ElementTree

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks.samples import leader_table, make_campaign, make_game
from campaign import actions
from campaign.colours import safe_colour, text_colour_on
from campaign.models import Campaign
from pictures import chart_svg
from pictures.charts import (
    ChartCorporation,
    build_charts,
    chart_corporations,
    game_ticks,
    nice_ticks,
    pictured_chart,
    points_by_game,
)
from scoring.models import CorporationColour
from solar175.catalogue import Catalogue
from solar175.replay import replay
from solar175.state import CampaignState

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-campaign.json"
SCRIPT = "<script>alert(1)</script>"
# campaign, corporations (colour joined), parties, the games' replay entries
CHARTS_QUERIES = 4
# campaign, corporations (colour joined), the games' replay entries; drawn, the campaign alone
PICTURE_QUERIES = 3
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


def picture_url(campaign: Campaign, chart: str) -> str:
    return reverse(f"pictures:chart_{chart}", kwargs={"slug": campaign.slug})


def picture(client, campaign: Campaign, chart: str) -> ElementTree.Element:
    """The chart's SVG document, parsed (a document that is not well-formed XML fails here)."""
    response = client.get(picture_url(campaign, chart))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    return ElementTree.fromstring(response.content)


def local(element: ElementTree.Element) -> str:
    """An element's name without its namespace: `svg`, `circle`."""
    return element.tag.rpartition("}")[2]


def with_class(root: ElementTree.Element, name: str) -> list[ElementTree.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def inline_svg(html: str, key: str) -> str:
    match = re.search(rf'<svg[^>]*data-chart="{key}".*?</svg>', html, flags=re.S)
    assert match, f"no {key} chart"
    return match.group(0)


def chart_card(html: str, key: str) -> str:
    """The card of chart `key`: its heading, picture, legend and table."""
    match = re.search(rf'<section class="chart-card area-{key}".*?</section>', html, flags=re.S)
    assert match, f"no {key} card"
    return match.group(0)


def table_rows(card: str) -> list[tuple[str, list[str]]]:
    """(row heading, cells) of each row of the card's table, as a person reads them."""
    body = re.search(r"<tbody>(.*?)</tbody>", card, flags=re.S).group(1)
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, flags=re.S):
        heading = re.sub(r"<[^>]+>", "", re.search(r"<th[^>]*>(.*?)</th>", row, re.S).group(1))
        rows.append((heading.strip(), re.findall(r"<td[^>]*>(.*?)</td>", row, flags=re.S)))
    return rows


def legend_names(card: str) -> list[str]:
    legend = re.search(r'<ul class="chart-legend" aria-label="Corporations">(.*?)</ul>', card, re.S)
    assert legend, "no legend"
    return [
        re.sub(r"\s*\(-?\d+\)$", "", re.sub(r"<[^>]+>", "", item)).strip()
        for item in re.findall(r"<li>(.*?)</li>", legend.group(1), flags=re.S)
    ]


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
    typed = replay(json.loads(DEMO.read_text()), _catalogue_for_replay())
    state = typed.to_dict()
    keys = [row["corporation"] for row in state["standings"]]
    start, after = points_by_game(typed, keys)
    without = CampaignState.from_dict(
        {
            **state,
            "games": [{k: v for k, v in g.items() if k != "points_after"} for g in state["games"]],
        }
    )
    assert points_by_game(without, keys) == (start, after)
    assert start == dict.fromkeys(keys, 0)
    assert after[-1][1] == {row["corporation"]: row["points"] for row in state["standings"]}


def _catalogue_for_replay():
    return Catalogue.from_fixture()


def test_a_game_sat_out_breaks_the_line_and_still_draws():
    corporations = [
        ChartCorporation("purple", "Purple", "#6f42c1"),
        ChartCorporation("teal", "Teal"),
    ]
    players = [
        [{"corporation": "purple", "total": 40}, {"corporation": "teal", "total": 30}],
        [{"corporation": "purple", "total": 50}],
        [{"corporation": "purple", "total": 20}, {"corporation": "teal", "total": 60}],
    ]
    state = CampaignState.from_dict(
        {"games": [{"number": n, "score": {"players": p}} for n, p in enumerate(players, 1)]}
    )
    ip = pictured_chart(state, corporations, "ip")
    assert [y for _, y in ip.series[1].points] == [30, None, 60]
    assert ip.table.rows[1].values == ("50", "—")
    svg = ElementTree.fromstring(chart_svg.draw(ip))
    assert not [e for e in svg.iter() if local(e) == "script"]
    assert len(with_class(svg, "dot")) == 5
    assert pictured_chart(CampaignState(), corporations, "ip") is None


def test_no_game_yet_has_no_charts():
    charts = build_charts(CampaignState(), [ChartCorporation("purple", "Purple")], {})
    assert charts.empty and charts.points is None


# --- the charts page ---------------------------------------------------------------------


def test_it_draws_a_dot_per_game_for_each_corporation(client, five):
    sign_in(client, five)
    svg = picture(client, five, "ip")
    # A line and a dot per game for each of the three corporations (each over its halo).
    assert len(with_class(svg, "dot")) == 5 * 3
    assert len(with_class(svg, "line")) >= 2 * 3
    html = client.get(charts_url(five)).content.decode()
    assert [n for n, _ in table_rows(chart_card(html, "ip"))] == ["1", "2", "3", "4", "5"]


def test_it_draws_the_ip_each_game_scored(client, demo):
    """The chart's numbers are the replay's totals, and so is the table under it."""
    sign_in(client, demo)
    games = demo.replayed_state().to_dict()["games"]
    corporations = list(demo.corporations.values_list("key", flat=True))
    built = build_charts(
        demo.replayed_state(), [ChartCorporation(k, k) for k in corporations], {}
    ).ip
    html = client.get(charts_url(demo)).content.decode()
    rows = table_rows(chart_card(html, "ip"))
    assert len(rows) == len(games) == 12
    for index, key in enumerate(corporations):
        totals = [
            next(p["total"] for p in g["score"]["players"] if p["corporation"] == key)
            for g in games
        ]
        assert [y for _, y in built.series[index].points] == totals
        assert [int(cells[index]) for _, cells in rows] == totals
    # The drawing marks every game of every corporation.
    assert len(with_class(picture(client, demo, "ip"), "dot")) == 12 * 4


def test_the_election_strip_has_a_cell_per_game_with_its_party(client, demo):
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    strip = inline_svg(html, "elections")
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
    card = chart_card(html, "points")
    order = [c.key for c in demo.corporations.all()]
    points = {row["corporation"]: row["points"] for row in demo.state["standings"]}
    rows = table_rows(card)
    assert rows[0] == ("Start", ["0"] * 4)
    assert [int(v) for v in rows[-1][1]] == [points[key] for key in order]
    # The legend gives each corporation's points now, in the campaign's order.
    names = [c.name for c in demo.corporations.all()]
    for name, key in zip(names, order, strict=True):
        assert f'{name} <span class="text-body-secondary">({points[key]})</span>' in card
    # A step line per corporation, over its halo.
    assert len(with_class(picture(client, demo, "points"), "line")) >= 2 * 4


def test_presence_bars_count_the_games_a_corporation_came_first_in_a_zone(client, demo):
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    rows = table_rows(chart_card(html, "presence"))
    assert [zone for zone, _ in rows] == [f"Zone {z}" for z in range(1, 7)]
    games = demo.replayed_state().to_dict()["games"]
    order = [c.key for c in demo.corporations.all()]
    for zone, cells in rows:
        number = zone.split()[1]
        for key, cell in zip(order, cells, strict=True):
            firsts = sum(key in g["score"]["tracker"].get(f"presence_{number}", []) for g in games)
            assert int(cell) == firsts, (zone, key)
    # A bar per corporation per zone, each with its count printed.
    svg = picture(client, demo, "presence")
    assert len(with_class(svg, "rect")) == 6 * 4
    printed = [e.text for e in with_class(svg, "value") if local(e) == "text"]
    assert sorted(int(v) for v in printed) == sorted(int(c) for _, cells in rows for c in cells)


def test_every_corporation_is_in_each_legend_with_its_catalogue_colour(client, demo):
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    names = [c.name for c in demo.corporations.all()]
    for key in ("ip", "points", "presence"):
        assert legend_names(chart_card(html, key)) == names, key
    colours = dict(CorporationColour.objects.values_list("key", "css_colour"))
    style = next(e.text for e in picture(client, demo, "ip").iter() if local(e) == "style")
    for corp in demo.corporations.all():
        assert f'stroke="{colours[corp.key].lower()}"' in chart_card(html, "ip")
        assert colours[corp.key].lower() in style


def test_it_is_accessible_without_the_pictures(client, demo):
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    for key in ("ip", "points", "presence"):
        img = re.search(rf'<img class="chart-picture"[^>]*data-chart="{key}"[^>]*>', html)
        assert img, key
        assert f'src="{picture_url(demo, key)}"' in img.group(0)
        alt = re.search(r'alt="([^"]+)"', img.group(0)).group(1)
        assert len(alt) > 40, alt
        assert re.search(r'width="\d+" height="\d+"', img.group(0))
        svg = picture(client, demo, key)
        assert [local(e) for e in svg][1:3] == ["title", "desc"]
    strip = inline_svg(html, "elections")
    assert 'role="group"' in strip and "<title" in strip and "<desc" in strip
    assert html.count("<details>") == 4


def test_the_page_and_its_pictures_need_no_inline_script_or_style(client, demo):
    """Ready for `default-src 'self'; style-src 'self'`: no inline script or style on the page;
    in a picture, no script at all and no address to fetch."""
    sign_in(client, demo)
    html = client.get(charts_url(demo)).content.decode()
    assert "<style" not in html and " style=" not in html
    # Every script is a file; the words a script says are data (application/json), never run.
    scripts = re.findall(r"<script\b[^>]*>", html)
    data = [tag for tag in scripts if 'type="application/json"' in tag]
    assert [tag for tag in scripts if tag not in data] == re.findall(
        r"<script\b[^>]*src=[^>]*>", html
    )
    assert not re.search(r"\son[a-z]+=", html)
    for key in ("ip", "points", "presence"):
        response = client.get(picture_url(demo, key))
        text = response.content.decode()
        assert "script" not in text
        # The SVG namespace is a name, not an address; nothing else may point anywhere.
        assert "http" not in re.sub(r'xmlns(:\w+)?="[^"]*"', "", text), key
        assert "url(" not in text and "@import" not in text and "href" not in text
        assert "script-src" not in response["Content-Security-Policy"]
        assert response["Content-Security-Policy"].startswith("default-src 'none'")


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
    for key in ("ip", "points", "presence"):
        svg = picture(client, campaign, key)
        assert not [e for e in svg.iter() if local(e) == "script"]
        assert SCRIPT not in client.get(picture_url(campaign, key)).content.decode()


def test_the_charts_query_count_does_not_grow_with_the_campaign(client, five, sixty):
    for campaign in (five, sixty):
        sign_in(client, campaign)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(charts_url(campaign))
        assert response.status_code == 200
        assert len(page_queries(queries)) == CHARTS_QUERIES, page_queries(queries)
    html = client.get(charts_url(sixty)).content.decode()
    assert len(table_rows(chart_card(html, "ip"))) == 60
    assert inline_svg(html, "elections").count('class="party-cell"') == 60


def test_a_picture_is_drawn_once_per_revision_and_revalidated_by_its_etag(client, five, sixty):
    for campaign in (five, sixty):
        sign_in(client, campaign)
        for key in ("ip", "points", "presence"):
            with CaptureQueriesContext(connection) as queries:
                first = client.get(picture_url(campaign, key))
            assert first.status_code == 200
            assert len(page_queries(queries)) == PICTURE_QUERIES, page_queries(queries)
            assert "private" in first["Cache-Control"] and "no-cache" in first["Cache-Control"]
            # Drawn already: from the cache, or a 304 to a phone that has it.
            with CaptureQueriesContext(connection) as queries:
                again = client.get(picture_url(campaign, key))
                unchanged = client.get(picture_url(campaign, key), HTTP_IF_NONE_MATCH=first["ETag"])
            assert again.content == first.content and again["ETag"] == first["ETag"]
            assert unchanged.status_code == 304
            assert len(page_queries(queries)) == 2, page_queries(queries)
    # A catalogue edit gives the campaign a new revision (`actions.touch`): drawn again.
    sign_in(client, five)
    before = client.get(picture_url(five, "ip"))["ETag"]
    CorporationColour.objects.filter(key="purple").update(css_colour="#123456")
    actions.touch(five)
    redrawn = client.get(picture_url(five, "ip"), HTTP_IF_NONE_MATCH=before)
    assert redrawn.status_code == 200 and redrawn["ETag"] != before
    assert b"#123456" in redrawn.content


def test_a_picture_is_for_members_only_and_get_only(client, five, sixty):
    sign_in(client, five)
    for key in ("ip", "points", "presence"):
        assert client.get(picture_url(sixty, key)).status_code == 404
        assert client.post(picture_url(five, key)).status_code == 405
    fresh = actions.import_campaign(make_campaign(0))
    sign_in(client, fresh)
    assert client.get(picture_url(fresh, "ip")).status_code == 404
    assert "<img" not in client.get(charts_url(fresh)).content.decode()


def test_charts_answer_get_only_and_404_for_an_unknown_campaign(client, five):
    sign_in(client, five)
    assert client.post(charts_url(five)).status_code == 405
    assert client.get("/campaigns/no-such-group/charts/").status_code == 404


def test_a_stranger_is_sent_to_log_in(client, five):
    for url in (charts_url(five), picture_url(five, "ip"), summary_url(five, 1)):
        response = client.get(url)
        assert response.status_code == 302
        assert "login" in response["Location"]


# --- a game's summary --------------------------------------------------------------------


def test_the_summary_shows_the_games_facts(client, demo):
    sign_in(client, demo)
    entry = demo.replayed_state().to_dict()["games"][11]
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
