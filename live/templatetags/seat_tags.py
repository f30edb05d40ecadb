"""`{% load seat_tags %}`: whether a person holds a seat, read off corporations a page has
already (no query): `{% if corporations|held_by:user %}`."""

from django import template

register = template.Library()


@register.filter
def held_by(corporations, user):
    """The corporation among `corporations` whose seat `user` holds, or None."""
    pk = getattr(user, "pk", None)
    if pk is None:
        return None
    return next((c for c in corporations or () if c.holder_id == pk), None)
