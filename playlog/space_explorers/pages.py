"""What the play log's shared pages ask of Space Explorers (`playlog.pages`)."""

from django.utils.translation import gettext_lazy

from playlog.pages import GamePages, GameSettings

PAGES = GamePages(
    namespace="space_explorers",
    sheet_template="playlog/space_explorers/_score_sheet.html",
    companion="turns",
    companion_label=gettext_lazy("Turn runner"),
    companion_playing=gettext_lazy(
        "Not scored yet: the game is being played with the turn runner."
    ),
    # The tiles the group entered (SE-R8): remembered from the setups, nothing to set.
    settings=GameSettings(remembered="playlog/space_explorers/_settings.html"),
)
