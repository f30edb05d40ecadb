"""`{% site_version %}`: the version this site runs (config.version), for the footer."""

from django import template

from config.version import VERSION

register = template.Library()


@register.simple_tag
def site_version() -> str:
    return VERSION
