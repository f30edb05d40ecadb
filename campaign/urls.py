from django.urls import path

from campaign.views import (
    box,
    campaigns,
    checklist,
    corporations,
    games,
    pages,
)

# The live table's pages have names in this namespace too: config/urls.py mounts
# `live.urls.campaign_patterns` with these (docs/architecture.md "The live table").
app_name = "campaign"

urlpatterns = [
    path("", campaigns.campaign_list, name="list"),
    path("new/", campaigns.campaign_create, name="create"),
    path("new/mid-campaign/", campaigns.campaign_create_midway, name="create_midway"),
    path("import/", campaigns.campaign_import, name="import"),
    path("<slug:slug>/", pages.dashboard, name="dashboard"),
    path("<slug:slug>/export/", campaigns.campaign_export, name="export"),
    path("<slug:slug>/settings/", campaigns.campaign_settings, name="settings"),
    path("<slug:slug>/delete/", campaigns.campaign_delete, name="delete"),
    path("<slug:slug>/games/", pages.game_log, name="games"),
    path("<slug:slug>/games/new/", games.game_add, name="game_add"),
    path("<slug:slug>/games/preview/", games.game_preview, name="game_preview"),
    path("<slug:slug>/games/<number:number>/edit/", games.game_edit, name="game_edit"),
    path("<slug:slug>/games/<number:number>/delete/", games.game_delete, name="game_delete"),
    path("<slug:slug>/games/<number:number>/move/", games.game_move, name="game_move"),
    path("<slug:slug>/games/<number:number>/bgstats/", games.game_bgstats, name="game_bgstats"),
    path("<slug:slug>/games/<number:number>/checklist/", checklist.checklist, name="checklist"),
    path(
        "<slug:slug>/games/<number:number>/zone/", checklist.checklist_zone, name="checklist_zone"
    ),
    path(
        "<slug:slug>/games/<number:number>/city/", checklist.checklist_city, name="checklist_city"
    ),
    path(
        "<slug:slug>/games/<number:number>/power/<slug:key>/",
        checklist.checklist_power,
        name="checklist_power",
    ),
    path("<slug:slug>/corporations/", corporations.corporation_list, name="corporations"),
    path("<slug:slug>/corporations/new/", corporations.corporation_add, name="corporation_add"),
    path(
        "<slug:slug>/corporations/<slug:key>/",
        corporations.corporation_edit,
        name="corporation_edit",
    ),
    path("<slug:slug>/corporations/<slug:key>/seat/", corporations.seat_claim, name="seat_claim"),
    path("<slug:slug>/trackers/", pages.trackers, name="trackers"),
    path("<slug:slug>/elections/", pages.elections, name="elections"),
    path("<slug:slug>/cities/", pages.cities, name="cities"),
    # The campaign's own box (campaign/views/box.py): names come last, and may hold a "/".
    path("<slug:slug>/box/", box.box, name="box"),
    path("<slug:slug>/box/locations/new/", box.box_location, name="box_location_add"),
    path(
        "<slug:slug>/box/locations/edit/<path:location>/",
        box.box_location,
        name="box_location",
    ),
    path(
        "<slug:slug>/box/megastructures/new/", box.box_megastructure, name="box_megastructure_add"
    ),
    path(
        "<slug:slug>/box/megastructures/edit/<slug:megastructure>/",
        box.box_megastructure,
        name="box_megastructure",
    ),
    path("<slug:slug>/box/ships/new/", box.box_ship, name="box_ship_add"),
    path("<slug:slug>/box/ships/edit/<path:ship>/", box.box_ship, name="box_ship"),
    path("<slug:slug>/box/debt/", box.box_debt, name="box_debt"),
]
