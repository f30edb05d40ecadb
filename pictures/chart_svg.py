"""The charts page's line and bar charts as SVG documents, drawn with pygal.

Plain data in (`pictures.charts.LineChart`, `BarChart`), an SVG document out; no Django. Each
document stands alone, for an `<img>`: the page shows it beside its legend and its table, and
a Content-Security-Policy of `style-src 'self'` on the page does not reach inside it.

pygal writes a `<script>` with its configuration even when asked for no script (`js=[]`), and
comments naming its home pages: both are taken out, so a document holds no script and no
address. `no_prefix` keeps its CSS free of a random chart id, so the same numbers always draw
the same bytes (the view's ETag is their hash). Names are text nodes, escaped by the XML
writer.
"""

from __future__ import annotations

from typing import Any

import pygal
from pygal.style import Style

from pictures.charts import BarChart, LineChart
from pictures.words import _

# viewBox units: the <img> is drawn at the card's width, so on a 390 px phone (a 360 px card)
# a unit is 0.9 px and the 13-unit labels read as about 12 px.
WIDTH = 400
LINE_HEIGHT = 250
FONT = 13
FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'
# The presence chart: a bar per corporation per zone, this many units each.
BAR_ROOM = 13
ZONE_ROOM = 16
BAR_MARGIN = 46  # the x axis and its labels, and a little air
# 2.4 px lines (1.4 px for sixty games) on a phone, each over a halo 1.4 px wider.
LINE_WIDTH = 2.7
DENSE_LINE_WIDTH = 1.6
HALO_WIDTH = 1.6
HALO = "rgba(0, 0, 0, .35)"
DOT_SIZE = 2.9
# pygal's own CSS dims every line to 80 % and outlines a dot in its own colour: full colour,
# and a dark outline so a yellow dot reads on white. The document's own style, not the page's.
# A bar gets the same outline.
# At night (the phone's setting, which the page's colour mode follows too: static/js/theme.js)
# the words and the grid turn light on the dark card behind the picture.
OWN_CSS = (
    "inline:.reactive{stroke-opacity:1}.dot{stroke:rgba(0,0,0,.55);stroke-width:.9px}"
    ".rect.reactive{stroke:rgba(0,0,0,.35);stroke-width:.9px}"
    "@media (prefers-color-scheme: dark){text{fill:#dee2e6 !important}"
    ".guides .line{stroke:#495057 !important}.guides .major,.axis .line{stroke:#adb5bd !important}}"
)


def _style(colours: tuple[str, ...], stroke_width: float) -> Style:
    return Style(
        background="transparent",
        plot_background="transparent",
        foreground="#343a40",
        foreground_strong="#343a40",
        foreground_subtle="#dee2e6",
        opacity="1",
        opacity_hover="1",
        transition="none",
        colors=colours,
        stroke_width=str(stroke_width),
        stroke_width_hover=str(stroke_width),
        # Light grid lines, and a darker one at zero (`y_labels_major`).
        guide_stroke_color="#dee2e6",
        guide_stroke_dasharray="none",
        major_guide_stroke_color="#868e96",
        major_guide_stroke_dasharray="none",
        font_family=FONT_FAMILY,
        label_font_size=FONT,
        major_label_font_size=FONT,
        value_font_size=FONT - 1,
        title_font_size=FONT,
        legend_font_size=FONT,
        tooltip_font_size=FONT,
    )


def _common(colours: tuple[str, ...], height: int, stroke_width: float = 1) -> dict[str, Any]:
    return {
        "style": _style(colours, stroke_width),
        "width": WIDTH,
        "height": height,
        # Its size in the document too: opened alone, it is drawn at that size.
        "explicit_size": True,
        "js": [],
        "css": ["file://style.css", "file://graph.css", OWN_CSS],
        "no_prefix": True,
        # The page prints the legend and the title beside the picture, as text that wraps.
        "show_legend": False,
        "margin": 6,
        "spacing": 6,
        "pretty_print": False,
    }


