"""Pictures of a campaign: the charts page and its charts as SVG pictures, a tracker card as a
PNG, a game's printable summary.

Each reads the replay's cache (`Campaign.state`, and the games' entries in one query when it
needs them) and a few catalogue names, so it answers in a constant number of queries however
long the campaign. The shapes come from the pure modules `campaign.charts`, `campaign.summary`
and `campaign.pictures`; no rule is computed here. Like every campaign page, they ask
`campaign.access` who may read the campaign, after sending a stranger to log in.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag
from django.views.decorators.http import require_GET

from campaign import chart_svg, charts, page_cache, pictures, summary
from campaign.access import campaign_for_reader
from campaign.models import Campaign
from scoring.models import (
    Award,
    CorporationColour,
    Megastructure,
    Party,
    PlayerPower,
    TrackerSection,
)
from scoring.views import CATEGORY_LABELS


def _corporations(campaign: Campaign, **filters: str) -> list[charts.ChartCorporation]:
    """The campaign's corporations with their catalogue colour, in one query."""
    colour = CorporationColour.objects.filter(key=OuterRef("key")).values("css_colour")[:1]
    rows = (
        campaign.corporations.filter(**filters)
        .annotate(colour=Subquery(colour))
        .values("key", "name", "player", "ai", "colour", "power")
    )
    return charts.chart_corporations(rows)


def _party_names() -> dict[str, str]:
    return dict(Party.objects.values_list("key", "name"))


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


def _page(campaign: Campaign, active: str, **context: object) -> dict:
    return {
        "campaign": campaign,
        "state": campaign.state or {},
        "active": active,
        **context,
    }


@login_required
@require_GET
def charts_page(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_for_reader(request, slug)
    corporations = _corporations(campaign)
    built = charts.build_charts(campaign.replayed_state(), corporations, _party_names())
    drawn = (built.ip, built.points, built.presence)
    context = _page(
        campaign,
        "charts",
        charts=built,
        corporations=corporations,
        pictures={
            chart.key: ChartPicture(
                url=reverse(f"pictures:chart_{chart.key}", kwargs={"slug": slug}),
                size=chart_svg.size(chart),
            )
            for chart in drawn
            if chart is not None
        },
    )
    return render(request, "pictures/charts.html", context)


# An SVG picture holds no script and fetches nothing; its own <style> is all it needs.
CHART_POLICY = "default-src 'none'; style-src 'unsafe-inline'"


@login_required
@require_GET
def chart_picture(request: HttpRequest, slug: str, chart: str) -> HttpResponse:
    """One chart of the charts page as an SVG document, for its `<img>`.

    Drawn once per revision of the campaign and kept in the cache (like the page bodies,
    `campaign.page_cache`); its ETag is the drawing's hash, so a phone that has it already
    gets a 304 for the cost of the membership query."""
    campaign = campaign_for_reader(request, slug)
    key = page_cache.cache_key(campaign, "chart-picture", chart)
    drawn = cache.get(key)
    if drawn is None:
        built = charts.pictured_chart(campaign.replayed_state(), _corporations(campaign), chart)
        if built is None:
            raise Http404("No game yet: the charts start after the first game.")
        svg = chart_svg.draw(built)
        drawn = (hashlib.sha256(svg).hexdigest()[:32], svg)
        cache.set(key, drawn, page_cache.TIMEOUT)
    etag = quote_etag(drawn[0])
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(drawn[1], content_type="image/svg+xml")
    response["ETag"] = etag
    response["Content-Security-Policy"] = CHART_POLICY
    # Private: a campaign is its members' business; no-cache: always revalidated by the ETag.
    patch_cache_control(response, private=True, no_cache=True)
    return response


@login_required
@require_GET
def tracker_png(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    campaign = campaign_for_reader(request, slug)
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
        raise Http404(f"No corporation {key} in this campaign.")
    corporation = charts.chart_corporations([found])[0]
    # Asked even when no power is chosen, so every picture costs the same queries.
    power_name = (
        PlayerPower.objects.filter(key=found["power"] or "").values_list("name", flat=True).first()
        or found["power"]
    )
    card = pictures.tracker_card(
        campaign.replayed_state(),
        corporation,
        campaign_name=campaign.name,
        sections=list(TrackerSection.objects.values_list("key", "name", "boxes")),
        award_names={(a.section_id, a.tier): a.name for a in Award.objects.all()},
        power_name=power_name,
    )
    etag = quote_etag(pictures.card_etag(card))
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(pictures.draw_tracker_card(card), content_type="image/png")
        response["Content-Disposition"] = (
            f'inline; filename="{campaign.slug}-{corporation.key}-tracker.png"'
        )
    response["ETag"] = etag
    # Private: a campaign is its members' business; no-cache: always revalidated by the ETag.
    patch_cache_control(response, private=True, no_cache=True)
    return response


@login_required
@require_GET
def game_summary(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    campaign = campaign_for_reader(request, slug)
    # This game's entry and its neighbours' (for the previous and next links), in one query.
    nearby = {"games": campaign.game_entries([number - 1, number, number + 1])}
    entry = summary.find_game(nearby, number)
    if entry is None:
        raise Http404(f"No game {number} in this campaign's replay.")
    corporations = _corporations(campaign)
    # Asked even for a game that built none, so every summary costs the same queries.
    megastructure_key = entry.get("megastructure") or ""
    megastructure = (
        Megastructure.objects.filter(key=megastructure_key).values_list("name", flat=True).first()
        or megastructure_key
    )
    game = summary.game_summary(
        entry,
        corporations,
        party_names=_party_names(),
        category_labels=CATEGORY_LABELS,
        section_names=dict(TrackerSection.objects.values_list("key", "name")),
        award_names={(a.section_id, a.tier): a.name for a in Award.objects.all()},
        megastructure_name=megastructure,
    )
    numbers = [g["number"] for g in nearby["games"]]
    context = _page(
        campaign,
        "games",
        summary=game,
        previous_game=number - 1 if number - 1 in numbers else None,
        next_game=number + 1 if number + 1 in numbers else None,
        sections_url=reverse("unlocks:sections", kwargs={"slug": slug}),
    )
    return render(request, "pictures/game_summary.html", context)
