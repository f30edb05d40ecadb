"""A game entered by the whole table at once: its draft opened, written a field at a time by
several phones, each seat marked done, then saved through the one writing path.

What the draft holds is form data as people typed it (`GameDraft.shared`, `SeatCard.data`:
field name -> value), so nothing anyone typed is ever lost, even a value the rules refuse.
Every change says what the writer last saw of its field (`was`): when someone else changed
that field meanwhile, it is refused and comes back as a `FieldConflict` with both values, for
the person to choose.

The phones write through `apply_changes` (docs/draft-protocol.md): each phone numbers its
changes 1, 2, 3…, the draft remembers the last number it applied for each phone and applies a
phone's changes once and in order, a field's value and "my card is done" alike. One applied
batch raises the draft's version (`revision`) once and stamps the fields it changed with it,
so a poll answers what changed since the version a phone has.

`save_draft` is the end: in one transaction it checks nobody else changed the draft since the
version the host looked at, stores the game with `save_game` (the log, the history, the
rebuild) and deletes the draft, so a second save of the same game finds nothing to save.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, IntegrityError, connection, connections, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.models import GuestSeat
from campaign.actions.cache import lock_campaign
from campaign.actions.games import save_game
from campaign.models import Campaign, Corporation, Game
from hosting.busy import writes
from live.actions.discards import close_stale_drafts
from live.models import DraftLive, GameDraft, SeatCard
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
        raise DraftRefused("draft", gettext("holds at most %(most)s fields") % {"most": MAX_FIELDS})
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


T = TypeVar("T")


class KeptPerProcess(Generic[T]):
    """A bounded map kept per server process and shared by its threads (gunicorn's `gthread`
    workers): the least recently used entry goes first. Each read and write holds a lock, so a
    thread never finds half of another's work (reading an entry, then moving it to the end,
    raised `KeyError` when another thread had just let it go); what a miss computes is
    computed outside the lock (two threads may both compute it: the same value)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, T] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> T | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: T) -> T:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


# The next game's number by campaign and revision (every change of a campaign gives it a new
# revision), kept per process: a phone's every write asks it, and reading the replay's
# summary to answer costs more than the write.
_NEXT_NUMBERS: KeptPerProcess[int] = KeptPerProcess(1024)


def next_number(campaign: Campaign) -> int:
    """The number of the game the table enters next (the replay's `next_game`)."""
    if campaign.pk is None:
        return campaign.replayed().next_game.number
    key = (campaign.pk, campaign.revision)
    found = _NEXT_NUMBERS.get(key)
    if found is None:
        found = _NEXT_NUMBERS.put(key, campaign.replayed().next_game.number)
    return found


def order_of_play(campaign: Campaign, corporations: list[Corporation]) -> list[str]:
    """The corporations in the campaign's order, starting with the one that takes the first
    player token (Setup step 8: the winner of the last game; the replay's `first_player`)."""
    keys = [c.key for c in corporations]
    first = campaign.replayed().next_game.first_player
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
    closed: discarded with a word when it holds values (`live.actions.discards`).

    Preconditions: the person may enter games (`campaign.access.campaign_for_player`).
    `DraftRefused` when the campaign is over.
    """
    current = lock_campaign(campaign)
    if current.replayed().campaign_over:
        raise DraftRefused(
            "draft", gettext("the campaign is over: a Type VI megastructure has been built")
        )
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
        raise DraftRefused("draft", _GONE % {"number": draft.number})
    return found


_GONE = gettext_lazy(
    "game %(number)s has been saved (or its draft closed) meanwhile: nothing was written"
)


@dataclass
class DraftRead:
    """A draft and its cards as one write (or a poll) reads them: the draft's own columns
    (its dates left unread), each card with its corporation's key, name, holder and order."""

    draft: GameDraft
    # Corporation key -> card, in the campaign's order of corporations.
    cards: dict[str, SeatCard]


def _columns(model: type, wanted: set[str]) -> tuple[str, ...]:
    # In the model's own order of fields: what `Model.from_db` expects of a partial row.
    return tuple(f.attname for f in model._meta.concrete_fields if f.attname in wanted)


