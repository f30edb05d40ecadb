"""Admin for the reference catalogue. The group edits most of it in the app (/catalogue/);
the admin is the fallback for everything else (HUBs, parties, awards, colours)."""

from django.contrib import admin

from .models import (
    Award,
    CatalogueSeed,
    CorporationColour,
    Hub,
    Location,
    Megastructure,
    Party,
    PlayerPower,
    Ship,
    TrackerSection,
    Zone,
)


class HubInline(admin.StackedInline):
    model = Hub
    extra = 0


@admin.register(Zone)
class ZoneAdmin(admin.ModelAdmin):
    list_display = ["number", "hub_name"]
    search_fields = ["hub_name"]
    inlines = [HubInline]


@admin.register(Hub)
class HubAdmin(admin.ModelAdmin):
    list_display = ["name", "key", "zone", "scores", "order"]
    list_filter = ["zone"]
    search_fields = ["name", "key", "scores"]
    list_select_related = ["zone"]


@admin.register(Party)
class PartyAdmin(admin.ModelAdmin):
    list_display = ["name", "key", "doubles", "order"]
    list_filter = ["doubles"]
    search_fields = ["name", "key"]


@admin.register(Location)
class LocationAdmin(admin.ModelAdmin):
    list_display = ["name", "zone", "base_location", "naming_spaces", "mining"]
    list_filter = ["zone", "base_location", "mining"]
    search_fields = ["name"]
    list_select_related = ["zone"]


@admin.register(Megastructure)
class MegastructureAdmin(admin.ModelAdmin):
    list_display = ["name", "key", "type", "location", "fixed_game", "order"]
    list_filter = ["type", "location__zone"]
    search_fields = ["name", "key", "location__name"]
    list_select_related = ["location"]
    autocomplete_fields = ["location"]

    def get_readonly_fields(self, request, obj=None):
        # Game logs and campaign files name a megastructure by its key (docs/commands.md).
        return ["key"] if obj else []


class AwardInline(admin.TabularInline):
    model = Award
    extra = 0


@admin.register(TrackerSection)
class TrackerSectionAdmin(admin.ModelAdmin):
    list_display = ["name", "key", "boxes", "order"]
    list_filter = ["boxes"]
    search_fields = ["name", "key"]
    inlines = [AwardInline]


@admin.register(Award)
class AwardAdmin(admin.ModelAdmin):
    list_display = ["name", "section", "tier", "points"]
    list_filter = ["tier", "section"]
    search_fields = ["name", "section__name"]
    list_select_related = ["section"]


@admin.register(PlayerPower)
class PlayerPowerAdmin(admin.ModelAdmin):
    list_display = ["name", "key", "order"]
    search_fields = ["name", "key", "description"]


@admin.register(Ship)
class ShipAdmin(admin.ModelAdmin):
    list_display = ["name", "presence", "moves", "starting", "leased"]
    list_filter = ["starting", "leased", "presence"]
    search_fields = ["name"]


@admin.register(CorporationColour)
class CorporationColourAdmin(admin.ModelAdmin):
    list_display = ["name", "key", "css_colour", "order"]
    search_fields = ["name", "key"]


@admin.register(CatalogueSeed)
class CatalogueSeedAdmin(admin.ModelAdmin):
    """Read-only: the record of what load_catalogue has put in; deleting an entry lets the
    next run insert that fixture row again (the way to bring back a removed row)."""

    list_display = ["model", "entry", "seeded_at"]
    list_filter = ["model"]
    search_fields = ["entry"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
