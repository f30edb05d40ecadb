from django.urls import path

from one_off import views

# The names the wizard's pages always had (`scoring:wizard`, `scoring:game_list`, ...).
app_name = "scoring"

urlpatterns = [
    path("", views.home, name="home"),
    path("score/", views.wizard, name="wizard"),
    path("score/preview/", views.preview, name="preview"),
    path("games/", views.game_list, name="game_list"),
    path("games/<id:pk>/", views.game_detail, name="game_detail"),
    path("games/<id:pk>/edit/", views.game_edit, name="game_edit"),
    path("games/<id:pk>/delete/", views.game_delete, name="game_delete"),
]
