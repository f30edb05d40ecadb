"""Seats at the table (docs/seats.md): who takes which corporation, and guests.

- `seat_choice`: "Which corporation is yours?", where joining lands a member who holds none,
  and where the table's QR code sends a member;
- `table`: the table's QR code for one game's draft (`live.table_links`): a member goes to
  their card or the seat choice; anyone else, without an account, takes a free seat for this
  game as a guest and lands on its card (the guest's own link, `seats:guest_card`);
- `draft_discard`: the owner closes a draft unsaved, told who typed what first;
- `guest_tie`: the owner hands a seat a guest held to a member's account;

The guest's card and live panel are the draft's own views, looked up by the guest's token
(`campaign_page(guest=...)`, `campaign.access.campaign_for_guest`).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.models import GUEST_NAME_LENGTH, PLAYING_ROLES, GuestSeat, Membership
from campaign.actions.corporations import claim_seat
from campaign.frame import OWNER, READER, Page, campaign_access, page_frame
from campaign.models import Campaign, Corporation
from campaign.views.campaigns import error_sentence
from live.actions.discards import confirm_token, discard_draft, draft_words
from live.actions.drafts import next_number
from live.actions.seats import take_guest_seat, tie_guest_seat
from live.forms import DiscardConfirm, GuestSeatTake, GuestTie, NextPage, SeatChoice
from live.models import GameDraft
from live.table_links import draft_of
from live.views.drafts import table_order
from scoring.models import CorporationColour
from solar175.campaign_file import CampaignError


class _Refused(Exception):
    """A guest's seat refused by its form (`GuestSeatTake.refusal`, a sentence)."""


CHOICE = "live/seats/choice.html"
TABLE = "live/seats/table.html"
# The session remembers the guest seats taken on this phone, by draft, to go back to them.
SESSION_KEY = "guest_seats"


def _open_draft(campaign: Campaign) -> GameDraft | None:
    return GameDraft.objects.filter(campaign=campaign, number=next_number(campaign)).first()


def _seats(campaign: Campaign, draft: GameDraft | None) -> list[Corporation]:
    """The campaign's corporations with their holder, colour and (in a draft) the guest
    holding each, in one query."""
    colour = CorporationColour.objects.filter(key=OuterRef("key")).values("css_colour")[:1]
    rows = campaign.corporations.select_related("holder").annotate(css_colour=Subquery(colour))
    if draft is not None:
        guest = GuestSeat.objects.filter(draft=draft, corporation=OuterRef("pk"))
        rows = rows.annotate(guest_name=Subquery(guest.values("name")[:1]))
    return list(rows.order_by("order", "id"))


def _card_url(campaign: Campaign, draft: GameDraft | None, corporation: Corporation) -> str:
    """Where a member who holds `corporation` goes: its card when a draft is open and it is at
    the table, else the campaign."""
    if draft is not None and corporation.key in table_order(draft):
        return reverse("campaign:draft_seat", args=[campaign.slug, corporation.key])
    return campaign.get_absolute_url()


def _next(request: HttpRequest) -> str:
    """Where to go on after choosing a seat: `next` posted, else in the address (`NextPage`)."""
    for data in (request.POST, request.GET):
        wanted = NextPage(data, host=request.get_host(), secure=request.is_secure())
        if wanted.is_valid() and wanted.cleaned_data["next"]:
            return wanted.cleaned_data["next"]
    return ""


