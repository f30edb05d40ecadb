"""Every write to a campaign's log, as verb-named functions (the zulip `actions` habit).

Each action runs in one transaction: it stores the change to the log, records who made it,
then calls `rebuild`, THE one function that re-derives the cache (`Campaign.state`, each
`Game.result`) by replaying the whole log. If the replay refuses the new log — an edit to
game 3 makes game 7's table contradict the rules games 1-6 now derive, say — it raises
`CampaignError`, the transaction rolls back with nothing changed, and the error propagates
for the page to show its sentence (`error.path`, `error.message`).

Every action records a `Change` (who, when, what: the game's file entry before and after) in
the same transaction, and `undo_change` puts back what one of them replaced. Changes outside the
log (checklist ticks, section notes) are recorded with `record_change`.

Views, commands and the import call these; nothing else writes a game or the cache.
"""

from __future__ import annotations

import datetime
import enum
import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone

from campaign.campaign_io import (
    CAMPAIGN_FORMAT,
    CAMPAIGN_VERSION,
    campaign_file_data,
    check_campaign_file,
    game_from_dict,
    game_to_dict,
    unique_slug,
)
from campaign.catalogue import catalogue_from_db
from campaign.models import (
    GAME_KINDS,
    UNDOABLE_KINDS,
    Campaign,
    Change,
    ChangeKind,
    Corporation,
    Game,
    SecondPlaceRounding,
    split_entry,
)
from campaign.replay import CampaignError, Catalogue, replay

# What a game is, besides its number, its derived result and who touched it when.
GAME_FACTS = (
    "played_on",
    "table",
    "megastructure",
    "megastructure_zone",
    "neds_sold_out",
    "census_completed",
    "megastructure_repairs_completed",
    "city_location",
    "city_name",
    "debt_marks",
    "notes",
)
SETTINGS = ("name", "second_place_rounding")

# Renumbering passes every moved game through numbers no game uses, because the unique
# (campaign, number) constraint is checked row by row on SQLite and PostgreSQL.
_RENUMBER_OFFSET = 10000


class Keep(enum.Enum):
    """`save_game`'s default for a fact not given: the game keeps what it has."""

    KEEP = "keep"


KEEP = Keep.KEEP


class StaleGameError(Exception):
    """An edit based on an older version of a game than the one now stored.

    `game` is the game as it is now (its `version`, its `updated_by`, its table), so the page
    can show the person what changed before they try again.
    """

    def __init__(self, game: Game, expected_version: int) -> None:
        super().__init__(
            f"Game {game.number} was changed by someone else (version {game.version}, "
            f"you edited version {expected_version})"
        )
        self.game = game
        self.expected_version = expected_version


class UndoRefused(CampaignError):
    """An undo the log no longer allows, or whose result the replay refuses. Nothing changed.

    `message` is the sentence the page shows; `blocking` is the later change to undo first,
    when one is known (the page links to it).
    """

    def __init__(self, message: str, *, path: str = "undo", blocking: Change | None = None):
        super().__init__(path, message)
        self.blocking = blocking


# --- the cache ---------------------------------------------------------------------------


