"""The draft's plain reads (live.actions.drafts: `read_draft`, `poll_draft`, `kept_panel`)
give what the ORM gives for the same rows: every column through its field's own conversions
(JSON, booleans, dates on SQLite). And a phone's place in its sequence is kept with named keys,
while a draft opened before (its places kept as lists) reads on (issue 29)."""

import json

import pytest
from django.db import transaction
from django.utils import timezone

from live import actions
from live.actions.drafts import (
    _CARD_FIELDS,
    _CORP_FIELDS,
    _DRAFT_FIELDS,
    PhonePlace,
    changed_by_others,
    kept_panel,
    poll_draft,
    read_draft,
)
from live.models import DraftLive, GameDraft, SeatCard
from live.tests.factory import card, open_, poll
from live.tests.test_draft_protocol import field, push

pytestmark = pytest.mark.usefixtures("catalogue")


def _same(raw, orm, names):
    for name in names:
        mine, theirs = getattr(raw, name), getattr(orm, name)
        assert mine == theirs, name
        assert type(mine) is type(theirs), name


@pytest.mark.parametrize("lock", [False, True])
def test_the_plain_read_is_the_orms_read_of_the_same_rows(table, lock):
    campaign, people = table
    draft = open_(campaign, people)
    purple = card(draft, "purple")
    # A list value, a done card, who wrote it, the shared part and the stamps.
    actions.write_card(purple, {"credits": "12", "loans": ["5", "10"]}, done=True, user=None)
    actions.write_card(
        card(draft, "yellow"), {"credits": "3"}, user=people.users["owner"], was={"credits": ""}
    )
    push(people.owner, campaign, [field(1, "mining_tokens", "2", card="teal")], phone="p-1")
    with transaction.atomic():
        read = read_draft(campaign.pk, pk=draft.pk, lock=lock)
    orm = GameDraft.objects.get(pk=draft.pk)
    _same(read.draft, orm, _DRAFT_FIELDS)
    assert read.draft.phones["p-1"] == {"last": 1, "version": orm.revision}
    orm_cards = {
        c.corporation.key: c
        for c in SeatCard.objects.filter(draft=draft).select_related("corporation")
    }
    assert list(read.cards) == list(orm_cards)
    for key, raw in read.cards.items():
        _same(raw, orm_cards[key], _CARD_FIELDS)
        _same(raw.corporation, orm_cards[key].corporation, _CORP_FIELDS)
    assert read.cards["purple"].done is True
    assert read.cards["purple"].data["loans"] == ["5", "10"]
    # The poll's read, the same.
    polled = poll_draft(campaign.pk, pk=draft.pk)
    _same(polled.draft, orm, _DRAFT_FIELDS)
    for key, raw in polled.cards().items():
        _same(raw, orm_cards[key], _CARD_FIELDS)


def test_the_kept_panel_read_is_the_orms(table):
    campaign, people = table
    draft = open_(campaign, people)
    # A poll draws the panel and keeps it.
    assert poll(people.player, campaign, draft, 0, p=0).status_code == 200
    kept = DraftLive.objects.get(draft=draft)
    revision, drawn_at, html = kept_panel(draft, 0, kept.language)
    assert (revision, drawn_at, html) == (kept.revision, kept.drawn_at, kept.html)
    assert drawn_at.tzinfo is not None and drawn_at <= timezone.now()
    # The phone's own version: its HTML is not read again.
    assert kept_panel(draft, kept.revision, kept.language) == (kept.revision, kept.drawn_at, None)


def test_a_draft_opened_before_the_named_places_reads_on(table):
    """An open draft keeps its phones' places as lists [last, version, refused] (the form
    before issue 29): after the upgrade a batch sent again is still applied once, a refused
    change still refused again, and the save still sees who changed what."""
    campaign, people = table
    draft = open_(campaign, people)
    push(people.owner, campaign, [field(1, "credits", "15", was="")], phone="host")
    first = push(
        people.player,
        campaign,
        [field(1, "credits", "14", was=""), field(2, "mining_tokens", "2")],
        phone="purple-phone",
    ).json()
    assert first["applied"] == 2 and len(first["conflicts"]) == 1
    stored = GameDraft.objects.get(pk=draft.pk)
    # As the code before kept them.
    old = {
        key: [p.last, p.version, list(p.refused)] if p.refused else [p.last, p.version]
        for key, p in ((k, PhonePlace.of(v)) for k, v in stored.phones.items())
    }
    assert old["purple-phone"][2] == [1]
    GameDraft.objects.filter(pk=draft.pk).update(phones=old)
    # The batch comes again: nothing applied twice, the refused change refused again.
    again = push(
        people.player,
        campaign,
        [field(1, "credits", "14", was=""), field(2, "mining_tokens", "2")],
        phone="purple-phone",
    ).json()
    assert again["applied"] == 2
    assert [c["field"] for c in again["conflicts"]] == ["credits"]
    assert GameDraft.objects.get(pk=draft.pk).revision == stored.revision
    # A poll tells the phone where it is.
    params = {"phone": "purple-phone"}
    assert poll(people.player, campaign, draft, 0, **params).json()["applied"] == 2
    # Someone else's change after the look refuses the save, read from the old places.
    assert changed_by_others(GameDraft.objects.get(pk=draft.pk), 1, phone="host")
    # The next batch stores the phone's place with named keys.
    push(people.player, campaign, [field(3, "bases_2", "1")], phone="purple-phone")
    phones = GameDraft.objects.get(pk=draft.pk).phones
    assert phones["purple-phone"] == {"last": 3, "version": phones["purple-phone"]["version"]}
    assert json.dumps(phones["host"]).startswith("[")  # untouched, still readable
