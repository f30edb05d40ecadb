"""Small filters for the play log's score sheets."""

from typing import Any

from django import template

register = template.Library()


@register.filter
def item(mapping: Any, key: str) -> Any:
    """`{{ player.vp|item:category }}`: a value at a key that is itself a variable."""
    try:
        return mapping[key]
    except (KeyError, TypeError, IndexError):
        return ""
