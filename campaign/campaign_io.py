"""A campaign <-> its campaign file (CONTRACTS.md §2), the backup a group keeps.

`campaign_to_dict` is also the replay's input: `campaign.actions.rebuild` replays exactly what
an export would write, so the file and the cache can never disagree.

The file is canonical: keys in the order CONTRACTS.md prints them, games in number order, and
the optional keys this project adds (`notes`) only when they hold something. So
export -> import -> export gives the same bytes (`docs/campaign-file.md`).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from django.utils.text import slugify

from campaign.campaign_file import OPENING_KEYS, REPLAY_OUTPUT_KEYS
from campaign.models import Campaign, ChangeKind, Corporation, Game
from campaign.replay import TRACKER_KEYS, CampaignError, Catalogue, replay, validate_campaign
from scoring.json_input import JsonInputError, read_json_file
from scoring.table import (
    BALLOT_KEYS,
    HIRE_CARDS,
    HUB_KEYS,
    HUBS_KEYS,
    PLAYER_KEYS,
    RULES_KEYS,
    SHIP_KEYS,
)
from scoring.table import TOP_KEYS as TABLE_KEYS

CAMPAIGN_FORMAT = "solar175-campaign"
CAMPAIGN_VERSION = 1
DEFAULT_SLUG = "campaign"

MANUAL_UNLOCK_KEYS = ("section", "after_game")
DEBT_MARK_KEYS = ("corporation", "points")
OPENING_ORDER = (*OPENING_KEYS, *REPLAY_OUTPUT_KEYS)
# Inside the opening: a tracker card's sections in card order, then awards', elections' and
# cities' keys as the replay output prints them (CONTRACTS.md §2).
NESTED_ORDER = (
    *TRACKER_KEYS,
    "influence_tally",
    "united_federalists",
    "workers_union",
    "brave_new_dawn",
    "celestial_rebellion",
    "section",
    "tier",
    "game",
    "megastructure",
    "location",
    "name",
    "corporation",
    "winner",
    "overthrown",
    "points",
)


# --- export ------------------------------------------------------------------------------


def canonical_table(table: Any) -> Any:
    """`table` with its keys in CONTRACTS.md §1 order and zones in number order.

    PostgreSQL's jsonb keeps no key order, so the export puts every table's keys back in the
    documented order: the same file from either database, and a file a person can diff.
    """
    if not isinstance(table, Mapping):
        return table
    out = _ordered(table, TABLE_KEYS)
    if isinstance(out.get("rules"), Mapping):
        out["rules"] = _ordered(out["rules"], RULES_KEYS)
    hubs = out.get("hubs")
    if isinstance(hubs, Mapping):
        hubs = _ordered(hubs, HUBS_KEYS)
        for key in ("hensler", "ufss", "military"):
            if isinstance(hubs.get(key), Mapping):
                hubs[key] = _ordered(hubs[key], HUB_KEYS)
        if isinstance(hubs.get("zones"), Mapping):
            hubs["zones"] = {
                zone: _ordered(hub, HUB_KEYS) if isinstance(hub, Mapping) else hub
                for zone, hub in _ordered(hubs["zones"]).items()
            }
        out["hubs"] = hubs
    if isinstance(out.get("ballots"), Mapping):
        out["ballots"] = _ordered(out["ballots"], BALLOT_KEYS)
    if isinstance(out.get("hire_cards_left"), Mapping):
        out["hire_cards_left"] = _ordered(out["hire_cards_left"], HIRE_CARDS)
    if isinstance(out.get("players"), list):
        out["players"] = [_canonical_player(p) for p in out["players"]]
    return out


def _canonical_player(player: Any) -> Any:
    if not isinstance(player, Mapping):
        return player
    out = _ordered(player, PLAYER_KEYS)
    if isinstance(out.get("outposts"), Mapping):
        out["outposts"] = _ordered(out["outposts"])
    if isinstance(out.get("ships"), list):
        out["ships"] = [
            _ordered(ship, SHIP_KEYS) if isinstance(ship, Mapping) else ship
            for ship in out["ships"]
        ]
    return out


def canonical_opening(opening: Any) -> Any:
    """The opening snapshot with its keys in the documented order, nested ones sorted."""
    if not isinstance(opening, Mapping):
        return opening
    return _deep_ordered(_ordered(opening, OPENING_ORDER))


def _deep_ordered(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _deep_ordered(item) for key, item in _ordered(value, NESTED_ORDER).items()}
    if isinstance(value, list):
        return [_deep_ordered(item) for item in value]
    return value


def _ordered(mapping: Mapping[str, Any], order: Sequence[str] = ()) -> dict[str, Any]:
    """The documented keys first in their order, then zones by number, then the rest by name."""
    rank = {key: i for i, key in enumerate(order)}

    def sort_key(key: str) -> tuple:
        if key in rank:
            return (0, rank[key], "")
        if isinstance(key, str) and key.isdigit():
            return (1, int(key), "")
        return (2, 0, str(key))

    return {key: mapping[key] for key in sorted(mapping, key=sort_key)}


def campaign_to_dict(campaign: Campaign) -> dict[str, Any]:
    """The campaign file of `campaign`: two queries (corporations, games), whatever its size;
    none when they were prefetched (`prefetch_related("corporations", "games")`)."""
    return campaign_file_data(campaign, campaign.corporations.all(), campaign.games.all())


def campaign_file_data(
    campaign: Campaign, corporations: Iterable[Corporation], games: Iterable[Game]
) -> dict[str, Any]:
    """The campaign file from a campaign row and its corporations and games, already read."""
    corporations = sorted(corporations, key=lambda c: (c.order, c.pk))
    games = sorted(games, key=lambda g: g.number)
    return {
        "format": CAMPAIGN_FORMAT,
        "version": CAMPAIGN_VERSION,
        "name": campaign.name,
        "settings": {"second_place_rounding": campaign.second_place_rounding},
        "corporations": [
            {"key": c.key, "name": c.name, "player": c.player, "ai": c.ai} for c in corporations
        ],
        "opening": canonical_opening(campaign.opening),
        "games": [game_to_dict(game) for game in games],
        "manual_unlocks": [_ordered(u, MANUAL_UNLOCK_KEYS) for u in campaign.manual_unlocks],
        "powers": {c.key: c.power for c in corporations if c.power},
    }


def game_to_dict(game: Game) -> dict[str, Any]:
    """One entry of the file's `games`: the log as the group entered it."""
    data: dict[str, Any] = {
        "number": game.number,
        "played_on": game.played_on.isoformat(),
        "megastructure": game.megastructure or None,
    }
    if game.megastructure_zone is not None:
        data["megastructure_zone"] = game.megastructure_zone
    data |= {
        "table": canonical_table(game.table),
        "neds_sold_out": game.neds_sold_out,
        "census_completed": game.census_completed,
        "megastructure_repairs_completed": game.megastructure_repairs_completed,
        "named_city": (
            {"location": game.city_location, "name": game.city_name} if game.city_location else None
        ),
        "debt_marks": [_ordered(mark, DEBT_MARK_KEYS) for mark in game.debt_marks],
    }
    if game.notes:
        data["notes"] = game.notes
    return data


