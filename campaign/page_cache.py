"""A campaign page's body, rendered once per change of the campaign.

The campaign pages (dashboard, game log, tracker cards, setup sheet) show the replay's cache,
which changes only when someone changes the campaign, a few times an evening; between two
changes every phone at the table reads the same page again and again. So the body of such a
page (everything below the campaign's navigation) is rendered by the first reader after a
change and kept in Django's cache under the campaign's `revision`, which every change
replaces (`actions.rebuild`, `actions.record_change`, a catalogue edit: `actions.touch`).
An old body is never looked up again; the cache drops it in time.

The key holds what else a body depends on: the page, the campaign, the reader's role (a
viewer sees no edit controls), the public page's token (its links), the campaign's time zone
(its times are printed in it; a new zone is no change to the log), the reader's language (its
words and dates are printed in it) and the page's variant
(the game log's page number). The body is rendered without the request: nothing personal
goes in it (who is signed in, the messages and the CSRF token are the layout's, rendered
for every request), and a body that tried would render blank rather than leak.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.translation import get_language

from campaign.models import Campaign

# Long enough to outlive an evening's reading; a new revision makes an entry unreachable
# before that.
TIMEOUT = 24 * 60 * 60
# A body is 10-70 KB; one past this (a page of very long notes) is rendered for each request
# instead of filling the cache (which is bounded in bytes too: hosting.cache, Redis' maxmemory).
LARGEST_BODY = 1024 * 1024


def cache_key(campaign: Campaign, page: str, variant: str = "") -> str:
    role = getattr(campaign, "member_role", None) or ""
    public = getattr(campaign, "public_token", None) or ""
    zone = campaign.time_zone
    language = get_language() or ""
    return (
        f"campaign-page:{page}:{campaign.pk}:{campaign.revision}:{role}:{public}:{zone}"
        f":{language}:{variant}"
    )


def page_body(
    campaign: Campaign,
    template_name: str,
    build: Callable[[], dict[str, Any]],
    *,
    variant: str = "",
) -> str:
    """The rendered `template_name` (a page's body partial) for `campaign`: from the cache,
    or rendered from `build()`'s context and kept. `build` does the page's queries and work,
    so a cached body costs none of them."""
    key = cache_key(campaign, template_name, variant)
    body = cache.get(key)
    if body is None:
        body = render_to_string(template_name, build())
        if len(body) <= LARGEST_BODY:
            cache.set(key, body, TIMEOUT)
    return body
