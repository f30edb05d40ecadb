"""Every write to who belongs to a campaign or a play log (a *space*): one function each, each
in one transaction.

Views check who may ask (`accounts.access`); these functions keep the rules that hold
whoever asks: a space always keeps an owner, an invite never makes an owner nor lowers a
member's role, and a person is a member of a space once.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import (
    PLAYING_ROLES,
    ROLE_RANK,
    Invite,
    Membership,
    PublicLink,
    Role,
    new_token,
    space_kwargs,
)
from hosting.busy import writes
from hosting.throttle import record_signup, signup_refusal


class MembershipError(Exception):
    """A change that would break a rule of membership; its message is the page's sentence."""


class SignUpRefused(Exception):
    """Too many accounts made from one address this hour; its message is the page's sentence."""


@writes
def sign_up(form, address: str):
    """The account a valid sign-up form describes, counted against its address's hour
    (hosting.throttle) in the same transaction. Preconditions: `form.is_valid()`, and the
    site's `SIGNUP` policy lets this person sign up (the view checks it)."""
    refusal = signup_refusal(address)
    if refusal:
        raise SignUpRefused(refusal)
    user = form.save()
    record_signup(address)
    return user


def add_owner(space, user) -> Membership:
    """Make the person who created or imported a campaign or a play log its owner
    (idempotent)."""
    membership, created = Membership.objects.get_or_create(
        **space_kwargs(space), user=user, defaults={"role": Role.OWNER}
    )
    if not created and membership.role != Role.OWNER:
        membership.role = Role.OWNER
        membership.save(update_fields=["role"])
    return membership


def _owners(membership: Membership) -> int:
    """The owners of the membership's space."""
    return Membership.objects.filter(**membership.in_same_space(), role=Role.OWNER).count()


@transaction.atomic
def change_role(membership: Membership, role: str) -> Membership:
    """Give a member another role; the campaign's last owner stays its owner."""
    if role not in Role.values:
        raise MembershipError(_("“%(role)s” is not a role.") % {"role": role})
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.role == Role.OWNER and role != Role.OWNER and _owners(membership) < 2:
        raise MembershipError(
            _("%(name)s is the only owner: make someone else an owner first.")
            % {"name": membership.user}
        )
    membership.role = role
    membership.save(update_fields=["role"])
    if role not in PLAYING_ROLES:
        _free_seats(membership)
    return membership


def _free_seats(membership: Membership) -> None:
    """A viewer or a former member holds no seat: whoever hosts fills the card in."""
    if not membership.campaign_id:
        return  # a play log's member: play logs have no seats
    # The seats a person holds (the campaign's `Corporation.holder`, related name `seats`).
    membership.user.seats.filter(campaign_id=membership.campaign_id).update(holder=None)


@writes
def remove_member(membership: Membership) -> list[Invite]:
    """Take someone out of a space (a campaign or a play log); its last owner cannot be removed.

    The invite links they joined through are withdrawn with them, so the same link cannot
    bring them back; returns those links. (Other open links they may have seen stay open:
    the members page lists them, for the owner to withdraw too.)
    """
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.role == Role.OWNER and _owners(membership) < 2:
        raise MembershipError(
            _("%(name)s is the only owner: make someone else an owner first.")
            % {"name": membership.user}
        )
    _free_seats(membership)
    theirs = list(
        Invite.objects.usable().filter(**membership.in_same_space(), used_by=membership.user)
    )
    Invite.objects.filter(pk__in=[invite.pk for invite in theirs]).update(revoked_at=timezone.now())
    membership.delete()
    return theirs


def create_invite(space, role: str, *, days: int, user) -> Invite:
    return Invite.objects.create(
        **space_kwargs(space),
        role=role,
        created_by=user,
        expires_at=timezone.now() + timedelta(days=days),
    )


def revoke_invite(invite: Invite) -> Invite:
    if invite.revoked_at is None:
        invite.revoked_at = timezone.now()
        invite.save(update_fields=["revoked_at"])
    return invite


@transaction.atomic
def join(invite: Invite, user) -> tuple[Membership, bool]:
    """Join the invite's space with its role. Returns (membership, whether it is new).

    Joining twice changes nothing; an invite with a higher role than the member's raises it
    (a viewer given a player's link becomes a player), never lowers it.
    Precondition: the invite is usable (`Invite.refusal()` is None); checked again here.
    """
    invite = Invite.objects.select_for_update().get(pk=invite.pk)
    refusal = invite.refusal()
    if refusal:
        raise MembershipError(refusal)
    invite.used_by.add(user)
    membership = Membership.objects.filter(**invite.in_same_space(), user=user).first()
    if membership is not None:
        if ROLE_RANK[Role(invite.role)] > ROLE_RANK[Role(membership.role)]:
            membership.role = invite.role
            membership.save(update_fields=["role"])
        return membership, False
    try:
        with transaction.atomic():
            membership = Membership.objects.create(
                **invite.in_same_space(), user=user, role=invite.role
            )
    except IntegrityError:
        # The same person on two phones at once: the other request made them a member.
        return Membership.objects.get(**invite.in_same_space(), user=user), False
    Invite.objects.filter(pk=invite.pk).update(uses=F("uses") + 1)
    return membership, True


def public_link(campaign: models.Model) -> PublicLink:
    """The campaign's public page settings (made, switched off, the first time they are asked)."""
    link, _ = PublicLink.objects.get_or_create(campaign=campaign)
    return link


def switch_public_link(campaign: models.Model, enabled: bool) -> PublicLink:
    """Switch the public page on or off. Switched on again, it keeps its address."""
    link = public_link(campaign)
    if link.enabled != enabled:
        link.enabled = enabled
        link.save(update_fields=["enabled", "updated_at"])
    return link


def regenerate_public_link(campaign: models.Model) -> PublicLink:
    """A new secret address: the old one answers 404 from now on."""
    link = public_link(campaign)
    link.token = new_token()
    link.save(update_fields=["token", "updated_at"])
    return link
