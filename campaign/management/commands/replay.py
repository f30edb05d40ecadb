"""`python manage.py replay FILE`: a campaign file in, the derived campaign state out.

docs/campaign-file.md. Touches no database: the catalogue comes from `fixtures/catalogue.json` read
as plain JSON (or `--catalogue PATH`, another fixture such as one with the group's own Type
III-VI megastructures). Success prints the state as JSON (indent 2) and exits 0; bad input exits
2 with one line on stderr naming the field by its path, and prints nothing on stdout.
"""

import json
from typing import Any

from django.core.management.base import CommandError

from config.commands import InputCommand, one_line
from solar175.campaign_file import CampaignError
from solar175.catalogue import CATALOGUE_FIXTURE, Catalogue
from solar175.replay import replay

BROKEN_CATALOGUE = 1


class Command(InputCommand):
    help = "Replay a Solar 175 campaign file (docs/campaign-file.md) and print the derived state."
    requires_system_checks = []

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the campaign file, JSON as in docs/campaign-file.md")
        parser.add_argument(
            "--catalogue",
            default=str(CATALOGUE_FIXTURE),
            help="the catalogue fixture to read (default: fixtures/catalogue.json)",
        )

    def handle(self, *args: Any, file: str, catalogue: str, **options: Any) -> None:
        reference = self.read_catalogue(catalogue)
        data = self.read_json(file)
        try:
            state = replay(data, reference)
        except CampaignError as error:
            raise self.bad_input(error) from error
        self.stdout.write(json.dumps(state, indent=2, ensure_ascii=False))

    def read_catalogue(self, path: str) -> Catalogue:
        try:
            return Catalogue.from_fixture(path)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise CommandError(
                one_line(f"{path}: cannot read the catalogue ({error})"),
                returncode=BROKEN_CATALOGUE,
            ) from error
