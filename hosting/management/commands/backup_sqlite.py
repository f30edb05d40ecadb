"""`python manage.py backup_sqlite FILE`: the whole site's SQLite database copied to FILE,
consistent while the app runs (docs/hosting.md, "Backup and restore").

SQLite's online backup (Python's `sqlite3.Connection.backup`) copies the database as one
moment saw it, every table of it: campaigns, play logs, members, invites, open drafts, the
history, accounts, the catalogue's edits. It waits for no writer and stops none for long. FILE
is a SQLite database the app opens as it is (`DATABASE_URL=sqlite:///FILE`). On PostgreSQL the
backup is `pg_dump`; this command says so and exits 2 (docs/commands.md).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from django.db import connection
from django.utils.translation import gettext as _

from config.commands import InputCommand


class Command(InputCommand):
    help = "Copy the site's SQLite database to FILE, consistent while the app runs."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="where the copy goes (a new or an old backup file)")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        if connection.vendor != "sqlite":
            raise self.bad_input(
                _(
                    "file: this site's database is PostgreSQL: back it up with pg_dump "
                    "(docs/hosting.md, Backup and restore)"
                )
            )
        target = Path(file)
        if not target.parent.is_dir():
            raise self.bad_input(
                _("file: the folder %(folder)s does not exist") % {"folder": target.parent}
            )
        connection.ensure_connection()
        copy = sqlite3.connect(target)
        try:
            connection.connection.backup(copy)
        finally:
            copy.close()
        self.stdout.write(_("Backed up to %(file)s.") % {"file": target})
