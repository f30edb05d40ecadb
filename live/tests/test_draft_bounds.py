"""What a draft keeps of its phones stays small whatever clients send (issue 29): every poll
reads it. The phones it tracks and the refused numbers it keeps are bounded on every push, and
a push of more changes than a draft has fields is refused with a sentence, nothing applied."""

import json

import pytest

from live import actions
from live.actions.drafts import (
    MAX_FIELDS,
    MAX_PHONES,
    Change,
    PhonePlace,
    changed_by_others,
)
from live.models import GameDraft
from live.tests.factory import card, open_
from live.tests.test_draft_protocol import field, push

pytestmark = pytest.mark.usefixtures("catalogue")


def _push(campaign, draft, phone, changes):
    return actions.push_changes(
        campaign, draft.number, lambda read: changes, draft_id=draft.pk, phone=phone
    )


def _places(draft) -> dict[str, PhonePlace]:
    phones = GameDraft.objects.get(pk=draft.pk).phones
    return {key: PhonePlace.of(entry) for key, entry in phones.items()}


def test_new_phones_that_change_nothing_are_bounded_too(table):
    """Each push a new phone id, each batch refused (a conflict) or changing nothing: the
    draft still tracks at most MAX_PHONES phones, and keeps the ones that wrote."""
    campaign, people = table
    draft = open_(campaign, people)
    _push(campaign, draft, "the-host", [Change(1, "purple", "credits", "5", "")])
    for n in range(MAX_PHONES + 30):
        changes = [Change(1, "purple", "credits", "9", "0")]  # the phone saw 0: refused
        applied = _push(campaign, draft, f"stranger-{n}", changes)
        assert applied.conflicts and not applied.changed
    places = _places(draft)
    assert len(places) <= MAX_PHONES
    # The one that changed the draft is kept; the oldest of those that changed nothing went.
    assert places["the-host"].last == 1
    assert "stranger-0" not in places and f"stranger-{MAX_PHONES + 29}" in places
    assert card(draft, "purple").data["credits"] == "5"


def test_the_refused_numbers_kept_are_bounded(table):
    """Batches of MAX_FIELDS refused changes from new phones: the numbers kept to refuse
    them again stay within MAX_REFUSED_KEPT for all phones together (the writing phone's
    own always kept), and the host's change still counts as someone's for a save."""
    campaign, people = table
    draft = open_(campaign, people)
    _push(campaign, draft, "the-host", [Change(1, "purple", "credits", "5", "")])
    seen = GameDraft.objects.get(pk=draft.pk).revision
    refused = [Change(n, "purple", "credits", "9", "0") for n in range(1, MAX_FIELDS + 1)]
    for n in range(6):
        _push(campaign, draft, f"stranger-{n}", refused)
    places = _places(draft)
    # Two batches' worth at most (MAX_REFUSED_KEPT).
    assert sum(len(p.refused) for p in places.values()) <= 2 * MAX_FIELDS
    assert len(places["stranger-5"].refused) == MAX_FIELDS
    stored = GameDraft.objects.get(pk=draft.pk)
    assert len(json.dumps(stored.phones)) < 8_000
    # The host's change (the draft's last) still counts as someone's for another phone.
    assert changed_by_others(stored, seen - 1, phone="stranger-5")
    assert not changed_by_others(stored, seen, phone="stranger-5")


def test_a_push_of_more_changes_than_a_draft_has_fields_is_refused_whole(table):
    campaign, people = table
    draft = open_(campaign, people)
    before = GameDraft.objects.get(pk=draft.pk)
    changes = [field(n, "credits", str(n % 20)) for n in range(1, MAX_FIELDS + 2)]
    response = push(people.player, campaign, changes, phone="purple-phone", draft=draft)
    assert response.status_code == 400
    assert response.json()["error"] == (
        f"A push carries at most {MAX_FIELDS} changes; this one carried {MAX_FIELDS + 1}: "
        "nothing was applied. Send them in smaller batches."
    )
    after = GameDraft.objects.get(pk=draft.pk)
    assert (after.revision, after.phones) == (before.revision, before.phones)
    assert card(draft, "purple").data == {}
    # MAX_FIELDS changes are taken.
    response = push(people.player, campaign, changes[:MAX_FIELDS], phone="purple-phone")
    assert response.status_code == 200 and response.json()["applied"] == MAX_FIELDS


@pytest.mark.parametrize("seq", [1, 2])
def test_a_save_refuses_a_draft_changed_after_its_table_was_read(table, seq):
    """The save's table is read before the draft's row is locked; a change stored in between
    (even by the host's own phone) is not in it: refused, nothing saved."""
    campaign, people = table
    draft = open_(campaign, people)
    read_before = GameDraft.objects.get(pk=draft.pk)
    _push(campaign, draft, "host", [Change(seq, "purple", "credits", "5", "")])
    last_game = campaign.games.order_by("-number").first()
    with pytest.raises(actions.DraftRefused) as refused:
        actions.save_draft(
            read_before,
            expected_revision=read_before.revision,
            table=last_game.table,
            played_on=last_game.played_on,
            megastructure=last_game.megastructure,
            phone="host",
            seq=seq + 1,
        )
    assert "someone changed the draft" in refused.value.message
    assert GameDraft.objects.filter(pk=draft.pk).exists()
