"""A corporation's tracker card as a PNG: what is drawn, the response around it, its cache.

The pure half (`pictures.tracker_card`) is tested on cards built by hand: a crossed box is drawn
differently from an empty one, where the layout says it is. The view is tested on replayed
campaigns imported from generated campaign files, as a group would make them.
"""

from __future__ import annotations

import datetime
import io
import json
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from PIL import Image

from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.models import Campaign
from pictures.charts import ChartCorporation
from pictures.tests.test_charts import page_queries, sign_in
from pictures.tracker_card import (
    WIDTH,
    CardSection,
    Sticker,
    TrackerCard,
    card_etag,
    card_layout,
    draw_tracker_card,
    tracker_card,
)
from scoring.models import Award, TrackerSection

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-campaign.json"
SCRIPT = "<script>alert(1)</script>"
# campaign, the corporation (colour joined), its power's name, tracker sections, awards, the
# games' replay entries (debt marks)
PNG_QUERIES = 6
THREE = ("purple", "yellow", "teal")


def a_card(**changes) -> TrackerCard:
    card = TrackerCard(
        campaign="Thursday group",
        corporation="Purple corporation",
        colour="#6f42c1",
        games_played=6,
        player="Caro",
        presence=tuple(
            CardSection(f"presence_{z}", f"Zone {z} presence", 6, crossed, z <= 3)
            for z, crossed in zip(range(1, 7), (6, 2, 0, 0, 0, 0), strict=True)
        ),
        others=(
            CardSection("megastructure", "Megastructure funding", 8, 3),
            CardSection("bases", "Base building", 8, 0),
            CardSection("military", "UFSS Peacekeeping Force", 8, 1),
            CardSection("mining", "Resource extraction", 8, 0),
            CardSection("credits", "Most profitable", 8, 8, stickers=(Sticker("gold", "B", 5),)),
            CardSection("influence", "Highest influence", 8, 8),
        ),
        influence_tally=3,
        points=5,
        rank=1,
        corporations=3,
    )
    return TrackerCard(**{**card.__dict__, **changes})


