"""`python manage.py import_campaign FILE`: a campaign file in, a new campaign (CONTRACTS.md §2).

Prints the new campaign's slug alone on the last line of stdout. Bad input (not JSON, a bad
field, a table the replay refuses) exits 2 with one line on stderr naming the field by its path,
and writes nothing to the database: the file is checked in full before the one transaction
that creates the campaign.
"""

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from campaign.actions import import_campaign
from campaign.campaign_io import read_campaign_file
from solar175.campaign_file import CampaignError

BAD_INPUT = 2  # CONTRACTS.md: every command exits 2 on bad input.


def one_line(text: str) -> str:
    return " ".join(str(text).split())


class Command(BaseCommand):
    help = "Create a campaign from a campaign file (CONTRACTS.md §2); prints its slug."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the campaign file, JSON as in CONTRACTS.md §2")
        parser.add_argument("--name", help="a name for the new campaign instead of the file's")

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

    def handle(self, *args: Any, file: str, name: str | None = None, **options: Any) -> None:
        try:
            data = read_campaign_file(file)
            campaign = import_campaign(data, name=name)
        except CampaignError as error:
            raise CommandError(one_line(str(error)), returncode=BAD_INPUT) from error
        games = campaign.games.count()
        self.stdout.write(f"Imported “{campaign.name}”: {games} games.")
        self.stdout.write(campaign.slug)
