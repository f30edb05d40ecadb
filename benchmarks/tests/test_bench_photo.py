"""The `bench photo` benchmark (`benchmarks.photo_memory`): the worst photos are each format at
its limit; each is uploaded to a real gunicorn worker and its peak read from the kernel; a
refusal or a figure over the goal is reported as MISSED. And the bound it measures: the worst
photos the app takes, one at a time and four at once, keep a worker within 300 MB of its idle
size."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from benchmarks.management.commands.bench import BENCHMARKS, bench_photo
from benchmarks.photo_memory import (
    AT_ONCE,
    GOAL_MB,
    Measured,
    _check_at_the_limit,
    _worst,
    one_row_over,
    photo_line,
    photo_server,
    refused_line,
    worst_photo,
)
from live.photos import MAX_PIXELS


def test_it_is_a_benchmark_of_the_bench_command():
    assert bench_photo in BENCHMARKS


def test_the_worst_photos_are_every_format_taken_and_a_photo_off_the_limit_is_refused():
    assert {label.split(",")[0].split(" ")[0] for label in _worst()} == {
        "JPEG",
        "MPO",
        "PNG",
        "GIF",
        "WebP",
        "BMP",
    }
    small = io.BytesIO()
    Image.new("RGB", (600, 400)).save(small, "JPEG")
    with pytest.raises(RuntimeError, match="is not a photo at the limit"):
        _check_at_the_limit("a small JPEG", small.getvalue())


def test_a_figure_over_the_goal_or_a_refusal_is_missed():
    kept = Measured("a photo", 600, 400, 70.0, 120.0, 0.5, ("kept",))
    assert photo_line(kept).endswith("goal ≤ 300 MB: ok")
    assert photo_line(kept, goal_mb=40).endswith("goal ≤ 40 MB: MISSED by 10 MB")
    refused = Measured(
        "a photo", 600, 400, 70.0, 91.0, 0.5, ("The photo is … Nothing saved.",), before_mb=90.0
    )
    assert photo_line(refused).endswith("MISSED: refused (The photo is … Nothing saved.)")
    assert refused_line(refused) == (
        "photo: a photo 600 × 400: refused, the worker's peak 1 MB over its size before it"
    )
    assert "KEPT (MISSED" in refused_line(kept)


@pytest.mark.long
def test_the_worst_photos_keep_a_gunicorn_worker_within_300_mb_one_at_a_time_and_four_at_once():
    small = io.BytesIO()
    Image.new("RGB", (600, 400), (30, 90, 160)).save(small, "JPEG")
    worst = "JPEG, progressive CMYK"
    with photo_server() as server:
        measured = server.measure("a small JPEG", small.getvalue())
        alone = server.measure(worst, worst_photo(worst))
        # Twice: which thread decodes which photo varies, and what a thread's arena keeps
        # (glibc's malloc) shows in one round or the other.
        rounds = [server.measure(worst, worst_photo(worst), at_once=AT_ONCE) for _ in range(2)]
        label, data = one_row_over()
        over = server.measure(label, data)

    # The bound: the worst photo decoded whole (an eighth of its pixels at 4 bytes each at the
    # very least), within the goal; four players sending it at once, within the goal too.
    assert alone.kept
    assert alone.over_idle_mb * 2**20 > MAX_PIXELS / 2, photo_line(alone)
    assert alone.over_idle_mb <= GOAL_MB, photo_line(alone)
    for together in rounds:
        assert together.answers == ("kept",) * AT_ONCE
        assert together.over_idle_mb <= GOAL_MB, photo_line(together)

    # The plumbing: a served worker, its idle size tens of MB, a small photo costing little.
    assert measured.answers == ("kept",)
    assert 20 < measured.idle_mb < 500
    assert measured.over_idle_mb < 50
    assert re.fullmatch(
        r"photo: a small JPEG 600 × 400: the worker's peak \d+ MB over its idle \d+ MB "
        r"\([\d.]+ s\); goal ≤ 300 MB: ok",
        photo_line(measured),
    )
    # Refused from its header: the server's own sentence, and little memory.
    assert over.answers[0].startswith("The photo is 4000 × 4001 pixels: the app takes at most")
    assert ": MISSED: refused (The photo is" in photo_line(over)
    assert over.peak_mb - over.before_mb < 10
