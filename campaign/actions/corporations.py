"""A campaign's corporations and the people at their seats: renamed, added between games for a
new player, taken or handed over. Each in one transaction, recorded in the history (undoable),
and the campaign rebuilt where the campaign file changes (names and corporations are in it;
who holds a seat is not).

What a corporation added between games starts with is docs/seats.md: a blank tracker card, no
awards, no debt, and (once section #7 is unlocked) a pick of the powers nobody holds.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Max

from accounts.models import PLAYING_ROLES, Membership
from campaign.actions.cache import lock_campaign, rebuild
from campaign.actions.games import KEEP, Keep
from campaign.actions.history import record
from campaign.models import Campaign, ChangeKind, Corporation
from gamefile.words import Joined, _
from hosting.busy import writes
from solar175.campaign_file import MAX_CORPORATIONS, CampaignError

# What a rename can change: the campaign file's words for a corporation.
CORPORATION_FIELDS = ("name", "player", "ai")


class SeatRefused(CampaignError):
    """A seat that cannot be taken or handed over; `message` says why. Nothing changed."""


def corporation_fields(corporation: Corporation) -> dict[str, Any]:
    """A corporation as the history keeps it: its key and the file's words for it."""
    return {
        "corporation": corporation.key,
        "name": corporation.name,
        "player": corporation.player,
        "ai": corporation.ai,
    }


def seat_fields(corporation: Corporation) -> dict[str, Any]:
    holder = corporation.holder
    return {
        "corporation": corporation.key,
        "holder": holder.pk if holder else None,
        "holder_name": holder.get_username() if holder else "",
    }


def _text(value: Any, field: str, *, required: bool) -> str:
    text = str(value or "").strip()
    limit = Corporation._meta.get_field(field).max_length
    if required and not text:
        raise CampaignError(field, _("must not be empty"))
    if len(text) > limit:
        raise CampaignError(field, _("must be at most %(limit)s characters long", limit=limit))
    return text


@writes
def rename_corporation(
    corporation: Corporation,
    *,
    name: str | Keep = KEEP,
    player: str | Keep = KEEP,
    ai: bool | Keep = KEEP,
    user=None,
) -> Corporation:
    """Rename a corporation, the player at it, or say whether a minister card plays it; then
    rebuild (the names are in the campaign file). Nothing is recorded when nothing changes.

    Preconditions: none unchecked; an empty or too long name raises `CampaignError` naming it.
    """
    campaign = corporation.campaign
    lock_campaign(campaign)
    current = Corporation.objects.select_for_update().get(pk=corporation.pk)
    wanted = {"name": name, "player": player, "ai": ai}
    values = {key: value for key, value in wanted.items() if value is not KEEP}
    if "name" in values:
        values["name"] = _text(values["name"], "name", required=True)
    if "player" in values:
        values["player"] = _text(values["player"], "player", required=False)
    if "ai" in values:
        values["ai"] = bool(values["ai"])
    before = corporation_fields(current)
    changed = {key: value for key, value in values.items() if before[key] != value}
    if not changed:
        return current
    Corporation.objects.filter(pk=current.pk).update(**changed)
    for key, value in changed.items():
        setattr(current, key, value)
        setattr(corporation, key, value)
    after = corporation_fields(current)
    details = corporation_details(before, after)
    record(
        campaign,
        ChangeKind.CORPORATION_CHANGED,
        user,
        summary=Joined(details),
        details=details,
        before=before,
        after=after,
    )
    rebuild(campaign)
    return current