_DRAFT_FIELDS = _columns(
    GameDraft,
    {"id", "campaign_id", "number", "shared", "revision", "phones", "stamps"}
    | {"opened_by_id", "shared_by_id"},
)
_CARD_FIELDS = _columns(
    SeatCard, {"id", "draft_id", "corporation_id", "data", "done", "revision", "updated_by_id"}
)
_CORP_FIELDS = _columns(Corporation, {"id", "campaign_id", "key", "name", "holder_id", "order"})
_REVISION = _DRAFT_FIELDS.index("revision")


# Each thread's connection's conversions (`_converters`), worked out once per connection:
# asking every field for them cost more than a poll's own statement.
_CONVERTERS = threading.local()


def _converters(model: type, names: tuple[str, ...]) -> list[tuple[Any, list]]:
    """Each column's conversions from what the database driver returns to the field's Python
    value, as the ORM applies them to a queryset's rows (`SQLCompiler.apply_converters`):
    the backend's (SQLite's booleans and dates) and the field's own `from_db_value` (JSON).
    A raw row read through them is what the ORM would have made of it."""
    wrapper = connections[DEFAULT_DB_ALIAS]
    if getattr(_CONVERTERS, "wrapper", None) is not wrapper:
        _CONVERTERS.wrapper, _CONVERTERS.found = wrapper, {}
    found = _CONVERTERS.found.get((model, names))
    if found is None:
        by_attname = {f.attname: f for f in model._meta.concrete_fields}
        found = []
        for name in names:
            column = by_attname[name].get_col(model._meta.db_table)
            functions = wrapper.ops.get_db_converters(column) + column.get_db_converters(wrapper)
            found.append((column, functions))
        _CONVERTERS.found[(model, names)] = found
    return found


def _converted(row: Sequence[Any], converters: list[tuple[Any, list]]) -> list[Any]:
    values = list(row)
    for index, (column, functions) in enumerate(converters):
        value = values[index]
        for function in functions:
            value = function(value, column, connection)
        values[index] = value
    return values


def _sql_names() -> dict[str, str]:
    return _names_for(connection.vendor)


@functools.cache
def _names_for(vendor: str) -> dict[str, str]:
    quote = connection.ops.quote_name
    return {
        "draft": quote(GameDraft._meta.db_table),
        "card": quote(SeatCard._meta.db_table),
        "corp": quote(Corporation._meta.db_table),
        "live": quote(DraftLive._meta.db_table),
        "draft_columns": ", ".join(f"d.{quote(name)}" for name in _DRAFT_FIELDS),
        "card_columns": ", ".join(f"c.{quote(name)}" for name in _CARD_FIELDS),
        "corp_columns": ", ".join(f"p.{quote(name)}" for name in _CORP_FIELDS),
        "order": quote("order"),
    }


def _which(campaign_id: int, number: int | None, pk: int | None) -> tuple[str, list[Any]]:
    if pk is not None:
        return "d.campaign_id = %s AND d.id = %s", [campaign_id, pk]
    return "d.campaign_id = %s AND d.number = %s", [campaign_id, number]


def _draft_of(row: Sequence[Any]) -> GameDraft:
    values = _converted(row[: len(_DRAFT_FIELDS)], _converters(GameDraft, _DRAFT_FIELDS))
    return GameDraft.from_db(connection.alias, _DRAFT_FIELDS, values)


def _cards_of(draft: GameDraft, rows: Iterable[Sequence[Any]]) -> dict[str, SeatCard]:
    """Each row's card (`_CARD_FIELDS`, then `_CORP_FIELDS`), by its corporation's key."""
    cards: dict[str, SeatCard] = {}
    width = len(_CARD_FIELDS)
    card_converters = corp_converters = None
    for row in rows:
        if row[0] is None:
            continue  # a draft without cards (an outer join's one empty row)
        if card_converters is None:
            card_converters = _converters(SeatCard, _CARD_FIELDS)
            corp_converters = _converters(Corporation, _CORP_FIELDS)
        card = SeatCard.from_db(
            connection.alias, _CARD_FIELDS, _converted(row[:width], card_converters)
        )
        card.corporation = Corporation.from_db(
            connection.alias, _CORP_FIELDS, _converted(row[width:], corp_converters)
        )
        card.draft = draft
        cards[card.corporation.key] = card
    return cards


