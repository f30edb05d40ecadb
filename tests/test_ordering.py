"""The order the workers take tests in (tests/plugins/ordering.py): long tests first, then
browser tests, then the rest, each module kept together at its earliest test's turn."""

from types import SimpleNamespace

import pytest

from tests.plugins import ordering


def item(nodeid: str, *markers: str):
    return SimpleNamespace(
        nodeid=nodeid,
        fixturenames=(),
        get_closest_marker=lambda name: name if name in markers else None,
    )


def test_a_module_with_one_long_test_goes_first_as_a_whole():
    items = [
        item("a/test_pages.py::test_one"),
        item("b/test_browser_x.py::test_walk", "browser"),
        item("c/test_hosting.py::test_headers"),
        item("c/test_hosting.py::test_collectstatic", "long"),
        item("c/test_hosting.py::test_backup"),
    ]
    config = SimpleNamespace(getoption=lambda name: False)
    ordering.pytest_collection_modifyitems(config, items)
    assert [i.nodeid for i in items] == [
        "c/test_hosting.py::test_headers",
        "c/test_hosting.py::test_collectstatic",
        "c/test_hosting.py::test_backup",
        "b/test_browser_x.py::test_walk",
        "a/test_pages.py::test_one",
    ]


@pytest.mark.parametrize("markers, turn", [(("long",), 0), (("browser",), 1), ((), 2)])
def test_each_test_has_its_turn(markers, turn):
    assert ordering.first_to_run(item("m.py::t", *markers)) == turn


def legs(*options: str):
    """The tests each leg of `make test` runs, from the same collection."""
    collected = [
        item("a/test_browser_walk.py::test_walk", "browser", "long", "postgres_leg"),
        item("b/test_browser_page.py::test_page", "browser"),
        item("c/test_views.py::test_view", "django_db"),
        item("d/test_rules.py::test_rule"),
    ]
    deselected = []
    hook = SimpleNamespace(pytest_deselected=lambda items: deselected.extend(items))
    ran = list(collected)
    config = SimpleNamespace(getoption=lambda name: name in options, hook=hook)
    ordering.pytest_collection_modifyitems(config, ran)
    return [i.nodeid.split("::")[1] for i in ran], len(deselected)


def test_the_postgres_leg_runs_the_long_tests_the_sqlite_leg_leaves_to_it():
    # `make test` with a PostgreSQL server: each such test runs once, on the PostgreSQL leg.
    assert legs("--postgres-leg-runs-its-share") == (["test_page", "test_view", "test_rule"], 1)
    assert legs("--database-tests-only") == (["test_walk", "test_view"], 2)
    # The SQLite leg alone (`make test-sqlite`, or no server answers): it runs them itself.
    assert legs() == (["test_walk", "test_page", "test_view", "test_rule"], 0)
