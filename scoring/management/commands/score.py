"""`python manage.py score TABLE.json`: one game's end state in, its score out (docs/table-file.md).

The table's `format` picks the game: `solar175-table` (or none) is Solar 175's; the group's
other games (`space-explorers-solo-table`, `colonists-expert-table`, `startropolis-table`) are
scored by their rules through `playlog.games` (docs/play-log.md). Touches no database: a Solar
175 ship that names its `card` without a presence takes the card's from the reference catalogue
(`fixtures/catalogue.json`, read as plain JSON). Success prints the score as JSON (indent 2) and
exits 0; bad input exits 2 with one line on stderr naming the field by its path, and prints
nothing on stdout.
"""

import json
from typing import Any

from config.commands import InputCommand
from gamefile.errors import FieldError
from playlog.games import game_for_table
from solar175.catalogue import Catalogue
from solar175.explain import score_with_explanations
from solar175.table import TableError, read_table


class Command(InputCommand):
    help = "Score one game's table (Solar 175, or another game by its format) and print the JSON."
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("table", help="the table file, JSON as in docs/table-file.md")

    def handle(self, *args: Any, table: str, **options: Any) -> None:
        data = self.read_json(table)
        try:
            other_game = game_for_table(data)
            if other_game is not None:
                result = other_game.score(data)
                self.stdout.write(json.dumps(result, indent=2))
                return
        except FieldError as error:
            raise self.bad_input(error) from error
        try:
            state = read_table(data, ships=Catalogue.from_fixture().ship_presences()).valid_state()
        except TableError as error:
            raise self.bad_input(error) from error
        result = score_with_explanations(state)
        self.stdout.write(json.dumps(result, indent=2))
