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
