"""Each game's own addresses, beside the play log's under `plays/` (config/urls.py): the `urls`
of the package each game's `GameRules.web` names, each in the game's own namespace (its
`app_name`: `space_explorers:turns`, `colonists:table`, `startropolis:table`)."""

from django.urls import include, path

from playlog.games import GAMES

urlpatterns = [path("", include(f"{game.web}.urls")) for game in GAMES.values() if game.web]
