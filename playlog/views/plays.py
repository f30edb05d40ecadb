"""A play's page (its people, its score sheet, its file), deleting it, and one game's stats with
their charts."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Prefetch
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from playlog import actions, chart_svg
from playlog.bgstats import bgstats_url
from playlog.frame import PLAYER, LogPage, log_page
from playlog.models import PlayPerson
from playlog.pages import pages_for
from playlog.playfile import dump_play_file
from playlog.stats import game_stats
from playlog.summary import record, shown_result, summarise

CHARTS = ("wins", "spread")


def holds_secrets(play) -> bool:
    """A Startropolis game still being played whose file holds the players' Mission Cards:
    they stay hidden until the end (ST:279), so its file waits for the final scoring."""
    return (
        play.game == "startropolis"
        and play.table is None
        and any((player or {}).get("mission") for player in (play.session or {}).get("players", []))
    )


@log_page("playlog/play.html", "log")
def play_detail(page: LogPage, number: int) -> dict[str, Any]:
    play = page.play(number)
    pages = pages_for(play.game)
    return page.frame(
        play=play,
        secret_file=holds_secrets(play),
        summary=summarise(play, page.title(play.game)),
        result=shown_result(play),
        table=play.table,
        sheet_template=pages.sheet_template if pages else None,
        sheet_url=pages.sheet_url(play) if pages else None,
        companion_url=pages.companion_url(play) if pages else None,
        companion_label=pages.companion_label if pages else "",
        companion_playing=pages.companion_playing if pages else "",
    )


@log_page("", "log")
def play_bgstats(page: LogPage, number: int) -> HttpResponse:
    """Send a finished play to BG Stats: a redirect to its "create play" address, filled in."""
    play = page.play(number)
    summary = summarise(play, page.title(play.game))
    if not summary.standings:
        messages.error(page.request, _("Only a finished play can be sent to BG Stats."))
        return redirect(play)
    return HttpResponseRedirect(bgstats_url(play, summary.title, summary.standings))


@log_page("", "log")
def play_export(page: LogPage, number: int) -> HttpResponse:
    """The play file, as a download (the same text as `manage.py export_play`)."""
    play = page.play(number)
    if holds_secrets(play):
        messages.error(
            page.request,
            _(
                "The play file holds every player's Mission Cards, secret until the end of the "
                "game (ST:279): download it once the game is scored."
            ),
        )
        return redirect(play)
    text = dump_play_file(actions.play_file_of(play))
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    filename = f"{page.log.slug}-play-{play.number}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@log_page("playlog/play_confirm_delete.html", "log", role=PLAYER, methods=("GET", "POST"))
def play_delete(page: LogPage, number: int) -> HttpResponse | dict[str, Any]:
    play = page.play(number)
    if page.request.method == "POST":
        actions.delete_play(play)
        messages.success(page.request, _("Play %(number)s deleted.") % {"number": number})
        return redirect(page.log)
    return page.frame(play=play, summary=summarise(play, page.title(play.game)))


def _stats(page: LogPage, game: str):
    page.game(game)
    plays = (
        page.log.plays.filter(game=game, result__isnull=False)
        .newest_first()
        .prefetch_related(Prefetch("people", queryset=PlayPerson.objects.order_by("seat")))
    )
    return game_stats([record(play) for play in plays])


@log_page("playlog/stats.html", "stats")
def game_stats_page(page: LogPage, game: str) -> dict[str, Any]:
    stats = _stats(page, game)
    title = page.title(game)
    pictures = []
    if not stats.empty:
        for chart in CHARTS:
            width, height = chart_svg.size(stats, chart)
            pictures.append(
                {
                    "url": reverse(
                        f"playlog:stats_{chart}", kwargs={"log": page.log.slug, "game": game}
                    ),
                    "width": width,
                    "height": height,
                    "alt": (
                        _("Plays and wins per player")
                        if chart == "wins"
                        else _("Scores per player")
                    ),
                }
            )
    return page.frame(game=game, title=title, stats=stats, pictures=pictures)


def _picture(page: LogPage, game: str, chart: str) -> HttpResponse:
    stats = _stats(page, game)
    if stats.empty:
        return HttpResponse(_("No finished play yet."), status=404, content_type="text/plain")
    draw = chart_svg.wins_chart if chart == "wins" else chart_svg.spread_chart
    svg = draw(stats, page.title(game))
    return HttpResponse(svg, content_type="image/svg+xml")


@log_page("", "stats")
def stats_wins(page: LogPage, game: str) -> HttpResponse:
    return _picture(page, game, "wins")


@log_page("", "stats")
def stats_spread(page: LogPage, game: str) -> HttpResponse:
    return _picture(page, game, "spread")
