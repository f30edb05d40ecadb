"""`python manage.py export_play LOG NUMBER`: print a play's file on stdout (docs/play-log.md).

The file is canonical, so export -> import -> export gives the same bytes. An unknown log or
play exits 2 with one line on stderr.
"""

from typing import Any

from config.commands import InputCommand
from playlog.actions import play_file_of
from playlog.models import Play, PlayLog
from playlog.playfile import dump_play_file


class Command(InputCommand):
    help = "Print a play's file (docs/play-log.md) on stdout."

    def add_arguments(self, parser) -> None:
        parser.add_argument("log", help="the play log's slug, as in its address")
        parser.add_argument("number", type=int, help="the play's number in the log")

    def handle(self, *args: Any, log: str, number: int, **options: Any) -> None:
        found = PlayLog.objects.filter(slug=log).first()
        if found is None:
            raise self.bad_input(f"log: no play log has the slug “{log}”")
        play = Play.objects.filter(play_log=found, number=number).first()
        if play is None:
            raise self.bad_input(f"number: the play log “{log}” has no play {number}")
        self.stdout.write(dump_play_file(play_file_of(play)), ending="")
