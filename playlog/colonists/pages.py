"""What the play log's shared pages ask of the colonist game (`playlog.pages`)."""

from django.utils.translation import gettext_lazy

from playlog.colonists.forms import SettingsForm
from playlog.pages import GamePages, GameSettings

PAGES = GamePages(
    namespace="colonists",
    sheet_template="playlog/colonists/_score_sheet.html",
    companion="table",
    companion_label=gettext_lazy("At the table"),
    companion_playing=gettext_lazy("Not scored yet: the game is being played at the table."),
    settings=GameSettings(heading=gettext_lazy("The colonist game"), form=SettingsForm),
)
