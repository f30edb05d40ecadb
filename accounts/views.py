"""Sign up, joining by an invite link, and the members and invites of a space (a campaign or a
play log).

Logging in, out and resetting a password are Django's own views (`django.contrib.auth.urls`)
with this project's templates (`templates/registration/`). The members pages' work is in plain
functions (`members_context`, `change_member_role`, …) that each space's own pages call
through its own frame: a campaign's (`campaign.views.members`, with its public page's switch)
and a play log's (`playlog.views.members`). Accounts import no campaign (a contract): a
campaign's own landing after `join` (a seat) is the campaign's (`JOIN_LANDINGS`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render, resolve_url
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from accounts import actions
from accounts import language as languages
from accounts.actions import MembershipError
from accounts.forms import InviteForm, LanguageForm, RoleForm, SignUpForm, next_address
from accounts.models import Invite, Membership, Role, space_kwargs
from hosting.auth import client_address

# Revoked and expired invites stay listed a while, so the owner sees what became of them.
OLD_INVITES_SHOWN = 5


def _next_url(request: HttpRequest) -> str:
    """Where to go after signing up: the `next` the login page carried, if it is ours."""
    wanted = next_address(request)
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return resolve_url(settings.LOGIN_REDIRECT_URL)


def invitation_in(next_url: str) -> Invite | None:
    """The invitation whose join link `next_url` is (the sign-up page's `next`), or None."""
    try:
        match = resolve(urlsplit(next_url).path)
    except Resolver404:
        return None
    if match.view_name != "accounts:join":
        return None
    invites = Invite.objects.select_related("campaign", "play_log")
    return invites.filter(token=match.kwargs["token"]).first()


def signup_refusal(next_url: str) -> str | None:
    """Why the site's `SIGNUP` policy lets no one sign up here (a sentence), or None: `open`
    lets anyone, `invite` only someone sent on by an invitation link still open, `closed` no
    one."""
    if settings.SIGNUP == "open":
        return None
    if settings.SIGNUP == "closed":
        return _(
            "Signing up is closed on this site: its host makes the accounts. Ask whoever hosts "
            "it for one, or log in if you have one."
        )
    if not next_url:
        return _(
            "Signing up on this site is by invitation only: open the invitation link a member "
            "of your group gave you (an address with /join/ in it), and sign up from there."
        )
    invite = invitation_in(next_url)
    if invite is None:
        return _(
            "This is not an invitation link of this site. Signing up on this site is by "
            "invitation only: open the invitation link a member of your group gave you (an "
            "address with /join/ in it), and sign up from there."
        )
    return invite.refusal()


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next_url(request))
    next_url = next_address(request)
    refusal = signup_refusal(next_url)
    if refusal:
        context = {"refusal": refusal, "next": next_url}
        return render(request, "registration/signup.html", context, status=403)
    form = SignUpForm(request.POST if request.method == "POST" else None)
    status = 400 if request.method == "POST" else 200
    if request.method == "POST" and form.is_valid():
        try:
            user = actions.sign_up(form, client_address(request) or "unknown")
        except actions.SignUpRefused as error:
            form.add_error(None, str(error))
            status = 429
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request, _("Welcome, %(name)s: you are signed in.") % {"name": user.username}
            )
            return redirect(_next_url(request))
    return render(
        request, "registration/signup.html", {"form": form, "next": next_url}, status=status
    )


@login_required
@require_http_methods(["GET", "POST"])
def language(request: HttpRequest) -> HttpResponse:
    """The language the pages speak to the signed-in person: their phone's, or one they choose,
    kept with their account (accounts.language)."""
    kept = languages.kept_choice(request.user)
    form = LanguageForm(
        request.POST if request.method == "POST" else None,
        initial={"language": kept if languages.offered(kept) else ""},
    )
    if request.method == "POST":
        if form.is_valid():
            languages.choose(request, form.cleaned_data["language"])
            messages.success(request, _("Language saved."))
            return redirect("accounts:language")
        return render(request, "accounts/language.html", {"form": form}, status=400)
    return render(request, "accounts/language.html", {"form": form})


