"""Charts of a campaign, drawn from the replay's cached state: plain data in, plain data out.

No Django, no ORM: `build_charts(state, corporations, party_names)` takes the replay output
(docs/replay.md) and the campaign's corporations as `ChartCorporation`s, and returns each
chart's numbers: the series, the ticks, the words a screen reader says, and the same numbers
as a table. This module never builds markup. `pictures.chart_svg` draws the IP, points and
presence charts from them with pygal, each as an SVG document of its own; the election strip
(a cell per game, each a link) is drawn by `pictures/templates/pictures/_election_strip.html` with
autoescape on, in a 360-unit-wide viewBox at `width: 100%`, so a unit is about a CSS pixel
on a 390 px phone.

One game's printable summary is `pictures.summary`'s.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from campaign.colours import safe_colour, text_colour_on
from pictures.words import _, ngettext
from solar175.engine import LEGITIMATE_PARTIES
from solar175.state import CampaignState, ReplayedGame

WIDTH = 360
# Dots on each game are drawn while there is room for them.
MAX_GAMES_WITH_DOTS = 24
# Equal campaign points would draw one step line over another: each series sits this share
# of the y range from the next (about a line's width), and the legend and the table give the
# exact numbers.
POINTS_NUDGE = 0.012
# A dash pattern per series, so two similar colours still read apart (and in grey print).
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 2 1 2")
FALLBACK_COLOURS = ("#6c757d", "#0dcaf0", "#d63384", "#198754", "#0d6efd")

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


# --- the charts' numbers -----------------------------------------------------------------


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class LineSeries:
    corporation: ChartCorporation
    # (x, y) in the chart's own numbers, in order; a y of None breaks the line (a game the
    # corporation sat out).
    points: tuple[tuple[float, float | None], ...]
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


@dataclass(frozen=True)
class LineChart:
    key: str
    title: str
    desc: str
    x_label: str
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[int, ...]
    series: tuple[LineSeries, ...]
    # Campaign points change at a game's end: drawn as steps, not slopes.
    step: bool
    table: DataTable
    # A dot on each game while there is room for them.
    dots: bool = True
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
        values = {"number": self.game, "party": self.party_name}
        if self.overthrown:
            return _("Game %(number)s: %(party)s, overthrown by the Celestial Rebellion") % values
        return _("Game %(number)s: %(party)s") % values

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
class ElectionStrip:
    title: str
    desc: str
    height: int
    cells: tuple[StripCell, ...]
    parties: tuple[PartyKey, ...]
    overthrows: int
    table: DataTable
    width: int = WIDTH

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"


@dataclass(frozen=True)
class PresenceSeries:
    corporation: ChartCorporation
    # In how many games it came first, zone by zone (`BarChart.zones`' order).
    firsts: tuple[int, ...]


@dataclass(frozen=True)
class BarChart:
    key: str
    title: str
    desc: str
    zones: tuple[int, ...]
    x_ticks: tuple[int, ...]
    series: tuple[PresenceSeries, ...]
    table: DataTable


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


# --- reading the state -------------------------------------------------------------------


def _totals(game: ReplayedGame) -> dict[str, int]:
    return {p.corporation: p.total for p in game.score.players}


def points_by_game(
    state: CampaignState, keys: Sequence[str]
) -> tuple[dict[str, int], list[tuple[int, dict[str, int]]]]:
    """Each corporation's campaign points before the first replayed game and after each game.

    Read from each game's `points_after` (the standings after it); a state written before that
    key existed is accumulated instead: award points won in the game, less its debt marks,
    counted back from today's standings (so a mid-campaign opening's points are kept).
    """
    games = state.games
    deltas = []
    for game in games:
        delta = dict.fromkeys(keys, 0)
        for award in game.awards:
            if award.corporation in delta:
                delta[award.corporation] += award.points
        for mark in game.debt_marks:
            if mark.corporation in delta:
                delta[mark.corporation] -= mark.points
        deltas.append(delta)
    if games and all(g.points_after is not None for g in games):
        after = [{k: g.points_after.get(k, 0) for k in keys} for g in games]
        start = {k: after[0][k] - deltas[0][k] for k in keys}
    else:
        final = {row.corporation: row.points for row in state.standings}
        start = {k: final.get(k, 0) - sum(d[k] for d in deltas) for k in keys}
        after, running = [], dict(start)
        for delta in deltas:
            running = {k: running[k] + delta[k] for k in keys}
            after.append(running)
    return start, [(g.number, points) for g, points in zip(games, after, strict=True)]


# --- the charts --------------------------------------------------------------------------


def _ip_chart(games: Sequence[ReplayedGame], corporations: Sequence[ChartCorporation]) -> LineChart:
    numbers = [g.number for g in games]
    totals = [_totals(g) for g in games]
    values = [v for t in totals for v in t.values()]
    series = []
    for index, corp in enumerate(corporations):
        series.append(
            LineSeries(
                corporation=corp,
                # A game it sat out: the line breaks rather than drawing through it.
                points=tuple(
                    (number, total.get(corp.key))
                    for number, total in zip(numbers, totals, strict=True)
                ),
                dash=DASHES[index % len(DASHES)],
                last=next((t[corp.key] for t in reversed(totals) if corp.key in t), None),
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
    if len(numbers) == 1:
        desc = _("Each corporation's total influence points (IP) in game %(number)s.") % {
            "number": numbers[0]
        }
    else:
        desc = _(
            "Each corporation's total influence points (IP) in games %(first)s to %(last)s."
        ) % {
            "first": numbers[0],
            "last": numbers[-1],
        }
    if best:
        # Translators: a corporation's name, its IP, the game's number.
        desc += " " + _("Highest: %(name)s, %(ip)s IP in game %(number)s.") % {
            "name": best[2],
            "ip": best[0],
            "number": best[1],
        }
    return LineChart(
        key="ip",
        title=_("Influence points per game"),
        desc=desc,
        x_label=_("Game"),
        x_ticks=tuple(Tick(g, str(g)) for g in game_ticks(numbers[0], numbers[-1])),
        y_ticks=tuple(nice_ticks(0, max(values, default=0) or 10)),
        series=tuple(series),
        step=False,
        dots=len(games) <= MAX_GAMES_WITH_DOTS,
        dense=len(games) > MAX_GAMES_WITH_DOTS,
        table=DataTable(
            caption=_("Total IP per game"),
            row_heading=_("Game"),
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


def _points_chart(state: CampaignState, corporations: Sequence[ChartCorporation]) -> LineChart:
    keys = [c.key for c in corporations]
    start, after = points_by_game(state, keys)
    first = after[0][0] - 1
    values = [v for v in start.values()] + [v for _number, p in after for v in p.values()]
    y_ticks = nice_ticks(min(0, *values), max(values, default=0) or 5)
    spread = len(corporations) - 1
    series = []
    for index, corp in enumerate(corporations):
        # The first corporation on top, as in the legend.
        nudge = (spread / 2 - index) * POINTS_NUDGE * (y_ticks[-1] - y_ticks[0])
        previous = start[corp.key]
        points = [(first, previous + nudge)]
        for number, standing in after:
            # Points change after a game: flat through it, then a step at its end.
            points.append((number, previous + nudge))
            if standing[corp.key] != previous:
                points.append((number, standing[corp.key] + nudge))
            previous = standing[corp.key]
        series.append(
            LineSeries(
                corporation=corp,
                points=tuple((x, round(y, 3)) for x, y in points),
                dash=DASHES[index % len(DASHES)],
                last=previous,
            )
        )
    now = sorted(((after[-1][1][c.key], c.name) for c in corporations), reverse=True)
    desc = _(
        # Translators: %(standings)s lists each corporation's name and its points, by commas.
        "Campaign points (award points less Bank of Yurushi debt) after each game. Now: "
        "%(standings)s."
    ) % {"standings": ", ".join(f"{name} {points}" for points, name in now)}
    x_ticks = [Tick(g, str(g)) for g in game_ticks(first, after[-1][0])]
    x_ticks[0] = Tick(first, _("start") if first == 0 else str(first))
    rows = [
        TableRow(
            _("Start") if first == 0 else str(first),
            tuple(str(start[k]) for k in keys),
        )
    ]
    rows += [TableRow(str(n), tuple(str(p[k]) for k in keys), game=n) for n, p in after]
    return LineChart(
        key="points",
        title=_("Campaign points over time"),
        desc=desc,
        x_label=_("After game"),
        x_ticks=tuple(x_ticks),
        y_ticks=tuple(y_ticks),
        series=tuple(series),
        step=True,
        dots=False,
        dense=len(after) > MAX_GAMES_WITH_DOTS,
        table=DataTable(
            caption=_("Campaign points after each game"),
            row_heading=_("After game"),
            corporations=tuple(corporations),
            rows=tuple(rows),
        ),
    )


def party_initials(party: str, name: str = "") -> str:
    if party in PARTY_INITIALS:
        return PARTY_INITIALS[party]
    words = [w for w in re.split(r"[\s_-]+", name or party) if w]
    return "".join(w[0].upper() for w in words[:3]) or "?"


def _election_strip(games: Sequence[ReplayedGame], party_names: Mapping[str, str]) -> ElectionStrip:
    columns = min(STRIP_COLUMNS, len(games))
    cell_width = WIDTH / STRIP_COLUMNS
    cells = []
    wins: dict[str, int] = {}
    for index, game in enumerate(games):
        election = game.election
        party = election.winner
        wins[party] = wins.get(party, 0) + 1
        fill = PARTY_COLOURS.get(party, "#adb5bd")
        row, column = divmod(index, STRIP_COLUMNS)
        cells.append(
            StripCell(
                game=game.number,
                x=round(column * cell_width + 1, 1),
                y=round(row * STRIP_CELL_HEIGHT + 1, 1),
                width=round(cell_width - 2, 1),
                height=STRIP_CELL_HEIGHT - 2,
                party=party,
                party_name=party_names.get(party, party.replace("_", " ").title()),
                initials=party_initials(party, party_names.get(party, "")),
                fill=fill,
                text_colour=text_colour_on(fill),
                overthrown=election.overthrown,
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
    wins_text = "; ".join(f"{p.name} {p.wins}" for p in parties)
    if overthrows:
        desc = ngettext(
            # Translators: %(wins)s lists each party and its wins; %(count)s governments overthrown.
            "The party in power after each game, game by game: %(wins)s. The Celestial Rebellion "
            "overthrew %(count)s.",
            "The party in power after each game, game by game: %(wins)s. The Celestial Rebellion "
            "overthrew %(count)s.",
            overthrows,
        ) % {"wins": wins_text, "count": overthrows}
    else:
        # Translators: %(wins)s lists each party and how many games it won.
        desc = _("The party in power after each game, game by game: %(wins)s.") % {
            "wins": wins_text
        }
    return ElectionStrip(
        title=_("Election winners"),
        desc=desc,
        height=rows * STRIP_CELL_HEIGHT,
        cells=tuple(cells),
        parties=parties,
        overthrows=overthrows,
        table=DataTable(
            caption=_("The party in power after each game"),
            row_heading=_("Game"),
            corporations=(),
            columns=(_("Party in power"),),
            rows=tuple(
                TableRow(
                    str(c.game),
                    (
                        _("%(party)s (overthrown)") % {"party": c.party_name}
                        if c.overthrown
                        else c.party_name,
                    ),
                    game=c.game,
                )
                for c in cells
            ),
        ),
        width=round(columns * cell_width) if columns < STRIP_COLUMNS else WIDTH,
    )


def _presence_chart(
    games: Sequence[ReplayedGame], corporations: Sequence[ChartCorporation]
) -> BarChart:
    """Per zone, how many games each corporation came first in it (ties all count): the
    games in which it crossed, or would have crossed, a presence box there."""
    zones = sorted(
        {z for g in games for z in g.rules.zones_in_play if isinstance(z, int)}
        | {
            int(key.split("_")[1])
            for g in games
            for key in g.score.tracker
            if key.startswith("presence_") and key.split("_")[1].isdigit()
        }
    ) or [1, 2]
    firsts = {
        z: {
            c.key: sum(1 for g in games if c.key in g.score.tracker.get(f"presence_{z}", ()))
            for c in corporations
        }
        for z in zones
    }
    most = max((v for counts in firsts.values() for v in counts.values()), default=0)
    leaders = []
    for zone in zones:
        best = max(firsts[zone].values(), default=0)
        if best:
            names = [c.name for c in corporations if firsts[zone][c.key] == best]
            # Translators: joins corporations' names tied first in a zone ("A and B").
            joined = _(" and ").join(names)
            leaders.append(
                # Translators: a zone's number, the names first there, how many games.
                _("zone %(zone)s: %(names)s (%(count)s)")
                % {"zone": zone, "names": joined, "count": best}
            )
    desc = _("For each zone, in how many games each corporation had the most presence there.")
    if leaders:
        # Translators: %(leaders)s lists each zone's leaders, by semicolons.
        desc += " " + _("Most often first in %(leaders)s.") % {"leaders": "; ".join(leaders)}
    return BarChart(
        key="presence",
        title=_("Presence won per zone"),
        desc=desc,
        zones=tuple(zones),
        x_ticks=tuple(nice_ticks(0, most or 1, most=4)),
        series=tuple(
            PresenceSeries(corporation=c, firsts=tuple(firsts[z][c.key] for z in zones))
            for c in corporations
        ),
        table=DataTable(
            caption=_("Games in which each corporation came first in a zone"),
            row_heading=_("Zone"),
            corporations=tuple(corporations),
            rows=tuple(
                TableRow(
                    _("Zone %(zone)s") % {"zone": z},
                    tuple(str(firsts[z][c.key]) for c in corporations),
                )
                for z in zones
            ),
        ),
    )


def build_charts(
    state: CampaignState,
    corporations: Sequence[ChartCorporation],
    party_names: Mapping[str, str],
) -> Charts:
    """Every chart of the charts page, from the replay's state; `None`s before any game."""
    games = state.games
    corporations = tuple(corporations)
    if not games or not corporations:
        return Charts(
            games_played=state.games_played,
            corporations=corporations,
            ip=None,
            points=None,
            elections=None,
            presence=None,
        )
    return Charts(
        games_played=state.games_played or len(games),
        corporations=corporations,
        ip=_ip_chart(games, corporations),
        points=_points_chart(state, corporations),
        elections=_election_strip(games, party_names),
        presence=_presence_chart(games, corporations),
    )


# The charts drawn as pictures of their own (`pictures.chart_svg`), by their key.
PICTURED = ("ip", "points", "presence")


def pictured_chart(
    state: CampaignState, corporations: Sequence[ChartCorporation], key: str
) -> LineChart | BarChart | None:
    """The chart `key` (one of `PICTURED`) alone, for its picture; None before any game."""
    games = state.games
    if not games or not corporations or key not in PICTURED:
        return None
    if key == "ip":
        return _ip_chart(games, corporations)
    if key == "points":
        return _points_chart(state, corporations)
    return _presence_chart(games, corporations)
