"""A play log's read-only public page, mounted at /p/plays/ (config/urls.py): the token is the
key, as for a campaign's public page. Off until the owner switches it on (Settings)."""

from django.urls import path

from playlog.views import public

app_name = "playlog_public"

urlpatterns = [
    path("<str:token>/", public.log_page, name="log"),
]
