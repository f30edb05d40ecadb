"""The group's other games, in one small registry keyed by their files' `format`.

Pure Python (no Django): the `score` and `play` commands, the play file and the play log's
pages all ask here which game a file belongs to and how to score, replay and write it. A game
is its rules package (`space_explorers`, `colonists`, `startropolis`) seen through one shape,
`GameRules`:

- `score(table) -> result` for the end state, `play(session) -> state` for a companion's log;
- `canonical_table`, `canonical_session`: the files in their documented order (so export ->
  import -> export is byte-identical);
- `seat_names(table, session)`: the names the game's own files give the players (a colonist
  table's players, a Startropolis session's keys), or None where the file names nobody (the
  solo game's one person is "you");
- `standings(result, people, seats)`: each seat's total and whether it won, for the log and
  the stats (a bot seat such as the Space Explorers Opponent has `seat` None).

A new game joins by adding one `GameRules` to `GAMES`, naming the package of its web pages
(`web`, e.g. `playlog.startropolis`: its forms, views, templates and `urls`, and in its `pages`
module what the play log's shared pages ask of it, `playlog.pages.GamePages`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import colonists
import space_explorers
import startropolis
from gamefile.errors import FieldError
from gamefile.reading import describe, one_of
from gamefile.words import _

SOLAR175_TABLE = "solar175-table"
OPPONENT_NAME = "the Opponent"


@dataclass(frozen=True)
class Standing:
    """One seat of a finished play: its name, total, whether it won (shared wins: several)."""

    name: str
    total: int
    won: bool
    # The index in the play's players; None for a seat no person holds (a bot).
    seat: int | None


@dataclass(frozen=True)
class GameRules:
    key: str
    # What the app calls the game until the group names it (a play log setting may override).
    name: str
    table_format: str
    score: Callable[[Any], dict]
    canonical_table: Callable[[Any], dict]
    seat_names: Callable[[Mapping | None, Mapping | None], list[str] | None]
    standings: Callable[[Mapping, Sequence[str], Sequence[str] | None], list[Standing]]
    session_format: str | None = None
    play: Callable[[Any], dict] | None = None
    canonical_session: Callable[[Any], dict] | None = None
    # How many people sit at the table (the Space Explorers Opponent is not a person).
    min_people: int = 1
    max_people: int = 8
    # A sentence when a table and a session of one play disagree, else None.
    table_agrees: Callable[[Mapping, Mapping], str | None] | None = None
    # The package of the game's web pages (a Django app under `playlog`), or None for a game
    # the play log reads and writes in files only.
    web: str | None = None

    @property
    def formats(self) -> tuple[str, ...]:
        return (self.table_format,) + ((self.session_format,) if self.session_format else ())


# --- Space Explorers, solo mode -------------------------------------------------------------


def _space_explorers_seats(table: Mapping | None, session: Mapping | None) -> None:
    return None  # one person, "you" in the files


def _space_explorers_standings(
    result: Mapping, people: Sequence[str], seats: Sequence[str] | None
) -> list[Standing]:
    outcome = result["result"]
    return [
        Standing(people[0], result["you"]["total"], outcome in ("you", "shared"), 0),
        Standing(
            OPPONENT_NAME, result["opponent"]["total"], outcome in ("opponent", "shared"), None
        ),
    ]


def _space_explorers_agree(table: Mapping, session: Mapping) -> str | None:
    """The score sheet of a companion game is its session's end plus your entered Progress."""
    progress = {key: table["you"][key] for key in ("specialist_progress", "ability_progress")}
    try:
        expected = space_explorers.table_from_session(session, progress)
    except FieldError as error:
        return _("the session is not a finished game (%(why)s)", why=error.message)
    if space_explorers.canonical_table(expected) != table:
        return _(
            "does not match the session's end: the Projects, your Specialists and the "
            "Opponent's Divisions come from the turns played"
        )
    return None


# --- the colonist game (expert rules) -------------------------------------------------------


def _colonists_seats(table: Mapping | None, session: Mapping | None) -> list[str] | None:
    if table is not None:
        return [player["name"] for player in table["players"]]
    if session is not None:
        return list(session["players"])
    return None


def _colonists_agree(table: Mapping, session: Mapping) -> str | None:
    table_players = [player["name"] for player in table["players"]]
    if table_players != list(session["players"]):
        return _(
            "names the players %(table)s; the session at the table named %(session)s",
            table=", ".join(table_players),
            session=", ".join(session["players"]),
        )
    return None


def _ranked_standings(key: str, total: str, winners: str):
    """Standings from a result whose `players` rows carry the seat's name at `key` (in the
    table's order or ranked: each row finds its seat by that name)."""

    def standings(
        result: Mapping, people: Sequence[str], seats: Sequence[str] | None
    ) -> list[Standing]:
        won = set(result[winners])
        index_of = {name: index for index, name in enumerate(seats or ())}
        rows = sorted(result["players"], key=lambda row: index_of.get(row[key], len(index_of)))
        return [
            Standing(people[index_of[row[key]]], row[total], row[key] in won, index_of[row[key]])
            for row in rows
        ]

    return standings


# --- Startropolis ---------------------------------------------------------------------------


