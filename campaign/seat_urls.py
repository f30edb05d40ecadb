"""The table's addresses that need no account (config/urls.py mounts them at the root): the
QR code of one game's draft (`t/`) and a guest's own seat in it (`g/`), each token the key."""

from django.urls import path

from campaign.views import draft_live, drafts, seats

app_name = "seats"

urlpatterns = [
    path("t/<str:token>/", seats.table, name="table"),
    path("g/<str:token>/", drafts.draft_seat.guest, name="guest_card"),
    path("g/<str:token>/live/", draft_live.draft_live.guest, name="guest_live"),
    path("g/<str:token>/push/", draft_live.draft_push.guest, name="guest_push"),
]
