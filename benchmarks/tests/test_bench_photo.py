"""The `bench photo` benchmark (`benchmarks.photo_memory`): each photo measured in a process of
its own, the figure read from that process, a refusal or a figure over the goal reported as
MISSED; and the bound it measures: the worst photos the app takes, one at a time and four at
once, keep a worker within 300 MB of its idle size."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from benchmarks.management.commands.bench import BENCHMARKS, bench_photo
from benchmarks.photo_memory import (
    AT_ONCE,
    GOAL_MB,
    measure_photo,
    one_row_over,
    photo_line,
    refused_line,
    worst_photo,
    worst_photos,
)
from campaign.photos import MAX_PHOTO_BYTES, MAX_PIXELS, max_pixels


def small_jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (600, 400), (30, 90, 160)).save(out, "JPEG")
    return out.getvalue()


def test_it_is_a_benchmark_of_the_bench_command():
    assert bench_photo in BENCHMARKS


def test_it_measures_a_photo_in_a_django_process_of_its_own():
    measured = measure_photo("a small JPEG", small_jpeg())

    assert measured.answers == ("kept",)
    assert (measured.width, measured.height) == (600, 400)
    # The process imported Django and Pillow: tens of MB idle, this process's not counted.
    assert 20 < measured.idle_mb < 500
    assert 0 <= measured.over_idle_mb < 50
    line = photo_line(measured)
    assert re.fullmatch(
        r"photo: a small JPEG 600 × 400: peak \d+ MB over the idle \d+ MB \([\d.]+ s\); "
        r"goal ≤ 300 MB: ok",
        line,
    )
    # A figure over the goal is MISSED, by how much.
    assert "MISSED by" in photo_line(measured, goal_mb=-1)


def test_a_photo_the_app_refuses_is_missed_not_measured_as_kept():
    label, data = one_row_over()
    measured = measure_photo(label, data)

    assert not measured.kept
    assert "megapixels" in measured.answers[0]
    assert ": MISSED: refused (The photo is" in photo_line(measured)
    # Its own line: refused from the header, before anything is decoded.
    assert re.fullmatch(r"photo: .* refused, peak \d MB over the idle size", refused_line(measured))
    assert measured.over_idle_mb < 10


def test_the_worst_photos_are_each_format_at_its_limit_within_the_upload_limit():
    photos = worst_photos()
    formats = set()
    for label, data in photos:
        assert len(data) <= MAX_PHOTO_BYTES, label
        with Image.open(io.BytesIO(data)) as image:
            formats.add(image.format)
            pixels = image.width * image.height
            assert max_pixels(image.format) * 0.999 <= pixels <= max_pixels(image.format), label
    assert formats == {"JPEG", "MPO", "PNG", "GIF", "WEBP", "BMP"}


@pytest.mark.long
def test_the_worst_photos_keep_a_worker_within_300_mb_one_at_a_time_and_four_at_once():
    worst = ["JPEG, progressive CMYK", "PNG, RGBA"]
    photos = {label: worst_photo(label) for label in worst}
    for label in worst:
        measured = measure_photo(label, photos[label])
        assert measured.kept, measured.answers
        assert measured.over_idle_mb <= GOAL_MB, photo_line(measured)
        # Not a figure of nothing: the photo was decoded whole (an eighth of its pixels at 4
        # bytes each at the very least).
        assert measured.over_idle_mb * 2**20 > MAX_PIXELS / 16, photo_line(measured)
    # gunicorn's threads share a worker: four at once are decoded one after the other.
    together = measure_photo(worst[0], photos[worst[0]], at_once=AT_ONCE)
    assert together.answers == ("kept",) * AT_ONCE
    assert together.over_idle_mb <= GOAL_MB, photo_line(together)
