"""`score` and `play` for the other games (CONTRACTS.md §3), and `export_play` / `import_play`.

`score` and `play` run as real subprocesses: exit codes, and exactly what reaches stdout and
stderr. The printed JSON of OTHER-GAMES.md (§1.9, §1.10, §3.7, §2.9, §2.10) is compared field for
field: every key the spec prints is there, in its place, with its value. The play file commands
run in-process (`call_command`) for what the database holds afterwards.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

import space_explorers
import startropolis
from accounts.tests.factory import make_user
from colonists.tests.factory import spec_table
from playlog.models import Play, PlayPerson
from playlog.tests.factory import COLONISTS_SESSION, PlayWorld, se_session
from solar175.tests.test_engine import CONTRACT_TABLE
from space_explorers.tests.factory import (
    PRINTED_SCORE,
    PRINTED_SESSION,
    PRINTED_STATE,
    PRINTED_TABLE,
)
from startropolis.tests.builders import session as startropolis_session
from startropolis.tests.test_2_derived import PRINTED_SESSION as STARTROPOLIS_PRINTED_SESSION
from startropolis.tests.test_2_derived import PRINTED_STATE as STARTROPOLIS_PRINTED_STATE

PROJECT = Path(__file__).resolve().parents[2]
BAD_INPUT = 2

# OTHER-GAMES §3.7's output, as printed.
COLONISTS_PRINTED = {
    "players": [
        {
            "name": "caro",
            "vp": {"cities": [3, 3], "unrest": -1, "territories": 6, "omnium": 2},
            "total": 13,
            "rank": 1,
        }
    ],
    "winners": ["caro"],
}
STARTROPOLIS_TABLE = {
    "format": "startropolis-table",
    "version": 1,
    "rules": {
        "players": 3,
        "modules_in_play": [
            "basic_habitation",
            "solar",
            "supply",
            "market_center",
            "luxury_habitation",
            "civic",
        ],
        "missions": True,
        "advanced_factions": False,
        "spend_basis": "printed",
    },
    "players": [
        {
            "faction": "broodmaster",
            "credits": 47,
            "revenue": 19,
            "modules": [
                {"type": "luxury_habitation"},
                {"type": "market_center", "card": "bank", "cost": 5},
                {"type": "civic"},
            ],
            "bank_invested": 0,
            "mission": {"name": "Lap of Luxury", "reward": 10, "achieved": True},
        },
        {"faction": "fungi", "credits": 40, "revenue": 12, "modules": [{"type": "supply"}]},
        {"faction": "vex", "credits": 30, "revenue": 9, "modules": [{"type": "solar"}]},
    ],
}


def contains(found, printed) -> bool:
    """`found` holds every key and value the spec prints (more keys may be added). A printed
    list shorter than the found one ("one of five shown") matches some of its items."""
    if isinstance(printed, dict):
        return isinstance(found, dict) and all(
            key in found and contains(found[key], value) for key, value in printed.items()
        )
    if isinstance(printed, list) and isinstance(found, list):
        if len(printed) == len(found):
            return all(contains(f, p) for f, p in zip(found, printed, strict=True))
        return all(any(contains(f, p) for f in found) for p in printed)
    return found == printed


def run(command: str, path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", command, str(path)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def write(tmp_path: Path, data, name: str = "file.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def refused(result: subprocess.CompletedProcess) -> str:
    """The one stderr line of a refusal (exit 2, nothing on stdout)."""
    assert result.returncode == BAD_INPUT, result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


# --- score: the table's format picks the game ------------------------------------------------


def test_score_prints_the_space_explorers_score_sheet_as_printed(tmp_path):
    result = run("score", write(tmp_path, PRINTED_TABLE))
    assert result.returncode == 0 and result.stderr == ""
    output = json.loads(result.stdout)
    assert contains(output, PRINTED_SCORE)
    assert output == space_explorers.score(PRINTED_TABLE)
    # The printed keys first, in the printed order (more may follow).
    assert [key for key in output if key in PRINTED_SCORE] == list(PRINTED_SCORE)
    assert output["you"]["total"] == 28 and output["opponent"]["total"] == 35
    assert output["result"] == "opponent" and output["decided_by"] == "progress"


def test_score_prints_the_colonist_game_score_sheet_as_printed(tmp_path):
    result = run("score", write(tmp_path, spec_table()))
    assert result.returncode == 0 and result.stderr == ""
    output = json.loads(result.stdout)
    for key in ("name", "vp", "total", "rank"):
        assert output["players"][0][key] == COLONISTS_PRINTED["players"][0][key]
    assert list(output["players"][0])[:4] == ["name", "vp", "total", "rank"]
    assert output["winners"] == ["caro"]


def test_score_prints_the_startropolis_ranking(tmp_path):
    result = run("score", write(tmp_path, STARTROPOLIS_TABLE))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert output == startropolis.score(STARTROPOLIS_TABLE)
    first = output["players"][0]
    printed = {
        "faction": "broodmaster",
        "credits": 47,
        "mission": 10,
        "final_credits": 57,
        "revenue": 19,
        "spend": 15,
        "rank": 1,
    }
    assert {key: first[key] for key in printed} == printed
    assert output["winners"] == ["broodmaster"] and output["decided_by"] == "credits"


def test_score_keeps_solar175_tables_as_they_were(tmp_path):
    """The Solar 175 table (with its format, or none) scores as the Solar 175 rules do: the
    engine's score with each figure's terms (`explain`, docs/table-file.md)."""
    from solar175.explain import score_with_explanations
    from solar175.table import read_table

    data = json.loads(CONTRACT_TABLE)
    expected = json.dumps(score_with_explanations(read_table(data).valid_state()), indent=2) + "\n"
    for table in (data, {k: v for k, v in data.items() if k != "format"}):
        result = run("score", write(tmp_path, table))
        assert result.returncode == 0 and result.stdout == expected


@pytest.mark.parametrize(
    ("table", "line"),
    [
        (
            {"format": "chess-table"},
            "format: must be solar175-table, space-explorers-solo-table, colonists-expert-table "
            'or startropolis-table, not the text "chess-table"',
        ),
        (
            {**copy.deepcopy(PRINTED_TABLE), "you": {**PRINTED_TABLE["you"], "specialists": 11}},
            "projects[4].completed_by: a Project can only remain on the track when you have "
            "12 Specialists",
        ),
        (
            {**spec_table(), "version": 2},
            "version: must be 1, the only table version",
        ),
    ],
)
def test_score_refuses_a_bad_table_with_one_line_naming_the_field(tmp_path, table, line):
    assert refused(run("score", write(tmp_path, table))) == line


def test_score_refuses_each_games_bad_input_as_its_rules_say(tmp_path):
    """The command's line is the rules' own error, whatever the game."""
    cases = [
        (copy.deepcopy(PRINTED_TABLE), space_explorers.score),
        (spec_table(), None),
        (copy.deepcopy(STARTROPOLIS_TABLE), startropolis.score),
    ]
    cases[0][0]["opponent"]["divisions"]["testing"] = 61
    cases[1][0]["players"][0]["unhoused_colonists"] = ["koprolith_miners"]
    cases[2][0]["players"][0]["credits"] = -1
    for table, _ in cases:
        line = refused(run("score", write(tmp_path, table)))
        path = line.split(":", 1)[0]
        assert path in (
            "opponent.divisions.testing",
            "players[0].unhoused_colonists[0]",
            "players[0].credits",
        ), line


# --- play: the session's format picks the companion ------------------------------------------


def test_play_prints_the_space_explorers_state_as_printed(tmp_path):
    result = run("play", write(tmp_path, PRINTED_SESSION))
    assert result.returncode == 0 and result.stderr == ""
    output = json.loads(result.stdout)
    assert contains(output, PRINTED_STATE)
    assert [key for key in output if key in PRINTED_STATE] == list(PRINTED_STATE)
    assert output["opponent"]["score_now"] == 6
    assert output["center"] == {**PRINTED_STATE["center"], "empty_slots": []}


def test_play_prints_the_startropolis_state_as_printed(tmp_path):
    result = run("play", write(tmp_path, STARTROPOLIS_PRINTED_SESSION))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert output == startropolis.play(STARTROPOLIS_PRINTED_SESSION)
    assert contains(output, STARTROPOLIS_PRINTED_STATE)
    empty = startropolis_session(["emily", "caleb", "rosa"])
    assert json.loads(run("play", write(tmp_path, empty)).stdout) == startropolis.play(empty)


def test_play_prints_the_colonist_game_at_the_table(tmp_path):
    result = run("play", write(tmp_path, COLONISTS_SESSION))
    assert result.returncode == 0, result.stderr
    output = json.loads(result.stdout)
    assert output["round"]["sentences"][0] == "Round 2 of 5: Power Hub 1."
    assert output["board"]["groups"][1]["player"] == "caro"


@pytest.mark.parametrize(
    ("session", "line"),
    [
        (
            {"turns": []},
            "format: is missing; a session gives one of space-explorers-solo-session, "
            "colonists-expert-session or startropolis-session",
        ),
        (
            se_session([{"you": {"action": "recruit", "from": "deck"}}]),
            "turns[0].you.from: you recruit from the Center or your hand, not from the deck",
        ),
        (
            se_session([{"opponent": {"division": "science"}}]),
            "turns[0]: must be your turn: you and the Opponent take turns, you first",
        ),
        ([], "session: must be an object, not a list"),
    ],
)
def test_play_refuses_a_bad_session_with_one_line_naming_the_field(tmp_path, session, line):
    assert refused(run("play", write(tmp_path, session))) == line


def test_play_refuses_an_unreadable_file(tmp_path):
    line = refused(run("play", write(tmp_path, "{not json")))
    assert line.startswith(f"{tmp_path / 'file.json'}: is not JSON")


# --- export_play and import_play ---------------------------------------------------------------


def call(*args) -> tuple[str, str]:
    stdout, stderr = StringIO(), StringIO()
    call_command(*map(str, args), stdout=stdout, stderr=stderr)
    return stdout.getvalue(), stderr.getvalue()


@pytest.fixture
def world(db) -> PlayWorld:
    return PlayWorld(make_user("keeper"))


def test_export_import_export_is_byte_identical_for_every_kind_of_play(world, tmp_path):
    log = world.log
    for play in (world.se_finished, world.se_running, world.colonists):
        first, _ = call("export_play", log.slug, play.number)
        path = write(tmp_path, first, f"play-{play.number}.json")
        out, _ = call("import_play", log.slug, path)
        number = int(out.splitlines()[-1])
        again, _ = call("export_play", log.slug, number)
        assert again == first
        assert first.endswith("}\n") and '"format": "play-log-play"' in first
    imported = Play.objects.get(play_log=log, number=number)
    assert imported.result == world.colonists.result


def test_the_exported_session_replays_to_the_turn_runners_state(world):
    text, _ = call("export_play", world.log.slug, world.se_running.number)
    session = json.loads(text)["session"]
    assert session["format"] == "space-explorers-solo-session"
    assert space_explorers.play(session) == space_explorers.play(world.se_running.session)


def rows() -> dict[str, list]:
    return {m.__name__: list(m.objects.order_by("pk").values()) for m in (Play, PlayPerson)}


@pytest.mark.parametrize(
    ("change", "line"),
    [
        (lambda d: d.update(game="chess"), "game: must be space-explorers-solo, "),
        (
            lambda d: d.update(played_on="yesterday"),
            "played_on: must be a date on the calendar, written YYYY-MM-DD",
        ),
        (
            lambda d: d["table"]["players"][1]["other"].pop("omnium"),
            "table.players[1].other.omnium: is missing",
        ),
        (
            lambda d: d["players"][0].update(member="nobody-here"),
            "players[0].member: “nobody-here” is not a member of this play log",
        ),
        (lambda d: d["players"].pop(), "players: must list the 2 players the game's file names"),
        (lambda d: d.update(table=None, session=None), "table: is missing"),
        (
            lambda d: d["session"].update(players=["caro", "eve"]),
            "table: names the players caro, dan; the session at the table named caro, eve",
        ),
    ],
)
def test_a_bad_play_file_is_refused_naming_the_field_and_nothing_is_written(
    world, tmp_path, change, line
):
    text, _ = call("export_play", world.log.slug, world.colonists.number)
    data = json.loads(text)
    change(data)
    before = rows()
    with pytest.raises(CommandError) as refusal:
        call("import_play", world.log.slug, write(tmp_path, data))
    assert refusal.value.returncode == BAD_INPUT
    assert str(refusal.value).startswith(line), str(refusal.value)
    assert "\n" not in str(refusal.value)
    assert rows() == before


def test_a_companion_table_must_match_its_session(world, tmp_path):
    text, _ = call("export_play", world.log.slug, world.se_finished.number)
    data = json.loads(text)
    data["table"]["opponent"]["divisions"]["science"] += 1
    with pytest.raises(CommandError) as refusal:
        call("import_play", world.log.slug, write(tmp_path, data))
    assert str(refusal.value).startswith("table: does not match the session's end")


def test_export_and_import_refuse_an_unknown_log_or_play(world, tmp_path):
    with pytest.raises(CommandError, match="^log: no play log has the slug “nope”$"):
        call("export_play", "nope", 1)
    with pytest.raises(CommandError, match="has no play 99$"):
        call("export_play", world.log.slug, 99)
    with pytest.raises(CommandError, match="^log: no play log"):
        call("import_play", "nope", write(tmp_path, {}))
