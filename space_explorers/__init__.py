"""Space Explorers, solo mode: the score sheet and the Opponent's turn runner (OTHER-GAMES.md §1).

Pure Python (no Django): the `score` and `play` commands and the web pages translate to and from
these functions.

- `score(table)`: a `space-explorers-solo-table` (the end state) → the score sheet (§1.9).
- `validate_table(table)`: every problem of a table, for a form.
- `play(session)`: a `space-explorers-solo-session` (the turn log) → the derived state (§1.10);
  `session_state(session)` the same as types (`space_explorers.state.SessionState`).
- `table_from_session(session, you_progress)`: a finished session → its table.
- `canonical_table`, `canonical_session`: the files in their documented key order.
- Setup: `PROJECT_NAMES` (SE:199-207), `DIVISIONS` and `DIVISION_NAMES`,
  `balanced_selection_warning(projects)` (SE:181).

Every bad input raises `SpaceExplorersError` (a `gamefile.errors.FieldError`), whose `str()` is
the one line a command prints: `projects[4].completed_by: a Project can only remain on the track
when you have 12 Specialists`.
"""

from space_explorers.rules import (
    DIVISION_NAMES,
    DIVISIONS,
    PROJECT_NAMES,
    SESSION_FORMAT,
    TABLE_FORMAT,
    VERSION,
    SpaceExplorersError,
    balanced_selection_warning,
)
from space_explorers.session import canonical_session, play, session_state, table_from_session
from space_explorers.table import canonical_table, score, validate_table

__all__ = [
    "DIVISIONS",
    "DIVISION_NAMES",
    "PROJECT_NAMES",
    "SESSION_FORMAT",
    "TABLE_FORMAT",
    "VERSION",
    "SpaceExplorersError",
    "balanced_selection_warning",
    "canonical_session",
    "canonical_table",
    "play",
    "session_state",
    "score",
    "table_from_session",
    "validate_table",
]
