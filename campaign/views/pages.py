"""What the replay derived, as pages: dashboard, game log, tracker cards, elections, cities.

Each reads the replay's cache (`Campaign.state`, `Game.result`), so it answers in a constant
number of queries however long the campaign; the dashboard, the game log and the tracker cards
keep their rendered body until the campaign changes (`campaign.page_cache`). Each is also on
the read-only public page (`view.public`).
"""

from __future__ import annotations

import re
from typing import Any

from django.core.paginator import EmptyPage, Paginator
from django.http import Http404, HttpRequest

from campaign.colours import text_colour_on
from campaign.frame import READER, Page, campaign_access, page_frame, public_link
from campaign.models import Corporation
from live.models import GameDraft
from solar175.game_entry import debt_boxes_in_play, powers_in_play
from solar175.replay_warnings import zone_missing
from solar175.sections import election_counters
from solar175.state import GameResult, city_to_dict

GAME_LOG_PAGE_SIZE = 20
# The game log's page numbers: 1 to 9,999 (a campaign of 200,000 games), written plainly.
PAGE_NUMBER = re.compile(r"[1-9][0-9]{0,3}")


def awards_by_corporation(page: Page) -> dict[str, list[dict]]:
    names = page.names.awards
    awards: dict[str, list[dict]] = {}
    for award in page.state.awards:
        awards.setdefault(award.corporation, []).append(
            {**award.to_dict(), "name": names.get((award.section, award.tier), award.section)}
        )
    return awards


def standings(page: Page) -> list[dict]:
    awards = awards_by_corporation(page)
    debt = page.state.debt
    # The magazine's scoring line asks for each corporation's games played.
    played = page.state.games_by_corporation
    return [
        {
            **row.to_dict(),
            "corp": page.corps.get(row.corporation),
            "awards": awards.get(row.corporation, []),
            "debt": debt.get(row.corporation, 0),
            "games": played.get(row.corporation, 0) if played is not None else None,
        }
        for row in page.state.standings
    ]


def score_rows(result: GameResult, corps: dict[str, Corporation]) -> list[dict]:
    return [
        {**player.to_dict(), "corp": corps.get(player.corporation)} for player in result.ranked()
    ]


def _open_draft(request: HttpRequest) -> str:
    """The number of the game a draft is open for ("" when none, and on the public page): the
    dashboard's button says "Continue game N" then. A draft opens without changing the
    campaign, so it is part of the cached body's key, not of its revision."""
    if hasattr(request, "open_draft"):  # read once a request: the key, then the body
        return request.open_draft
    slug = request.resolver_match.kwargs.get("slug") if request.resolver_match else None
    number = None
    if slug:
        number = (
            GameDraft.objects.filter(campaign__slug=slug)
            .order_by("-number")
            .values_list("number", flat=True)
            .first()
        )
    request.open_draft = "" if number is None else str(number)
    return request.open_draft


@public_link
@campaign_access(READER)
@page_frame("campaign/dashboard.html", "dashboard", cached=True, variant=_open_draft, offline=True)
def dashboard(page: Page) -> dict[str, Any]:
    campaign, state, corps = page.campaign, page.state, page.corps
    last_game = (
        campaign.games.order_by("-number")
        .only("campaign_id", "number", "played_on", "result")
        .first()
    )
    next_game = state.next_game
    megastructures = page.names.megastructures  # read every time: the same queries every time
    return page.context(
        standings=standings(page),
        last_game=last_game,
        last_scores=score_rows(GameResult.from_dict(last_game.result), corps) if last_game else [],
        next_game=next_game,
        draft_open=_open_draft(page.request) == str(next_game.number),
        parties=page.names.parties,
        opening_after=(campaign.opening or {}).get("after_game"),
        credits_by_corporation=[
            (corps.get(key), credits)
            for key, credits in next_game.starting_credits_by_corporation.items()
            if credits != next_game.starting_credits
        ],
        megastructure_options=[
            (key, megastructures.get(key, key)) for key in next_game.megastructure_options
        ],
        missing_zones=(asked := missing_zones(page)),
        # The other games whose replay warns about something (each game's page says what).
        warned_games=sorted({w.game for w in state.warnings} - {number for number, _ in asked}),
    )


def missing_zones(page: Page) -> list[tuple[int, str]]:
    """The games an earlier version stored with a megastructure and no zone for its token
    (`zone_missing`: scored with no +5 presence bonus), each with the megastructure's name:
    the dashboard says where the group can give the zone. One query, whatever the log."""
    candidates = (
        page.campaign.games.exclude(megastructure="")
        .filter(megastructure_zone=None)
        .order_by("number")
        .values_list("number", "megastructure", "replay_entry")
    )
    return [
        (number, page.names.megastructure(key))
        for number, key, entry in candidates
        if entry and zone_missing(entry.get("megastructure"), entry.get("megastructure_zone"))
    ]


def _log_page_number(request: HttpRequest) -> str:
    """The game log's page as its cache key: the page number, written one way only. Anything
    else (`01`, `1.0`, `x`, `0`) is no page of the log (404), never one more cache entry."""
    number = request.GET.get("page", "1")
    if not PAGE_NUMBER.fullmatch(number):
        raise Http404("No such page of the game log.")
    return str(int(number))


