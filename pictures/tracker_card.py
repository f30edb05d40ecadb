"""A corporation's campaign tracker card as a PNG, drawn like the printed card, for sharing.

Pure given plain data: `tracker_card(state, corporation, ...)` reads the replay's cached state
(docs/replay.md) into a `TrackerCard`, and `draw_tracker_card(card)` draws it with Pillow. No
Django, no ORM. `card_etag(card)` hashes exactly what is drawn, so a picture's ETag changes
when, and only when, the picture would.

The text is DejaVu Sans, vendored in `static/fonts/` (its licence beside it), so every machine
draws the same picture; the paper, ink, stickers and fonts are the card's artwork, which the
app's icons share (`offline.artwork`). The card is drawn at twice its size and shrunk, which
smooths the crosses and round corners; 1080 px wide, the width a group chat shows in full.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from campaign.colours import safe_colour, text_colour_on
from offline.artwork import BOLD_FONT, BOX_CROSSED, INK, PAPER, REGULAR_FONT, STICKERS
from pictures.charts import ChartCorporation
from pictures.words import _, ngettext
from solar175.game_entry import debt_boxes_in_play, powers_in_play
from solar175.state import CampaignState

# Bump when the drawing changes: the ETag then changes with it.
DRAWING_VERSION = "1"

WIDTH = 1080
SCALE = 2
MARGIN = 44
COLUMN_GAP = 36
COLUMN = (WIDTH - 2 * MARGIN - COLUMN_GAP) // 2
BOX = 50
BOX_GAP = 9
BAND = 176

MUTED = "#6b6f76"
FADED = "#c9c9c9"
DEBT_RED = "#b02a37"


# --- the card as plain data --------------------------------------------------------------


@dataclass(frozen=True)
class Sticker:
    tier: str
    name: str
    points: int


@dataclass(frozen=True)
class CardSection:
    key: str
    name: str
    boxes: int
    crossed: int
    in_play: bool = True
    stickers: tuple[Sticker, ...] = ()


@dataclass(frozen=True)
class TrackerCard:
    campaign: str
    corporation: str
    colour: str
    games_played: int
    presence: tuple[CardSection, ...]
    others: tuple[CardSection, ...]
    player: str = ""
    ai: bool = False
    influence_tally: int = 0
    debt_shown: bool = False
    debt_marks: tuple[int, ...] = ()
    debt: int = 0
    power_shown: bool = False
    power: str = ""
    points: int | None = None
    rank: int | None = None
    corporations: int = 0


def tracker_card(
    state: CampaignState,
    corporation: ChartCorporation,
    *,
    campaign_name: str,
    sections: Sequence[tuple[str, str, int]],
    award_names: Mapping[tuple[str, str], str],
    power_name: str = "",
) -> TrackerCard:
    """One corporation's card from the replay's state; `sections` are the catalogue's
    (key, name, boxes) in tracker-card order."""
    crossed = state.tracker.get(corporation.key, {})
    next_game = state.next_game
    in_play = set(next_game.zones_in_play)
    switches = set(next_game.switches)
    stickers: dict[str, list[Sticker]] = {}
    for award in state.awards:
        if award.corporation == corporation.key:
            stickers.setdefault(award.section, []).append(
                Sticker(
                    tier=award.tier,
                    name=award_names.get((award.section, award.tier), award.section),
                    points=award.points,
                )
            )
    presence, others = [], []
    for key, name, size in sections:
        zone = int(key.split("_")[1]) if key.startswith("presence_") else None
        section = CardSection(
            key=key,
            name=name,
            boxes=size,
            crossed=min(int(crossed.get(key, 0)), size),
            in_play=zone is None or zone in in_play,
            stickers=tuple(stickers.get(key, [])),
        )
        (presence if zone is not None else others).append(section)
    debt_marks = tuple(
        mark.points
        for game in state.games
        for mark in game.debt_marks
        if mark.corporation == corporation.key
    )
    debt = state.debt.get(corporation.key, 0)
    standing = state.standing(corporation.key)
    return TrackerCard(
        campaign=campaign_name,
        corporation=corporation.name,
        colour=safe_colour(corporation.colour),
        games_played=state.games_played,
        presence=tuple(presence),
        others=tuple(others),
        player=corporation.player,
        ai=corporation.ai,
        influence_tally=int(crossed.get("influence_tally", 0)),
        # Section #8 brings the debt boxes, #7 the power sticker: before they unlock the
        # picture shows neither, so it hints at nothing.
        debt_shown=debt_boxes_in_play(switches) or debt > 0,
        debt_marks=debt_marks,
        debt=debt,
        power_shown=powers_in_play(switches) or bool(power_name),
        power=power_name,
        points=standing.points if standing else None,
        rank=standing.rank if standing else None,
        corporations=len(state.standings),
    )


def card_etag(card: TrackerCard) -> str:
    """A hash of everything the picture shows, and of how it is drawn."""
    data = json.dumps([DRAWING_VERSION, asdict(card)], sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(data.encode()).hexdigest()[:32]


# --- drawing -----------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD_FONT if bold else REGULAR_FONT), size * SCALE)


@dataclass(frozen=True)
class BoxPlace:
    """Where a tracker box was drawn (output pixels), for a test to look at."""

    section: str
    index: int
    crossed: bool
    left: int
    top: int
    size: int

    @property
    def centre(self) -> tuple[int, int]:
        return (self.left + self.size // 2, self.top + self.size // 2)


class _Pen:
    """Draws in output pixels on a canvas SCALE times larger; `dry` only measures."""

    def __init__(self, height: int, dry: bool = False) -> None:
        self.dry = dry
        self.height = height
        self.boxes: list[BoxPlace] = []
        size = (WIDTH * SCALE, height * SCALE) if not dry else (1, 1)
        self.image = Image.new("RGB", size, PAPER)
        self.draw = ImageDraw.Draw(self.image)

    @staticmethod
    def _s(values: Sequence[float]) -> list[float]:
        return [v * SCALE for v in values]

    def rect(
        self,
        box: Sequence[float],
        *,
        fill: str | None = None,
        outline: str | None = None,
        width: int = 0,
        radius: int = 0,
    ) -> None:
        if self.dry:
            return
        self.draw.rounded_rectangle(
            self._s(box), radius=radius * SCALE, fill=fill, outline=outline, width=width * SCALE
        )

    def line(self, points: Sequence[float], *, fill: str, width: int) -> None:
        if not self.dry:
            self.draw.line(self._s(points), fill=fill, width=width * SCALE)

    def ellipse(self, box: Sequence[float], *, fill: str, outline: str, width: int) -> None:
        if not self.dry:
            self.draw.ellipse(self._s(box), fill=fill, outline=outline, width=width * SCALE)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        *,
        size: int,
        bold: bool = False,
        fill: str = INK,
        anchor: str = "la",
    ) -> None:
        if not self.dry:
            self.draw.text(self._s(xy), text, font=_font(size, bold), fill=fill, anchor=anchor)

    @staticmethod
    def width_of(text: str, size: int, bold: bool = False) -> float:
        return _font(size, bold).getlength(text) / SCALE

    def fit(
        self, text: str, max_width: float, size: int, smallest: int, bold: bool = False
    ) -> tuple[str, int]:
        """The largest size down to `smallest` at which `text` fits; else cut with an ellipsis."""
        for candidate in range(size, smallest - 1, -2):
            if self.width_of(text, candidate, bold) <= max_width:
                return text, candidate
        cut = text
        while cut and self.width_of(cut + "…", smallest, bold) > max_width:
            cut = cut[:-1]
        return cut.rstrip() + "…", smallest

    def wrap(
        self, text: str, max_width: float, size: int, lines: int, bold: bool = False
    ) -> list[str]:
        """`text` in at most `lines` lines of `max_width`, the last cut with an ellipsis."""
        words, result = text.split(), []
        while words and len(result) < lines:
            line = words.pop(0)
            while words and self.width_of(f"{line} {words[0]}", size, bold) <= max_width:
                line = f"{line} {words.pop(0)}"
            result.append(line)
        if words or (result and self.width_of(result[-1], size, bold) > max_width):
            result[-1] = self.fit(" ".join([result[-1], *words]), max_width, size, size, bold)[0]
        return result

    def png(self) -> bytes:
        image = self.image.resize((WIDTH, self.height), Image.Resampling.LANCZOS)
        buffer = io.BytesIO()
        image.save(buffer, "PNG", optimize=True)
        return buffer.getvalue()


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th… (each language writes its own: German "1.", "2.")."""
    ending = 0 if 10 <= n % 100 <= 20 else n % 10
    if ending == 1:
        # Translators: an ordinal number ending in 1, not 11 ("1st", "21st"; German "1.").
        return _("%(n)sst") % {"n": n}
    if ending == 2:
        # Translators: an ordinal number ending in 2, not 12 ("2nd", "22nd"; German "2.").
        return _("%(n)snd") % {"n": n}
    if ending == 3:
        # Translators: an ordinal number ending in 3, not 13 ("3rd", "23rd"; German "3.").
        return _("%(n)srd") % {"n": n}
    # Translators: any other ordinal number ("4th", "11th"; German "4.").
    return _("%(n)sth") % {"n": n}