def rebuild(campaign: Campaign, *, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """Replay the whole log and store the derived state; return it (the replay's whole output).

    Preconditions: called inside the transaction that changed the log (every action here
    does), so a `CampaignError` from the replay rolls the change back. Reads the campaign
    afresh (locking its row), never a caller's possibly stale copy. Stores the output split
    (campaign.models): `Campaign.state` without the `games` list, each game's entry on its
    row (`Game.result` its score, `Game.replay_entry` the rest). Queries, whatever the
    campaign's size: the catalogue's four, the campaign, its corporations, its games, one
    update of the campaign and at most one bulk update of the games whose cache changed.
    """
    if catalogue is None:
        catalogue = catalogue_from_db()
    with transaction.atomic():
        current = _lock_campaign(campaign)
        corporations = list(Corporation.objects.filter(campaign=current))
        games = list(Game.objects.filter(campaign=current))
        state = replay(campaign_file_data(current, corporations, games), catalogue)
        summary = {key: value for key, value in state.items() if key != "games"}
        revision = uuid.uuid4()
        Campaign.objects.filter(pk=current.pk).update(state=summary, revision=revision)
        entries = _game_entries(state)
        changed = []
        for game in games:
            entry, result = entries.get(game.number, ({}, {}))
            if game.result != result or game.replay_entry != entry:
                game.result = result
                game.replay_entry = entry
                changed.append(game)
        if changed:
            Game.objects.bulk_update(changed, ["result", "replay_entry"])
    campaign.state, campaign.revision = summary, revision
    return state


def _game_entries(state: Mapping[str, Any]) -> dict[int, tuple[dict, dict]]:
    """Each game's entry of the replay's per-game extras, split as stored: (the rest, the
    score)."""
    return {entry["number"]: split_entry(entry) for entry in state.get("games", [])}


# --- campaigns ---------------------------------------------------------------------------


def create_campaign(
    name: str,
    corporations: Sequence[Mapping[str, Any]],
    settings: Mapping[str, Any] | None = None,
    opening: Mapping[str, Any] | None = None,
    *,
    user=None,
) -> Campaign:
    """Start a campaign with no games played (or from an `opening` snapshot).

    Preconditions: none that are not checked first: `corporations` are dicts with `key`,
    `name`, optional `player`, `ai` and `power` (2 to 5 of them, keys unique); `settings` may
    give `second_place_rounding`; `opening` is null or the CONTRACTS.md §2 snapshot. Anything
    wrong raises `CampaignError` naming the field, and nothing is written.
    """
    data = {
        "format": CAMPAIGN_FORMAT,
        "version": CAMPAIGN_VERSION,
        "name": name,
        "settings": {
            "second_place_rounding": (settings or {}).get(
                "second_place_rounding", SecondPlaceRounding.DOWN
            )
        },
        "corporations": [
            {
                "key": corp.get("key"),
                "name": corp.get("name", corp.get("key")),
                "player": corp.get("player") or "",
                "ai": bool(corp.get("ai", False)),
            }
            for corp in corporations
        ],
        "opening": opening,
        "games": [],
        "manual_unlocks": [],
        "powers": {corp.get("key"): corp["power"] for corp in corporations if corp.get("power")},
    }
    return create_campaign_from_file(data, user=user, kind=ChangeKind.CAMPAIGN_CREATED)


def create_campaign_from_file(
    data: Any, *, user=None, kind: str = ChangeKind.CAMPAIGN_IMPORTED
) -> Campaign:
    """A new campaign holding a whole campaign file: its corporations, games and cache.

    Preconditions: none: the file is checked in full (structure, what the database can hold,
    a whole replay) before the one transaction that writes it; `CampaignError` otherwise.
    """
    catalogue = catalogue_from_db()
    check_campaign_file(data, catalogue)
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=data["name"],
            slug=unique_slug(data["name"]),
            second_place_rounding=(data.get("settings") or {}).get(
                "second_place_rounding", SecondPlaceRounding.DOWN
            ),
            opening=data.get("opening"),
            manual_unlocks=list(data.get("manual_unlocks") or []),
        )
        powers = data.get("powers") or {}
        Corporation.objects.bulk_create(
            Corporation(
                campaign=campaign,
                key=corp["key"],
                name=corp.get("name", corp["key"]),
                player=corp.get("player") or "",
                ai=bool(corp.get("ai", False)),
                power=powers.get(corp["key"]) or "",
                order=index,
            )
            for index, corp in enumerate(data["corporations"])
        )
        games = data.get("games") or []
        Game.objects.bulk_create(game_from_dict(campaign, game, user=user) for game in games)
        summary = data["name"] if kind == ChangeKind.CAMPAIGN_CREATED else f"{len(games)} games"
        _record(campaign, kind, user, summary=summary)
        rebuild(campaign, catalogue=catalogue)
    return campaign


# --- games -------------------------------------------------------------------------------


