"""Fuzzing the campaign file: valid generated files, mutated, fed to the import and the commands.

Every file either imports — and then export -> import -> export gives the same bytes and the
cache is the pure replay of the export — or is refused with a `CampaignError` naming a field,
every table as it was. Never another exception, never a half-written campaign (docs/commands.md
§2). A few real processes check the exit codes: 0 or 2, never a traceback.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
from typing import Any

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from benchmarks.samples import random_campaign
from campaign.actions import import_campaign
from campaign.campaign_io import dump_campaign, read_campaign_file
from campaign.models import Campaign
from scoring.catalogue import catalogue_from_db
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue
from solar175.tests.replayed import replay
from tests.budget import examples
from tests.processes import manage, migrated_sqlite

CATALOGUE = Catalogue.from_fixture()
# Modest for every test run (the whole file stays under ~15 s); FUZZ_EXAMPLES=2000 for a long hunt.
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES") or examples(100)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


# --- valid files and their mutations ---------------------------------------------------------


def valid_file(seed: int, games: int, corporations: int, opening_after: int | None) -> dict:
    """A generated campaign; with `opening_after`, the replay of its first games as the opening
    (a whole replay output pasted in) and the rest of the games after it."""
    data = random_campaign(random.Random(seed), games=games, corporations=corporations)
    if opening_after:
        first = copy.deepcopy(data)
        first["games"] = first["games"][:opening_after]
        data["opening"] = replay(first, CATALOGUE)
        data["games"] = data["games"][opening_after:]
    return data


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def garbage(rng: random.Random) -> Any:
    return rng.choice(
        [
            None,
            True,
            False,
            0,
            -1,
            1,
            6,
            33,
            2**15,
            2**31,
            2**63,
            -(2**70),
            1.5,
            float("nan"),
            float("inf"),
            "",
            " ",
            "garbage",
            "ünïcödé ☃",
            "2026-02-30",
            "purple",
            "nul\x00",
            "\ud800",
            "x" * 300,
            [],
            {},
            [[]],
            {"a": 1},
            # Deeper than any campaign file; not deeper than `copy.deepcopy` can copy.
            nested(rng.choice((10, 40, 600))),
        ]
    )


def containers(data: Any) -> list[tuple[Any, Any, int]]:
    """Every (parent, key, depth) of the document, walked without recursion."""
    found = []
    stack = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            found.append((node, key, depth))
            if isinstance(value, dict | list) and depth < 12:
                stack.append((value, depth + 1))
    return found


def six_players(data: dict, rng: random.Random) -> str:
    games = [g for g in data["games"] if isinstance(g, dict) and isinstance(g.get("table"), dict)]
    if not games:
        return "no game for six players"
    players = rng.choice(games)["table"].setdefault("players", [])
    if not isinstance(players, list) or not players:
        return "no players"
    while len(players) < 6:
        players.append(copy.deepcopy(rng.choice(players)))
    return "six players"


def mutate(data: dict, rng: random.Random) -> str:
    """Change one thing: drop a key, a wrong type, a number out of range, a duplicate, an
    unknown key, a garbage string, deep nesting, six players, two items swapped."""
    if rng.random() < 0.05:
        return six_players(data, rng)
    nodes = containers(data)
    if not nodes:
        return "nothing to mutate"
    depth = rng.choice(sorted({d for _, _, d in nodes}))
    parent, key, _ = rng.choice([n for n in nodes if n[2] == depth])
    value = parent[key]
    ops = ["drop", "garbage", "garbage"]
    if isinstance(value, dict):
        ops.append("unknown key")
    if isinstance(value, list) and value:
        ops += ["duplicate", "swap"]
    if isinstance(value, int) and not isinstance(value, bool):
        ops += ["number", "number"]
    if isinstance(value, str):
        ops += ["text", "text"]
    op = rng.choice(ops)
    where = f"{op} at {key!r} (depth {depth})"
    if op == "drop":
        del parent[key]
    elif op == "garbage":
        parent[key] = garbage(rng)
    elif op == "unknown key":
        value[rng.choice(("surprise", "Number", "players", "\x00", "é"))] = garbage(rng)
    elif op == "duplicate":
        value.append(copy.deepcopy(rng.choice(value)))
    elif op == "swap" and len(value) > 1:
        i, j = rng.sample(range(len(value)), 2)
        value[i], value[j] = value[j], value[i]
    elif op == "number":
        parent[key] = rng.choice((value + 1, value - 1, -value, 0, -1, 30, 2**15, 2**63))
    elif op == "text":
        parent[key] = rng.choice(
            (value.upper(), value + "\n", value * 40, "", "\x00" + value, value + "\ud800")
        )
    return where


@st.composite
def fuzzed_files(draw) -> tuple[dict, list[str]]:
    seed = draw(st.integers(0, 2**32 - 1))
    games = draw(st.integers(0, 6))
    corporations = draw(st.integers(2, 5))
    opening_after = draw(st.none() | st.integers(1, 3)) if games > 1 else None
    if opening_after is not None:
        opening_after = min(opening_after, games - 1)
    data = valid_file(seed, games, corporations, opening_after)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    changes = [mutate(data, rng) for _ in range(draw(st.integers(0, 3)))]
    return data, changes


# --- in-process: the import ------------------------------------------------------------------


def rows() -> dict[str, int]:
    """Row counts of every table of the project's apps (the catalogue included)."""
    labels = ("campaign", "scoring", "unlocks")
    return {
        m._meta.label: m.objects.count()
        for m in apps.get_models()
        if m._meta.app_label in labels and not m._meta.proxy
    }


