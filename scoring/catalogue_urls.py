from django.urls import path

from . import catalogue_views

app_name = "catalogue"

# Read-only: the reference catalogue. A group corrects its own box from its campaign.
urlpatterns = [
    path("", catalogue_views.index, name="index"),
    path("locations/", catalogue_views.location_list, name="locations"),
    path("megastructures/", catalogue_views.megastructure_list, name="megastructures"),
    path("ships/", catalogue_views.ship_list, name="ships"),
    path("awards/", catalogue_views.award_list, name="awards"),
    path("powers/", catalogue_views.power_list, name="powers"),
    # Entries a legacy section brings (`catalogue_views.SPOILERS`): asked for, then shown.
    path("reveal/<slug:key>/", catalogue_views.reveal, name="reveal"),
    path("reveal/<slug:key>/hide/", catalogue_views.hide, name="hide"),
]
