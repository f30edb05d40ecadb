"""`python manage.py version` (manage.py passes it here: Django keeps `version` for its own):
print the version this checkout runs (pyproject.toml), alone on one line, for a host's upgrade
notes and scripts (docs/upgrading.md)."""

from typing import Any

from django.core.management.base import BaseCommand

from config.version import VERSION


class Command(BaseCommand):
    help = "Print the version of this Solar 175 campaign manager (pyproject.toml)."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(VERSION)
