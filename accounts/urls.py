"""Mounted at the site's root (config/urls.py): sign up, join links, a campaign's members."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    path("join/<str:token>/", views.join, name="join"),
    path("campaigns/<slug:slug>/members/", views.members, name="members"),
    path("campaigns/<slug:slug>/members/<id:pk>/role/", views.member_role, name="member_role"),
    path(
        "campaigns/<slug:slug>/members/<id:pk>/remove/",
        views.member_remove,
        name="member_remove",
    ),
    path("campaigns/<slug:slug>/invites/", views.invite_create, name="invite_create"),
    path(
        "campaigns/<slug:slug>/invites/<id:pk>/revoke/",
        views.invite_revoke,
        name="invite_revoke",
    ),
    path("campaigns/<slug:slug>/public/", views.public_page, name="public_page"),
    path("campaigns/<slug:slug>/public/switch/", views.public_switch, name="public_switch"),
    path(
        "campaigns/<slug:slug>/public/new-address/",
        views.public_regenerate,
        name="public_regenerate",
    ),
]
