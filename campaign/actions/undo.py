"""Undo: put back what one recorded change replaced, recorded as a change of its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import F

from campaign.actions.box import put_box
from campaign.actions.cache import lock_campaign, rebuild
from campaign.actions.campaigns import (
    manual_unlock,
    put_manual_unlock,
    put_settings,
    settings_lines,
)
from campaign.actions.corporations import CORPORATION_KINDS, undo_corporation_change
from campaign.actions.games import (
    GAME_FACTS,
    first_number,
    last_number,
    move,
    shift,
    snapshot,
)
from campaign.actions.history import (
    described,
    described_words,
    downstream_words,
    game_details,
    record,
    when_and_who,
)
from campaign.campaign_io import game_from_dict
from campaign.models import (
    GAME_KINDS,
    UNDOABLE_KINDS,
    Campaign,
    Change,
    ChangeKind,
    Corporation,
    Game,
)
from gamefile.words import Sentence, _
from hosting.busy import writes
from scoring.catalogue import catalogue_from_db
from solar175.box import read_box
from solar175.campaign_file import CampaignError


class UndoRefused(CampaignError):
    """An undo the log no longer allows, or whose result the replay refuses. Nothing changed.

    `message` is the sentence the page shows; `blocking` is the later change to undo first,
    when one is known (the page links to it).
    """

    def __init__(self, message: str, *, path: str = "undo", blocking: Change | None = None):
        super().__init__(path, message)
        self.blocking = blocking


@writes
def undo_change(change: Change, *, user=None) -> Change:
    """Put back what `change` replaced, record the undo as a change of its own, then rebuild.

    - a game added: it leaves the log again (later games move down one);
    - a game deleted: it goes back at its number (that game and later ones move up one);
    - a game edited, moved or its city named: the game as it was before, at its number then,
      its version bumped (an editor working from the version the change left is refused);
    - a manual unlock, a power, settings, the box: back as they were (the box's undo says
      what it changed downstream, as the change did);
    - a draft discarded: open again with every value (`live.actions.discards`).

    The undo records the kind of what it did (undoing a deletion is a game added), the summary
    "undid: …", the snapshots the other way round, and `undoes=change`; it can be undone in
    its turn, which puts the change back. Returns the undo's `Change`.

    Preconditions: none unchecked. `UndoRefused`, with nothing changed, when: the change is of
    a kind the history cannot undo (a campaign created, a checklist tick) or was recorded
    without snapshots; it was undone already; what it changed has changed since (the sentence
    names the later change to undo first, `error.blocking`); or the replay refuses the log with
    the change undone (the replay's sentence and where).
    """
    campaign = change.campaign
    current = lock_campaign(campaign)
    change = Change.objects.get(pk=change.pk)
    if change.kind not in UNDOABLE_KINDS:
        raise UndoRefused(
            _(
                "“%(kind)s” cannot be undone from the history; it is changed on its own page.",
                kind=change.get_kind_display(),
            )
        )
    if change.before is None and change.after is None:
        raise UndoRefused(
            _(
                "This change was recorded before the history kept what it replaced, so it "
                "cannot be undone from here."
            )
        )
    undone = Change.objects.filter(undoes=change).select_related("made_by").first()
    if undone is not None:
        raise UndoRefused(
            # Translators: %(when)s is "on 3 Mar 2026 at 21:05 CET by ann".
            _(
                "This change was already undone %(when)s. Undo that undo to put it back.",
                when=when_and_who(undone),
            ),
            blocking=undone,
        )
    undone_now = UNDO[change.kind](campaign, current, change, user)
    undo = record(
        campaign,
        undone_now.kind,
        user,
        undone_now.number,
        f"undid: {described(change)}",
        details=undone_now.details,
        words=_("undid: %(what)s", what=described_words(change)),
        before=undone_now.before,
        after=undone_now.after,
        undoes=change,
    )
    if undone_now.rebuilt:
        return undo
    try:
        # An undo puts back what the campaign held: a problem of an older game it restores is
        # a warning again, as it was (cache.rebuild).
        rebuild(campaign, stored=True)
    except CampaignError as error:
        raise _refused(error) from error
    return undo


@dataclass(frozen=True)
class Undone:
    """What an undo did, as the History records it: the kind of what it did (undoing a
    deletion is a game added), the game's number when it is about one, the snapshots the other
    way round, the lines of what changed; `rebuilt` when nothing needs replaying after it (a
    draft is not in the campaign file) or it rebuilt the cache itself (the box)."""

    kind: str
    number: int | None
    before: Any
    after: Any
    details: list[str]
    rebuilt: bool = False


def _undo_game_change(campaign: Campaign, current: Campaign, change: Change, user) -> Undone:
    kind, number, before, after = _undo_game(campaign, current, change, user)
    return Undone(
        kind, number, before, after, game_details(before, after, downstream_words(current))
    )


def _undo_corporation(campaign: Campaign, current: Campaign, change: Change, user) -> Undone:
    try:
        kind, before, after, details = undo_corporation_change(campaign, change)
    except CampaignError as error:
        raise UndoRefused(
            _(
                "%(problem)s: this change cannot be undone as it stands.",
                problem=_capitalised(error.message),
            ),
            blocking=_later_change(change, lambda later: later.before == change.after),
        ) from error
    return Undone(kind, None, before, after, details)


def _undo_box(campaign: Campaign, current: Campaign, change: Change, user) -> Undone:
    if read_box(current.box or None, None).as_dict() != read_box(change.after, None).as_dict():
        raise _changed_since(change, _("The box"))
    reference = catalogue_from_db()
    try:
        what, downstream = put_box(
            campaign, current, read_box(change.before, reference), reference, stored=True
        )
    except CampaignError as error:
        raise _refused(error) from error
    return Undone(
        change.kind, None, change.after, change.before, [*what, *downstream], rebuilt=True
    )


def _undo_manual_unlock(campaign: Campaign, current: Campaign, change: Change, user) -> Undone:
    section = change.after["section"]
    if manual_unlock(current, section) != change.after:
        raise _changed_since(change, _("Section #%(section)s’s manual unlock", section=section))
    put_manual_unlock(campaign, current, section, change.before["after_game"])
    return Undone(change.kind, change.before["after_game"], change.after, change.before, [])


def _undo_power(campaign: Campaign, current: Campaign, change: Change, user) -> Undone:
    key = change.after["corporation"]
    corporation = Corporation.objects.get(campaign=campaign, key=key)
    if corporation.power != change.after["power"]:
        raise _changed_since(change, _("The power of %(corporation)s", corporation=key))
    Corporation.objects.filter(pk=corporation.pk).update(power=change.before["power"])
    return Undone(change.kind, None, change.after, change.before, [])


def _undo_settings(campaign: Campaign, current: Campaign, change: Change, user) -> Undone:
    now = current.settings()
    if any(now.get(key) != value for key, value in change.after.items()):
        raise _changed_since(change, _("The settings"))
    put_settings(campaign, change.before)
    return Undone(
        change.kind, None, change.after, change.before, settings_lines(change.after, change.before)
    )


# The undo of each kind of change the History can undo (`UNDOABLE_KINDS`): called inside
# `undo_change`'s transaction, the campaign locked; `UndoRefused` when it cannot be undone.
# A discarded draft's (`DRAFT_KINDS`) is the live table's, registered when it starts
# (`register_undo`, live.apps): the ledger imports no app built on it.
UNDO: dict[str, Callable[[Campaign, Campaign, Change, Any], Undone]] = {
    **dict.fromkeys(GAME_KINDS, _undo_game_change),
    **dict.fromkeys(CORPORATION_KINDS, _undo_corporation),
    ChangeKind.BOX_CHANGED: _undo_box,
    ChangeKind.MANUAL_UNLOCK: _undo_manual_unlock,
    ChangeKind.POWER_SET: _undo_power,
    ChangeKind.SETTINGS_CHANGED: _undo_settings,
}


def register_undo(kinds, undo: Callable[[Campaign, Campaign, Change, Any], Undone]) -> None:
    """`undo` undoes the changes of `kinds` from now on (an app built on the ledger records
    them: the live table's discarded drafts, `live.actions.discards.undo_draft`)."""
    UNDO.update(dict.fromkeys(kinds, undo))


def _refused(error: CampaignError) -> UndoRefused:
    """The replay refuses the log with the change undone: nothing changes."""
    return UndoRefused(
        _(
            "Undoing this change would leave a campaign the rules refuse: %(problem)s "
            "(%(path)s). Nothing was changed.",
            problem=error.message,
            path=error.path,
        ),
        path=error.path,
    )


def _capitalised(sentence: str) -> str:
    """A sentence with its first letter upper case; a rule's `Sentence` keeps its template
    (the person's language has its own case: `hosting.words.translated` says it)."""
    if isinstance(sentence, Sentence):
        return Sentence(
            sentence.template[:1].upper() + sentence.template[1:],
            sentence.params,
            plural=sentence.plural and sentence.plural[:1].upper() + sentence.plural[1:],
            count=sentence.count,
        )
    return sentence[:1].upper() + sentence[1:]


def _undo_game(
    campaign: Campaign, current: Campaign, change: Change, user
) -> tuple[str, int, dict | None, dict | None]:
    """Put the game back as `change.before`; returns the undo's kind, number and snapshots."""
    before, after = change.before, change.after
    game = None
    if after is not None:
        # The game must still be as the change left it, at the number it left it.
        game = (
            Game.objects.select_for_update()
            .filter(campaign=campaign, number=after["number"])
            .first()
        )
        if game is None or snapshot(game) != after:
            raise _changed_since(change, _("Game %(number)s", number=after["number"]))
        game.campaign = campaign
    if before is None:
        number = game.number
        last = last_number(campaign)
        game.delete()
        shift(campaign, first=number + 1, last=last, by=-1)
        return ChangeKind.GAME_DELETED, number, after, None
    if after is None:
        number = before["number"]
        first, last = first_number(current), last_number(campaign)
        if not first <= number <= max(last, first - 1) + 1:
            raise UndoRefused(
                _(
                    "The log now ends at game %(last)s, so game %(number)s cannot go back in its "
                    "place: undo the later deletions first (newest first).",
                    last=last,
                    number=number,
                ),
                blocking=_later_change(change, lambda later: later.before is not None),
            )
        shift(campaign, first=number, last=last, by=1)
        game = game_from_dict(campaign, before, user=user)
        game.save(force_insert=True)
        return ChangeKind.GAME_ADDED, number, None, snapshot(game)
    restored = game_from_dict(campaign, before)
    for field in GAME_FACTS:
        setattr(game, field, getattr(restored, field))
    game.version = F("version") + 1
    game.updated_by = user
    game.save()
    game.refresh_from_db(fields=["version"])
    if before["number"] != game.number:
        game = move(game, before["number"])
    return change.kind, game.number, after, snapshot(game)


def _changed_since(change: Change, what: str) -> UndoRefused:
    """The refusal of an undo whose subject (`what`, "The box") is no longer as `change` left
    it."""
    blocking = _later_change(change, lambda later: later.before == change.after)
    if blocking is None:
        return UndoRefused(
            _(
                "%(what)s is no longer as this change left it (the log has changed around it "
                "since): undo the later changes first, newest first.",
                what=what,
            )
        )
    return UndoRefused(
        # Translators: %(when)s is "on 3 Mar 2026 at 21:05 CET by ann".
        _(
            "%(what)s has been changed since: “%(kind)s” %(when)s. Undo that later change first.",
            what=what,
            kind=blocking.get_kind_display(),
            when=when_and_who(blocking),
        ),
        blocking=blocking,
    )


def _later_change(change: Change, started_from) -> Change | None:
    """The first change after `change`, of the same subject and not undone, that
    `started_from` accepts: the one that changed what `change` left."""
    kinds = GAME_KINDS if change.kind in GAME_KINDS else {change.kind}
    later = (
        Change.objects.filter(
            campaign_id=change.campaign_id,
            pk__gt=change.pk,
            kind__in=kinds,
            undone_by__isnull=True,
        )
        .select_related("made_by")
        .order_by("pk")
    )
    return next((each for each in later if started_from(each)), None)
