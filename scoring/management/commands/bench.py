"""`python manage.py bench`: how fast the rules run, one line per measurement.

Each benchmark is a function in `BENCHMARKS` that returns its report lines; add the next one
(the campaign replay, a page) as another function and append it. `bench engine` runs only the
benchmarks named (a function `bench_engine` is named `engine`).
"""

import random
import statistics
import time
from collections.abc import Callable

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
    verdict = "ok" if median / 1e6 <= ENGINE_GOAL_MS else "OVER GOAL"
    return [
        f"engine: 5-player table median {_micros(median)} ({median / 1e6:.3f} ms; "
        f"p95 {_micros(p95)}) over {count} tables; goal ≤ {ENGINE_GOAL_MS} ms: {verdict}"
    ]


BENCHMARKS: list[Callable[[], list[str]]] = [bench_engine]


def benchmark_name(benchmark: Callable) -> str:
    return benchmark.__name__.removeprefix("bench_")


class Command(BaseCommand):
    help = "Time the rules: the scoring engine per 5-player table (and later benchmarks)."
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        names = ", ".join(benchmark_name(b) for b in BENCHMARKS)
        parser.add_argument("names", nargs="*", help=f"benchmarks to run (default all: {names})")

    def handle(self, *args, names: list[str], **options) -> None:
        known = {benchmark_name(b): b for b in BENCHMARKS}
        unknown = [name for name in names if name not in known]
        if unknown:
            raise CommandError(
                f"unknown benchmark {unknown[0]!r}; known: {', '.join(known)}", returncode=2
            )
        for name, benchmark in known.items():
            if not names or name in names:
                for line in benchmark():
                    self.stdout.write(line)