def _tier(tier: str) -> str:
    """An award sticker's tier as the card prints it."""
    return {
        # Translators: an award sticker's tier, as a label on the tracker card.
        "gold": _("Gold"),
        # Translators: an award sticker's tier, as a label on the tracker card.
        "silver": _("Silver"),
    }.get(tier, tier.capitalize())


def _draw_boxes(pen: _Pen, section: CardSection, left: float, top: float) -> None:
    outline = INK if section.in_play else FADED
    for index in range(section.boxes):
        x = left + index * (BOX + BOX_GAP)
        crossed = index < section.crossed
        pen.rect(
            (x, top, x + BOX, top + BOX),
            fill=BOX_CROSSED if crossed else "#ffffff",
            outline=outline,
            width=3,
            radius=6,
        )
        if crossed:
            # A pen's cross, corner to corner, as the group marks the printed card.
            inset = 11
            pen.line(
                (x + inset, top + inset, x + BOX - inset, top + BOX - inset), fill=INK, width=6
            )
            pen.line(
                (x + BOX - inset, top + inset, x + inset, top + BOX - inset), fill=INK, width=6
            )
        pen.boxes.append(BoxPlace(section.key, index, crossed, round(x), round(top), BOX))


def _draw_sticker(pen: _Pen, sticker: Sticker, left: float, top: float, width: float) -> float:
    fill, outline, ink = STICKERS.get(sticker.tier, STICKERS["silver"])
    height = 50
    pen.rect(
        (left, top, left + width, top + height), fill=fill, outline=outline, width=2, radius=25
    )
    # The points in a round seal at the sticker's left end.
    seal = height - 10
    pen.ellipse(
        (left + 5, top + 5, left + 5 + seal, top + 5 + seal),
        fill="#ffffff",
        outline=outline,
        width=2,
    )
    pen.text(
        (left + 5 + seal / 2, top + height / 2),
        str(sticker.points),
        size=22,
        bold=True,
        fill=ink,
        anchor="mm",
    )
    # Translators: an award sticker: its tier ("Gold"), the award's name.
    label = _("%(tier)s: %(name)s") % {"tier": _tier(sticker.tier), "name": sticker.name}
    text, size = pen.fit(label, width - seal - 28, 24, 16, bold=True)
    pen.text(
        (left + seal + 16, top + height / 2), text, size=size, bold=True, fill=ink, anchor="lm"
    )
    return height


