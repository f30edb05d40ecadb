"""A picture of a Startropolis station: the graph of the Core and the attached modules, each
module coloured by its owner and labelled with its revenue now (OTHER-GAMES.md §2.1).

Graphviz lays it out (`dot`, from Debian's `graphviz` package, which `make setup-system`
installs as it installs Chromium). `station_dot(state, seats)` writes the graph in the DOT
language from the derived state (`startropolis.shared(tracker_state(...))`, the types of
`startropolis.play`); it reads only shared figures (no credits,
no missions). `station_svg` runs `dot -Tsvg` on it. The SVG has no script and no style element:
the page shows it as an image (`<img>`), so the site's Content-Security-Policy allows it, and it
works without JavaScript. The page lists the same modules as text beside it.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass

from startropolis.state import TrackerState

DOT = "dot"
# Graphviz lays a station of a few dozen modules out in milliseconds; this bounds a stuck run.
TIMEOUT_SECONDS = 10
CORE = "core"


@dataclass(frozen=True)
class SeatColour:
    """An owner's colours: the module's border and its fill (light, so black text reads on
    it in the light and the dark theme). From the Okabe–Ito palette, told apart by most people
    with a colour vision deficiency."""

    border: str
    fill: str
    name: str


SEAT_COLOURS = (
    SeatColour("#b36b00", "#fad7a0", "orange"),
    SeatColour("#1f78b4", "#bfe0f5", "blue"),
    SeatColour("#00785a", "#a8e6cf", "green"),
    SeatColour("#a34d7f", "#f2c6de", "pink"),
)
CORE_COLOUR = SeatColour("#495057", "#dee2e6", "grey")
EDGE_COLOUR = "#6c757d"


class PictureUnavailable(Exception):
    """Graphviz is not installed here, or failed: the page says so and shows the text list."""


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def quoted(*lines: str) -> str:
    """A DOT double-quoted string of one or more lines: backslashes doubled (Graphviz reads
    `\\N`, `\\l`… as escapes), quotes escaped, lines joined by DOT's own `\\n`."""
    return '"' + "\\n".join(_escaped(line) for line in lines) + '"'


def seat_colours(seats: Sequence[str]) -> dict[str, SeatColour]:
    return {seat: SEAT_COLOURS[index % len(SEAT_COLOURS)] for index, seat in enumerate(seats)}


def _money(amount: int) -> str:
    return f"−{-amount}M" if amount < 0 else f"{amount}M"


def station_dot(state: TrackerState, seats: Sequence[str]) -> str:
    """The station as a DOT graph: the Core, every attached module (held ones are not on the
    station), an edge per connection. A module cut off by a Plasma Surge, or surged itself,
    is drawn dashed."""
    colours = seat_colours(seats)
    attached = [m for m in state.modules if m.attached]
    lines = [
        "graph station {",
        # Never scaled by Graphviz: an 11 pt label stays some 15 px on a phone (a size would
        # shrink a wide station's labels to 6 px). Narrow boxes, tight spacing and staggered
        # leaves keep a station four modules wide within a phone's 366 px; the page scales
        # down only what is wider still (static/css/startropolis.css).
        '  graph [bgcolor="transparent", pad="0.1", nodesep="0.15", ranksep="0.3", '
        'fontname="DejaVu Sans"];',
        '  node [shape="box", style="rounded,filled", fontname="DejaVu Sans", fontsize="11", '
        'penwidth="2", margin="0.08,0.04"];',
        f'  edge [color="{EDGE_COLOUR}", penwidth="2"];',
        f'  {quoted(CORE)} [label="Core", shape="doublecircle", fillcolor="{CORE_COLOUR.fill}", '
        f'color="{CORE_COLOUR.border}", fontsize="12"];',
    ]
    for module in attached:
        colour = colours.get(module.owner, CORE_COLOUR)
        revenue = _money(module.revenue) if module.active else "inactive"
        if module.surged:
            revenue = "Plasma Surge"
        style = "rounded,filled" if module.active else "rounded,filled,dashed"
        # A word a line ("Luxury / Habitation / m4 · 6M"): narrow boxes, so a station fits a
        # phone's width at its labels' size (the page scales down only what is wider still).
        label = quoted(*module.name.split(), f"{module.id} · {revenue}")
        lines.append(
            f"  {quoted(module.id)} [label={label}, "
            f'fillcolor="{colour.fill}", color="{colour.border}", style="{style}"];'
        )
    # Each edge from the module nearer the Core, so Graphviz ranks the station by distance from
    # the Core (a tall, narrow picture that reads on a phone) rather than by the ids' order.
    depth = _depths(state.station.edges)
    outward = []
    for first, second in state.station.edges:
        if (depth.get(second, 10**6), second) < (depth.get(first, 10**6), first):
            first, second = second, first
        outward.append((first, second))
    staggered = _staggered(outward)
    for first, second in outward:
        extra = ' [minlen="2"]' if (first, second) in staggered else ""
        lines.append(f"  {quoted(first)} -- {quoted(second)}{extra};")
    lines.append("}")
    return "\n".join(lines) + "\n"


# More modules than this side by side under one node would be wider than a phone: the rest of
# its leaves (modules with nothing attached further out) hang one rank lower, every other one,
# as Graphviz's `unflatten -l 2` staggers them.
SIDE_BY_SIDE = 3


def _staggered(outward: Sequence[tuple[str, str]]) -> set[tuple[str, str]]:
    """The edges drawn one rank longer: every other leaf of a node with more than
    SIDE_BY_SIDE modules attached further out."""
    children: dict[str, list[str]] = {}
    for first, second in outward:
        children.setdefault(first, []).append(second)
    longer = set()
    for parent, below in children.items():
        if len(below) <= SIDE_BY_SIDE:
            continue
        leaves = [child for child in below if child not in children]
        longer.update((parent, leaf) for leaf in leaves[1::2])
    return longer


def _depths(edges: Sequence[Sequence[str]]) -> dict[str, int]:
    """Each node's distance from the Core along the edges (nodes cut off are left out)."""
    neighbours: dict[str, list[str]] = {}
    for first, second in edges:
        neighbours.setdefault(first, []).append(second)
        neighbours.setdefault(second, []).append(first)
    depth = {CORE: 0}
    frontier = [CORE]
    while frontier:
        following = []
        for node in frontier:
            for other in sorted(neighbours.get(node, [])):
                if other not in depth:
                    depth[other] = depth[node] + 1
                    following.append(other)
        frontier = following
    return depth


def station_svg(state: TrackerState, seats: Sequence[str]) -> str:
    """The picture as SVG text; `PictureUnavailable` when Graphviz cannot draw it."""
    program = shutil.which(DOT)
    if program is None:
        raise PictureUnavailable("Graphviz (dot) is not installed on this server")
    try:
        done = subprocess.run(
            [program, "-Tsvg"],
            input=station_dot(state, seats).encode("utf-8"),
            capture_output=True,
            timeout=TIMEOUT_SECONDS,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise PictureUnavailable(f"Graphviz could not draw the station ({error})") from error
    if done.returncode != 0:
        raise PictureUnavailable("Graphviz could not draw the station")
    return done.stdout.decode("utf-8")