def _startropolis_seats(table: Mapping | None, session: Mapping | None) -> list[str] | None:
    """A session's player keys; a table's player names (its factions where it gives none)."""
    if session is not None:
        return [player["key"] for player in session["players"]]
    if table is not None:
        return [player.get("player") or player["faction"] for player in table["players"]]
    return None


def _startropolis_standings(
    result: Mapping, people: Sequence[str], seats: Sequence[str] | None
) -> list[Standing]:
    """Final credits (mission included) per seat; `winners` names factions (§2.9)."""
    won = set(result["winners"])
    index_of = {name: index for index, name in enumerate(seats or ())}

    def seat_of(row: Mapping) -> int:
        return index_of.get(row.get("player") or row["faction"], len(index_of))

    rows = sorted(result["players"], key=seat_of)
    return [
        Standing(people[seat_of(row)], row["final_credits"], row["faction"] in won, seat_of(row))
        for row in rows
    ]


def _startropolis_agree(table: Mapping, session: Mapping) -> str | None:
    """A tracker game's table is the session's end: the same players, revenues and modules."""
    try:
        game_table = startropolis.table_from_session(
            session,
            credits=None
            if session["rules"].get("track_credits")
            else {p["player"]: p["credits"] for p in table["players"]},
            missions_achieved={
                p["player"]: p["mission"]["achieved"]
                for p in table["players"]
                if isinstance(p.get("mission"), Mapping) and "achieved" in p["mission"]
            },
        )
    except FieldError as error:
        return _("the session is not a finished game (%(why)s)", why=error.message)
    except KeyError:
        return _("names its players apart from the session's (each needs its session key)")
    if startropolis.canonical_table(game_table) != table:
        return _(
            "does not match the session's end: credits, revenue and modules come from the "
            "rounds played"
        )
    return None


GAMES: dict[str, GameRules] = {
    game.key: game
    for game in (
        GameRules(
            key="space-explorers-solo",
            name=_("Space Explorers (solo)"),
            table_format=space_explorers.TABLE_FORMAT,
            session_format=space_explorers.SESSION_FORMAT,
            score=space_explorers.score,
            play=space_explorers.play,
            canonical_table=space_explorers.canonical_table,
            canonical_session=space_explorers.canonical_session,
            seat_names=_space_explorers_seats,
            standings=_space_explorers_standings,
            min_people=1,
            max_people=1,
            table_agrees=_space_explorers_agree,
            web="playlog.space_explorers",
        ),
        GameRules(
            key=colonists.GAME_KEY,
            name=colonists.GAME_NAME,
            table_format=colonists.TABLE_FORMAT,
            session_format=colonists.SESSION_FORMAT,
            score=colonists.score,
            play=colonists.play,
            canonical_table=colonists.canonical_table,
            canonical_session=colonists.canonical_session,
            seat_names=_colonists_seats,
            standings=_ranked_standings("name", "total", "winners"),
            min_people=1,
            max_people=8,
            table_agrees=_colonists_agree,
            web="playlog.colonists",
        ),
        GameRules(
            key="startropolis",
            name="Startropolis",
            table_format=startropolis.TABLE_FORMAT,
            session_format=startropolis.SESSION_FORMAT,
            score=startropolis.score,
            play=startropolis.play,
            canonical_table=startropolis.canonical_table,
            canonical_session=startropolis.canonical_session,
            seat_names=_startropolis_seats,
            standings=_startropolis_standings,
            min_people=2,
            max_people=4,
            table_agrees=_startropolis_agree,
            web="playlog.startropolis",
        ),
    )
}
TABLE_FORMATS = {game.table_format: game for game in GAMES.values()}
SESSION_FORMATS = {game.session_format: game for game in GAMES.values() if game.session_format}


def game_for_table(data: Any) -> GameRules | None:
    """The game whose table `data` is, or None for a Solar 175 table (or no `format` at all,
    which Solar 175's reader has always accepted). Any other `format` is bad input."""
    if not isinstance(data, Mapping) or "format" not in data:
        return None
    found = data["format"]
    if found == SOLAR175_TABLE:
        return None
    if isinstance(found, str) and found in TABLE_FORMATS:
        return TABLE_FORMATS[found]
    allowed = one_of([SOLAR175_TABLE, *TABLE_FORMATS])
    raise FieldError(
        "format", _("must be %(allowed)s, not %(found)s", allowed=allowed, found=describe(found))
    )


def game_for_session(data: Any) -> GameRules:
    """The game whose companion session `data` is; bad input names `format`."""
    if not isinstance(data, Mapping):
        raise FieldError("session", _("must be an object, not %(found)s", found=describe(data)))
    found = data.get("format")
    if isinstance(found, str) and found in SESSION_FORMATS:
        return SESSION_FORMATS[found]
    allowed = one_of(list(SESSION_FORMATS))
    if "format" not in data:
        raise FieldError(
            "format", _("is missing; a session gives one of %(allowed)s", allowed=allowed)
        )
    raise FieldError(
        "format", _("must be %(allowed)s, not %(found)s", allowed=allowed, found=describe(found))
    )


def score_table(data: Any) -> dict:
    """`score` of the game `data` is a table of (not Solar 175's: see `game_for_table`)."""
    game = game_for_table(data)
    if game is None:
        raise ValueError("a Solar 175 table is scored by solar175.engine")
    return game.score(data)


def play_session(data: Any) -> dict:
    game = game_for_session(data)
    assert game.play is not None
    return game.play(data)