@transaction.atomic
def save_game(
    campaign: Campaign,
    *,
    table: Mapping[str, Any],
    played_on: datetime.date,
    megastructure: str,
    megastructure_zone: int | None | Keep = KEEP,
    number: int | None = None,
    neds_sold_out: bool | Keep = KEEP,
    census_completed: bool | Keep = KEEP,
    megastructure_repairs_completed: bool | Keep = KEEP,
    city_location: str | Keep = KEEP,
    city_name: str | Keep = KEEP,
    debt_marks: Iterable[Mapping[str, Any]] | Keep = KEEP,
    notes: str | Keep = KEEP,
    game: Game | None = None,
    expected_version: int | None = None,
    user=None,
) -> Game:
    """Add a game to the log (`game=None`) or edit one (`game=` it), then rebuild.

    `table`, `played_on` and `megastructure` are always given. The other facts, left out,
    keep what the game has (a new game: none, false, empty), so a form that does not show the
    city or a Type III game's stated zone does not erase them.
    Adding: `number=None` appends after the last game (game `after_game + 1` first when the
    campaign opened from a snapshot); a `number` already taken inserts the game there and
    moves that game and every later one up by one.
    Editing: `expected_version` is the version the person started editing from; if the game
    has been saved since, `StaleGameError` (carrying the game as it is now) and nothing
    changes. A `number` other than the game's own moves it, as `move_game` does.
    Preconditions: `table` is the campaign shape of CONTRACTS.md §1 (the derived keys left
    out); `megastructure` a catalogue key; `megastructure_zone` only for a megastructure the
    catalogue places nowhere; a city needs both its location and its name. Anything the
    replay refuses raises `CampaignError`.
    """
    given = {
        "megastructure_zone": megastructure_zone,
        "neds_sold_out": neds_sold_out,
        "census_completed": census_completed,
        "megastructure_repairs_completed": megastructure_repairs_completed,
        "city_location": city_location,
        "city_name": city_name,
        "debt_marks": debt_marks,
        "notes": notes,
    }
    facts = {name: value for name, value in given.items() if value is not KEEP}
    if "debt_marks" in facts:
        facts["debt_marks"] = [dict(mark) for mark in facts["debt_marks"]]
    fields = {"table": dict(table), "played_on": played_on, "megastructure": megastructure}
    _lock_campaign(campaign)
    if game is None:
        first = _first_number(campaign)
        last = max(_last_number(campaign), first - 1)
        if number is None or number > last:
            number = last + 1
        _check_number(campaign, number)
        _shift(campaign, first=number, last=last, by=1)
        game = Game(campaign=campaign, number=number, created_by=user, updated_by=user)
        _set_facts(game, fields | facts)
        game.save(force_insert=True)
        after = _snapshot(game)
        moved = f"; {_games(number + 1, last + 1)} moved up one" if number <= last else ""
        _record(
            campaign,
            ChangeKind.GAME_ADDED,
            user,
            number,
            f"played on {_day(after['played_on'])}{moved}",
            after=after,
        )
    else:
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.campaign_id != campaign.pk:
            raise ValueError(f"{game} is not a game of {campaign}")
        game.campaign = campaign
        if expected_version is not None and expected_version != game.version:
            raise StaleGameError(game, expected_version)
        before = _snapshot(game)
        _set_facts(game, fields | facts)
        game.version = F("version") + 1
        game.updated_by = user
        game.save()
        game.refresh_from_db(fields=["version"])
        if number is not None and number != game.number:
            game = _move(game, number)
        _record_game_change(campaign, ChangeKind.GAME_EDITED, user, before, _snapshot(game))
    rebuild(campaign)
    game.refresh_from_db(fields=["result", "replay_entry"])
    return game


@transaction.atomic
def delete_game(game: Game, *, user=None) -> None:
    """Remove a game from the log; later games move down one number, then rebuild.

    Preconditions: `game` belongs to a campaign. The replay may refuse the shorter log (a later
    table relied on a section this game unlocked): `CampaignError`, nothing deleted.
    """
    game = _lock(game)
    campaign = game.campaign
    number = game.number
    before = _snapshot(game)
    game.delete()
    last = _last_number(campaign)
    _shift(campaign, first=number + 1, last=last, by=-1)
    moved = f"; {_games(number + 1, last)} moved down one" if number < last else ""
    _record(
        campaign,
        ChangeKind.GAME_DELETED,
        user,
        number,
        f"played on {_day(before['played_on'])}{moved}",
        before=before,
    )
    rebuild(campaign)


