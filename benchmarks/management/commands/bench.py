"""`python manage.py bench`: how fast the rules and the pages run, one line per figure.

Each benchmark is a function in `BENCHMARKS` that returns its report lines, each figure with
its goal and `ok` or `MISSED` (by how much). `bench pages` runs only the benchmarks named (a
function `bench_pages` is named `pages`); `--repeat N` sets the repetitions of the replay, save
and page timings (fewer for a quick check). The figures of this machine are in
`docs/performance.md`.

- `engine`: `score_game` per 5-player table (goal ≤ 0.2 ms).
- `replay`: `solar175.replay` of a 60-game, 5-corporation campaign (goal ≤ 30 ms).
- `save`: `actions.save_game` editing game 30 of that campaign, the cache rebuilt (≤ 150 ms).
- `pages`: the dashboard, standings, game log, tracker cards and setup sheet at 60 games
  against a bare view's time (≤ 3× that floor), and their queries at 5 and 60 games (≤ 12, the
  same). `save` and `pages` run in a throwaway database (`benchmarks.pages`), never the
  developer's.
- `table`: the scripted game night (`benchmarks.table_night`): per person the values entered
  and the taps, the group's time together at a stated pace (goal ≤ 180 s), and one phone's.
- `bytes`: what one phone downloads in a minute of a game entered together, uncompressed and
  gzip-compressed, a seat's and the host's (goal ≤ 100 KB; `benchmarks.draft_bytes`).
- `cost`: one push's and one poll's CPU time in-process (median) and statements, through the
  whole middleware stack (`benchmarks.draft_cost`).
- `tables`: how many tables of 5 phones (a change a second each, the hosts typing the shared
  part, draft.js's polls on its timer) gunicorn holds on PostgreSQL at p95 ≤ 200 ms with no
  error, in every run of each number tried after a warm-up; the served CPU per table-second
  and a phone's bytes a minute (`benchmarks.tables`; `--short`: 1 table, a 3 s warm-up and
  two runs of 5 s, the plumbing only). An error in any run (a status but 200/204, a
  redirect, a conflict, a refusal, a change not applied, a panel without totals, a value the
  database does not hold) makes the command exit with 1 once every benchmark has run.
- `photo`: a gunicorn worker's peak memory over its idle size for the worst photo of the
  final table it takes, each format at its most pixels, uploaded by a player, and the worst
  sent by four at once (goal ≤ 300 MB; `benchmarks.photo_memory`).
- `concurrency`: 8 phones saving games and ticking checklists on one campaign under gunicorn
  with 2 workers, on SQLite and on PostgreSQL: saves per second, p95, 5xx (goal 0), and the
  stored state equal to a fresh replay of the exported file (`benchmarks.concurrency`).
"""

import inspect
import sys
from collections.abc import Callable
from contextlib import nullcontext

from django.core.management.base import BaseCommand, CommandError

from benchmarks.rules import bench_engine, bench_replay


def bench_save(repeat: int | None = None) -> list[str]:
    """Median time of `actions.save_game` editing game 30 of 60, in a throwaway database."""
    from benchmarks.pages import SAVE_REPEAT, measure_save, throwaway_database

    with throwaway_database():
        return measure_save(repeat or SAVE_REPEAT)


def bench_pages(repeat: int | None = None) -> list[str]:
    """Each page's median server time against the floor, and its queries at 5 and 60 games."""
    from benchmarks.pages import PAGE_REPEAT, measure_pages, throwaway_database

    with throwaway_database():
        return measure_pages(repeat or PAGE_REPEAT)


def bench_concurrency() -> list[str]:
    """N phones saving games and ticking checklists at once under gunicorn (2 workers), on
    SQLite and on PostgreSQL (`PG_URL`, or a `DATABASE_URL` naming one), each in a throwaway
    database of its own (`benchmarks.concurrency`)."""
    from benchmarks.concurrency import concurrency_line, postgres_url, run_concurrency

    lines = [concurrency_line(run_concurrency("sqlite"))]
    url = postgres_url()
    if url is None:
        lines.append("concurrency: PostgreSQL: no server named (PG_URL), not run")
    else:
        lines.append(concurrency_line(run_concurrency(url)))
    return lines


