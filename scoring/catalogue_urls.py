from django.urls import path

from . import catalogue_views

app_name = "catalogue"

urlpatterns = [
    path("", catalogue_views.index, name="index"),
    path("locations/", catalogue_views.location_list, name="locations"),
    path("locations/add/", catalogue_views.location_add, name="location_add"),
    path("locations/<id:pk>/edit/", catalogue_views.location_edit, name="location_edit"),
    path("megastructures/", catalogue_views.megastructure_list, name="megastructures"),
    path("megastructures/add/", catalogue_views.megastructure_add, name="megastructure_add"),
    path(
        "megastructures/<slug:key>/edit/",
        catalogue_views.megastructure_edit,
        name="megastructure_edit",
    ),
    path("ships/", catalogue_views.ship_list, name="ships"),
    path("ships/add/", catalogue_views.ship_add, name="ship_add"),
    path("ships/<id:pk>/edit/", catalogue_views.ship_edit, name="ship_edit"),
    path("awards/", catalogue_views.award_list, name="awards"),
    path("powers/", catalogue_views.power_list, name="powers"),
    # Entries a legacy section brings (`catalogue_views.SPOILERS`): asked for, then shown.
    path("reveal/<slug:key>/", catalogue_views.reveal, name="reveal"),
    path("reveal/<slug:key>/hide/", catalogue_views.hide, name="hide"),
]