def opened(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def darkness(pixel: tuple[int, int, int]) -> int:
    return 765 - sum(pixel)


# --- the drawing -------------------------------------------------------------------------


def test_it_draws_a_png_1080_wide_as_tall_as_its_sections():
    card = a_card()
    image = opened(draw_tracker_card(card))
    height, _ = card_layout(card)
    assert image.size == (WIDTH, height) == (1080, height)
    assert 1100 < height < 1700


def test_a_crossed_box_is_drawn_differently_from_an_empty_one():
    card = a_card()
    image = opened(draw_tracker_card(card))
    _, boxes = card_layout(card)
    credits = [b for b in boxes if b.section == "credits"]
    bases = [b for b in boxes if b.section == "bases"]
    assert len(credits) == len(bases) == 8 and all(b.crossed for b in credits)
    assert not any(b.crossed for b in bases)
    # The X crosses at the box's centre: ink there; an empty box is white inside.
    crossed, empty = image.getpixel(credits[0].centre), image.getpixel(bases[0].centre)
    assert darkness(crossed) > 400
    assert empty == (255, 255, 255)
    # Zone 2 presence: 2 of 6 crossed, the third is empty.
    zone_2 = [b for b in boxes if b.section == "presence_2"]
    assert [b.crossed for b in zone_2] == [True, True, False, False, False, False]
    assert darkness(image.getpixel(zone_2[1].centre)) > 400
    assert image.getpixel(zone_2[2].centre) == (255, 255, 255)


def test_the_band_is_the_corporations_colour():
    image = opened(draw_tracker_card(a_card(colour="#20c997")))
    assert image.getpixel((WIDTH - 30, 60)) == (0x20, 0xC9, 0x97)


def test_the_debt_boxes_and_the_power_make_the_card_taller_only_once_shown():
    plain, _ = card_layout(a_card())
    later, _ = card_layout(
        a_card(debt_shown=True, debt_marks=(2, 1), debt=3, power_shown=True, power="Extra IP")
    )
    assert later > plain + 120


def test_any_name_draws_even_markup_and_very_long_ones():
    card = a_card(corporation=SCRIPT, player="x" * 60, campaign="A" * 100)
    image = opened(draw_tracker_card(card))
    assert image.width == WIDTH


def test_the_etag_follows_what_is_drawn():
    assert card_etag(a_card()) == card_etag(a_card())
    assert card_etag(a_card()) != card_etag(a_card(influence_tally=4))
    assert card_etag(a_card()) != card_etag(a_card(corporation="Violet"))


def test_a_card_from_the_state_hides_debt_and_power_until_they_unlock():
    """#8 brings the debt boxes and #7 the power sticker: before, nothing hints at them."""
    from solar175.catalogue import Catalogue
    from solar175.replay import replay

    catalogue = Catalogue.from_fixture()
    purple = ChartCorporation("purple", "Purple corporation", "#6f42c1")
    sections = [(key, key, size) for key, size in catalogue.section_boxes.items()]
    one = replay(make_campaign(corporations=THREE, tables=[leader_table(*THREE)]), catalogue)
    card = tracker_card(one, purple, campaign_name="T", sections=sections, award_names={})
    assert not card.debt_shown and not card.power_shown
    assert [s.crossed for s in card.others if s.key in ("credits", "influence")] == [1, 1]
    assert card.presence[2].in_play  # zone 3 is in play after game 1 (#1)
    assert not card.presence[3].in_play
    five = replay(make_campaign(corporations=THREE, tables=[leader_table(*THREE)] * 5), catalogue)
    card = tracker_card(five, purple, campaign_name="T", sections=sections, award_names={})
    assert card.debt_shown and card.power_shown and card.power == ""


# --- the view ----------------------------------------------------------------------------


def png_url(campaign: Campaign, key: str) -> str:
    return reverse("pictures:tracker_png", kwargs={"slug": campaign.slug, "key": key})


def served_card(campaign: Campaign, key: str) -> TrackerCard:
    """The card the view draws, built the same way from the database."""
    corporation = campaign.corporations.get(key=key)
    return tracker_card(
        campaign.replayed_state(),
        ChartCorporation(key, corporation.name, "#6f42c1", corporation.player),
        campaign_name=campaign.name,
        sections=list(TrackerSection.objects.values_list("key", "name", "boxes")),
        award_names={(a.section_id, a.tier): a.name for a in Award.objects.all()},
    )


@pytest.fixture
def demo(catalogue) -> Campaign:
    return actions.import_campaign(json.loads(DEMO.read_text()))


def test_it_serves_the_png_inline_with_its_name(client, demo):
    sign_in(client, demo)
    response = client.get(png_url(demo, "purple"))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response["Content-Disposition"] == (
        'inline; filename="demo-campaign-purple-tracker.png"'
    )
    image = opened(response.content)
    assert image.width == 1080
    # Purple has crossed all six zone 1 boxes and none of zone 6's last boxes.
    _, boxes = card_layout(served_card(demo, "purple"))
    assert demo.state["tracker"]["purple"]["presence_1"] == 6
    zone_1 = [b for b in boxes if b.section == "presence_1"]
    zone_6 = [b for b in boxes if b.section == "presence_6"]
    assert darkness(image.getpixel(zone_1[5].centre)) > 400
    assert image.getpixel(zone_6[5].centre) == (255, 255, 255)


def test_it_is_cached_by_the_state_it_draws(client, demo):
    sign_in(client, demo)
    first = client.get(png_url(demo, "teal"))
    etag = first["ETag"]
    assert etag.startswith('"') and len(etag) == 34
    assert "private" in first["Cache-Control"] and "no-cache" in first["Cache-Control"]
    again = client.get(png_url(demo, "teal"), headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag
    # Another corporation is another picture.
    assert client.get(png_url(demo, "orange"))["ETag"] != etag


def test_a_new_game_changes_the_etag(client, catalogue):
    campaign = actions.import_campaign(
        make_campaign(corporations=THREE, tables=[leader_table(*THREE)])
    )
    sign_in(client, campaign)
    etag = client.get(png_url(campaign, "purple"))["ETag"]
    actions.save_game(
        campaign,
        table=leader_table("purple", "yellow", "teal", sections=("credits",)),
        played_on=datetime.date(2026, 1, 12),
        megastructure="skyhooks-zone-3",
    )
    response = client.get(png_url(campaign, "purple"), headers={"if-none-match": etag})
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_a_corporation_named_like_markup_draws(client, catalogue):
    data = make_campaign(2, corporations=3)
    data["corporations"][0]["name"] = SCRIPT
    campaign = actions.import_campaign(data)
    sign_in(client, campaign)
    response = client.get(png_url(campaign, "purple"))
    assert response.status_code == 200
    assert opened(response.content).width == 1080


def test_the_png_query_count_does_not_grow_with_the_campaign(client, catalogue):
    for n_games, corporations in ((1, 3), (5, 3), (60, 5)):
        campaign = actions.import_campaign(make_campaign(n_games, corporations=corporations))
        sign_in(client, campaign)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(png_url(campaign, "teal"))
        assert response.status_code == 200
        assert len(page_queries(queries)) == PNG_QUERIES, page_queries(queries)


def test_a_stranger_is_sent_to_log_in_and_sees_no_picture(client, demo):
    response = client.get(png_url(demo, "purple"))
    assert response.status_code == 302
    assert "login" in response["Location"]


def test_an_unknown_corporation_or_campaign_is_404_and_only_get_answers(client, demo):
    sign_in(client, demo)
    assert client.get(png_url(demo, "fifth")).status_code == 404
    assert client.get("/campaigns/no-such-group/trackers/purple.png").status_code == 404
    assert client.post(png_url(demo, "purple")).status_code == 405
