"""Which games the play log's pages offer, and where each game's own pages are.

The rules side of a game is `playlog.games.GAMES`; this is its web side: the address of a new
play, of a play's end-state form and of its companion, and the template of its score sheet on
the play's page. A game joins the web pages by adding one `GamePages` here (and its views and
URLs); the log, the stats, the play file, the members and the access rules are shared.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from playlog.models import Play, PlayLog


@dataclass(frozen=True)
class GamePages:
    # URL names in the `playlog` namespace.
    new: str
    sheet: str
    # The score sheet shown on the play's page.
    sheet_template: str
    companion: str | None = None
    companion_label: str = ""

    def new_url(self, log: PlayLog) -> str:
        return reverse(self.new, kwargs={"log": log.slug})

    def sheet_url(self, play: Play) -> str:
        return reverse(self.sheet, kwargs={"log": play.play_log.slug, "number": play.number})

    def companion_url(self, play: Play) -> str | None:
        if self.companion is None or play.session is None:
            return None
        return reverse(self.companion, kwargs={"log": play.play_log.slug, "number": play.number})


OFFERED: dict[str, GamePages] = {
    "space-explorers-solo": GamePages(
        new="playlog:se_new",
        sheet="playlog:se_sheet",
        sheet_template="playlog/space_explorers/_score_sheet.html",
        companion="playlog:se_turns",
        companion_label="Turn runner",
    ),
    "colonists-expert": GamePages(
        new="playlog:colonists_new",
        sheet="playlog:colonists_sheet",
        sheet_template="playlog/colonists/_score_sheet.html",
        companion="playlog:colonists_table",
        companion_label="At the table",
    ),
    "startropolis": GamePages(
        new="playlog:st_new",
        sheet="playlog:st_sheet",
        sheet_template="playlog/startropolis/_score_sheet.html",
        companion="playlog:st_table",
        companion_label="Round tracker",
    ),
}
