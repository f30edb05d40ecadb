"""An outage said once a minute in the log, not once a request.

With the shared cache (Redis) unreachable, every page still answers, drawn without it
(django-redis' `IGNORE_EXCEPTIONS`, config/settings.py), and django-redis logs each call it
skipped: two a page. `OnceAMinute` lets one of those records through a minute (per process:
each gunicorn worker says it for itself), rewritten as a sentence that names the error and how
many were held back since the last one; the records between are dropped. The same filter
keeps a database outage (hosting.middleware) to a line a minute.

`ForbiddenOnOneLine`: a 403 (Django's `PermissionDenied`, someone asking for what their role
does not allow) is one line in the log, its path and reason, not a full traceback: it is
an answer the app gives on purpose, not a fault.
"""

from __future__ import annotations

import logging
import threading
import time

SECONDS = 60.0


class OnceAMinute(logging.Filter):
    """At most one record a minute through this filter, saying `sentence` and the error."""

    def __init__(self, sentence: str = "", seconds: float = SECONDS) -> None:
        super().__init__()
        self.sentence = sentence
        self.seconds = seconds
        self.lock = threading.Lock()
        self.last: float | None = None
        self.held = 0

    def reset(self) -> None:
        with self.lock:
            self.last, self.held = None, 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        with self.lock:
            if self.last is not None and now - self.last < self.seconds:
                self.held += 1
                return False
            held, self.last, self.held = self.held, now, 0
        error = record.exc_info[1] if record.exc_info else None
        cause = getattr(error, "__cause__", None) or error
        parts = [self.sentence or record.getMessage()]
        if cause is not None:
            parts.append(f"({type(cause).__name__}: {cause})")
        if held:
            parts.append(f"; {held} more like it in the last minute")
        record.msg = " ".join(parts).replace(" ;", ";")
        record.args = None
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


class DatabaseOutageOnceAMinute(OnceAMinute):
    """On Django's request log: an unreachable database (hosting.busy.is_unreachable) said
    once a minute; every other record as it is."""

    def filter(self, record: logging.LogRecord) -> bool:
        from hosting.busy import is_unreachable

        if not (record.exc_info and is_unreachable(record.exc_info[1])):
            return True
        return super().filter(record)


class ForbiddenOnOneLine(logging.Filter):
    """On Django's request log: a 403 raised as `PermissionDenied` said on one line (the path
    and, when it gives one, its reason), without the traceback; every other record as it is."""

    def filter(self, record: logging.LogRecord) -> bool:
        from django.core.exceptions import PermissionDenied

        error = record.exc_info[1] if record.exc_info else None
        if getattr(record, "status_code", None) == 403 and isinstance(error, PermissionDenied):
            reason = str(error)
            if reason:
                record.msg = f"{record.msg} (%s)"
                record.args = (*(record.args or ()), " ".join(reason.split()))
            record.exc_info = None
            record.exc_text = None
        return True