def _draft_rows(campaign_id: int, number: int | None, pk: int | None, lock: bool) -> list:
    """The draft's row joined with each card's and its corporation's. With `lock` on
    PostgreSQL, the draft's row is locked (`FOR UPDATE OF d`) and the row's revision as the
    statement's snapshot saw it comes last (`d0`, the same row not locked): see
    `read_draft`."""
    names = _sql_names()
    where, params = _which(campaign_id, number, pk)
    locking = lock and connection.features.has_select_for_update
    seen = ", d0.revision" if locking else ""
    again = f"JOIN {names['draft']} d0 ON d0.id = d.id " if locking else ""
    sql = (
        f"SELECT {names['draft_columns']}, {names['card_columns']}, {names['corp_columns']}"
        f"{seen} FROM {names['draft']} d {again}"
        f"LEFT JOIN {names['card']} c ON c.draft_id = d.id "
        f"LEFT JOIN {names['corp']} p ON p.id = c.corporation_id WHERE {where} "
        f"ORDER BY p.{names['order']}, p.id"
    )
    if locking:
        sql += " FOR UPDATE OF d" if connection.features.has_select_for_update_of else " FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    if not locking:
        return rows
    if rows and any(row[_REVISION] != row[-1] for row in rows):
        # The statement waited for another writer's lock. Under READ COMMITTED PostgreSQL
        # then reads the locked row again (its newest version) but every other row of the
        # statement (the cards, `d0`) from its snapshot taken before the wait: the cards as
        # they were before the other writer committed, which written back would undo what it
        # stored (issue 29). Every write of a card raises the draft's revision in the same
        # transaction, so a revision newer than the snapshot's says so; the lock is held now,
        # so a second statement reads every row as committed, without waiting.
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
    return [row[:-1] for row in rows]


def read_draft(
    campaign_id: int, *, number: int | None = None, pk: int | None = None, lock: bool = False
) -> DraftRead | None:
    """The campaign's draft of game `number` (or the draft `pk`) with its cards, in one plain
    statement (the ORM's compiling of the same queries cost more than running them, and this
    is every phone's write), each column through its field's conversions (`_converters`).
    `lock`: the draft's row is held until the transaction ends, which is what every writer
    of a draft or its cards takes first (`apply_changes`, `set_table`, `save_draft`), so its
    cards need no lock of their own; and the cards are read as they are once the lock is
    held (a second statement when the first had to wait for another writer:
    `_draft_rows`)."""
    rows = _draft_rows(campaign_id, number, pk, lock)
    if not rows:
        return None
    draft = _draft_of(rows[0])
    return DraftRead(draft, _cards_of(draft, (row[len(_DRAFT_FIELDS) :] for row in rows)))


@dataclass
class Polled:
    """What a poll reads (`poll_draft`): the draft, and its cards' rows, read into cards only
    when the poll answers more than "nothing new"."""

    draft: GameDraft
    rows: list

    def cards(self) -> dict[str, SeatCard]:
        return _cards_of(self.draft, (row[len(_DRAFT_FIELDS) :] for row in self.rows))


def poll_draft(campaign_id: int, *, number: int | None = None, pk: int | None = None):
    """A poll's one statement (no lock): the draft and its cards, as `read_draft` reads
    them; None when there is no such draft."""
    rows = _draft_rows(campaign_id, number, pk, False)
    return Polled(_draft_of(rows[0]), rows) if rows else None


_LIVE_FIELDS = ("revision", "drawn_at")


def kept_panel(
    draft: GameDraft, panel: int, language: str
) -> tuple[int, datetime.datetime, str | None] | None:
    """The draft's live panel in `language` as kept (`DraftLive`): its version, when it was
    drawn, and its HTML unless it is the version the phone has (`panel`: None then)."""
    names = _sql_names()
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT revision, drawn_at, CASE WHEN revision <> %s THEN html END "
            f"FROM {names['live']} WHERE draft_id = %s AND language = %s",
            [panel, draft.pk, language],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    revision, drawn_at = _converted(row[:2], _converters(DraftLive, _LIVE_FIELDS))
    return revision, drawn_at, row[2]


