"""The derived cache: `rebuild`, THE one function that re-derives it, and the campaign's lock.

`rebuild` replays the whole log (`solar175.replay`) and stores what it derives
(`Campaign.state`, each `Game.result` and `Game.replay_entry`, written by
`solar175.state.CampaignState.to_dict`) in the transaction of the change
that called it; if the replay refuses the new log it raises `CampaignError` and the change rolls
back with it.
"""

from __future__ import annotations

import uuid

from django.db import transaction

from campaign.campaign_io import campaign_file_data
from campaign.models import Campaign, Corporation, Game, split_entry
from scoring.catalogue import catalogue_from_db
from solar175.catalogue import Catalogue
from solar175.replay import replay
from solar175.state import CampaignState


def rebuild(campaign: Campaign, *, catalogue: Catalogue | None = None) -> CampaignState:
    """Replay the whole log and store the derived state; return it (the replay's whole output).

    Preconditions: called inside the transaction that changed the log (every action here
    does), so a `CampaignError` from the replay rolls the change back. Reads the campaign
    afresh (locking its row), never a caller's possibly stale copy. Stores the output split
    (campaign.models): `Campaign.state` without the `games` list, each game's entry on its
    row (`Game.result` its score, `Game.replay_entry` the rest). Queries, whatever the
    campaign's size: the reference catalogue's five, the campaign (its box with it), its
    corporations, its games, one update of the campaign and at most one bulk update of the
    games whose cache changed.
    """
    if catalogue is None:
        catalogue = catalogue_from_db()
    with transaction.atomic():
        current = lock_campaign(campaign)
        corporations = list(Corporation.objects.filter(campaign=current))
        games = list(Game.objects.filter(campaign=current))
        state = replay(campaign_file_data(current, corporations, games), catalogue)
        summary = state.to_dict()
        del summary["games"]
        revision = uuid.uuid4()
        Campaign.objects.filter(pk=current.pk).update(state=summary, revision=revision)
        entries = {entry.number: split_entry(entry) for entry in state.games}
        changed = []
        for game in games:
            entry, result = entries.get(game.number, ({}, {}))
            if game.result != result or game.replay_entry != entry:
                game.result = result
                game.replay_entry = entry
                changed.append(game)
        if changed:
            Game.objects.bulk_update(changed, ["result", "replay_entry"])
    campaign.state, campaign.revision = summary, revision
    return state


def touch(*campaigns: Campaign) -> None:
    """Give `campaigns` (every campaign when none is named) a new revision: what their pages
    show has changed, so their cached bodies (campaign.page_cache) are not read again.
    `rebuild` does it itself; this is for changes the replay does not see."""
    queryset = Campaign.objects.all()
    if campaigns:
        queryset = queryset.filter(pk__in=[campaign.pk for campaign in campaigns])
    queryset.update(revision=uuid.uuid4())


def lock_campaign(campaign: Campaign) -> Campaign:
    """The campaign as stored now, its row locked: one change to a campaign's log at a time."""
    return Campaign.objects.select_for_update().get(pk=campaign.pk)
