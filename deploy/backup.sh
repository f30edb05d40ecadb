#!/bin/sh
# The nightly backup of the whole site (docs/hosting.md, "Backup and restore"), for cron
# (deploy/solar175.cron): the database into $BACKUP_DIR, and on PostgreSQL each campaign's
# file beside it. Its commands are docs/hosting.md's tested blocks, as printed there.
#
#   deploy/backup.sh [ENV_FILE]        ENV_FILE: /etc/solar175/solar175.env unless given
#
# cron starts a job with next to no environment (no DATABASE_URL, no SECRET_KEY): the app's
# settings are read here from the same file the systemd unit reads, each exported.
set -eu
ENV_FILE=${1:-/etc/solar175/solar175.env}
if [ ! -r "$ENV_FILE" ]; then
  echo "backup.sh: cannot read the settings file $ENV_FILE" >&2
  exit 2
fi
set -a
. "$ENV_FILE"
set +a
cd "$(dirname "$0")/.."

case "${DATABASE_URL:-}" in
  postgres://* | postgresql://*)
    BACKUP_DIR=${BACKUP_DIR:-/var/backups/solar175}
    mkdir -p "$BACKUP_DIR"
    pg_dump --format=custom --no-owner --file="$BACKUP_DIR/solar175.dump" "$DATABASE_URL"
    for slug in $(.venv/bin/python manage.py shell -v 0 -c "from campaign.models import Campaign; print(*Campaign.objects.values_list('slug', flat=True))"); do
      .venv/bin/python manage.py export_campaign "$slug" > "$BACKUP_DIR/$slug.json"
    done
    ;;
  *)
    BACKUP_DIR=${BACKUP_DIR:-/var/backups/solar175}
    mkdir -p "$BACKUP_DIR"
    .venv/bin/python manage.py backup_sqlite "$BACKUP_DIR/solar175.sqlite3"
    ;;
esac