@transaction.atomic
def move_game(game: Game, new_number: int, *, user=None) -> Game:
    """Put a game at another place in the log (games in between close up), then rebuild.

    Preconditions: `new_number` is a game of the log (from 1, or from the game after the
    opening snapshot, to the last); `CampaignError` otherwise.
    """
    game = _lock(game)
    old_number = game.number
    before = _snapshot(game)
    game = _move(game, new_number)
    _record_game_change(
        game.campaign,
        ChangeKind.GAME_MOVED,
        user,
        before,
        _snapshot(game),
        summary=f"from {old_number} to {new_number}",
    )
    rebuild(game.campaign)
    game.refresh_from_db(fields=["result", "replay_entry"])
    return game


@transaction.atomic
def name_city(game: Game, location: str, name: str, *, user=None) -> Game:
    """Record the city the game's winner named (empty `name` clears it), then rebuild.

    Preconditions: none the replay refuses: a location that is not a base location card, or
    whose naming spaces are full, is recorded and shows in `Campaign.state["warnings"]` ("Solar
    175 is designed to be robust to mistakes and house rules").
    """
    game = _lock(game)
    before = _snapshot(game)
    game.city_location = location if name else ""
    game.city_name = name if location else ""
    game.version = F("version") + 1
    game.updated_by = user
    game.save(update_fields=["city_location", "city_name", "version", "updated_by", "updated_at"])
    game.refresh_from_db(fields=["version"])
    summary = f"{name} on {location}" if game.city_name else "no city named"
    _record_game_change(
        game.campaign, ChangeKind.CITY_NAMED, user, before, _snapshot(game), summary=summary
    )
    rebuild(game.campaign)
    return game


# --- the group's decisions -----------------------------------------------------------------


@transaction.atomic
def set_manual_unlock(
    campaign: Campaign, section: int, after_game: int | None, *, user=None
) -> Campaign:
    """The group unlocks `section` after game `after_game` (#19 "whenever you feel ready");
    `after_game=None` takes that decision back. Then rebuild.

    Preconditions: the section allows a manual unlock at that point; the replay refuses one
    that does not (`CampaignError`).
    """
    current = _lock_campaign(campaign)
    before = _manual_unlock(current, section)
    _set_manual_unlock(campaign, current, section, after_game)
    summary = (
        f"#{section} after game {after_game}" if after_game is not None else f"#{section} undone"
    )
    _record(
        campaign,
        ChangeKind.MANUAL_UNLOCK,
        user,
        after_game,
        summary,
        before=before,
        after={"section": section, "after_game": after_game},
    )
    rebuild(campaign)
    return campaign


@transaction.atomic
def set_power(corporation: Corporation, power: str, *, user=None) -> Corporation:
    """Give `corporation` its permanent player power (#7); an empty `power` clears it.

    Preconditions: `power` is a player power key (CONTRACTS.md §2 `powers`) no other
    corporation of the campaign holds ("Players now choose a unique player power"); the replay
    refuses anything else (`CampaignError`).
    """
    campaign = corporation.campaign
    _lock_campaign(campaign)
    old = Corporation.objects.values_list("power", flat=True).get(pk=corporation.pk)
    Corporation.objects.filter(pk=corporation.pk).update(power=power)
    corporation.power = power
    _record(
        campaign,
        ChangeKind.POWER_SET,
        user,
        summary=f"{corporation.key}: {power or 'none'}",
        before={"corporation": corporation.key, "power": old},
        after={"corporation": corporation.key, "power": power},
    )
    rebuild(campaign)
    return corporation


