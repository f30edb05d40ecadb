from django.urls import path

from campaign import history_views

app_name = "history"

urlpatterns = [
    path("<slug:slug>/history/", history_views.change_list, name="list"),
    path("<slug:slug>/history/<id:pk>/undo/", history_views.change_undo, name="undo"),
]
