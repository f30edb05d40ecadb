"""The `bench` command's engine benchmark: valid tables, one report line, a named selection."""

import random
import re

import pytest
from django.core.management import CommandError, call_command

from benchmarks.management.commands.bench import BENCHMARKS
from benchmarks.rules import bench_engine
from benchmarks.samples import random_table_state as random_table
from solar175.table import read_table
from solar175.table_file import table_to_dict


def test_it_benchmarks_only_tables_the_parser_accepts():
    rng = random.Random(1)
    for _ in range(300):
        table = random_table(rng)
        assert len(table.players) == 5
        assert read_table(table_to_dict(table)).errors == []


def test_it_reports_the_engine_median_in_microseconds_and_milliseconds():
    [line] = bench_engine(count=300)
    assert re.fullmatch(
        r"engine: 5-player table median [\d.]+ µs \([\d.]+ ms; p95 [\d.]+ µs\) over 300 tables; "
        r"goal ≤ 0\.2 ms: (ok|MISSED by .+)",
        line,
    )


def test_it_lists_each_benchmark_as_a_function_returning_lines():
    assert bench_engine in BENCHMARKS


def test_it_refuses_an_unknown_benchmark_name():
    with pytest.raises(
        CommandError, match="unknown benchmark 'nonsense'; known: engine, replay, save, pages"
    ):
        call_command("bench", "nonsense")
