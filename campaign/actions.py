"""Every write to a campaign's log, as verb-named functions (the zulip `actions` habit).

Each action runs in one transaction: it stores the change to the log, records who made it,
then calls `rebuild`, THE one function that re-derives the cache (`Campaign.state`, each
`Game.result`) by replaying the whole log. If the replay refuses the new log — an edit to
game 3 makes game 7's table contradict the rules games 1-6 now derive, say — it raises
`CampaignError`, the transaction rolls back with nothing changed, and the error propagates
for the page to show its sentence (`error.path`, `error.message`).

Views, commands and the import call these; nothing else writes a game or the cache.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import F, Max

from campaign.campaign_io import (
    CAMPAIGN_FORMAT,
    CAMPAIGN_VERSION,
    campaign_file_data,
    check_campaign_file,
    game_from_dict,
    unique_slug,
)
from campaign.catalogue import catalogue_from_db
from campaign.models import (
    Campaign,
    Change,
    ChangeKind,
    Corporation,
    Game,
    SecondPlaceRounding,
)
from campaign.replay import CampaignError, Catalogue, replay

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


# --- the cache ---------------------------------------------------------------------------


def rebuild(campaign: Campaign, *, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """Replay the whole log and store the derived state; return it.

    Preconditions: called inside the transaction that changed the log (every action here
    does), so a `CampaignError` from the replay rolls the change back. Reads the campaign
    afresh (locking its row), never a caller's possibly stale copy. Queries, whatever the
    campaign's size: the catalogue's four, the campaign, its corporations, its games, one
    update of the campaign and at most one bulk update of the games whose result changed.
    """
    if catalogue is None:
        catalogue = catalogue_from_db()
    with transaction.atomic():
        current = _lock_campaign(campaign)
        corporations = list(Corporation.objects.filter(campaign=current))
        games = list(Game.objects.filter(campaign=current))
        state = replay(campaign_file_data(current, corporations, games), catalogue)
        Campaign.objects.filter(pk=current.pk).update(state=state)
        results = _game_results(state)
        changed = []
        for game in games:
            result = results.get(game.number, {})
            if game.result != result:
                game.result = result
                changed.append(game)
        if changed:
            Game.objects.bulk_update(changed, ["result"])
    campaign.state = state
    return state


def _game_results(state: Mapping[str, Any]) -> dict[int, dict]:
    """Each game's score, from the replay's per-game extras."""
    return {entry["number"]: entry["score"] for entry in state.get("games", [])}


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
        _record(campaign, ChangeKind.GAME_ADDED, user, game.number)
    else:
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.campaign_id != campaign.pk:
            raise ValueError(f"{game} is not a game of {campaign}")
        game.campaign = campaign
        if expected_version is not None and expected_version != game.version:
            raise StaleGameError(game, expected_version)
        _set_facts(game, fields | facts)
        game.version = F("version") + 1
        game.updated_by = user
        game.save()
        game.refresh_from_db(fields=["version"])
        if number is not None and number != game.number:
            game = _move(game, number)
        _record(campaign, ChangeKind.GAME_EDITED, user, game.number)
    rebuild(campaign)
    game.refresh_from_db(fields=["result"])
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
    game.delete()
    _shift(campaign, first=number + 1, last=_last_number(campaign), by=-1)
    _record(campaign, ChangeKind.GAME_DELETED, user, number)
    rebuild(campaign)


@transaction.atomic
def move_game(game: Game, new_number: int, *, user=None) -> Game:
    """Put a game at another place in the log (games in between close up), then rebuild.

    Preconditions: `new_number` is a game of the log (from 1, or from the game after the
    opening snapshot, to the last); `CampaignError` otherwise.
    """
    game = _lock(game)
    old_number = game.number
    game = _move(game, new_number)
    _record(
        game.campaign, ChangeKind.GAME_MOVED, user, new_number, f"from {old_number} to {new_number}"
    )
    rebuild(game.campaign)
    game.refresh_from_db(fields=["result"])
    return game


@transaction.atomic
def name_city(game: Game, location: str, name: str, *, user=None) -> Game:
    """Record the city the game's winner named (empty `name` clears it), then rebuild.

    Preconditions: none the replay refuses: a location that is not a base location card, or
    whose naming spaces are full, is recorded and shows in `Campaign.state["warnings"]` ("Solar
    175 is designed to be robust to mistakes and house rules").
    """
    game = _lock(game)
    game.city_location = location if name else ""
    game.city_name = name if location else ""
    game.version = F("version") + 1
    game.updated_by = user
    game.save(update_fields=["city_location", "city_name", "version", "updated_by", "updated_at"])
    game.refresh_from_db(fields=["version"])
    _record(game.campaign, ChangeKind.CITY_NAMED, user, game.number, f"{name} on {location}")
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
    unlocks = [u for u in current.manual_unlocks if u.get("section") != section]
    if after_game is not None:
        unlocks.append({"section": section, "after_game": after_game})
        unlocks.sort(key=lambda u: (u["after_game"], u["section"]))
    Campaign.objects.filter(pk=campaign.pk).update(manual_unlocks=unlocks)
    campaign.manual_unlocks = unlocks
    summary = (
        f"#{section} after game {after_game}" if after_game is not None else f"#{section} undone"
    )
    _record(campaign, ChangeKind.MANUAL_UNLOCK, user, after_game, summary)
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
    Corporation.objects.filter(pk=corporation.pk).update(power=power)
    corporation.power = power
    _record(campaign, ChangeKind.POWER_SET, user, summary=f"{corporation.key}: {power or 'none'}")
    rebuild(campaign)
    return corporation


# --- helpers -------------------------------------------------------------------------------


def _set_facts(game: Game, facts: Mapping[str, Any]) -> None:
    for name, value in facts.items():
        setattr(game, name, value)
    # A named city is a location card and a name; half of one is no city.
    if not (game.city_location and game.city_name):
        game.city_location = game.city_name = ""


def _record(
    campaign: Campaign, kind: str, user, game_number: int | None = None, summary: str = ""
) -> None:
    Change.objects.create(
        campaign=campaign, kind=kind, game_number=game_number, summary=summary[:200], made_by=user
    )


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
