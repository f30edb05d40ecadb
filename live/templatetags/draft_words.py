"""`{% load draft_words %}{% draft_words as words %}{{ words|json_script:"draft-words" }}`: the
sentences live/static/js/draft.js shows (its banner, the "done" question), in the person's
language, written into the page that loads the script (the service worker keeps the page, so
they work offline too).

A sentence's values are named `%(name)s` placeholders the script fills in. A sentence with a
count comes as its two forms, [the form for 1, the form for more], which the script chooses
between by the count.
"""

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

register = template.Library()


# The counts whose forms a sentence with a count comes in: the form for 1, the form for more.
BOTH = (1, 2)


def words() -> dict[str, str | list[str]]:
    return {
        # Translators: %(status)s is the HTTP status number the server answered (e.g. 500).
        "unavailable": _("The server cannot store anything right now (it answered %(status)s)."),
        "needs_connection": _("Needs a connection"),
        # Translators: %(date)s is a date and time in the phone's own format.
        "seen_copy": _("This page is as this phone last saw it, on %(date)s."),
        "closed_title": _("Not sent: this game's draft is closed."),
        "closed_default": _("This game has been saved; its draft is closed."),
        "offline_title": [
            ngettext(
                "Offline: %(count)s change kept on this phone.",
                "Offline: %(count)s changes kept on this phone.",
                n,
            )
            for n in BOTH
        ],
        "offline_words": _(
            "Keep typing: what you type is kept here and sent when the connection is back. "
            "Saving needs a connection."
        ),
        "unavailable_title": [
            ngettext(
                "Not sent: %(count)s change kept on this phone.",
                "Not sent: %(count)s changes kept on this phone.",
                n,
            )
            for n in BOTH
        ],
        "nothing_saved": _("Nothing can be saved right now."),
        "unavailable_keep": _(
            # Translators: %(sentence)s: the server's own sentence on why it stores nothing.
            "%(sentence)s Keep typing: what you type is kept here and sent when the server "
            "answers again."
        ),
        "trouble_title": _("Not sent yet."),
        "trouble": [
            ngettext(
                # Translators: %(status)s is the HTTP status number the server answered (e.g. 500).
                "The server answered %(status)s: %(count)s change kept on this phone, sent again "
                "in a moment.",
                "The server answered %(status)s: %(count)s changes kept on this phone, sent again "
                "in a moment.",
                n,
            )
            for n in BOTH
        ],
        "trouble_reason": [
            ngettext(
                # Translators: %(status)s: the HTTP status number; %(reason)s: the server's words.
                "The server answered %(status)s (%(reason)s): %(count)s change kept on this "
                "phone, sent again in a moment.",
                "The server answered %(status)s (%(reason)s): %(count)s changes kept on this "
                "phone, sent again in a moment.",
                n,
            )
            for n in BOTH
        ],
        "back_title": _("The connection is back."),
        "all_sent": _("Every change is sent."),
        "still_to_send": [
            ngettext(
                "%(count)s change kept on this phone still to send.",
                "%(count)s changes kept on this phone still to send.",
                n,
            )
            for n in BOTH
        ],
        "refused_sent": _("Every change is sent but those shown with the value stored meanwhile."),
        # Translators: %(words)s is a sentence on what was sent.
        "back_words": _("%(words)s Reload the page to save the game."),
        "sending": [
            ngettext(
                "Sending %(count)s change kept on this phone…",
                "Sending %(count)s changes kept on this phone…",
                n,
            )
            for n in BOTH
        ],
        "ask": [
            ngettext(
                # Translators: %(problems)s are the sentences of what is still wrong on the card.
                "%(count)s field still needs a look: %(problems)s Mark your card done anyway?",
                "%(count)s fields still need a look: %(problems)s Mark your card done anyway?",
                n,
            )
            for n in BOTH
        ],
        "mark_anyway": _("Mark done anyway"),
        "marked_done": _("Marked done."),
        "marked_done_problems": [
            ngettext(
                "Marked done; %(count)s field still needs a look.",
                "Marked done; %(count)s fields still need a look.",
                n,
            )
            for n in BOTH
        ],
        # Translators: %(fields)s lists each field kept, "label: value", joined by " · ".
        "kept_list": _("Kept on this phone, not stored: %(fields)s."),
    }


@register.simple_tag
def draft_words() -> dict[str, str | list[str]]:
    return words()
