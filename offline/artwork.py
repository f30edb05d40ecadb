"""The printed tracker card's artwork: its paper, its ink, a crossed box, the award stickers and
the bold face that writes on them.

The app's icons are made of it (`offline.icons`) and the campaign's pictures draw with it
(`pictures.tracker_card`, which imports it from here: offline knows neither the campaign nor
its pictures). DejaVu Sans is
vendored in `static/fonts/` (its licence beside it), so every machine draws the same pixels.
"""

from __future__ import annotations

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent.parent / "static" / "fonts"
REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"

PAPER = "#fbf8f1"
INK = "#1d1d1f"
BOX_CROSSED = "#e6e2d8"
STICKERS = {
    # fill, outline, text
    "gold": ("#f2c94c", "#a07a12", "#3b2a00"),
    "silver": ("#dfe3e8", "#868e96", "#212529"),
}
