"""`python manage.py export_campaign SLUG`: print a campaign's file on stdout (CONTRACTS.md §2).

The file is canonical, so export -> import -> export gives the same bytes. An unknown slug
exits 2 with one line on stderr.
"""

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from campaign.campaign_io import dump_campaign
from campaign.models import Campaign

BAD_INPUT = 2  # CONTRACTS.md: every command exits 2 on bad input.


class Command(BaseCommand):
    help = "Print a campaign's file (CONTRACTS.md §2) on stdout."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", help="the campaign's slug, as in its address")

    def execute(self, *args: Any, **options: Any) -> str | None:
        try:
            return super().execute(*args, **options)
        except CommandError as error:
            if not getattr(self, "_called_from_command_line", False) or options.get("traceback"):
                raise
            self.stderr.write(str(error))
            sys.exit(error.returncode)

    def handle(self, *args: Any, slug: str, **options: Any) -> None:
        try:
            campaign = Campaign.objects.get(slug=slug)
        except Campaign.DoesNotExist:
            raise CommandError(
                f"slug: no campaign has the slug “{slug}”", returncode=BAD_INPUT
            ) from None
        self.stdout.write(dump_campaign(campaign), ending="")
