"""The play log's addresses, mounted at `plays/` (config/urls.py). `<log>` is a play log's
slug, `<number>` a play's number in it, `<game>` a game's key (playlog.games). Each game's own
pages are in its package, in its own namespace, beside these (`playlog.game_urls`)."""

from django.urls import path

from playlog.views import logs, members, plays

app_name = "playlog"

LOG = "<slug:log>/"
PLAY = "<slug:log>/<number:number>/"

urlpatterns = [
    path("", logs.log_list, name="list"),
    path("new/", logs.log_create, name="create"),
    path(LOG, logs.log_home, name="log"),
    path(f"{LOG}settings/", logs.log_settings, name="settings"),
    path(f"{LOG}delete/", logs.log_delete, name="delete"),
    path(f"{LOG}public/", logs.public_switch, name="public_switch"),
    path(f"{LOG}import/", logs.play_import, name="import"),
    # Members and invitation links: the campaign's pages (accounts.views), for a play log.
    path(f"{LOG}members/", members.member_list, name="members"),
    path(f"{LOG}members/<id:pk>/role/", members.member_role, name="member_role"),
    path(f"{LOG}members/<id:pk>/remove/", members.member_remove, name="member_remove"),
    path(f"{LOG}invites/", members.invite_create, name="invite_create"),
    path(f"{LOG}invites/<id:pk>/revoke/", members.invite_revoke, name="invite_revoke"),
    # One game's stats and their charts.
    path(f"{LOG}games/<slug:game>/", plays.game_stats_page, name="stats"),
    path(f"{LOG}games/<slug:game>/wins.svg", plays.stats_wins, name="stats_wins"),
    path(f"{LOG}games/<slug:game>/spread.svg", plays.stats_spread, name="stats_spread"),
    # A play.
    path(PLAY, plays.play_detail, name="play"),
    path(f"{PLAY}export/", plays.play_export, name="export"),
    path(f"{PLAY}bgstats/", plays.play_bgstats, name="bgstats"),
    path(f"{PLAY}delete/", plays.play_delete, name="play_delete"),
]
