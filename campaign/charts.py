"""Charts of a campaign, drawn from the replay's cached state: plain data in, plain data out.

No Django, no ORM: `build_charts(state, corporations, party_names)` takes the replay output
(docs/replay.md) and the campaign's corporations as `ChartCorporation`s, and returns the
coordinates an SVG needs (polyline points, bar rectangles, axis ticks) together with the
numbers behind them as a table. The templates in `templates/pictures/` draw the SVG with
autoescape on, so a name a person typed is never markup: this module never builds markup.

Every chart is drawn in a 360-unit-wide viewBox at `width: 100%`, so a unit is about a CSS
pixel on a 390 px phone, and its labels (11 units) stay legible there.

One game's printable summary is `campaign.summary`'s.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solar175.engine import LEGITIMATE_PARTIES

WIDTH = 360
LINE_HEIGHT = 220
FONT = 11
# Dots on each game are drawn while there is room for them.
MAX_GAMES_WITH_DOTS = 24
# A dash pattern per series, so two similar colours still read apart (and in grey print).
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 2 1 2")
FALLBACK_COLOURS = ("#6c757d", "#0dcaf0", "#d63384", "#198754", "#0d6efd")
HEX_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")

# Parties on the election strip: a colour each and the initials printed in the cell.
PARTY_COLOURS = {
    "united_federalists": "#1f5fbf",
    "workers_union": "#c0392b",
    "brave_new_dawn": "#1e8449",
    "celestial_rebellion": "#212529",
}
PARTY_INITIALS = {
    "united_federalists": "UF",
    "workers_union": "WU",
    "brave_new_dawn": "BND",
    "celestial_rebellion": "CR",
}
STRIP_COLUMNS = 10
STRIP_CELL_HEIGHT = 34


# --- corporations and colours ------------------------------------------------------------


@dataclass(frozen=True)
class ChartCorporation:
    """A campaign corporation as the pictures need it: its key, name and colour."""

    key: str
    name: str
    colour: str = ""
    player: str = ""
    ai: bool = False

    @property
    def text_colour(self) -> str:
        return text_colour_on(self.colour)

    @property
    def short_name(self) -> str:
        # A phone's table has room for a word per column: "Purple", not "Purple corporation".
        return self.name.split()[0] if self.name.strip() else self.key


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


def chart_corporations(rows: Iterable[Mapping[str, Any]]) -> list[ChartCorporation]:
    """Corporations from plain rows (`key`, `name`, `colour`, `player`, `ai`), in their order.

    A corporation whose key is not a catalogue colour gets a distinct fallback colour.
    """
    corporations = []
    spare = iter(FALLBACK_COLOURS * 2)
    for row in rows:
        colour = safe_colour(row.get("colour"), fallback="")
        if not colour:
            colour = next(spare, "#888888")
        corporations.append(
            ChartCorporation(
                key=str(row["key"]),
                name=str(row.get("name") or row["key"]),
                colour=colour,
                player=str(row.get("player") or ""),
                ai=bool(row.get("ai", False)),
            )
        )
    return corporations


def text_colour_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (WCAG relative luminance)."""
    colour = safe_colour(colour)
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return "#000000" if luminance > 0.179 else "#ffffff"


# --- the shapes a template draws ---------------------------------------------------------


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class Plot:
    """The plotting area inside the viewBox."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def middle_x(self) -> float:
        return round((self.left + self.right) / 2, 1)

    @property
    def tick_label_x(self) -> float:
        """Where a y tick's label ends, just left of the plot."""
        return round(self.left - 5, 1)

    @property
    def tick_label_y(self) -> float:
        """The baseline of the x ticks' labels, just under the plot."""
        return round(self.bottom + 14, 1)

    @property
    def axis_title_y(self) -> float:
        return round(self.bottom + 29, 1)


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    label: str


@dataclass(frozen=True)
class LineSeries:
    corporation: ChartCorporation
    # One "x,y x,y …" string per run of consecutive games the corporation played.
    segments: tuple[str, ...]
    point_count: int
    dots: tuple[Dot, ...]
    dash: str
    last: int | None


