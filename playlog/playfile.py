"""A play's file (`play-log-play`): one play of the group's other games, to keep or to move.

Pure Python (no Django). The file holds the game's own contract files (CONTRACTS.md §3) — the
end state (`table`) and, where the companion was used, its log (`session`) — with the few facts
of the play around them:

```json
{
  "format": "play-log-play", "version": 1,
  "game": "colonists-expert",
  "played_on": "2026-03-01",
  "players": [{"name": "caro", "member": "caro"}, {"name": "dan", "member": null}],
  "notes": "",
  "table": {"format": "colonists-expert-table", "...": "..."},
  "session": null
}
```

`read_play_file(data)` checks it all and returns a `PlayFile` whose table and session are in
their canonical order, so `dump_play_file` of it is the same text whatever order the input had:
export -> import -> export gives the same bytes. Every problem is a `FieldError` whose path
starts at the file's top (`table.players[1].other.omnium`, `players[0].name`).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from gamefile.canonical import dumps
from gamefile.errors import FieldError
from gamefile.fields import DATE_SENTENCE, Fields, optional
from gamefile.reading import describe
from gamefile.words import Day, _
from playlog.games import GAMES, GameRules

PLAY_FORMAT = "play-log-play"
VERSION = 1
KEYS = ("format", "version", "game", "played_on", "players", "notes", "table", "session")
PLAYER_KEYS = ("name", "member")
NAME_LENGTH = 40
MEMBER_LENGTH = 150
NOTES_LENGTH = 4000


@dataclass(frozen=True)
class PlayFile:
    game: GameRules
    played_on: datetime.date
    # (name, member username or None), in the game's seat order.
    players: tuple[tuple[str, str | None], ...]
    notes: str
    table: dict | None
    session: dict | None

    def as_dict(self) -> dict[str, Any]:
        return play_file_data(
            self.game.key,
            self.played_on,
            [{"name": name, "member": member} for name, member in self.players],
            self.notes,
            self.table,
            self.session,
        )


EARLIEST_PLAY = datetime.date(1950, 1, 1)


def date_problem(date: datetime.date) -> str | None:
    """Why a play cannot be dated so (the sentence after the field's name), or None. From 1
    January 1950 to today; a day more for a group whose today is tomorrow in UTC (every zone's
    today is at most a day past UTC's: docs/time-zones.md), whatever the server's own zone."""
    latest = datetime.datetime.now(datetime.UTC).date() + datetime.timedelta(days=1)
    shown = Day(date)  # "7 December 2026", in the reader's language on a page
    if date < EARLIEST_PLAY:
        return _(
            "%(date)s is too early: give the day you played, from 1 January 1950 on", date=shown
        )
    if date > latest:
        return _(
            "%(date)s is in the future: give the day you played, today at the latest", date=shown
        )
    return None


def play_file_data(
    game: str,
    played_on: datetime.date,
    players: list[dict[str, Any]],
    notes: str,
    table: dict | None,
    session: dict | None,
) -> dict[str, Any]:
    """A play file's keys in their order, for `read_play_file`: what a form entered, or a
    stored play."""
    return {
        "format": PLAY_FORMAT,
        "version": VERSION,
        "game": game,
        "played_on": played_on.isoformat(),
        "players": players,
        "notes": notes,
        "table": table,
        "session": session,
    }


def dump_play_file(play: PlayFile) -> str:
    return dumps(play.as_dict())


def within(prefix: str, error: FieldError) -> FieldError:
    """`error` of a part of the file, its path from the file's top."""
    path = error.path if error.path.startswith(prefix) else f"{prefix}.{error.path}"
    return FieldError(path, error.message)


# The gamefile reader: a play file's problems are `FieldError`s from its top.
FIELDS = Fields(FieldError, root="play")


def _name(value: Any, path: str) -> str:
    name = FIELDS.text(
        value,
        path,
        max_length=NAME_LENGTH,
        what=_("a name (some text)"),
        give=_("the player's name"),
        one_line=True,
        name=True,
    )
    return name.strip()


def read_players(value: Any, game: GameRules, seats: list[str] | None) -> tuple:
    value = FIELDS.sequence(value, "players")
    if not game.min_people <= len(value) <= game.max_people:
        if game.min_people == game.max_people:
            problem = _(
                "must list exactly %(count)s players for %(game)s",
                count=game.min_people,
                game=game.name,
            )
        else:
            problem = _(
                "must list %(least)s to %(most)s players for %(game)s",
                least=game.min_people,
                most=game.max_people,
                game=game.name,
            )
        raise FieldError("players", problem)
    players = []
    seen: set[str] = set()
    for index, item in enumerate(value):
        path = f"players[{index}]"
        item = FIELDS.mapping(item, path, PLAYER_KEYS, _("a player key"))
        name = _name(FIELDS.required(item, "name", path, _("the player's name")), f"{path}.name")
        if name.casefold() in seen:
            raise FieldError(
                f"{path}.name", _("repeats “%(name)s”: give each player once", name=name)
            )
        seen.add(name.casefold())
        # Null, or left out: a player who is no member of the play log.
        member = optional(item, "member", None)
        if member is not None:
            FIELDS.text(
                member,
                f"{path}.member",
                max_length=MEMBER_LENGTH,
                what=_("a member's user name or null"),
                one_line=True,
            )
        players.append((name, member))
    if seats is not None:
        if len(seats) != len(players):
            raise FieldError(
                "players",
                _(
                    "must list the %(count)s players the game's file names (%(names)s), "
                    "in its order",
                    count=len(seats),
                    names=", ".join(seats),
                ),
            )
        for index, ((name, _member), seat) in enumerate(zip(players, seats, strict=True)):
            if name != seat:
                raise FieldError(
                    f"players[{index}].name",
                    _("must be “%(seat)s”, the name the game's file gives this player", seat=seat),
                )
    return tuple(players)


def read_play_file(data: Any) -> PlayFile:
    """The play file checked in full, its parts canonical; the first problem raised."""
    data = FIELDS.mapping(data, "", KEYS, "a key of a play file")
    if data.get("format") != PLAY_FORMAT:
        raise FieldError(
            "format",
            _(
                'must be "%(format)s", not %(found)s',
                format=PLAY_FORMAT,
                found=describe(data.get("format")),
            ),
        )
    version = data.get("version", VERSION)
    if isinstance(version, bool) or version != VERSION:
        raise FieldError(
            "version", _("must be %(version)s, the only version of a play file", version=VERSION)
        )
    game = GAMES[FIELDS.choice(data.get("game"), "game", list(GAMES), quoted=False)]
    played_on = data.get("played_on")
    try:
        date = datetime.date.fromisoformat(played_on)
    except (TypeError, ValueError):
        raise FieldError("played_on", DATE_SENTENCE) from None
    problem = date_problem(date)
    if problem:
        raise FieldError("played_on", problem)
    notes = FIELDS.text(
        optional(data, "notes", ""), "notes", max_length=NOTES_LENGTH, what=_("a text"), blank=True
    )
    table = _part(game, data.get("table"), "table")
    session = _part(game, data.get("session"), "session")
    if table is None and session is None:
        raise FieldError("table", _("is missing: a play holds its end state, its session, or both"))
    seats = game.seat_names(table, session)
    players = read_players(data.get("players"), game, seats)
    if table is not None and session is not None and game.table_agrees is not None:
        disagreement = game.table_agrees(table, session)
        if disagreement:
            raise FieldError("table", disagreement)
    return PlayFile(game, date, players, notes, table, session)


def _part(game: GameRules, value: Any, part: str) -> dict | None:
    """The table or the session, canonical, checked by scoring or replaying it."""
    if value is None:
        return None
    if part == "session" and game.session_format is None:
        raise FieldError("session", _("must be null: %(game)s has no companion", game=game.name))
    try:
        if part == "table":
            canonical = game.canonical_table(value)
            game.score(canonical)
        else:
            assert game.canonical_session is not None and game.play is not None
            canonical = game.canonical_session(value)
            game.play(canonical)
    except FieldError as error:
        raise within(part, error) from None
    return canonical
