"""The project's management commands' one convention (docs/commands.md): exit 0 on success, exit 2
on bad input with ONE line on stderr naming the field by its path, and nothing written.

`InputCommand` is the base class: a command raises `self.bad_input(error_or_text)` (or lets a
`FieldError` through `refuse`), and `execute` turns it into that one line and that exit code
instead of Django's "CommandError: …" and a traceback.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from gamefile.json_input import JsonInputError, read_json_file

# docs/commands.md: every command exits 2 on bad input.
BAD_INPUT = 2


def one_line(text: Any) -> str:
    """`text` on one line: the stderr line a script reads."""
    return " ".join(str(text).split())


class InputCommand(BaseCommand):
    """A command that reads a person's input: bad input is one line on stderr and exit 2."""

    def execute(self, *args: Any, **options: Any) -> str | None:
        try:
            return super().execute(*args, **options)
        except CommandError as error:
            if not getattr(self, "_called_from_command_line", False) or options.get("traceback"):
                raise
            # The stderr line is the field's path and the problem, nothing else (Django would
            # prefix "CommandError: ").
            self.stderr.write(one_line(error))
            sys.exit(error.returncode)

    def bad_input(self, error: Any) -> CommandError:
        """The `CommandError` for bad input: `raise self.bad_input(error) from error`."""
        return CommandError(one_line(error), returncode=BAD_INPUT)

    def read_json(self, path: str) -> Any:
        """The JSON in the file at `path`, or bad input at the file's name."""
        try:
            return read_json_file(path)
        except JsonInputError as error:
            raise self.bad_input(f"{path}: {error}") from None
