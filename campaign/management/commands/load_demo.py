"""`python manage.py load_demo`: the demo campaign, ready to look at (`make run`).

Loads the reference catalogue first if the database has none, then imports
`fixtures/demo-campaign.json` (made by `scripts/make_demo_campaign.py`) unless a campaign with
its slug is already there, so running it twice changes nothing. Prints the campaign's address.
"""

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.utils.text import slugify

from campaign.campaign_io import import_campaign, read_campaign_file
from campaign.models import Campaign
from campaign.replay import CampaignError
from scoring.models import TrackerSection

DEMO_FILE = Path(settings.BASE_DIR) / "fixtures" / "demo-campaign.json"


class Command(BaseCommand):
    help = "Load the demo campaign (and the catalogue, if empty); prints its address."

    def handle(self, *args: Any, **options: Any) -> None:
        if not TrackerSection.objects.exists():
            call_command("load_catalogue", stdout=self.stdout, stderr=self.stderr)
        try:
            data = read_campaign_file(DEMO_FILE)
            slug = slugify(data["name"])
            campaign = Campaign.objects.filter(slug=slug).first()
            if campaign is None:
                campaign = import_campaign(data)
                self.stdout.write(f"Loaded the demo campaign “{campaign.name}”.")
            else:
                self.stdout.write(f"The demo campaign “{campaign.name}” is already loaded.")
        except CampaignError as error:
            # The demo file ships with the code: a failure here is a bug, not bad user input.
            raise CommandError(f"{DEMO_FILE.name}: {error}") from error
        self.stdout.write(campaign.get_absolute_url())
