"""The page frame every campaign page shares, as one decorator.

A campaign page is a function of a `Page` (the request, the campaign with the reader's role,
its corporations and the catalogue's names): it returns the context of its template's body, or
a response of its own (a redirect after a POST, a form shown again with status 400).
`campaign_page` does the rest, the same way for every app (campaign, unlocks, pictures,
accounts, history):

- the lookup (`campaign.access`): 404 to a non-member, 403 to a role too low, and login first;
- the allowed methods (a GET page refuses a POST, and so on);
- the navigation context (`Page.context`): the campaign, its replayed state, the active tab;
- for a page whose body depends only on the campaign (`cached=True`), the body rendered once
  per change of the campaign and then read from the cache (`campaign.page_cache`), so a phone
  that reloads costs no query but the lookup;
- for a page the public read-only address shows too (`public=True`), its twin `view.public`,
  looked up by the public token instead (`campaign_for_public`);
- for a page a guest's link opens (`guest=...`), its twin `view.guest`, looked up by the
  guest's token instead (`campaign_for_guest`): the campaign comes back knowing the guest's
  seat (`campaign.guest_seat`), with no role; `Page.reverse` gives the guest's own addresses;
- for a page a member reads at the table (`offline=True`), its answer marked as one the phone
  may keep to read without a connection (`offline.keep`, docs/offline.md);
- the campaign's time zone (`Campaign.time_zone`, docs/time-zones.md) active while the page
  is built and rendered: its dates and times are the group's, and "played on" defaults to
  the group's today.

Usage::

    @campaign_page("campaign/dashboard.html", "dashboard", cached=True, public=True)
    def dashboard(page: Page) -> dict:
        return page.context(standings=...)

    @campaign_page("campaign/settings.html", "settings", role=OWNER, methods=("GET", "POST"))
    def campaign_settings(page: Page) -> HttpResponse | dict: ...

URLs route `views.dashboard` (`<slug>`) and `views.dashboard.public` (`<token>`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property, wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import OuterRef, Subquery
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from campaign.access import (
    GuestLinkClosed,
    campaign_for_guest,
    campaign_for_owner,
    campaign_for_player,
    campaign_for_public,
    campaign_for_reader,
)
from campaign.models import Campaign, Corporation, join_entry
from campaign.page_cache import page_body
from hosting.time_zones import in_zone
from offline.keep import keep_offline
from scoring.catalogue import CatalogueNames
from scoring.models import CorporationColour
from solar175.state import CampaignState

READER = "reader"
PLAYER = "player"
OWNER = "owner"
LOOKUPS = {READER: campaign_for_reader, PLAYER: campaign_for_player, OWNER: campaign_for_owner}
# The member addresses a guest's page has a twin of (campaign/seat_urls.py), by name: the
# twin of a seat's card is the guest's own card only.
GUEST_ADDRESSES = {
    "campaign:draft_seat": "seats:guest_card",
    "campaign:draft_live": "seats:guest_live",
    "campaign:draft_push": "seats:guest_push",
}


def corporations_with_colours(campaign: Campaign, **filters: Any) -> list[Corporation]:
    """The campaign's corporations with their catalogue colour (`css_colour`), in one query."""
    colour = CorporationColour.objects.filter(key=OuterRef("key")).values("css_colour")[:1]
    return list(campaign.corporations.filter(**filters).annotate(css_colour=Subquery(colour)))


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


class Page:
    """What a campaign page is built from. Everything but the request and the campaign is read
    on first use, so a page pays only for what it shows."""

    def __init__(
        self, request: HttpRequest, campaign: Campaign, template: str, active: str
    ) -> None:
        self.request = request
        self.campaign = campaign
        self.template = template
        self.active = active

    @property
    def state(self) -> CampaignState:
        """The replay's cached summary (`Campaign.state`), its `games` empty."""
        return self.campaign.replayed()

    @cached_property
    def names(self) -> CatalogueNames:
        """The catalogue's names with this campaign's own box applied."""
        return CatalogueNames(self.campaign.box)

    @cached_property
    def corporations(self) -> list[Corporation]:
        return corporations_with_colours(self.campaign)

    @cached_property
    def corps(self) -> dict[str, Corporation]:
        return {corp.key: corp for corp in self.corporations}

    def reverse(self, name: str, *args: Any) -> str:
        """The address `name` (a campaign URL name, its arguments after the slug) as this
        reader reaches it: a member's, or a guest's twin (`GUEST_ADDRESSES`), "" for an
        address a guest has none of (another seat's card, the host's page)."""
        seat = getattr(self.campaign, "guest_seat", None)
        if seat is None:
            return reverse(name, args=[self.campaign.slug, *args])
        twin = GUEST_ADDRESSES.get(name)
        if twin is None or (name == "campaign:draft_seat" and args[:1] != (seat.corporation.key,)):
            return ""
        return reverse(twin, args=[seat.token])

    def frame(self, **extra: Any) -> dict[str, Any]:
        """What the layout around every body needs (no query), and the page's own `extra`.
        On the public page (`campaign.public_token`) the navigation holds only the public
        pages."""
        return {
            "campaign": self.campaign,
            "state": self.state,
            "active": self.active,
            "public": getattr(self.campaign, "public_token", None),
            "guest_seat": getattr(self.campaign, "guest_seat", None),
            **extra,
        }

    def context(self, **extra: Any) -> dict[str, Any]:
        """The frame, the campaign's corporations, and the page's own `extra`."""
        return {
            **self.frame(),
            "corporations": self.corporations,
            "corps": self.corps,
            **extra,
        }

    def render(self, context: dict[str, Any], *, template: str = "", status: int = 200):
        """The page's template (or `template`, e.g. a partial) with `context`."""
        return render(self.request, template or self.template, context, status=status)