def _draw_tally(pen: _Pen, count: int, left: float, top: float) -> float:
    """Wins after highest influence is full, as tally marks in fives."""
    label = _("Wins after full:")
    pen.text((left, top + 18), label, size=24, fill=INK, anchor="lm")
    x = left + pen.width_of(label, 24) + 16
    shown = min(count, 20)
    for group in range(0, shown, 5):
        marks = min(5, shown - group)
        for mark in range(min(marks, 4)):
            pen.line((x + mark * 10, top + 3, x + mark * 10, top + 33), fill=INK, width=4)
        if marks == 5:
            pen.line((x - 6, top + 29, x + 36, top + 7), fill=INK, width=4)
        x += min(marks, 4) * 10 + 22
    pen.text((x + 4, top + 18), f"({count})", size=24, bold=True, fill=INK, anchor="lm")
    return 36


def _draw_section(
    pen: _Pen, card: TrackerCard, section: CardSection, left: float, top: float
) -> float:
    """A section's name, count, boxes and what sits under them; returns its height."""
    ink = INK if section.in_play else FADED
    count = f"{section.crossed}/{section.boxes}"
    name, size = pen.fit(section.name, COLUMN - pen.width_of(count, 27) - 14, 29, 19, bold=True)
    pen.text((left, top + 17), name, size=size, bold=True, fill=ink, anchor="lm")
    pen.text((left + COLUMN, top + 17), count, size=27, fill=MUTED, anchor="rm")
    _draw_boxes(pen, section, left, top + 42)
    y = top + 42 + BOX
    if not section.in_play:
        pen.text((left, y + 24), _("Zone not in play yet"), size=22, fill=MUTED, anchor="lm")
        y += 40
    if section.key == "influence" and card.influence_tally:
        y += 12 + _draw_tally(pen, card.influence_tally, left, y + 12)
    for sticker in section.stickers:
        y += 12 + _draw_sticker(pen, sticker, left, y + 12, COLUMN)
    return y - top