@dataclass(frozen=True)
class TableRow:
    label: str
    values: tuple[str, ...]
    game: int | None = None


@dataclass(frozen=True)
class DataTable:
    """The numbers behind a chart, for the <details> a screen reader or a sceptic opens."""

    caption: str
    row_heading: str
    corporations: tuple[ChartCorporation, ...]
    rows: tuple[TableRow, ...]
    columns: tuple[str, ...] = ()  # headings when the columns are not corporations


class _SvgFrame:
    """A chart's SVG frame: its `viewBox` from the chart's width and height."""

    width: int
    height: int

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"


@dataclass(frozen=True)
class LineChart(_SvgFrame):
    key: str
    title: str
    desc: str
    x_label: str
    y_label: str
    height: int
    plot: Plot
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    zero_y: float
    series: tuple[LineSeries, ...]
    step: bool
    table: DataTable
    width: int = WIDTH
    # Many games: thinner lines, so sixty games of five corporations still read.
    dense: bool = False


@dataclass(frozen=True)
class StripCell:
    game: int
    x: float
    y: float
    width: float
    height: float
    party: str
    party_name: str
    initials: str
    fill: str
    text_colour: str
    overthrown: bool

    @property
    def centre_x(self) -> float:
        return round(self.x + self.width / 2, 1)

    @property
    def label(self) -> str:
        overthrow = ", overthrown by the Celestial Rebellion" if self.overthrown else ""
        return f"Game {self.game}: {self.party_name}{overthrow}"

    @property
    def number_y(self) -> float:
        return round(self.y + 11, 1)

    @property
    def initials_y(self) -> float:
        return round(self.y + self.height - 7, 1)

    @property
    def corner(self) -> str:
        """The triangle in the top-right corner that marks an overthrow."""
        right, top, size = self.x + self.width - 1, self.y + 1, 11
        return f"{right - size:.1f},{top:.1f} {right:.1f},{top:.1f} {right:.1f},{top + size:.1f}"


@dataclass(frozen=True)
class PartyKey:
    party: str
    name: str
    initials: str
    fill: str
    text_colour: str
    wins: int


@dataclass(frozen=True)
class ElectionStrip(_SvgFrame):
    title: str
    desc: str
    height: int
    cells: tuple[StripCell, ...]
    parties: tuple[PartyKey, ...]
    overthrows: int
    table: DataTable
    width: int = WIDTH


@dataclass(frozen=True)
class Bar:
    corporation: ChartCorporation
    x: float
    y: float
    width: float
    height: float
    value: int

    @property
    def value_x(self) -> float:
        return round(self.x + self.width + 3, 1)

    @property
    def value_y(self) -> float:
        return round(self.y + self.height / 2, 1)

    @property
    def label(self) -> str:
        times = "game" if self.value == 1 else "games"
        return f"{self.corporation.name}: first in {self.value} {times}"


@dataclass(frozen=True)
class BarGroup:
    zone: int
    label: str
    label_y: float
    top: float
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class BarChart(_SvgFrame):
    title: str
    desc: str
    height: int
    plot: Plot
    x_ticks: tuple[Tick, ...]
    groups: tuple[BarGroup, ...]
    table: DataTable
    width: int = WIDTH


@dataclass(frozen=True)
class Charts:
    games_played: int
    corporations: tuple[ChartCorporation, ...]
    ip: LineChart | None
    points: LineChart | None
    elections: ElectionStrip | None
    presence: BarChart | None

    @property
    def empty(self) -> bool:
        return self.ip is None


# --- scales ------------------------------------------------------------------------------


def nice_ticks(low: float, high: float, most: int = 5) -> list[int]:
    """Whole-number ticks 1, 2 or 5 × 10ⁿ apart covering `low`..`high`, at most `most` + 1."""
    low, high = math.floor(min(low, high)), math.ceil(max(low, high))
    if high == low:
        high = low + 1
    raw = (high - low) / max(1, most - 1)
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = magnitude
    for multiple in (1, 2, 5, 10):
        step = multiple * magnitude
        if step >= raw:
            break
    step = max(1, int(step))
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    return list(range(start, end + step, step))


