"""The unlocks pages' writes: a section's checklist, its note, a person's reveal.

Each runs in one transaction and records what changed in the campaign's history
(`campaign.actions.record_change`), except a reveal, which is one person's and nobody else's
business. None of them is part of the campaign's log: the replay never reads them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _

from campaign.actions import record_change
from campaign.models import Campaign, ChangeKind
from gamefile.words import Sentence
from hosting.busy import writes
from unlocks.models import ComponentTick, SectionNote, SectionReveal


@writes
def save_checklist(
    campaign: Campaign,
    section: int,
    done: Iterable[str],
    words: Mapping[str, str],
    *,
    shown: Iterable[str] | None = None,
    user=None,
) -> None:
    """Store what this person changed on section `section`'s checklist: the items they ticked
    (in `done`, not in `shown`, the items their form showed ticked) and unticked (in `shown`,
    not in `done`). An item someone else ticked or unticked meanwhile is left as they left it.
    `shown=None` (a form that does not say): only ticks, never an untick. The history gets one
    line per item ticked or unticked, in the checklist's `words`.

    Preconditions: `section` is unlocked in `campaign`; `done` are items of its checklist."""
    done = set(done)
    shown = set(shown) if shown is not None else None
    # One checklist write per campaign at a time (its row held to the end of the transaction):
    # two people ticking the same item at once read "not ticked" both, and the second insert
    # failed on the item's unique constraint (a 500; bench concurrency on PostgreSQL, served
    # by threads). The second now finds it ticked and leaves it as it is.
    Campaign.objects.select_for_update().filter(pk=campaign.pk).exists()
    ticks = ComponentTick.objects.filter(campaign=campaign, section=section)
    already = set(ticks.values_list("item", flat=True))
    ticked = done - already if shown is None else (done - shown) - already
    unticked = set() if shown is None else (shown - done) & already
    ticks.filter(item__in=unticked).delete()
    ComponentTick.objects.bulk_create(
        ComponentTick(campaign=campaign, section=section, item=item, ticked_by=user)
        for item in sorted(ticked)
    )
    for kind, items in (
        (ChangeKind.COMPONENT_TICKED, ticked),
        (ChangeKind.COMPONENT_UNTICKED, unticked),
    ):
        for item in sorted(items):
            # "#3 Open envelope 1": the item's sentence kept, said in each reader's language.
            said = Sentence(
                "#%(section)s %(item)s", {"section": section, "item": words.get(item, item)}
            )
            record_change(campaign, kind, said, user=user)


class StaleNote(Exception):
    """A note saved by someone else since the person's form was drawn; `note` is it now."""

    def __init__(self, note: SectionNote) -> None:
        super().__init__(_("#%(section)s note saved meanwhile") % {"section": note.section})
        self.note = note


@writes
def save_note(
    note: SectionNote, *, changed: bool, drawn_from: str | None = None, user=None
) -> SectionNote:
    """Store the group's title and note of an untranscribed section (a `SectionNoteForm`'s
    unsaved instance, its campaign and section set); recorded when it `changed`.
    `drawn_from`: when the note the form showed was saved ("" for none); if it has been
    saved since, `StaleNote` and nothing changes."""
    current = (
        SectionNote.objects.select_for_update()
        .filter(campaign=note.campaign, section=note.section)
        .first()
    )
    if drawn_from is not None:
        now = current.updated_at.isoformat() if current is not None else ""
        if now != drawn_from:
            raise StaleNote(current)
    if current is not None:
        note.pk = current.pk
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
