"""The corporations page: who plays which corporation, and whose phone fills in its card.

Everyone in the campaign sees it; a player takes a free seat for themselves (or leaves their
own); the owner renames corporations and players, hands a seat to another member, and adds a
corporation between games for a new player (docs/seats.md).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.models import PLAYING_ROLES, GuestSeat, Membership
from campaign import actions
from campaign.corporation_forms import (
    CorporationAddForm,
    CorporationEditForm,
    drawn_from_field,
)
from campaign.frame import OWNER, PLAYER, READER, Page, campaign_access, page_frame
from campaign.models import Corporation
from campaign.views.campaigns import error_sentence
from gamefile.words import Sentence
from hosting.words import translated
from solar175.campaign_file import MAX_CORPORATIONS, CampaignError


def _members(page: Page) -> list[tuple[int, str]]:
    """The members who can hold a seat (players and the owner), by name."""
    return [
        (m.user_id, m.user.get_username())
        for m in Membership.objects.filter(campaign=page.campaign, role__in=PLAYING_ROLES)
        .select_related("user")
        .order_by("user__username")
    ]


def _corporations(page: Page) -> list[Corporation]:
    return list(page.campaign.corporations.select_related("holder").order_by("order", "id"))


def _free_colours(page: Page, corporations: list[Corporation]) -> list[tuple[str, str]]:
    taken = {c.key for c in corporations}
    return [(key, option.name) for key, option in page.names.colours.items() if key not in taken]


def _page_context(
    page: Page, *, edit_forms: dict | None = None, add_form=None, open_form: str = ""
) -> dict[str, Any]:
    """The page: a row per corporation (its colour, its seat, the owner's form), the add form."""
    corporations = _corporations(page)
    user = page.request.user
    owner = page.campaign.is_owner
    members = _members(page) if owner else []
    if owner and edit_forms is None:
        edit_forms = {
            c.key: CorporationEditForm.for_corporation(c, members=members) for c in corporations
        }
    rows = [
        {
            "corp": c,
            "colour": page.names.corporation(c.key).css_colour,
            "mine": c.holder_id == user.pk,
            "form": (edit_forms or {}).get(c.key),
        }
        for c in corporations
    ]
    colours = _free_colours(page, corporations)
    can_add = owner and len(corporations) < MAX_CORPORATIONS and bool(colours)
    if can_add and add_form is None:
        add_form = CorporationAddForm(colours=colours, members=members)
    return page.context(
        rows=rows,
        my_seat=next((c for c in corporations if c.holder_id == user.pk), None),
        can_add=can_add,
        add_form=add_form,
        open_form=open_form,
        max_corporations=MAX_CORPORATIONS,
        # The seats guests held, for the owner to hand to the guests' accounts (docs/seats.md).
        guest_rows=guest_rows(page) if owner else [],
        guest_members=members,
    )


def guest_rows(page: Page) -> list[dict[str, Any]]:
    """The seats guests held that no member has been handed yet (one query), for the owner;
    each handed over by the live table's `campaign:guest_tie` (live.views.seats)."""
    guests = GuestSeat.objects.filter(campaign=page.campaign, tied_to__isnull=True).select_related(
        "corporation"
    )
    return [
        {"guest": g, "url": reverse("campaign:guest_tie", args=[page.campaign.slug, g.pk])}
        for g in guests
    ]


@campaign_access(READER)
@page_frame("campaign/corporations.html", "corporations")
def corporation_list(page: Page) -> dict[str, Any]:
    return _page_context(page)


def _corporation(page: Page, key: str) -> Corporation:
    corporation = page.campaign.corporations.select_related("holder").filter(key=key).first()
    if corporation is None:
        raise Http404("No such corporation in this campaign.")
    corporation.campaign = page.campaign
    return corporation


@campaign_access(PLAYER, methods=("POST",))
@page_frame("campaign/corporations.html", "corporations")
def seat_claim(page: Page, key: str) -> HttpResponse:
    """A player takes a free seat for themselves, or (`leave`) frees their own."""
    request, campaign = page.request, page.campaign
    corporation = _corporation(page, key)
    try:
        if "leave" in request.POST:
            if corporation.holder_id != request.user.pk:
                raise actions.SeatRefused(
                    "holder",
                    Sentence(gettext_noop("you do not hold %(name)s"), {"name": corporation.name}),
                )
            actions.assign_seat(corporation, None, user=request.user)
            messages.success(request, _("You left %(name)s's seat.") % {"name": corporation.name})
        else:
            actions.claim_seat(corporation, request.user)
            messages.success(
                request,
                _("You hold %(name)s: its card is yours to fill in.") % {"name": corporation.name},
            )
    except CampaignError as error:
        said = str(translated(error.message))
        messages.error(request, said[:1].upper() + said[1:] + ".")
    return redirect("campaign:corporations", slug=campaign.slug)


def _holder(page: Page, user_id: int | None):
    """The member a form chose for a seat (its choices are the playing members), or None."""
    if user_id is None:
        return None
    return get_user_model().objects.filter(pk=user_id, memberships__campaign=page.campaign).first()


@campaign_access(OWNER, methods=("POST",))
@page_frame("campaign/corporations.html", "corporations")
def corporation_edit(page: Page, key: str) -> HttpResponse:
    """The owner renames a corporation or its player, or hands its seat over."""
    request, campaign = page.request, page.campaign
    corporation = _corporation(page, key)
    members = _members(page)
    form = CorporationEditForm.for_corporation(corporation, request.POST, members=members)
    if form.is_valid():
        try:
            actions.update_corporation(
                corporation,
                name=form.cleaned_data["name"],
                player=form.cleaned_data["player"],
                ai=form.cleaned_data["ai"],
                holder=_holder(page, form.holder_id()),
                expected=form.expected(),
                user=request.user,
            )
        except actions.StaleCorporation as stale:
            now = stale.current
            form.add_error(
                None,
                # Translators: %(player)s may be "none", %(holder)s "nobody".
                _(
                    "%(name)s was changed by someone else while you were editing it (now: "
                    "player %(player)s, seat held by %(holder)s). Nothing of yours was saved; "
                    "your entries are kept below. Save again to replace their change."
                )
                % {
                    "name": now.name,
                    "player": now.player or _("none"),
                    "holder": now.holder.get_username() if now.holder else _("nobody"),
                },
            )
            form.data = form.data.copy()
            form.data[f"{key}-drawn_from"] = drawn_from_field(now)
        except CampaignError as error:
            form.add_error(None, error_sentence(error, page.campaign))
        else:
            messages.success(request, _("%(name)s saved.") % {"name": form.cleaned_data["name"]})
            return redirect("campaign:corporations", slug=campaign.slug)
    forms = {
        c.key: (form if c.key == key else CorporationEditForm.for_corporation(c, members=members))
        for c in _corporations(page)
    }
    return page.render(_page_context(page, edit_forms=forms, open_form=key), status=400)


@campaign_access(OWNER, methods=("POST",))
@page_frame("campaign/corporations.html", "corporations")
def corporation_add(page: Page) -> HttpResponse:
    """The owner adds a corporation between games for a player who joins the campaign."""
    request, campaign = page.request, page.campaign
    corporations = _corporations(page)
    members = _members(page)
    form = CorporationAddForm(
        request.POST, colours=_free_colours(page, corporations), members=members
    )
    if form.is_valid():
        holder = _holder(page, form.holder_id())
        try:
            corporation = actions.add_corporation(
                campaign,
                key=form.cleaned_data["colour"],
                name=form.cleaned_data["name"],
                player=form.cleaned_data["player"],
                ai=form.cleaned_data["ai"],
                holder=holder,
                user=request.user,
            )
        except CampaignError as error:
            form.add_error(None, error_sentence(error, page.campaign))
        else:
            messages.success(
                request,
                _("%(name)s joins the campaign with a blank tracker card from the next game.")
                % {"name": corporation.name},
            )
            return redirect("campaign:corporations", slug=campaign.slug)
    return page.render(_page_context(page, add_form=form, open_form="add"), status=400)
