"""Template helpers for the campaign pages: lookups and ranges, no rules."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def lookup(mapping: Any, key: Any) -> Any:
    """`mapping|lookup:key`: a dict entry by a key held in a variable ('' when missing)."""
    if not mapping:
        return ""
    try:
        return mapping.get(key, "")
    except AttributeError:
        return ""


@register.inclusion_tag("campaign/_corporation.html")
def corporation(corp: Any, show_player: bool = False) -> dict:
    """A corporation's swatch and name, as every campaign page shows it."""
    return {"corp": corp, "show_player": show_player}
