"""A write that found the database busy for longer than it waits: refused with a sentence.

On SQLite one write happens at a time; a write transaction starts with `BEGIN IMMEDIATE`
(config/settings.py) and waits its turn for up to the busy timeout. A table of phones saving
within the same second queue up well inside it; past it, the person gets their form back with
their input and `BUSY_SENTENCE`, never a 500: `writing()` turns the driver's "database is
locked" into `DatabaseBusy`, a `CampaignError`, which every campaign form already shows beside
its fields. Anything that escapes a form is answered by `BusyDatabaseMiddleware` (503).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import ParamSpec, TypeVar

from django.db import InterfaceError, OperationalError, transaction
from django.utils.translation import gettext, gettext_noop

from solar175.campaign_file import CampaignError

# Said in the person's language where it is shown (`gettext(BUSY_SENTENCE)`), with its end:
# "." beside a form, " in a moment." to a script (hosting.middleware).
# Translators: the start of a sentence; it is ended by "." or by another phrase.
BUSY_SENTENCE = gettext_noop(
    "Nothing was saved: the app was busy saving what others sent at the same moment. "
    "Your entries are kept here: send them again"
)

# SQLite: its file cannot be opened or read (a missing folder, a full or failing disk).
SQLITE_UNREACHABLE = ("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_NOTADB", "SQLITE_FULL")

P = ParamSpec("P")
R = TypeVar("R")


class DatabaseBusy(CampaignError):
    def __init__(self) -> None:
        super().__init__("", gettext(BUSY_SENTENCE))


def is_busy(error: BaseException) -> bool:
    """Whether a database error is a lock that did not come free in time."""
    text = str(error).lower()
    return isinstance(error, OperationalError) and (
        "database is locked" in text or "database table is locked" in text
    )


def is_unreachable(error: BaseException | None) -> bool:
    """Whether a database error says the database cannot be reached: no connection, a
    connection lost or refused, the server shutting down; not a query's own failure."""
    if not isinstance(error, (OperationalError, InterfaceError)) or is_busy(error):
        return False
    cause = error.__cause__
    name = getattr(cause, "sqlite_errorname", None)
    if name is not None:
        return name.startswith(SQLITE_UNREACHABLE)
    state = getattr(cause, "sqlstate", None)
    if state:
        # PostgreSQL's connection exceptions (08…) and an operator's shutdown (57P0…).
        return state.startswith(("08", "57P0"))
    return True  # the driver's own: no connection made, or it was lost


@contextmanager
def writing() -> Iterator[None]:
    """`transaction.atomic()`, with a busy database raised as `DatabaseBusy`."""
    try:
        with transaction.atomic():
            yield
    except OperationalError as error:
        if is_busy(error):
            raise DatabaseBusy() from error
        raise


def writes(function: Callable[P, R]) -> Callable[P, R]:
    """Run `function` in `writing()`: an action's one transaction."""

    @wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with writing():
            return function(*args, **kwargs)

    return run