def corporation_details(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What a rename changed, a line each, in people's words."""
    lines = []
    if before["name"] != after["name"]:
        lines.append(
            _("corporation %(before)s → %(after)s", before=before["name"], after=after["name"])
        )
    if before["player"] != after["player"]:
        lines.append(
            _(
                "player of %(name)s %(before)s → %(after)s",
                name=after["name"],
                before=before["player"] or _("none"),
                after=after["player"] or _("none"),
            )
        )
    if before["ai"] != after["ai"]:
        lines.append(
            _("%(name)s is now played by a minister card (AI)", name=after["name"])
            if after["ai"]
            else _("%(name)s is now played by a person", name=after["name"])
        )
    return lines


@writes
def add_corporation(
    campaign: Campaign,
    *,
    key: str,
    name: str,
    player: str = "",
    ai: bool = False,
    holder=None,
    user=None,
) -> Corporation:
    """A corporation for a new player, between games (docs/seats.md: it starts with a blank
    tracker card), at the end of the order; then rebuild.

    Preconditions: none unchecked. `CampaignError` naming the field, with nothing written,
    when the campaign already has five corporations, `key` is taken or not a usable key, the
    name is empty or too long, or `holder` cannot hold a seat (`assign_seat`'s rules).
    """
    current = lock_campaign(campaign)
    existing = Corporation.objects.filter(campaign=current)
    if existing.count() >= MAX_CORPORATIONS:
        raise CampaignError(
            "corporations",
            _(
                "the box holds %(most)s corporations, and all are taken",
                most=MAX_CORPORATIONS,
            ),
        )
    key = str(key or "").strip()
    if not key or existing.filter(key=key).exists():
        raise CampaignError("key", "must be a colour no corporation of this campaign plays")
    order = (existing.aggregate(last=Max("order"))["last"] or 0) + 1
    corporation = Corporation.objects.create(
        campaign=current,
        key=key,
        name=_text(name, "name", required=True),
        player=_text(player, "player", required=False),
        ai=bool(ai),
        order=order,
    )
    after = {"key": key, "name": corporation.name, "player": corporation.player, "ai": ai}
    record(
        campaign,
        ChangeKind.CORPORATION_ADDED,
        user,
        summary=corporation.name + (f" ({corporation.player})" if corporation.player else ""),
        details=[_("%(name)s joins the campaign with a blank tracker card", name=corporation.name)],
        after=after,
    )
    rebuild(campaign)
    if holder is not None:
        assign_seat(corporation, holder, user=user)
    return corporation


def _seat_holder_allowed(campaign: Campaign, holder) -> None:
    role = (
        Membership.objects.filter(campaign=campaign, user=holder)
        .values_list("role", flat=True)
        .first()
    )
    if role is None:
        raise SeatRefused(
            "holder",
            _("%(name)s is not a member of this campaign", name=holder.get_username()),
        )
    if role not in PLAYING_ROLES:
        raise SeatRefused(
            "holder",
            _(
                "%(name)s is a viewer: make them a player on the Members page first",
                name=holder.get_username(),
            ),
        )


@writes
def assign_seat(corporation: Corporation, holder, *, user=None, claim: bool = False) -> Corporation:
    """Give `corporation`'s seat to `holder` (a player or the owner of the campaign), or free it
    (`holder=None`). A person holds at most one seat in a campaign: giving them another moves
    them. Recorded in the history; the campaign file does not change, so no rebuild.

    Preconditions: none unchecked: `SeatRefused` (nothing changed) when `holder` is not a
    playing member, or when `claim` (a member taking a seat for themselves) and someone else
    holds it: only the owner hands a held seat over.
    """
    campaign = corporation.campaign
    lock_campaign(campaign)
    current = (
        Corporation.objects.select_for_update(of=("self",))
        .select_related("holder")
        .get(pk=corporation.pk)
    )
    if claim and current.holder_id is not None and current.holder_id != holder.pk:
        raise SeatRefused(
            "holder",
            _(
                "%(corporation)s is held by %(name)s: the owner can hand it over",
                corporation=current.name,
                name=current.holder.get_username(),
            ),
        )
    if holder is not None:
        _seat_holder_allowed(campaign, holder)
    if (current.holder_id or None) == (holder.pk if holder else None):
        return current
    before = seat_fields(current)
    moved = []
    if holder is not None:
        for other in Corporation.objects.select_for_update().filter(
            campaign=campaign, holder=holder
        ):
            moved.append(other.name)
            Corporation.objects.filter(pk=other.pk).update(holder=None)
    Corporation.objects.filter(pk=current.pk).update(holder=holder)
    current.holder = holder
    corporation.holder = holder
    after = seat_fields(current)
    if holder is None:
        summary = _(
            "%(name)s's seat is free (%(holder)s left it)",
            name=current.name,
            holder=before["holder_name"],
        )
    elif before["holder"] is None:
        summary = _("%(holder)s holds %(name)s", holder=after["holder_name"], name=current.name)
    else:
        summary = _(
            "%(name)s handed from %(before)s to %(after)s",
            name=current.name,
            before=before["holder_name"],
            after=after["holder_name"],
        )
    details = [summary] + [
        _("%(holder)s no longer holds %(name)s", holder=after["holder_name"], name=name)
        for name in moved
    ]
    record(
        campaign,
        ChangeKind.SEAT_CHANGED,
        user,
        summary=summary,
        details=details,
        before=before,
        after=after,
    )
    return current


class StaleCorporation(CampaignError):
    """The corporation changed after the form was drawn; `current` is how it is now."""

    def __init__(self, current: Corporation):
        super().__init__(
            "corporation",
            _("%(name)s was changed by someone else meanwhile", name=current.name),
        )
        self.current = current


def drawn_from(corporation: Corporation) -> list[Any]:
    """What a form about `corporation` was drawn from: its words and who holds its seat."""
    return [corporation.name, corporation.player, corporation.ai, corporation.holder_id]


@writes
def update_corporation(
    corporation: Corporation,
    *,
    name: str,
    player: str,
    ai: bool,
    holder,
    expected: list[Any] | None = None,
    user=None,
) -> Corporation:
    """The owner's edit of a corporation in one go: its words (`rename_corporation`) and its
    seat (`assign_seat`), all or nothing. `expected` is `drawn_from` as the form showed it:
    when the corporation has changed since, `StaleCorporation` and nothing is written."""
    lock_campaign(corporation.campaign)
    current = (
        Corporation.objects.select_for_update(of=("self",))
        .select_related("holder")
        .get(pk=corporation.pk)
    )
    if expected is not None and drawn_from(current) != list(expected):
        raise StaleCorporation(current)
    current.campaign = corporation.campaign
    rename_corporation(current, name=name, player=player, ai=ai, user=user)
    if (holder.pk if holder else None) != current.holder_id:
        assign_seat(current, holder, user=user)
    return current


def claim_seat(corporation: Corporation, user) -> Corporation:
    """A member takes a free seat for themselves (`assign_seat`); a seat someone holds is
    handed over only by the owner."""
    return assign_seat(corporation, user, user=user, claim=True)


def holder_by_id(user_id: int | None):
    """The person a seat snapshot names, or None (also when they have since left the site)."""
    if user_id is None:
        return None
    return get_user_model().objects.filter(pk=user_id).first()


CORPORATION_KINDS = frozenset(
    {
        ChangeKind.CORPORATION_ADDED,
        ChangeKind.CORPORATION_REMOVED,
        ChangeKind.CORPORATION_CHANGED,
        ChangeKind.SEAT_CHANGED,
    }
)


def undo_corporation_change(campaign: Campaign, change) -> tuple[str, Any, Any, list[str]]:
    """Put back what a corporation or seat change replaced (called by `undo_change`, inside its
    transaction, the campaign locked). Returns the undo's kind, snapshots and details; raises
    `CampaignError` with a sentence when the corporation is no longer as the change left it."""
    before, after = change.before, change.after
    snapshot = after if after is not None else before
    key = snapshot.get("corporation") or snapshot["key"]
    corporation = (
        Corporation.objects.select_for_update(of=("self",))
        .select_related("holder")
        .filter(campaign=campaign, key=key)
        .first()
    )
    if change.kind == ChangeKind.CORPORATION_ADDED:
        if corporation is None:
            raise CampaignError(
                "undo", _("%(name)s is no longer in the campaign", name=after["name"])
            )
        # A corporation that has played a game cannot go: the replay refuses the log then.
        corporation.delete()
        details = [f"{after['name']} leaves the campaign"]
        return ChangeKind.CORPORATION_REMOVED, after, None, details
    if change.kind == ChangeKind.CORPORATION_REMOVED:
        if corporation is not None:
            raise CampaignError("undo", _("a corporation plays %(colour)s again", colour=key))
        order = (
            Corporation.objects.filter(campaign=campaign).aggregate(last=Max("order"))["last"] or 0
        ) + 1
        Corporation.objects.create(
            campaign=campaign,
            key=key,
            name=before["name"],
            player=before["player"],
            ai=before["ai"],
            order=order,
        )
        details = [f"{before['name']} joins the campaign with a blank tracker card"]
        return ChangeKind.CORPORATION_ADDED, None, before, details
    if corporation is None:
        raise CampaignError("undo", _("%(name)s is no longer in the campaign", name=key))
    if change.kind == ChangeKind.CORPORATION_CHANGED:
        if corporation_fields(corporation) != after:
            raise CampaignError("undo", _("%(name)s has been renamed since", name=corporation.name))
        values = {field: before[field] for field in CORPORATION_FIELDS}
        Corporation.objects.filter(pk=corporation.pk).update(**values)
        return change.kind, after, before, corporation_details(after, before)
    # A seat.
    if seat_fields(corporation)["holder"] != after["holder"]:
        raise CampaignError(
            "undo", _("%(name)s's seat has changed hands since", name=corporation.name)
        )
    holder = holder_by_id(before["holder"])
    if before["holder"] is not None and holder is None:
        raise CampaignError(
            "undo", _("%(name)s no longer has an account here", name=before["holder_name"])
        )
    if holder is not None:
        _seat_holder_allowed(campaign, holder)
        elsewhere = Corporation.objects.filter(campaign=campaign, holder=holder).first()
        if elsewhere is not None:
            raise CampaignError(
                "undo",
                _(
                    "%(name)s holds %(corporation)s now: free that seat first",
                    name=holder.get_username(),
                    corporation=elsewhere.name,
                ),
            )
    Corporation.objects.filter(pk=corporation.pk).update(holder=holder)
    corporation.holder = holder
    restored = seat_fields(corporation)
    summary = (
        f"{corporation.name}'s seat is free"
        if holder is None
        else f"{restored['holder_name']} holds {corporation.name} again"
    )
    return change.kind, after, restored, [summary]
