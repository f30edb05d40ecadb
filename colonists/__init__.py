"""The colonist game (expert rules): score sheet and in-game helpers, as pure functions.

The game's title is unknown (OTHER-GAMES.md §3.1, CX-R1): the app calls it
"the colonist game (expert rules)" until the group names it. Rule text:
`shared/rules/colonists-expert-rules.txt`, cited as CX:line. No Django, no app of the project:
the standard library and `gamefile` only.

- `score(table)`: a `colonists-expert-table` (§3.7) scored, finished or still being played.
- `validate_table(table)`, `read_table(table)`, `canonical_table(table)`.
- `read_card_sequence(cards)`, `validate_card_sequence(cards)`, `card_round(cards, round)`:
  the expert layout (CX:24, CX:42).
- `colonists_board(board)`, `claimant_priority(...)`, `change_of_loyalty(...)`,
  `bid_value(...)`: the colonists and the guilds (CX:73-144).
- `play(session)`, `canonical_session(session)`: a `colonists-expert-session` (the layout, the
  round, where the groups are) and the state the table's helpers show; `session_state(session)`
  the same as types (`colonists.state.ColonistsState`).

Every function raises `ColonistsError` (a `gamefile.errors.FieldError`) on bad input.
"""

from colonists.cards import card_kind, card_round, read_card_sequence, validate_card_sequence
from colonists.errors import ColonistsError
from colonists.groups import GROUP_KEYS, GROUPS
from colonists.helpers import bid_value, change_of_loyalty, claimant_priority, colonists_board
from colonists.session import (
    SESSION_FORMAT,
    canonical_session,
    play,
    session_state,
    with_arrivals,
)
from colonists.table import (
    TABLE_FORMAT,
    VERSION,
    canonical_table,
    read_table,
    score,
    validate_table,
)
from gamefile.words import _

GAME_KEY = "colonists-expert"
GAME_NAME = _("the colonist game (expert rules)")

__all__ = [
    "GAME_KEY",
    "GAME_NAME",
    "GROUPS",
    "GROUP_KEYS",
    "SESSION_FORMAT",
    "TABLE_FORMAT",
    "VERSION",
    "ColonistsError",
    "bid_value",
    "canonical_session",
    "canonical_table",
    "card_kind",
    "card_round",
    "change_of_loyalty",
    "claimant_priority",
    "colonists_board",
    "play",
    "session_state",
    "read_card_sequence",
    "read_table",
    "score",
    "validate_card_sequence",
    "validate_table",
    "with_arrivals",
]
