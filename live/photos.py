"""A photo of a game's final table: what an upload becomes before it is kept (docs/photos.md).

`prepare_photo(data)` reads the uploaded bytes with Pillow and returns a JPEG the app made
itself: turned the way the camera held it, its longest side at most `LONGEST_SIDE` pixels, and
nothing else of the original kept (no EXIF, so no GPS position, no camera, no time; no
comments, no text chunks, no XMP, no thumbnail). Anything Pillow cannot read as a photo, or one
too large, is refused with a sentence naming the field (`PhotoRefused`); nothing is kept then.

A photo's memory is bounded: its size is read from the file's header and checked before a
pixel is decoded (`max_pixels`), a JPEG is decoded at a fraction of its size where that is
enough, one photo at a time is decoded in a process (`_DECODING`), and large freed blocks go
back to the system (`_return_freed_memory`). A gunicorn worker's peak over its idle size for
the worst photo taken is measured by `python manage.py bench photo` (`benchmarks.photo_memory`;
goal <= 300 MB).
"""

from __future__ import annotations

import ctypes
import io
import threading
import warnings
from dataclasses import dataclass

from crispy_forms.helper import FormHelper
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from PIL import Image, ImageOps, UnidentifiedImageError

from hosting.middleware import megabytes
from hosting.uploads import MAX_FILE_BYTES

# The largest upload kept: the upload handler reads no more (hosting/uploads.py). A phone's
# page shrinks the photo before sending it (live/static/js/photo.js), so a camera's 4-8 MB photo
# arrives as a few hundred KB; without JavaScript a larger one is refused with this size.
MAX_PHOTO_BYTES = MAX_FILE_BYTES
# What is kept: enough to read the board on a phone or a laptop, about 200-500 KB.
LONGEST_SIDE = 1600
JPEG_QUALITY = 82
# The most pixels taken, checked on the file's header before anything is decoded: a file of a
# few KB may claim 64 megapixels, and decoding those took a worker from 178 MB to 976 MB. A
# phone's camera takes 12-16 megapixels (a panorama about 15); at 16 megapixels the worst
# image (an RGBA PNG, a progressive CMYK JPEG) costs the worker about 160-185 MB over its idle
# size (`benchmarks.photo_memory`). Pillow's WebP reader holds the whole image four times
# (libwebp's two canvases, a copy, the image), about 18 bytes a pixel: half as many there.
MAX_PIXELS = 16_000_000
MAX_PIXELS_BY_FORMAT = {"WEBP": 8_000_000}
FORMAT_NAMES = {"WEBP": "WebP"}
# The formats a phone's camera or gallery gives a browser. Not TIFF: no phone sends one, and
# libtiff sizes its buffers by the file's tiles, not only by the size checked below.
FORMATS = {"JPEG", "PNG", "WEBP", "GIF", "BMP", "MPO"}
# One photo decoded at a time in a process: gunicorn's threads share a worker's memory, and four
# photos decoded at once took one worker to 3.1 GB. A photo takes a second at most, so the
# wait is short; past it (a stuck decode) the upload is refused, not left hanging.
_DECODING = threading.Lock()
DECODING_WAIT_SECONDS = 15


# glibc's malloc.h: the size from which a block is mapped on its own, and how much free memory
# at the top of a heap is kept rather than given back.
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD_BYTES = 8 * 1024 * 1024
M_TRIM_THRESHOLD = -1
TRIM_THRESHOLD_BYTES = 2 * MMAP_THRESHOLD_BYTES


def _return_freed_memory() -> None:
    """Large blocks of memory (a photo's pixels, libjpeg's buffers) given back to the system
    when freed, in every thread. glibc's malloc raises its threshold for mapping a block on
    its own to the largest block freed (up to 32 MB): after the first photo, Pillow's 16 MB
    blocks came from each gunicorn thread's own arena and stayed there, freed but held, so a
    worker's four threads held four photos' memory (351 MB over its idle size for the worst
    photo sent four times at once, decoded one at a time). A fixed threshold of 8 MB keeps
    them mapped on their own and unmapped when freed (196 MB). Fixing it also fixes the trim
    threshold, which glibc otherwise keeps at twice the mapping one: set so too, or every
    request gave its heap back and took it again (a draft push cost 40 % more CPU, `bench
    cost`). Only glibc has `mallopt`: elsewhere, nothing."""
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES)
    mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD_BYTES)


_return_freed_memory()


def max_pixels(image_format: str) -> int:
    """The most pixels taken in an image of `image_format` (Pillow's name: "JPEG", "WEBP")."""
    return MAX_PIXELS_BY_FORMAT.get(image_format, MAX_PIXELS)


