"""The campaign's history: every change recorded, who made it and what it replaced.

`record` writes one `Change` in the transaction of the change itself; `record_change` is for
changes outside the log (checklist ticks, section notes), which the history shows but does not
replay or undo.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.utils import timezone, translation
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext

from campaign.actions.cache import touch
from campaign.models import UNDOABLE_KINDS, Campaign, Change, ChangeKind, Corporation
from gamefile.words import SHORT, Day, Joined, Sentence, _, as_json, from_json, has_words
from hosting.words import day_format
from scoring.catalogue import CatalogueNames
from solar175.box import Box, read_box
from solar175.differences import game_differences
from solar175.downstream import Words, sentence


def record_change(
    campaign: Campaign,
    kind: str,
    summary: str = "",
    *,
    user=None,
    game_number: int | None = None,
    details: Sequence[str] = (),
) -> Change:
    """Record a change to the campaign made outside its log: a checklist item ticked
    (`ChangeKind.COMPONENT_TICKED`/`COMPONENT_UNTICKED`, summary "#3 envelope 1"), a section
    note written (`SECTION_NOTE_EDITED`). It shows on the history page; it is not replayed and
    cannot be undone from there.

    Preconditions: called inside the transaction that makes the change
    (`with transaction.atomic():`), so both are stored or neither. `kind` is not one of the
    log's kinds: those changes go through the actions above, which record them themselves
    (`ValueError` otherwise). `user` is the person signed in, or None.
    """
    if kind in UNDOABLE_KINDS or kind not in ChangeKind.values:
        raise ValueError(f"{kind!r} is recorded by its own action in campaign.actions")
    # Not replayed, but shown (a ticked checklist, a section's note): the pages change.
    touch(campaign)
    return record(campaign, kind, user, game_number, summary, details=details)


def record(
    campaign: Campaign,
    kind: str,
    user,
    game_number: int | None = None,
    summary: str = "",
    *,
    details: Sequence[str] = (),
    before: Any = None,
    after: Any = None,
    undoes: Change | None = None,
    words: Any = None,
) -> Change:
    """Write one `Change`: `summary` and `details` stored in English (their `str`), and what
    their sentences were made of (`gamefile.words.as_json`) beside, when there is anything to
    translate, for the History to say them in the reader's language."""
    details = list(details)
    limit = Change._meta.get_field("summary").max_length
    # `words`: the summary's sentence where its English is told otherwise (an undo's).
    words = summary if words is None else words
    summary_words = as_json(words) if has_words(words) else None
    if len(summary) > limit:
        summary = summary[: limit - 1] + "…"
    return Change.objects.create(
        campaign=campaign,
        kind=kind,
        game_number=game_number,
        summary=str(summary),
        details=[str(line) for line in details],
        summary_words=summary_words,
        details_words=words_of(details),
        before=before,
        after=after,
        undoes=undoes,
        made_by=user,
    )


def record_game_change(
    campaign: Campaign,
    kind: str,
    user,
    before: dict,
    after: dict,
    *,
    summary: str | None = None,
    names: Words | None = None,
) -> Change:
    """A change to one game, its entry before and after, and what changed a line each (in the
    campaign's words: `names`, read from the campaign when not given)."""
    details = game_differences(before, after, names or downstream_words(campaign))
    if summary is None:
        summary = Joined(details) or _("saved unchanged")
    return record(
        campaign, kind, user, after["number"], summary, details=details, before=before, after=after
    )


def downstream_words(campaign: Campaign, box: Box | None = None) -> Words:
    """The words a change's downstream lines speak: the catalogue's names as the campaign's box
    corrects them, and the campaign's own corporations' names."""
    names = CatalogueNames(box if box is not None else read_box(campaign.box or None, None))
    corporations = dict(Corporation.objects.filter(campaign=campaign).values_list("key", "name"))
    return Words(
        sections=names.sections,
        awards=names.awards,
        parties=names.parties,
        corporations=corporations,
        megastructures=names.megastructures,
    )


def words_of(details: Sequence[str]) -> list | None:
    """The details' words as `Change.details_words` keeps them, a line each; None when no line
    holds anything to translate."""
    if not any(has_words(line) for line in details):
        return None
    return [as_json(line) for line in details]


def add_downstream(change: Change, lines: list[str]) -> None:
    """Add to a recorded change what it did downstream (the History shows it, a line each)."""
    if not lines:
        return
    line = _("What it changed downstream: %(changes)s", changes=sentence(lines))
    if change.details_words is None and change.details:
        # The lines before it held nothing to translate: kept as they are.
        change.details_words = list(change.details)
    change.details = [*change.details, str(line)]
    change.details_words = [*(change.details_words or []), as_json(line)]
    Change.objects.filter(pk=change.pk).update(
        details=change.details, details_words=change.details_words
    )


def game_details(before: dict | None, after: dict | None, names: Words | None = None) -> list[str]:
    return game_differences(before, after, names) if before and after else []


def described(change: Change) -> str:
    """A change as its undo's summary names it: "game deleted, game 3 (played on …)"."""
    game = f", game {change.game_number}" if change.game_number is not None else ""
    summary = f" ({change.summary})" if change.summary else ""
    # Stored in the History as its other summaries are: in English, whoever undoes it.
    with translation.override(None):
        kind = str(change.get_kind_display())
    return f"{kind.lower()}{game}{summary}"


def described_words(change: Change) -> Sentence:
    """What `described` says, as the sentence the History says in the reader's language: the
    kind's name (its catalogue entry), the game, the change's own summary in its words (its
    English when it was recorded without them)."""
    with translation.override(None):
        kind = Sentence(str(change.get_kind_display()))
    summary = from_json(change.summary_words) if change.summary_words else change.summary
    number = change.game_number
    if number is not None and summary:
        return _(
            "%(kind)s, game %(number)s (%(summary)s)", kind=kind, number=number, summary=summary
        )
    if number is not None:
        return _("%(kind)s, game %(number)s", kind=kind, number=number)
    if summary:
        return _("%(kind)s (%(summary)s)", kind=kind, summary=summary)
    return kind


def when_and_who(change: Change) -> str:
    """When a change was made and by whom, in the reader's language: "on 14 Dec 2026 at 21:47
    JST by ann". In the campaign's zone (its page frame activates it), named."""
    made_at = timezone.localtime(change.made_at)
    words = {
        "day": date_format(made_at, day_format(SHORT)),
        "time": time_format(made_at, "H:i"),
        "zone": made_at.tzname(),
    }
    if change.made_by_id:
        # Translators: when and by whom a change was made, after a sentence such as "This
        # change was already undone": "on 14 Dec 2026 at 21:47 JST by ann".
        return gettext("on %(day)s at %(time)s %(zone)s by %(who)s") % {
            **words,
            "who": change.made_by,
        }
    # Translators: when a change was made (by someone not signed in): "on 14 Dec 2026 at
    # 21:47 JST".
    return gettext("on %(day)s at %(time)s %(zone)s") % words


def day(iso_date: str) -> Day:
    """A game's date in a summary the History stores (in English: "7 Dec 2026"), keeping the
    date for a page to write it in its reader's language."""
    return Day(datetime.date.fromisoformat(iso_date), SHORT)
