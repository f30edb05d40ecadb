"""`python manage.py bench`: how fast the rules and the pages run, one line per figure.

Each benchmark is a function in `BENCHMARKS` that returns its report lines, each figure with
its goal and `ok` or `MISSED` (by how much). `bench pages` runs only the benchmarks named (a
function `bench_pages` is named `pages`); `--repeat N` sets the repetitions of the replay, save
and page timings (fewer for a quick check). The figures of this machine are in
`docs/performance.md`.

- `engine`: `score_game` per 5-player table (goal ≤ 0.2 ms).
- `replay`: `campaign.replay` of a 60-game, 5-corporation campaign (goal ≤ 30 ms).
- `save`: `actions.save_game` editing game 30 of that campaign, the cache rebuilt (≤ 150 ms).
- `pages`: the dashboard, standings, game log, tracker cards and setup sheet at 60 games
  against a bare view's time (≤ 3× that floor), and their queries at 5 and 60 games (≤ 12, the
  same). `save` and `pages` run in a throwaway database (`campaign.bench_pages`), never the
  developer's.
"""

import inspect
import random
import statistics
import time
from collections.abc import Callable
from contextlib import nullcontext

from django.core.management.base import BaseCommand, CommandError

from scoring.engine import (
    LEGITIMATE_PARTIES,
    PARTIES,
    Ballots,
    Hubs,
    HubWorkers,
    PlayerTable,
    Rules,
    Ship,
    TableState,
    score_game,
)
from scoring.table import table_to_dict, validate_table

SEED = 175
ENGINE_TABLES = 20_000
ENGINE_GOAL_MS = 0.2
REPLAY_GAMES = 60
REPLAY_CORPORATIONS = 5
REPLAY_REPEAT = 21
REPLAY_GOAL_MS = 30.0
COLOURS = ("purple", "yellow", "teal", "orange", "grey")


def random_table(rng: random.Random, player_count: int = 5) -> TableState:
    """A random table within what the box holds (so `validate_table` accepts it)."""
    zones = tuple(range(1, rng.randint(2, 6) + 1))
    rebellion = rng.random() < 0.5

    def hub() -> HubWorkers:
        return HubWorkers(workers=rng.randint(0, 6), algorithms=rng.randint(0, 3))

    def player(corporation: str) -> PlayerTable:
        return PlayerTable(
            corporation=corporation,
            credits=rng.randint(0, 29),
            loans=tuple(rng.randint(1, 10) for _ in range(rng.randint(0, 2))),
            mining_tokens=rng.randint(0, 6),
            megastructure_tokens=rng.randint(0, 5),
            military_tokens=rng.randint(0, 10),
            outposts={zone: rng.randint(0, 2) for zone in zones},
            bases=tuple(rng.choice(zones) for _ in range(rng.randint(0, 4))),
            ships=(Ship(zone=rng.choice(zones), presence=2),),
            political_influence_ip=rng.randint(0, 5),
            bonus_ip=rng.choice((0, 2)),
            extra_vote=rng.choice((None, *LEGITIMATE_PARTIES)),
        )

    return TableState(
        players=tuple(player(c) for c in rng.sample(COLOURS, player_count)),
        rules=Rules(
            zones_in_play=zones,
            celestial_rebellion=rebellion,
            trade_unions=rng.random() < 0.5,
            second_place_rounding=rng.choice(("down", "up")),
        ),
        megastructure_zone=rng.choice(zones),
        incumbent_party=rng.choice(PARTIES if rebellion else LEGITIMATE_PARTIES),
        hubs=Hubs(hensler=hub(), ufss=hub(), military=hub(), zones={z: hub() for z in zones}),
        ballots=Ballots(*(rng.randint(0, 8) for _ in range(4))),
        hire_cards_left={card: rng.randint(0, 6) for card in ("general", "engineer", "pilot")},
    )


def _micros(ns: float) -> str:
    micros = ns / 1000
    return f"{micros:.1f} µs" if micros < 100 else f"{micros:.0f} µs"


def bench_engine(count: int = ENGINE_TABLES) -> list[str]:
    """Median time of `score_game` per 5-player table, over `count` random tables."""
    rng = random.Random(SEED)
    tables = [random_table(rng) for _ in range(count)]
    # Checked once, untimed: a benchmark over tables the parser would refuse would prove nothing.
    for table in tables[:50]:
        problems = validate_table(table_to_dict(table))
        if problems:
            raise CommandError(f"bench generated an invalid table: {problems[0]}")
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
    """Median time of `campaign.replay.replay` over a generated 60-game campaign."""
    from campaign.replay import bench_replay as replay_line

    return [replay_line(REPLAY_GAMES, REPLAY_CORPORATIONS, repeat, goal_ms=REPLAY_GOAL_MS)]


def bench_save(repeat: int | None = None) -> list[str]:
    """Median time of `actions.save_game` editing game 30 of 60, in a throwaway database."""
    from campaign.bench_pages import SAVE_REPEAT, measure_save, throwaway_database

    with throwaway_database():
        return measure_save(repeat or SAVE_REPEAT)


def bench_pages(repeat: int | None = None) -> list[str]:
    """Each page's median server time against the floor, and its queries at 5 and 60 games."""
    from campaign.bench_pages import PAGE_REPEAT, measure_pages, throwaway_database

    with throwaway_database():
        return measure_pages(repeat or PAGE_REPEAT)


bench_save.needs_database = True
bench_pages.needs_database = True

BENCHMARKS: list[Callable[..., list[str]]] = [bench_engine, bench_replay, bench_save, bench_pages]


def benchmark_name(benchmark: Callable) -> str:
    return benchmark.__name__.removeprefix("bench_")


class Command(BaseCommand):
    help = "Time the rules and the pages: engine, replay, save and pages, each with its goal."
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        names = ", ".join(benchmark_name(b) for b in BENCHMARKS)
        parser.add_argument("names", nargs="*", help=f"benchmarks to run (default all: {names})")
        parser.add_argument(
            "--repeat",
            type=int,
            default=None,
            help="repetitions of the replay, save and page timings (default 21, 15, 30)",
        )

    def handle(self, *args, names: list[str], repeat: int | None = None, **options) -> None:
        known = {benchmark_name(b): b for b in BENCHMARKS}
        unknown = [name for name in names if name not in known]
        if unknown:
            raise CommandError(
                f"unknown benchmark {unknown[0]!r}; known: {', '.join(known)}", returncode=2
            )
        if repeat is not None and repeat < 1:
            raise CommandError("--repeat must be 1 or more", returncode=2)
        chosen = [b for name, b in known.items() if not names or name in names]
        # One throwaway database for every benchmark that needs one (the campaigns imported once).
        if any(getattr(b, "needs_database", False) for b in chosen):
            from campaign.bench_pages import throwaway_database

            database = throwaway_database()
        else:
            database = nullcontext()
        with database:
            for benchmark in chosen:
                takes_repeat = "repeat" in inspect.signature(benchmark).parameters
                lines = benchmark(repeat=repeat) if takes_repeat and repeat else benchmark()
                for line in lines:
                    self.stdout.write(line)
                    self.stdout.flush()
