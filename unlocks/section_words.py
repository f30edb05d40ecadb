"""What each section changes (fixtures/sections.json, "changes"): this app's own summaries, so
each language has them in its catalogue (docs/translating.md); `said` gives a summary in the
reader's language. A section's trigger ("trigger_text") is the rulebook's own printed sentence
and stays as printed, as its title does. `tests` check the list is the fixture's."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

CHANGES = (
    gettext_noop(
        "Zone 3 location cards join the solar system and zone 3 presence is scored. HUB bonus"
        " tokens (Box One, opened with section #2): one at random, face up, on each HUB every"
        " game."
    ),
    gettext_noop(
        "The Near-Earth Dynamic Systems card joins the trade row: a trade action and 2 "
        "credits hire a NED, a permanent robotic worker."
    ),
    gettext_noop(
        "Zone 4 location cards join the solar system and zone 4 presence is scored. The Move "
        "HUB Worker action may instead swap two HUB bonus tokens."
    ),
    gettext_noop(
        "The White Star Shipyard card joins the trade row: lease ships for their price; "
        "leased ships add their printed presence and go back at the end of the game."
    ),
    gettext_noop("Story only."),
    gettext_noop(
        "Each game every player is dealt 2 political influence cards and keeps 1; its IP is "
        "added at scoring."
    ),
    gettext_noop(
        "Each corporation picks a permanent power, the winner of game 4 first, then second "
        "place and so on: +2 end-game IP; +3 starting credits; keep both political influence "
        "cards; once a game a free megastructure funding token; +1 vote to a party of choice;"
        " bases cost 1 credit less."
    ),
    gettext_noop(
        "Zone 5 location cards join the solar system and zone 5 presence is scored. New "
        "tracker cards: more award spaces, the player power sticker and the Bank of Yurushi "
        "campaign-debt boxes (each use of a bank power costs the campaign points of the red "
        "box checked)."
    ),
    gettext_noop(
        "From now on the winner of the last game (or chance) picks the megastructure from the"
        " Type II list; all Type II before any higher type."
    ),
    gettext_noop("Zone 6 location cards join the solar system and zone 6 presence is scored."),
    gettext_noop(
        "After all Type II: Type III, then Type IV (pages 49-51); Type V and VI have their "
        "own triggers; then the recurring megastructures."
    ),
    gettext_noop(
        "The Celestial Rebellion card joins the political row; spoiled ballots vote for it; "
        "in power it doubles presence IP and credits score 1 IP each. Two new political "
        "influence cards."
    ),
    gettext_noop(
        "The Nakamura Flight Academy, Treppenwitz Engineering and Yurushi Employment Center "
        "hire cards flip to side B; at the election the worker type(s) with fewest left on "
        "their card add 2 votes to their party."
    ),
    gettext_noop(
        "A new Bank of Yurushi card with loan tokens replaces the old one; loans are repaid "
        "from credits at scoring, each credit short is -1 IP."
    ),
    gettext_noop("Every game starts with 2 credits instead of 1."),
    gettext_noop(
        "The Wotherby's trade card and its project deck join the trade row: a trade action "
        "takes a project card."
    ),
)


def said(changes: str | None) -> str:
    """A section's summary in the reader's language ("" for none); a summary the catalogue
    does not have (a group's own) as it is."""
    return gettext(changes) if changes else ""
