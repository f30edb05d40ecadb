"""The game log's writes: a game added, edited, moved, deleted, its city named.

Each runs in one transaction: it locks the campaign's row (one change to a log at a time),
stores the change, records it in the history, then `rebuild`s the cache; a replay refusal rolls
it all back.
"""

from __future__ import annotations

import datetime
import enum
import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import F, Max

from campaign.actions.cache import lock_campaign, rebuild
from campaign.actions.history import (
    add_downstream,
    day,
    downstream_words,
    record,
    record_game_change,
)
from campaign.campaign_io import game_to_dict
from campaign.models import Campaign, ChangeKind, Game
from gamefile.words import _
from hosting.busy import writes
from solar175.campaign_file import CampaignError
from solar175.downstream import downstream_changes
from solar175.game_entry import first_game_number

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
    "city_named_by",
    "debt_marks",
    "notes",
)


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


class GameNumberTaken(CampaignError):
    """A new game entered as game `number` when the log's next game is no longer that one:
    someone saved a game `number` first (`game`, as it is now), or the log changed.

    `next_number` is the number the game would have now: the page offers to save it so."""

    def __init__(self, number: int, next_number: int, game: Game | None) -> None:
        if game is not None:
            message = _(
                "game %(number)s was saved while you were entering yours; nothing of yours was "
                "saved. If yours is another game, it can be game %(next)s",
                number=number,
                next=next_number,
            )
        else:
            message = _(
                "the next game is now game %(next)s, not %(number)s (the log changed while you "
                "were entering it); nothing of yours was saved",
                number=number,
                next=next_number,
            )
        super().__init__("number", message)
        self.number = number
        self.next_number = next_number
        self.game = game


