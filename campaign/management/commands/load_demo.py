"""`python manage.py load_demo`: the demo campaign, ready to look at (`make run`).

Loads the reference catalogue first if the database has none, then imports
`fixtures/demo-campaign.json` (made by `scripts/make_demo_campaign.py`) unless a campaign with
its slug is already there, so running it twice changes nothing. The demo user `demo` owns it;
their password is derived from SECRET_KEY, so it is the same on every run of this install and
no one else's. Prints the campaign's address and the demo login.
"""

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.utils.crypto import salted_hmac
from django.utils.text import slugify

from accounts.actions import add_owner
from campaign.actions import import_campaign
from campaign.campaign_io import read_campaign_file
from campaign.models import Campaign
from scoring.models import TrackerSection
from solar175.campaign_file import CampaignError

DEMO_FILE = Path(settings.BASE_DIR) / "fixtures" / "demo-campaign.json"
DEMO_USERNAME = "demo"


def demo_password() -> str:
    """This install's demo password: stable across runs, unknown without its SECRET_KEY."""
    return salted_hmac("campaign.load_demo", DEMO_USERNAME).hexdigest()[:12]


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
        password = self._demo_user_owns(campaign)
        self.stdout.write(campaign.get_absolute_url())
        if password:
            self.stdout.write(f"Demo login: {DEMO_USERNAME} / {password}")
        else:
            self.stdout.write(
                f"Demo login: {DEMO_USERNAME} (its password was changed here, so it is not shown)"
            )

    def _demo_user_owns(self, campaign: Campaign) -> str | None:
        """Make the demo user (once) the demo campaign's owner; their password if unchanged."""
        user, created = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
        password = demo_password()
        if created:
            user.set_password(password)
            user.save(update_fields=["password"])
        add_owner(campaign, user)
        return password if user.check_password(password) else None
