"""The station's picture: the DOT graph written from the shared state, and Graphviz's SVG."""

from __future__ import annotations

import pytest

import startropolis
from playlog.startropolis import picture
from startropolis.tests.test_2_derived import three_player_station

SEATS = ["ali", "bea", "cy"]


def state() -> startropolis.TrackerState:
    return startropolis.shared(startropolis.tracker_state(three_player_station()))


def test_every_attached_module_is_a_node_labelled_with_its_revenue_in_its_owners_colour():
    dot = picture.station_dot(state(), SEATS)
    assert '"m1" [label="Basic\\nHabitation\\nm1 · 6M", fillcolor="#fad7a0"' in dot  # ali's
    assert '"m2" [label="Market\\nCenter\\nm2 · 4M", fillcolor="#bfe0f5"' in dot  # bea's
    assert '"m5" [label="Solar\\nPower\\nm5 · 3M", fillcolor="#a8e6cf"' in dot  # cy's
    assert '"m6"' not in dot  # held by cy: not on the station
    assert '"core" [label="Core", shape="doublecircle"' in dot


def test_edges_run_from_the_core_outwards_whatever_the_ids():
    dot = picture.station_dot(state(), SEATS)
    edges = [line.strip() for line in dot.splitlines() if " -- " in line]
    assert edges == [
        '"core" -- "m1";',
        '"m1" -- "m2";',
        '"m1" -- "m3";',
        '"m2" -- "m4";',
        '"m3" -- "m5";',
    ]


def test_names_are_quoted_for_dot():
    assert picture.quoted('a "b" \\N', "c") == '"a \\"b\\" \\\\N\\nc"'


def test_the_svg_has_no_script_and_no_style_element():
    svg = picture.station_svg(state(), SEATS)
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert (
        "<script" not in svg and "<style" not in svg and " on" not in svg.split("<svg", 1)[1][:200]
    )
    assert ">Luxury<" in svg and ">Habitation<" in svg and "m4 · 6M" in svg


def test_without_graphviz_the_picture_says_so(monkeypatch):
    monkeypatch.setattr(picture.shutil, "which", lambda name: None)
    with pytest.raises(picture.PictureUnavailable, match="Graphviz"):
        picture.station_svg(state(), SEATS)


def wide_station(count: int) -> startropolis.TrackerState:
    """`count` Luxury Habitations on the Core, side by side."""
    wide = state().to_dict()
    template = next(m for m in wide["modules"] if m["attached"])
    wide["modules"] = [
        {**template, "id": f"w{n}", "owner": SEATS[n % 3], "name": "Luxury Habitation"}
        for n in range(count)
    ]
    wide["station"] = {**wide["station"], "edges": [["core", f"w{n}"] for n in range(count)]}
    return startropolis.TrackerState.from_dict(wide)


def svg_width_px(svg: str) -> float:
    import re

    return float(re.search(r'<svg width="([\d.]+)pt"', svg).group(1)) * 4 / 3


def test_a_wide_station_keeps_its_labels_readable_on_a_phone():
    # Twelve modules on the Core. The picture is never scaled by Graphviz, so an 11 pt label
    # stays 11 pt (some 15 px); every other one hangs a rank lower, so it is half as wide, and
    # the page scales down only what is wider than the screen still.
    import re

    svg = picture.station_svg(wide_station(12), SEATS)
    scale = re.search(r'transform="scale\(([\d.]+) ([\d.]+)\)', svg)
    assert scale is not None and float(scale.group(1)) == 1.0
    assert 'font-size="11.00"' in svg
    dot = picture.station_dot(wide_station(12), SEATS)
    assert dot.count('[minlen="2"]') == 6
    assert '"core" -- "w0";' in dot and '"core" -- "w1" [minlen="2"];' in dot


def test_three_modules_side_by_side_are_not_staggered():
    dot = picture.station_dot(wide_station(picture.SIDE_BY_SIDE), SEATS)
    assert "minlen" not in dot


def test_four_modules_on_the_core_fit_a_phone_at_their_size(monkeypatch):
    # 366 px: a 390 px phone's page less its margins. One word a line, and the fourth a rank
    # lower: without either it is wider.
    fits = svg_width_px(picture.station_svg(wide_station(4), SEATS))
    assert fits <= 366, fits
    monkeypatch.setattr(picture, "SIDE_BY_SIDE", 99)
    assert svg_width_px(picture.station_svg(wide_station(4), SEATS)) > fits
