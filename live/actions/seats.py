"""Seats at the table (docs/seats.md): a member who joins takes the only free seat; a guest
without an account takes a seat for one game from the table's QR code; the owner later hands
a guest's seat to the guest's account.

A member's seat is the corporation's `holder` (`campaign.actions.corporations`, in the
History); a guest's is a `GuestSeat` of one game's draft, closed with the draft.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import GUEST_NAME_LENGTH, PLAYING_ROLES, GuestSeat, Membership
from campaign.actions.corporations import SeatRefused, assign_seat, claim_seat
from campaign.models import Campaign, Corporation
from gamefile.names import NO_VISIBLE_CHARACTER, clean_name
from hosting.busy import writes
from hosting.words import translated
from live.models import GameDraft
from solar175.campaign_file import CampaignError


def free_seats(campaign: Campaign, corporations: list[Corporation] | None = None) -> list:
    """The corporations a person may take for themselves: nobody holds them, and a minister
    card (AI) plays none of them (the host fills those in)."""
    corporations = corporations if corporations is not None else list(campaign.corporations.all())
    return [c for c in corporations if c.holder_id is None and not c.ai]


def take_only_free_seat(campaign: Campaign, user) -> Corporation | None:
    """A playing member who holds no seat takes the campaign's only free seat, if it has
    exactly one (joining goes straight to it); None otherwise (they choose, or there is none).
    Recorded in the History as any seat taken (`claim_seat`)."""
    role = Membership.objects.filter(campaign=campaign, user=user).values_list("role", flat=True)
    if role.first() not in PLAYING_ROLES:
        return None
    corporations = list(campaign.corporations.all())
    if any(c.holder_id == user.pk for c in corporations):
        return None
    free = free_seats(campaign, corporations)
    if len(free) != 1:
        return None
    corporation = free[0]
    corporation.campaign = campaign
    try:
        return claim_seat(corporation, user)
    except SeatRefused:
        # Someone took it a moment before: they choose among what is left.
        return None


def guest_name(value: str) -> str:
    """A guest's name as typed, through the names rule (docs/names.md: normalised, without
    invisible direction or zero-width marks, trimmed), then 1 to `GUEST_NAME_LENGTH`
    characters; a name of invisible marks only is refused with the rule's sentence."""
    typed = " ".join(str(value or "").split())
    name = clean_name(typed)
    if typed and not name:
        raise CampaignError(
            "name",
            # Translators: %(problem)s says what is wrong with it ("shows no letter…").
            _("your name %(problem)s") % {"problem": translated(NO_VISIBLE_CHARACTER)},
        )
    if not name or len(name) > GUEST_NAME_LENGTH:
        raise CampaignError(
            "name",
            _("write the name the table calls you, 1 to %(most)s characters")
            % {"most": GUEST_NAME_LENGTH},
        )
    return name


@writes
def take_guest_seat(draft: GameDraft, corporation: Corporation, name: str) -> GuestSeat:
    """A guest takes `corporation`'s seat in `draft`'s game; the seat's token is their link.

    Preconditions: `corporation` is at the table in this game (the view offers only those).
    `SeatRefused` (nothing changed) when a member holds the seat, a minister card plays it,
    another guest holds it in this game, or the draft has closed; `CampaignError` naming the
    name when it is empty or too long.
    """
    name = guest_name(name)
    locked = GameDraft.objects.select_for_update().filter(pk=draft.pk).first()
    if locked is None:
        raise SeatRefused(
            "draft", _("the entry of game %(number)s is closed") % {"number": draft.number}
        )
    current = Corporation.objects.select_related("holder").get(pk=corporation.pk)
    if current.holder_id is not None:
        raise SeatRefused(
            "seat",
            _("%(corporation)s is %(name)s's seat: choose another")
            % {"corporation": current.name, "name": current.holder.get_username()},
        )
    if current.ai:
        raise SeatRefused(
            "seat",
            _("a minister card plays %(corporation)s: the host fills it in")
            % {"corporation": current.name},
        )
    held = GuestSeat.objects.filter(draft=locked, corporation=current).first()
    if held is not None:
        raise SeatRefused(
            "seat",
            _("%(name)s holds %(corporation)s in this game: choose another")
            % {"name": held.name, "corporation": current.name},
        )
    try:
        with transaction.atomic():
            return GuestSeat.objects.create(
                campaign_id=locked.campaign_id,
                draft=locked,
                corporation=current,
                number=locked.number,
                name=name,
            )
    except IntegrityError as error:
        raise SeatRefused(
            "seat",
            _("someone took %(corporation)s a moment ago: choose another")
            % {"corporation": current.name},
        ) from error


@writes
def tie_guest_seat(guest: GuestSeat, member, *, user=None) -> Corporation:
    """The owner hands the seat a guest held to a member's account (`assign_seat`: in the
    History, undoable there) and notes it on the guest's row, which the Corporations page
    then leaves out.

    Preconditions: the person asking owns the campaign (the view checks it). `SeatRefused`
    from `assign_seat` when `member` cannot hold a seat (a viewer, not a member).
    """
    corporation = guest.corporation
    corporation.campaign = guest.campaign
    seat = assign_seat(corporation, member, user=user)
    GuestSeat.objects.filter(pk=guest.pk).update(tied_to=member)
    return seat
