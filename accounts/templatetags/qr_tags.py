from django import template
from django.utils.safestring import SafeString

from accounts.qr import qr_svg

register = template.Library()


@register.simple_tag
def qr_code(text: str, label: str = "") -> SafeString:
    """`{% qr_code url "Scan to join" %}`: the link as an inline SVG QR code."""
    return qr_svg(text, label)
