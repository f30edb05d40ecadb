"""The table's QR code for one game's draft: an address that opens the seat picker for that
draft only (`live.views.seats.table`), for members and for guests without an account.

The token is the draft's id and a keyed hash of it (no row to store): a draft saved or
discarded is gone, so its address answers that the entry is closed, and a new draft, even of
the same game, has a new address.
"""

from __future__ import annotations

from django.utils.crypto import constant_time_compare, salted_hmac

from live.models import GameDraft

_SALT = "campaign.table-link"


def _signature(pk: int, campaign_id: int, number: int) -> str:
    return salted_hmac(_SALT, f"{pk}:{campaign_id}:{number}").hexdigest()[:20]


def table_token(draft: GameDraft) -> str:
    """The token of `draft`'s table address."""
    return f"{draft.pk}-{_signature(draft.pk, draft.campaign_id, draft.number)}"


def draft_of(token: str) -> GameDraft | None:
    """The open draft whose table address is `token`, with its campaign (one query); None
    when the token is not one, or its draft is closed."""
    pk, _, signature = token.partition("-")
    if not pk.isdigit():
        return None
    draft = GameDraft.objects.select_related("campaign").filter(pk=int(pk)).first()
    if draft is None or not constant_time_compare(
        signature, _signature(draft.pk, draft.campaign_id, draft.number)
    ):
        return None
    return draft
