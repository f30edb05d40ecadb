from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("accounts.urls")),
    path("", include("offline.urls")),
    path("p/", include("campaign.public_urls")),
    path("", include("scoring.urls")),
    path("catalogue/", include("scoring.catalogue_urls")),
    path("campaigns/", include("campaign.urls")),
    path("campaigns/", include("unlocks.urls")),
    path("campaigns/", include("campaign.picture_urls")),
    path("campaigns/", include("campaign.history_urls")),
    path("plays/", include("playlog.urls")),
]
