"""Space Explorers' filters for its pages."""

from django import template

from space_explorers import DIVISION_NAMES

register = template.Library()


@register.filter
def division_name(key: str) -> str:
    """A Division's name: `space_flight` -> "Space Flight"."""
    return DIVISION_NAMES.get(key, key)