Body = Callable[..., "HttpResponse | dict[str, Any]"]


# The frame's helper splits this function and removes the noqa (issue 32).
def campaign_page(  # noqa: C901
    template: str,
    active: str,
    *,
    role: str = READER,
    methods: Sequence[str] = ("GET",),
    cached: bool = False,
    public: bool = False,
    variant: Callable[[HttpRequest], str] | None = None,
    offline: bool = False,
    guest: str | bool = False,
) -> Callable[[Body], Callable[..., HttpResponse]]:
    """Make `body(page, **url_kwargs)` a campaign view (see the module's docstring).

    `cached`: the body's context depends on the campaign alone (never on who reads, beyond
    their role, nor on the request): it is rendered as the template's `body` partial and kept
    until the campaign changes. `variant(request)` names what else it depends on (a page
    number); it must return few distinct values (each is a cache entry).
    `offline`: the page holds nothing locked whoever reads it, so a phone may keep it.
    `guest`: a guest's link opens it too (`view.guest`, by token); a text names the URL
    argument the guest's seat fills in (`guest="key"`: the seat's corporation).
    """
    lookup = LOOKUPS[role]

    def decorate(body: Body) -> Callable[..., HttpResponse]:
        def respond(request: HttpRequest, campaign: Campaign, kwargs: dict) -> HttpResponse:
            with in_zone(campaign.time_zone):
                response = answer(request, campaign, kwargs)
            return keep_offline(request, response, campaign) if offline else response

        def answer(request: HttpRequest, campaign: Campaign, kwargs: dict) -> HttpResponse:
            page = Page(request, campaign, template, active)
            if cached:
                key = variant(request) if variant else ""
                html = page_body(
                    campaign, f"{template}#body", lambda: body(page, **kwargs), variant=key
                )
                return render(request, template, {**page.frame(), "body": html})
            result = body(page, **kwargs)
            if isinstance(result, HttpResponse):
                return result
            return render(request, template, result)

        @login_required
        @require_http_methods(list(methods))
        @wraps(body)
        def view(request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponse:
            return respond(request, lookup(request, slug), kwargs)

        if public:

            @require_http_methods(list(methods))
            @wraps(body)
            def public_view(request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
                # No login: the token is the key (404 when the owner switched the page off).
                return respond(request, campaign_for_public(token), kwargs)

            view.public = public_view  # type: ignore[attr-defined]
        if guest:

            @require_http_methods(list(methods))
            @wraps(body)
            def guest_view(request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
                # No login: the token is the key, for one seat of one game's draft.
                try:
                    campaign = campaign_for_guest(token)
                except GuestLinkClosed as closed:
                    if "application/json" in request.headers.get("Accept", "") or (
                        request.content_type == "application/json"
                    ):
                        # The draft protocol's phone (static/js/draft.js): a poll is told
                        # where to go (the guest's link, which says the game was saved), a
                        # change that came too late is refused and kept on the phone.
                        go = reverse("seats:guest_card", args=[token])
                        status = 410 if request.method == "POST" else 200
                        return JsonResponse({"closed": str(closed), "go": go}, status=status)
                    if getattr(request, "htmx", False) and request.method == "POST":
                        # A write that came too late: the phone keeps the value and says so.
                        return HttpResponse(
                            str(closed), status=410, content_type="text/plain; charset=utf-8"
                        )
                    if getattr(request, "htmx", False):
                        # A phone polling the live panel stops (htmx stops on status 286).
                        return render(
                            request,
                            "campaign/seats/guest_closed.html#live-closed",
                            {"seat": closed.seat},
                            status=286,
                        )
                    return render(
                        request,
                        "campaign/seats/guest_closed.html",
                        {"seat": closed.seat, "result": guest_result(closed.seat)},
                        status=410,
                    )
                if isinstance(guest, str):
                    kwargs[guest] = campaign.guest_seat.corporation.key
                return respond(request, campaign, kwargs)

            view.guest = guest_view  # type: ignore[attr-defined]
        return view

    return decorate
