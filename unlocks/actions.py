"""The unlocks pages' writes: a section's checklist, its note, a person's reveal.

Each runs in one transaction and records what changed in the campaign's history
(`campaign.actions.record_change`), except a reveal, which is one person's and nobody else's
business. None of them is part of the campaign's log: the replay never reads them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from campaign.actions import record_change
from campaign.models import Campaign, ChangeKind
from hosting.busy import writes
from unlocks.models import ComponentTick, SectionNote, SectionReveal


@writes
def save_checklist(
    campaign: Campaign, section: int, done: Iterable[str], words: Mapping[str, str], *, user=None
) -> None:
    """Store which of section `section`'s components and rule boxes are `done`; the history
    gets one line per item ticked or unticked, in the checklist's `words`.

    Preconditions: `section` is unlocked in `campaign`; `done` are items of its checklist."""
    done = set(done)
    ticks = ComponentTick.objects.filter(campaign=campaign, section=section)
    already = set(ticks.values_list("item", flat=True))
    ticks.exclude(item__in=done).delete()
    ComponentTick.objects.bulk_create(
        ComponentTick(campaign=campaign, section=section, item=item, ticked_by=user)
        for item in sorted(done - already)
    )
    for kind, items in (
        (ChangeKind.COMPONENT_TICKED, done - already),
        (ChangeKind.COMPONENT_UNTICKED, already - done),
    ):
        for item in sorted(items):
            record_change(campaign, kind, f"#{section} {words.get(item, item)}", user=user)


@writes
def save_note(note: SectionNote, *, changed: bool, user=None) -> SectionNote:
    """Store the group's title and note of an untranscribed section (a `SectionNoteForm`'s
    unsaved instance, its campaign and section set); recorded when it `changed`."""
    note.updated_by = user
    note.save()
    if changed:
        record_change(
            note.campaign,
            ChangeKind.SECTION_NOTE_EDITED,
            f"#{note.section} {note.title}".strip(),
            user=user,
        )
    return note


def reveal_section(campaign: Campaign, section: int, *, user, session_key: str) -> None:
    """Show a locked section to this one person (kept on their account: their other phone
    sees it too, nobody else does)."""
    SectionReveal.objects.get_or_create(
        campaign=campaign,
        section=section,
        user=user,
        defaults={"session_key": session_key},
    )


def hide_section(campaign: Campaign, section: int, *, user, session_key: str) -> None:
    """Forget this person's reveal of `section`: it is hidden from them again."""
    SectionReveal.objects.filter(campaign=campaign, section=section).for_person(
        session_key, user
    ).delete()
