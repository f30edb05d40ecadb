"""The printed files of OTHER-GAMES.md §1.9 and §1.10, and builders for tables and sessions."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from space_explorers import SpaceExplorersError

# §1.9, as printed (the Opponent's side reproduces SE-E1 / SE-E3).
PRINTED_TABLE: dict[str, Any] = {
    "format": "space-explorers-solo-table",
    "version": 1,
    "variants": {
        "projects_start_advanced": False,
        "opponent_project_bonus": False,
        "opponent_favoured_division": None,
        "opponent_big_divisions": False,
    },
    "projects": [
        {
            "name": "Sputnik 1",
            "points": 3,
            "skills": {"science": 2, "engineering": 1, "testing": 1},
            "completed_by": "opponent",
        },
        {
            "name": "Vostok 1",
            "points": 4,
            "skills": {"engineering": 2, "testing": 1, "space_flight": 1},
            "completed_by": "opponent",
        },
        {
            "name": "Telstar 1",
            "points": 2,
            "skills": {"construction": 1, "science": 1},
            "completed_by": "you",
        },
        {
            "name": "Explorer 1",
            "points": 3,
            "skills": {"testing": 1, "construction": 2},
            "completed_by": "you",
        },
        {
            "name": "Mariner 2",
            "points": 5,
            "skills": {"space_flight": 2, "construction": 1, "science": 1},
            "completed_by": None,
        },
    ],
    "you": {"specialists": 12, "specialist_progress": 20, "ability_progress": 3},
    "opponent": {
        "divisions": {
            "engineering": 4,
            "testing": 3,
            "science": 3,
            "construction": 2,
            "space_flight": 2,
        }
    },
}

PRINTED_SCORE: dict[str, Any] = {
    "you": {"progress": {"specialists": 20, "abilities": 3, "projects": 5}, "total": 28},
    "opponent": {
        "specialists": 14,
        "progress": {
            "specialists": 28,
            "projects": 7,
            "project_bonus": 0,
            "favoured_division": 0,
            "big_divisions": 0,
        },
        "total": 35,
    },
    "project_points": {"you": 5, "opponent": 7},
    "projects": [{"name": "Mariner 2", "completed_by": None, "position": 7}],
    "result": "opponent",
    "decided_by": "progress",
    "warnings": [],
}

# §1.10 prints one tile of five: Sputnik 1. These four are never moved by Science or Testing.
OTHER_TILES: list[dict[str, Any]] = [
    {"name": "Telstar 1", "points": 2, "skills": {"construction": 1, "space_flight": 1}},
    {"name": "Explorer 1", "points": 3, "skills": {"construction": 2}},
    {"name": "Mariner 2", "points": 5, "skills": {"space_flight": 2, "construction": 1}},
    {"name": "Vostok 1", "points": 4, "skills": {"space_flight": 1, "construction": 1}},
]

PRINTED_SESSION: dict[str, Any] = {
    "format": "space-explorers-solo-session",
    "version": 1,
    "variants": {
        "projects_start_advanced": False,
        "opponent_project_bonus": True,
        "opponent_favoured_division": "testing",
        "opponent_big_divisions": False,
    },
    "projects": [
        {
            "name": "Sputnik 1",
            "points": 3,
            "skills": {"science": 2, "engineering": 1, "testing": 1},
        },
        *OTHER_TILES,
    ],
    "turns": [
        {"you": {"action": "take", "from": "center", "slot": 2}},
        {"opponent": {"division": "science"}},
        {
            "you": {
                "action": "recruit",
                "from": "hand",
                "cards_to_center": 1,
                "tokens_set_aside": 2,
                "launch": None,
            }
        },
        {"opponent": {"division": "testing"}},
    ],
}

PRINTED_STATE: dict[str, Any] = {
    "round": 3,
    "next": "you",
    "center": {"marker_slot": 2, "temporary_row": 0, "deck": 51},
    "projects": [
        {
            "name": "Sputnik 1",
            "position": 2,
            "steps_to_finish": 6,
            "advanced_by": ["engineering", "science", "testing"],
            "completed_by": None,
        }
    ],
    "you": {"specialists": 1, "hand": 0, "launched": []},
    "opponent": {
        "divisions": {
            "engineering": 0,
            "testing": 1,
            "science": 1,
            "construction": 0,
            "space_flight": 0,
        },
        "specialists": 2,
        "token_stack": 5,
        "completed": [],
        "score_now": 6,
    },
    "end": {"triggered": False, "trigger": None, "over": False},
    "warnings": [],
}


def table(**changes: Any) -> dict:
    """A fresh copy of the printed table, top-level keys replaced."""
    data = copy.deepcopy(PRINTED_TABLE)
    data.update(copy.deepcopy(changes))
    return data


def tile(name: str, points: int = 3, **skills: int) -> dict:
    return {"name": name, "points": points, "skills": skills}


# Five tiles moved by one Division each: the game's length is easy to steer in tests.
SIMPLE_TILES: list[dict[str, Any]] = [
    tile("Sputnik 1", 3, science=1),
    tile("Telstar 1", 2, testing=1),
    tile("Explorer 1", 3, construction=1),
    tile("Mariner 2", 5, space_flight=1),
    tile("Vostok 1", 4, engineering=1),
]


def session(
    turns: list | None = None, projects: list | None = None, **variants: Any
) -> dict[str, Any]:
    return {
        "format": "space-explorers-solo-session",
        "version": 1,
        "variants": variants,
        "projects": copy.deepcopy(projects if projects is not None else SIMPLE_TILES),
        "turns": copy.deepcopy(turns or []),
    }


def you(action: str, source: str, **keys: Any) -> dict:
    """One of your turns: `you("take", "center", slot=2)`."""
    return {"you": {"action": action, "from": source, **keys}}


def opponent(division: str | None) -> dict:
    return {"opponent": {"division": division}}


def rounds(count: int, mine: dict | None = None, division: str | None = "testing") -> list:
    """`count` rounds of the same turn pair (by default: you take from the deck)."""
    mine = mine or you("take", "deck")
    return [turn for _ in range(count) for turn in (copy.deepcopy(mine), opponent(division))]


def error_line(function: Any, data: Any, *args: Any) -> str:
    """The one line the command would print for `data`."""
    with pytest.raises(SpaceExplorersError) as caught:
        function(data, *args)
    return str(caught.value)


def contains(found: Any, printed: Any) -> bool:
    """`found` holds every key and value `printed` shows (more keys may be added)."""
    if isinstance(printed, dict):
        return isinstance(found, dict) and all(
            key in found and contains(found[key], value) for key, value in printed.items()
        )
    return found == printed


# Five tiles that only Science recruits move: Testing recruits never end the game.
SCIENCE_TILES: list[dict[str, Any]] = [
    tile(name, points, science=1)
    for name, points in (
        ("Sputnik 1", 3),
        ("Telstar 1", 2),
        ("Explorer 1", 3),
        ("Mariner 2", 5),
        ("Vostok 1", 4),
    )
]


def deck_run_out() -> list:
    """27 rounds of "you take from the deck, the Opponent recruits Testing": the deck's 53 cards
    are gone (two a round), the Opponent's last recruit left slot 2 empty, the marker is on 3."""
    return rounds(27, division="testing")
