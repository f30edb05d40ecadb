"""A campaign's read-only public page, mounted at /p/ (config/urls.py): the token is the key."""

from django.urls import path

from campaign import views

app_name = "public"

urlpatterns = [
    path("<str:token>/", views.public_dashboard, name="dashboard"),
    path("<str:token>/games/", views.public_game_log, name="games"),
    path("<str:token>/trackers/", views.public_trackers, name="trackers"),
    path("<str:token>/elections/", views.public_elections, name="elections"),
    path("<str:token>/cities/", views.public_cities, name="cities"),
]