# --- a space's members (the owner's page) -----------------------------------------------
#
# The same pages serve a campaign (`campaign.views.members`, under `campaign.frame`'s
# decorators) and a play log (`playlog.views.members`, through its own frame): `MemberPages`
# names the addresses of each.


@dataclass(frozen=True)
class MemberPages:
    """The URL names of one kind of space's members pages, and the kwarg naming the space."""

    kwarg: str
    members: str
    member_role: str
    member_remove: str
    invite_create: str
    invite_revoke: str
    # Where an owner who gave up owning goes, and where one who left goes.
    home: str
    left: str

    def redirect(self, name: str, space, fragment: str = "") -> HttpResponse:
        """To the page `name` (a field of this) of `space`, with an optional `#fragment`."""
        return redirect(reverse(getattr(self, name), kwargs={self.kwarg: space.slug}) + fragment)


def invite_url(request: HttpRequest, invite: Invite) -> str:
    return request.build_absolute_uri(reverse("accounts:join", args=[invite.token]))


def members_context(
    request: HttpRequest, space, pages: MemberPages, invite_form: InviteForm | None = None
) -> dict[str, Any]:
    """What the members page shows of `space` (its frame is the caller's)."""
    memberships = list(space.memberships.select_related("user").order_by("joined_at", "id"))
    owners = sum(1 for m in memberships if m.role == Role.OWNER)
    invites = list(space.invites.select_related("created_by"))
    usable = [i for i in invites if i.is_usable]
    old = [i for i in invites if not i.is_usable][:OLD_INVITES_SHOWN]
    return {
        "space": space,
        "member_pages": pages,
        "members": [
            {
                "membership": m,
                "is_me": m.user_id == request.user.pk,
                # The last owner keeps the space: no role change or removal is offered.
                "last_owner": m.role == Role.OWNER and owners < 2,
                "role_url": reverse(pages.member_role, args=[space.slug, m.pk]),
                "remove_url": reverse(pages.member_remove, args=[space.slug, m.pk]),
            }
            for m in memberships
        ],
        "roles": Role.choices,
        "invites": [
            {
                "invite": i,
                "url": invite_url(request, i),
                "revoke_url": reverse(pages.invite_revoke, args=[space.slug, i.pk]),
            }
            for i in usable
        ],
        "invite_create_url": reverse(pages.invite_create, args=[space.slug]),
        "old_invites": old,
        "invite_form": invite_form or InviteForm(),
    }


def _membership(space, pk: int) -> Membership:
    return get_object_or_404(
        Membership.objects.select_related("user"), **space_kwargs(space), pk=pk
    )