@public_link
@campaign_access(READER)
@page_frame("campaign/game_log.html", "games", cached=True, variant=_log_page_number, offline=True)
def game_log(page: Page) -> dict[str, Any]:
    corps = page.corps
    # Newest first, a page at a time, so the page costs the same however long the log.
    games = page.campaign.games.defer("table", "replay_entry").order_by("-number")
    try:
        paged = Paginator(games, GAME_LOG_PAGE_SIZE).page(_log_page_number(page.request))
    except EmptyPage:
        # A page past the last (or any page but the first of an empty log): no such page.
        if _log_page_number(page.request) != "1":
            raise Http404("No such page of the game log.") from None
        paged = Paginator(games, GAME_LOG_PAGE_SIZE).get_page(1)
    results = [(game, GameResult.from_dict(game.result)) for game in paged]
    return page.context(
        games=[
            {"game": game, "scores": score_rows(result, corps), "result": result}
            for game, result in results
        ],
        page=paged,
        parties=page.names.parties,
        megastructures=page.names.megastructures,
    )


@public_link
@campaign_access(READER)
@page_frame("campaign/trackers.html", "trackers", cached=True, offline=True)
def trackers(page: Page) -> dict[str, Any]:
    state = page.state
    sections = page.names.section_rows
    award_names = page.names.awards
    powers = page.names.powers
    in_play = set(state.next_game.zones_in_play)
    awards_by = {}
    for award in state.awards:
        awards_by.setdefault((award.corporation, award.section), []).append(
            {**award.to_dict(), "name": award_names.get((award.section, award.tier), "")}
        )
    debt_marks: dict[str, list[dict]] = {}
    # Only the replay entries' debt marks, not every game's whole entry and score.
    marks_by_game = page.campaign.games.order_by("number").values_list(
        "number", "replay_entry__debt_marks"
    )
    for number, marks in marks_by_game:
        for mark in marks or []:
            debt_marks.setdefault(mark["corporation"], []).append(
                {"game": number, "points": mark["points"]}
            )
    cards = []
    for corp in page.corporations:
        crossed = state.tracker.get(corp.key, {})
        card_sections = []
        for section in sections:
            count = min(crossed.get(section.key, 0), section.boxes)
            zone = int(section.key.split("_")[1]) if section.key.startswith("presence_") else None
            card_sections.append(
                {
                    "key": section.key,
                    "name": section.name,
                    "crossed": count,
                    "size": section.boxes,
                    "awards": awards_by.get((corp.key, section.key), []),
                    "presence": zone is not None,
                    "in_play": zone is None or zone in in_play,
                }
            )
        cards.append(
            {
                "corp": corp,
                "text_colour": text_colour_on(corp.css_colour or ""),
                "presence": [s for s in card_sections if s["presence"]],
                "others": [s for s in card_sections if not s["presence"]],
                "tally": crossed.get("influence_tally", 0),
                "debt": state.debt.get(corp.key, 0),
                "debt_marks": debt_marks.get(corp.key, []),
                "power": powers.get(corp.power, corp.power),
            }
        )
    # The debt boxes and the power sticker come with later sections (#8, #7): before they
    # unlock, the cards show neither, so nothing hints at what those sections hold.
    switches = state.next_game.switches
    return page.context(
        cards=cards,
        debt_boxes=debt_boxes_in_play(switches),
        powers_in_play=powers_in_play(switches),
    )


@public_link
@campaign_access(READER)
@page_frame("campaign/elections.html", "elections", offline=True)
def elections(page: Page) -> dict[str, Any]:
    state = page.state
    parties = page.names.parties
    wins = state.election_wins
    overthrows = state.overthrows
    counters = []
    # The counters that unlock #13, #25 and #26, from those sections' own triggers.
    for counter in election_counters():
        count = overthrows if counter.counts == "overthrows" else wins.get(counter.party, 0)
        counters.append(
            {
                "party": parties.get(counter.party, counter.party),
                "kind": counter.counts,
                "count": count,
                "target": counter.target,
                "section": counter.section,
                "percent": min(100, round(100 * count / counter.target)),
            }
        )
    return page.context(
        parties=parties,
        elections=state.elections,
        wins=[(parties.get(key, key), count) for key, count in wins.items()],
        counters=counters,
    )


@public_link
@campaign_access(READER)
@page_frame("campaign/cities.html", "cities", offline=True)
def cities(page: Page) -> dict[str, Any]:
    zones = page.names.location_zones
    corps = page.corps
    opening_after = (page.campaign.opening or {}).get("after_game", 0)
    rows = sorted(
        (
            {
                **city_to_dict(city),
                "zone": zones.get(city.location),
                "corp": corps.get(city.corporation),
                "before_the_app": city.game <= opening_after,
            }
            for city in page.state.cities
        ),
        key=lambda c: (c["zone"] or 99, c["location"], c["game"]),
    )
    return page.context(cities=rows)
