"""The `tables:` benchmark's plumbing (benchmarks/tables.py): one table of five phones for a
few seconds under gunicorn, through the draft protocol; every write and poll answered."""

import pytest

from benchmarks.tables import PHONES, bench_database, counts_to_try, run_tables, tables_lines

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.long
def test_one_table_for_a_few_seconds_through_gunicorn():
    result = run_tables(bench_database(), first=1, seconds=6, most=1, max_runs=1)
    [run] = result["runs"]
    assert run["tables"] == 1
    assert run["errors"] == 0, run["first_errors"]
    # Five phones, a change a second each, and their polls.
    assert run["writes"] >= PHONES * 3
    assert run["polls"] >= PHONES
    assert run["bytes_minute"] > 0
    lines = tables_lines(result)
    assert any(line.startswith("tables: 1 tables on this machine, p95 ") for line in lines) or any(
        line.startswith("tables: 0 tables on this machine") for line in lines
    )
    assert any("a phone's bytes a minute" in line for line in lines)


def test_the_search_is_bounded():
    search = counts_to_try(20, 40)
    assert next(search) == 20
    assert search.send(False) == 10
    assert search.send(False) == 5
    assert search.send(True) == 15
