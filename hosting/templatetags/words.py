"""`{{ problem|translated }}`: a rule's sentence in the person's language (hosting.words)."""

from django import template

from hosting.words import translated as _translated

register = template.Library()


@register.filter
def translated(text):
    return _translated(text)