def game_ticks(first: int, last: int, most: int = 7) -> list[int]:
    """Game numbers to label on an x axis: the first, then every 1, 2, 5, 10 … games."""
    span = max(1, last - first)
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100):
        step = candidate
        if span / candidate <= most - 1:
            break
    ticks = [first] + [g for g in range(first + 1, last + 1) if g % step == 0]
    # A tick right after the first would print on top of it.
    if len(ticks) > 2 and step > 1 and ticks[1] - first <= step / 2:
        ticks.pop(1)
    return ticks


class _Scale:
    def __init__(self, domain: tuple[float, float], span: tuple[float, float]) -> None:
        self.d0, self.d1 = domain
        self.r0, self.r1 = span

    def __call__(self, value: float) -> float:
        if self.d1 == self.d0:
            return round((self.r0 + self.r1) / 2, 1)
        ratio = (value - self.d0) / (self.d1 - self.d0)
        return round(self.r0 + ratio * (self.r1 - self.r0), 1)


def _plot_for(y_labels: Sequence[str], height: int) -> Plot:
    # Room on the left for the longest y label (11-unit digits are about 6.5 units wide).
    left = 16 + 6.5 * max((len(label) for label in y_labels), default=1)
    return Plot(left=round(left, 1), top=10, right=WIDTH - 10, bottom=height - 34)


# --- reading the state -------------------------------------------------------------------


