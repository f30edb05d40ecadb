"""A link as a QR code another phone scans at the table: inline SVG, no image files.

The qrcode package draws the SVG itself (no Pillow); the page sizes it with CSS, so the
millimetre size the package writes and the path's fixed id (two codes on one page) are dropped.
"""

import re

import qrcode
import qrcode.constants
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from qrcode.image.svg import SvgPathImage

# Medium error correction reads well off a phone screen held at arm's length; a four-module
# quiet zone is what the QR standard asks for around the code.
ERROR_CORRECTION = qrcode.constants.ERROR_CORRECT_M
QUIET_ZONE = 4
_SIZE = re.compile(r'\s(?:width|height)="[^"]*"')
_PATH_ID = re.compile(r'\sid="qr-path"')


def qr_svg(text: str, label: str = "") -> SafeString:
    """`text` as an inline `<svg class="qr-code">`, with `label` as its accessible name."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECTION, border=QUIET_ZONE)
    code.add_data(text)
    code.make(fit=True)
    svg = code.make_image(image_factory=SvgPathImage).to_string(encoding="unicode")
    opening, rest = svg.split(">", 1)
    # The SVG holds only path data drawn by qrcode; the one text in it, the label, is the
    # template's to escape.
    return render_to_string(
        "accounts/_qr_code.html",
        {
            "opening": mark_safe(_SIZE.sub("", opening)),  # noqa: S308
            "drawing": mark_safe(_PATH_ID.sub("", rest)),  # noqa: S308
            "label": label or _("QR code of %(link)s") % {"link": text},
        },
    )
