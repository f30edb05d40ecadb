"""A campaign <-> its campaign file (docs/campaign-file.md), the backup a group keeps.

`campaign_to_dict` is also the replay's input: `campaign.actions.rebuild` replays exactly what
an export would write, so the file and the cache can never disagree.

The file is canonical: keys in the order docs/commands.md prints them, games in number order, and
the optional keys this project adds (`notes`, `megastructure_zone`, the campaign's `box`) only
when they hold something. So export -> import -> export gives the same bytes
(`docs/campaign-file.md`), and a campaign whose box is the reference's exports as before.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from django.db import models
from django.utils.text import slugify

from campaign.models import Campaign, Corporation, Game
from gamefile.canonical import ordered
from gamefile.json_input import JsonInputError, read_json_file
from solar175.box import read_box
from solar175.campaign_file import (
    CAMPAIGN_FORMAT,
    CAMPAIGN_VERSION,
    DEBT_MARK_KEYS,
    MANUAL_UNLOCK_KEYS,
    CampaignError,
    dumps_campaign_file,
)
from solar175.opening import canonical_opening
from solar175.table_file import canonical_table

DEFAULT_SLUG = "campaign"


# --- export ------------------------------------------------------------------------------


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
    data = {
        "format": CAMPAIGN_FORMAT,
        "version": CAMPAIGN_VERSION,
        "name": campaign.name,
        "settings": campaign.house().to_settings(),
        "corporations": [
            {"key": c.key, "name": c.name, "player": c.player, "ai": c.ai} for c in corporations
        ],
        "opening": canonical_opening(campaign.opening),
        "games": [game_to_dict(game) for game in games],
        "manual_unlocks": [ordered(u, MANUAL_UNLOCK_KEYS) for u in campaign.manual_unlocks],
        "powers": {c.key: c.power for c in corporations if c.power},
    }
    # PostgreSQL's jsonb keeps no key order: the box is written back in its canonical shape.
    box = read_box(campaign.box or None, None).as_dict()
    if box:
        data["box"] = box
    return data


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
        "named_city": _named_city(game),
        "debt_marks": [ordered(mark, DEBT_MARK_KEYS) for mark in game.debt_marks],
    }
    if game.notes:
        data["notes"] = game.notes
    return data


def _named_city(game: Game) -> dict[str, str] | None:
    """`named_city`, with `named_by` only when the group kept a namer other than the winner."""
    if not game.city_location:
        return None
    city = {"location": game.city_location, "name": game.city_name}
    if game.city_named_by:
        city["named_by"] = game.city_named_by
    return city


def dump_campaign(campaign: Campaign) -> str:
    """The campaign file's text: UTF-8 JSON, two-space indent, one trailing newline."""
    return dumps_campaign_file(campaign_to_dict(campaign))


def read_campaign_file(path: str | Path) -> Any:
    """The JSON in the file at `path`; a `CampaignError` at the file's name when there is none."""
    try:
        return read_json_file(path)
    except JsonInputError as error:
        raise CampaignError(str(path), str(error)) from None


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
        city_named_by=city.get("named_by") or "",
        debt_marks=list(data.get("debt_marks") or []),
        notes=data.get("notes") or "",
        created_by=user,
        updated_by=user,
    )


def unique_slug(name: str, model: type[models.Model] = Campaign, default: str = "") -> str:
    """A slug from `name` no campaign (or other `model` with a unique `slug`: a play log) has
    yet: `thursday-group`, then `thursday-group-2`, …"""
    max_length = model._meta.get_field("slug").max_length
    base = slugify(name)[: max_length - 6].strip("-") or default or DEFAULT_SLUG
    taken = set(model.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"
