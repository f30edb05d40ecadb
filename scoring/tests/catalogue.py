"""The reference catalogue in the database under test, at the cost of one query when it is.

`migrate` puts the catalogue in every test database (scoring's migration 0003), and a test's
transaction rolls back whatever it changed; only a transactional test (the browser tests' live
server) starts from a flushed database. So most tests that ask for the catalogue find it there,
and `load_catalogue` would read the whole fixture (95 rows, about 190 queries, 0.2 s) to insert
nothing. This loads it once per emptied database: when every row it seeds is recorded as
seeded (`CatalogueSeed`, as the first full load in this test process left them), it is there.
The command itself is tested in test_catalogue_load.py.
"""

from django.core.management import call_command

from scoring.models import CatalogueSeed

_seeded_rows: int | None = None


def ensure_catalogue() -> None:
    global _seeded_rows
    if _seeded_rows is not None and CatalogueSeed.objects.count() == _seeded_rows:
        return
    call_command("load_catalogue", verbosity=0)
    _seeded_rows = CatalogueSeed.objects.count()
