from django.urls import path

app_name = "pictures"

urlpatterns: list = []