def bench_table() -> list[str]:
    """The scripted game night: the group entering game 6 of the demo together (each seat on
    its own phone), and one person entering it on one phone (`benchmarks.table_night`)."""
    from benchmarks.pages import throwaway_database
    from benchmarks.table_night import run_night

    with throwaway_database():
        return run_night()


def bench_bytes() -> list[str]:
    """A draft phone's bytes a minute, before and after compression (`benchmarks.draft_bytes`)."""
    from benchmarks.draft_bytes import draft_phone_bytes
    from benchmarks.pages import throwaway_database

    with throwaway_database():
        return draft_phone_bytes()


def bench_cost(repeat: int | None = None) -> list[str]:
    """One push's and one poll's CPU in this process and statements, through the whole
    middleware stack, in a throwaway database (`benchmarks.draft_cost`)."""
    from benchmarks.draft_cost import REPEAT, draft_request_costs
    from benchmarks.pages import throwaway_database

    with throwaway_database():
        return draft_request_costs(repeat or REPEAT)


class BenchFailed(Exception):
    """A benchmark that measured something wrong, not merely slow: its lines, and why."""

    def __init__(self, lines: list[str], sentence: str) -> None:
        super().__init__(sentence)
        self.lines = lines


# `bench tables --short`: the plumbing (one table, a warm-up and two short runs), no figure.
SHORT_TABLES = {"first": 1, "most": 1, "seconds": 5, "warm_up": 3, "repeats": 2, "max_counts": 1}


def bench_tables(short: bool = False) -> list[str]:
    """Scripted tables entering a game together under gunicorn, on PostgreSQL when a server
    is named (`PG_URL`), each phone through the draft protocol as draft.js speaks it
    (`benchmarks.tables`); `BenchFailed` when any run had an error."""
    from benchmarks.tables import bench_database, errors_of, run_line, run_tables, tables_lines

    def said(run: dict) -> None:  # each run as it ends: a search takes minutes
        sys.stderr.write(f"{run_line(run)}\n")
        sys.stderr.flush()

    database = bench_database()
    result = run_tables(database, **(SHORT_TABLES if short else {}), said=said)
    lines = tables_lines(result)
    if database == "sqlite":
        lines.append("tables: on SQLite: no PostgreSQL server named (PG_URL)")
    errors = errors_of(result)
    if errors:
        raise BenchFailed(lines, f"tables: FAILED: {errors} errors (the lines above say which)")
    return lines


def bench_photo() -> list[str]:
    """The worst photos the app takes, uploaded to a gunicorn worker: its peak memory over its
    idle size (`benchmarks.photo_memory`)."""
    from benchmarks.photo_memory import photo_memory

    return photo_memory()


bench_save.needs_database = True
bench_bytes.needs_database = True
bench_cost.needs_database = True
bench_table.needs_database = True
bench_pages.needs_database = True

BENCHMARKS: list[Callable[..., list[str]]] = [
    bench_engine,
    bench_replay,
    bench_save,
    bench_pages,
    bench_table,
    bench_bytes,
    bench_cost,
    bench_tables,
    bench_photo,
    bench_concurrency,
]


def benchmark_name(benchmark: Callable) -> str:
    return benchmark.__name__.removeprefix("bench_")


class Command(BaseCommand):
    help = (
        "Time the rules and the pages: engine, replay, save, pages and concurrency, each with "
        "its goal."
    )
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
        parser.add_argument(
            "--short",
            action="store_true",
            help="tables: 1 table, a 3 s warm-up and two runs of 5 s (the plumbing, not a figure)",
        )

    def handle(
        self, *args, names: list[str], repeat: int | None = None, short: bool = False, **options
    ) -> None:
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
            from benchmarks.pages import throwaway_database

            database = throwaway_database()
        else:
            database = nullcontext()
        failed: list[str] = []
        with database:
            for benchmark in chosen:
                parameters = inspect.signature(benchmark).parameters
                try:
                    if "repeat" in parameters and repeat:
                        lines = benchmark(repeat=repeat)
                    elif "short" in parameters:
                        lines = benchmark(short=short)
                    else:
                        lines = benchmark()
                except BenchFailed as failure:
                    lines = [*failure.lines, str(failure)]
                    failed.append(str(failure))
                for line in lines:
                    self.stdout.write(line)
                    self.stdout.flush()
        if failed:
            raise CommandError("; ".join(failed), returncode=1)
