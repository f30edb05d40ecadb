"""What a guest's link answers once its game's draft is closed (saved or discarded): the
guest views' own answer (`campaign.frame.guest_link(draft_protocol, ...)` on the seat's card,
the live panel and the push, campaign/seat_urls.py), kept in this one module so that
the frame knows no page of the draft and no word of its protocol (docs/seats.md).

- The draft protocol's phone (live/static/js/draft.js, which sends and asks for JSON): a poll is
  told where to go (the guest's link, which says the game was saved), a change that came too
  late is refused (410) and kept on the phone.
- htmx: a write that came too late is refused with a sentence (410, the phone keeps the
  value and says so); a phone polling the live panel is told to stop (htmx stops on 286).
- A person opening the link: the page saying the entry is closed (410), with the game's
  result once it is saved.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse

from campaign.access import GuestLinkClosed
from campaign.frame import corporations_with_colours
from campaign.models import join_entry

TEMPLATE = "live/seats/guest_closed.html"
# htmx stops polling an element whose answer has this status.
HTMX_STOP_POLLING = 286


def guest_result(seat: Any) -> list[dict[str, Any]]:
    """The places and totals of the game a guest's seat was in, once that game is saved, as a
    member's phone shows them at the top of its checklist (read-only: no link, no "why"); []
    while it is not saved, or when the saved game did not have the guest's corporation at the
    table (its draft put away, the game entered another way). A guest reads no more than a
    viewer, who sees these on the checklist."""
    game = seat.campaign.games.filter(number=seat.number).only("result", "replay_entry").first()
    if game is None or not game.replay_entry:
        return []
    score = join_entry(game.replay_entry, game.result).score
    if not any(player.corporation == seat.corporation.key for player in score.players):
        return []
    corps = {corp.key: corp for corp in corporations_with_colours(seat.campaign)}
    return [
        {
            "corp": corps.get(player.corporation),
            "rank": player.rank,
            "total": player.total,
            "mine": player.corporation == seat.corporation.key,
        }
        for player in score.ranked()
    ]


def _speaks_json(request: HttpRequest) -> bool:
    """draft.js's request: it asks for JSON (a poll) or sends it (a push)."""
    return "application/json" in request.headers.get("Accept", "") or (
        request.content_type == "application/json"
    )


def draft_protocol(request: HttpRequest, token: str, closed: GuestLinkClosed) -> HttpResponse:
    """The closed link's answer to the draft's phone (JSON, htmx), or its page to a person."""
    if _speaks_json(request):
        go = reverse("seats:guest_card", args=[token])
        status = 410 if request.method == "POST" else 200
        return JsonResponse({"closed": str(closed), "go": go}, status=status)
    if getattr(request, "htmx", False) and request.method == "POST":
        return HttpResponse(str(closed), status=410, content_type="text/plain; charset=utf-8")
    if getattr(request, "htmx", False):
        return render(
            request, f"{TEMPLATE}#live-closed", {"seat": closed.seat}, status=HTMX_STOP_POLLING
        )
    return closed_page(request, closed)


def closed_page(request: HttpRequest, closed: GuestLinkClosed) -> HttpResponse:
    """The page a person opening a closed link reads: the entry is closed, and the result."""
    context = {"seat": closed.seat, "result": guest_result(closed.seat)}
    return render(request, TEMPLATE, context, status=410)
