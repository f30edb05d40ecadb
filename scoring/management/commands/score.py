"""`python manage.py score TABLE.json`: one game's end state in, its score out (CONTRACTS.md §1).

Touches no database. Success prints the score as JSON (indent 2) and exits 0; bad input exits 2
with one line on stderr naming the field by its path, and prints nothing on stdout.
"""

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from gamefile.json_input import JsonInputError, read_json_file
from solar175.engine import score_game
from solar175.table import TableError, parse_table

BAD_INPUT = 2


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


class Command(BaseCommand):
    help = "Score one game of Solar 175 from a table file (CONTRACTS.md §1) and print the JSON."
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("table", help="the table file, JSON as in CONTRACTS.md §1")

    def execute(self, *args: Any, **options: Any) -> str | None:
        try:
            return super().execute(*args, **options)
        except CommandError as error:
            if not getattr(self, "_called_from_command_line", False) or options.get("traceback"):
                raise
            # CONTRACTS.md: the stderr line is the field's path and the problem, nothing else
            # (Django would prefix "CommandError: ").
            self.stderr.write(str(error))
            sys.exit(error.returncode)

    def handle(self, *args: Any, table: str, **options: Any) -> None:
        data = self.read_json(table)
        try:
            state = parse_table(data)
        except TableError as error:
            raise CommandError(_one_line(str(error)), returncode=BAD_INPUT) from error
        result = score_game(state).as_dict()
        self.stdout.write(json.dumps(result, indent=2))

    def read_json(self, path: str) -> Any:
        try:
            return read_json_file(path)
        except JsonInputError as error:
            raise CommandError(_one_line(f"{path}: {error}"), returncode=BAD_INPUT) from None