@campaign_access(READER, methods=("GET", "POST"))
@page_frame(CHOICE, "corporations")
def seat_choice(page: Page) -> HttpResponse | dict[str, Any]:
    """Which corporation is yours: a playing member takes a free seat (for this campaign, in
    the History), and goes on to its card when a game is being entered."""
    request, campaign = page.request, page.campaign
    draft = _open_draft(campaign)
    if request.method == "POST":
        if not campaign.can_play:
            raise PermissionDenied(_("A viewer holds no seat: ask the owner to make you a player."))
        chosen = SeatChoice(request.POST, keys=campaign.corporations.values_list("key", flat=True))
        if not chosen.is_valid():
            messages.error(request, chosen.refusal())
            return redirect("campaign:seat_choice", slug=campaign.slug)
        corporation = campaign.corporations.get(key=chosen.cleaned_data["key"])
        corporation.campaign = campaign
        guest = draft and GuestSeat.objects.filter(draft=draft, corporation=corporation).first()
        try:
            if guest:
                raise CampaignError(
                    "seat",
                    _("%(name)s (a guest) holds %(corporation)s in this game")
                    % {"name": guest.name, "corporation": corporation.name},
                )
            claim_seat(corporation, request.user)
        except CampaignError as error:
            messages.error(request, error_sentence(error, campaign))
            return redirect("campaign:seat_choice", slug=campaign.slug)
        messages.success(
            request,
            _("You hold %(corporation)s: its card is yours to fill in.")
            % {"corporation": corporation.name},
        )
        return redirect(_next(request) or _card_url(campaign, draft, corporation))
    corporations = _seats(campaign, draft)
    mine = next((c for c in corporations if c.holder_id == request.user.pk), None)
    at_table = set(table_order(draft)) if draft is not None else None
    free = [
        c
        for c in corporations
        if c.holder_id is None
        and not c.ai
        and not getattr(c, "guest_name", None)
        and (at_table is None or c.key in at_table)
    ]
    username = request.user.get_username().casefold()
    return page.frame(
        corporations=corporations,
        mine=mine,
        mine_url=_card_url(campaign, draft, mine) if mine else "",
        free=free,
        # A corporation whose player the owner named as this person: offered first.
        likely={c.key for c in free if c.player and c.player.casefold() == username},
        draft=draft,
        next=_next(request),
    )


# --- the table's QR code ------------------------------------------------------------------


def _remembered(request: HttpRequest, draft: GameDraft) -> GuestSeat | None:
    """The guest seat this phone took in `draft`, if it is still theirs."""
    token = (request.session.get(SESSION_KEY) or {}).get(str(draft.pk))
    if not token:
        return None
    return GuestSeat.objects.filter(token=token, draft=draft).first()


def _seated_before(request: HttpRequest, draft: GameDraft) -> GuestSeat | None:
    """The seat this phone last held as a guest in an earlier game of the draft's campaign
    (the session's tokens): the next game's picker offers it again in one tap, the same name,
    so a guest stays seated for the evening."""
    tokens = list((request.session.get(SESSION_KEY) or {}).values())
    if not tokens:
        return None
    return (
        GuestSeat.objects.filter(token__in=tokens, campaign=draft.campaign)
        .exclude(draft=draft)
        .select_related("corporation")
        .order_by("-number", "-taken_at", "-id")
        .first()
    )


def _closed_table(request: HttpRequest) -> HttpResponse:
    return render(request, TABLE, {"closed": True}, status=404)


