"""What the play log calls each game: the group's own title where it set one.

The colonist game's title is not in its text (OTHER-GAMES.md §3.1): the group fills it in once
per play log; until then the app calls it "the colonist game (expert rules)".
"""

from __future__ import annotations

from hosting.words import translated
from playlog.games import GAMES
from playlog.models import PlayLog


def game_title(log: PlayLog, key: str) -> str:
    title = str(log.settings_for(key).get("title") or "").strip()
    return title or translated(GAMES[key].name)


def capitalised(text: str) -> str:
    """A title at the start of a sentence or a heading ("The colonist game …")."""
    return text[:1].upper() + text[1:]