def replayed_games(state: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The games of the replay's state (docs/replay.md), in order; an entry without a number is
    not a game."""
    return [g for g in state.get("games") or [] if isinstance(g, Mapping) and "number" in g]


def _totals(game: Mapping[str, Any]) -> dict[str, int]:
    score = game.get("score") or {}
    return {p["corporation"]: p.get("total", 0) for p in score.get("players", [])}


def points_by_game(
    state: Mapping[str, Any], keys: Sequence[str]
) -> tuple[dict[str, int], list[tuple[int, dict[str, int]]]]:
    """Each corporation's campaign points before the first replayed game and after each game.

    Read from each game's `points_after` (the standings after it); a state written before that
    key existed is accumulated instead: award points won in the game, less its debt marks,
    counted back from today's standings (so a mid-campaign opening's points are kept).
    """
    games = replayed_games(state)
    deltas = []
    for game in games:
        delta = dict.fromkeys(keys, 0)
        for award in game.get("awards") or []:
            if award.get("corporation") in delta:
                delta[award["corporation"]] += int(award.get("points", 0))
        for mark in game.get("debt_marks") or []:
            if mark.get("corporation") in delta:
                delta[mark["corporation"]] -= int(mark.get("points", 0))
        deltas.append(delta)
    if games and all(isinstance(g.get("points_after"), Mapping) for g in games):
        after = [{k: int(g["points_after"].get(k, 0)) for k in keys} for g in games]
        start = {k: after[0][k] - deltas[0][k] for k in keys}
    else:
        final = {row["corporation"]: row.get("points", 0) for row in state.get("standings") or []}
        start = {k: int(final.get(k, 0)) - sum(d[k] for d in deltas) for k in keys}
        after, running = [], dict(start)
        for delta in deltas:
            running = {k: running[k] + delta[k] for k in keys}
            after.append(running)
    return start, [(int(g["number"]), points) for g, points in zip(games, after, strict=True)]


# --- the charts --------------------------------------------------------------------------


def _ip_chart(
    games: Sequence[Mapping[str, Any]], corporations: Sequence[ChartCorporation]
) -> LineChart:
    numbers = [int(g["number"]) for g in games]
    totals = [_totals(g) for g in games]
    values = [v for t in totals for v in t.values()]
    y_values = nice_ticks(0, max(values, default=0) or 10)
    y_labels = [str(v) for v in y_values]
    plot = _plot_for(y_labels, LINE_HEIGHT)
    x = _Scale((numbers[0], numbers[-1]), (plot.left, plot.right))
    y = _Scale((y_values[0], y_values[-1]), (plot.bottom, plot.top))
    dots_shown = len(games) <= MAX_GAMES_WITH_DOTS
    series = []
    for index, corp in enumerate(corporations):
        segments, run, dots, count = [], [], [], 0
        for number, total in zip(numbers, totals, strict=True):
            if corp.key not in total:
                # A game it sat out: the line breaks rather than drawing through it.
                if run:
                    segments.append(" ".join(run))
                run = []
                continue
            px, py = x(number), y(total[corp.key])
            run.append(f"{px},{py}")
            count += 1
            if dots_shown:
                dots.append(Dot(px, py, f"{corp.name}, game {number}: {total[corp.key]} IP"))
        if run:
            segments.append(" ".join(run))
        last = next((t[corp.key] for t in reversed(totals) if corp.key in t), None)
        series.append(
            LineSeries(
                corporation=corp,
                segments=tuple(segments),
                point_count=count,
                dots=tuple(dots),
                dash=DASHES[index % len(DASHES)],
                last=last,
            )
        )
    best = max(
        (
            (t[c.key], n, c.name)
            for n, t in zip(numbers, totals, strict=True)
            for c in corporations
            if c.key in t
        ),
        default=None,
    )
    span = f"game {numbers[0]}" if len(numbers) == 1 else f"games {numbers[0]} to {numbers[-1]}"
    desc = f"Each corporation's total influence points (IP) in {span}."
    if best:
        desc += f" Highest: {best[2]}, {best[0]} IP in game {best[1]}."
    return LineChart(
        key="ip",
        title="Influence points per game",
        desc=desc,
        x_label="Game",
        y_label="IP",
        height=LINE_HEIGHT,
        plot=plot,
        x_ticks=tuple(Tick(x(g), str(g)) for g in game_ticks(numbers[0], numbers[-1])),
        y_ticks=tuple(Tick(y(v), str(v)) for v in y_values),
        zero_y=y(0),
        series=tuple(series),
        step=False,
        dense=len(games) > MAX_GAMES_WITH_DOTS,
        table=DataTable(
            caption="Total IP per game",
            row_heading="Game",
            corporations=tuple(corporations),
            rows=tuple(
                TableRow(
                    str(n),
                    tuple(str(t[c.key]) if c.key in t else "—" for c in corporations),
                    game=n,
                )
                for n, t in zip(numbers, totals, strict=True)
            ),
        ),
    )


def _points_chart(state: Mapping[str, Any], corporations: Sequence[ChartCorporation]) -> LineChart:
    keys = [c.key for c in corporations]
    start, after = points_by_game(state, keys)
    first = after[0][0] - 1
    numbers = [first] + [n for n, _ in after]
    values = [v for v in start.values()] + [v for _, p in after for v in p.values()]
    y_values = nice_ticks(min(0, *values), max(values, default=0) or 5)
    y_labels = [str(v) for v in y_values]
    plot = _plot_for(y_labels, LINE_HEIGHT)
    x = _Scale((numbers[0], numbers[-1]), (plot.left, plot.right))
    y = _Scale((y_values[0], y_values[-1]), (plot.bottom, plot.top))
    series = []
    spread = len(corporations) - 1
    for index, corp in enumerate(corporations):
        # Equal points would draw one line over another: each series sits a line's width
        # from the next, and the legend and the table give the exact numbers.
        nudge = (index - spread / 2) * 2.8

        def at(number: int, value: int, nudge: float = nudge) -> str:
            return f"{x(number)},{round(y(value) + nudge, 1)}"

        previous = start[corp.key]
        points = [at(first, previous)]
        for number, standing in after:
            # Points change after a game: flat through it, then a step at its end.
            points.append(at(number, previous))
            if standing[corp.key] != previous:
                points.append(at(number, standing[corp.key]))
            previous = standing[corp.key]
        series.append(
            LineSeries(
                corporation=corp,
                segments=(" ".join(points),),
                point_count=len(points),
                dots=(),
                dash=DASHES[index % len(DASHES)],
                last=previous,
            )
        )
    now = sorted(((after[-1][1][c.key], c.name) for c in corporations), reverse=True)
    desc = "Campaign points (award points less Bank of Yurushi debt) after each game. Now: " + (
        ", ".join(f"{name} {points}" for points, name in now) + "."
    )
    first_label = "start" if first == 0 else str(first)
    x_ticks = [Tick(x(g), str(g)) for g in game_ticks(first, numbers[-1])]
    x_ticks[0] = Tick(x_ticks[0].position, first_label)
    rows = [TableRow("Start" if first == 0 else str(first), tuple(str(start[k]) for k in keys))]
    rows += [TableRow(str(n), tuple(str(p[k]) for k in keys), game=n) for n, p in after]
    return LineChart(
        key="points",
        title="Campaign points over time",
        desc=desc,
        x_label="After game",
        y_label="Points",
        height=LINE_HEIGHT,
        plot=plot,
        x_ticks=tuple(x_ticks),
        y_ticks=tuple(Tick(y(v), str(v)) for v in y_values),
        zero_y=y(0),
        series=tuple(series),
        step=True,
        dense=len(after) > MAX_GAMES_WITH_DOTS,
        table=DataTable(
            caption="Campaign points after each game",
            row_heading="After game",
            corporations=tuple(corporations),
            rows=tuple(rows),
        ),
    )


def party_initials(party: str, name: str = "") -> str:
    if party in PARTY_INITIALS:
        return PARTY_INITIALS[party]
    words = [w for w in re.split(r"[\s_-]+", name or party) if w]
    return "".join(w[0].upper() for w in words[:3]) or "?"


def _election_strip(
    games: Sequence[Mapping[str, Any]], party_names: Mapping[str, str]
) -> ElectionStrip:
    columns = min(STRIP_COLUMNS, len(games))
    cell_width = WIDTH / STRIP_COLUMNS
    cells = []
    wins: dict[str, int] = {}
    for index, game in enumerate(games):
        election = game.get("election") or (game.get("score") or {}).get("election") or {}
        party = str(election.get("winner") or "")
        wins[party] = wins.get(party, 0) + 1
        fill = PARTY_COLOURS.get(party, "#adb5bd")
        row, column = divmod(index, STRIP_COLUMNS)
        cells.append(
            StripCell(
                game=int(game["number"]),
                x=round(column * cell_width + 1, 1),
                y=round(row * STRIP_CELL_HEIGHT + 1, 1),
                width=round(cell_width - 2, 1),
                height=STRIP_CELL_HEIGHT - 2,
                party=party,
                party_name=party_names.get(party, party.replace("_", " ").title()),
                initials=party_initials(party, party_names.get(party, "")),
                fill=fill,
                text_colour=text_colour_on(fill),
                overthrown=bool(election.get("overthrown")),
            )
        )
    rows = math.ceil(len(games) / STRIP_COLUMNS)
    order = list(PARTY_COLOURS) + [p for p in wins if p not in PARTY_COLOURS]
    parties = tuple(
        PartyKey(
            party=p,
            name=party_names.get(p, p.replace("_", " ").title()),
            initials=party_initials(p, party_names.get(p, "")),
            fill=PARTY_COLOURS.get(p, "#adb5bd"),
            text_colour=text_colour_on(PARTY_COLOURS.get(p, "#adb5bd")),
            wins=wins.get(p, 0),
        )
        for p in order
        if wins.get(p) or p in LEGITIMATE_PARTIES
    )
    overthrows = sum(1 for c in cells if c.overthrown)
    desc = (
        "The party in power after each game, game by game: "
        + "; ".join(f"{p.name} {p.wins}" for p in parties)
        + (f". The Celestial Rebellion overthrew {overthrows}." if overthrows else ".")
    )
    return ElectionStrip(
        title="Election winners",
        desc=desc,
        height=rows * STRIP_CELL_HEIGHT,
        cells=tuple(cells),
        parties=parties,
        overthrows=overthrows,
        table=DataTable(
            caption="The party in power after each game",
            row_heading="Game",
            corporations=(),
            columns=("Party in power",),
            rows=tuple(
                TableRow(
                    str(c.game),
                    (f"{c.party_name}{' (overthrown)' if c.overthrown else ''}",),
                    game=c.game,
                )
                for c in cells
            ),
        ),
        width=round(columns * cell_width) if columns < STRIP_COLUMNS else WIDTH,
    )


def _presence_chart(
    games: Sequence[Mapping[str, Any]], corporations: Sequence[ChartCorporation]
) -> BarChart:
    """Per zone, how many games each corporation came first in it (ties all count): the
    games in which it crossed, or would have crossed, a presence box there."""
    zones = sorted(
        {
            z
            for g in games
            for z in (g.get("rules") or {}).get("zones_in_play", [])
            if isinstance(z, int)
        }
        | {
            int(key.split("_")[1])
            for g in games
            for key in ((g.get("score") or {}).get("tracker") or {})
            if key.startswith("presence_") and key.split("_")[1].isdigit()
        }
    ) or [1, 2]
    firsts = {
        z: {
            c.key: sum(
                1
                for g in games
                if c.key in ((g.get("score") or {}).get("tracker") or {}).get(f"presence_{z}", [])
            )
            for c in corporations
        }
        for z in zones
    }
    most = max((v for counts in firsts.values() for v in counts.values()), default=0)
    x_values = nice_ticks(0, most or 1, most=4)
    bar_height, bar_gap, group_gap, label_room = 11, 2, 16, 16
    group_height = len(corporations) * (bar_height + bar_gap) - bar_gap
    plot_top = 6
    height = plot_top + len(zones) * (group_height + label_room + group_gap) - group_gap + 28
    plot = Plot(left=8, top=plot_top, right=WIDTH - 34, bottom=height - 26)
    x = _Scale((0, x_values[-1]), (plot.left, plot.right))
    groups, top = [], plot_top
    for zone in zones:
        bars = []
        for index, corp in enumerate(corporations):
            value = firsts[zone][corp.key]
            bars.append(
                Bar(
                    corporation=corp,
                    x=plot.left,
                    y=top + label_room + index * (bar_height + bar_gap),
                    width=max(0.0, round(x(value) - plot.left, 1)),
                    height=bar_height,
                    value=value,
                )
            )
        groups.append(
            BarGroup(zone=zone, label=f"Zone {zone}", label_y=top + 11, top=top, bars=tuple(bars))
        )
        top += group_height + label_room + group_gap
    leaders = []
    for zone in zones:
        best = max(firsts[zone].values(), default=0)
        if best:
            names = [c.name for c in corporations if firsts[zone][c.key] == best]
            leaders.append(f"zone {zone}: {' and '.join(names)} ({best})")
    desc = "For each zone, in how many games each corporation had the most presence there."
    if leaders:
        desc += " Most often first in " + "; ".join(leaders) + "."
    return BarChart(
        title="Presence won per zone",
        desc=desc,
        height=height,
        plot=plot,
        x_ticks=tuple(Tick(x(v), str(v)) for v in x_values),
        groups=tuple(groups),
        table=DataTable(
            caption="Games in which each corporation came first in a zone",
            row_heading="Zone",
            corporations=tuple(corporations),
            rows=tuple(
                TableRow(f"Zone {z}", tuple(str(firsts[z][c.key]) for c in corporations))
                for z in zones
            ),
        ),
    )


def build_charts(
    state: Mapping[str, Any],
    corporations: Sequence[ChartCorporation],
    party_names: Mapping[str, str],
) -> Charts:
    """Every chart of the charts page, from the replay's state; `None`s before any game."""
    games = replayed_games(state)
    corporations = tuple(corporations)
    if not games or not corporations:
        return Charts(
            games_played=int(state.get("games_played") or 0),
            corporations=corporations,
            ip=None,
            points=None,
            elections=None,
            presence=None,
        )
    return Charts(
        games_played=int(state.get("games_played") or len(games)),
        corporations=corporations,
        ip=_ip_chart(games, corporations),
        points=_points_chart(state, corporations),
        elections=_election_strip(games, party_names),
        presence=_presence_chart(games, corporations),
    )