class PhotoRefused(ValueError):
    """An upload that is not a photo the app keeps; `message` says why. Nothing changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class PreparedPhoto:
    jpeg: bytes
    width: int
    height: int


def prepare_photo(data: bytes) -> PreparedPhoto:
    """The photo to keep from an upload's bytes (see the module's docstring)."""
    if not data:
        raise PhotoRefused(_("The photo is empty: choose a photo of the final table."))
    if len(data) > MAX_PHOTO_BYTES:
        # The upload handler keeps one byte past the limit: the size beyond it is unknown.
        raise PhotoRefused(
            _(
                # Translators: %(size)s is a size such as "32 MB".
                "The photo is larger than %(size)s, the most the app takes: take it again at "
                "a smaller size, or send it from a page with JavaScript on (the page then "
                "shrinks it first). Nothing was saved."
            )
            % {"size": megabytes(MAX_PHOTO_BYTES)}
        )
    if not _DECODING.acquire(timeout=DECODING_WAIT_SECONDS):
        raise PhotoRefused(
            _(
                "The server is busy reading other photos: send the photo again in a minute. "
                "Nothing was saved."
            )
        )
    try:
        return _prepare(data)
    finally:
        _DECODING.release()


def _prepare(data: bytes) -> PreparedPhoto:
    try:
        with warnings.catch_warnings():
            # Pillow's own warning comes after MAX_PIXELS: the check below refuses first.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                if image.format not in FORMATS:
                    raise PhotoRefused(_not_a_photo())
                # The size comes from the file's header: nothing is decoded yet.
                width, height = image.size
                if width * height > max_pixels(image.format):
                    raise PhotoRefused(_too_many_pixels(width, height, image.format))
                picture = _decoded_small(image)
    except PhotoRefused:
        raise
    except Image.DecompressionBombError:
        # Pillow's own limit, for an image too large for it to open at all.
        raise PhotoRefused(
            _(
                "The photo has too many pixels: the app takes at most %(most)s megapixels. "
                "Nothing was saved."
            )
            % {"most": MAX_PIXELS // 1_000_000}
        ) from None
    except (
        UnidentifiedImageError,
        OSError,
        SyntaxError,
        ValueError,
    ):
        raise PhotoRefused(_not_a_photo()) from None
    # A new file: only the pixels go in. Pillow's JPEG writer copies the original's comment
    # (a JPEG's COM segment, a GIF's comment) from `info` unless it is told otherwise, so
    # nothing of the original's `info` is left; no exif=, icc_profile= or xmp= is passed.
    picture.info.clear()
    out = io.BytesIO()
    picture.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return PreparedPhoto(out.getvalue(), picture.width, picture.height)


def _decoded_small(image: Image.Image) -> Image.Image:
    """`image` (opened, not yet decoded) decoded, shrunk to `LONGEST_SIDE` and turned upright,
    with at most two full-size copies of its pixels at any moment."""
    # A JPEG is decoded at 1/2, 1/4 or 1/8 of its size where twice the kept size remains for
    # the resampling below (libjpeg scales as it decodes; Image.thumbnail's own gap): a
    # phone's panorama, 12000 × 1300, is decoded at 6000 × 650.
    fitted = _fitted(image.size)
    image.draft("RGB", (fitted[0] * 2, fitted[1] * 2))
    image.load()
    # Shrunk before anything else is done to the pixels. A palette's indices cannot be
    # averaged, and shrinking an image with alpha copies it whole: those become RGB first.
    picture = image if image.mode in ("RGB", "L") else image.convert("RGB")
    picture.thumbnail((LONGEST_SIDE, LONGEST_SIDE), Image.Resampling.LANCZOS)
    # The camera's orientation applied to the pixels, since no EXIF is kept.
    return ImageOps.exif_transpose(picture).convert("RGB")


def _fitted(size: tuple[int, int]) -> tuple[int, int]:
    """`size` scaled down to `LONGEST_SIDE` on its longest side (never up)."""
    width, height = size
    scale = min(1.0, LONGEST_SIDE / max(width, height, 1))
    return max(1, round(width * scale)), max(1, round(height * scale))


def _too_many_pixels(width: int, height: int, image_format: str) -> str:
    most = max_pixels(image_format) // 1_000_000
    if image_format in MAX_PIXELS_BY_FORMAT:
        return _(
            # Translators: %(format)s is a file format's name ("WebP").
            "The photo is %(width)s × %(height)s pixels: the app takes at most %(most)s "
            "megapixels in a %(format)s file (%(usual)s in a JPEG or PNG). Take it at a "
            "smaller size, or send it from a page with JavaScript on (the page then shrinks "
            "it first). Nothing was saved."
        ) % {
            "width": width,
            "height": height,
            "most": most,
            "format": FORMAT_NAMES[image_format],
            "usual": MAX_PIXELS // 1_000_000,
        }
    return _(
        "The photo is %(width)s × %(height)s pixels: the app takes at most %(most)s "
        "megapixels. Take it at a smaller size, or send it from a page with JavaScript on "
        "(the page then shrinks it first). Nothing was saved."
    ) % {"width": width, "height": height, "most": most}


def _not_a_photo() -> str:
    return _(
        "The photo is not an image the app can read: choose a JPEG, PNG or WebP photo "
        "of the final table. Nothing was saved."
    )


class PhotoForm(forms.Form):
    photo = forms.FileField(
        label=gettext_lazy("Take or choose a photo"),
        help_text=gettext_lazy("From above, the whole board in view."),
        widget=forms.FileInput(
            attrs={"accept": "image/*", "capture": "environment", "data-photo-shrink": ""}
        ),
        error_messages={
            "required": gettext_lazy("Choose a photo of the final table (or take one).")
        },
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The template owns the <form> tag (multipart) and the CSRF token.
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        # What live/static/js/photo.js says while it shrinks the photo, in the person's language.
        self.fields["photo"].widget.attrs.update(
            {
                "data-shrinking-words": _("Making the photo smaller to send…"),
                # Translators: %(kilobytes)s is the photo's size in kilobytes, a whole number.
                "data-ready-words": _("Ready to send: %(kilobytes)s KB."),
            }
        )