@writes
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
    city_named_by: str | Keep = KEEP,
    debt_marks: Iterable[Mapping[str, Any]] | Keep = KEEP,
    notes: str | Keep = KEEP,
    game: Game | None = None,
    expected_version: int | None = None,
    expected_number: int | None = None,
    user=None,
) -> Game:
    """Add a game to the log (`game=None`) or edit one (`game=` it), then rebuild.

    `table`, `played_on` and `megastructure` are always given. The other facts, left out,
    keep what the game has (a new game: none, false, empty), so a form that does not show the
    city or a Type III game's stated zone does not erase them.
    Adding: `number=None` appends after the last game (game `after_game + 1` first when the
    campaign opened from a snapshot); a `number` already taken inserts the game there and
    moves that game and every later one up by one. `expected_number` is the number the
    person's form was drawn for ("Enter game 6"): if the log's next game is another by now
    (someone saved a game 6 first), `GameNumberTaken` and nothing changes.
    Editing: `expected_version` is the version the person started editing from; if the game
    has been saved since, `StaleGameError` (carrying the game as it is now) and nothing
    changes. A `number` other than the game's own moves it, as `move_game` does.
    Preconditions: `table` is the campaign shape of docs/table-file.md (the derived keys left
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
        "city_named_by": city_named_by,
        "debt_marks": debt_marks,
        "notes": notes,
    }
    facts = {name: value for name, value in given.items() if value is not KEEP}
    if "debt_marks" in facts:
        facts["debt_marks"] = [dict(mark) for mark in facts["debt_marks"]]
    fields = {"table": dict(table), "played_on": played_on, "megastructure": megastructure}
    current = lock_campaign(campaign)
    change = None
    if game is None:
        first = first_number(campaign)
        last = max(last_number(campaign), first - 1)
        if expected_number is not None and expected_number != last + 1:
            taken = campaign.games.filter(number=expected_number).first()
            raise GameNumberTaken(expected_number, last + 1, taken)
        if number is None or number > last:
            number = last + 1
        _check_number(campaign, number)
        shift(campaign, first=number, last=last, by=1)
        game = Game(campaign=campaign, number=number, created_by=user, updated_by=user)
        set_facts(game, fields | facts)
        game.save(force_insert=True)
        after = snapshot(game)
        # The date as the History has always printed it (hosting's dates are another's).
        played_on = day(after["played_on"])
        summary = (
            _(
                "played on %(day)s; %(games)s moved up one",
                day=played_on,
                games=_games(number + 1, last + 1),
            )
            if number <= last
            else _("played on %(day)s", day=played_on)
        )
        record(campaign, ChangeKind.GAME_ADDED, user, number, summary, after=after)
    else:
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.campaign_id != campaign.pk:
            raise ValueError(f"{game} is not a game of {campaign}")
        game.campaign = campaign
        if expected_version is not None and expected_version != game.version:
            raise StaleGameError(game, expected_version)
        before = snapshot(game)
        # What the pages show now: the replay before the edit, to say what it changes.
        replayed_before = current.replayed_state()
        set_facts(game, fields | facts)
        game.version = F("version") + 1
        game.updated_by = user
        game.save()
        game.refresh_from_db(fields=["version"])
        if number is not None and number != game.number:
            game = move(game, number)
        words = downstream_words(current)
        change = record_game_change(
            campaign, ChangeKind.GAME_EDITED, user, before, snapshot(game), names=words
        )
    replayed = rebuild(campaign)
    game.refresh_from_db(fields=["result", "replay_entry"])
    # An edit of a past game may move boxes, awards, unlocks and standings after it: say so.
    game.downstream = []
    if change is not None:
        game.downstream = downstream_changes(replayed_before, replayed, downstream_words(current))
        add_downstream(change, game.downstream)
    return game


@writes
def give_megastructure_zone(
    game: Game, zone: int, *, expected_version: int | None = None, user=None
) -> Game:
    """The zone of a game's Megastructure Location Token, given where an earlier version stored
    the game without it (solar175.replay_warnings.zone_missing): an edit of that one fact,
    recorded and undone as any edit, re-scoring the game with its +5 presence bonus.

    Preconditions: `zone` is a zone in play in that game (the replay refuses another with a
    sentence); with `expected_version`, a game saved since the form was drawn:
    `StaleGameError`, nothing changed.
    """
    return save_game(
        game.campaign,
        table=game.table,
        played_on=game.played_on,
        megastructure=game.megastructure,
        megastructure_zone=zone,
        game=game,
        expected_version=expected_version,
        user=user,
    )


@writes
def delete_game(game: Game, *, expected_version: int | None = None, user=None) -> None:
    """Remove a game from the log; later games move down one number, then rebuild.

    Preconditions: `game` belongs to a campaign. The replay may refuse the shorter log (a later
    table relied on a section this game unlocked): `CampaignError`, nothing deleted. With
    `expected_version`, a game saved since the person's page was drawn: `StaleGameError`.
    """
    game = lock_game(game, expected_version)
    campaign = game.campaign
    number = game.number
    before = snapshot(game)
    game.delete()
    last = last_number(campaign)
    shift(campaign, first=number + 1, last=last, by=-1)
    played_on = day(before["played_on"])
    summary = (
        _(
            "played on %(day)s; %(games)s moved down one",
            day=played_on,
            games=_games(number + 1, last),
        )
        if number < last
        else _("played on %(day)s", day=played_on)
    )
    record(campaign, ChangeKind.GAME_DELETED, user, number, summary, before=before)
    rebuild(campaign)


@writes
def move_game(
    game: Game, new_number: int, *, expected_version: int | None = None, user=None
) -> Game:
    """Put a game at another place in the log (games in between close up), then rebuild.

    Preconditions: `new_number` is a game of the log (from 1, or from the game after the
    opening snapshot, to the last); `CampaignError` otherwise. With `expected_version`, a game
    saved since the person's page was drawn: `StaleGameError`.
    """
    game = lock_game(game, expected_version)
    old_number = game.number
    before = snapshot(game)
    game = move(game, new_number)
    record_game_change(
        game.campaign,
        ChangeKind.GAME_MOVED,
        user,
        before,
        snapshot(game),
        summary=_("from %(old)s to %(new)s", old=old_number, new=new_number),
    )
    rebuild(game.campaign)
    game.refresh_from_db(fields=["result", "replay_entry"])
    return game


@writes
def name_city(
    game: Game, location: str, name: str, *, expected_version: int | None = None, user=None
) -> Game:
    """Record the city the game's winner named (empty `name` clears it), then rebuild.

    Preconditions: none the replay refuses: a location that is not a base location card, or
    whose naming spaces are full, is recorded and shows in `Campaign.state["warnings"]` ("Solar
    175 is designed to be robust to mistakes and house rules"). With `expected_version`, a
    game saved since the person's form was drawn (someone named its city first):
    `StaleGameError`, nothing changed.
    """
    game = lock_game(game, expected_version)
    before = snapshot(game)
    game.city_location = location if name else ""
    game.city_name = name if location else ""
    # A city named now is the winner's (Developing the Solar System).
    game.city_named_by = ""
    game.version = F("version") + 1
    game.updated_by = user
    game.save(
        update_fields=[
            "city_location",
            "city_name",
            "city_named_by",
            "version",
            "updated_by",
            "updated_at",
        ]
    )
    game.refresh_from_db(fields=["version"])
    summary = (
        _("%(name)s on %(location)s", name=name, location=location)
        if game.city_name
        else _("no city named")
    )
    record_game_change(
        game.campaign, ChangeKind.CITY_NAMED, user, before, snapshot(game), summary=summary
    )
    rebuild(game.campaign)
    return game


def set_facts(game: Game, facts: Mapping[str, Any]) -> None:
    for name, value in facts.items():
        setattr(game, name, value)
    # A named city is a location card and a name; half of one is no city.
    if not (game.city_location and game.city_name):
        game.city_location = game.city_name = game.city_named_by = ""


def snapshot(game: Game) -> dict[str, Any]:
    """The game's campaign-file entry as the database gives it back (a JSON round trip), so a
    stored snapshot compares equal to the game it was taken from."""
    return json.loads(json.dumps(game_to_dict(game)))


def _games(first: int, last: int) -> str:
    if first == last:
        return _("game %(number)s", number=first)
    return _("games %(first)s to %(last)s", first=first, last=last)


def lock_game(game: Game, expected_version: int | None = None) -> Game:
    """The game as stored now, its campaign's row then its own locked (always in that order).

    The returned game keeps the caller's campaign object, whose `state` `rebuild` refreshes.
    `expected_version`: the version the person's form was drawn from; `StaleGameError` when
    the game has been saved since.
    """
    campaign = game.campaign
    lock_campaign(campaign)
    locked = Game.objects.select_for_update().get(pk=game.pk)
    locked.campaign = campaign
    if expected_version is not None and expected_version != locked.version:
        raise StaleGameError(locked, expected_version)
    return locked


def first_number(campaign: Campaign) -> int:
    """The log's first game: 1, or the one after a mid-campaign opening snapshot."""
    return first_game_number(campaign.opening)


def last_number(campaign: Campaign) -> int:
    return campaign.games.aggregate(last=Max("number"))["last"] or 0


def _check_number(campaign: Campaign, number: int) -> None:
    first = first_number(campaign)
    if number < first:
        if first > 1:
            raise CampaignError(
                "number",
                _(
                    "a game number is %(first)s or more (the opening snapshot holds games 1 to "
                    "%(last)s)",
                    first=first,
                    last=first - 1,
                ),
            )
        raise CampaignError("number", _("a game number is %(first)s or more", first=first))


def shift(campaign: Campaign, *, first: int, last: int, by: int) -> None:
    """Add `by` to the numbers of games `first`..`last`, never two games on one number."""
    if first > last:
        return
    games = campaign.games.filter(number__gte=first, number__lte=last)
    games.update(number=F("number") + _RENUMBER_OFFSET)
    campaign.games.filter(number__gte=first + _RENUMBER_OFFSET).update(
        number=F("number") - _RENUMBER_OFFSET + by
    )


def move(game: Game, new_number: int) -> Game:
    campaign = game.campaign
    first, last = first_number(campaign), last_number(campaign)
    if not first <= new_number <= last:
        raise CampaignError(
            "number",
            _(
                "must be between %(first)s and %(last)s, the games in the log",
                first=first,
                last=last,
            ),
        )
    old_number = game.number
    if new_number == old_number:
        return game
    # Park the game outside the numbered range, close the gap, reopen it at the new place.
    Game.objects.filter(pk=game.pk).update(number=0)
    if new_number > old_number:
        shift(campaign, first=old_number + 1, last=new_number, by=-1)
    else:
        shift(campaign, first=new_number, last=old_number - 1, by=1)
    Game.objects.filter(pk=game.pk).update(number=new_number)
    game.number = new_number
    return game
