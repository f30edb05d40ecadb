"""The campaign's own box: a correction or an addition, stored, recorded and replayed.

A group types in what the rulebook text does not print (solar175.box). A change to its box is
a change to the campaign like a game edit: one transaction locks the campaign, stores the new
box, replays the whole log with it, and records a `Change` (kind `BOX_CHANGED`, the whole box
before and after, so `undo_change` can put it back) whose summary says what the box change
did downstream (solar175.downstream): "Mars is now zone 3 (was 1): games 3 and 5 re-scored;
…; standings purple 9 → 7".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from campaign.actions.cache import lock_campaign, rebuild
from campaign.actions.history import downstream_words, record
from campaign.campaign_io import campaign_file_data
from campaign.models import Campaign, Change, ChangeKind, Corporation, Game
from gamefile.words import Joined, _
from hosting.busy import writes
from scoring.catalogue import catalogue_from_db
from solar175.box import Box, box_differences, read_box
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue
from solar175.downstream import downstream_changes, sentence
from solar175.replay import replay


@dataclass(frozen=True)
class BoxChanged:
    """A box change as the page that made it says it: what changed in the box (`what`), what
    that changed downstream (`downstream`), and the recorded `change` (for its undo)."""

    change: Change
    what: tuple[str, ...]
    downstream: tuple[str, ...]

    @property
    def sentence(self) -> str:
        return box_sentence(self.what, self.downstream)


def box_sentence(what, downstream, *, said: Callable[[Any], Any] = str) -> str:
    """ "Mars is now zone 3 (was 1): games 3 and 5 re-scored; standings purple 9 → 7".

    `said` puts each of the rules' sentences in words: as they are (English, the History's
    summary) or in the reader's language (a page: `hosting.words.translated`)."""
    changed = "; ".join(str(said(line)) for line in what) or str(said(_("the box is as it was")))
    # Translators: what changed in the box, then what that changed downstream.
    return str(
        said(
            _(
                "%(changed)s: %(downstream)s",
                changed=f"{changed[:1].upper()}{changed[1:]}",
                downstream=said(sentence(downstream)),
            )
        )
    )


@writes
def change_box(campaign: Campaign, edit: Callable[[Box], Box], *, user=None) -> BoxChanged | None:
    """Change the campaign's box by `edit` (its box as stored now -> the box wanted), then
    replay; returns what it changed, or None when the box comes out as it was.

    `edit` runs on the box read with the campaign's row locked, so two people correcting two
    entries at once both keep their change. Preconditions: none unchecked. `CampaignError`,
    with nothing changed, when the new box is bad (at its path, `box.ships[0].presence`), when
    it removes or renames an entry a game uses (a ship card a table names, a location a city
    was named on, a megastructure a game built), or when the replay refuses the campaign with
    it (a megastructure made Type VI before the last game).
    """
    current = lock_campaign(campaign)
    reference = catalogue_from_db()
    old = read_box(current.box or None, None)
    new = read_box(edit(old).as_dict() or None, reference)
    if new.as_dict() == old.as_dict():
        return None
    _check_in_use(current, old.apply(reference), new.apply(reference))
    what, downstream = put_box(campaign, current, new, reference)
    summary = box_sentence(what, downstream)
    change = record(
        campaign,
        ChangeKind.BOX_CHANGED,
        user,
        summary=summary,
        details=[*what, *downstream],
        # Its words with the first one as it is: the History's headline capitalises it.
        words=_(
            "%(changed)s: %(downstream)s",
            changed=Joined(what) or _("the box is as it was"),
            downstream=sentence(downstream),
        ),
        before=old.as_dict(),
        after=new.as_dict(),
    )
    return BoxChanged(change, tuple(what), tuple(downstream))


def put_box(
    campaign: Campaign, current: Campaign, new: Box, reference: Catalogue, *, stored=False
) -> tuple[list[str], list[str]]:
    """Store `new` as the campaign's box and rebuild; returns what changed in the box and
    downstream, a line each. Preconditions: inside the transaction that locked `current`.
    `stored`: `new` is a box the campaign held before (an undo; `cache.rebuild`)."""
    old = read_box(current.box or None, None)
    corporations = list(Corporation.objects.filter(campaign=current))
    games = list(Game.objects.filter(campaign=current))
    try:
        before = replay(campaign_file_data(current, corporations, games), reference)
    except CampaignError:
        # A log stored before the replay refused it (a game with no megastructure zone): what
        # the pages show now is the cache, and this change may be what makes it replay again.
        before = current.replayed_state()
    Campaign.objects.filter(pk=campaign.pk).update(box=new.as_dict())
    campaign.box = new.as_dict()
    try:
        after = rebuild(campaign, catalogue=reference, stored=stored)
    except CampaignError as error:
        raise CampaignError(
            error.path,
            _(
                "%(problem)s — so the box was not changed (the campaign with this box is one "
                "the rules refuse)",
                problem=error.message,
            ),
        ) from error
    what = box_differences(old.apply(reference), new.apply(reference))
    return what, downstream_changes(before, after, downstream_words(current, new))


def _check_in_use(current: Campaign, before: Catalogue, after: Catalogue) -> None:
    """Refuse to take out of the box (remove, or rename) what a game of the campaign uses."""
    games = list(
        Game.objects.filter(campaign=current)
        .order_by("number")
        .values_list("number", "megastructure", "city_location", "table")
    )
    for name in before.locations.keys() - after.locations.keys():
        cities = [number for number, _, city, _ in games if city == name]
        if cities:
            raise CampaignError(
                "box.locations",
                _(
                    "%(name)s cannot be renamed or removed: game %(number)s's winner named a "
                    "city there, and games keep the name of the card their city is on",
                    name=name,
                    number=cities[0],
                ),
            )
    for key in before.megastructures.keys() - after.megastructures.keys():
        built = [number for number, megastructure, _, _ in games if megastructure == key]
        built += [g for g, k in _opening_built(current) if k == key]
        if built:
            raise CampaignError(
                "box.megastructures",
                _(
                    "%(name)s cannot be removed: game %(number)s built it",
                    name=before.megastructures[key].name,
                    number=built[0],
                ),
            )
    for name in before.ships.keys() - after.ships.keys():
        naming = [number for number, _, _, table in games if name in _cards(table)]
        if naming:
            raise CampaignError(
                "box.ships",
                _(
                    "%(name)s cannot be renamed or removed: game %(number)s's table names its card",
                    name=name,
                    number=naming[0],
                ),
            )


def _cards(table: Any) -> set[str]:
    """The ship cards a stored table names."""
    if not isinstance(table, Mapping):
        return set()
    return {
        ship["card"]
        for player in table.get("players") or []
        if isinstance(player, Mapping)
        for ship in player.get("ships") or []
        if isinstance(ship, Mapping) and isinstance(ship.get("card"), str)
    }


def _opening_built(campaign: Campaign) -> list[tuple[int, str]]:
    opening = campaign.opening or {}
    return [
        (entry.get("game", 0), entry.get("megastructure"))
        for entry in opening.get("megastructures_built") or []
        if isinstance(entry, Mapping)
    ]
