"""U+0000 is refused in every text of every file the app reads: each string of a good file of
each format (and each object key), with a NUL added, is refused with a sentence naming its field,
never read (PostgreSQL's text and jsonb cannot hold U+0000, and a key that holds it is no key
the rules know)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import colonists
import space_explorers
import startropolis
from benchmarks.samples import make_campaign
from colonists.tests.factory import spec_table
from gamefile.errors import FieldError
from playlog.playfile import read_play_file
from scoring.tests.test_wizard import TABLE
from solar175.catalogue import Catalogue
from solar175.replay import replay
from solar175.table import read_table
from space_explorers.tests.factory import session as se_session
from space_explorers.tests.factory import table as se_table
from space_explorers.tests.factory import you
from startropolis.tests.builders import buy, round_
from startropolis.tests.builders import session as st_session
from startropolis.tests.test_3_validation_table import good_table as st_table


def strings(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """(path, "value" or "key") of each string and each object key."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield (*path, key), "key"
            yield from strings(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from strings(value, (*path, index))
    elif isinstance(data, str):
        yield path, "value"


def with_nul(data: Any, path: tuple, what: str) -> Any:
    data = copy.deepcopy(data)
    holder = data
    for step in path[:-1]:
        holder = holder[step]
    last = path[-1]
    if what == "value":
        holder[last] = holder[last] + "\x00"
    else:
        holder = {(k + "\x00" if k == last else k): v for k, v in holder.items()}
        parent = data
        for step in path[:-2]:
            parent = parent[step]
        if len(path) == 1:
            return holder
        parent[path[-2]] = holder
    return data


def _shown(path: tuple) -> str:
    return ".".join(map(str, path))


def _campaign() -> dict:
    return make_campaign(2, corporations=3, seed=3)


READERS: dict[str, tuple[Callable[[], Any], Callable[[Any], Any]]] = {
    "solar175 table": (lambda: TABLE, lambda data: read_table(data).valid_state()),
    "startropolis table": (st_table, startropolis.score),
    "startropolis session": (
        lambda: st_session(["ann", "bob"], [round_([buy("ann", "m1", "supply")])]),
        startropolis.play,
    ),
    "space explorers table": (se_table, space_explorers.score),
    "space explorers session": (
        lambda: se_session([you("take", "center", slot=2)]),
        space_explorers.play,
    ),
    "colonists table": (spec_table, colonists.score),
    "play file": (
        lambda: {
            "format": "play-log-play",
            "version": 1,
            "game": "colonists-expert",
            "played_on": "2026-03-01",
            "players": [{"name": p["name"], "member": None} for p in spec_table()["players"]],
            "notes": "",
            "table": spec_table(),
            "session": None,
        },
        read_play_file,
    ),
    "campaign file": (_campaign, lambda data: replay(data, Catalogue.from_fixture())),
}


@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_nul_in_any_text_or_key_is_refused(reader):
    sample, read = READERS[reader]
    good = sample()
    read(copy.deepcopy(good))  # the sample itself reads
    accepted = []
    for path, what in strings(good):
        try:
            read(with_nul(good, path, what))
        except FieldError as error:
            if "\x00" in str(error):
                accepted.append(f"{what} at {_shown(path)}: the sentence holds the NUL itself")
            continue
        accepted.append(f"{what} at {_shown(path)}: read")
    assert not accepted, "\n".join(accepted)
