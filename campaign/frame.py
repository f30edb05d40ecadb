"""The page frame every campaign page shares, as a few small decorators that compose.

A campaign view is built from a body: a function of a `Page` (the request, the campaign with
the reader's role, its corporations and the catalogue's names, and the URL's arguments) that
returns the context of its template's body, or a response of its own (a redirect after a POST,
a form shown again with status 400, a file). Decorators stacked on it add the rest, each one
thing, the same way for every app (campaign, unlocks, pictures, accounts, history), in the
manner of `login_required` with a lookup that refuses (`campaign.access`):

- `campaign_access(role, methods=...)`: the view at the campaign's slug. Login first (an
  anonymous person is sent to log in); the allowed methods (405 otherwise: a GET page refuses
  a POST, and so on); the campaign looked up by its slug for `role` (`READER`, `PLAYER`,
  `OWNER`: 404 to a non-member, 403 to a role too low, `campaign.access`); the campaign's
  time zone (`Campaign.time_zone`, docs/time-zones.md) active while the page is built and
  rendered, so its dates are the group's and "played on" defaults to the group's today. A
  view that answers with a response of its own and draws no navigation (a redirect after a
  POST, a file, a picture) needs nothing else.
- `page_frame(template, active, cached=..., variant=..., offline=...)`: the page around the
  body. The navigation context (`Page.context`, `Page.frame`): the campaign, its replayed
  state, the `active` tab; a body's dict rendered with `template`. `cached=True`: the body
  depends only on the campaign, so it is rendered once per change of the campaign and then
  read from the cache (`campaign.page_cache`), and a phone that reloads costs no query but
  the lookup; `variant(request)` names what else it depends on (a page number). A body that
  renders its own template but draws the navigation names its tab only
  (`page_frame(active="sections")`).
- `kept_offline`: the answer marked as one the phone may keep to read without a connection
  (`offline.keep`, docs/offline.md), for a page that holds nothing locked whoever reads it;
  `page_frame(..., offline=True)` is the same for a framed page.
- `public_link`, above `campaign_access`: the view's twin `view.public` at the public
  read-only address, no login, looked up by the public token instead
  (`campaign_for_public`, 404 when the owner switched it off).
- `guest_link(closed, key=...)`, above `campaign_access`: the view's twin `view.guest` at a
  guest's link, no login, looked up by the guest's token instead (`campaign_for_guest`): the
  campaign comes back knowing the guest's seat (`campaign.guest_seat`), with no role, and
  `Page.reverse` gives the guest's own addresses; `key` names the URL argument the seat fills
  in (its corporation). Once the seat's game is closed, `closed(request, token, error)`
  answers: the views that own the guest's link say how (`live.guest_closed`).

The twins run the same body with the same methods, time zone, frame and offline keeping as
the member's view. Usage::

    @public_link
    @campaign_access(READER)
    @page_frame("campaign/dashboard.html", "dashboard", cached=True, offline=True)
    def dashboard(page: Page) -> dict:
        return page.context(standings=...)

    @campaign_access(OWNER, methods=("GET", "POST"))
    @page_frame("campaign/settings.html", "settings")
    def campaign_settings(page: Page) -> HttpResponse | dict: ...

    @campaign_access(PLAYER, methods=("POST",))
    def game_move(page: Page, number: int) -> HttpResponse: ...

URLs route `views.dashboard` (`<slug>`) and `views.dashboard.public` (`<token>`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property, wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
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
from campaign.models import Campaign, Corporation
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


class Page:
    """What a campaign page is built from. Everything but the request and the campaign is read
    on first use, so a page pays only for what it shows. `campaign_access` makes it;
    `page_frame` names its template and active tab."""

    def __init__(
        self, request: HttpRequest, campaign: Campaign, template: str = "", active: str = ""
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


# A body: `body(page, **url_kwargs)` returns its template's context or a response of its own.
Body = Callable[..., "HttpResponse | dict[str, Any]"]
# A page view: `page_view(page, **url_kwargs)` returns the response (a framed body, or a body
# that always answers with a response of its own).
PageView = Callable[..., HttpResponse]
# What a closed guest's link answers instead: `closed(request, token, error)`.
ClosedLink = Callable[[HttpRequest, str, GuestLinkClosed], HttpResponse]


def page_frame(
    template: str = "",
    active: str = "",
    *,
    cached: bool = False,
    variant: Callable[[HttpRequest], str] | None = None,
    offline: bool = False,
) -> Callable[[Body], PageView]:
    """The page around `body` (see the module's docstring): its `template` and `active` tab.

    `cached`: the body's context depends on the campaign alone (never on who reads, beyond
    their role, nor on the request): it is rendered as the template's `body` partial and kept
    until the campaign changes. `variant(request)` names what else it depends on (a page
    number); it must return few distinct values (each is a cache entry).
    `offline`: the page holds nothing locked whoever reads it, so a phone may keep it.
    """

    def decorate(body: Body) -> PageView:
        @wraps(body)
        def framed(page: Page, **kwargs: Any) -> HttpResponse:
            page.template, page.active = template, active
            if cached:
                return _cached_body(page, body, kwargs, variant)
            result = body(page, **kwargs)
            if isinstance(result, HttpResponse):
                return result
            return render(page.request, template, result)

        return kept_offline(framed) if offline else framed

    return decorate


def _cached_body(
    page: Page, body: Body, kwargs: dict, variant: Callable[[HttpRequest], str] | None
) -> HttpResponse:
    """The frame around the body's partial, the partial read from the cache while the
    campaign is unchanged (`campaign.page_cache`)."""
    key = variant(page.request) if variant else ""
    html = page_body(
        page.campaign, f"{page.template}#body", lambda: body(page, **kwargs), variant=key
    )
    return render(page.request, page.template, {**page.frame(), "body": html})


def kept_offline(page_view: PageView) -> PageView:
    """Mark the answer as one the phone may keep (`offline.keep.keep_offline`, which keeps a
    full GET's 200 only), naming the campaign it shows."""

    @wraps(page_view)
    def kept(page: Page, **kwargs: Any) -> HttpResponse:
        return keep_offline(page.request, page_view(page, **kwargs), page.campaign)

    return kept


def _serve(
    page_view: PageView, request: HttpRequest, campaign: Campaign, kwargs: dict
) -> HttpResponse:
    """The page of `campaign`, built and rendered in the campaign's time zone."""
    with in_zone(campaign.time_zone):
        return page_view(Page(request, campaign), **kwargs)


def campaign_access(
    role: str = READER, methods: Sequence[str] = ("GET",)
) -> Callable[[PageView], Callable[..., HttpResponse]]:
    """The view at `<slug>`: login, `methods` only, the campaign for `role` (`LOOKUPS`)."""
    lookup = LOOKUPS[role]

    def decorate(page_view: PageView) -> Callable[..., HttpResponse]:
        @login_required
        @require_http_methods(list(methods))
        @wraps(page_view)
        def view(request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponse:
            return _serve(page_view, request, lookup(request, slug), kwargs)

        # What a twin (`public_link`, `guest_link`) serves again, by token.
        view.page_view = page_view  # type: ignore[attr-defined]
        view.methods = tuple(methods)  # type: ignore[attr-defined]
        return view

    return decorate


def _served_again(view: Callable[..., HttpResponse]) -> tuple[PageView, list[str]]:
    """The page view and methods of a `campaign_access` view, for its twin."""
    try:
        return view.page_view, list(view.methods)  # type: ignore[attr-defined]
    except AttributeError:
        raise TypeError("A link's twin goes above @campaign_access.") from None


def public_link(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """`view.public`, its twin at the public read-only address (`<token>`)."""
    page_view, methods = _served_again(view)

    @require_http_methods(methods)
    @wraps(page_view)
    def public_view(request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
        # No login: the token is the key (404 when the owner switched the page off).
        return _serve(page_view, request, campaign_for_public(token), kwargs)

    view.public = public_view  # type: ignore[attr-defined]
    return view


def guest_link(
    closed: ClosedLink, key: str = ""
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """`view.guest`, its twin at a guest's link (`<token>`), for the guest's one seat; `key`
    names the URL argument the seat's corporation fills in; `closed` answers once the seat's
    game is closed (saved or discarded)."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        page_view, methods = _served_again(view)

        @require_http_methods(methods)
        @wraps(page_view)
        def guest_view(request: HttpRequest, token: str, **kwargs: Any) -> HttpResponse:
            # No login: the token is the key, for one seat of one game's draft.
            try:
                campaign = campaign_for_guest(token)
            except GuestLinkClosed as error:
                return closed(request, token, error)
            if key:
                kwargs[key] = campaign.guest_seat.corporation.key
            return _serve(page_view, request, campaign, kwargs)

        view.guest = guest_view  # type: ignore[attr-defined]
        return view

    return decorate
