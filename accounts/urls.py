"""Mounted at the site's root (config/urls.py): sign up, join links, a person's language. A
campaign's members pages (`campaign.member_urls`) are mounted with these, under the same
`accounts:` names."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("accounts/signup/", views.signup, name="signup"),
    path("join/<str:token>/", views.join, name="join"),
    path("accounts/language/", views.language, name="language"),
]