@transaction.atomic
def update_settings(
    campaign: Campaign,
    *,
    name: str | Keep = KEEP,
    second_place_rounding: str | Keep = KEEP,
    user=None,
) -> Campaign:
    """Rename the campaign or change how second place rounds (RULES-NOTES §1), then rebuild.

    A setting left out keeps its value; the slug stays as it is. Nothing is recorded when
    nothing changes. Preconditions: none unchecked: an empty or too long `name`, or a rounding
    that is not `down` or `up`, raises `CampaignError` naming it, and nothing is written.
    """
    given = {"name": name, "second_place_rounding": second_place_rounding}
    wanted = {key: value for key, value in given.items() if value is not KEEP}
    if "name" in wanted:
        wanted["name"] = str(wanted["name"]).strip()
        limit = Campaign._meta.get_field("name").max_length
        if not wanted["name"] or len(wanted["name"]) > limit:
            raise CampaignError("name", f"must be 1 to {limit} characters long")
    rounding = wanted.get("second_place_rounding", SecondPlaceRounding.DOWN)
    if rounding not in SecondPlaceRounding.values:
        raise CampaignError(
            "settings.second_place_rounding", f'must be "down" or "up", not "{rounding}"'
        )
    current = _lock_campaign(campaign)
    before = {key: getattr(current, key) for key in wanted if getattr(current, key) != wanted[key]}
    if not before:
        return campaign
    after = {key: wanted[key] for key in before}
    _set_settings(campaign, after)
    details = [f"{_words(key)} {before[key]} → {after[key]}" for key in before]
    _record(
        campaign,
        ChangeKind.SETTINGS_CHANGED,
        user,
        summary="; ".join(details),
        details=details,
        before=before,
        after=after,
    )
    rebuild(campaign)
    return campaign


# --- the history ---------------------------------------------------------------------------


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
    return _record(campaign, kind, user, game_number, summary, details=details)


def touch(*campaigns: Campaign) -> None:
    """Give `campaigns` (every campaign when none is named) a new revision: what their pages
    show has changed, so their cached bodies (campaign.page_cache) are not read again.
    `rebuild` does it itself; this is for changes the replay does not see."""
    queryset = Campaign.objects.all()
    if campaigns:
        queryset = queryset.filter(pk__in=[campaign.pk for campaign in campaigns])
    queryset.update(revision=uuid.uuid4())


