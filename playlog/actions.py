"""Every write to a play log: one verb-named function each, each in one transaction.

Views check who may ask (`playlog.frame`, through `accounts.access`); these functions keep the
rules that hold whoever asks. A play is always stored as its play file would read it
(`playlog.playfile.read_play_file`): the table and the session canonical, checked by scoring
and replaying them, and `result` (the game's `score(table)`) rebuilt in the same transaction.
A play that the rules refuse raises the `FieldError` and nothing is written.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Max

from accounts.actions import add_owner
from campaign.campaign_io import unique_slug
from gamefile.errors import FieldError
from gamefile.words import _
from hosting.busy import writes
from hosting.time_zones import known, site_zone
from playlog.models import Play, PlayLog, PlayPerson
from playlog.playfile import PlayFile, play_file_data, read_play_file
from space_explorers.changes import change_step

DEFAULT_SLUG = "play-log"


def checked_zone(time_zone: str) -> str:
    """`time_zone`, or the site's when empty; `FieldError` when this site knows no such zone
    (hosting.time_zones)."""
    if not time_zone:
        return site_zone()
    if not known(time_zone):
        raise FieldError("time_zone", _("is not a time zone this site knows"))
    return time_zone


@writes
def create_play_log(name: str, owner, *, time_zone: str = "") -> PlayLog:
    """A new play log, `owner` its owner; its pages in `time_zone` (the site's when empty).
    An unknown zone raises `FieldError` and nothing is written."""
    zone = checked_zone(time_zone)
    log = PlayLog.objects.create(
        name=name.strip(), slug=unique_slug(name, PlayLog, DEFAULT_SLUG), time_zone=zone
    )
    add_owner(log, owner)
    return log


@writes
def set_time_zone(log: PlayLog, time_zone: str) -> PlayLog:
    """Show the log's pages in `time_zone`; a play's date stays the date the group gave. An
    unknown zone raises `FieldError` and nothing is written."""
    zone = checked_zone(time_zone)
    PlayLog.objects.filter(pk=log.pk).update(time_zone=zone)
    log.time_zone = zone
    return log


@writes
def rename_play_log(log: PlayLog, name: str) -> PlayLog:
    log = PlayLog.objects.select_for_update().get(pk=log.pk)
    log.name = name.strip()
    log.save(update_fields=["name"])
    return log


@writes
def switch_public_page(log: PlayLog, enabled: bool) -> PlayLog:
    """The log's public page on or off; switched on again, it keeps its address."""
    log = PlayLog.objects.select_for_update().get(pk=log.pk)
    if enabled and not log.public_token:
        log.public_token = secrets.token_urlsafe(18)
    log.public_enabled = enabled
    log.save(update_fields=["public_token", "public_enabled"])
    return log


@writes
def change_game_settings(log: PlayLog, game_key: str, changes: Mapping[str, Any]) -> PlayLog:
    """Set some of one game's settings (the colonist game's title, the remembered tiles, …);
    the others keep their values."""
    log = PlayLog.objects.select_for_update().get(pk=log.pk)
    settings = dict(log.game_settings or {})
    settings[game_key] = {**(settings.get(game_key) or {}), **changes}
    log.game_settings = settings
    log.save(update_fields=["game_settings"])
    return log


@writes
def remember_project_tiles(log: PlayLog, tiles: Sequence[Mapping[str, Any]]) -> PlayLog:
    """Space Explorers: the Project tiles the group entered, by name, for the next setup (the
    tiles' values and skills are not printed in the rules, SE-R8: entered once, remembered)."""
    log = PlayLog.objects.select_for_update().get(pk=log.pk)
    settings = dict(log.game_settings or {})
    game = dict(settings.get("space-explorers-solo") or {})
    remembered = dict(game.get("tiles") or {})
    for tile in tiles:
        remembered[tile["name"]] = {"points": tile["points"], "skills": dict(tile["skills"])}
    game["tiles"] = dict(sorted(remembered.items()))
    settings["space-explorers-solo"] = game
    log.game_settings = settings
    log.save(update_fields=["game_settings"])
    return log


@writes
def delete_play_log(log: PlayLog) -> None:
    PlayLog.objects.filter(pk=log.pk).delete()


# --- plays -------------------------------------------------------------------------------


def _members_by_username(log: PlayLog) -> dict[str, Any]:
    users = get_user_model().objects.filter(memberships__play_log=log)
    return {user.get_username(): user for user in users}


def _people(log: PlayLog, play_file: PlayFile) -> list[tuple[str, Any]]:
    """Each player's name and member (a user of this log), or a `FieldError` for a member
    the log does not have."""
    members = _members_by_username(log)
    people = []
    for index, (name, member) in enumerate(play_file.players):
        user = None
        if member is not None:
            user = members.get(member)
            if user is None:
                raise FieldError(
                    f"players[{index}].member",
                    _(
                        "“%(member)s” is not a member of this play log: invite them first, or "
                        "give the name alone (member null)",
                        member=member,
                    ),
                )
        people.append((name, user))
    return people


def _store(play: Play, play_file: PlayFile, people: list[tuple[str, Any]]) -> Play:
    play.game = play_file.game.key
    play.played_on = play_file.played_on
    play.notes = play_file.notes
    play.table = play_file.table
    play.session = play_file.session
    # The derived cache: rebuilt here, with the log, every time.
    play.result = play_file.game.score(play_file.table) if play_file.table is not None else None
    play.save()
    play.people.all().delete()
    PlayPerson.objects.bulk_create(
        PlayPerson(play=play, seat=seat, name=name, user=user)
        for seat, (name, user) in enumerate(people)
    )
    return play


def play_file_of(play: Play) -> PlayFile:
    """The play as its file reads (what export writes)."""
    people = list(play.people.select_related("user"))
    return read_play_file(
        play_file_data(
            play.game,
            play.played_on,
            [{"name": p.name, "member": p.user.get_username() if p.user else None} for p in people],
            play.notes,
            play.table,
            play.session,
        )
    )


def same_plays(log: PlayLog, data: Mapping[str, Any]) -> list[Play]:
    """The plays of `log` whose file reads exactly as `data` does (a file imported before).
    Raises `FieldError` when `data` is not a play file."""
    play_file = read_play_file(data)
    wanted = play_file.as_dict()
    candidates = log.plays.filter(game=play_file.game.key, played_on=play_file.played_on)
    return [
        play
        for play in candidates.prefetch_related("people__user").order_by("number")
        if play_file_of(play).as_dict() == wanted
    ]


@writes
def add_play(log: PlayLog, data: Mapping[str, Any], user=None) -> Play:
    """A new play from a play file's data (`playlog.playfile`); the next number in the log.

    Raises `FieldError` (path from the file's top) and writes nothing when the file is bad or
    names a member the log does not have."""
    play_file = read_play_file(data)
    people = _people(log, play_file)
    PlayLog.objects.select_for_update().get(pk=log.pk)
    number = (log.plays.aggregate(last=Max("number"))["last"] or 0) + 1
    play = Play(play_log=log, number=number, created_by=user)
    return _store(play, play_file, people)


import_play = add_play


@writes
def change_play(play: Play, changes: Mapping[str, Any]) -> Play:
    """The play with some of its file's keys replaced (`table`, `session`, `players`, …), checked
    as a whole; nothing changes if the rules refuse the result."""
    play = Play.objects.select_for_update().get(pk=play.pk)
    data = {**play_file_of(play).as_dict(), **changes}
    play_file = read_play_file(data)
    return _store(play, play_file, _people(play.play_log, play_file))


@writes
def delete_play(play: Play) -> None:
    Play.objects.filter(pk=play.pk).delete()


# --- the companions: every step is a change of the session's log -----------------------------


@writes
def add_turn(play: Play, turn: Mapping[str, Any]) -> Play:
    """Space Explorers: one turn (yours or the Opponent's) added to the log, checked by
    replaying the whole log (`space_explorers.play`)."""
    play = Play.objects.select_for_update().get(pk=play.pk)
    session = dict(play.session or {})
    session["turns"] = [*session.get("turns", []), dict(turn)]
    return change_play(play, {"session": session})


@writes
def undo_turn(play: Play) -> Play:
    """The last turn taken back (the state is a replay of the log, so undo drops it). The
    score sheet of a finished game goes with it: the game is running again."""
    play = Play.objects.select_for_update().get(pk=play.pk)
    session = dict(play.session or {})
    turns = list(session.get("turns", []))
    if not turns:
        raise FieldError("turns", _("has no turn to take back"))
    session["turns"] = turns[:-1]
    return change_play(play, {"session": session, "table": None})


@writes
def change_session(play: Play, session: Mapping[str, Any]) -> Play:
    """The companion's record replaced (the colonist game's layout, round, groups)."""
    return change_play(play, {"session": dict(session)})


@writes
def change_turn(
    play: Play, index: int, turn: Mapping[str, Any], *, take_back_from: int | None = None
) -> Play:
    """Space Explorers: an earlier step of the session (yours or the Opponent's) changed, every
    step after it kept; the whole session is replayed. A later step the change makes impossible
    raises `space_explorers.changes.StepNoLongerFits` (its sentence in the players' words) and
    nothing changes, unless the person chose to take back the steps from it on
    (`take_back_from`, that step's index)."""
    play = Play.objects.select_for_update().get(pk=play.pk)
    session = dict(play.session or {})
    changed = change_step(session, index, turn, take_back_from=take_back_from)
    return change_play(play, {"session": changed})


@writes
def record_step(play: Play, step: Callable[[dict], dict]) -> Play:
    """Startropolis: one step at the table (a purchase, an attachment, the dice, the round's
    figures, a player's missions), `step(session)` applied to the session as stored now. The
    row is locked first, so two phones entering at once never lose one; the whole log is
    replayed (`startropolis.play`) and a step the rules refuse changes nothing."""
    play = Play.objects.select_for_update().get(pk=play.pk)
    return change_play(play, {"session": step(dict(play.session or {}))})


@writes
def undo_step(play: Play, step: Callable[[dict], dict]) -> Play:
    """Startropolis: the last step taken back (`step` drops it from the log). The score
    sheet of a finished game goes with it: the game is running again."""
    play = Play.objects.select_for_update().get(pk=play.pk)
    return change_play(play, {"session": step(dict(play.session or {})), "table": None})
