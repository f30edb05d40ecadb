"""The session store (`SESSION_ENGINE`): Django's database sessions, read by one plain
statement.

Every signed-in request reads its session first. The ORM's compiling of that one lookup cost
about as much as running it, and a game night's phones send a few requests a second each
(docs/performance.md, "A game night's tables"); so the read is the same statement written
out. Everything else (creating, saving, expiring, deleting a session) is Django's own.
"""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone


class SessionStore(db.SessionStore):
    def _get_session_from_db(self):
        model = self.model
        connection = connections[router.db_for_read(model)]
        quote = connection.ops.quote_name
        if not self.session_key:
            self._session_key = None
            return None
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote('session_data')}, {quote('expire_date')} "
                f"FROM {quote(model._meta.db_table)} "
                f"WHERE {quote('session_key')} = %s AND {quote('expire_date')} > %s",
                [self.session_key, connection.ops.adapt_datetimefield_value(timezone.now())],
            )
            row = cursor.fetchone()
        if row is None:
            # As Django's: no such session (or it expired), so a new one gets a new key.
            self._session_key = None
            return None
        return model(session_key=self.session_key, session_data=row[0], expire_date=row[1])
