"""What the play log's shared pages ask of each game, and where each game's own pages are.

The rules side of a game is `playlog.games.GAMES`; its web side is the package its `GameRules`
names (`web`, e.g. `playlog.startropolis`: a Django app with its forms, views, templates and
`urls` in a namespace of its own), whose `pages` module holds one `GamePages`: the address of a
new play, of a play's score sheet and of its companion, the template of its score sheet on the
play's page, and its part of the log's settings page. The shared pages (the log, a play, the
settings, the stats) find the games here by those names and never import a game's package: a
game's pages import the shared ones, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, Protocol

from django.urls import reverse

from playlog.games import GAMES
from playlog.models import Play, PlayLog


class GameSettingsForm(Protocol):
    """A game's settings form: made with the game's stored settings, bound or not; drawn
    inside the settings page's one form, so without a form tag of its own
    (`playlog.forms.NoFormTag`)."""

    def __init__(
        self, data: Mapping | None = None, *, stored: Mapping[str, Any], prefix: str
    ) -> None: ...

    def is_valid(self) -> bool: ...

    def settings(self) -> dict[str, Any]:
        """The settings to save (`actions.change_game_settings`), once valid."""
        ...


@dataclass(frozen=True)
class GameSettings:
    """A game's part of the log's settings page (the owner's): `form`, what the group sets,
    under `heading` inside the page's one form (saved with the log's name), and `remembered`,
    a template of what the app remembered from the plays, shown after the form with the
    game's stored settings as `stored`."""

    heading: str = ""
    form: Callable[..., GameSettingsForm] | None = None
    remembered: str = ""


@dataclass(frozen=True)
class GamePages:
    # The namespace of the game's `urls` (its `app_name`); the names below are in it.
    namespace: str
    # The score sheet shown on the play's page.
    sheet_template: str
    new: str = "new"
    sheet: str = "sheet"
    companion: str | None = None
    companion_label: str = ""
    # The play's page while the game is played with the companion: a whole sentence, so each
    # language names the companion as its sentence needs ("…with the turn runner.").
    companion_playing: str = ""
    settings: GameSettings | None = None

    def name(self, name: str) -> str:
        return f"{self.namespace}:{name}"

    def new_url(self, log: PlayLog) -> str:
        return reverse(self.name(self.new), kwargs={"log": log.slug})

    def sheet_url(self, play: Play) -> str:
        return reverse(
            self.name(self.sheet), kwargs={"log": play.play_log.slug, "number": play.number}
        )

    def companion_url(self, play: Play) -> str | None:
        if self.companion is None or play.session is None:
            return None
        return reverse(
            self.name(self.companion), kwargs={"log": play.play_log.slug, "number": play.number}
        )


@cache
def offered() -> dict[str, GamePages]:
    """The games the pages offer, by key, in the registry's order: each game's `PAGES`."""
    return {
        key: import_module(f"{game.web}.pages").PAGES
        for key, game in GAMES.items()
        if game.web is not None
    }


def pages_for(key: str) -> GamePages | None:
    """A game's pages, or None for a game the play log only reads and writes in files."""
    return offered().get(key)
