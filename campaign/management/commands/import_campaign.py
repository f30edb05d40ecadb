"""`python manage.py import_campaign FILE`: a campaign file in, a new campaign
(docs/campaign-file.md).

Prints the new campaign's slug alone on the last line of stdout. Bad input (not JSON, a bad
field, a table the replay refuses) exits 2 with one line on stderr naming the field by its path,
and writes nothing to the database: the file is checked in full before the one transaction
that creates the campaign.
"""

from typing import Any

from campaign.actions import import_campaign
from campaign.campaign_io import read_campaign_file
from config.commands import InputCommand
from solar175.campaign_file import CampaignError


class Command(InputCommand):
    help = "Create a campaign from a campaign file (docs/campaign-file.md); prints its slug."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the campaign file, JSON as in docs/campaign-file.md")
        parser.add_argument("--name", help="a name for the new campaign instead of the file's")

    def handle(self, *args: Any, file: str, name: str | None = None, **options: Any) -> None:
        try:
            data = read_campaign_file(file)
            campaign = import_campaign(data, name=name)
        except CampaignError as error:
            raise self.bad_input(error) from error
        games = campaign.games.count()
        self.stdout.write(f"Imported “{campaign.name}”: {games} games.")
        self.stdout.write(campaign.slug)
