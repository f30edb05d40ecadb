"""Campaigns in the admin: listed with their owners, members and games, read-only (the log and
its cache are the app's to write, campaign.actions), and deletable (`delete_campaign`)."""

from django.contrib import admin

from accounts.admin import SpaceAdmin
from campaign.actions import delete_campaign
from campaign.models import Campaign, Game


@admin.register(Campaign)
class CampaignAdmin(SpaceAdmin):
    space_field = "campaign"
    played_model = Game
    played_field = "campaign"
    delete_space = delete_campaign

    list_display = ("name", "owners", "members", "games", "created_at")
    fields = ("name", "slug", "created_at", "owners", "members", "games")
    readonly_fields = fields

    @admin.display(description="games", ordering="played_count")
    def games(self, campaign: Campaign) -> int:
        return campaign.played_count
