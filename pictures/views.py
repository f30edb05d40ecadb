"""Pictures of a campaign: the charts page and its charts as SVG pictures, a tracker card as a
PNG, a game's printable summary.

Each reads the replay's cache (`Campaign.state`, and the games' entries in one query when it
needs them) and a few catalogue names, so it answers in a constant number of queries however
long the campaign. The shapes come from the pure modules `pictures.charts`, `pictures.summary`
and `pictures.tracker_card`; no rule is computed here. Like every campaign page, they go through
`campaign.frame.campaign_access`: a stranger is sent to log in, a non-member gets 404.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from campaign import page_cache
from campaign.frame import READER, Page, campaign_access, kept_offline, page_frame
from campaign.models import Campaign
from pictures import chart_svg, charts, summary, tracker_card
from scoring.models import CorporationColour
from scoring.wizard.sheet import CATEGORY_LABELS

# An SVG picture holds no script and fetches nothing; its own <style> is all it needs.
CHART_POLICY = "default-src 'none'; style-src 'unsafe-inline'"


def _corporations(campaign: Campaign, **filters: str) -> list[charts.ChartCorporation]:
    """The campaign's corporations with their catalogue colour, in one query."""
    colour = CorporationColour.objects.filter(key=OuterRef("key")).values("css_colour")[:1]
    rows = (
        campaign.corporations.filter(**filters)
        .annotate(colour=Subquery(colour))
        .values("key", "name", "player", "ai", "colour", "power")
    )
    return charts.chart_corporations(rows)


@dataclass(frozen=True)
class ChartPicture:
    """Where a chart's SVG picture is, and its size (the <img>'s, so the page does not jump)."""

    url: str
    size: tuple[int, int]

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]


@campaign_access(READER)
@page_frame("pictures/charts.html", "charts", offline=True)
def charts_page(page: Page) -> dict[str, Any]:
    campaign = page.campaign
    corporations = _corporations(campaign)
    built = charts.build_charts(campaign.replayed_state(), corporations, page.names.parties)
    drawn = (built.ip, built.points, built.presence)
    return page.frame(
        charts=built,
        corporations=corporations,
        pictures={
            chart.key: ChartPicture(
                url=reverse(f"pictures:chart_{chart.key}", kwargs={"slug": campaign.slug}),
                size=chart_svg.size(chart),
            )
            for chart in drawn
            if chart is not None
        },
    )


@campaign_access(READER)
@kept_offline
def chart_picture(page: Page, chart: str) -> HttpResponse:
    """One chart of the charts page as an SVG document, for its `<img>`.

    Drawn once per revision of the campaign and kept in the cache (like the page bodies,
    `campaign.page_cache`); its ETag is the drawing's hash, so a phone that has it already
    gets a 304 for the cost of the membership query."""
    campaign = page.campaign
    # Per language too: its title, description and axes are words people read.
    key = page_cache.cache_key(campaign, "chart-picture", f"{chart}:{get_language()}")
    drawn = cache.get(key)
    if drawn is None:
        built = charts.pictured_chart(campaign.replayed_state(), _corporations(campaign), chart)
        if built is None:
            raise Http404(_("No game yet: the charts start after the first game."))
        svg = chart_svg.draw(built)
        drawn = (hashlib.sha256(svg).hexdigest()[:32], svg)
        cache.set(key, drawn, page_cache.TIMEOUT)
    etag = quote_etag(drawn[0])
    response = get_conditional_response(page.request, etag=etag)
    if response is None:
        response = HttpResponse(drawn[1], content_type="image/svg+xml")
    response["ETag"] = etag
    response["Content-Security-Policy"] = CHART_POLICY
    # Private: a campaign is its members' business; no-cache: always revalidated by the ETag.
    patch_cache_control(response, private=True, no_cache=True)
    return response


@campaign_access(READER)
@kept_offline
def tracker_png(page: Page, key: str) -> HttpResponse:
    """A corporation's tracker card as a PNG picture to share.

    Drawing one costs ~150 ms of CPU, so it is drawn once per revision of the campaign and
    kept in the cache with its ETag (like the charts): ten phones opening it cost one drawing,
    and a phone that has it already gets a 304."""
    campaign = page.campaign
    # Per language too: the card's words are drawn in it.
    cache_key = page_cache.cache_key(campaign, "tracker-png", f"{key}:{get_language()}")
    drawn = cache.get(cache_key)
    if drawn is None:
        drawn = _draw_tracker_png(page, key)
        cache.set(cache_key, drawn, page_cache.TIMEOUT)
    etag = quote_etag(drawn[0])
    response = get_conditional_response(page.request, etag=etag)
    if response is None:
        response = HttpResponse(drawn[1], content_type="image/png")
        response["Content-Disposition"] = f'inline; filename="{campaign.slug}-{key}-tracker.png"'
    response["ETag"] = etag
    # Private: a campaign is its members' business; no-cache: always revalidated by the ETag.
    patch_cache_control(response, private=True, no_cache=True)
    return response


def _draw_tracker_png(page: Page, key: str) -> tuple[str, bytes]:
    """(its ETag, the PNG) of a corporation's tracker card; 404 for no such corporation."""
    campaign = page.campaign
    found = (
        campaign.corporations.filter(key=key)
        .annotate(
            colour=Subquery(
                CorporationColour.objects.filter(key=OuterRef("key")).values("css_colour")[:1]
            )
        )
        .values("key", "name", "player", "ai", "colour", "power")
        .first()
    )
    if found is None:
        raise Http404(_("No corporation %(key)s in this campaign.") % {"key": key})
    corporation = charts.chart_corporations([found])[0]
    card = tracker_card.tracker_card(
        campaign.replayed_state(),
        corporation,
        campaign_name=campaign.name,
        sections=[(row.key, row.name, row.boxes) for row in page.names.section_rows],
        award_names=page.names.awards,
        # Asked even when no power is chosen, so every picture costs the same queries.
        power_name=page.names.powers.get(found["power"] or "") or found["power"],
    )
    # Its ETag by what it shows and in which language (its words are drawn in it).
    etag = hashlib.sha256(f"{tracker_card.card_etag(card)}:{get_language()}".encode())
    return etag.hexdigest()[:32], tracker_card.draw_tracker_card(card)


@campaign_access(READER)
@page_frame("pictures/game_summary.html", "games", offline=True)
def game_summary(page: Page, number: int) -> dict[str, Any]:
    campaign = page.campaign
    # This game's entry and its neighbours' (for the previous and next links), in one query.
    nearby = campaign.game_entries([number - 1, number, number + 1])
    entry = summary.find_game(nearby, number)
    if entry is None:
        raise Http404(_("No game %(number)s in this campaign's replay.") % {"number": number})
    game = summary.game_summary(
        entry,
        _corporations(campaign),
        party_names=page.names.parties,
        category_labels=CATEGORY_LABELS,
        section_names=page.names.sections,
        award_names=page.names.awards,
        # Asked even for a game that built none, so every summary costs the same queries.
        megastructure_name=page.names.megastructure(entry.megastructure or ""),
    )
    numbers = [g.number for g in nearby]
    return page.frame(
        summary=game,
        previous_game=number - 1 if number - 1 in numbers else None,
        next_game=number + 1 if number + 1 in numbers else None,
        sections_url=reverse("unlocks:sections", kwargs={"slug": campaign.slug}),
    )
