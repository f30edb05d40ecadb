"""Play logs for tests: a log with a finished Space Explorers game played with the turn runner,
one in progress, a scored colonist game with its table helpers, members and an invite.

- `se_session(turns)`: the printed session's setup (OTHER-GAMES §1.10) with `turns`.
- `full_game_turns()`: a whole solo game: you recruit from slot 5 every turn, the Opponent's
  Divisions in turn; it ends at your 12th Specialist (24 turns).
- `make_play_log(owner)`, `se_play(log, ...)`, `colonists_play(log, ...)`.
- `PlayWorld`: all of it, and how to fill any `playlog:` address (`kwargs(name, converters)`)
  for the tests that try every address of the project.
- `url(name, world, *args)`: the address of a page of `world`'s log.

playlog/tests/conftest.py makes `world` and `host_client` (signed in as its owner) from these.
"""

from __future__ import annotations

import copy
from typing import Any

from django.urls import reverse

import space_explorers
import startropolis
from accounts.models import Invite, Role
from accounts.tests.factory import add_member, make_user
from colonists.tests.factory import spec_table
from playlog import actions
from playlog.models import Play, PlayLog
from playlog.pages import offered
from space_explorers.tests.factory import PRINTED_SESSION

DIVISIONS = ("testing", "science", "engineering", "construction", "space_flight")
YOUR_PROGRESS = {"specialist_progress": 20, "ability_progress": 3}

# The spec's table (OTHER-GAMES §3.7, caro 13 VP) with a second player, dan (9 VP).
COLONISTS_TABLE = {
    **spec_table(),
    "players": [
        *spec_table()["players"],
        {
            "name": "dan",
            "cities": [{"colonists": "adamant_cutters", "powered": True, "metropolis": True}],
            "unhoused_colonists": [],
            "other": {"territories": 4, "omnium": 1},
        },
    ],
}
COLONISTS_SESSION = {
    "format": "colonists-expert-session",
    "version": 1,
    "players": ["caro", "dan"],
    "condominium_built": True,
    "cards": ["Aeolis", "Power Hub 1", "Spice Merchants", "Harvester", "Spaceport"],
    "round": 2,
    "groups": {"spice_merchants": {"place": "contracted", "player": "caro"}},
}


def se_session(turns: list | None = None) -> dict:
    session = copy.deepcopy(PRINTED_SESSION)
    session["turns"] = list(turns or [])
    return session


def full_game_turns() -> list[dict]:
    session = se_session()
    index = 0
    while not space_explorers.play(session)["end"]["over"]:
        if space_explorers.play(session)["next"] == "you":
            session["turns"].append({"you": {"action": "recruit", "from": "center", "slot": 4}})
        else:
            session["turns"].append({"opponent": {"division": DIVISIONS[index % 5]}})
            index += 1
    return session["turns"]


def play_file(game: str, players: list, table=None, session=None, **facts: Any) -> dict:
    return {
        "format": "play-log-play",
        "version": 1,
        "game": game,
        "played_on": facts.get("played_on", "2026-03-01"),
        "players": players,
        "notes": facts.get("notes", ""),
        "table": table,
        "session": session,
    }


# A 3-player Startropolis game with the round tracker: credits tracked, missions in play.
ST_PLAYERS = ("ali", "bea", "cy")
ST_MISSIONS = {
    "ali": {
        "dealt": ["Lap of Luxury", "Market Mogul"],
        "kept": "Lap of Luxury",
        "reward": 10,
        "most": "luxury_habitation",
    },
    "bea": {"dealt": ["Power Broker", "Salvage Rights"], "kept": "Power Broker", "reward": 8},
    "cy": {
        "dealt": ["Solar Baron", "Shopkeeper"],
        "kept": "Solar Baron",
        "reward": 7,
        "most": "solar",
    },
}


def st_session(rounds: list | None = None, *, missions: bool = True) -> dict:
    players = []
    for key in ST_PLAYERS:
        player: dict[str, Any] = {"key": key, "faction": f"faction of {key}"}
        if missions:
            player["mission"] = copy.deepcopy(ST_MISSIONS[key])
        players.append(player)
    return {
        "format": startropolis.SESSION_FORMAT,
        "version": 1,
        "rules": {"players": 3, "track_credits": True, "missions": missions},
        "rush_fees": [3, 2, 2, 1],
        "players": players,
        "first_order": list(ST_PLAYERS),
        "rounds": list(rounds or []),
    }


def st_first_round() -> dict:
    """Round 1 half played: everyone bought, ali's Basic Habitation is on the Core."""
    return {
        "purchases": [
            {
                "player": "ali",
                "option": "buy",
                "slot": 6,
                "module": {"id": "m1", "type": "basic_habitation"},
            },
            {
                "player": "bea",
                "option": "buy",
                "slot": 5,
                "module": {"id": "m2", "type": "market_center"},
            },
            {"player": "cy", "option": "buy", "slot": 6, "module": {"id": "m3", "type": "solar"}},
        ],
        "attachments": [{"module": "m3", "to": ["core"]}],
    }


