"""What the upgrade tests share: the campaigns an earlier version stored (fixtures/upgrades/),
their scores as that version computed them, and the writes a group makes after upgrading."""

from __future__ import annotations

import copy
import datetime
import json
from pathlib import Path
from typing import Any

from benchmarks.samples import make_table
from campaign import actions
from campaign.models import Campaign, Game

PROJECT = Path(__file__).resolve().parents[2]
UPGRADES = PROJECT / "fixtures" / "upgrades"
OLD = UPGRADES / "600b321"
# A later state (campaign 0009, playlog 0002): the demo, a leased ship named by its card with
# no presence of its own (scored with the first reference's 2), a play log of three plays.
LATER = UPGRADES / "352ec41"
LEASED = "leased-ship-by-its-card"
# The campaign of issue 30: The Kraken in game 11 and the Dyson Swarm in game 13, no zone.
KRAKEN = "kraken-without-a-zone"
# benchmarks.samples.make_campaign(13) at 600b321: every Type III and the Dyson Swarm built
# with no zone, Terraform Mars among them (which the reference has placed on Mars since).
THIRTEEN = "thirteen-games-sample"
ZONELESS = {
    KRAKEN: {11: "the-kraken", 13: "dyson-swarm"},
    THIRTEEN: {
        9: "terraform-mars",
        10: "terraform-venus",
        11: "the-kraken",
        12: "titanica-elite",
        13: "dyson-swarm",
    },
}


def old_file(slug: str) -> dict[str, Any]:
    """The campaign file `export_campaign` printed at 600b321."""
    return json.loads((OLD / f"{slug}.json").read_text(encoding="utf-8"))


def old_rows(folder: Path = OLD) -> list[dict[str, Any]]:
    """The database rows a version stored (`dumpdata`: the catalogue, and each campaign's row,
    corporations and games with the cache its replay wrote; play logs, plays and people)."""
    return json.loads((folder / "database.json").read_text(encoding="utf-8"))


def old_results(slug: str, folder: Path = OLD) -> dict[int, dict[str, Any]]:
    """Each game's score as that version cached it (`Game.result`), by game number."""
    rows = old_rows(folder)
    pk = next(
        r["pk"] for r in rows if r["model"] == "campaign.campaign" and r["fields"]["slug"] == slug
    )
    return {
        r["fields"]["number"]: r["fields"]["result"]
        for r in rows
        if r["model"] == "campaign.game" and r["fields"]["campaign"] == pk
    }


def totals(result: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """A game's score in short: each corporation's total and place."""
    return {p["corporation"]: (p["total"], p["rank"]) for p in result["players"]}


def presence(result: dict[str, Any]) -> dict[str, int]:
    """Each corporation's presence IP, where the +5 of the megastructure's zone goes."""
    return {p["corporation"]: p["ip"]["presence"] for p in result["players"]}


def results(campaign: Campaign) -> dict[int, dict[str, Any]]:
    return {g.number: g.result for g in Game.objects.filter(campaign=campaign)}


def edit_credits(game: Game, by: int = 1, user=None) -> Game:
    """An edit of a game that leaves its megastructure and zone as stored: one more credit
    to its first player."""
    table = copy.deepcopy(game.table)
    table["players"][0]["credits"] = table["players"][0].get("credits", 0) + by
    return actions.save_game(
        game.campaign,
        table=table,
        played_on=game.played_on,
        megastructure=game.megastructure,
        game=game,
        user=user,
    )


def add_game(campaign: Campaign, megastructure: str = "", **facts: Any) -> Game:
    """The next game, its table held by every corporation at zones 1 and 2 only."""
    corporations = list(campaign.corporations.order_by("order").values_list("key", flat=True))
    last = campaign.games.order_by("-number").first()
    return actions.save_game(
        campaign,
        table=make_table(*corporations),
        played_on=last.played_on + datetime.timedelta(days=7),
        megastructure=megastructure,
        **facts,
    )
