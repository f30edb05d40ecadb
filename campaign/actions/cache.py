"""The derived cache: `rebuild`, THE one function that re-derives it, and the campaign's lock.

`rebuild` replays the whole log (`solar175.replay`) and stores what it derives
(`Campaign.state`, each `Game.result` and `Game.replay_entry`, written by
`solar175.state.CampaignState.to_dict`) in the transaction of the change
that called it; if the replay refuses the new log it raises `CampaignError` and the change rolls
back with it.

A write is judged on what it changes. What an earlier version stored and the rules now refuse
in new data (`solar175.replay_warnings.stored_problems`: a megastructure built with no zone, a
game's own zone out of play, a debt mark on an AI player) is a warning shown on its game, never
a refusal of every later write to the campaign; only a write that brings such a problem in (a
new game, an edit of the megastructure, a box change that places a built megastructure nowhere,
a corporation made an AI player with a debt mark) is refused, with the sentence the rules give.
"""

from __future__ import annotations

import uuid

from django.db import transaction

from campaign.campaign_io import campaign_file_data
from campaign.models import Campaign, Corporation, Game, split_entry
from gamefile.words import _, with_words
from scoring.catalogue import catalogue_from_db
from solar175.box import read_box
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue
from solar175.engine import Rules
from solar175.replay import replay
from solar175.replay_checks import zone_not_in_play
from solar175.replay_warnings import stored_problems
from solar175.state import CampaignState


def rebuild(
    campaign: Campaign, *, catalogue: Catalogue | None = None, stored: bool = False
) -> CampaignState:
    """Replay the whole log and store the derived state; return it (the replay's whole output).

    Preconditions: called inside the transaction that changed the log (every action here
    does), so a `CampaignError` from the replay rolls the change back. Reads the campaign
    afresh (locking its row), never a caller's possibly stale copy. Stores the output split
    (campaign.models): `Campaign.state` without the `games` list, each game's entry on its
    row (`Game.result` its score, `Game.replay_entry` the rest). Queries, whatever the
    campaign's size: the reference catalogue's five, the campaign (its box with it), its
    corporations, its games, one update of the campaign and at most one bulk update of the
    games whose cache changed.

    `stored_problems` are compared before and after: a game's problem its cached entry (the
    replay before this write) did not have is refused as new data (`CampaignError` at the
    game's path). `stored`: the write puts back stored data (an import: a file of whatever
    version wrote it; an undo: what the campaign held before), whose problems are warnings
    only.
    """
    if catalogue is None:
        catalogue = catalogue_from_db()
    with transaction.atomic():
        current = lock_campaign(campaign)
        corporations = list(Corporation.objects.filter(campaign=current))
        games = list(Game.objects.filter(campaign=current))
        state = replay(campaign_file_data(current, corporations, games), catalogue)
        entries = {entry.number: split_entry(entry) for entry in state.games}
        if not stored:
            refuse_new_problems(games, state, entries, current, corporations, catalogue)
        # Each sentence with its words, to be said in the reader's language (the replay
        # command prints the English: `to_dict()` as it is).
        summary = with_words(state.to_dict())
        del summary["games"]
        revision = uuid.uuid4()
        Campaign.objects.filter(pk=current.pk).update(state=summary, revision=revision)
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


def refuse_new_problems(
    games: list[Game],
    state: CampaignState,
    entries: dict[int, tuple[dict, dict]],
    campaign: Campaign,
    corporations: list[Corporation],
    reference: Catalogue,
) -> None:
    """Refuse a problem of `stored_problems` the write brings in: one that a game's cached
    entry (the replay before the write; none for a game the write adds) does not show.

    A game is followed by its row, so moving, inserting or deleting other games changes none
    of its problems; an edit that keeps its megastructure keeps its tolerated problem, an edit
    that changes it (or a box change that unplaces a megastructure) must give the zone."""
    ai = {c.key for c in corporations if c.ai}
    by_number = {game.number: game for game in games}
    for index, entry in enumerate(state.games):
        game = by_number.get(entry.number)
        before = stored_problems(game.replay_entry, ai) if game is not None else {}
        after = stored_problems(entries[entry.number][0], ai)
        new = [key for key in after if key not in before]
        if not new:
            continue
        kind, *_rest = key = new[0]
        path = f"games[{index}].{after[key]}"
        if kind == "zone_missing":
            box = read_box(campaign.box or {}, reference).apply(reference)
            name = box.megastructures[entry.megastructure].name
            raise CampaignError(
                path,
                _(
                    "is required: the box places %(name)s nowhere, so the game gives the zone of "
                    "its Megastructure Location Token (or the box gives the megastructure a "
                    "location)",
                    name=name,
                ),
            )
        if kind == "zone_not_in_play":
            rules = Rules(zones_in_play=entry.rules.zones_in_play)
            raise CampaignError(
                path, zone_not_in_play(entry.number, rules, entry.megastructure_zone)
            )
        name = next(c.name for c in corporations if c.key == key[1])
        raise CampaignError(
            path,
            _(
                "%(name)s is an AI player, and AI players never borrow from the Bank of "
                "Yurushi (#8): no debt box to check",
                name=name,
            ),
        )


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
