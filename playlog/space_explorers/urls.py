"""Space Explorers (solo)'s addresses, beside the play log's under `plays/` (config/urls.py,
through `playlog.game_urls`): the setup, the turn runner, the score sheet."""

from django.urls import path

from playlog.space_explorers import views
from playlog.urls import LOG, PLAY

app_name = "space_explorers"

urlpatterns = [
    path(f"{LOG}new/space-explorers-solo/", views.new_play, name="new"),
    path(f"{PLAY}turns/", views.turns, name="turns"),
    path(f"{PLAY}turns/opponent/", views.opponent_turn, name="opponent"),
    path(f"{PLAY}turns/you/", views.your_turn, name="you"),
    path(f"{PLAY}turns/undo/", views.undo, name="undo"),
    path(f"{PLAY}turns/change/", views.change_opponent_turn, name="change"),
    path(f"{PLAY}turns/step/<int:step>/", views.change_step, name="step"),
    path(f"{PLAY}turns/finish/", views.finish, name="finish"),
    path(f"{PLAY}space-explorers/sheet/", views.sheet, name="sheet"),
]
