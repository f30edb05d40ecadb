from django.contrib import admin

from accounts.models import Invite, Membership, PublicLink


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("campaign", "play_log", "user", "role", "joined_at")
    list_filter = ("role",)
    list_select_related = ("campaign", "play_log", "user")


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = (
        "campaign",
        "play_log",
        "role",
        "created_by",
        "expires_at",
        "revoked_at",
        "uses",
    )
    list_select_related = ("campaign", "play_log", "created_by")


@admin.register(PublicLink)
class PublicLinkAdmin(admin.ModelAdmin):
    list_display = ("campaign", "enabled", "updated_at")
    list_select_related = ("campaign",)
