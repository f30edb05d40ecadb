"""Exit 0 when a Redis server answers at the URL given, 1 otherwise."""

import sys

import redis

try:
    redis.Redis.from_url(sys.argv[1], socket_connect_timeout=3).ping()
except redis.RedisError as error:
    print(f"Redis not reachable: {error}".strip(), file=sys.stderr)
    sys.exit(1)
