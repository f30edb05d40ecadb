from django.urls import path

from . import catalogue_views

app_name = "catalogue"

urlpatterns: list = []
