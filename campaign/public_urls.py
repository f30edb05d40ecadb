"""A campaign's read-only public page, mounted at /p/ (config/urls.py): the token is the key.

Only these five pages, each the member page's public twin (`campaign.frame`): no sections, no
setup sheet, no checklist, nothing locked."""

from django.urls import path

from campaign.views import pages

app_name = "public"

urlpatterns = [
    path("<str:token>/", pages.dashboard.public, name="dashboard"),
    path("<str:token>/games/", pages.game_log.public, name="games"),
    path("<str:token>/trackers/", pages.trackers.public, name="trackers"),
    path("<str:token>/elections/", pages.elections.public, name="elections"),
    path("<str:token>/cities/", pages.cities.public, name="cities"),
]
