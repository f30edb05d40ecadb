"""Mounted at the site's root (config/urls.py): the worker's scope is the folder it is
served from, so it must be `/sw.js`, not under /static/."""

from django.urls import path

from offline import views

app_name = "offline"

urlpatterns = [
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.worker, name="worker"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("offline/", views.offline_page, name="page"),
]
