"""`manage.py score TABLE.json` run as a script runs it (docs/table-file.md): a real subprocess."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from gamefile.tests.test_json_input import UNREADABLE
from solar175.tests.test_engine import CONTRACT_OUTPUT, CONTRACT_TABLE

PROJECT = Path(__file__).resolve().parents[2]


def run_score(path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "score", str(path)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def write(tmp_path: Path, content: str | bytes, name: str = "table.json") -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def test_it_prints_the_contract_example_score(tmp_path):
    result = run_score(write(tmp_path, CONTRACT_TABLE))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    output = json.loads(result.stdout)
    expected = json.loads(CONTRACT_OUTPUT)
    assert output["election"] == expected["election"]
    assert output["worker_values"] == expected["worker_values"]
    explain = output["players"][0].pop("explain")
    assert output["players"][0] == expected["players"][0]
    # Every figure explains itself: the terms of each category add up to it.
    for category, figure in output["players"][0]["ip"].items():
        assert sum(term["ip"] for term in explain[category]) == figure, category
    assert explain["bases"][1] == {
        "ip": 7,
        "why": "base in zone 2: Hensler worker value 5 + zone 2",
    }
    assert [p["corporation"] for p in output["players"]] == ["purple", "yellow"]
    assert output["winner"] == expected["winner"]
    assert output["tracker"] == expected["tracker"]
    assert [key for key in output if key in expected] == list(expected)
    # Indent 2, as documented.
    assert result.stdout.startswith('{\n  "election": {\n    "winner": "united_federalists"')


def bad_table(**changes) -> str:
    data = json.loads(CONTRACT_TABLE)
    for path, value in changes.items():
        target = data
        *parents, last = path.split("__")
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("content", "line"),
    [
        (
            bad_table(players__1__credits=30),
            "players[1].credits: must be between 0 and 29",
        ),
        (
            bad_table(players__0__bases=[1, 4]),
            "players[0].bases[1]: must be a zone in play (1, 2)",
        ),
        (
            bad_table(incumbent_party="pirates"),
            "incumbent_party: must be one of united_federalists, workers_union, brave_new_dawn "
            "or celestial_rebellion",
        ),
        (
            bad_table(players=[]),
            "players: must list 2 to 5 players, not 0",
        ),
        ("[1, 2]", "table: must be an object, not a list"),
    ],
)
def test_it_exits_2_with_one_line_naming_the_field(tmp_path, content, line):
    result = run_score(write(tmp_path, content))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == line + "\n"


def test_it_names_only_the_first_of_several_problems(tmp_path):
    result = run_score(write(tmp_path, bad_table(players__0__credits=-1, players__1__credits=99)))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["players[0].credits: must be between 0 and 29"]


def test_it_exits_2_on_a_file_that_is_not_json(tmp_path):
    path = write(tmp_path, '{"players": [,]}')
    result = run_score(path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{path}: is not JSON (Expecting value at line 1 column 14)"
    ]


def test_it_exits_2_on_a_file_that_is_not_utf8(tmp_path):
    path = write(tmp_path, b'{"players": "\xff"}')
    result = run_score(path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"{path}: is not UTF-8 text")


def test_it_exits_2_on_a_missing_file(tmp_path):
    path = tmp_path / "missing.json"
    result = run_score(path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{path}: cannot read the file (No such file or directory)"
    ]


def test_it_exits_2_on_a_directory(tmp_path):
    result = run_score(tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [f"{tmp_path}: cannot read the file (Is a directory)"]


@pytest.mark.parametrize("kind", ["nested too deeply", "a number of 5000 digits"])
def test_the_score_command_exits_2_on_json_python_cannot_parse(kind, tmp_path):
    path = tmp_path / "table.json"
    path.write_bytes(UNREADABLE[kind][0])
    with pytest.raises(CommandError) as caught:
        call_command("score", str(path))
    assert caught.value.returncode == 2


def test_a_leased_ship_card_the_reference_prints_no_presence_for_exits_2(tmp_path):
    """The rulebook text prints no leased ship's presence: a table that names the card and
    gives none is refused with a sentence naming the ship, never scored with a guessed 2; with
    its presence typed it scores."""
    data = json.loads(CONTRACT_TABLE)
    ships = data["players"][0]["ships"]
    with_card = run_score(write(tmp_path, json.dumps(data)))
    ships.append({"zone": 1, "card": "Nautilus EV-280"})
    carded = run_score(write(tmp_path, json.dumps(data)))
    assert carded.returncode == 2 and carded.stdout == ""
    assert carded.stderr.splitlines() == [
        'players[0].ships[1].card: names the ship card "Nautilus EV-280", whose presence the '
        "rulebook text does not print and the box does not give: give the ship's presence as "
        "its card prints it, or enter it in your campaign's Box"
    ]
    ships[-1] = {"zone": 1, "card": "Nautilus EV-280", "presence": 3}
    typed = run_score(write(tmp_path, json.dumps(data)))
    assert typed.returncode == with_card.returncode == 0, typed.stderr
    assert json.loads(typed.stdout) != json.loads(with_card.stdout)


def test_a_card_the_reference_does_not_know_exits_2(tmp_path):
    data = json.loads(CONTRACT_TABLE)
    data["players"][0]["ships"].append({"zone": 1, "card": "Flying Dutchman"})
    result = run_score(write(tmp_path, json.dumps(data)))
    assert result.returncode == 2
    assert result.stderr.startswith("players[0].ships[1].card: is not a ship card")