def check_import(data: Any) -> Campaign | CampaignError:
    """Import `data`; assert the outcome is one of the two the contract allows."""
    before = rows()
    try:
        campaign = import_campaign(data)
    except CampaignError as error:
        assert isinstance(error.path, str) and error.path, error
        assert isinstance(error.message, str) and error.message, error
        assert rows() == before, "a refused file wrote something"
        return error
    after = rows()
    assert after["campaign.Campaign"] == before["campaign.Campaign"] + 1
    assert campaign.corporations.count() == len(data["corporations"])
    assert campaign.games.count() == len(data.get("games") or [])
    first = dump_campaign(campaign)
    # The cache is exactly the pure replay of what the campaign now holds.
    stored = Campaign.objects.get(pk=campaign.pk).replayed_state().to_dict()
    assert stored == replay(json.loads(first), catalogue_from_db())
    again = import_campaign(json.loads(first))
    assert dump_campaign(again) == first, "export -> import -> export changed the file"
    return campaign


@FUZZ
@given(fuzzed=fuzzed_files())
def test_a_mutated_file_imports_and_round_trips_or_is_refused_by_path(fuzzed, catalogue):
    data, changes = fuzzed
    outcome = check_import(data)
    event("imported" if isinstance(outcome, Campaign) else f"refused at {outcome.path[:14]}…")
    if not changes:
        assert isinstance(outcome, Campaign), f"a valid file was refused: {outcome}"


@pytest.mark.parametrize(
    "data", [None, [], "campaign", 175, {}, {"format": "solar175-campaign"}, nested(5000)]
)
def test_a_file_that_is_not_a_campaign_is_refused(data, catalogue):
    assert isinstance(check_import(data), CampaignError)


def players(data: dict, game: int) -> list:
    return data["games"][game]["table"]["players"]


# One of each kind of mutation, and the path the refusal names.
MUTATIONS = {
    "six players": (
        lambda d: players(d, 0).extend([{"corporation": "x"}] * 4),
        "games[0].table.players",
    ),
    "duplicate number": (
        lambda d: d["games"].append(copy.deepcopy(d["games"][-1])),
        "games[3].number",
    ),
    "duplicate corporation": (
        lambda d: d["corporations"].append(copy.deepcopy(d["corporations"][0])),
        "corporations[2].key",
    ),
    "unknown key": (lambda d: d.update(surprise=True), "surprise"),
    "dropped table": (lambda d: d["games"][1].pop("table"), "games[1].table"),
    "impossible date": (
        lambda d: d["games"][2].update(played_on="2026-02-30"),
        "games[2].played_on",
    ),
    "lone surrogate": (lambda d: d.update(name="\ud800"), "name"),
    "deep nesting": (lambda d: d["games"][0].update(notes=nested(3000)), "games[0].notes"),
    "credits over 29": (
        lambda d: players(d, 0)[0].update(credits=30),
        "games[0].table.players[0].credits",
    ),
    "NUL in a note": (lambda d: d["games"][2].update(notes="a\x00b"), "games[2].notes"),
    "not a number in the opening": (
        lambda d: d.update(opening=NAN_OPENING),
        "opening.standings[0]",
    ),
}
NAN_OPENING = {"after_game": 3, "incumbent_party": "workers_union", "standings": [float("nan")]}


