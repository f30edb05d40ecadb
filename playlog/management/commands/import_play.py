"""`python manage.py import_play LOG FILE`: a play file in, a new play in the log
(docs/play-log.md).

Prints the new play's number alone on the last line of stdout. Bad input (not JSON, a bad
field, a table the game's rules refuse, a member the log does not have) exits 2 with one line
on stderr naming the field by its path, and writes nothing.
"""

from typing import Any

from config.commands import InputCommand
from gamefile.errors import FieldError
from playlog.actions import import_play
from playlog.models import PlayLog


class Command(InputCommand):
    help = "Add a play to a play log from a play file (docs/play-log.md); prints its number."

    def add_arguments(self, parser) -> None:
        parser.add_argument("log", help="the play log's slug, as in its address")
        parser.add_argument("file", help="the play file, JSON as in docs/play-log.md")

    def handle(self, *args: Any, log: str, file: str, **options: Any) -> None:
        found = PlayLog.objects.filter(slug=log).first()
        if found is None:
            raise self.bad_input(f"log: no play log has the slug “{log}”")
        data = self.read_json(file)
        try:
            play = import_play(found, data)
        except FieldError as error:
            raise self.bad_input(error) from error
        self.stdout.write(f"Imported play {play.number} of “{found}”.")
        self.stdout.write(str(play.number))
