"""What a photo of the final table costs a worker's memory (`python manage.py bench photo`).

The app is served as a host serves it (`benchmarks.served`: gunicorn with the project's config,
one worker and its four threads, DEBUG off, a throwaway SQLite database), and a signed-in
player uploads each of the worst photos the app takes (`worst_photos`: every format at its
most pixels, in the mode that costs most to decode, each file within the upload limit) through
the checklist's form. The worker's resident size is read from /proc when it is idle, after
four small photos sent at once (so each of its threads has taken one, as in a worker that has
served for a while); before each photo its high-water mark is reset (`clear_refs`), and
afterwards read (`VmHWM`): the figure is that peak over the idle size, goal <= 300 MB
(docs/photos.md). The worst of them is sent again by four players at once, and a photo one
row over the limit is refused before it is decoded. Linux only (it reads /proc).
"""

from __future__ import annotations

import io
import math
import re
import secrets
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

GOAL_MB = 300.0
AT_ONCE = 4
USERNAME = "photo-bench"
SETUP = """
from django.contrib.auth import get_user_model
from accounts.models import Membership
from benchmarks.samples import make_campaign
from campaign import actions
campaign = actions.import_campaign(make_campaign(3, corporations=3, name="Photo bench"))
user = get_user_model().objects.create_user({username!r}, password={password!r})
Membership.objects.create(campaign=campaign, user=user, role="owner")
print(campaign.slug)
"""


@dataclass(frozen=True)
class Measured:
    label: str
    width: int
    height: int
    idle_mb: float
    peak_mb: float
    seconds: float
    # What the server said to each upload: "kept", or the refusal's sentence.
    answers: tuple[str, ...]
    at_once: int = 1
    # The worker's resident size just before the photo (what earlier photos left held).
    before_mb: float | None = None

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
    from live.photos import max_pixels

    side = math.isqrt(max_pixels(image_format))
    return side, side


def _worst() -> dict[str, Callable[[], bytes]]:
    """Each worst photo's label and how to make it (see `worst_photos`)."""
    from live.photos import MAX_PIXELS

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
    data = _worst()[label]()
    _check_at_the_limit(label, data)
    return data


def worst_photos() -> list[tuple[str, bytes]]:
    """(label, file) for each format the app takes, at its most pixels, in the mode costing
    most to decode: a progressive JPEG keeps every component's coefficients for the whole image
    (CMYK: 8 bytes a pixel), an RGBA PNG is copied to RGB before it is shrunk, Pillow's WebP
    reader holds the image four times."""
    photos = [(label, make()) for label, make in _worst().items()]
    for label, data in photos:
        _check_at_the_limit(label, data)
    return photos


def _check_at_the_limit(label: str, data: bytes) -> None:
    """A worst photo is within the upload limit and at its format's most pixels, or the
    figure measured would be of something smaller than the worst."""
    from live.photos import MAX_PHOTO_BYTES, max_pixels

    with Image.open(io.BytesIO(data)) as image:
        most = max_pixels(image.format)
        if len(data) > MAX_PHOTO_BYTES or not most * 0.999 <= image.width * image.height <= most:
            raise RuntimeError(
                f"{label}: {image.width} × {image.height} in {len(data)} bytes is not a photo "
                f"at the limit ({most} pixels, {MAX_PHOTO_BYTES} bytes)"
            )


def one_row_over() -> tuple[str, bytes]:
    """A PNG one row past the limit: refused from its header, before a pixel is decoded."""
    width, height = _square("PNG")
    return "PNG, one row over the limit", _encoded(Image.new("RGBA", (width, height + 1)), "PNG")


# --- the served app and its worker ----------------------------------------------------------


