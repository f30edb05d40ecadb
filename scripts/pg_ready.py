"""Exit 0 when a PostgreSQL server answers at the URL given, 1 otherwise."""

import sys

import psycopg

try:
    with psycopg.connect(sys.argv[1], connect_timeout=3):
        pass
except psycopg.Error as error:
    print(f"PostgreSQL not reachable: {error}".strip(), file=sys.stderr)
    sys.exit(1)