def _store(read: DraftRead, written: Iterable[SeatCard], writer_id: int | None, shared: bool):
    """The draft's row (and the cards in `written`) as `read` now holds them, in plain
    statements as `read_draft` reads them: on PostgreSQL one statement for all (each card's
    UPDATE a data-modifying WITH of the draft's); elsewhere one each."""
    names = _sql_names()
    draft = read.draft
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    json_field = GameDraft._meta.get_field("shared")

    def as_json(value: Any) -> Any:
        return json_field.get_db_prep_value(value, connection)

    statements: list[tuple[str, list[Any]]] = []
    for card in written:
        statements.append(
            (
                f"UPDATE {names['card']} SET data = %s, done = %s, revision = revision + 1, "
                "updated_by_id = %s, updated_at = %s WHERE id = %s",
                [as_json(card.data), card.done, writer_id, now, card.pk],
            )
        )
        card.revision += 1
        card.updated_by_id = writer_id
    # The shared part only when it changed: it is the draft's largest column.
    columns = ["stamps = %s", "phones = %s", "revision = %s", "updated_at = %s"]
    params = [as_json(draft.stamps), as_json(draft.phones), draft.revision, now]
    if shared:
        columns += ["shared = %s", "shared_by_id = %s"]
        params += [as_json(draft.shared), writer_id]
        draft.shared_by_id = writer_id
    statements.append(
        (f"UPDATE {names['draft']} SET {', '.join(columns)} WHERE id = %s", [*params, draft.pk])
    )
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql" and len(statements) > 1:
            heads = [f"w{n} AS ({sql})" for n, (sql, _) in enumerate(statements[:-1])]
            cursor.execute(
                f"WITH {', '.join(heads)} {statements[-1][0]}",
                [value for _, values in statements for value in values],
            )
        else:
            for sql, values in statements:
                cursor.execute(sql, values)


def _who(user) -> str:
    return user.get_username() if user is not None and user.is_authenticated else ""


# The longest phone id a draft remembers; at most this many phones per draft, and at most
# this many numbers of refused changes kept for all its phones together (each phone's last
# batch's: a batch sent again is refused again, `_refused_again`). Every poll reads what the
# draft keeps of its phones, so whatever clients send, that stays small (issue 29: 300 pushes
# with new phone ids and refused changes made a "nothing new" poll 30 times slower).
MAX_PHONE_ID = 64
MAX_PHONES = 100
MAX_REFUSED_KEPT = 2 * MAX_FIELDS
# A write without a phone (a page without JavaScript, who is at the table): "someone".
NO_PHONE = ""
SHARED = "shared"


@dataclass(frozen=True)
class PhonePlace:
    """A phone's place in its sequence, as the draft keeps it (`GameDraft.phones`, phone id ->
    {"last", "version", "refused"}): the last change number applied, the draft's version its
    last applied change made, and the numbers of the changes of its last batch that were
    refused as conflicts."""

    last: int = 0
    version: int = 0
    refused: tuple[int, ...] = ()

    @classmethod
    def of(cls, entry: Any) -> PhonePlace:
        """The entry as stored, named or (a draft opened before the keys were named) a list
        [last, version, refused]: an open draft reads on after the upgrade."""
        if isinstance(entry, dict):
            return cls(
                int(entry.get("last", 0)),
                int(entry.get("version", 0)),
                tuple(int(n) for n in entry.get("refused", ())),
            )
        if isinstance(entry, (list, tuple)):
            refused = entry[2] if len(entry) > 2 else ()
            return cls(
                int(entry[0]) if entry else 0,
                int(entry[1]) if len(entry) > 1 else 0,
                tuple(int(n) for n in refused),
            )
        return cls()

    def stored(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"last": self.last, "version": self.version}
        if self.refused:
            entry["refused"] = list(self.refused)
        return entry


def phone_place(draft: GameDraft, phone: str | None) -> PhonePlace:
    """Where `phone` is in its sequence, as `draft` keeps it (nothing yet: zeros)."""
    key = NO_PHONE if phone is None else str(phone)[:MAX_PHONE_ID]
    return PhonePlace.of((draft.phones or {}).get(key))