def st_play(log: PlayLog, members: dict | None = None, rounds: list | None = None, **facts) -> Play:
    """A Startropolis game at the table (round 1's Attachment Phase, bea to attach)."""
    members = members or {}
    people = [{"name": key, "member": members.get(key)} for key in ST_PLAYERS]
    session = st_session([st_first_round()] if rounds is None else rounds)
    return actions.add_play(log, play_file("startropolis", people, None, session, **facts))


def make_play_log(owner, name: str = "Thursday group") -> PlayLog:
    return actions.create_play_log(name, owner)


def se_play(log: PlayLog, member: str | None = None, *, finished: bool = True, **facts) -> Play:
    """A Space Explorers game played with the turn runner: finished and scored, or 6 turns in."""
    turns = full_game_turns() if finished else full_game_turns()[:6]
    session = se_session(turns)
    table = space_explorers.table_from_session(session, YOUR_PROGRESS) if finished else None
    name = member or "Solo player"
    data = play_file(
        "space-explorers-solo", [{"name": name, "member": member}], table, session, **facts
    )
    return actions.add_play(log, data)


def colonists_play(log: PlayLog, members: dict | None = None, **facts) -> Play:
    """The colonist game of OTHER-GAMES §3.7 (caro 13, dan 9), with its table helpers."""
    members = members or {}
    people = [{"name": n, "member": members.get(n)} for n in ("caro", "dan")]
    data = play_file(
        "colonists-expert",
        people,
        copy.deepcopy(COLONISTS_TABLE),
        copy.deepcopy(COLONISTS_SESSION),
        **facts,
    )
    return actions.add_play(log, data)


def play_log_namespaces() -> set[str]:
    """The URL namespaces of a play log's pages: its own and each game's."""
    return {"playlog", *(pages.namespace for pages in offered().values())}


def in_a_play_log(name: str) -> bool:
    """Whether a namespaced URL name (`startropolis:table`) is a play log's page."""
    return name.split(":")[0] in play_log_namespaces()


class PlayWorld:
    """A play log owned by `owner`, with a player, a viewer, an open invite, a finished and an
    unfinished Space Explorers game and a colonist game."""

    def __init__(self, owner, prefix: str = "log") -> None:
        self.owner = owner
        self.log = make_play_log(owner, f"{prefix} play log")
        self.player = add_member(self.log, make_user(f"{prefix}-player"), Role.PLAYER)
        self.viewer = add_member(self.log, make_user(f"{prefix}-viewer"), Role.VIEWER)
        self.invite = Invite.objects.create(play_log=self.log, created_by=owner)
        self.se_finished = se_play(self.log, owner.get_username())
        self.se_running = se_play(self.log, None, finished=False)
        self.colonists = colonists_play(self.log)
        self.startropolis = st_play(self.log)

    def number(self, name: str) -> int:
        """The play an address is about: the colonist game (or the Startropolis game) for its
        pages, the unfinished solo game for the turn runner's steps, else the finished one."""
        if "colonists" in name:
            return self.colonists.number
        if name.startswith("startropolis:"):
            return self.startropolis.number
        if name.startswith("space_explorers:") and name != "space_explorers:sheet":
            return self.se_running.number
        return self.se_finished.number

    def kwargs(self, name: str, converters) -> dict[str, Any]:
        kwargs: dict[str, Any] = {}
        for kwarg in converters:
            if kwarg == "log":
                kwargs[kwarg] = self.log.slug
            elif kwarg == "number":
                kwargs[kwarg] = self.number(name)
            elif kwarg == "game":
                kwargs[kwarg] = "colonists-expert" if "spread" in name else "space-explorers-solo"
            elif kwarg == "seat":
                kwargs[kwarg] = 0  # ali: a name typed in, so any player may open it
            elif kwarg == "step":
                kwargs[kwarg] = 0  # the unfinished solo game's first step (your turn)
            elif kwarg == "pk" and name.startswith("playlog:member"):
                kwargs[kwarg] = self.player.pk
            elif kwarg == "pk" and name.startswith("playlog:invite"):
                kwargs[kwarg] = self.invite.pk
            else:
                raise AssertionError(f"{name}: teach PlayWorld a value for <{kwarg}>")
        return kwargs


def url(name: str, world: PlayWorld, *args) -> str:
    """The address of page `name` of `world`'s log (`playlog:` unless `name` has a namespace)."""
    return reverse(name if ":" in name else f"playlog:{name}", args=[world.log.slug, *args])
