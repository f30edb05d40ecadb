from django.contrib import admin

from accounts.models import Invite, Membership, PublicLink


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("campaign", "user", "role", "joined_at")
    list_filter = ("role",)
    list_select_related = ("campaign", "user")


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = ("campaign", "role", "created_by", "expires_at", "revoked_at", "uses")
    list_select_related = ("campaign", "created_by")


@admin.register(PublicLink)
class PublicLinkAdmin(admin.ModelAdmin):
    list_display = ("campaign", "enabled", "updated_at")
    list_select_related = ("campaign",)