@transaction.atomic
def undo_change(change: Change, *, user=None) -> Change:
    """Put back what `change` replaced, record the undo as a change of its own, then rebuild.

    - a game added: it leaves the log again (later games move down one);
    - a game deleted: it goes back at its number (that game and later ones move up one);
    - a game edited, moved or its city named: the game as it was before, at its number then,
      its version bumped (an editor working from the version the change left is refused);
    - a manual unlock, a power, settings: back as they were.

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
    current = _lock_campaign(campaign)
    change = Change.objects.get(pk=change.pk)
    if change.kind not in UNDOABLE_KINDS:
        raise UndoRefused(
            f"“{change.get_kind_display()}” cannot be undone from the history; it is changed "
            "on its own page."
        )
    if change.before is None and change.after is None:
        raise UndoRefused(
            "This change was recorded before the history kept what it replaced, so it cannot "
            "be undone from here."
        )
    undone = Change.objects.filter(undoes=change).select_related("made_by").first()
    if undone is not None:
        raise UndoRefused(
            f"This change was already undone {_when_and_who(undone)}. Undo that undo to put "
            "it back.",
            blocking=undone,
        )
    if change.kind in GAME_KINDS:
        kind, number, before, after = _undo_game(campaign, current, change, user)
        details = _game_details(before, after)
    elif change.kind == ChangeKind.MANUAL_UNLOCK:
        section = change.after["section"]
        if _manual_unlock(current, section) != change.after:
            raise _changed_since(change, f"Section #{section}’s manual unlock")
        _set_manual_unlock(campaign, current, section, change.before["after_game"])
        kind, number = change.kind, change.before["after_game"]
        before, after, details = change.after, change.before, []
    elif change.kind == ChangeKind.POWER_SET:
        key = change.after["corporation"]
        corporation = Corporation.objects.get(campaign=campaign, key=key)
        if corporation.power != change.after["power"]:
            raise _changed_since(change, f"The power of {key}")
        Corporation.objects.filter(pk=corporation.pk).update(power=change.before["power"])
        kind, number = change.kind, None
        before, after, details = change.after, change.before, []
    else:
        if any(getattr(current, key) != value for key, value in change.after.items()):
            raise _changed_since(change, "The settings")
        _set_settings(campaign, change.before)
        kind, number = change.kind, None
        before, after = change.after, change.before
        details = [f"{_words(key)} {before[key]} → {after[key]}" for key in before]
    undo = _record(
        campaign,
        kind,
        user,
        number,
        f"undid: {_described(change)}",
        details=details,
        before=before,
        after=after,
        undoes=change,
    )
    try:
        rebuild(campaign)
    except CampaignError as error:
        raise UndoRefused(
            "Undoing this change would leave a campaign the rules refuse: "
            f"{error.message} ({error.path}). Nothing was changed.",
            path=error.path,
        ) from error
    return undo


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
        if game is None or _snapshot(game) != after:
            raise _changed_since(change, f"Game {after['number']}")
        game.campaign = campaign
    if before is None:
        number = game.number
        last = _last_number(campaign)
        game.delete()
        _shift(campaign, first=number + 1, last=last, by=-1)
        return ChangeKind.GAME_DELETED, number, after, None
    if after is None:
        number = before["number"]
        first, last = _first_number(current), _last_number(campaign)
        if not first <= number <= max(last, first - 1) + 1:
            raise UndoRefused(
                f"The log now ends at game {last}, so game {number} cannot go back in its "
                "place: undo the later deletions first (newest first).",
                blocking=_later_change(change, lambda later: later.before is not None),
            )
        _shift(campaign, first=number, last=last, by=1)
        game = game_from_dict(campaign, before, user=user)
        game.save(force_insert=True)
        return ChangeKind.GAME_ADDED, number, None, _snapshot(game)
    restored = game_from_dict(campaign, before)
    for field in GAME_FACTS:
        setattr(game, field, getattr(restored, field))
    game.version = F("version") + 1
    game.updated_by = user
    game.save()
    game.refresh_from_db(fields=["version"])
    if before["number"] != game.number:
        game = _move(game, before["number"])
    return change.kind, game.number, after, _snapshot(game)


def _changed_since(change: Change, what: str) -> UndoRefused:
    """The refusal of an undo whose subject is no longer as `change` left it."""
    blocking = _later_change(change, lambda later: later.before == change.after)
    if blocking is None:
        return UndoRefused(
            f"{what} is no longer as this change left it (the log has changed around it "
            "since): undo the later changes first, newest first."
        )
    return UndoRefused(
        f"{what} has been changed since: “{blocking.get_kind_display()}” "
        f"{_when_and_who(blocking)}. Undo that later change first.",
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


def _described(change: Change) -> str:
    """A change as its undo's summary names it: "game deleted, game 3 (played on …)"."""
    game = f", game {change.game_number}" if change.game_number is not None else ""
    summary = f" ({change.summary})" if change.summary else ""
    return f"{change.get_kind_display().lower()}{game}{summary}"


def _when_and_who(change: Change) -> str:
    made_at = timezone.localtime(change.made_at)
    who = f" by {change.made_by}" if change.made_by_id else ""
    return f"on {made_at.day} {made_at:%b %Y at %H:%M}{who}"


def _day(iso_date: str) -> str:
    day = datetime.date.fromisoformat(iso_date)
    return f"{day.day} {day:%b %Y}"


# --- what changed --------------------------------------------------------------------------

_GAME_FIELDS = (
    ("played_on", "played on"),
    ("megastructure", "megastructure"),
    ("megastructure_zone", "megastructure zone"),
    ("neds_sold_out", "NEDs sold out"),
    ("census_completed", "census completed"),
    ("megastructure_repairs_completed", "megastructure repairs completed"),
)
_HUBS = ("hensler", "ufss", "military")