def _draw_grid(pen: _Pen, card: TrackerCard, sections: Sequence[CardSection], top: float) -> float:
    for start in range(0, len(sections), 2):
        row = sections[start : start + 2]
        heights = [
            _draw_section(pen, card, section, MARGIN + column * (COLUMN + COLUMN_GAP), top)
            for column, section in enumerate(row)
        ]
        top += max(heights) + 28
    return top


def _draw_heading(pen: _Pen, text: str, top: float, colour: str) -> float:
    pen.text((MARGIN, top + 16), text.upper(), size=24, bold=True, fill=MUTED, anchor="lm")
    width = pen.width_of(text.upper(), 24, bold=True)
    pen.line((MARGIN + width + 16, top + 16, WIDTH - MARGIN, top + 16), fill=colour, width=3)
    return top + 46


def _layout(card: TrackerCard, pen: _Pen) -> float:
    colour = safe_colour(card.colour)
    on_colour = text_colour_on(colour)
    # The card: paper with a border and a band in the corporation's colour.
    pen.rect((0, 0, WIDTH, pen.height), fill=PAPER)
    pen.rect((0, 0, WIDTH, BAND), fill=colour)
    pen.text(
        (MARGIN, 38),
        # Translators: the game's name (Solar 175) stays as printed.
        _("SOLAR 175 · CAMPAIGN TRACKER"),
        size=24,
        bold=True,
        fill=on_colour,
        anchor="lm",
    )
    name, size = pen.fit(card.corporation, WIDTH - 2 * MARGIN, 62, 34, bold=True)
    pen.text((MARGIN, 92), name, size=size, bold=True, fill=on_colour, anchor="lm")
    who = " · ".join(p for p in (card.player, _("AI player") if card.ai else "") if p)
    if card.games_played:
        after = _("%(campaign)s, after game %(number)s") % {
            "campaign": card.campaign,
            "number": card.games_played,
        }
    else:
        after = _("%(campaign)s, before the first game") % {"campaign": card.campaign}
    line = " · ".join(p for p in (who, after) if p)
    line, size = pen.fit(line, WIDTH - 2 * MARGIN, 28, 19)
    pen.text((MARGIN, 144), line, size=size, fill=on_colour, anchor="lm")

    top = BAND + 24
    top = _draw_heading(pen, _("Presence"), top, colour)
    top = _draw_grid(pen, card, card.presence, top)
    top = _draw_heading(pen, _("Achievements"), top, colour)
    top = _draw_grid(pen, card, card.others, top)

    if card.debt_shown:
        top = _draw_heading(pen, _("Bank of Yurushi debt"), top, colour)
        x = MARGIN
        for points in card.debt_marks[:14]:
            pen.rect(
                (x, top, x + 62, top + 50), fill="#ffffff", outline=DEBT_RED, width=3, radius=5
            )
            pen.text(
                (x + 31, top + 25), f"−{points}", size=26, bold=True, fill=DEBT_RED, anchor="mm"
            )
            x += 70
        if not card.debt_marks:
            pen.text((MARGIN, top + 25), _("No box checked."), size=26, fill=MUTED, anchor="lm")
        elif len(card.debt_marks) > 14:
            more = _("+%(count)s more") % {"count": len(card.debt_marks) - 14}
            pen.text((x, top + 25), more, size=21, anchor="lm")
        lost = _("Campaign points lost: %(points)s") % {"points": card.debt}
        pen.text(
            (WIDTH - MARGIN, top + 25),
            lost,
            size=26,
            bold=bool(card.debt),
            fill=DEBT_RED if card.debt else MUTED,
            anchor="rm",
        )
        top += 50 + 24

    if card.power_shown:
        top = _draw_heading(pen, _("Player power"), top, colour)
        for line in pen.wrap(
            card.power or _("Not chosen yet."), WIDTH - 2 * MARGIN, 28, 2, bool(card.power)
        ):
            pen.text((MARGIN, top + 18), line, size=28, bold=bool(card.power), anchor="lm")
            top += 40
        top += 20

    # The foot: where the corporation stands in the campaign.
    pen.rect((0, top, WIDTH, top + 86), fill="#ffffff")
    pen.line((0, top, WIDTH, top), fill=colour, width=4)
    if card.points is not None:
        values = {"points": card.points, "rank": card.rank and _ordinal(card.rank)}
        values["count"] = card.corporations
        if card.rank:
            standing = (
                ngettext(
                    # Translators: %(rank)s is an ordinal ("2nd"), %(count)s how many corporations.
                    "%(points)s campaign point · %(rank)s of %(count)s",
                    "%(points)s campaign points · %(rank)s of %(count)s",
                    card.points,
                )
                % values
            )
        else:
            standing = (
                ngettext("%(points)s campaign point", "%(points)s campaign points", card.points)
                % values
            )
    else:
        standing = _("No campaign points yet")
    pen.text((MARGIN, top + 43), standing, size=32, bold=True, anchor="lm")
    pen.text(
        (WIDTH - MARGIN, top + 43),
        _("Solar 175 campaign manager"),
        size=20,
        fill=MUTED,
        anchor="rm",
    )
    top += 86
    # The border last, over the band's edge.
    pen.rect((0, 0, WIDTH, pen.height), outline=colour, width=10)
    return top


def card_layout(card: TrackerCard) -> tuple[int, list[BoxPlace]]:
    """The picture's height and where each tracker box sits, without drawing anything."""
    pen = _Pen(height=1, dry=True)
    height = round(_layout(card, pen))
    return height, pen.boxes


def draw_tracker_card(card: TrackerCard) -> bytes:
    """The card as PNG bytes, 1080 px wide."""
    height, _boxes = card_layout(card)
    pen = _Pen(height=height)
    _layout(card, pen)
    return pen.png()
