"""The colonist game's addresses (expert rules), beside the play log's under `plays/`
(config/urls.py, through `playlog.game_urls`): the score sheet and the helpers at the table."""

from django.urls import path

from playlog.colonists import views
from playlog.urls import LOG, PLAY

app_name = "colonists"

urlpatterns = [
    path(f"{LOG}new/colonists-expert/", views.new_play, name="new"),
    path(f"{PLAY}colonists/sheet/", views.sheet, name="sheet"),
    path(f"{PLAY}colonists/table/", views.table, name="table"),
    path(f"{PLAY}colonists/table/layout/", views.table_layout, name="layout"),
    path(f"{PLAY}colonists/table/round/", views.table_round, name="round"),
    path(f"{PLAY}colonists/table/board/", views.table_board, name="board"),
]
