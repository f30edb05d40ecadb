"""A campaign's members, its invitation links and its public page's switch: the members pages
of `accounts.views` (its plain functions, which a play log's pages call too), for a campaign.
Only the campaign's owner comes here; the addresses keep their `accounts:` names
(`campaign.member_urls`, mounted with accounts' own in config/urls.py). And where a member who
has just joined by an invite link goes (`join_landing`: a seat)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts import actions
from accounts import views as members
from accounts.forms import InviteForm, PublicSwitchForm
from accounts.models import PLAYING_ROLES, Membership
from campaign.frame import OWNER, Page, campaign_access, page_frame
from live.actions.seats import take_only_free_seat

CAMPAIGN_MEMBERS = members.MemberPages(
    kwarg="slug",
    members="accounts:members",
    member_role="accounts:member_role",
    member_remove="accounts:member_remove",
    invite_create="accounts:invite_create",
    invite_revoke="accounts:invite_revoke",
    home="campaign:dashboard",
    left="campaign:list",
)


def _campaign_members(page: Page, invite_form: InviteForm | None = None) -> dict[str, Any]:
    link = getattr(page.campaign, "public_link", None)
    return page.frame(
        **members.members_context(page.request, page.campaign, CAMPAIGN_MEMBERS, invite_form),
        public_enabled=bool(link and link.enabled),
    )


@campaign_access(OWNER)
@page_frame("accounts/members.html", "members")
def member_list(page: Page) -> dict[str, Any]:
    return _campaign_members(page)


@campaign_access(OWNER, methods=("POST",))
def member_role(page: Page, pk: int) -> HttpResponse:
    return members.change_member_role(page.request, page.campaign, CAMPAIGN_MEMBERS, pk)


@campaign_access(OWNER, methods=("POST",))
def member_remove(page: Page, pk: int) -> HttpResponse:
    return members.remove_member(page.request, page.campaign, CAMPAIGN_MEMBERS, pk)


@campaign_access(OWNER, methods=("POST",))
@page_frame(active="members")
def invite_create(page: Page) -> HttpResponse:
    def invalid(form: InviteForm) -> HttpResponse:
        context = _campaign_members(page, invite_form=form)
        return render(page.request, "accounts/members.html", context, status=400)

    return members.make_invite(page.request, page.campaign, CAMPAIGN_MEMBERS, invalid)


@campaign_access(OWNER, methods=("POST",))
def invite_revoke(page: Page, pk: int) -> HttpResponse:
    return members.withdraw_invite(page.request, page.campaign, CAMPAIGN_MEMBERS, pk)


# --- the public page's switch (the owner's page) ----------------------------------------


def public_url(request: HttpRequest, token: str) -> str:
    return request.build_absolute_uri(reverse("public:dashboard", args=[token]))


@campaign_access(OWNER)
@page_frame(active="members")
def public_page(page: Page) -> HttpResponse:
    request, campaign = page.request, page.campaign
    link = actions.public_link(campaign)
    context = page.frame(
        link=link,
        url=public_url(request, link.token) if link.enabled else "",
    )
    return render(request, "accounts/public_page.html", context)


@campaign_access(OWNER, methods=("POST",))
def public_switch(page: Page) -> HttpResponse:
    request, campaign = page.request, page.campaign
    form = PublicSwitchForm(request.POST)
    enabled = form.is_valid() and form.cleaned_data["enabled"]
    actions.switch_public_link(campaign, enabled)
    if enabled:
        messages.success(request, _("The public page is on: anyone with its address can read it."))
    else:
        messages.success(request, _("The public page is off: its address answers “not found”."))
    return redirect("accounts:public_page", slug=campaign.slug)


@campaign_access(OWNER, methods=("POST",))
def public_regenerate(page: Page) -> HttpResponse:
    request, campaign = page.request, page.campaign
    actions.regenerate_public_link(campaign)
    messages.success(request, _("New address made: the old one answers “not found” from now on."))
    return redirect("accounts:public_page", slug=campaign.slug)


# --- after joining by an invite link (`accounts.views.join`) ------------------------------


def join_landing(
    request: HttpRequest, campaign: models.Model, membership: Membership
) -> HttpResponse | None:
    """Where a member who has just joined the campaign goes (`accounts.views.JOIN_LANDINGS`,
    named in `campaign.apps`): a playing member to a seat; anyone else to the campaign's page
    (None)."""
    if membership.role in PLAYING_ROLES:
        return _to_a_seat(request, campaign)
    return None


def _to_a_seat(request: HttpRequest, campaign) -> HttpResponse:
    """A playing member who has just joined goes to a seat (docs/seats.md): straight to the
    only free one (taken for them, in the History, and theirs to leave), else to the choice."""
    taken = take_only_free_seat(campaign, request.user)
    if taken is not None:
        messages.success(
            request,
            _(
                "You hold %(name)s, the only free seat: its card is yours. Not yours? Leave it "
                "on the Corporations page."
            )
            % {"name": taken.name},
        )
        if campaign.drafts.exists():
            # A game is being entered: on to the seat's card.
            return redirect("campaign:draft_join", slug=campaign.slug)
        return redirect(campaign.get_absolute_url())
    if campaign.corporations.filter(holder=request.user).exists():
        return redirect(campaign.get_absolute_url())
    return redirect("campaign:seat_choice", slug=campaign.slug)