def _bounded_phones(phones: dict[str, Any], keep: str) -> dict[str, Any]:
    """`phones` within `MAX_PHONES` and `MAX_REFUSED_KEPT`: the phones whose last applied
    change is oldest go first (`keep`, the writing phone, and the write without a phone
    never), so those that only sent refused changes go before any that wrote. A save still
    sees someone else's change (`changed_by_others`): every phone kept changed the draft at
    least as late as any let go. A phone let go that sends again has its changes taken as new
    ones, each checked against what it last saw (`was`), so none is applied over someone
    else's without a conflict being shown."""
    places = {key: PhonePlace.of(entry) for key, entry in phones.items()}
    refused = sum(len(place.refused) for place in places.values())
    if len(places) <= MAX_PHONES and refused <= MAX_REFUSED_KEPT:
        return phones
    # Oldest version first; among equals, the one written longest ago (the dict's order).
    order = sorted(
        (key for key in places if key not in (keep, NO_PHONE)),
        key=lambda key: places[key].version,
    )
    for key in order:
        if len(places) <= MAX_PHONES and refused <= MAX_REFUSED_KEPT:
            break
        refused -= len(places.pop(key).refused)
    return {key: place.stored() for key, place in places.items()}


def card_scope(key: str) -> str:
    return f"card:{key}"


@dataclass(frozen=True)
class Change:
    """One change of a phone's sequence: a field's value (`field`, `value`, `was`: what the
    phone last saw there) or "my card is done" (`done`), of a seat's card (`card`, its
    corporation's key) or of the shared part (`card` None)."""

    seq: int
    card: str | None = None
    field: str | None = None
    value: Value | None = None
    was: Value | None = None
    done: bool | None = None


@dataclass
class Applied:
    """What `apply_changes` did: the draft as stored, the phone's last applied number, and the
    changes refused as someone else's newer value (scope, conflict)."""

    draft: GameDraft
    last: int
    conflicts: list[tuple[str, FieldConflict]]
    changed: bool
    # The cards the batch wrote, as stored (corporation key -> card).
    cards: dict[str, SeatCard] = dataclasses.field(default_factory=dict)
    # Every card of the draft as stored now.
    every: dict[str, SeatCard] = dataclasses.field(default_factory=dict)


def _one_value(value: Any) -> Value:
    if isinstance(value, (list, tuple)):
        return [str(v)[:MAX_VALUE_LENGTH] for v in value][:20]
    return "" if value is None else str(value)[:MAX_VALUE_LENGTH]


@writes
def apply_changes(
    draft: GameDraft, changes: Iterable[Change], *, phone: str | None = None, user=None
) -> Applied:
    """Apply a batch of changes to the draft, in their numbers' order, each once.

    `phone` numbers its changes: those at or below the last number the draft applied for it
    were applied already (a batch sent again after its answer was lost) and are skipped. A
    phone's numbers may skip (a field changed twice before it was sent goes once, under its
    last number), never go back. Without `phone` every change is applied (a form posted by a
    page without JavaScript). A field change to a card that was done makes it not done, unless
    a "done" later in the batch says otherwise; a field someone else changed since the writer
    last saw it is refused (`FieldConflict`), as in `_merge`. The version is raised once if
    anything changed, and the fields changed are stamped with it.

    Preconditions: the writer may write each card named and the shared part, and each field
    is one of its form's (the views check both; `push_changes` checks them on the draft it
    holds).
    """
    read = read_draft(draft.campaign_id, pk=draft.pk, lock=True)
    if read is None:
        raise DraftRefused("draft", _GONE % {"number": draft.number})
    return _apply(read, changes, phone=phone, user=user)


@writes
def push_changes(
    campaign: Campaign,
    number: int,
    checked: Callable[[DraftRead], list[Change]],
    *,
    draft_id: int | None = None,
    phone: str,
    user=None,
) -> Applied | None:
    """A phone's batch (docs/draft-protocol.md) in one transaction: the draft of game
    `number` read and held (`read_draft`), the batch checked against it (`checked`: the
    changes to apply, numbered, or an exception that refuses the whole batch, nothing
    written), then applied as `apply_changes` does. None when there is no such draft (or it
    is not `draft_id`: saved, and the next one opened, meanwhile)."""
    read = read_draft(campaign.pk, number=number, lock=True)
    if read is None or (draft_id is not None and read.draft.pk != draft_id):
        return None
    return _apply(read, checked(read), phone=phone, user=user)


