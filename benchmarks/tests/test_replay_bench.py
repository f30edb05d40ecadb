"""The replay stays linear: 60 games of 5 corporations well inside the 30 ms goal."""

import re
import statistics
import time

from benchmarks.rules import replay_line as bench_replay
from benchmarks.samples import make_campaign
from solar175.catalogue import Catalogue
from solar175.tests.replayed import replay

CATALOGUE = Catalogue.from_fixture()
# The goal is 30 ms; the assertion is loose so a busy CI machine does not flake.
LOOSE_BOUND_MS = 150


def replay_ms(campaign: dict) -> float:
    """The replay's CPU time in this thread: what the replay costs, whatever else the machine
    runs meanwhile (wall-clock time on a loaded machine measured 214 ms for a 35 ms replay).
    `manage.py bench replay` reports wall-clock time on a quiet machine."""
    start = time.thread_time()
    replay(campaign, CATALOGUE)
    return (time.thread_time() - start) * 1000


def median_ms(campaign: dict, repeat: int = 9) -> float:
    return statistics.median(replay_ms(campaign) for _ in range(repeat))


def test_it_replays_60_games_of_5_corporations_quickly():
    campaign = make_campaign(60, corporations=5)
    state = replay(campaign, CATALOGUE)
    assert state["games_played"] == 60
    assert len(state["unlocked_sections"]) > 20
    ms = median_ms(campaign)
    print(f"replay: 60 games x 5 corporations median {ms:.1f} ms")
    assert ms < LOOSE_BOUND_MS


def test_it_grows_linearly_with_the_log():
    campaigns = {15: make_campaign(15, corporations=5), 60: make_campaign(60, corporations=5)}
    timings: dict[int, list[float]] = {15: [], 60: []}
    # Alternately, so that a busy moment of the machine falls on both alike.
    for _ in range(11):
        for games, campaign in campaigns.items():
            timings[games].append(replay_ms(campaign))
    small, large = (statistics.median(timings[games]) for games in (15, 60))
    # Four times the games: far less than sixteen times the time.
    assert large < 8 * small + 5


def test_bench_replay_reports_one_line():
    line = bench_replay(repeat=3)
    assert re.fullmatch(r"replay: 60 games x 5 corporations median \d+\.\d ms", line)
