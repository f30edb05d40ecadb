"""What the rules fix for one game as the group enters or corrects it, from the replay's word on
the campaign (pure: the views translate a request into these and their answers into a page).

- `first_game_number(opening)`: the log's first game, after a mid-campaign opening snapshot;
- `sections_open_at(unlocked, number)`: the sections open when a game is played (docs/unlocks.md);
- `debt_boxes_in_play(switches)`: whether the tracker cards have the Bank of Yurushi's red
  boxes (#8);
- `megastructure_choices(options, built)`: the megastructures the game may record;
- `rules_in_force(rules, house)`: the table rules the game is scored with;
- `opening_players(order, powers)`: a new game's players, the "+2 IP" power counted (#7);
- `stated_zone(zone, table)`: the Megastructure Location Token's zone a game states itself;
- `first_player(previous_winner, players)`: who takes the first player token (Setup);
- `city_changes_namer(namer, winner)`: whether a correction asks what happens to a city.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from solar175.campaign_file import POWER_BONUS_IP, Power
from solar175.sections import Switch


def first_game_number(opening: Mapping[str, Any] | None) -> int:
    """The log's first game: 1, or the one after a mid-campaign opening snapshot (its
    `after_game`, or the `games_played` an older snapshot states)."""
    opening = opening or {}
    return opening.get("after_game", opening.get("games_played", 0)) + 1


def sections_open_at(unlocked: Iterable[tuple[int, int]], number: int | None) -> list[int]:
    """The sections open when game `number` is played, from each unlock's (section, game it
    was unlocked after; 0 in the opening): those unlocked before it. For the next game
    (`None`), every one so far: the wizard shows only their fields (no spoilers)."""
    return [section for section, game in unlocked if number is None or game < number]


def debt_boxes_in_play(switches: Iterable[str]) -> bool:
    """Whether the tracker cards have the Bank of Yurushi's red boxes: section #8's new
    tracker cards are in play."""
    return Switch.NEW_TRACKER_CARDS in switches


def megastructure_choices(options: Iterable[str], built: str = "") -> list[str]:
    """The megastructures a game may record: those the replay offers it, and the one it
    records already (a correction keeps its own fact, whatever the rules offer now)."""
    choices = list(options)
    if built and built not in choices:
        choices.append(built)
    return choices


def rules_in_force(rules: Mapping[str, Any], house: Mapping[str, Any]) -> dict[str, Any]:
    """The table rules a game is scored with: those the replay derived for it, and the
    campaign's house rules for any it leaves to the group."""
    merged = dict(rules)
    for key, value in house.items():
        merged.setdefault(key, value)
    return merged


def opening_players(order: Iterable[str], powers: Mapping[str, str | None]) -> list[dict]:
    """A new game's players in order of play, each corporation's "+2 end game influence
    points" counted for whoever holds that power: it scores every game (section #7)."""
    return [
        {"corporation": key, "bonus_ip": POWER_BONUS_IP if powers.get(key) == Power.EXTRA_IP else 0}
        for key in order
    ]


def stated_zone(zone: int | None, table: Mapping[str, Any] | None) -> int | None:
    """The Megastructure Location Token's zone a game states itself (its own field, or its
    table's): a fact of that game, kept over the zone the box places its megastructure in
    (docs/campaign-file.md). `None` when it states none."""
    if zone is not None:
        return zone
    stated = (table or {}).get("megastructure_zone")
    return stated if isinstance(stated, int) and not isinstance(stated, bool) else None


def first_player(previous_winner: str | None, players: Iterable[str]) -> str | None:
    """Who takes the first player token: "Give the first player token to the player who won
    the last game" (Setup); `None` when that corporation is not at this table."""
    return previous_winner if previous_winner in set(players) else None


def city_changes_namer(namer: str | None, winner: str | None) -> bool:
    """Whether a correction takes a game's win from the corporation that named its city ("the
    winner of each game can choose one base location card ... and name one of the cities";
    "the names are permanent campaign history", RULES-NOTES §7): the group then says whether
    the name and its namer stay, or the new winner names a city instead (docs/replay.md
    "Cities")."""
    return bool(namer) and winner != namer