def _status_mb(pid: int, field: str) -> float:
    """`field` of /proc/PID/status (VmRSS, VmHWM) in MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"/proc/{pid}/status has no {field}")


def _multipart(name: str, filename: str, data: bytes) -> tuple[str, bytes]:
    boundary = uuid.uuid4().hex
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
        f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'
    )
    return boundary, head.encode() + data + f"\r\n--{boundary}--\r\n".encode()


REFUSAL = re.compile(r"The photo [^<]*?Nothing was saved\.")


class PhotoServer:
    """gunicorn serving the app (one worker), `AT_ONCE` players signed in, the worker warm."""

    def __init__(self, served, slug: str, password: str) -> None:
        from benchmarks.served import Browser

        self.served = served
        self.slug = slug
        master = served.process.pid
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        [self.worker] = [int(pid) for pid in children]
        self.players = []
        for _ in range(AT_ONCE):
            player = Browser(served.url)
            answer = player.log_in(USERNAME, password)
            if answer.status != 302:
                raise RuntimeError(f"the bench's player could not sign in ({answer.status})")
            self.players.append(player)
        small = _encoded(Image.new("RGB", (800, 600), (30, 90, 160)), "JPEG")
        warm = self._send(small, AT_ONCE)
        if warm != ("kept",) * AT_ONCE:
            raise RuntimeError(f"a small photo was not kept: {warm}")
        self.idle_mb = _status_mb(self.worker, "VmRSS")

    def _upload(self, player, data: bytes) -> str:
        checklist = f"/campaigns/{self.slug}/games/2/checklist/"
        player.get(checklist)  # the page the form is on (and its CSRF cookie)
        boundary, body = _multipart("photo", "table.jpg", data)
        answer = player.request(
            f"/campaigns/{self.slug}/games/2/photo/add/",
            body,
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "Referer": player.base_url + checklist,
            },
        )
        if answer.status == 302:
            return "kept"
        found = REFUSAL.search(answer.body)
        return found.group(0) if found else f"answered {answer.status}"

    def _send(self, data: bytes, at_once: int) -> tuple[str, ...]:
        answers = [""] * at_once

        def send(index: int) -> None:
            answers[index] = self._upload(self.players[index], data)

        threads = [threading.Thread(target=send, args=(i,)) for i in range(at_once)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return tuple(answers)

    def measure(self, label: str, data: bytes, *, at_once: int = 1) -> Measured:
        """`data` uploaded by `at_once` players at once: the worker's peak over its idle size."""
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
        # The high-water mark from now on (Linux: "5" resets VmHWM to the resident size).
        Path(f"/proc/{self.worker}/clear_refs").write_text("5")
        before = _status_mb(self.worker, "VmRSS")
        start = time.perf_counter()
        answers = self._send(data, at_once)
        seconds = time.perf_counter() - start
        return Measured(
            label=label,
            width=width,
            height=height,
            idle_mb=self.idle_mb,
            peak_mb=_status_mb(self.worker, "VmHWM"),
            seconds=seconds,
            answers=answers,
            at_once=at_once,
            before_mb=before,
        )


@contextmanager
def photo_server() -> Iterator[PhotoServer]:
    """The app served by gunicorn (one worker) on a throwaway SQLite database, a campaign of
    three games and its owner signed in on `AT_ONCE` browsers."""
    from benchmarks.served import base_env, prepare, run_code, serving

    password = secrets.token_urlsafe(16)
    with tempfile.TemporaryDirectory(prefix="solar175-photo-bench-") as folder:
        env = base_env(
            SECRET_KEY="photo-bench-" + secrets.token_urlsafe(40),
            DEBUG="0",
            ALLOWED_HOSTS="127.0.0.1,localhost",
            DATABASE_URL=f"sqlite:///{Path(folder) / 'photo.sqlite3'}",
        )
        env.pop("REDIS_URL", None)
        prepare(env)
        code = SETUP.format(username=USERNAME, password=password)
        slug = run_code(env, code).strip().splitlines()[-1]
        with serving(env, workers=1) as served:
            yield PhotoServer(served, slug, password)


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
        f"photo: {measured.label} {measured.width} × {measured.height}: {sent}the worker's "
        f"peak {measured.over_idle_mb:.0f} MB over its idle {measured.idle_mb:.0f} MB "
        f"({measured.seconds:.2f} s); goal ≤ {goal_mb:.0f} MB: {_verdict(measured, goal_mb)}"
    )


def refused_line(measured: Measured) -> str:
    refused = not any(answer == "kept" for answer in measured.answers)
    before = measured.idle_mb if measured.before_mb is None else measured.before_mb
    return (
        f"photo: {measured.label} {measured.width} × {measured.height}: "
        f"{'refused' if refused else 'KEPT (MISSED: over the limit)'}, the worker's peak "
        f"{measured.peak_mb - before:.0f} MB over its size before it"
    )


def photo_memory(
    photos: Callable[[], list[tuple[str, bytes]]] = worst_photos, goal_mb: float = GOAL_MB
) -> list[str]:
    """The report: each worst photo, the worst of them sent four times at once, the worst
    figure against the goal, and a photo over the limit refused."""
    files = dict(photos())
    with photo_server() as server:
        measured = [server.measure(label, data) for label, data in files.items()]
        worst = max(measured, key=lambda m: m.over_idle_mb)
        together = server.measure(worst.label, files[worst.label], at_once=AT_ONCE)
        label, data = one_row_over()
        refused = server.measure(label, data)
    lines = [photo_line(m, goal_mb) for m in measured]
    lines.append(photo_line(together, goal_mb))
    highest = max([*measured, together], key=lambda m: m.over_idle_mb)
    lines.append(
        f"photo: the worst photo taken costs a worker {highest.over_idle_mb:.0f} MB over its "
        f"idle size ({highest.label}"
        + (f", {highest.at_once} at once" if highest.at_once > 1 else "")
        + f"); goal ≤ {goal_mb:.0f} MB: {_verdict(highest, goal_mb)}"
    )
    lines.append(refused_line(refused))
    return lines
