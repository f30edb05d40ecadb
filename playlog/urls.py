"""The play log's addresses, mounted at `plays/` (config/urls.py). `<log>` is a play log's
slug, `<number>` a play's number in it, `<game>` a game's key (playlog.games)."""

from django.urls import path

from playlog.views import (
    colonists,
    logs,
    members,
    plays,
    space_explorers,
    startropolis,
    startropolis_setup,
)

app_name = "playlog"

LOG = "<slug:log>/"
PLAY = "<slug:log>/<number:number>/"
# A player's own view of a Startropolis game: their seat at the table, from 0.
SEAT = f"{PLAY}startropolis/seat/<number:seat>/"

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
    # Space Explorers (solo): the setup, the turn runner, the score sheet.
    path(f"{LOG}new/space-explorers-solo/", space_explorers.new_play, name="se_new"),
    path(f"{PLAY}turns/", space_explorers.turns, name="se_turns"),
    path(f"{PLAY}turns/opponent/", space_explorers.opponent_turn, name="se_opponent"),
    path(f"{PLAY}turns/you/", space_explorers.your_turn, name="se_you"),
    path(f"{PLAY}turns/undo/", space_explorers.undo, name="se_undo"),
    path(f"{PLAY}turns/change/", space_explorers.change_opponent_turn, name="se_change"),
    path(f"{PLAY}turns/step/<int:step>/", space_explorers.change_step, name="se_step"),
    path(f"{PLAY}turns/finish/", space_explorers.finish, name="se_finish"),
    path(f"{PLAY}space-explorers/sheet/", space_explorers.sheet, name="se_sheet"),
    # The colonist game (expert rules): the score sheet and the helpers at the table.
    path(f"{LOG}new/colonists-expert/", colonists.new_play, name="colonists_new"),
    path(f"{PLAY}colonists/sheet/", colonists.sheet, name="colonists_sheet"),
    path(f"{PLAY}colonists/table/", colonists.table, name="colonists_table"),
    path(f"{PLAY}colonists/table/layout/", colonists.table_layout, name="colonists_layout"),
    path(f"{PLAY}colonists/table/round/", colonists.table_round, name="colonists_round"),
    path(f"{PLAY}colonists/table/board/", colonists.table_board, name="colonists_board"),
    # Startropolis: the setup, the round tracker (the table's screen, each player's own), the
    # station's picture, every step, the final scoring; the end state of a game without it.
    path(f"{LOG}new/startropolis/", startropolis_setup.new_play, name="st_new"),
    path(f"{LOG}new/startropolis/end-state/", startropolis_setup.new_end_state, name="st_new_end"),
    path(f"{PLAY}startropolis/", startropolis.table, name="st_table"),
    path(f"{SEAT}", startropolis.seat_view, name="st_seat"),
    path(f"{SEAT}mission/", startropolis.mission, name="st_mission"),
    path(f"{PLAY}startropolis/changed/", startropolis.changed, name="st_changed"),
    path(f"{PLAY}startropolis/station.svg", startropolis.picture, name="st_picture"),
    path(f"{PLAY}startropolis/purchase/", startropolis.purchase, name="st_purchase"),
    path(f"{PLAY}startropolis/attach/", startropolis.attach, name="st_attach"),
    path(f"{PLAY}startropolis/dice/", startropolis.rolls, name="st_rolls"),
    path(f"{PLAY}startropolis/figures/", startropolis.figures, name="st_figures"),
    path(f"{PLAY}startropolis/undo/", startropolis.undo, name="st_undo"),
    path(f"{PLAY}startropolis/finish/", startropolis.finish, name="st_finish"),
    path(f"{PLAY}startropolis/sheet/", startropolis_setup.sheet, name="st_sheet"),
]
