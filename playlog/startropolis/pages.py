"""What the play log's shared pages ask of Startropolis (`playlog.pages`)."""

from django.utils.translation import gettext_lazy

from playlog.pages import GamePages

PAGES = GamePages(
    namespace="startropolis",
    sheet_template="playlog/startropolis/_score_sheet.html",
    companion="table",
    companion_label=gettext_lazy("Round tracker"),
    companion_playing=gettext_lazy(
        "Not scored yet: the game is being played with the round tracker."
    ),
)
