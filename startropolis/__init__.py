"""Startropolis (OTHER-GAMES.md §2): the end-state score sheet and the round tracker companion.

Pure rules over plain JSON data, no Django. The public API:

- `score(table)` / `validate_table(table)`: the final ranking of a `startropolis-table` (§2.9).
- `play(session)`: the derived state of a `startropolis-session` (§2.10), with every module's
  revenue and its reason; `next_step(session)`: whose turn it is and what they may do;
  `tracker_state(session)` the same state as types (`startropolis.state.TrackerState`).
- `table_view(state)` / `private_view(state, player_key)`: the shared screen without private
  figures, and one player's own screen; `shared(state)`, `own(state, key)` the same on the types.
- `table_from_session(session, ...)`: the end-state table of a finished session.
- `canonical_table(table)` / `canonical_session(session)`: the files in the documented order.

Every refusal is a `StartropolisError` (a `gamefile.errors.FieldError`): "path: sentence".
See docs/startropolis.md for the formats and the readings taken.
"""

from .errors import StartropolisError
from .export import canonical_session, canonical_table, table_from_session
from .privacy import private_view, table_view
from .session import SESSION_FORMAT, next_step, play, tracker_state
from .state import TrackerState, own, shared
from .table import TABLE_FORMAT, VERSION, score, validate_table

__all__ = [
    "SESSION_FORMAT",
    "TABLE_FORMAT",
    "VERSION",
    "StartropolisError",
    "TrackerState",
    "canonical_session",
    "canonical_table",
    "next_step",
    "own",
    "play",
    "private_view",
    "score",
    "shared",
    "table_from_session",
    "table_view",
    "tracker_state",
    "validate_table",
]
