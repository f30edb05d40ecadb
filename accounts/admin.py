"""The admin's pages of people and access, and what the campaign and play log lists share
(`SpaceAdmin`)."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, IntegerField, OuterRef, Prefetch, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy

from accounts.models import Invite, Membership, PublicLink, Role


def count_of(model, field: str):
    """How many `model` rows name the listed row by `field`: one subquery, not a join, so
    counting members and games together multiplies nothing."""
    rows = model.objects.filter(**{field: OuterRef("pk")}).order_by().values(field)
    return Coalesce(
        Subquery(rows.annotate(n=Count("pk")).values("n"), output_field=IntegerField()), 0
    )


class SpaceAdmin(admin.ModelAdmin):
    """A campaign or a play log in the admin: listed with its owners, members and what was
    played, read-only (everything in it is written by the app's actions, which keep its
    derived data in step), and deletable, through the app's own `delete` action. The list
    costs the same few queries however many rows it shows: the counts are subqueries, the
    owners one prefetch."""

    # What the subclass names: its play count's model and field, its delete action.
    played_model = None
    played_field = ""
    delete_space = None

    search_fields = ("name", "slug")
    date_hierarchy = "created_at"

    def get_queryset(self, request):
        owners = Membership.objects.filter(role=Role.OWNER).select_related("user")
        return (
            super()
            .get_queryset(request)
            .only("name", "slug", "created_at")
            .annotate(
                member_count=count_of(Membership, self.space_field),
                played_count=count_of(self.played_model, self.played_field),
            )
            .prefetch_related(Prefetch("memberships", queryset=owners, to_attr="owner_rows"))
        )

    @admin.display(description=gettext_lazy("owners"))
    def owners(self, space) -> str:
        return ", ".join(str(m.user) for m in space.owner_rows) or "—"

    @admin.display(description=gettext_lazy("members"), ordering="member_count")
    def members(self, space) -> int:
        return space.member_count

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def delete_model(self, request, obj) -> None:
        type(self).delete_space(obj)

    def delete_queryset(self, request, queryset) -> None:
        for space in queryset:
            type(self).delete_space(space)


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
