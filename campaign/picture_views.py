"""Pictures of a campaign: the charts page, a tracker card as a PNG, a game's printable summary.

Each reads the replay's cache (`Campaign.state`, and the games' entries in one query when it
needs them) and a few catalogue names, so it answers in a constant number of queries however
long the campaign. The shapes come from the pure modules
`campaign.charts` and `campaign.pictures`; no rule is computed here. Like every campaign page,
they ask `campaign.access` who may read the campaign, after sending a stranger to log in.
"""

from __future__ import annotations

from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag

from campaign import charts, pictures
from campaign.frame import Page, campaign_page
from campaign.models import Campaign
from scoring.models import (
    CorporationColour,
    Megastructure,
    PlayerPower,
)
from scoring.wizard.sheet import CATEGORY_LABELS


def _corporations(campaign: Campaign, **filters: str) -> list[charts.ChartCorporation]:
    """The campaign's corporations with their catalogue colour, in one query."""
    colour = CorporationColour.objects.filter(key=OuterRef("key")).values("css_colour")[:1]
    rows = (
        campaign.corporations.filter(**filters)
        .annotate(colour=Subquery(colour))
        .values("key", "name", "player", "ai", "colour", "power")
    )
    return charts.chart_corporations(rows)


@campaign_page("", "charts")
def charts_page(page: Page) -> HttpResponse:
    request, campaign = page.request, page.campaign
    corporations = _corporations(campaign)
    built = charts.build_charts(campaign.replayed_state(), corporations, page.names.parties)
    context = page.frame(charts=built, corporations=corporations)
    return render(request, "pictures/charts.html", context)


@campaign_page("", "")
def tracker_png(page: Page, key: str) -> HttpResponse:
    request, campaign = page.request, page.campaign
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
        sections=[(row.key, row.name, row.boxes) for row in page.names.section_rows],
        award_names=page.names.awards,
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


@campaign_page("", "games")
def game_summary(page: Page, number: int) -> HttpResponse:
    request, campaign = page.request, page.campaign
    # This game's entry and its neighbours' (for the previous and next links), in one query.
    nearby = {"games": campaign.game_entries([number - 1, number, number + 1])}
    entry = charts.find_game(nearby, number)
    if entry is None:
        raise Http404(f"No game {number} in this campaign's replay.")
    corporations = _corporations(campaign)
    # Asked even for a game that built none, so every summary costs the same queries.
    megastructure_key = entry.get("megastructure") or ""
    megastructure = (
        Megastructure.objects.filter(key=megastructure_key).values_list("name", flat=True).first()
        or megastructure_key
    )
    summary = charts.game_summary(
        entry,
        corporations,
        party_names=page.names.parties,
        category_labels=CATEGORY_LABELS,
        section_names=page.names.sections,
        award_names=page.names.awards,
        megastructure_name=megastructure,
    )
    numbers = [g["number"] for g in nearby["games"]]
    context = page.frame(
        summary=summary,
        previous_game=number - 1 if number - 1 in numbers else None,
        next_game=number + 1 if number + 1 in numbers else None,
        sections_url=reverse("unlocks:sections", kwargs={"slug": campaign.slug}),
    )
    return render(request, "pictures/game_summary.html", context)
