"""`{% offline_words %}`: the words static/js/offline.js says (its banner, the sign-out
question, the offline page's list), in the page's language, as a JSON script element the
script reads (`#offline-words`): the page carries them, so they are there offline too.

`{name}` in a sentence is the script's value: `{ago}` "5 minutes ago" and `{date}`, `{time}`
in the phone's own words (Intl), `{count}` a number. A sentence with a count comes in the
forms the script chooses from: `one` (for 1) and `other`."""

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

register = template.Library()

ELEMENT_ID = "offline-words"


def words() -> dict:
    return {
        "offline": _("Offline."),
        "back": _("The connection is back."),
        # Translators: {ago} is said by the phone, "5 minutes ago"; keep it as it is.
        "copyBack": _(
            "This page is still the copy this phone kept {ago}; reload it to see the latest "
            "and to make changes."
        ),
        # Translators: {date} "Monday 14 December, 13:47" and {ago} "5 minutes ago", said by
        # the phone; keep them as they are.
        "copy": _(
            "This is the page as this phone last saw it, on {date} ({ago}). Changes need a "
            "connection."
        ),
        # Translators: {time} "13:47", said by the phone; keep it as it is.
        "loaded": _(
            "This page is as it was loaded at {time}. Pages this phone opened before still "
            "open; others need a connection."
        ),
        "reload": _("Reload"),
        "notSentOffline": _("Not sent: this phone is offline."),
        "keptSendAgain": _(
            "What you typed is still here; send it again when the connection is back."
        ),
        "notSentNoConnection": _("Not sent: no connection."),
        "keptTryAgain": _("What you typed is still here; try again in a moment."),
        # Translators: {count} changes of a game being entered, kept on the phone.
        "unsent": {
            "one": ngettext(
                "{count} change not sent yet: sign out anyway?",
                "{count} changes not sent yet: sign out anyway?",
                1,
            ),
            "other": ngettext(
                "{count} change not sent yet: sign out anyway?",
                "{count} changes not sent yet: sign out anyway?",
                2,
            ),
        },
        # Translators: after a kept page's title on the offline page; {ago} "5 minutes ago".
        "seen": _(" · seen {ago}"),
        # What the kept pages' titles end with (base.html's <title>), left out of the list.
        "titleEnd": " · " + _("Solar 175 campaign manager"),
    }


@register.simple_tag
def offline_words() -> SafeString:
    return json_script(words(), ELEMENT_ID)
