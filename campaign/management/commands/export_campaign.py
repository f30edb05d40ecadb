"""`python manage.py export_campaign SLUG`: print a campaign's file on stdout
(docs/campaign-file.md).

The file is canonical, so export -> import -> export gives the same bytes. An unknown slug
exits 2 with one line on stderr.
"""

from typing import Any

from campaign.campaign_io import dump_campaign
from campaign.models import Campaign
from config.commands import InputCommand


class Command(InputCommand):
    help = "Print a campaign's file (docs/campaign-file.md) on stdout."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="the campaign's slug, as in its address")

    def handle(self, *args: Any, slug: str, **options: Any) -> None:
        try:
            campaign = Campaign.objects.get(slug=slug)
        except Campaign.DoesNotExist:
            raise self.bad_input(f"slug: no campaign has the slug “{slug}”") from None
        self.stdout.write(dump_campaign(campaign), ending="")
