"""One game's stats drawn as a picture: per player, wins over plays and the spread of scores.

A pygal horizontal bar chart of wins and plays per player, and a box chart of each player's
scores (lowest, quartiles, highest), in the site's chart style (`pictures.chart_svg.options`,
no script, for an `<img>`). The page prints the same numbers as a table beside it.
"""

from __future__ import annotations

import pygal
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _

from pictures.chart_svg import WIDTH, options, render
from playlog.stats import GameStats

BAR_ROOM = 34
MARGIN = 52
WIN_COLOUR = "#1f5fbf"
PLAY_COLOUR = "#adb5bd"
BOX_COLOUR = "#1e8449"
BOX_HEIGHT = 240
# The whiskers reach the lowest and the highest score, as the caption says (pygal's "tukey"
# would stop them at 1.5 × the box and draw the rest as dots).
BOX_MODE = "extremes"


def wins_height(stats: GameStats) -> int:
    return len(stats.players) * BAR_ROOM + MARGIN


def wins_chart(stats: GameStats, title: str) -> bytes:
    """Plays and wins per player, a pair of bars each, the count printed at the bar's end."""
    most = max(p.plays for p in stats.players)
    chart = pygal.HorizontalBar(
        **options((PLAY_COLOUR, WIN_COLOUR), wins_height(stats)),
        # pygal stacks a horizontal chart's labels from the bottom up: the leader goes on top.
        x_labels=[p.name for p in reversed(stats.players)],
        print_values=True,
        print_zeroes=True,
        print_values_position="top",
        show_x_guides=False,
        truncate_label=-1,
        range=(0, most),
        # Whole plays only: a tick per play, or about six ticks for a long log.
        y_labels=list(range(0, most + 1, max(1, most // 6))),
    )
    chart.add(_("Plays"), [p.plays for p in reversed(stats.players)])
    chart.add(_("Wins"), [p.wins for p in reversed(stats.players)])
    words = "; ".join(
        _("%(name)s: %(wins)s wins in %(plays)s plays")
        % {"name": p.name, "wins": p.wins, "plays": p.plays}
        for p in stats.players
    )
    return render(chart, _("%(title)s: wins per player") % {"title": title}, words)


def spread_chart(stats: GameStats, title: str) -> bytes:
    """Each player's scores: whiskers from the lowest to the highest, the box between the
    quartiles, the line at the median."""
    chart = pygal.Box(
        **options((BOX_COLOUR,) * max(1, len(stats.players)), BOX_HEIGHT),
        box_mode=BOX_MODE,
        x_labels=[p.name for p in stats.players],
        truncate_label=-1,
        show_x_guides=False,
    )
    for player in stats.players:
        chart.add(player.name, list(player.scores))
    words = "; ".join(
        _("%(name)s: from %(lowest)s to %(highest)s, median %(median)s")
        % {
            "name": p.name,
            "lowest": p.lowest,
            "highest": p.highest,
            # 12.5 in English, 12,5 in German: the person's decimal mark.
            "median": floatformat(p.median, -1),
        }
        for p in stats.players
    )
    return render(chart, _("%(title)s: the spread of the scores") % {"title": title}, words)


def size(stats: GameStats, chart: str) -> tuple[int, int]:
    return (WIDTH, wins_height(stats)) if chart == "wins" else (WIDTH, BOX_HEIGHT)