@pytest.mark.parametrize("kind", MUTATIONS)
def test_each_kind_of_mutation_is_refused_at_its_path(kind, catalogue):
    change, path = MUTATIONS[kind]
    data = random_campaign(random.Random(7), games=3, corporations=2)
    assert isinstance(check_import(data), Campaign)  # the valid file imports
    change(data)
    error = check_import(data)
    assert isinstance(error, CampaignError)
    assert error.path == path


# --- the file reader: JSON the json module itself cannot read ---------------------------------

UNREADABLE = {
    "deep": "[" * 100_000 + "]" * 100_000,
    "long number": '{"format": "solar175-campaign", "version": 1' + "0" * 5000 + "}",
}


@pytest.mark.parametrize("kind", UNREADABLE)
def test_the_import_reader_refuses_json_python_cannot_parse(kind, tmp_path):
    path = tmp_path / "campaign.json"
    path.write_text(UNREADABLE[kind], encoding="utf-8")
    with pytest.raises(CampaignError) as caught:
        read_campaign_file(path)
    assert caught.value.path == str(path)


@pytest.mark.parametrize("kind", UNREADABLE)
def test_the_replay_command_refuses_json_python_cannot_parse(kind, tmp_path):
    path = tmp_path / "campaign.json"
    path.write_text(UNREADABLE[kind], encoding="utf-8")
    with pytest.raises(CommandError) as caught:
        call_command("replay", str(path))
    assert caught.value.returncode == 2


# --- real processes: exit 0 or 2, never a traceback ------------------------------------------

# Fixed seeds and mutations, and the exit code each gives: a valid file, a mutation that keeps
# it valid, one only the replay refuses (game 1 with a ship in a zone not yet in play).
PROCESS_CASES = {
    "valid": (11, 0, 0),
    "mutated, still valid": (12, 1, 0),
    "mutated, refused by the replay": (21, 2, 2),
}


def process_file(seed: int, mutations: int, exit_code: int = 0) -> dict:
    data = valid_file(seed, games=5, corporations=4, opening_after=None)
    rng = random.Random(seed)
    for _ in range(mutations):
        mutate(data, rng)
    return data


@pytest.fixture(scope="module")
def database_url(tmp_path_factory) -> str:
    """A migrated SQLite file of its own, with the catalogue."""
    return migrated_sqlite(tmp_path_factory.mktemp("db"), "fuzz.sqlite3")


def assert_clean_exit(result: subprocess.CompletedProcess) -> None:
    assert result.returncode in (0, 2), result.stderr
    assert "Traceback" not in result.stderr
    if result.returncode == 2:
        assert result.stdout == ""
        assert len(result.stderr.splitlines()) == 1, result.stderr


@pytest.mark.long
@pytest.mark.parametrize("case", PROCESS_CASES)
def test_as_processes_import_and_replay_exit_0_or_2(case, database_url, tmp_path):
    data = process_file(*PROCESS_CASES[case])
    path = tmp_path / "campaign.json"
    # As a person's editor would save it: JSON, lone surrogates escaped.
    path.write_text(json.dumps(data, ensure_ascii=True), encoding="utf-8")
    imported = manage(database_url, "import_campaign", path)
    assert_clean_exit(imported)
    replayed = manage(database_url, "replay", path)
    assert_clean_exit(replayed)
    # The import and the replay agree on the file.
    assert imported.returncode == replayed.returncode == PROCESS_CASES[case][2]
    if replayed.returncode == 0:
        assert json.loads(replayed.stdout)["games_played"] == len(data["games"])
        assert imported.stdout.splitlines()[-1].startswith("generated-campaign")
