"""Sign up, a campaign's members and invites, joining by an invite link, the public page's
switch.

Logging in, out and resetting a password are Django's own views (`django.contrib.auth.urls`)
with this project's templates (`templates/registration/`). Every campaign page here is the
owner's (`campaign_for_owner`) except joining, which needs only the link.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render, resolve_url
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from accounts import actions
from accounts.actions import MembershipError
from accounts.forms import InviteForm, PublicSwitchForm, RoleForm, SignUpForm
from accounts.models import Invite, Membership, Role
from campaign.frame import OWNER, Page, campaign_page
from campaign.models import Campaign

# Revoked and expired invites stay listed a while, so the owner sees what became of them.
OLD_INVITES_SHOWN = 5


def _next_url(request: HttpRequest) -> str:
    """Where to go after signing up: the `next` the login page carried, if it is ours."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return resolve_url(settings.LOGIN_REDIRECT_URL)


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    form = SignUpForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}: you are signed in.")
        return redirect(_next_url(request))
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    status = 400 if request.method == "POST" else 200
    return render(
        request, "registration/signup.html", {"form": form, "next": next_url}, status=status
    )


# --- a campaign's members (the owner's page) -------------------------------------------


def invite_url(request: HttpRequest, invite: Invite) -> str:
    return request.build_absolute_uri(reverse("accounts:join", args=[invite.token]))


def _members_context(page: Page, invite_form: InviteForm | None = None) -> dict[str, Any]:
    request, campaign = page.request, page.campaign
    memberships = list(campaign.memberships.select_related("user").order_by("joined_at", "id"))
    owners = sum(1 for m in memberships if m.role == Role.OWNER)
    invites = list(campaign.invites.select_related("created_by"))
    usable = [i for i in invites if i.is_usable]
    old = [i for i in invites if not i.is_usable][:OLD_INVITES_SHOWN]
    link = getattr(campaign, "public_link", None)
    return page.frame(
        members=[
            {
                "membership": m,
                "is_me": m.user_id == request.user.pk,
                # The last owner keeps the campaign: no role change or removal is offered.
                "last_owner": m.role == Role.OWNER and owners < 2,
            }
            for m in memberships
        ],
        roles=Role.choices,
        invites=[{"invite": i, "url": invite_url(request, i)} for i in usable],
        old_invites=old,
        invite_form=invite_form or InviteForm(),
        public_enabled=bool(link and link.enabled),
    )


@campaign_page("accounts/members.html", "members", role=OWNER)
def members(page: Page) -> dict[str, Any]:
    return _members_context(page)


def _membership(campaign: Campaign, pk: int) -> Membership:
    return get_object_or_404(Membership.objects.select_related("user"), campaign=campaign, pk=pk)


