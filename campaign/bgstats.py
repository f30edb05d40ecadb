"""A saved game as a play for BG Stats, the play-logging app many groups use.

BG Stats documents a "create play" address that opens the app with a play filled in:
`createPlay.html?data=<the play as URL-encoded JSON>` (its play-data format: `sourceName`,
`playDate`, `game`, `players` with `score`, `rank`, `winner`, `startPlayer`, and `comments`).
Nothing is sent from the server: the game's page links to that address and the person's own
phone opens it. Built from plain data so it is tested without a browser.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import quote

from django.utils.translation import gettext as _

CREATE_PLAY_URL = "https://app.bgstatsapp.com/createPlay.html"
# BG Stats remembers a group's matches of games and players per source name: keep it stable.
SOURCE_NAME = "Solar 175 campaign manager"
GAME_NAME = "Solar 175"
SOURCE_GAME_ID = "solar175"


@dataclass(frozen=True)
class PlaySeat:
    key: str
    corporation: str  # the corporation's name
    player: str  # the person's name ("" when the group never typed one)
    score: int
    rank: int


def bgstats_play(
    *,
    campaign_slug: str,
    campaign_name: str,
    number: int,
    played_on: str,
    seats: Sequence[PlaySeat],
    winner: str,
    start_player: str | None,
    comments: Sequence[str] = (),
) -> dict:
    """The play as BG Stats reads it. `start_player` is the corporation key that began the game
    (the winner of the previous game, Setup step 8), or None when it is not known (game 1)."""
    players = []
    for seat in seats:
        player = {
            "name": seat.player or seat.corporation,
            # Stable across the campaign's games, so BG Stats matches the person once.
            "sourcePlayerId": f"{campaign_slug}:{seat.key}",
            "score": seat.score,
            "rank": seat.rank,
            "winner": seat.key == winner,
            "role": seat.corporation,
        }
        if start_player is not None:
            player["startPlayer"] = seat.key == start_player
        players.append(player)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"{campaign_slug}:game-{number}",
        # BG Stats wants a time; the app keeps only the date.
        "playDate": f"{played_on} 00:00:00",
        "game": {"name": GAME_NAME, "sourceGameId": SOURCE_GAME_ID, "highestWins": True},
        "players": players,
        "comments": "\n".join(
            [
                _("Game %(number)s of the campaign “%(campaign)s”.")
                % {"number": number, "campaign": campaign_name},
                *comments,
            ]
        ),
    }


def create_play_url(play: Mapping) -> str:
    """The address that opens BG Stats with `play` filled in."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY_URL}?data={quote(data, safe='')}"
