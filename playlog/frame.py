"""The frame every play log page shares, as one decorator (as `campaign.frame` is for campaigns).

A page is a function of a `LogPage` (the request and the play log with the reader's role); it
returns its template's context, or a response of its own (a redirect after a POST). The
decorator does the rest:

- the lookup (`accounts.access.space_for`, the one lookup campaigns use too): login first,
  404 to a non-member, 403 to a role too low;
- the allowed methods;
- the navigation context: the log, the active tab, the games it offers;
- the log's time zone (`PlayLog.time_zone`, docs/time-zones.md) active while the page is
  built and rendered: its dates and times are the group's, and "played on" defaults to the
  group's today.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_http_methods

from accounts.access import OWN, PLAY, READ, space_for
from hosting.time_zones import in_zone
from playlog.games import GAMES, GameRules
from playlog.models import Play, PlayLog
from playlog.pages import offered
from playlog.titles import game_title

READER = READ
PLAYER = PLAY
OWNER = OWN


class LogPage:
    def __init__(self, request: HttpRequest, log: PlayLog, template: str, active: str) -> None:
        self.request = request
        self.log = log
        self.template = template
        self.active = active

    def frame(self, **extra: Any) -> dict[str, Any]:
        """The layout's context: the log, the active tab, the games the pages offer (with the
        group's titles, for the navigation), and the page's own `extra`."""
        return {
            "log": self.log,
            "active": self.active,
            "nav_games": [(key, self.title(key)) for key in offered()],
            **extra,
        }

    def render(self, context: dict[str, Any], *, template: str = "", status: int = 200):
        return render(self.request, template or self.template, context, status=status)

    def play(self, number: int, game: str | None = None) -> Play:
        """The log's play `number` (of `game`, when the page is one game's), or 404."""
        filters: dict[str, Any] = {"play_log": self.log, "number": number}
        if game is not None:
            filters["game"] = game
        return get_object_or_404(Play, **filters)

    def game(self, key: str) -> GameRules:
        if key not in GAMES:
            raise Http404("No such game in the play log.")
        return GAMES[key]

    def members(self) -> list[str]:
        """The log's members' user names, for a "who played" choice."""
        return sorted(self.log.memberships.values_list("user__username", flat=True))

    def title(self, key: str) -> str:
        return game_title(self.log, key)


Body = Callable[..., "HttpResponse | dict[str, Any]"]


def log_page(
    template: str, active: str, *, role: str = READER, methods: Sequence[str] = ("GET",)
) -> Callable[[Body], Callable[..., HttpResponse]]:
    """Make `body(page, **url_kwargs)` a play log view (see the module's docstring)."""

    def decorate(body: Body) -> Callable[..., HttpResponse]:
        @login_required
        @require_http_methods(list(methods))
        @wraps(body)
        def view(request: HttpRequest, log: str, **kwargs: Any) -> HttpResponse:
            found = space_for(request, PlayLog, log, role)
            page = LogPage(request, found, template, active)
            with in_zone(found.time_zone):
                result = body(page, **kwargs)
                if isinstance(result, HttpResponse):
                    return result
                return render(request, template, result)

        return view

    return decorate
