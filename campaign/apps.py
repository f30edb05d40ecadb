from django.apps import AppConfig, apps
from django.db.models.signals import post_delete, post_save


def _catalogue_changed(sender, **kwargs) -> None:
    """A catalogue row added, edited or deleted (a megastructure renamed, a location added):
    every campaign's pages name it, so every campaign gets a new revision (its cached page
    bodies are not read again). Signals, not the catalogue's views, so that the admin, the
    fixtures and `load_catalogue` count too."""
    from campaign.actions import touch

    touch()


class CampaignConfig(AppConfig):
    name = "campaign"

    def ready(self) -> None:
        from accounts.views import JOIN_LANDINGS
        from campaign.views.members import join_landing

        # A playing member who has just joined a campaign goes to a seat (docs/seats.md).
        JOIN_LANDINGS["campaign.campaign"] = join_landing
        for model in apps.get_app_config("scoring").get_models():
            post_save.connect(_catalogue_changed, sender=model, dispatch_uid=f"catalogue-{model}")
            post_delete.connect(
                _catalogue_changed, sender=model, dispatch_uid=f"catalogue-del-{model}"
            )
