"""Startropolis's addresses, beside the play log's under `plays/` (config/urls.py, through
`playlog.game_urls`): the setup, the round tracker (the table's screen, each player's own),
the station's picture, every step, the final scoring; the end state of a game without it."""

from django.urls import path

from playlog.startropolis import setup_views, views
from playlog.urls import LOG, PLAY

app_name = "startropolis"

# A player's own view of a game: their seat at the table, from 0.
SEAT = f"{PLAY}startropolis/seat/<number:seat>/"

urlpatterns = [
    path(f"{LOG}new/startropolis/", setup_views.new_play, name="new"),
    path(f"{LOG}new/startropolis/end-state/", setup_views.new_end_state, name="new_end"),
    path(f"{PLAY}startropolis/", views.table, name="table"),
    path(SEAT, views.seat_view, name="seat"),
    path(f"{SEAT}mission/", views.mission, name="mission"),
    path(f"{PLAY}startropolis/changed/", views.changed, name="changed"),
    path(f"{PLAY}startropolis/station.svg", views.picture, name="picture"),
    path(f"{PLAY}startropolis/purchase/", views.purchase, name="purchase"),
    path(f"{PLAY}startropolis/attach/", views.attach, name="attach"),
    path(f"{PLAY}startropolis/dice/", views.rolls, name="rolls"),
    path(f"{PLAY}startropolis/figures/", views.figures, name="figures"),
    path(f"{PLAY}startropolis/undo/", views.undo, name="undo"),
    path(f"{PLAY}startropolis/finish/", views.finish, name="finish"),
    path(f"{PLAY}startropolis/sheet/", setup_views.sheet, name="sheet"),
]
