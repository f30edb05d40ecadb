"""The app's icons, drawn with Pillow from the tracker card's own artwork.

The picture is a corner of the campaign tracker card as `pictures.tracker_card` draws it, from the
same artwork (`offline.artwork`): its paper, its ink, the gold award sticker (here a sun, for
Solar 175, with the game's number on it) and a row of tracker boxes, two crossed with a pen's
cross. DejaVu Sans Bold (vendored in
`static/fonts/`) writes the number, so every machine draws the same pixels.

`ICONS` lists every file the site serves and what it is for; `draw(spec)` returns its bytes.
`python manage.py draw_icons` writes them into `static/icons/` (committed: see docs/offline.md).
Pure given Pillow: no Django.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

from offline.artwork import BOLD_FONT, BOX_CROSSED, INK, PAPER, STICKERS

# The navigation bar's colour (Bootstrap's bg-dark): the manifest's theme colour too.
NIGHT = "#212529"
GOLD_FILL, GOLD_LINE, _ = STICKERS["gold"]
# Drawn on a 1024-unit square, then shrunk (smooth edges at every size).
CANVAS = 1024
# A maskable icon's safe zone is the centre circle of 80 % of its width: its picture is shrunk
# to fit inside that circle, the night colour filling the rest edge to edge.
MASKABLE_SCALE = 0.76


@dataclass(frozen=True)
class IconSpec:
    name: str  # file name in static/icons/
    size: int
    # "any": rounded corners on a transparent square; "maskable" and "apple": edge to edge
    # (the phone cuts its own shape); "small" (the favicon): the sun alone, legible at 16 px.
    kind: str


ICONS = (
    IconSpec("icon-192.png", 192, "any"),
    IconSpec("icon-512.png", 512, "any"),
    IconSpec("icon-maskable-192.png", 192, "maskable"),
    IconSpec("icon-maskable-512.png", 512, "maskable"),
    IconSpec("apple-touch-icon.png", 180, "apple"),
)
FAVICON = "favicon.ico"
FAVICON_SIZES = (16, 32, 48)


def _sun(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, number: bool) -> None:
    """The gold sticker as a sun: twelve rays and a disc, the game's number on it."""
    for ray in range(12):
        angle = math.tau * ray / 12
        inner, outer = r * 1.14, r * 1.42
        draw.line(
            (
                cx + inner * math.cos(angle),
                cy + inner * math.sin(angle),
                cx + outer * math.cos(angle),
                cy + outer * math.sin(angle),
            ),
            fill=GOLD_FILL,
            width=round(r * 0.14),
        )
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=GOLD_FILL, outline=GOLD_LINE, width=round(r * 0.09)
    )
    if number:
        font = ImageFont.truetype(str(BOLD_FONT), round(r * 0.78))
        draw.text((cx, cy), "175", font=font, fill=INK, anchor="mm")


def _card(draw: ImageDraw.ImageDraw) -> None:
    """The tracker card: paper, the sun sticker, three boxes (two crossed)."""
    draw.rounded_rectangle((150, 120, 874, 904), radius=70, fill=PAPER)
    _sun(draw, 512, 420, 168, number=True)
    box, gap, top = 152, 40, 700
    left = (CANVAS - 3 * box - 2 * gap) / 2
    for index in range(3):
        x = left + index * (box + gap)
        crossed = index < 2
        draw.rounded_rectangle(
            (x, top, x + box, top + box),
            radius=18,
            fill=BOX_CROSSED if crossed else "#ffffff",
            outline=INK,
            width=14,
        )
        if crossed:
            # A pen's cross, corner to corner, as the group marks the printed card.
            inset = 36
            for a, b in (
                ((x + inset, top + inset), (x + box - inset, top + box - inset)),
                ((x + box - inset, top + inset), (x + inset, top + box - inset)),
            ):
                draw.line((*a, *b), fill=INK, width=24)


def _master(kind: str) -> Image.Image:
    """The 1024-unit picture of `kind`, RGBA."""
    image = Image.new("RGBA", (CANVAS, CANVAS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if kind in ("any", "small"):
        draw.rounded_rectangle((0, 0, CANVAS - 1, CANVAS - 1), radius=190, fill=NIGHT)
    else:
        draw.rectangle((0, 0, CANVAS, CANVAS), fill=NIGHT)
    if kind == "small":
        _sun(draw, 512, 512, 300, number=False)
        return image
    card = Image.new("RGBA", (CANVAS, CANVAS), (0, 0, 0, 0))
    _card(ImageDraw.Draw(card))
    if kind == "maskable":
        side = round(CANVAS * MASKABLE_SCALE)
        card = card.resize((side, side), Image.Resampling.LANCZOS)
        image.alpha_composite(card, ((CANVAS - side) // 2, (CANVAS - side) // 2))
    else:
        image.alpha_composite(card)
    return image


def picture(spec: IconSpec) -> Image.Image:
    """The icon as an image of its size (RGB where it has no transparent corners)."""
    image = _master(spec.kind).resize((spec.size, spec.size), Image.Resampling.LANCZOS)
    # iOS and the maskable slot draw transparent pixels black: those are opaque.
    return image.convert("RGB") if spec.kind in ("maskable", "apple") else image


def draw(spec: IconSpec) -> bytes:
    buffer = io.BytesIO()
    picture(spec).save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def favicon() -> bytes:
    """favicon.ico with the small sun at 16, 32 and 48 px."""
    largest = max(FAVICON_SIZES)
    image = _master("small").resize((largest, largest), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "ICO", sizes=[(s, s) for s in FAVICON_SIZES])
    return buffer.getvalue()
