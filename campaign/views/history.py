"""The history page: every change to a campaign, newest first, and the undo of one of them.

Reads through `campaign.access` (any member reads the history; players and the owner undo);
writes only through `campaign.actions.undo_change`, which replays the campaign. The page answers
in the same number of queries however long the history.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign import actions
from campaign.actions import UndoRefused
from campaign.frame import PLAYER, READER, Page, campaign_access, page_frame
from campaign.models import DRAFT_KINDS, Campaign, Change, ChangeKind
from hosting.words import stored_said, translated

CHANGES_PER_PAGE = 50
# Lines of what changed shown before the rest fold away (a table edit can change dozens).
DETAILS_SHOWN = 4


def _user(request: HttpRequest):
    return request.user if request.user.is_authenticated else None


def undo_label(change: Change) -> str:
    """What the Undo button does, in words: the button says it, so it needs no second step."""
    number = change.game_number
    if change.kind in (ChangeKind.GAME_ADDED, ChangeKind.GAME_DELETED):
        # Known from the kind alone: an undo records the kind of what it did.
        if change.kind == ChangeKind.GAME_ADDED:
            return _("Undo: take game %(number)s out") % {"number": number}
        return _("Undo: put game %(number)s back") % {"number": number}
    if change.kind == ChangeKind.GAME_MOVED:
        return _("Undo: move it back")
    if change.kind in (ChangeKind.GAME_EDITED, ChangeKind.CITY_NAMED):
        return _("Undo: game %(number)s as it was") % {"number": number}
    return _("Undo: as it was")


def _can_undo(campaign: Campaign) -> bool:
    """Whether the person may undo (a player or the owner); `campaign.access` says so on the
    campaign it returns. The page leaves the buttons out otherwise; the undo view refuses."""
    return getattr(campaign, "can_play", True)


def summary_of(change: Change) -> str:
    """The change's summary in the reader's language (its English as stored when it was
    recorded without its words: `Change.summary_words`)."""
    return stored_said(change.summary, change.summary_words)


def details_of(change: Change) -> list[str]:
    """The change's lines in the reader's language, as `summary_of`."""
    details = list(change.details or [])
    words = change.details_words
    if words is None or len(words) != len(details):
        return details
    return [stored_said(line, said) for line, said in zip(details, words, strict=True)]


def _row(change: Change, can_undo: bool) -> dict[str, Any]:
    english = list(change.details or [])
    details = details_of(change)
    # An edit's summary is its lines joined: show the lines, not both (told in English, as
    # stored: the same whatever the reader's language).
    shows_summary = not (english and change.summary.startswith(english[0]))
    headline = summary_of(change) if shows_summary else ""
    if headline and len(details) == 1 and change.kind not in DRAFT_KINDS:
        # a city named, a move: the summary says it (a draft's line is what it held)
        details = []
    return {
        "change": change,
        "headline": headline,
        "lines": details[:DETAILS_SHOWN],
        "more": details[DETAILS_SHOWN:],
        "undo_label": undo_label(change) if can_undo and change.can_be_undone else "",
    }


@campaign_access(READER)
@page_frame(active="history")
def change_list(page: Page) -> HttpResponse:
    """Every change, newest first, 50 a page: who, when, what; Undo on those that can be."""
    request, campaign = page.request, page.campaign
    paginator = Paginator(campaign.changes.for_history(), CHANGES_PER_PAGE)
    changes = paginator.get_page(request.GET.get("page"))
    can_undo = _can_undo(campaign)
    context = page.frame(
        page=changes,
        rows=[_row(change, can_undo) for change in changes.object_list],
    )
    return render(request, "history/change_list.html", context)


def _page_of(campaign: Campaign, change: Change) -> int:
    newer = campaign.changes.filter(
        Q(made_at__gt=change.made_at) | Q(made_at=change.made_at, pk__gt=change.pk)
    ).count()
    return newer // CHANGES_PER_PAGE + 1


def _at(campaign: Campaign, change: Change) -> str:
    """The history page showing `change`, scrolled to it."""
    url = reverse("history:list", kwargs={"slug": campaign.slug})
    page = _page_of(campaign, change)
    query = f"?{urlencode({'page': page})}" if page > 1 else ""
    return f"{url}{query}#change-{change.pk}"


@campaign_access(PLAYER, methods=("POST",))
def change_undo(page: Page, pk: int) -> HttpResponse:
    """Undo one change; back to the history at the undo, or at the change to undo first."""
    request, campaign = page.request, page.campaign
    change = get_object_or_404(Change, pk=pk, campaign=campaign)
    try:
        undo = actions.undo_change(change, user=_user(request))
    except UndoRefused as refusal:
        messages.error(
            request, _("Not undone. %(reason)s") % {"reason": translated(refusal.message)}
        )
        return redirect(_at(campaign, refusal.blocking or change))
    # What it undid as the History recorded it, in the reader's language (campaign.actions.undo).
    what = undo.summary.removeprefix("undid: ")
    if undo.summary_words:
        what = stored_said(what, undo.summary_words.get("params", {}).get("what"))
    messages.success(request, _("Undone: %(what)s. Campaign replayed.") % {"what": what})
    return redirect(_at(campaign, undo))
