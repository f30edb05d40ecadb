from django.contrib import admin
from django.urls import include, path

from accounts import urls as accounts_urls
from accounts.language import mail_language
from campaign import member_urls
from campaign import urls as campaign_urls
from hosting.health import health
from hosting.views import ThrottledPasswordResetView
from live import urls as live_urls

urlpatterns = [
    path("admin/", admin.site.urls),
    # For a proxy's or a monitor's checks: 200 with the database answering, else 503.
    path("health/", health, name="health"),
    # Django's own, at most a few mails an hour (hosting.throttle); before its namesake below.
    # The mail in the language the person chose, else the asking phone's.
    path(
        "accounts/password_reset/",
        ThrottledPasswordResetView.as_view(mail_language=mail_language),
        name="password_reset",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    # Sign-up and join links, and a campaign's members pages: the `accounts:` names they had.
    path(
        "",
        include((accounts_urls.urlpatterns + member_urls.urlpatterns, accounts_urls.app_name)),
    ),
    path("", include("offline.urls")),
    path("p/plays/", include("playlog.public_urls")),
    path("p/", include("campaign.public_urls")),
    path("", include("live.urls")),
    path("", include("one_off.urls")),
    path("catalogue/", include("scoring.catalogue_urls")),
    # The ledger's pages and the live table's (live.urls), one `campaign` namespace as before
    # the live table became an app of its own: the same names, the same paths.
    path(
        "campaigns/",
        include((campaign_urls.urlpatterns + live_urls.campaign_patterns, campaign_urls.app_name)),
    ),
    path("campaigns/", include("unlocks.urls")),
    path("campaigns/", include("pictures.urls")),
    path("campaigns/", include("campaign.history_urls")),
    path("plays/", include("playlog.urls")),
    # Each game's own pages, in its own namespace (playlog.games: GameRules.web).
    path("plays/", include("playlog.game_urls")),
]

# A database the app cannot reach is a 503 with a sentence, wherever it was found.
handler500 = "hosting.middleware.server_error"