def _for_an_img(title: str, desc: str):
    """An XML filter: no script, no comment, and the chart's own title and description."""

    def clean(root):
        if not root.get("id"):
            # `no_prefix` leaves the chart's id empty: none rather than an empty one.
            root.attrib.pop("id", None)
        for parent in list(root.iter()):
            for child in list(parent):
                # A comment's tag is not a string (ElementTree and lxml alike).
                if not isinstance(child.tag, str) or child.tag.rpartition("}")[2] == "script":
                    parent.remove(child)
        for child in root:
            if child.tag.rpartition("}")[2] == "title":
                child.text = title
                described = root.makeelement("desc", {})
                described.text = desc
                root.insert(list(root).index(child) + 1, described)
                break
        return root

    return clean


def _render(chart: pygal.graph.graph.Graph, title: str, desc: str) -> bytes:
    chart.add_xml_filter(_for_an_img(title, desc))
    return chart.render()


def line_chart(chart: LineChart) -> bytes:
    """The IP or the campaign points chart: a line per corporation, dashed apart, each over a
    dark halo so a yellow line still reads on white."""
    width = DENSE_LINE_WIDTH if chart.dense else LINE_WIDTH
    colours = tuple(c for s in chart.series for c in (HALO, s.corporation.colour))
    drawing = pygal.XY(
        **_common(colours, LINE_HEIGHT, width),
        allow_interruptions=True,
        show_dots=chart.dots,
        dots_size=DOT_SIZE,
        x_labels=[{"label": t.label, "value": t.position} for t in chart.x_ticks],
        y_labels=list(chart.y_ticks),
        y_labels_major=[0],
        xrange=(chart.x_ticks[0].position, chart.series[0].points[-1][0]),
        range=(chart.y_ticks[0], chart.y_ticks[-1]),
        x_title=chart.x_label,
        show_x_guides=False,
        truncate_label=-1,
    )
    for series in chart.series:
        drawing.add(
            "",
            list(series.points),
            show_dots=False,
            stroke_style={"width": width + HALO_WIDTH, "linejoin": "round", "linecap": "round"},
        )
        drawing.add(
            series.corporation.name,
            list(series.points),
            stroke_style={
                "width": width,
                "dasharray": series.dash.replace(" ", ","),
                "linejoin": "round",
                "linecap": "round",
            },
        )
    return _render(drawing, chart.title, chart.desc)


def bar_height(chart: BarChart) -> int:
    """The presence chart's height in viewBox units: room for every bar of every zone."""
    return len(chart.zones) * (len(chart.series) * BAR_ROOM + ZONE_ROOM) + BAR_MARGIN


def bar_chart(chart: BarChart) -> bytes:
    """The presence chart: per zone, a bar per corporation, its count printed at its end."""
    colours = tuple(s.corporation.colour for s in chart.series)
    drawing = pygal.HorizontalBar(
        **_common(colours, bar_height(chart)),
        # pygal stacks a horizontal chart's labels from the bottom up: zone 1 goes on top.
        x_labels=[_("Zone %(zone)s") % {"zone": z} for z in reversed(chart.zones)],
        y_labels=list(chart.x_ticks),
        range=(0, chart.x_ticks[-1]),
        print_values=True,
        print_zeroes=True,
        print_values_position="top",
        show_x_guides=False,
        truncate_label=-1,
    )
    for series in chart.series:
        drawing.add(series.corporation.name, list(reversed(series.firsts)))
    return _render(drawing, chart.title, chart.desc)


def options(colours: tuple[str, ...], height: int) -> dict[str, Any]:
    """The look every chart of the site shares, for another app's pygal chart (the play log's
    stats): the style, the size, no script, the legend and title left to the page."""
    return _common(colours, height)


def render(chart: pygal.graph.graph.Graph, title: str, desc: str) -> bytes:
    """A pygal chart as an SVG document for an `<img>`: no script, no comment, its title and
    description its own."""
    return _render(chart, title, desc)


def size(chart: LineChart | BarChart) -> tuple[int, int]:
    """The picture's width and height in viewBox units (its <img> keeps the ratio)."""
    if isinstance(chart, BarChart):
        return WIDTH, bar_height(chart)
    return WIDTH, LINE_HEIGHT


def draw(chart: LineChart | BarChart) -> bytes:
    """The chart's SVG document (UTF-8, with its XML declaration)."""
    if isinstance(chart, BarChart):
        return bar_chart(chart)
    return line_chart(chart)
