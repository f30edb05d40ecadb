"""What a photo of the final table costs a worker's memory (`python manage.py bench photo`).

Each of the worst photos the app takes (`worst_photos`: every format at its most pixels, in
the mode that costs most to decode, each file within the upload limit) is handed to
`campaign.photos.prepare_photo` in a Python process of its own with Django set up, as a worker
runs it. The process reads its resident size when idle (after a small photo, so Pillow and its
decoders are loaded), then its peak (the kernel's high-water mark, `VmHWM`), and prints both:
the figure is the peak over the idle size, goal <= 300 MB (docs/photos.md). The worst of them
is measured again with four threads sending it at once (gunicorn's threads share a worker),
and a photo one row over the limit, refused before it is decoded.

A fresh process for each photo: the high-water mark only rises, so one process's figure for
a second photo would hide under the first's.
"""

from __future__ import annotations

import io
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

PROJECT = Path(__file__).resolve().parent.parent
GOAL_MB = 300.0
AT_ONCE = 4
# A photo's process may take a few seconds to import Django on a busy machine.
TIMEOUT = 120


@dataclass(frozen=True)
class Measured:
    label: str
    width: int
    height: int
    idle_mb: float
    peak_mb: float
    seconds: float
    # What prepare_photo said for each of the photos sent: "kept" or the refusal's sentence.
    answers: tuple[str, ...]
    at_once: int = 1

    @property
    def over_idle_mb(self) -> float:
        return self.peak_mb - self.idle_mb

    @property
    def kept(self) -> bool:
        return all(answer == "kept" for answer in self.answers)


# --- the worst photos -------------------------------------------------------------------------


def _encoded(image: Image.Image, image_format: str, **options) -> bytes:
    out = io.BytesIO()
    image.save(out, image_format, **options)
    return out.getvalue()


def _square(image_format: str) -> tuple[int, int]:
    """The largest square of `image_format` the app takes."""
    from campaign.photos import max_pixels

    side = math.isqrt(max_pixels(image_format))
    return side, side


