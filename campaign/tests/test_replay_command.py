"""`manage.py replay FILE` run as a script (docs/campaign-file.md): a real subprocess, no
database."""

import json
import subprocess
import sys
from pathlib import Path

from benchmarks.samples import make_campaign
from solar175.catalogue import Catalogue, MegastructureEntry
from solar175.tests.replayed import replay

PROJECT = Path(__file__).resolve().parents[2]


def run_replay(*args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "replay", *map(str, args)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=60,
        # No database: a URL nobody could open shows the command never tries.
        env={**_env(), "DATABASE_URL": "postgres://nobody@127.0.0.1:1/none"},
    )


def _env() -> dict:
    import os

    return dict(os.environ)


def write(tmp_path: Path, data, name: str = "campaign.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_it_prints_the_derived_state_as_json(tmp_path):
    campaign = make_campaign(8, corporations=3)
    result = run_replay(write(tmp_path, campaign))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    output = json.loads(result.stdout)
    assert output == json.loads(json.dumps(replay(campaign, Catalogue.from_fixture())))
    assert result.stdout.startswith('{\n  "games_played": 8,\n  "tracker": {')


def test_bad_input_exits_2_with_one_line_naming_the_field(tmp_path):
    campaign = make_campaign(3, corporations=3)
    campaign["games"][2]["number"] = 7
    result = run_replay(write(tmp_path, campaign))
    assert result.returncode == 2
    assert result.stdout == ""
    assert (
        result.stderr == "games[2].number: must be 3: games are numbered in order from 1, not 7\n"
    )


def test_a_table_contradicting_the_campaign_exits_2(tmp_path):
    campaign = make_campaign(3, corporations=3)
    campaign["games"][1]["table"]["rules"] = {"zones_in_play": [1, 2]}
    result = run_replay(write(tmp_path, campaign))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "games[1].table.rules.zones_in_play: must be [1, 2, 3] in game 2 (sections #1 unlocked)"
    ]


def test_unreadable_and_non_json_files_exit_2(tmp_path):
    missing = run_replay(tmp_path / "missing.json")
    assert missing.returncode == 2
    assert missing.stdout == ""
    assert missing.stderr.startswith(f"{tmp_path / 'missing.json'}: cannot read the file")

    broken = run_replay(write(tmp_path, "{ not json"))
    assert broken.returncode == 2
    assert broken.stdout == ""
    assert "is not JSON" in broken.stderr
    assert len(broken.stderr.splitlines()) == 1


def test_another_catalogue_can_be_given(tmp_path):
    rows = json.loads((PROJECT / "fixtures" / "catalogue.json").read_text(encoding="utf-8"))
    rows.append(
        {
            "model": "scoring.megastructure",
            "pk": "ring-world",
            "fields": {"name": "Ring World", "type": 6, "location": None, "fixed_game": None},
        }
    )
    catalogue = write(tmp_path, rows, "catalogue.json")
    campaign = make_campaign(2, corporations=2)
    campaign["games"][1]["megastructure"] = "ring-world"
    campaign["games"][1]["megastructure_zone"] = 1
    assert run_replay(write(tmp_path, campaign)).returncode == 2
    result = run_replay(write(tmp_path, campaign), "--catalogue", catalogue)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["campaign_over"] is True
    assert Catalogue.from_fixture(catalogue).megastructures["ring-world"] == MegastructureEntry(
        key="ring-world", name="Ring World", type=6
    )


def test_the_files_own_box_is_replayed_with_no_database(tmp_path):
    # The same megastructure, in the campaign's own box instead of another catalogue.
    campaign = make_campaign(2, corporations=2)
    campaign["games"][1]["megastructure"] = "ring-world"
    campaign["box"] = {
        "megastructures": [
            {"key": "ring-world", "name": "Ring World", "type": 6, "location": "Titan"}
        ]
    }
    result = run_replay(write(tmp_path, campaign))
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["campaign_over"] is True
    assert state["games"][1]["megastructure_zone"] == 3


def test_a_game_without_its_megastructure_zone_is_replayed_with_a_warning(tmp_path):
    # A version 1 file of an earlier release (600b321) left the zone out: read, not refused.
    campaign = make_campaign(2, corporations=2)
    campaign["games"][1]["megastructure"] = "the-kraken"
    result = run_replay(write(tmp_path, campaign))
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["games"][1]["megastructure_zone"] is None
    # (built out of order too: game 2 builds a fixed Type I)
    warning = state["warnings"][-1]
    assert warning["path"] == "games[1].megastructure_zone"
    assert warning["message"].startswith("The Kraken was built in game 2 with no zone")


def test_a_catalogue_that_cannot_be_read_says_so_in_one_line_and_exits_2(tmp_path):
    campaign = make_campaign(2, corporations=2)
    result = run_replay(write(tmp_path, campaign), "--catalogue", str(tmp_path / "nope.json"))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"{tmp_path / 'nope.json'}: cannot read the catalogue")
    assert len(result.stderr.splitlines()) == 1