@dataclass
class _Batch:
    """One batch being applied (`_apply`): the shared part and the stamps as they become, the
    draft's cards, the scopes it changed, and the changes it refused."""

    version: int
    shared: dict[str, Value]
    stamps: dict[str, dict[str, int]]
    cards: dict[str, SeatCard]
    conflicts: list[tuple[str, FieldConflict]]
    refused_seqs: list[int]
    touched: set[str] = dataclasses.field(default_factory=set)

    def card_of(self, change: Change) -> SeatCard | None:
        """The card `change` writes (None: the shared part)."""
        if change.card is None:
            return None
        card = self.cards.get(change.card)
        if card is None:
            raise DraftRefused(
                "draft", gettext("has no card for %(card)s") % {"card": repr(change.card)}
            )
        return card


def _apply_done(batch: _Batch, card: SeatCard | None, scope: str, done: bool) -> None:
    """A card marked done, or not ("my card is done"); the shared part has no such mark."""
    if card is not None and card.done != done:
        card.done = done
        batch.touched.add(scope)


def _apply_field(batch: _Batch, card: SeatCard | None, scope: str, change: Change) -> None:
    """A field's value, refused when someone else changed it since the writer last saw it
    (`was`), as in `_merge`."""
    name = str(change.field)[:100]
    value = _one_value(change.value)
    was = None if change.was is None else {name: _one_value(change.was)}
    current = batch.shared if card is None else card.data
    merged, refused = _merge(current, {name: value}, was, "")
    if refused:
        # Who wrote theirs: the card's last writer (read only for a conflict).
        by = "" if card is None else _who(card.updated_by)
        batch.conflicts.extend((scope, dataclasses.replace(found, by=by)) for found in refused)
        batch.refused_seqs.append(change.seq)
        return
    if merged == current:
        return
    if card is None:
        batch.shared = merged
    else:
        card.data = merged
        # A card changed after it was marked done is not done any more: its seat says so.
        card.done = False
    batch.stamps.setdefault(scope, {})[name] = batch.version
    batch.touched.add(scope)


def _apply_one(batch: _Batch, change: Change) -> None:
    """One change, by its kind: "done" or a field's value (a change with neither is none)."""
    card = batch.card_of(change)
    scope = SHARED if card is None else card_scope(change.card)
    if change.done is not None:
        _apply_done(batch, card, scope, change.done)
    elif change.field is not None:
        _apply_field(batch, card, scope, change)


def _placed(
    phones: dict[str, Any], key: str, phone: str | None, seq: int, batch: _Batch, mine: PhonePlace
) -> dict[str, Any]:
    """The draft's phones with the writer's new place: its last number `seq`, the version its
    last applied change made, what it had refused. A write without a phone that changed
    nothing leaves them as they were."""
    if phone is None and not batch.touched:
        return phones
    place = PhonePlace(
        seq if phone is not None else 0,
        batch.version if batch.touched else mine.version,
        # A write without a phone is never sent again: nothing to refuse again.
        tuple(batch.refused_seqs) if phone is not None else (),
    )
    # The phone written last goes last: the order `_bounded_phones` lets phones go in.
    phones.pop(key, None)
    phones[key] = place.stored()
    return _bounded_phones(phones, key)


