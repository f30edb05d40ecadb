"""`python manage.py draw_icons`: draws the app's icons and favicon into `static/icons/`.

The files are committed (docs/offline.md says why); run this after changing `offline/icons.py`
and commit what it writes. `--out DIR` writes elsewhere. A test draws them again and compares
the pixels with the committed files.
"""

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from offline import icons

ICON_DIR = Path(settings.BASE_DIR) / "static" / "icons"


class Command(BaseCommand):
    help = "Draw the app's icons (manifest, apple-touch-icon, favicon) into static/icons/."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--out", default=str(ICON_DIR), help="the folder to write into")

    def handle(self, *args: Any, out: str, **options: Any) -> None:
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        for spec in icons.ICONS:
            (folder / spec.name).write_bytes(icons.draw(spec))
            self.stdout.write(f"{folder / spec.name} ({spec.size}x{spec.size}, {spec.kind})")
        (folder / icons.FAVICON).write_bytes(icons.favicon())
        self.stdout.write(f"{folder / icons.FAVICON} ({', '.join(map(str, icons.FAVICON_SIZES))})")
