"""A just-migrated database, as a host has one: `migrate`, then the commands, no
`load_catalogue`. Every sample campaign and every campaign file the tests use imports; a
database whose catalogue was emptied says so in one line and exits 2.
"""

from __future__ import annotations

import json
import random

import pytest

from benchmarks.samples import make_campaign, random_campaign
from tests.processes import PROJECT, manage, migrated_sqlite

DEMO = PROJECT / "fixtures" / "demo-campaign.json"
# The bench's campaigns (benchmarks/pages.py), the tests' make_campaign sizes, the property
# tests' random campaigns (every part of the format a file may use).
SAMPLES = {
    **{f"make-{n}.json": make_campaign(n, corporations=3) for n in (0, 1, 3, 6, 12, 20)},
    **{f"bench-{n}.json": make_campaign(n, corporations=5) for n in (5, 60)},
    **{
        f"random-{seed}.json": random_campaign(
            random.Random(seed), games=5 + seed * 3, corporations=2 + seed % 4
        )
        for seed in range(8)
    },
}


@pytest.fixture(scope="module")
def database(tmp_path_factory) -> str:
    return migrated_sqlite(tmp_path_factory.mktemp("fresh"), "fresh.sqlite3")


@pytest.mark.long
def test_a_just_migrated_database_imports_the_demo_with_the_command(database):
    result = manage(database, "import_campaign", DEMO)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    slug = result.stdout.splitlines()[-1]
    exported = manage(database, "export_campaign", slug)
    assert exported.stdout == DEMO.read_text(encoding="utf-8")


def test_a_just_migrated_database_imports_every_sample_campaign(database, tmp_path):
    paths = []
    for name, data in SAMPLES.items():
        data = {**data, "name": name.removesuffix(".json")}
        path = tmp_path / name
        path.write_text(json.dumps(data), encoding="utf-8")
        paths.append(path)
    # One process for all (each import is the command's own code, `call_command`).
    script = (
        "import sys\n"
        "from django.core.management import call_command\n"
        "for path in sys.argv[1:]:\n"
        "    call_command('import_campaign', path)\n"
    )
    result = manage(
        database, "shell", "-c", script.replace("sys.argv[1:]", repr(list(map(str, paths))))
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Imported") == len(SAMPLES)


@pytest.mark.long
def test_a_command_meeting_an_emptied_catalogue_says_so_in_one_line(tmp_path):
    database = migrated_sqlite(tmp_path, "emptied.sqlite3")
    # Emptied after `migrate` (the data migration does not run twice).
    assert manage(database, "flush", "--noinput").returncode == 0
    result = manage(database, "import_campaign", DEMO)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "catalogue: the reference catalogue is missing from this database (its tracker "
        "sections are gone): run `python manage.py load_catalogue`"
    ]
    # The sentence's remedy works.
    assert manage(database, "load_catalogue").returncode == 0
    assert manage(database, "import_campaign", DEMO).returncode == 0
