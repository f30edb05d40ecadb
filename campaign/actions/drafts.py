"""A game entered by the whole table at once: its draft opened, written a field at a time by
several phones, each seat marked done, then saved through the one writing path.

What the draft holds is form data as people typed it (`GameDraft.shared`, `SeatCard.data`:
field name -> value), so nothing anyone typed is ever lost, even a value the rules refuse.
Every write says what the writer last saw of each field it changes (`was`): when someone
else changed that field meanwhile, the write of that field is refused and comes back as a
`FieldConflict` with both values, for the person to choose. Every write bumps the draft's
`revision`, which the phones poll to redraw the live totals.

`save_draft` is the end: in one transaction it checks the draft is the one the host looked
at (its revision), stores the game with `save_game` (the log, the history, the rebuild) and
deletes the draft, so a second save of the same game finds nothing to save.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import F

from accounts.models import GuestSeat
from campaign.actions.cache import lock_campaign
from campaign.actions.discards import close_stale_drafts
from campaign.actions.games import save_game
from campaign.models import Campaign, Corporation, Game, GameDraft, SeatCard
from hosting.busy import writes
from solar175.campaign_file import CampaignError

# A value as a form posts it: one text, or several (a multiple choice).
Value = str | list[str]

# The longest value a draft keeps for one field: notes are the longest free text.
MAX_VALUE_LENGTH = 2000
# A draft's fields: the game form's, the HUBs', the ballots', a card's; a few hundred at most.
MAX_FIELDS = 400


class DraftRefused(CampaignError):
    """A draft write or save that cannot be made; `message` says why. Nothing changed."""


@dataclass(frozen=True)
class FieldConflict:
    """A field someone else changed after the writer last saw it: nothing was written there."""

    field: str
    yours: Value
    theirs: Value
    by: str  # who wrote theirs ("" when unknown)


def _clean_values(values: Mapping[str, Any]) -> dict[str, Value]:
    """The posted values a draft keeps: text or lists of text, each cut to a sane length."""
    if len(values) > MAX_FIELDS:
        raise DraftRefused("draft", f"holds at most {MAX_FIELDS} fields")
    cleaned: dict[str, Value] = {}
    for name, value in values.items():
        name = str(name)[:100]
        if isinstance(value, (list, tuple)):
            cleaned[name] = [str(v)[:MAX_VALUE_LENGTH] for v in value][:20]
        else:
            cleaned[name] = "" if value is None else str(value)[:MAX_VALUE_LENGTH]
    return cleaned


def _merge(
    current: dict[str, Value],
    values: Mapping[str, Value],
    was: Mapping[str, Value] | None,
    by: str,
) -> tuple[dict[str, Value], list[FieldConflict]]:
    """`values` written over `current`, except where `was` says the writer saw another value
    than the one there now (someone else's change): those come back as conflicts."""
    merged = dict(current)
    conflicts = []
    for name, value in values.items():
        now = current.get(name, "")
        # A field nobody has written yet shows its default: no one else's change to protect.
        written = name in current
        if written and was is not None and name in was and was[name] != now and value != now:
            conflicts.append(FieldConflict(name, value, now, by))
            continue
        merged[name] = value
    return merged, conflicts


def next_number(campaign: Campaign) -> int:
    """The number of the game the table enters next (the replay's `next_game`)."""
    return int((campaign.state.get("next_game") or {}).get("number") or 1)


def order_of_play(campaign: Campaign, corporations: list[Corporation]) -> list[str]:
    """The corporations in the campaign's order, starting with the one that takes the first
    player token (Setup step 8: the winner of the last game; the replay's `first_player`)."""
    keys = [c.key for c in corporations]
    first = (campaign.state.get("next_game") or {}).get("first_player")
    if first in keys:
        start = keys.index(first)
        keys = keys[start:] + keys[:start]
    return keys


@writes
def open_draft(
    campaign: Campaign,
    *,
    user=None,
    shared: Mapping[str, Value] | None = None,
    cards: Mapping[str, Mapping[str, Value]] | None = None,
) -> GameDraft:
    """The draft of the next game: the open one, or a new one with `shared` and `cards` (the
    page's defaults: the order of play, the megastructure, the powers' fields) as its first
    values. A draft left over for another game (saved, or taken out of the log, since) is
    closed: discarded with a word when it holds values (`campaign.actions.discards`).

    Preconditions: the person may enter games (`campaign.access.campaign_for_player`).
    `DraftRefused` when the campaign is over.
    """
    current = lock_campaign(campaign)
    if (current.state or {}).get("campaign_over"):
        raise DraftRefused("draft", "the campaign is over: a Type VI megastructure has been built")
    number = next_number(current)
    # A draft of another game is closed, never silently when it holds values.
    close_stale_drafts(current, number, user)
    draft = GameDraft.objects.filter(campaign=current, number=number).first()
    if draft is not None:
        return draft
    draft = GameDraft.objects.create(
        campaign=current, number=number, shared=_clean_values(shared or {}), opened_by=user
    )
    corporations = {c.key: c for c in Corporation.objects.filter(campaign=current)}
    SeatCard.objects.bulk_create(
        SeatCard(draft=draft, corporation=corp, data=_clean_values((cards or {}).get(key, {})))
        for key, corp in corporations.items()
    )
    return draft


def _locked_draft(draft: GameDraft) -> GameDraft:
    found = GameDraft.objects.select_for_update().filter(pk=draft.pk).first()
    if found is None:
        raise DraftRefused(
            "draft",
            f"game {draft.number} has been saved (or its draft closed) meanwhile: nothing was "
            "written",
        )
    return found


def _who(user) -> str:
    return user.get_username() if user is not None and user.is_authenticated else ""


@writes
def write_shared(
    draft: GameDraft,
    values: Mapping[str, Any],
    *,
    was: Mapping[str, Any] | None = None,
    user=None,
) -> tuple[GameDraft, list[FieldConflict]]:
    """Write fields of the draft's shared part (any player may). Returns the draft as stored
    and the fields refused as someone else's newer change."""
    locked = _locked_draft(draft)
    merged, conflicts = _merge(
        locked.shared, _clean_values(values), _clean_values(was) if was is not None else None, ""
    )
    if merged != locked.shared:
        locked.shared = merged
        locked.revision = F("revision") + 1
        # Who typed the shared part, for a discard's sentence (campaign.actions.discards).
        locked.shared_by = user if user is not None and user.is_authenticated else None
        locked.save(update_fields=["shared", "revision", "shared_by", "updated_at"])
        locked.refresh_from_db(fields=["revision"])
    return locked, conflicts


@writes
def write_card(
    card: SeatCard,
    values: Mapping[str, Any],
    *,
    was: Mapping[str, Any] | None = None,
    done: bool | None = None,
    user=None,
) -> tuple[SeatCard, list[FieldConflict]]:
    """Write fields of one seat's card, and/or mark it done (`done`). Returns the card as
    stored and the fields refused as someone else's newer change.

    Preconditions: the writer holds the card's seat, or owns the campaign, or the card is
    an AI's or nobody's seat (`may_write_card`); the views check it.
    """
    draft = _locked_draft(card.draft)
    locked = (
        SeatCard.objects.select_for_update(of=("self",))
        .select_related("updated_by")
        .get(pk=card.pk)
    )
    merged, conflicts = _merge(
        locked.data,
        _clean_values(values),
        _clean_values(was) if was is not None else None,
        _who(locked.updated_by),
    )
    changed = merged != locked.data
    if changed or (done is not None and done != locked.done):
        locked.data = merged
        if done is not None:
            locked.done = done
        elif changed:
            # A card changed after it was marked done is not done any more: its seat says so again.
            locked.done = False
        locked.revision = F("revision") + 1
        locked.updated_by = user if user is not None and user.is_authenticated else None
        locked.save(update_fields=["data", "done", "revision", "updated_by", "updated_at"])
        locked.refresh_from_db(fields=["revision"])
        GameDraft.objects.filter(pk=draft.pk).update(revision=F("revision") + 1)
    locked.draft = GameDraft.objects.get(pk=draft.pk)
    return locked, conflicts


def may_write_card(card: SeatCard, user, campaign: Campaign) -> bool:
    """Who writes a seat's card, `campaign` as the lookup returned it (`campaign.access`:
    its `can_play`, `is_owner`, `guest_seat`):

    - a guest (docs/seats.md): the card of their own seat in their own game's draft, no other;
    - the owner: any card; a player: the seat they hold, or a seat nobody holds (an AI's,
      say), as the host does, unless a guest holds it in this game: then it is the guest's;
    - a viewer: none.
    """
    guest = getattr(campaign, "guest_seat", None)
    if guest is not None:
        return guest.draft_id == card.draft_id and guest.corporation_id == card.corporation_id
    if not campaign.can_play:
        return False
    holder = card.corporation.holder_id
    if campaign.is_owner or holder == user.pk:
        return True
    return (
        holder is None
        and not GuestSeat.objects.filter(
            draft_id=card.draft_id, corporation_id=card.corporation_id
        ).exists()
    )


@writes
def set_table(draft: GameDraft, corporations: Iterable[str], *, user=None) -> GameDraft:
    """Who is at the table, in order of play; the cards of corporations that joined the
    campaign since the draft opened are added. Preconditions: `corporations` are the
    campaign's keys (the view's form checks it)."""
    locked = _locked_draft(draft)
    existing = set(locked.cards.values_list("corporation__key", flat=True))
    for corp in Corporation.objects.filter(campaign=locked.campaign_id).exclude(key__in=existing):
        SeatCard.objects.create(draft=locked, corporation=corp)
    keys = list(corporations)
    shared = dict(locked.shared)
    shared["setup-players"] = str(len(keys))
    for name in [n for n in shared if n.startswith("setup-seat")]:
        del shared[name]
    for index, key in enumerate(keys, start=1):
        shared[f"setup-seat{index}_corporation"] = key
    locked.shared = shared
    locked.revision = F("revision") + 1
    locked.save(update_fields=["shared", "revision", "updated_at"])
    locked.refresh_from_db(fields=["revision"])
    return locked


@writes
def save_draft(
    draft: GameDraft,
    *,
    expected_revision: int,
    table: dict[str, Any],
    played_on: datetime.date,
    megastructure: str,
    megastructure_zone: int | None = None,
    neds_sold_out: bool = False,
    census_completed: bool = False,
    megastructure_repairs_completed: bool = False,
    debt_marks: list[dict] | None = None,
    notes: str = "",
    user=None,
) -> Game:
    """Store the draft as the next game (`save_game`: the log, the history, the rebuild) and
    close the draft, all or nothing.

    `table` and the facts are what the host's page read from the draft at `expected_revision`
    (the totals they looked at). `DraftRefused`, nothing saved, when the draft has changed
    since (a seat typed something meanwhile: look again), when it was saved already, or when
    its number is no longer the next game's. The replay's refusal (`CampaignError`) likewise.
    """
    locked = _locked_draft(draft)
    campaign = lock_campaign(locked.campaign)
    if locked.revision != expected_revision:
        raise DraftRefused(
            "draft",
            "someone changed the draft while you were looking at it: check the totals again, "
            "then save",
        )
    if Game.objects.filter(campaign=campaign, number=locked.number).exists():
        raise DraftRefused("draft", f"game {locked.number} has been saved already")
    if locked.number != next_number(campaign):
        raise DraftRefused(
            "draft", f"the next game is game {next_number(campaign)}, not game {locked.number}"
        )
    kwargs: dict[str, Any] = {}
    if megastructure_zone is not None:
        kwargs["megastructure_zone"] = megastructure_zone
    game = save_game(
        campaign,
        table=table,
        played_on=played_on,
        megastructure=megastructure,
        neds_sold_out=neds_sold_out,
        census_completed=census_completed,
        megastructure_repairs_completed=megastructure_repairs_completed,
        city_location="",
        city_name="",
        debt_marks=debt_marks or [],
        notes=notes,
        number=locked.number,
        game=None,
        expected_version=None,
        user=user,
        **kwargs,
    )
    locked.delete()
    return game