@campaign_page("", "members", role=OWNER, methods=("POST",))
def member_role(page: Page, pk: int) -> HttpResponse:
    request, campaign = page.request, page.campaign
    membership = _membership(campaign, pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose owner, player or viewer.")
        return redirect("accounts:members", slug=campaign.slug)
    try:
        membership = actions.change_role(membership, form.cleaned_data["role"])
    except MembershipError as error:
        messages.error(request, str(error))
        return redirect("accounts:members", slug=campaign.slug)
    messages.success(request, f"{membership.user} is now {membership.get_role_display().lower()}.")
    if membership.user_id == request.user.pk and membership.role != Role.OWNER:
        # They gave up owning it: the members page is no longer theirs.
        return redirect("campaign:dashboard", slug=campaign.slug)
    return redirect("accounts:members", slug=campaign.slug)


@campaign_page("", "members", role=OWNER, methods=("POST",))
def member_remove(page: Page, pk: int) -> HttpResponse:
    request, campaign = page.request, page.campaign
    membership = _membership(campaign, pk)
    try:
        withdrawn = actions.remove_member(membership)
    except MembershipError as error:
        messages.error(request, str(error))
        return redirect("accounts:members", slug=campaign.slug)
    if membership.user_id == request.user.pk:
        messages.success(request, f"You left {campaign}.")
        return redirect("campaign:list")
    messages.success(request, _removed_sentence(membership, withdrawn, campaign))
    return redirect("accounts:members", slug=campaign.slug)


def _removed_sentence(membership: Membership, withdrawn: list[Invite], campaign: Campaign) -> str:
    """Who left, the links withdrawn with them, and the links still open."""
    who = membership.user
    parts = [f"{who} is no longer a member of {campaign}."]
    if withdrawn:
        links = " and ".join(_invite_words(invite) for invite in withdrawn)
        parts.append(
            f"The link{'s' if len(withdrawn) > 1 else ''} they joined with ({links}) "
            f"{'are' if len(withdrawn) > 1 else 'is'} withdrawn."
        )
    still_open = list(campaign.invites.usable())
    if still_open:
        links = "; ".join(_invite_words(invite) for invite in still_open)
        parts.append(f"Still open: {links}. Withdraw any that {who} may have, below.")
    else:
        parts.append("No invitation link is open.")
    return " ".join(parts)


def _invite_words(invite: Invite) -> str:
    made = timezone.localtime(invite.created_at)
    return f"as {invite.get_role_display().lower()}, made {made:%-d %b %H:%M}"


@campaign_page("", "members", role=OWNER, methods=("POST",))
def invite_create(page: Page) -> HttpResponse:
    request, campaign = page.request, page.campaign
    form = InviteForm(request.POST)
    if not form.is_valid():
        context = _members_context(page, invite_form=form)
        return render(request, "accounts/members.html", context, status=400)
    invite = actions.create_invite(
        campaign, form.cleaned_data["role"], days=form.cleaned_data["days"], user=request.user
    )
    messages.success(request, "Invitation link made: let the new member scan its QR code.")
    url = reverse("accounts:members", kwargs={"slug": campaign.slug})
    return redirect(f"{url}#invite-{invite.pk}")


@campaign_page("", "members", role=OWNER, methods=("POST",))
def invite_revoke(page: Page, pk: int) -> HttpResponse:
    request, campaign = page.request, page.campaign
    invite = get_object_or_404(Invite, campaign=campaign, pk=pk)
    actions.revoke_invite(invite)
    messages.success(request, "Invitation withdrawn: its link and QR code no longer work.")
    return redirect("accounts:members", slug=campaign.slug)


# --- joining by an invite link ---------------------------------------------------------


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invite link: GET says what it is and asks; POST joins (never a write by GET).

    Logged out, the page offers to log in or sign up and come back here (`next`)."""
    invite = get_object_or_404(Invite.objects.select_related("campaign"), token=token)
    context: dict[str, Any] = {"invite": invite, "campaign": invite.campaign}
    refusal = invite.refusal()
    if refusal:
        return render(request, "accounts/join.html", {**context, "refusal": refusal}, status=410)
    if not request.user.is_authenticated:
        if request.method == "POST":
            return redirect_to_login(request.get_full_path())
        return render(request, "accounts/join.html", {**context, "next": request.path})
    if request.method == "POST":
        try:
            membership, joined = actions.join(invite, request.user)
        except MembershipError as error:
            return render(
                request, "accounts/join.html", {**context, "refusal": str(error)}, status=410
            )
        role = membership.get_role_display().lower()
        if joined:
            messages.success(request, f"You joined {invite.campaign} as a {role}.")
        else:
            messages.info(request, f"You are already a member of {invite.campaign}: {role}.")
        return redirect("campaign:dashboard", slug=invite.campaign.slug)
    membership = Membership.objects.filter(campaign=invite.campaign, user=request.user).first()
    return render(request, "accounts/join.html", {**context, "membership": membership})


# --- the public page's switch (the owner's page) ----------------------------------------


def public_url(request: HttpRequest, token: str) -> str:
    return request.build_absolute_uri(reverse("public:dashboard", args=[token]))


@campaign_page("", "members", role=OWNER)
def public_page(page: Page) -> HttpResponse:
    request, campaign = page.request, page.campaign
    link = actions.public_link(campaign)
    context = page.frame(
        link=link,
        url=public_url(request, link.token) if link.enabled else "",
    )
    return render(request, "accounts/public_page.html", context)


@campaign_page("", "members", role=OWNER, methods=("POST",))
def public_switch(page: Page) -> HttpResponse:
    request, campaign = page.request, page.campaign
    form = PublicSwitchForm(request.POST)
    enabled = form.is_valid() and form.cleaned_data["enabled"]
    actions.switch_public_link(campaign, enabled)
    if enabled:
        messages.success(request, "The public page is on: anyone with its address can read it.")
    else:
        messages.success(request, "The public page is off: its address answers “not found”.")
    return redirect("accounts:public_page", slug=campaign.slug)


@campaign_page("", "members", role=OWNER, methods=("POST",))
def public_regenerate(page: Page) -> HttpResponse:
    request, campaign = page.request, page.campaign
    actions.regenerate_public_link(campaign)
    messages.success(request, "New address made: the old one answers “not found” from now on.")
    return redirect("accounts:public_page", slug=campaign.slug)
