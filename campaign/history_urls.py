from django.urls import path

from campaign.views import history

app_name = "history"

urlpatterns = [
    path("<slug:slug>/history/", history.change_list, name="list"),
    path("<slug:slug>/history/<id:pk>/undo/", history.change_undo, name="undo"),
]
