from django.urls import path

from campaign.views import (
    box,
    campaigns,
    checklist,
    corporations,
    draft_live,
    drafts,
    games,
    pages,
    photos,
    seats,
)

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
    path("<slug:slug>/games/together/", drafts.draft_join, name="draft_join"),
    path("<slug:slug>/games/together/open/", drafts.draft_open, name="draft_open"),
    path("<slug:slug>/games/together/table/", drafts.draft, name="draft"),
    path("<slug:slug>/games/together/seats/", drafts.draft_table, name="draft_table"),
    path("<slug:slug>/games/together/shared/", drafts.draft_shared, name="draft_shared"),
    path("<slug:slug>/games/together/live/", draft_live.draft_live, name="draft_live"),
    path("<slug:slug>/games/together/push/", draft_live.draft_push, name="draft_push"),
    path("<slug:slug>/games/together/save/", drafts.draft_save, name="draft_save"),
    path("<slug:slug>/games/together/seat/<slug:key>/", drafts.draft_seat, name="draft_seat"),
    path("<slug:slug>/games/together/discard/", seats.draft_discard, name="draft_discard"),
    path("<slug:slug>/seat/", seats.seat_choice, name="seat_choice"),
    path("<slug:slug>/guests/<id:pk>/hand-over/", seats.guest_tie, name="guest_tie"),
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
    path("<slug:slug>/games/<number:number>/photo/", photos.game_photo, name="game_photo"),
    path(
        "<slug:slug>/games/<number:number>/photo/add/",
        photos.game_photo_add,
        name="game_photo_add",
    ),
    path(
        "<slug:slug>/games/<number:number>/photo/remove/",
        photos.game_photo_remove,
        name="game_photo_remove",
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