def change_member_role(request: HttpRequest, space, pages: MemberPages, pk: int) -> HttpResponse:
    membership = _membership(space, pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose owner, player or viewer."))
        return pages.redirect("members", space)
    try:
        membership = actions.change_role(membership, form.cleaned_data["role"])
    except MembershipError as error:
        messages.error(request, str(error))
        return pages.redirect("members", space)
    messages.success(
        request,
        _("%(name)s is now %(role)s.") % {"name": membership.user, "role": membership.role_word},
    )
    if membership.user_id == request.user.pk and membership.role != Role.OWNER:
        # They gave up owning it: the members page is no longer theirs.
        return pages.redirect("home", space)
    return pages.redirect("members", space)


def remove_member(request: HttpRequest, space, pages: MemberPages, pk: int) -> HttpResponse:
    membership = _membership(space, pk)
    try:
        withdrawn = actions.remove_member(membership)
    except MembershipError as error:
        messages.error(request, str(error))
        return pages.redirect("members", space)
    if membership.user_id == request.user.pk:
        messages.success(request, _("You left %(space)s.") % {"space": space})
        return redirect(pages.left)
    messages.success(request, _removed_sentence(membership, withdrawn, space))
    return pages.redirect("members", space)


def make_invite(
    request: HttpRequest, space, pages: MemberPages, invalid: Callable[[InviteForm], HttpResponse]
) -> HttpResponse:
    """Make an invitation link; `invalid(form)` renders the members page with the form's errors."""
    form = InviteForm(request.POST)
    if not form.is_valid():
        return invalid(form)
    invite = actions.create_invite(
        space, form.cleaned_data["role"], days=form.cleaned_data["days"], user=request.user
    )
    messages.success(request, _("Invitation link made: let the new member scan its QR code."))
    return pages.redirect("members", space, f"#invite-{invite.pk}")


def withdraw_invite(request: HttpRequest, space, pages: MemberPages, pk: int) -> HttpResponse:
    invite = get_object_or_404(Invite, **space_kwargs(space), pk=pk)
    actions.revoke_invite(invite)
    messages.success(request, _("Invitation withdrawn: its link and QR code no longer work."))
    return pages.redirect("members", space)


def _removed_sentence(membership: Membership, withdrawn: list[Invite], space) -> str:
    """Who left, the links withdrawn with them, and the links still open."""
    who = membership.user
    parts = [_("%(name)s is no longer a member of %(space)s.") % {"name": who, "space": space}]
    if withdrawn:
        # Translators: joins two or more links described in a list ("A and B").
        links = _(" and ").join(_invite_words(invite) for invite in withdrawn)
        parts.append(
            ngettext(
                "The link they joined with (%(links)s) is withdrawn.",
                "The links they joined with (%(links)s) are withdrawn.",
                len(withdrawn),
            )
            % {"links": links}
        )
    still_open = list(space.invites.usable())
    if still_open:
        links = "; ".join(_invite_words(invite) for invite in still_open)
        parts.append(
            _("Still open: %(links)s. Withdraw any that %(name)s may have, below.")
            % {"links": links, "name": who}
        )
    else:
        parts.append(_("No invitation link is open."))
    return " ".join(parts)


def _invite_words(invite: Invite) -> str:
    made = timezone.localtime(invite.created_at)
    # In the space's zone (its page frame activates it), named.
    # Translators: an invitation link in a list: "as player, made 14 Dec 13:47 CET".
    return _("as %(role)s, made %(date)s %(time)s %(zone)s") % {
        "role": invite.role_word,
        # Translators: a Django date format (the date filter's letters: j the day, M the
        # month's short name): "14 Dec".
        "date": date_format(made, _("j M")),
        "time": time_format(made, "H:i"),
        "zone": made.tzname(),
    }


# --- joining by an invite link ---------------------------------------------------------

# Where a member who has just joined goes, by the kind of space (`Model._meta.label_lower`),
# when the space's own page will not do (None: its page). Each kind's app names its own in its
# `AppConfig.ready` (a campaign's: a seat, `campaign.views.members.join_landing`), so accounts
# import no space's app.
JOIN_LANDINGS: dict[
    str, Callable[[HttpRequest, models.Model, Membership], HttpResponse | None]
] = {}


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, token: str) -> HttpResponse:
    """An invite link, to a campaign or a play log: GET says what it is and asks; POST joins
    (never a write by GET).

    Logged out, the page offers to log in or sign up and come back here (`next`)."""
    invite = get_object_or_404(Invite.objects.select_related("campaign", "play_log"), token=token)
    space = invite.space
    kind = space._meta.verbose_name
    context: dict[str, Any] = {"invite": invite, "space": space, "kind": kind}
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
        role = membership.role_word
        if joined:
            messages.success(
                request, _("You joined %(space)s as a %(role)s.") % {"space": space, "role": role}
            )
        else:
            messages.info(
                request,
                _("You are already a member of %(space)s: %(role)s.")
                % {"space": space, "role": role},
            )
        landing = JOIN_LANDINGS.get(space._meta.label_lower)
        response = landing(request, space, membership) if landing else None
        return response if response is not None else redirect(space.get_absolute_url())
    membership = Membership.objects.filter(**invite.in_same_space(), user=request.user).first()
    return render(request, "accounts/join.html", {**context, "membership": membership})
