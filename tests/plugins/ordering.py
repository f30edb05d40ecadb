"""Which tests run, and in which order: the `--database-tests-only` option (the PostgreSQL
leg of `make test` runs only the tests that use the database, and of the browser tests those
marked `every_database` or `postgres_leg`), `--postgres-leg-runs-its-share` (the SQLite leg of
`make test` leaves the `postgres_leg` tests to the PostgreSQL leg beside it: the two legs then
end about together), and `first_to_run`, the order the workers take tests in (`long`
first, then the other browser tests, then the rest). The markers themselves are declared in
pyproject.toml; docs/test-suite.md says which tests run where."""

# A test that asks for any of these (itself or through another fixture) reads or writes the
# database under test.
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}
)


def pytest_addoption(parser):
    parser.addoption(
        "--postgres-leg-runs-its-share",
        action="store_true",
        help=(
            "Leave the tests marked postgres_leg to the PostgreSQL leg, which runs beside this "
            "one (the SQLite leg of `make test` when a PostgreSQL server answers)."
        ),
    )
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help=(
            "Run only the tests that use the database under test, and of the browser tests "
            "those marked every_database (the PostgreSQL leg of `make test`: the rest ran on "
            "the SQLite leg)."
        ),
    )


def asks_for_the_database(item) -> bool:
    return bool(
        item.get_closest_marker("django_db")
        or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def uses_the_database(item) -> bool:
    """Whether the PostgreSQL leg runs `item`: a test marked `every_database`, and a test that
    uses the database under test, unless it drives a browser or is marked `one_database`
    (what it measures does not depend on the database). A page looks the same on both
    databases, so the browser tests run on the SQLite leg, but for those marked
    `every_database` (a game entered together, whose writes and locks differ)."""
    if item.get_closest_marker("every_database") or item.get_closest_marker("postgres_leg"):
        return True
    if item.get_closest_marker("browser") or item.get_closest_marker("one_database"):
        return False
    return asks_for_the_database(item)


def first_to_run(item) -> int:
    """The order the workers take tests in: the long ones (marked `long`, ten seconds or more
    each) first, then the other browser tests, then the rest (each module as a whole, at the
    turn of its earliest test: `pytest_collection_modifyitems`). Started last, a long test kept
    one worker busy for a minute or two after the other had finished everything; started
    first, the many short tests fill in around it."""
    if item.get_closest_marker("long"):
        return 0
    if item.get_closest_marker("browser"):
        return 1
    return 2


def pytest_collection_modifyitems(config, items):
    if config.getoption("--database-tests-only"):
        kept = [item for item in items if uses_the_database(item)]
        config.hook.pytest_deselected(items=[item for item in items if not uses_the_database(item)])
        items[:] = kept
    if config.getoption("--postgres-leg-runs-its-share"):
        left = [item for item in items if item.get_closest_marker("postgres_leg")]
        config.hook.pytest_deselected(items=left)
        items[:] = [item for item in items if not item.get_closest_marker("postgres_leg")]
    # A module's tests stay together (its module-scoped fixtures, a migrated database or a
    # served app, are then made once), taken as early as the earliest of them: a module with
    # one long test is started first as a whole. Within a module, the order of its file.
    module_turn: dict[str, int] = {}
    for item in items:
        module = item.nodeid.split("::")[0]
        module_turn[module] = min(module_turn.get(module, 2), first_to_run(item))
    items.sort(key=lambda item: module_turn[item.nodeid.split("::")[0]])
