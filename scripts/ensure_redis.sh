#!/usr/bin/env bash
# Make a Redis server answer at 127.0.0.1:6379 for the tests of several app servers sharing
# one cache (tests/test_two_servers.py), the way scripts/ensure_postgres.sh does PostgreSQL:
# - a server already answers: nothing to do;
# - Debian's server is installed but stopped: start one (in memory only, this machine only);
# - none installed and we are root: install Debian's package, then start it.
# Exits 0 when a server answers, 1 otherwise (the caller decides whether that is fatal).
set -u
answers() { redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null | grep -q PONG; }

command -v redis-cli >/dev/null 2>&1 && answers && exit 0

if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    echo "ensure_redis: no Redis installed and not root, cannot install it" >&2
    exit 1
  fi
  echo "ensure_redis: installing Debian's Redis server"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null || exit 1
fi
# A test server: loopback only, nothing written to disk.
redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save "" --appendonly no \
  --logfile /tmp/ensure-redis.log >/dev/null 2>&1 || true
for _ in $(seq 1 30); do
  answers && exit 0
  sleep 1
done
echo "ensure_redis: Redis did not answer at 127.0.0.1:6379" >&2
exit 1