@require_http_methods(["GET", "POST"])
def table(request: HttpRequest, token: str) -> HttpResponse:
    """The table's QR code: a member goes to their card or chooses a seat; anyone else takes a
    free seat for this game as a guest, without an account, and lands on its card."""
    draft = draft_of(token)
    if draft is None or draft.number != next_number(draft.campaign):
        return _closed_table(request)
    campaign = draft.campaign
    user = request.user
    if user.is_authenticated:
        role = (
            Membership.objects.filter(campaign=campaign, user=user)
            .values_list("role", flat=True)
            .first()
        )
        if role in PLAYING_ROLES:
            held = campaign.corporations.filter(holder=user).first()
            if held is not None and held.key in table_order(draft):
                return redirect("campaign:draft_seat", slug=campaign.slug, key=held.key)
            return redirect("campaign:seat_choice", slug=campaign.slug)
        if role is not None:
            # A viewer follows the table on the host's page; a viewer takes no seat.
            return redirect("campaign:draft", slug=campaign.slug)
    remembered = _remembered(request, draft)
    if remembered is not None:
        return redirect("seats:guest_card", token=remembered.token)
    at_table = table_order(draft)
    corporations = [c for c in _seats(campaign, draft) if c.key in at_table]
    free = [c for c in corporations if c.holder_id is None and not c.ai and not c.guest_name]
    error = ""
    before = _seated_before(request, draft)
    again = before if before is not None and before.corporation_id in {c.pk for c in free} else None
    name = before.name if before is not None else ""
    status = 200
    if request.method == "POST":
        posted = GuestSeatTake(request.POST, free=[c.key for c in free])
        valid = posted.is_valid()
        name = posted.cleaned_data.get("name") or ""
        try:
            if not valid:
                raise _Refused(posted.refusal())
            chosen = next(c for c in free if c.key == posted.cleaned_data["key"])
            seat = take_guest_seat(draft, chosen, name)
        except _Refused as refused:
            error, status = str(refused), 400
        except CampaignError as refused:
            error = refused.message[:1].upper() + refused.message[1:] + "."
            status = 400
        else:
            remembered = dict(request.session.get(SESSION_KEY) or {})
            remembered[str(draft.pk)] = seat.token
            request.session[SESSION_KEY] = remembered
            return redirect("seats:guest_card", token=seat.token)
    context = {
        "campaign": campaign,
        "draft": draft,
        "corporations": corporations,
        "free": free,
        # The seat this phone held in the game before, still free: "Take Purple again".
        "again": next(
            (c for c in free if again is not None and c.pk == again.corporation_id), None
        ),
        "again_name": again.name if again is not None else "",
        "error": error,
        "name": name,
        "name_length": GUEST_NAME_LENGTH,
        "login_url": f"{reverse('login')}?next={request.path}",
    }
    return render(request, TABLE, context, status=status)


# --- the owner's: discard a draft, hand a guest's seat to a member ----------------------------


@campaign_access(OWNER, methods=("GET", "POST"))
@page_frame("live/seats/discard.html", "games")
def draft_discard(page: Page) -> HttpResponse | dict[str, Any]:
    """Close the open draft unsaved, after saying who typed what; its undo is in the History."""
    request, campaign = page.request, page.campaign
    draft = _open_draft(campaign)
    if draft is None:
        messages.info(
            request, _("No game is being entered together: there is no draft to discard.")
        )
        return redirect("campaign:games", slug=campaign.slug)
    if request.method == "POST":
        try:
            posted = DiscardConfirm(request.POST)
            posted.is_valid()
            change = discard_draft(draft, user=request.user, confirm=posted.cleaned_data["confirm"])
        except CampaignError as error:
            messages.error(request, error_sentence(error, campaign))
            return redirect("campaign:draft_discard", slug=campaign.slug)
        messages.success(
            request,
            _(
                "The draft of game %(number)s is discarded. The History keeps what it held: its "
                "Undo brings the draft back."
            )
            % {"number": draft.number},
        )
        return redirect(f"{reverse('history:list', args=[campaign.slug])}#change-{change.pk}")
    sentence, holds_values = draft_words(draft)
    return page.frame(
        draft=draft, sentence=sentence, holds_values=holds_values, confirm=confirm_token(draft)
    )


@campaign_access(OWNER, methods=("POST",))
def guest_tie(page: Page, pk: int) -> HttpResponse:
    """Hand the seat a guest held to a member (the guest's account, once they have one)."""
    request, campaign = page.request, page.campaign
    guest = get_object_or_404(
        GuestSeat.objects.select_related("corporation", "campaign"), campaign=campaign, pk=pk
    )
    posted = GuestTie(
        request.POST, members=get_user_model().objects.filter(memberships__campaign=campaign)
    )
    if not posted.is_valid():
        messages.error(request, posted.refusal())
        return redirect(f"{reverse('campaign:corporations', args=[campaign.slug])}#guests")
    member = posted.cleaned_data["member"]
    try:
        tie_guest_seat(guest, member, user=request.user)
    except CampaignError as error:
        messages.error(request, error_sentence(error, campaign))
    else:
        messages.success(
            request,
            _(
                "%(member)s holds %(corporation)s, the seat %(name)s held as a guest in game "
                "%(number)s."
            )
            % {
                "member": member.get_username(),
                "corporation": guest.corporation.name,
                "name": guest.name,
                "number": guest.number,
            },
        )
    return redirect(f"{reverse('campaign:corporations', args=[campaign.slug])}#guests")
