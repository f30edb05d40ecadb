"""A photo of a game's final table: what an upload becomes before it is kept (docs/photos.md).

`prepare_photo(data)` reads the uploaded bytes with Pillow and returns a JPEG the app made
itself: turned the way the camera held it, its longest side at most `LONGEST_SIDE` pixels, and
nothing else of the original kept (no EXIF, so no GPS position, no camera, no time; no
comments, no thumbnail). Anything Pillow cannot read as a photo, or one too large, is refused
with a sentence naming the field (`PhotoRefused`); nothing is kept then.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from crispy_forms.helper import FormHelper
from django import forms
from PIL import Image, ImageOps, UnidentifiedImageError

from hosting.middleware import megabytes
from hosting.uploads import MAX_FILE_BYTES

# The largest upload kept: the upload handler reads no more (hosting/uploads.py). A phone's
# page shrinks the photo before sending it (static/js/photo.js), so a camera's 4-8 MB photo
# arrives as a few hundred KB; without JavaScript a larger one is refused with this size.
MAX_PHOTO_BYTES = MAX_FILE_BYTES
# What is kept: enough to read the board on a phone or a laptop, about 200-500 KB.
LONGEST_SIDE = 1600
JPEG_QUALITY = 82
# A camera's photo is 12-50 megapixels; a larger image is refused before it is decoded
# (a small file may claim a huge image: decoding it would take the server's memory).
MAX_PIXELS = 64_000_000
# The formats a phone's camera or gallery gives a browser.
FORMATS = {"JPEG", "PNG", "WEBP", "GIF", "BMP", "TIFF", "MPO"}


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
        raise PhotoRefused("The photo is empty: choose a photo of the final table.")
    if len(data) > MAX_PHOTO_BYTES:
        # The upload handler keeps one byte past the limit: the size beyond it is unknown.
        raise PhotoRefused(
            f"The photo is larger than {megabytes(MAX_PHOTO_BYTES)}, the most the app takes: "
            "take it again at a smaller size, or send it from a page with JavaScript on "
            "(the page then shrinks it first). Nothing was saved."
        )
    try:
        with warnings.catch_warnings():
            # Pillow's own warning comes after MAX_PIXELS: the check below refuses first.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                if image.format not in FORMATS:
                    raise PhotoRefused(_not_a_photo())
                width, height = image.size
                if width * height > MAX_PIXELS:
                    raise PhotoRefused(
                        f"The photo is {width} × {height} pixels: the app takes at most "
                        f"{MAX_PIXELS // 1_000_000} megapixels. Nothing was saved."
                    )
                image.load()
                # The camera's orientation applied to the pixels, since no EXIF is kept.
                upright = ImageOps.exif_transpose(image)
    except PhotoRefused:
        raise
    except Image.DecompressionBombError:
        raise PhotoRefused(
            f"The photo has too many pixels: the app takes at most "
            f"{MAX_PIXELS // 1_000_000} megapixels. Nothing was saved."
        ) from None
    except (
        UnidentifiedImageError,
        OSError,
        SyntaxError,
        ValueError,
    ):
        raise PhotoRefused(_not_a_photo()) from None
    picture = upright.convert("RGB")
    picture.thumbnail((LONGEST_SIDE, LONGEST_SIDE), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    # A new file: only the pixels go in (no exif=, no icc_profile=, no comment).
    picture.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return PreparedPhoto(out.getvalue(), picture.width, picture.height)


def _not_a_photo() -> str:
    return (
        "The photo is not an image the app can read: choose a JPEG, PNG or WebP photo "
        "of the final table. Nothing was saved."
    )


class PhotoForm(forms.Form):
    photo = forms.FileField(
        label="Take or choose a photo",
        help_text="From above, the whole board in view.",
        widget=forms.FileInput(
            attrs={"accept": "image/*", "capture": "environment", "data-photo-shrink": ""}
        ),
        error_messages={"required": "Choose a photo of the final table (or take one)."},
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The template owns the <form> tag (multipart) and the CSRF token.
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
