#!/usr/bin/env bash
# Make a PostgreSQL server answer at 127.0.0.1:5432 for the test suite's PostgreSQL leg.
# - a server already answers: nothing to do;
# - Debian's server is installed but stopped: start its cluster;
# - none installed and we are root: install Debian's package, start it, and let local TCP
#   connections in without a password (a throwaway test server on this machine only).
# Exits 0 when a server answers, 1 otherwise (the caller decides whether that is fatal).
set -u
answers() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }

command -v pg_isready >/dev/null 2>&1 && answers && exit 0

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    echo "ensure_postgres: no PostgreSQL installed and not root, cannot install it" >&2
    exit 1
  fi
  echo "ensure_postgres: installing Debian's PostgreSQL server"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || exit 1
  installed_here=1
fi

version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)
if [ -z "$version" ]; then
  echo "ensure_postgres: no cluster found under /etc/postgresql" >&2
  exit 1
fi
if [ "${installed_here:-0}" = 1 ]; then
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  # Trust TCP from this machine only; the cluster was installed by this script for tests.
  sed -i '1i host all all 127.0.0.1/32 trust' "$hba"
fi
pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null \
  || pg_ctlcluster --skip-systemctl-redirect "$version" main reload 2>/dev/null || true
for _ in $(seq 1 30); do
  answers && exit 0
  sleep 1
done
echo "ensure_postgres: PostgreSQL $version did not answer at 127.0.0.1:5432" >&2
exit 1