def dump_campaign(campaign: Campaign) -> str:
    """The campaign file's text: UTF-8 JSON, two-space indent, one trailing newline."""
    return dumps_campaign_file(campaign_to_dict(campaign))


def dumps_campaign_file(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# --- import ------------------------------------------------------------------------------


def read_campaign_file(path: str | Path) -> Any:
    """The JSON in the file at `path`; a `CampaignError` at the file's name when there is none."""
    try:
        return read_json_file(path)
    except JsonInputError as error:
        raise CampaignError(str(path), str(error)) from None


def check_campaign_file(data: Any, catalogue: Catalogue) -> dict[str, Any]:
    """Raise the first `CampaignError` in `data`; return the replay's state when it has none.

    Bad input is caught here, before anything is written: the structure, the catalogue and
    what the database can hold (`validate_campaign`: text lengths, real calendar dates, keys
    usable in an address), then a whole replay, which refuses a table that contradicts the
    rules the earlier games derive.
    """
    validate_campaign(data, catalogue)
    return replay(data, catalogue)


def import_campaign(data: Any, *, name: str | None = None, user=None) -> Campaign:
    """Create a new campaign from a campaign file's data and rebuild its cache.

    Preconditions: none on `data` (it is checked first, raising `CampaignError` and writing
    nothing when it is bad). `name` overrides the file's name, e.g. to import a second copy.
    One transaction: the campaign, its corporations, its games and the cache, or nothing.
    """
    from campaign.actions import create_campaign_from_file  # actions import this module

    if name is not None and isinstance(data, Mapping):
        data = {**data, "name": name}
    return create_campaign_from_file(data, user=user, kind=ChangeKind.CAMPAIGN_IMPORTED)


def game_from_dict(campaign: Campaign, data: Mapping[str, Any], *, user=None) -> Game:
    city = data.get("named_city") or {}
    return Game(
        campaign=campaign,
        number=data["number"],
        played_on=datetime.date.fromisoformat(data["played_on"]),
        table=data["table"],
        megastructure=data.get("megastructure") or "",
        megastructure_zone=data.get("megastructure_zone"),
        neds_sold_out=bool(data.get("neds_sold_out", False)),
        census_completed=bool(data.get("census_completed", False)),
        megastructure_repairs_completed=bool(data.get("megastructure_repairs_completed", False)),
        city_location=city.get("location") or "",
        city_name=city.get("name") or "",
        debt_marks=list(data.get("debt_marks") or []),
        notes=data.get("notes") or "",
        created_by=user,
        updated_by=user,
    )


def unique_slug(name: str) -> str:
    """A slug from `name` no campaign has yet: `thursday-group`, then `thursday-group-2`, …"""
    max_length = Campaign._meta.get_field("slug").max_length
    base = slugify(name)[: max_length - 6].strip("-") or DEFAULT_SLUG
    taken = set(Campaign.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"
