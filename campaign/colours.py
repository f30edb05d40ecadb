"""A corporation's colour as a page or a picture may use it: the catalogue's colour checked
(`safe_colour`), and the text that reads on it (`text_colour_on`).

Pure: the ledger's tracker cards (`campaign.views.pages`) and the pictures (`pictures.charts`,
`pictures.tracker_card`) both draw with them.
"""

from __future__ import annotations

import re

HEX_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")


def safe_colour(value: str | None, fallback: str = "#888888") -> str:
    """A colour that can go in an attribute as it is: `#rgb` or `#rrggbb`, else `fallback`.

    The catalogue's colours can be edited by the group, so anything else is not trusted.
    """
    value = (value or "").strip()
    if not HEX_COLOUR.match(value):
        return fallback
    if len(value) == 4:
        value = "#" + "".join(c * 2 for c in value[1:])
    return value.lower()


def text_colour_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (WCAG relative luminance)."""
    colour = safe_colour(colour)
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return "#000000" if luminance > 0.179 else "#ffffff"
