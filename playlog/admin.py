"""Play logs in the admin: listed with their owners, members and plays, read-only (plays and
their scores are the app's to write, playlog.actions), and deletable (`delete_play_log`)."""

from django.contrib import admin

from accounts.admin import SpaceAdmin
from playlog.actions import delete_play_log
from playlog.models import Play, PlayLog


@admin.register(PlayLog)
class PlayLogAdmin(SpaceAdmin):
    space_field = "play_log"
    played_model = Play
    played_field = "play_log"
    delete_space = delete_play_log

    list_display = ("name", "owners", "members", "plays", "created_at")
    fields = ("name", "slug", "created_at", "owners", "members", "plays")
    readonly_fields = fields

    @admin.display(description="plays", ordering="played_count")
    def plays(self, log: PlayLog) -> int:
        return log.played_count