def game_differences(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """What changed between two entries of a game (`campaign_io.game_to_dict`), a line each,
    in the group's words: "credits of purple 12 → 14", "city Mars/New Caro added"."""
    lines = []
    if before.get("number") != after.get("number"):
        lines.append(f"moved from game {before.get('number')} to {after.get('number')}")
    for key, label in _GAME_FIELDS:
        if before.get(key) != after.get(key):
            lines.append(f"{label} {_shown(before.get(key))} → {_shown(after.get(key))}")
    old_city, new_city = _city(before), _city(after)
    if old_city != new_city:
        if not old_city:
            lines.append(f"city {new_city} added")
        elif not new_city:
            lines.append(f"city {old_city} removed")
        else:
            lines.append(f"city {old_city} → {new_city}")
    old_marks, new_marks = _debt_marks(before), _debt_marks(after)
    if old_marks != new_marks:
        lines.append(f"debt marks {old_marks} → {new_marks}")
    old_table, new_table = _table_facts(before.get("table")), _table_facts(after.get("table"))
    old_players, new_players = _players(before.get("table")), _players(after.get("table"))
    lines += [f"{key} added to the table" for key in new_players if key not in old_players]
    lines += [f"{key} taken off the table" for key in old_players if key not in new_players]
    # A player added or taken off is one line, not one per thing they held.
    whole = tuple(f" of {key}" for key in set(old_players) ^ set(new_players))
    for label in [*new_table, *(label for label in old_table if label not in new_table)]:
        old, new = old_table.get(label), new_table.get(label)
        if old != new and not (whole and label.endswith(whole)):
            lines.append(f"{label} {_shown(old)} → {_shown(new)}")
    old_notes, new_notes = before.get("notes") or "", after.get("notes") or ""
    if old_notes != new_notes:
        lines.append(
            "notes added" if not old_notes else "notes removed" if not new_notes else "notes edited"
        )
    return lines


def _table_facts(table: Any) -> dict[str, Any]:
    """A table's values by the label the history gives them ("credits of purple")."""
    if not isinstance(table, Mapping):
        return {}
    facts: dict[str, Any] = {}
    for player in table.get("players") or []:
        corporation = player.get("corporation", "?")
        for key, value in player.items():
            if key == "corporation":
                continue
            if key == "outposts" and isinstance(value, Mapping):
                for zone, count in value.items():
                    facts[f"outposts in zone {zone} of {corporation}"] = count
            else:
                facts[f"{_words(key)} of {corporation}"] = value
    hubs = table.get("hubs") or {}
    for name in _HUBS:
        for key, value in (hubs.get(name) or {}).items():
            facts[f"{name} hub {_words(key)}"] = value
    for zone, hub in (hubs.get("zones") or {}).items():
        for key, value in (hub or {}).items():
            facts[f"zone {zone} hub {_words(key)}"] = value
    for party, count in (table.get("ballots") or {}).items():
        facts[f"ballots {_words(party)}"] = count
    for card, count in (table.get("hire_cards_left") or {}).items():
        facts[f"{card} hire cards left"] = count
    for key, value in table.items():
        if key not in ("players", "hubs", "ballots", "hire_cards_left"):
            facts[_words(key)] = value
    return facts


def _players(table: Any) -> list[str]:
    if not isinstance(table, Mapping):
        return []
    return [player.get("corporation", "?") for player in table.get("players") or []]


def _city(game: Mapping[str, Any]) -> str:
    city = game.get("named_city") or {}
    return f"{city.get('location')}/{city.get('name')}" if city else ""


def _debt_marks(game: Mapping[str, Any]) -> str:
    marks = game.get("debt_marks") or []
    return ", ".join(f"{m.get('corporation')} {m.get('points')}" for m in marks) or "none"


def _shown(value: Any) -> str:
    if value is None or value == "" or value == [] or value == {}:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return " ".join(f"{_words(str(k))} {_shown(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_shown(item) for item in value)
    return str(value)


def _words(key: str) -> str:
    return key.replace("_", " ")


# --- helpers -------------------------------------------------------------------------------


def _set_facts(game: Game, facts: Mapping[str, Any]) -> None:
    for name, value in facts.items():
        setattr(game, name, value)
    # A named city is a location card and a name; half of one is no city.
    if not (game.city_location and game.city_name):
        game.city_location = game.city_name = ""


def _record(
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
) -> Change:
    limit = Change._meta.get_field("summary").max_length
    if len(summary) > limit:
        summary = summary[: limit - 1] + "…"
    return Change.objects.create(
        campaign=campaign,
        kind=kind,
        game_number=game_number,
        summary=summary,
        details=list(details),
        before=before,
        after=after,
        undoes=undoes,
        made_by=user,
    )


def _record_game_change(
    campaign: Campaign, kind: str, user, before: dict, after: dict, *, summary: str | None = None
) -> Change:
    """A change to one game, its entry before and after, and what changed a line each."""
    details = game_differences(before, after)
    if summary is None:
        summary = "; ".join(details) or "saved unchanged"
    return _record(
        campaign, kind, user, after["number"], summary, details=details, before=before, after=after
    )


def _game_details(before: dict | None, after: dict | None) -> list[str]:
    return game_differences(before, after) if before and after else []


def _snapshot(game: Game) -> dict[str, Any]:
    """The game's campaign-file entry as the database gives it back (a JSON round trip), so a
    stored snapshot compares equal to the game it was taken from."""
    return json.loads(json.dumps(game_to_dict(game)))


def _games(first: int, last: int) -> str:
    return f"game {first}" if first == last else f"games {first} to {last}"


def _manual_unlock(campaign: Campaign, section: int) -> dict[str, Any]:
    """The group's manual unlock of `section`: `after_game` null when there is none."""
    after_game = next(
        (u.get("after_game") for u in campaign.manual_unlocks if u.get("section") == section),
        None,
    )
    return {"section": section, "after_game": after_game}


def _set_manual_unlock(
    campaign: Campaign, current: Campaign, section: int, after_game: int | None
) -> None:
    unlocks = [u for u in current.manual_unlocks if u.get("section") != section]
    if after_game is not None:
        unlocks.append({"section": section, "after_game": after_game})
        unlocks.sort(key=lambda u: (u["after_game"], u["section"]))
    Campaign.objects.filter(pk=campaign.pk).update(manual_unlocks=unlocks)
    campaign.manual_unlocks = unlocks


def _set_settings(campaign: Campaign, values: Mapping[str, Any]) -> None:
    Campaign.objects.filter(pk=campaign.pk).update(**values)
    for key, value in values.items():
        setattr(campaign, key, value)


def _lock_campaign(campaign: Campaign) -> Campaign:
    """The campaign as stored now, its row locked: one change to a campaign's log at a time."""
    return Campaign.objects.select_for_update().get(pk=campaign.pk)


def _lock(game: Game) -> Game:
    """The game as stored now, its campaign's row then its own locked (always in that order).

    The returned game keeps the caller's campaign object, whose `state` `rebuild` refreshes.
    """
    campaign = game.campaign
    _lock_campaign(campaign)
    locked = Game.objects.select_for_update().get(pk=game.pk)
    locked.campaign = campaign
    return locked


def _first_number(campaign: Campaign) -> int:
    """The log's first game: 1, or the one after a mid-campaign opening snapshot."""
    opening = campaign.opening or {}
    return opening.get("after_game", opening.get("games_played", 0)) + 1


def _last_number(campaign: Campaign) -> int:
    return campaign.games.aggregate(last=Max("number"))["last"] or 0


def _check_number(campaign: Campaign, number: int) -> None:
    first = _first_number(campaign)
    if number < first:
        after = f" (the opening snapshot holds games 1 to {first - 1})" if first > 1 else ""
        raise CampaignError("number", f"a game number is {first} or more{after}")


def _shift(campaign: Campaign, *, first: int, last: int, by: int) -> None:
    """Add `by` to the numbers of games `first`..`last`, never two games on one number."""
    if first > last:
        return
    games = campaign.games.filter(number__gte=first, number__lte=last)
    games.update(number=F("number") + _RENUMBER_OFFSET)
    campaign.games.filter(number__gte=first + _RENUMBER_OFFSET).update(
        number=F("number") - _RENUMBER_OFFSET + by
    )


def _move(game: Game, new_number: int) -> Game:
    campaign = game.campaign
    first, last = _first_number(campaign), _last_number(campaign)
    if not first <= new_number <= last:
        raise CampaignError("number", f"must be between {first} and {last}, the games in the log")
    old_number = game.number
    if new_number == old_number:
        return game
    # Park the game outside the numbered range, close the gap, reopen it at the new place.
    Game.objects.filter(pk=game.pk).update(number=0)
    if new_number > old_number:
        _shift(campaign, first=old_number + 1, last=new_number, by=-1)
    else:
        _shift(campaign, first=new_number, last=old_number - 1, by=1)
    Game.objects.filter(pk=game.pk).update(number=new_number)
    game.number = new_number
    return game