def _worst() -> dict[str, Callable[[], bytes]]:
    """Each worst photo's label and how to make it (see `worst_photos`)."""
    from campaign.photos import MAX_PIXELS

    jpeg = _square("JPEG")
    webp = _square("WEBP")
    panorama = (MAX_PIXELS // 1000, 1000)
    colour = (30, 90, 160)
    return {
        "JPEG, progressive CMYK": lambda: _encoded(
            Image.new("CMYK", jpeg, (*colour, 0)), "JPEG", progressive=True
        ),
        "JPEG, progressive, no chroma subsampling": lambda: _encoded(
            Image.new("RGB", jpeg, colour), "JPEG", progressive=True, subsampling=0
        ),
        "JPEG, a panorama": lambda: _encoded(
            Image.new("RGB", panorama, colour), "JPEG", quality=50
        ),
        "MPO (two JPEGs, progressive)": lambda: _encoded(
            Image.new("RGB", jpeg, colour),
            "MPO",
            save_all=True,
            append_images=[Image.new("RGB", jpeg, colour)],
            progressive=True,
            subsampling=0,
        ),
        "PNG, RGBA": lambda: _encoded(Image.new("RGBA", _square("PNG"), (*colour, 200)), "PNG"),
        "PNG, 16-bit grey": lambda: _encoded(Image.new("I;16", _square("PNG"), 300), "PNG"),
        "PNG, palette": lambda: _encoded(Image.new("P", _square("PNG")), "PNG", transparency=0),
        "GIF": lambda: _encoded(Image.new("P", _square("GIF")), "GIF"),
        "WebP, RGBA": lambda: _encoded(
            Image.new("RGBA", webp, (*colour, 200)), "WEBP", lossless=True
        ),
        "WebP, lossy": lambda: _encoded(Image.new("RGB", webp, colour), "WEBP", quality=50),
        "BMP, 1-bit": lambda: _encoded(Image.new("1", _square("BMP")), "BMP"),
    }


def worst_photo(label: str) -> bytes:
    """The worst photo of that label (`worst_photos`)."""
    return _worst()[label]()


def worst_photos() -> list[tuple[str, bytes]]:
    """(label, file) for each format the app takes, at its most pixels, in the mode costing
    most to decode: a progressive JPEG keeps every component's coefficients for the whole image
    (CMYK: 8 bytes a pixel), an RGBA PNG is copied to RGB before it is shrunk, Pillow's WebP
    reader holds the image four times."""
    return [(label, make()) for label, make in _worst().items()]


def one_row_over() -> tuple[str, bytes]:
    """A PNG one row past the limit: refused from its header, before a pixel is decoded."""
    width, height = _square("PNG")
    return "PNG, one row over the limit", _encoded(Image.new("RGBA", (width, height + 1)), "PNG")


# --- one measurement, in a process of its own -------------------------------------------------


def measure_photo(label: str, data: bytes, *, at_once: int = 1) -> Measured:
    """`data` handed to `prepare_photo` by `at_once` threads of a fresh Django process."""
    from benchmarks.served import base_env, python

    with Image.open(io.BytesIO(data)) as image:
        width, height = image.size
    with tempfile.NamedTemporaryFile(suffix=".photo") as file:
        file.write(data)
        file.flush()
        env = base_env(DJANGO_SETTINGS_MODULE="config.settings")
        completed = subprocess.run(
            [python(), "-m", "benchmarks.photo_memory", file.name, str(at_once)],
            cwd=PROJECT,
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
    if completed.returncode != 0:
        raise RuntimeError(f"photo benchmark process failed: {completed.stderr[-2000:]}")
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    return Measured(
        label=label,
        width=width,
        height=height,
        idle_mb=report["idle_kb"] / 1024,
        peak_mb=report["peak_kb"] / 1024,
        seconds=report["seconds"],
        answers=tuple(report["answers"]),
        at_once=at_once,
    )


def _status_kb(field: str) -> int | None:
    """This process's `field` of /proc/self/status (VmRSS, VmHWM) in KB; None without /proc."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def _peak_kb() -> int:
    peak = _status_kb("VmHWM")
    # ru_maxrss is in KB on Linux, the same high-water mark.
    return peak if peak is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _child(path: str, at_once: int) -> None:
    """The measuring process: Django set up, idle, then the photo (`at_once` threads)."""
    import django

    django.setup()
    from campaign.photos import PhotoRefused, prepare_photo

    # Pillow's decoders and encoders loaded, as in a worker that has served a photo before.
    prepare_photo(_encoded(Image.new("RGB", (64, 48), (1, 2, 3)), "JPEG"))
    data = Path(path).read_bytes()
    idle = _status_kb("VmRSS") or _peak_kb()
    answers: list[str] = [""] * at_once

    def send(index: int) -> None:
        try:
            prepare_photo(data)
        except PhotoRefused as refused:
            answers[index] = refused.message
        else:
            answers[index] = "kept"

    start = time.perf_counter()
    threads = [threading.Thread(target=send, args=(i,)) for i in range(at_once)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - start
    print(
        json.dumps({"idle_kb": idle, "peak_kb": _peak_kb(), "seconds": seconds, "answers": answers})
    )


# --- the report --------------------------------------------------------------------------------


def _verdict(measured: Measured, goal_mb: float) -> str:
    if not measured.kept:
        refused = next(answer for answer in measured.answers if answer != "kept")
        return f"MISSED: refused ({refused})"
    if measured.over_idle_mb <= goal_mb:
        return "ok"
    return f"MISSED by {measured.over_idle_mb - goal_mb:.0f} MB"


def photo_line(measured: Measured, goal_mb: float = GOAL_MB) -> str:
    sent = f"{measured.at_once} at once, " if measured.at_once > 1 else ""
    return (
        f"photo: {measured.label} {measured.width} × {measured.height}: {sent}peak "
        f"{measured.over_idle_mb:.0f} MB over the idle {measured.idle_mb:.0f} MB "
        f"({measured.seconds:.2f} s); goal ≤ {goal_mb:.0f} MB: {_verdict(measured, goal_mb)}"
    )


def refused_line(measured: Measured) -> str:
    refused = not any(answer == "kept" for answer in measured.answers)
    return (
        f"photo: {measured.label} {measured.width} × {measured.height}: "
        f"{'refused' if refused else 'KEPT (MISSED: over the limit)'}, peak "
        f"{measured.over_idle_mb:.0f} MB over the idle size"
    )


def photo_memory(
    photos: Callable[[], list[tuple[str, bytes]]] = worst_photos, goal_mb: float = GOAL_MB
) -> list[str]:
    """The report: each worst photo, the worst of them sent four times at once, the worst
    figure against the goal, and a photo over the limit refused."""
    files = dict(photos())
    measured = [measure_photo(label, data) for label, data in files.items()]
    lines = [photo_line(m, goal_mb) for m in measured]
    worst = max(measured, key=lambda m: m.over_idle_mb)
    together = measure_photo(worst.label, files[worst.label], at_once=AT_ONCE)
    lines.append(photo_line(together, goal_mb))
    highest = max([*measured, together], key=lambda m: m.over_idle_mb)
    lines.append(
        f"photo: the worst photo taken costs a worker {highest.over_idle_mb:.0f} MB over its "
        f"idle size ({highest.label}"
        + (f", {highest.at_once} at once" if highest.at_once > 1 else "")
        + f"); goal ≤ {goal_mb:.0f} MB: {_verdict(highest, goal_mb)}"
    )
    label, data = one_row_over()
    lines.append(refused_line(measure_photo(label, data)))
    return lines


if __name__ == "__main__":
    sys.path.insert(0, str(PROJECT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    _child(sys.argv[1], int(sys.argv[2]))
