"""A play log's public page: the finished plays (date, game, who played, the totals and who
won), read-only, for anyone with the address while the owner keeps it on. A game still being
played is not shown: a Startropolis game's missions are secret until its end (ST:279)."""

from __future__ import annotations

from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from playlog.models import PlayLog, PlayPerson
from playlog.summary import summarise
from playlog.titles import game_title


@require_GET
def log_page(request: HttpRequest, token: str) -> HttpResponse:
    log = PlayLog.objects.filter(public_token=token, public_enabled=True).first()
    if log is None:
        raise Http404("No public page at this address.")
    plays = log.plays.newest_first().prefetch_related(
        Prefetch("people", queryset=PlayPerson.objects.order_by("seat"))
    )
    summaries = [summarise(play, game_title(log, play.game)) for play in plays if play.finished]
    response = render(request, "playlog/public.html", {"public_log": log, "plays": summaries})
    response["X-Robots-Tag"] = "noindex"
    return response
