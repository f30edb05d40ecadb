"""`manage.py bench replay save pages`: every figure printed with its goal, in a database of
its own (never the developer's), the pages' query counts the same at 5 and 60 games.

One real process with few repetitions: the figures themselves are recorded by hand in
`docs/performance.md` from a full run; this checks the benchmark, not the machine.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.pages import CACHED, PAGES, RENDERED

PROJECT = Path(__file__).resolve().parents[2]
VERDICT = r"(ok|MISSED.*)"
PAGE_LINE = re.compile(
    r"page (?P<name>[a-z ]+)( \((?P<note>[^)]*)\))?: 60 games median [\d.]+ ms = [\d.]+× floor; "
    rf"goal ≤ 3×: {VERDICT}; queries (?P<small>\d+) at 5 games, (?P<large>\d+) at 60; "
    rf"goal ≤ 12, the same: (?P<query_verdict>{VERDICT})"
)


@pytest.fixture(scope="module")
def bench(tmp_path_factory) -> tuple[subprocess.CompletedProcess, Path]:
    """The benchmark run once, `DATABASE_URL` naming a SQLite file that stands for the
    developer's database (it does not exist: the benchmark must not create it)."""
    developer = tmp_path_factory.mktemp("developer") / "db.sqlite3"
    result = subprocess.run(
        [sys.executable, "manage.py", "bench", "replay", "save", "pages", "--repeat", "2"],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        env={**os.environ, "DATABASE_URL": f"sqlite:///{developer}", "PYTHONIOENCODING": "utf-8"},
    )
    return result, developer


def lines(bench) -> list[str]:
    result, _ = bench
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@pytest.mark.long
def test_it_prints_the_replay_and_save_figures_with_their_goals(bench):
    printed = lines(bench)
    assert re.fullmatch(
        rf"replay: 60 games x 5 corporations median [\d.]+ ms; goal ≤ 30 ms: {VERDICT}",
        printed[0],
    )
    assert re.fullmatch(
        r"save: save_game edit of game 30 of 60 \(5 corporations; replay and cache rebuild\) "
        rf"median [\d.]+ ms over 2; goal ≤ 150 ms: {VERDICT}",
        printed[1],
    )


def test_it_prints_the_floor_then_every_page(bench):
    printed = lines(bench)
    assert re.fullmatch(
        r"pages: floor \(a bare view rendering base\.html, signed in[^)]*\) median [\d.]+ ms "
        r"over 2 requests after 5 warm-up; sqlite, DEBUG off",
        printed[2],
    )
    assert re.fullmatch(
        r"pages: the replay's cache \(Campaign\.state\) at 60 games is \d+ KB of JSON, decoded "
        r"in [\d.]+ ms = [\d.]+× floor by every page that reads it",
        printed[3],
    )
    matches = [PAGE_LINE.fullmatch(line) for line in printed[4:]]
    assert all(matches), printed[4:]
    # Each page twice: its body read from the cache, then rendered after a change.
    assert [(m["name"], m["note"].rsplit("; ", 1)[-1]) for m in matches] == [
        (page.name, how) for page in PAGES for how in (CACHED, RENDERED)
    ]
    assert len(printed) == 4 + 2 * len(PAGES)
    # There is no standings page: the line says the dashboard stands for it.
    assert matches[2]["name"] == "standings" and "dashboard" in matches[2]["note"]


def test_each_page_answers_in_the_same_queries_at_5_and_60_games(bench):
    for line in lines(bench)[4:]:
        match = PAGE_LINE.fullmatch(line)
        assert match["small"] == match["large"], line


def test_it_never_touches_the_developers_database(bench):
    _, developer = bench
    assert not developer.exists()
    assert list(developer.parent.iterdir()) == []
