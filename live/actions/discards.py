"""A game's draft closed without saving it, never without a word: discarded by the owner, or
by a game saved on one phone over it, recorded in the History with everything it held, and
brought back by that change's undo (docs/seats.md).

- `draft_snapshot(draft)`: the draft as the History keeps it (its number, its shared part,
  each card, who typed each, the guests who held seats);
- `typed(snapshot)` and `typed_sentence(...)`: who typed what, in words ("Ali typed Yellow's
  card (6 values), Bo typed the shared part (3 values).");
- `discard_draft`: the owner closes a draft; `save_over_draft`: the one-phone save, which
  refuses (`DraftInTheWay`) while a draft of the same game holds values the person has not
  agreed to discard;
- `undo_draft_change`: the undo of a discard (the draft opened again with its values and its
  guests' links) and of that undo (discarded again), called by
  `campaign.actions.undo.undo_change`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import GuestSeat
from campaign.actions.cache import lock_campaign
from campaign.actions.games import save_game
from campaign.actions.history import record
from campaign.actions.undo import Undone, UndoRefused
from campaign.models import Campaign, Change, ChangeKind, Corporation, Game
from hosting.busy import writes
from live.models import GameDraft, SeatCard
from solar175.campaign_file import CampaignError, Power

# Shared fields a draft opens with (the order of play, the date): a person typed none of them.
_OPENING_SHARED = ("setup-players", "setup-seat", "game-played_on", "game-number")


def next_number(campaign: Campaign) -> int:
    """The number of the game the table enters next (the replay's `next_game`; the same as
    `live.actions.drafts.next_number`, which imports this module)."""
    return campaign.replayed().next_game.number


class DraftInTheWay(CampaignError):
    """A game saved on one phone while a draft of that game holds values nobody agreed to
    discard: nothing saved. `sentence` names who typed what; `confirm` is what the form sends
    back to agree (the draft and the revision the sentence was drawn from)."""

    def __init__(self, number: int, sentence: str, confirm: str) -> None:
        super().__init__(
            "draft",
            _(
                # Translators: %(sentence)s says who typed what in the draft.
                "game %(number)s is being entered together and its draft holds values: "
                "%(sentence)s Continue it together, or tick “discard the draft” to save this "
                "instead"
            )
            % {"number": number, "sentence": sentence},
        )
        self.number = number
        self.sentence = sentence
        self.confirm = confirm


class DraftUndoRefused(CampaignError):
    """A draft's discard or restore that cannot be undone as things stand; `blocking` is the
    later change to undo first, when one is known."""

    def __init__(self, message: str, blocking: Change | None = None) -> None:
        super().__init__("undo", message)
        self.blocking = blocking


def _name(user) -> str:
    return user.get_username() if user is not None else ""


def draft_snapshot(draft: GameDraft) -> dict[str, Any]:
    """The draft as the History keeps it: enough to open it again with every value, and to
    say who typed what."""
    cards = (
        SeatCard.objects.filter(draft=draft)
        .select_related("corporation", "updated_by")
        .order_by("corporation__order", "corporation_id")
    )
    guests = {
        g.corporation_id: g.name
        for g in GuestSeat.objects.filter(draft=draft).only("corporation_id", "name")
    }
    shared_by = draft.shared_by if draft.shared_by_id else None
    return {
        "number": draft.number,
        "shared": dict(draft.shared),
        "opening_shared": opening_shared(draft.campaign),
        "shared_by": draft.shared_by_id,
        "shared_by_name": _name(shared_by),
        "opened_by": draft.opened_by_id,
        "cards": [
            {
                "corporation": card.corporation.key,
                "name": card.corporation.name,
                "opening": opening_card(card.corporation),
                "data": dict(card.data),
                "done": card.done,
                "written": card.revision > 0,
                "updated_by": card.updated_by_id,
                "updated_by_name": _name(card.updated_by),
                "guest": guests.get(card.corporation_id, ""),
            }
            for card in cards
        ],
    }


def opening_shared(campaign: Campaign) -> dict[str, str]:
    """What the shared part opens with besides the order of play and the date: the
    megastructure, when the rules leave one to build."""
    options = campaign.replayed().next_game.megastructure_options
    return {"game-megastructure": options[0]} if len(options) == 1 else {}


def opening_card(corporation: Corporation) -> dict[str, str]:
    """What a card opens with before anyone types (the draft page's first values): the
    "+2 end game influence points" power's box ticked for its holder (section #7)."""
    return {"bonus": "on"} if corporation.power == Power.EXTRA_IP else {}


def _filled(value: Any) -> bool:
    return value not in ("", None, [])


@dataclass(frozen=True)
class Typed:
    """One part of a draft someone typed in: `card` (the corporation's name; "" for the shared
    part), how many values, by."""

    card: str
    values: int
    by: str


def typed(snapshot: dict[str, Any]) -> list[Typed]:
    """The parts of a draft that hold values someone typed, the shared part last. A value is
    one a person typed: not one the draft opened with (the order of play, the date, a power's
    box), not an empty one."""
    parts = []
    for card in snapshot["cards"]:
        if not card.get("written"):
            continue
        opening = card.get("opening") or {}
        count = sum(
            1
            for name, value in card["data"].items()
            if _filled(value) and opening.get(name) != value
        )
        if count:
            by = card.get("updated_by_name") or (
                _("%(name)s (guest)") % {"name": card["guest"]}
                if card.get("guest")
                else _("someone")
            )
            parts.append(Typed(card["name"], count, by))
    if snapshot.get("shared_by") is not None or snapshot.get("shared_by_name"):
        count = len(_shared_typed(snapshot))
        if count:
            parts.append(Typed("", count, snapshot.get("shared_by_name") or _("someone")))
    return parts


def _shared_typed(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The shared part's values someone typed: not the order of play, the date, nor the
    megastructure the draft opened with."""
    opening = snapshot.get("opening_shared") or {}
    return {
        name: value
        for name, value in snapshot["shared"].items()
        if _filled(value) and not name.startswith(_OPENING_SHARED) and opening.get(name) != value
    }


def _typed_words(part: Typed) -> str:
    values = {"by": part.by, "card": part.card, "count": part.values}
    if part.card:
        return (
            ngettext(
                # Translators: %(by)s is a person's name, %(card)s a corporation's.
                "%(by)s typed %(card)s's card (%(count)s value)",
                "%(by)s typed %(card)s's card (%(count)s values)",
                part.values,
            )
            % values
        )
    return (
        ngettext(
            # Translators: %(by)s is a person's name.
            "%(by)s typed the shared part (%(count)s value)",
            "%(by)s typed the shared part (%(count)s values)",
            part.values,
        )
        % values
    )


def typed_sentence(parts: list[Typed]) -> str:
    """Who typed what, as one sentence: "Ali typed Yellow's card (6 values), Bo typed the
    shared part (3 values)." """
    if not parts:
        return _("Nobody has typed anything in it yet.")
    # Translators: %(parts)s is a list of who typed what, joined by commas.
    return _("%(parts)s.") % {"parts": ", ".join(_typed_words(p) for p in parts)}


def draft_words(draft: GameDraft) -> tuple[str, bool]:
    """Who typed what in an open draft, and whether it holds any value."""
    parts = typed(draft_snapshot(draft))
    return typed_sentence(parts), bool(parts)


def confirm_token(draft: GameDraft) -> str:
    """What a form sends back to agree to discard `draft` as it was shown: a change typed
    after the sentence was drawn asks again."""
    return f"{draft.pk}:{draft.revision}"


def _discard(campaign: Campaign, draft: GameDraft, snapshot: dict[str, Any], user, why: str):
    """Record the discard with what the draft held, then close it (its cards go with it; its
    guests' links close)."""
    # The History's summary is kept as it is written (discard_notice reads it back): in English.
    with translation.override("en"):
        sentence = typed_sentence(typed(snapshot))
    change = record(
        campaign,
        ChangeKind.DRAFT_DISCARDED,
        user if user is not None and user.is_authenticated else None,
        snapshot["number"],
        f"draft of game {snapshot['number']} {why}: {sentence}",
        details=_details(snapshot),
        before=snapshot,
        after=None,
    )
    draft.delete()
    return change


def _details(snapshot: dict[str, Any]) -> list[str]:
    """Every value the draft held, a line each, so the History shows what went."""
    lines = []
    for card in snapshot["cards"]:
        values = [f"{n} {v}" for n, v in sorted(card["data"].items()) if _filled(v)]
        if card.get("written") and values:
            lines.append(f"{card['name']}'s card: {', '.join(values)}")
    shared = [f"{n} {v}" for n, v in sorted(_shared_typed(snapshot).items())]
    if shared:
        lines.append(f"the shared part: {', '.join(shared)}")
    return lines


def discard_of(campaign: Campaign, number: int | None) -> Change | None:
    """The discard that closed the last draft of game `number`, when a discard is how it
    closed (not undone since); None when that game's draft closed another way (saved)."""
    if not number:
        return None
    return (
        Change.objects.filter(
            campaign=campaign,
            kind=ChangeKind.DRAFT_DISCARDED,
            game_number=number,
            undone_by__isnull=True,
        )
        .select_related("made_by")
        .order_by("-made_at", "-id")
        .first()
    )


def discard_notice(change: Change) -> str:
    """What every phone of a discarded draft is told, wherever it lands: what happened, by
    whom, that nothing of it was saved and where what it held is."""
    number = change.game_number
    how = "discarded"
    start = f"draft of game {number} "
    if change.summary.startswith(start):
        how = change.summary[len(start) :].split(":", 1)[0] or how
    values = {"number": number, "who": change.made_by.get_username() if change.made_by else ""}
    # The summary's English (`_discard`'s `why`) said again in the person's language.
    closed = re.fullmatch(r"closed: game (\d+) is the next game now", how)
    if closed:
        values["next"] = closed.group(1)
        told = (
            _(
                "The draft of game %(number)s was closed because game %(next)s is the next "
                "game now by %(who)s"
            )
            if values["who"]
            else _(
                "The draft of game %(number)s was closed because game %(next)s is the next game now"
            )
        )
    elif how == "discarded for the game saved on one phone":
        told = (
            _(
                "The draft of game %(number)s was discarded for the game saved on one phone "
                "by %(who)s"
            )
            if values["who"]
            else _("The draft of game %(number)s was discarded for the game saved on one phone")
        )
    else:
        # "discarded", and any summary that says it another way: closed unsaved all the same.
        told = (
            _("The draft of game %(number)s was discarded by %(who)s")
            if values["who"]
            else _("The draft of game %(number)s was discarded")
        )
    return _(
        # Translators: %(told)s says what happened ("The draft of game 4 was discarded").
        "%(told)s: nothing of it was saved. The History keeps what it held; its Undo opens the "
        "draft again."
    ) % {"told": told % values}


@writes
def discard_draft(draft: GameDraft, *, user=None, confirm: str | None = None) -> Change:
    """Close `draft` unsaved (the owner's choice), recorded in the History with everything it
    held: its undo opens it again. `confirm` (`confirm_token` as the page showed it): when
    someone typed since, `DraftRefused`-like `CampaignError` and nothing changes.

    Preconditions: the person owns the campaign (the view checks it).
    """
    campaign = lock_campaign(draft.campaign)
    locked = GameDraft.objects.select_for_update().filter(pk=draft.pk).first()
    if locked is None:
        raise CampaignError(
            "draft", _("the draft of game %(number)s is closed already") % {"number": draft.number}
        )
    if confirm is not None and confirm != confirm_token(locked):
        raise CampaignError(
            "draft",
            _("someone typed in the draft since you looked: nothing was discarded; look again"),
        )
    return _discard(campaign, locked, draft_snapshot(locked), user, "discarded")


@writes
def save_over_draft(campaign: Campaign, *, discard: str | None = None, user=None, **game) -> Game:
    """The one-phone save of the next game (`save_game`, with `game` its keywords), which never
    drops an open draft of that game without a word: a draft holding values is discarded only
    when `discard` is its `confirm_token` as the person was shown it (recorded in the History,
    undoable); else `DraftInTheWay` and nothing is saved. A draft nobody typed in closes with
    the save."""
    current = lock_campaign(campaign)
    number = next_number(current)
    draft = GameDraft.objects.select_for_update().filter(campaign=current, number=number).first()
    if draft is not None:
        snapshot = draft_snapshot(draft)
        if typed(snapshot):
            if discard != confirm_token(draft):
                raise DraftInTheWay(number, typed_sentence(typed(snapshot)), confirm_token(draft))
            _discard(campaign, draft, snapshot, user, "discarded for the game saved on one phone")
        else:
            draft.delete()
    return save_game(campaign, user=user, **game)


def close_stale_drafts(campaign: Campaign, number: int, user=None) -> None:
    """Close the campaign's drafts of another game than `number` (the next one): a game saved
    or taken out of the log since they opened. One that holds values is discarded with a word
    (in the History, its undo waits until that game is the next one again).

    Preconditions: called inside the transaction of `open_draft`, the campaign locked."""
    for stale in (
        GameDraft.objects.select_for_update().filter(campaign=campaign).exclude(number=number)
    ):
        snapshot = draft_snapshot(stale)
        if typed(snapshot):
            _discard(campaign, stale, snapshot, user, f"closed: game {number} is the next game now")
        else:
            stale.delete()


def undo_draft_change(campaign: Campaign, change: Change) -> tuple[str, Any, Any, list[str]]:
    """Undo a discard (the draft opened again, every value back) or a restore (discarded
    again). Called by `undo_change` inside its transaction, the campaign locked. Returns the
    undo's kind, snapshots and details; `DraftUndoRefused` when the log or the drafts have
    moved on (a game saved with that number since, another draft of it open)."""
    if change.kind == ChangeKind.DRAFT_DISCARDED:
        return _restore(campaign, change.before)
    snapshot = change.after
    draft = GameDraft.objects.filter(campaign=campaign, number=snapshot["number"]).first()
    if draft is None:
        raise DraftUndoRefused(
            _("the draft of game %(number)s has been saved or discarded since")
            % {"number": snapshot["number"]}
        )
    locked = GameDraft.objects.select_for_update().get(pk=draft.pk)
    now = draft_snapshot(locked)
    locked.delete()
    return ChangeKind.DRAFT_DISCARDED, now, None, _details(now)


def undo_draft(campaign: Campaign, current: Campaign, change: Change, user) -> Undone:
    """The History's undo of a discard or a restore (`campaign.actions.undo_change`, which
    finds it by the change's kind: `register_undo`, live.apps)."""
    # A draft is not in the campaign file: nothing to replay.
    try:
        kind, before, after, details = undo_draft_change(campaign, change)
    except DraftUndoRefused as error:
        sentence = error.message[:1].upper() + error.message[1:]
        raise UndoRefused(
            _("%(sentence)s.") % {"sentence": sentence}, blocking=error.blocking
        ) from error
    return Undone(kind, change.game_number, before, after, details, rebuilt=True)


def _restore(campaign: Campaign, snapshot: dict[str, Any]) -> tuple[str, Any, Any, list[str]]:
    number = snapshot["number"]
    current = lock_campaign(campaign)
    if next_number(current) != number:
        blocking = (
            Change.objects.filter(
                campaign=campaign,
                kind=ChangeKind.GAME_ADDED,
                game_number=number,
                undone_by__isnull=True,
            )
            .order_by("-pk")
            .first()
        )
        raise DraftUndoRefused(
            _(
                "the next game is game %(next)s now, so the draft of game %(number)s cannot "
                "open again: undo the save of that game first"
            )
            % {"next": next_number(current), "number": number},
            blocking,
        )
    if GameDraft.objects.filter(campaign=campaign, number=number).exists():
        raise DraftUndoRefused(
            _(
                "another draft of game %(number)s is open: discard it first (the History keeps "
                "its values too)"
            )
            % {"number": number}
        )
    corporations = {c.key: c for c in Corporation.objects.filter(campaign=campaign)}
    gone = [c["name"] for c in snapshot["cards"] if c["corporation"] not in corporations]
    if gone:
        raise DraftUndoRefused(
            ngettext(
                # Translators: %(names)s are corporations' names, joined by commas.
                "%(names)s is no longer in the campaign",
                "%(names)s is no longer in the campaign",
                len(gone),
            )
            % {"names": ", ".join(gone)}
        )
    ids = {snapshot.get("shared_by"), snapshot.get("opened_by")}
    ids |= {c.get("updated_by") for c in snapshot["cards"]}
    users = get_user_model().objects.in_bulk(ids - {None})
    draft = GameDraft.objects.create(
        campaign=campaign,
        number=number,
        shared=snapshot["shared"],
        opened_by=users.get(snapshot.get("opened_by")),
        shared_by=users.get(snapshot.get("shared_by")),
    )
    cards = {c["corporation"]: c for c in snapshot["cards"]}
    SeatCard.objects.bulk_create(
        SeatCard(
            draft=draft,
            corporation=corporation,
            data=cards.get(key, {}).get("data", {}),
            done=cards.get(key, {}).get("done", False),
            revision=1 if cards.get(key, {}).get("written") else 0,
            updated_by=users.get(cards.get(key, {}).get("updated_by")),
        )
        for key, corporation in corporations.items()
    )
    _reopen_guest_seats(draft, corporations, snapshot)
    return ChangeKind.DRAFT_RESTORED, None, draft_snapshot(draft), _details(snapshot)


def _reopen_guest_seats(
    draft: GameDraft, corporations: dict[str, Corporation], snapshot: dict[str, Any]
) -> None:
    """The guests who held seats in the discarded draft hold them again in `draft`, with the
    same links: each seat's row stayed when the draft closed (`GuestSeat.draft` null). A seat
    handed to a member since (`tied_to`), or a corporation a member now holds, stays closed."""
    guests = {
        corporations[c["corporation"]].pk: c["guest"]
        for c in snapshot["cards"]
        if c.get("guest") and corporations[c["corporation"]].holder_id is None
    }
    closed = GuestSeat.objects.filter(
        campaign_id=draft.campaign_id,
        number=draft.number,
        corporation_id__in=guests,
        draft__isnull=True,
        tied_to__isnull=True,
    ).order_by("pk")
    # The latest row of each seat under the guest's name: the one the discard closed.
    latest = {
        seat.corporation_id: seat.pk for seat in closed if seat.name == guests[seat.corporation_id]
    }
    GuestSeat.objects.filter(pk__in=latest.values()).update(draft=draft)
