from django.urls import path

from campaign import picture_views

app_name = "pictures"

urlpatterns = [
    path("<slug:slug>/charts/", picture_views.charts_page, name="charts"),
    path("<slug:slug>/trackers/<slug:key>.png", picture_views.tracker_png, name="tracker_png"),
    path(
        "<slug:slug>/games/<int:number>/summary/",
        picture_views.game_summary,
        name="game_summary",
    ),
]
