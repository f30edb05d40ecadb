from django.urls import path

from campaign import views

app_name = "campaign"

urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("new/", views.campaign_create, name="create"),
    path("new/mid-campaign/", views.campaign_create_midway, name="create_midway"),
    path("import/", views.campaign_import, name="import"),
    path("<slug:slug>/", views.dashboard, name="dashboard"),
    path("<slug:slug>/export/", views.campaign_export, name="export"),
    path("<slug:slug>/settings/", views.campaign_settings, name="settings"),
    path("<slug:slug>/delete/", views.campaign_delete, name="delete"),
    path("<slug:slug>/games/", views.game_log, name="games"),
    path("<slug:slug>/games/new/", views.game_add, name="game_add"),
    path("<slug:slug>/games/preview/", views.game_preview, name="game_preview"),
    path("<slug:slug>/games/<int:number>/edit/", views.game_edit, name="game_edit"),
    path("<slug:slug>/games/<int:number>/delete/", views.game_delete, name="game_delete"),
    path("<slug:slug>/games/<int:number>/move/", views.game_move, name="game_move"),
    path("<slug:slug>/games/<int:number>/checklist/", views.checklist, name="checklist"),
    path("<slug:slug>/games/<int:number>/city/", views.checklist_city, name="checklist_city"),
    path(
        "<slug:slug>/games/<int:number>/power/<slug:key>/",
        views.checklist_power,
        name="checklist_power",
    ),
    path("<slug:slug>/trackers/", views.trackers, name="trackers"),
    path("<slug:slug>/elections/", views.elections, name="elections"),
    path("<slug:slug>/cities/", views.cities, name="cities"),
]
