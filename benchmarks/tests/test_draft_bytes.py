"""A draft phone's bytes a minute (`bench bytes`): measured through the real pages, the same
minute counted as sent (gzip) and uncompressed."""

import re

import pytest

from benchmarks.draft_bytes import draft_phone_bytes
from scoring.tests.catalogue import ensure_catalogue

# The bytes a phone downloads do not depend on the database: the SQLite leg measures them.
# What it measures does not depend on the database, and it is long: `make test` runs it once,
# on the PostgreSQL leg, which has room (tests/plugins/ordering.py).
pytestmark = [pytest.mark.django_db, pytest.mark.postgres_leg]


@pytest.mark.long
def test_a_draft_phone_downloads_a_fraction_of_its_minute_compressed():
    ensure_catalogue()
    seat, host = draft_phone_bytes()
    for line, who in ((seat, "phone"), (host, "host")):
        found = re.match(
            rf"draft {who}: (\d+) KB a minute uncompressed, (\d+) KB compressed \(", line
        )
        assert found, line
        plain, sent = int(found.group(1)), int(found.group(2))
        # Thirty panels with the whole score sheet: hundreds of KB as text, a fraction gzipped.
        assert plain > 200, line
        assert sent * 4 < plain, line
    # Issue 31: the host's phone at most 100 KB a minute, now that the worker does not fetch
    # the table's page again after each push; with that fetch it was about twice as much.
    found = re.search(r"compressed \(.*as before issue 31: (\d+) KB compressed", host)
    host_sent = int(re.match(r"draft host: \d+ KB a minute uncompressed, (\d+)", host).group(1))
    assert host_sent <= 100, host
    assert found and int(found.group(1)) > 1.5 * host_sent, host
