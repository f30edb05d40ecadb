"""The live table's addresses, every one of them here; their paths and names are the ones they
had inside `campaign` (docs/architecture.md "The live table"):

- `urlpatterns`, namespace `seats`, mounted at the root (config/urls.py): the addresses that
  need no account, the QR code of one game's draft (`t/`) and a guest's own seat in it (`g/`),
  each token the key;
- `campaign_patterns`, in the `campaign` namespace beside `campaign.urls` under `campaigns/`
  (config/urls.py joins them): a member's draft pages, the protocol's push and poll, the seat
  picker, a guest's seat handed over, the photo of a game's final table. Their names stay
  `campaign:…`, the names every template, `reverse()` and the frame's guest twins use.
"""

from django.urls import path

from live.views import draft_live, drafts, photos, seats

app_name = "seats"

urlpatterns = [
    path("t/<str:token>/", seats.table, name="table"),
    path("g/<str:token>/", drafts.draft_seat.guest, name="guest_card"),
    path("g/<str:token>/live/", draft_live.draft_live.guest, name="guest_live"),
    path("g/<str:token>/push/", draft_live.draft_push.guest, name="guest_push"),
]

campaign_patterns = [
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
]