def _apply(read: DraftRead, changes: Iterable[Change], *, phone: str | None, user) -> Applied:
    locked = read.draft
    changes = list(changes)
    if len(changes) > MAX_FIELDS:
        raise DraftRefused(
            "draft", gettext("takes at most %(most)s changes at once") % {"most": MAX_FIELDS}
        )
    phones = dict(locked.phones or {})
    key = NO_PHONE if phone is None else str(phone)[:MAX_PHONE_ID]
    mine = PhonePlace.of(phones.get(key))
    last = mine.last if phone is not None else 0
    todo = sorted((c for c in changes if phone is None or c.seq > last), key=lambda c: c.seq)
    # A batch sent again because its answer was lost: the changes it had refused are refused
    # again (the phone still holds them), not taken for applied and dropped without a word.
    again = _refused_again(read, changes, set(mine.refused), last) if phone is not None else []
    batch = _Batch(
        version=locked.revision + 1,
        shared=dict(locked.shared),
        stamps={scope: dict(fields) for scope, fields in (locked.stamps or {}).items()},
        cards=read.cards,
        conflicts=[found for _, found in again],
        refused_seqs=[seq for seq, _ in again],
    )
    if not todo:
        return Applied(locked, last, batch.conflicts, False, every=read.cards)
    for change in todo:
        _apply_one(batch, change)
    phones = _placed(phones, key, phone, todo[-1].seq, batch, mine)
    if batch.touched:
        locked.shared = batch.shared
        locked.stamps = batch.stamps
        locked.revision = batch.version
    locked.phones = phones
    written = {k: c for k, c in read.cards.items() if card_scope(k) in batch.touched}
    writer = user.pk if user is not None and user.is_authenticated else None
    # Who typed the shared part, for a discard's sentence (live.actions.discards).
    _store(read, written.values(), writer, SHARED in batch.touched)
    applied = PhonePlace.of(phones.get(key)).last if phone is not None else 0
    return Applied(locked, applied, batch.conflicts, bool(batch.touched), written, every=read.cards)


def _refused_again(
    read: DraftRead, changes: list[Change], refused: set[int], last: int
) -> list[tuple[int, tuple[str, FieldConflict]]]:
    """(number, (scope, conflict)) of each change numbered at or below `last` that the draft
    refused when it came first and that still differs from the value stored now."""
    found = []
    for change in (c for c in changes if c.seq <= last and c.seq in refused and c.field):
        card = read.cards.get(change.card) if change.card is not None else None
        data = read.draft.shared if change.card is None else getattr(card, "data", None)
        name, value = str(change.field)[:100], _one_value(change.value)
        if data is not None and value != (now := data.get(name, "")):
            by = "" if card is None else _who(card.updated_by)
            scope = SHARED if card is None else card_scope(change.card)
            found.append((change.seq, (scope, FieldConflict(name, value, now, by))))
    return found


@writes
def write_shared(
    draft: GameDraft,
    values: Mapping[str, Any],
    *,
    was: Mapping[str, Any] | None = None,
    user=None,
) -> tuple[GameDraft, list[FieldConflict]]:
    """Write fields of the draft's shared part (any player may), without a phone's sequence
    (a page without JavaScript). Returns the draft as stored and the fields refused as
    someone else's newer change."""
    cleaned = _clean_values(values)
    seen = _clean_values(was) if was is not None else None
    changes = [
        Change(0, None, name, value, seen.get(name) if seen and name in seen else None)
        for name, value in cleaned.items()
    ]
    applied = apply_changes(draft, changes, user=user)
    return applied.draft, [conflict for _, conflict in applied.conflicts]


@writes
def write_card(
    card: SeatCard,
    values: Mapping[str, Any],
    *,
    was: Mapping[str, Any] | None = None,
    done: bool | None = None,
    user=None,
) -> tuple[SeatCard, list[FieldConflict]]:
    """Write fields of one seat's card, then mark it done or not (`done`), without a phone's
    sequence (a page without JavaScript). Returns the card as stored and the fields refused
    as someone else's newer change.

    Preconditions: the writer may write the card (`may_write_card`); the views check it.
    """
    key = card.corporation.key
    cleaned = _clean_values(values)
    seen = _clean_values(was) if was is not None else None
    changes = [
        Change(0, key, name, value, seen.get(name) if seen and name in seen else None)
        for name, value in cleaned.items()
    ]
    if done is not None:
        changes.append(Change(1, key, done=done))
    applied = apply_changes(card.draft, changes, user=user)
    stored = SeatCard.objects.select_related("corporation", "updated_by").get(pk=card.pk)
    stored.draft = applied.draft
    return stored, [conflict for _, conflict in applied.conflicts]


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
    version = locked.revision + 1
    stamps = {scope: dict(fields) for scope, fields in (locked.stamps or {}).items()}
    for name in set(shared) | set(locked.shared):
        if shared.get(name) != locked.shared.get(name):
            stamps.setdefault(SHARED, {})[name] = version
    phones = dict(locked.phones or {})
    phones.pop(NO_PHONE, None)
    phones[NO_PHONE] = PhonePlace(0, version).stored()
    locked.shared, locked.stamps, locked.phones, locked.revision = shared, stamps, phones, version
    locked.save(update_fields=["shared", "stamps", "phones", "revision", "updated_at"])
    return locked


