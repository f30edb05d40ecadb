"""A play of the log as a play for BG Stats, as the campaign's games are (campaign/bgstats.py):
the "create play" address opens the person's own BG Stats with the play filled in; nothing is
sent from the server.

Players are matched by a stable `sourcePlayerId` (the log and the member's account, or the
typed name; the Space Explorers Opponent is a bot of the log), so BG Stats learns each person
once. Scores are the game's totals (VP, credits, points: the highest wins in all three), and
every winner is marked (a shared win marks several)."""

from __future__ import annotations

from collections.abc import Sequence

from campaign.bgstats import SOURCE_NAME, create_play_url
from playlog.games import Standing
from playlog.models import Play


def bgstats_play(play: Play, title: str, standings: Sequence[Standing]) -> dict:
    """The finished `play` (its people prefetched) as BG Stats reads it."""
    log = play.play_log
    people = list(play.people.all())
    players = []
    for standing in standings:
        if standing.seat is None:
            source = f"{log.slug}:bot:{standing.name}"
        else:
            person = people[standing.seat]
            source = f"{log.slug}:" + (
                f"member-{person.user_id}" if person.user_id else f"name-{person.name}"
            )
        players.append(
            {
                "name": standing.name,
                "sourcePlayerId": source,
                "score": standing.total,
                "winner": standing.won,
            }
        )
    comments = [f"Play {play.number} of the play log “{log.name}”."]
    if play.notes:
        comments.append(play.notes)
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"{log.slug}:play-{play.number}",
        # BG Stats wants a time; the log keeps only the date.
        "playDate": f"{play.played_on.isoformat()} 00:00:00",
        "game": {"name": title, "sourceGameId": play.game, "highestWins": True},
        "players": players,
        "comments": "\n".join(comments),
    }


def bgstats_url(play: Play, title: str, standings: Sequence[Standing]) -> str:
    return create_play_url(bgstats_play(play, title, standings))
