"""`python manage.py play SESSION.json`: a companion's session in, its derived state out
(CONTRACTS.md §3; docs/play-log.md).

The session's `format` picks the game: `space-explorers-solo-session`, `startropolis-session`
(and this project's `colonists-expert-session`). Touches no database. Success prints the state
as JSON (indent 2) and exits 0; bad input exits 2 with one line on stderr naming the field by
its path, and prints nothing on stdout.
"""

import json
from typing import Any

from config.commands import InputCommand
from gamefile.errors import FieldError
from playlog.games import play_session


class Command(InputCommand):
    help = "Print the derived state of a companion's session file (JSON) of one of the other games."
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("session", help="the session file, JSON as in docs/play-log.md")

    def handle(self, *args: Any, session: str, **options: Any) -> None:
        data = self.read_json(session)
        try:
            state = play_session(data)
        except FieldError as error:
            raise self.bad_input(error) from error
        self.stdout.write(json.dumps(state, indent=2))