@writes
def keep_live_panel(draft: GameDraft, revision: int, html: str, language: str) -> None:
    """Keep the live panel drawn for `revision` of the draft in `language`, for every phone
    reading that language and every server process, unless a newer one is kept already. A
    draft saved (deleted) meanwhile keeps nothing."""
    now = timezone.now()
    kept = DraftLive.objects.filter(
        draft_id=draft.pk, language=language, revision__lt=revision
    ).update(revision=revision, html=html, drawn_at=now)
    if kept:
        return
    try:
        with transaction.atomic():
            DraftLive.objects.get_or_create(
                draft_id=draft.pk,
                language=language,
                defaults={"revision": revision, "html": html, "drawn_at": now},
            )
    except IntegrityError:
        return


def claim_live_panel(draft: GameDraft, drawn_at: datetime.datetime, language: str) -> bool:
    """Whether this request draws the draft's next live panel in `language`: the first to mark
    the kept one (drawn at `drawn_at`) as being drawn again, in one statement, does; every
    other request meanwhile (a table's phones ask within the same moments) shows the last one
    drawn instead of drawing the same panel again."""
    claimed = DraftLive.objects.filter(
        draft_id=draft.pk, language=language, drawn_at=drawn_at
    ).update(drawn_at=timezone.now())
    return claimed == 1


def changed_by_others(
    draft: GameDraft, seen: int, *, phone: str | None = None, seq: int | None = None
) -> bool:
    """Whether anyone but `phone` changed the draft after version `seen` (the one the host
    looked at). Without a phone, any change counts. `DraftRefused` when `seq` is at or below
    a number of that phone's already applied: the save arrived after a change typed after it.
    """
    if phone is None:
        return draft.revision != seen
    phones = draft.phones or {}
    key = str(phone)[:MAX_PHONE_ID]
    if seq is not None and seq <= PhonePlace.of(phones.get(key)).last:
        raise DraftRefused(
            "draft",
            gettext(
                "this phone's changes arrived out of order: look at the totals again, then save"
            ),
        )
    return any(PhonePlace.of(entry).version > seen for k, entry in phones.items() if k != key)


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
    phone: str | None = None,
    seq: int | None = None,
    user=None,
) -> Game:
    """Store the draft as the next game (`save_game`: the log, the history, the rebuild) and
    close the draft, all or nothing.

    `table` and the facts are what the draft holds now; `expected_revision` is the version
    the host looked at. With `phone` the save is change `seq` of that phone's sequence: the
    host's own changes applied after that version are theirs, not someone else's, and a save
    numbered at or below a change already applied arrived out of order. `DraftRefused`,
    nothing saved, when someone else changed the draft since (a seat typed something
    meanwhile: look again), when it was saved already, or when its number is no longer the
    next game's. The replay's refusal (`CampaignError`) likewise.
    """
    locked = _locked_draft(draft)
    campaign = lock_campaign(locked.campaign)
    # `table` was read from `draft` before its row was locked: a change stored since (anyone's,
    # the host's own too) is not in what would be saved.
    if locked.revision != draft.revision or changed_by_others(
        locked, expected_revision, phone=phone, seq=seq
    ):
        raise DraftRefused(
            "draft",
            gettext(
                "someone changed the draft while you were looking at it: check the totals "
                "again, then save"
            ),
        )
    if Game.objects.filter(campaign=campaign, number=locked.number).exists():
        raise DraftRefused(
            "draft", gettext("game %(number)s has been saved already") % {"number": locked.number}
        )
    if locked.number != next_number(campaign):
        raise DraftRefused(
            "draft",
            gettext("the next game is game %(next)s, not game %(number)s")
            % {"next": next_number(campaign), "number": locked.number},
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
