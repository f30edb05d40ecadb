"""Spoilers in the wizard: which sections a one-off game's group has unlocked, by number only.

A legacy game's sections are secret until unlocked (RULES-NOTES §5). A one-off game's wizard
asks which sections the group has unlocked, by number only, and shows a field only once the
section that brings it is unlocked; only then does it name the thing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from scoring.catalogue import STARTING_SHIP_PRESENCE
from solar175 import engine
from solar175.sections import (
    PLAYER_COMPONENTS,
    SHIP_CARD_SECTIONS,
    Switch,
    first_section_with,
    sections,
    sections_by_number,
    switches_on,
)
from solar175.table import (
    ALWAYS_IN_PLAY,
    SECTION_NUMBERS,
)

# Spoilers: a legacy game's sections are secret until unlocked (RULES-NOTES §5). A one-off
# game's wizard asks which sections the group has unlocked, by number only, and shows a field
# only once the section that brings it is unlocked; only then does it name the thing. Of
# sections 20 to 33 only #23 and #24 add to what the table holds (a leased ship card each,
# `solar175.sections.SHIP_CARD_SECTIONS`), so the wizard asks about #1 to #19, #23 and #24.
ASKED_SECTIONS = (*range(1, 20), *sorted(SHIP_CARD_SECTIONS.values()))


NO_SECTIONS = "none"


# The games whose end unlocks sections whatever happens in them (#1-#9, Campaign Events):
# one tap sets the picker to what those games unlocked.
PRESET_GAMES = (1, 2, 3, 4)


def sections_after_game(game: int) -> tuple[int, ...]:
    """The sections that unlock at the end of games 1 to `game`, whatever happens in them."""
    return tuple(
        s.number
        for s in sections()
        if s.trigger.get("kind") == "end_of_game" and s.trigger.get("game", 0) <= game
    )


def sections_for_table(
    table: Mapping[str, Any],
    *,
    rules: Mapping[str, Any] | None = None,
    starting_ship_presence: int = STARTING_SHIP_PRESENCE,
) -> frozenset[int]:
    """The unlocked sections a saved table stands for, so its editor shows every value it holds.

    A one-off game's table names them (the optional `sections` key); to those come the fewest
    sections that bring every value the table holds (a table from a file, or saved before the
    wizard asked): zone 3 in play needs the section that opens zone 3, a loan the one that
    brings loans, and so on. A table of a first game needs none. `rules` stands in for the
    table's own when a campaign fixes them.
    """
    named = table.get("sections") if isinstance(table.get("sections"), list) else []
    given = {
        n for n in named if isinstance(n, int) and not isinstance(n, bool) and n in SECTION_NUMBERS
    }
    if rules is None:
        rules = table.get("rules") if isinstance(table.get("rules"), Mapping) else {}
    needed: set[Switch] = set()
    for zone in rules.get("zones_in_play") or ():
        if zone in engine.ALL_ZONES and zone not in ALWAYS_IN_PLAY:
            needed.add(Switch(f"zone_{zone}"))
    for rule in (Switch.CELESTIAL_REBELLION, Switch.TRADE_UNIONS):
        if rules.get(rule):
            needed.add(rule)
    for player in table.get("players") or ():
        if not isinstance(player, Mapping):
            continue
        needed.update(c.switch for key, c in PLAYER_COMPONENTS.items() if player.get(key))
        if player.get("bonus_ip"):
            # The wizard's "+2 IP" field is the player power's (#7).
            needed.add(Switch.PLAYER_POWERS)
        ships = [ship for ship in player.get("ships") or () if isinstance(ship, Mapping)]
        if len(ships) > 1 or any(
            s.get("card") or s.get("presence") != starting_ship_presence for s in ships
        ):
            needed.add(Switch.WHITE_STAR)
        cards = {s.get("card") for s in ships}
        given |= {n for card, n in SHIP_CARD_SECTIONS.items() if card in cards}
    return frozenset(given | {first_section_with(switch) for switch in needed})


def section_features(unlocked: Iterable[int]) -> frozenset[str]:
    """What the unlocked sections switch on (zones, rules, components), as the wizard reads it."""
    known = sections_by_number()
    return switches_on(n for n in unlocked if n in known)


def numbers_text(numbers: Iterable[int]) -> str:
    """Section numbers for a sentence, runs shortened: "#1–#4, #6, #12"."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = []
    for run in runs:
        if len(run) > 2:
            parts.append(f"#{run[0]}–#{run[-1]}")
        else:
            parts += [f"#{n}" for n in run]
    return ", ".join(parts)
