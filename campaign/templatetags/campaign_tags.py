"""Template helpers for the campaign pages: lookups and drawing, no rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

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


# A member's role as the badges print it (lower case), in the person's language.
ROLE_NAMES = {
    "owner": pgettext_lazy("campaign role", "owner"),
    "player": pgettext_lazy("campaign role", "player"),
    "viewer": pgettext_lazy("campaign role", "viewer"),
}


@register.filter
def role_name(role: Any) -> Any:
    """`campaign.member_role|role_name`: "owner", "player" or "viewer" in the person's
    language (another value as it is)."""
    return ROLE_NAMES.get(role, role)


@register.filter
def inert(text: Any) -> str:
    """`text|inert`: the group's words escaped, their braces and percent signs written as
    character references too (a browser shows the same characters): markup that stays plain
    words even when a template reads it as its source, as crispy's `HTML` layout object does
    (the game form's red boxes have always been written so)."""
    escaped = str(conditional_escape(text))
    return mark_safe(  # noqa: S308 - escaped above; the entities add no markup
        escaped.replace("{", "&#123;").replace("}", "&#125;").replace("%", "&#37;")
    )


def _field(corp: Any, name: str) -> Any:
    """`corp.name` as a template reads it: a mapping's entry, else an attribute."""
    if isinstance(corp, Mapping):
        return corp.get(name)
    return getattr(corp, name, None)


@register.simple_tag
def corporation(corp: Any, show_player: bool = False) -> str:
    """A corporation's swatch and name, as every campaign page shows it; with the player's
    name (and whether an AI plays it) when `show_player`. "—" when there is none.

    A simple tag, not an included template: the game log draws some 100 of them."""
    if not corp:
        return format_html('<span class="text-body-secondary">—</span>')
    player, ai = _field(corp, "player"), _field(corp, "ai")
    who = ""
    if show_player and player:
        if ai:
            # Translators: a corporation's player, played by an AI player ("Ann, AI").
            player = _("%(player)s, AI") % {"player": player}
        who = format_html(' <span class="text-body-secondary">({})</span>', player)
    elif show_player and ai:
        # Translators: an AI player (artificial intelligence), beside a corporation's name.
        who = format_html(' <span class="text-body-secondary">({})</span>', _("AI"))
    return format_html(
        '<span class="corp-name"><span class="corp-swatch" style="background: {}"></span>'
        "{}{}</span>",
        _field(corp, "css_colour") or "#888",
        _field(corp, "name"),
        who,
    )


@register.simple_tag
def game_links(numbers: Any, slug: str, public: Any = None) -> str:
    """The games as words, "game 3, game 5": each linked to its checklist (plain words on the
    public page)."""
    # Translators: one game in a list of games ("game 3, game 5").
    words = [(number, _("game %(number)s") % {"number": number}) for number in numbers]
    if public:
        return format_html_join(", ", "{}", ((word,) for _number, word in words))
    return format_html_join(
        ", ",
        '<a href="{}">{}</a>',
        ((reverse("campaign:checklist", args=[slug, number]), word) for number, word in words),
    )


CROSSED_BOX = '<span class="tracker-box crossed">✕</span>'
EMPTY_BOX = '<span class="tracker-box"></span>'


@register.simple_tag
def tracker_boxes(crossed: int, size: int) -> str:
    """A tracker section's row of `size` boxes, the first `crossed` of them crossed.

    One tag rather than a loop in the template: the tracker cards draw some 500 boxes, and a
    template loop with a test per box was most of the page's time (docs/performance.md)."""
    crossed = max(0, min(int(crossed), int(size)))
    return mark_safe(CROSSED_BOX * crossed + EMPTY_BOX * (int(size) - crossed))  # noqa: S308
