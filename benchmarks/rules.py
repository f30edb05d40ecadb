"""The rules timed: `score_game` per table, the replay of a long campaign. Pure: no database."""

import random
import statistics
import time

from benchmarks.samples import make_campaign, random_table_state
from solar175.catalogue import Catalogue
from solar175.engine import score_game
from solar175.replay import replay
from solar175.table import read_table
from solar175.table_file import table_to_dict

SEED = 175
ENGINE_TABLES = 20_000
ENGINE_GOAL_MS = 0.2
REPLAY_GAMES = 60
REPLAY_CORPORATIONS = 5
REPLAY_REPEAT = 21
REPLAY_GOAL_MS = 30.0


def _micros(ns: float) -> str:
    micros = ns / 1000
    return f"{micros:.1f} µs" if micros < 100 else f"{micros:.0f} µs"


def bench_engine(count: int = ENGINE_TABLES) -> list[str]:
    """Median time of `score_game` per 5-player table, over `count` random tables."""
    rng = random.Random(SEED)
    tables = [random_table_state(rng) for _ in range(count)]
    # Checked once, untimed: a benchmark over tables the parser would refuse would prove nothing.
    for table in tables[:50]:
        problems = read_table(table_to_dict(table)).errors
        if problems:
            raise RuntimeError(f"bench generated an invalid table: {problems[0]}")
    for table in tables[:200]:  # warm up
        score_game(table)
    timings = []
    clock = time.perf_counter_ns
    for table in tables:
        start = clock()
        score_game(table)
        timings.append(clock() - start)
    median = statistics.median(timings)
    p95 = statistics.quantiles(timings, n=20)[-1]
    verdict = goal_verdict(median / 1e6, ENGINE_GOAL_MS, " ms")
    return [
        f"engine: 5-player table median {_micros(median)} ({median / 1e6:.3f} ms; "
        f"p95 {_micros(p95)}) over {count} tables; goal ≤ {ENGINE_GOAL_MS} ms: {verdict}"
    ]


def goal_verdict(value: float, goal: float, unit: str) -> str:
    """`ok`, or `MISSED` with by how much."""
    if value <= goal:
        return "ok"
    return f"MISSED by {value - goal:.3g}{unit} ({(value / goal - 1) * 100:.0f}% over)"


def bench_replay(repeat: int = REPLAY_REPEAT) -> list[str]:
    """Median time of `solar175.replay.replay` over a generated 60-game campaign."""
    return [replay_line(REPLAY_GAMES, REPLAY_CORPORATIONS, repeat, goal_ms=REPLAY_GOAL_MS)]


def replay_line(
    games: int = REPLAY_GAMES,
    corporations: int = REPLAY_CORPORATIONS,
    repeat: int = REPLAY_REPEAT,
    goal_ms: float | None = None,
) -> str:
    """One line: the replay's median over the generated campaign, with the goal and `ok` or
    `MISSED` (by how much) when `goal_ms` is given."""
    median = replay_median_ms(games, corporations, repeat)
    line = f"replay: {games} games x {corporations} corporations median {median:.1f} ms"
    if goal_ms is None:
        return line
    return f"{line}; goal ≤ {goal_ms:g} ms: {goal_verdict(median, goal_ms, ' ms')}"


def replay_median_ms(
    games: int = REPLAY_GAMES, corporations: int = REPLAY_CORPORATIONS, repeat: int = REPLAY_REPEAT
) -> float:
    """Median milliseconds of `replay` over the generated campaign of `games` games."""
    catalogue = Catalogue.from_fixture()
    campaign = make_campaign(games, corporations=corporations)
    replay(campaign, catalogue)  # warm up: the sections file, the catalogue's lookups
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        replay(campaign, catalogue)
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings)
