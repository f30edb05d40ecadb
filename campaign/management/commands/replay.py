"""`python manage.py replay FILE`: a campaign file in, the derived campaign state out.

docs/campaign-file.md. Touches no database: the reference catalogue comes from
`fixtures/catalogue.json` read as plain JSON (or `--catalogue PATH`, another fixture), and the
file's own `box` (the group's corrections and additions) is applied to it, as the app does.
Success prints the state as JSON (indent 2) and exits 0; bad input — the file, or a catalogue
that cannot be read — exits 2 with one line on stderr naming what is wrong, and prints nothing
on stdout.
"""

import json
from typing import Any

from config.commands import InputCommand
from solar175.campaign_file import CampaignError
from solar175.catalogue import CATALOGUE_FIXTURE, Catalogue
from solar175.replay import replay


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
        self.stdout.write(json.dumps(state.to_dict(), indent=2, ensure_ascii=False))

    def read_catalogue(self, path: str) -> Catalogue:
        try:
            return Catalogue.from_fixture(path)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise self.bad_input(f"{path}: cannot read the catalogue ({error})") from error
