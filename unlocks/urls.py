"""Mounted under /campaigns/ next to the campaign pages (config/urls.py)."""

from django.urls import path

from unlocks import views

app_name = "unlocks"

urlpatterns = [
    path("<slug:slug>/sections/", views.section_list, name="sections"),
    path("<slug:slug>/sections/<number:number>/", views.section_detail, name="section"),
    path(
        "<slug:slug>/sections/<number:number>/components/",
        views.section_components,
        name="section_components",
    ),
    path("<slug:slug>/sections/<number:number>/note/", views.section_note, name="section_note"),
    path(
        "<slug:slug>/sections/<number:number>/unlock/", views.section_unlock, name="section_unlock"
    ),
    path(
        "<slug:slug>/sections/<number:number>/take-back/",
        views.section_take_back,
        name="section_take_back",
    ),
    path(
        "<slug:slug>/sections/<number:number>/reveal/", views.section_reveal, name="section_reveal"
    ),
    path("<slug:slug>/sections/<number:number>/hide/", views.section_hide, name="section_hide"),
    path("<slug:slug>/next/", views.next_unlocks, name="next"),
    path("<slug:slug>/setup/", views.setup_sheet, name="setup"),
    path("<slug:slug>/rules/", views.rules_reference, name="rules"),
]
