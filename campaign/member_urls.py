"""A campaign's members, invitation links and public page switch (campaign.views.members).

Mounted in config/urls.py together with accounts' own pages, under the `accounts:` names these
addresses always had: no link of any page changes."""

from django.urls import path

from campaign.views import members

urlpatterns = [
    path("campaigns/<slug:slug>/members/", members.member_list, name="members"),
    path("campaigns/<slug:slug>/members/<id:pk>/role/", members.member_role, name="member_role"),
    path(
        "campaigns/<slug:slug>/members/<id:pk>/remove/",
        members.member_remove,
        name="member_remove",
    ),
    path("campaigns/<slug:slug>/invites/", members.invite_create, name="invite_create"),
    path(
        "campaigns/<slug:slug>/invites/<id:pk>/revoke/",
        members.invite_revoke,
        name="invite_revoke",
    ),
    path("campaigns/<slug:slug>/public/", members.public_page, name="public_page"),
    path("campaigns/<slug:slug>/public/switch/", members.public_switch, name="public_switch"),
    path(
        "campaigns/<slug:slug>/public/new-address/",
        members.public_regenerate,
        name="public_regenerate",
    ),
]
