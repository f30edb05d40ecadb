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
- `seat_order(keys, first)`: the order of play starting with that player;
- `city_changes_namer(namer, winner)`: whether a correction asks what happens to a city;
- `powers_in_play(switches)`, `leased_ships_in_play(switches)`: whether the player powers
  (#7) and the leased ships (#4) are in play;
- `new_switches(unlocked, games_played)`: what the last game's unlocks turned on;
- `manual_unlock_window(trigger, games_played, opening)`: when the group may unlock a section
  by its own decision (#19, #30);
- `free_city_locations(locations, cities, zones)`: where a game's winner may name a city;
- `power_chooser(placing, held)`, `free_powers(powers, held)`: who picks a power next, and
  which are left (#7).

docs/architecture.md, "Where each rule lives", lists which page asks which.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from solar175.campaign_file import POWER_BONUS_IP, Power
from solar175.sections import Switch, switches_on

# A section the group unlocks by its own decision (#19, #30): its trigger's kind.
MANUAL_KIND = "manual"
# #30's achievements are gained in games: after game 1 at the earliest, never "before the
# first game" (a trigger without its own `after_game`).
FIRST_GAME = 1


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


def first_player(previous_winner: str | None, players: Iterable[str] | None = None) -> str | None:
    """Who takes the first player token: "Give the first player token to the player who won
    the last game" (Setup step 8); `None` when that corporation is not at this table
    (`players`; not given: the next game's, whoever sits down)."""
    if players is None:
        return previous_winner
    return previous_winner if previous_winner in set(players) else None


def seat_order(keys: Sequence[str], first: str | None) -> list[str]:
    """The order of play: the corporations in the campaign's order, starting with the one that
    takes the first player token (`first_player`); as they are when it is not among them."""
    order = list(keys)
    if first in order:
        start = order.index(first)
        order = order[start:] + order[:start]
    return order


def leased_ships_in_play(switches: Iterable[str]) -> bool:
    """Whether the White Star leased ships are in play (section #4)."""
    return Switch.WHITE_STAR in switches


def powers_in_play(switches: Iterable[str]) -> bool:
    """Whether the player powers are in play: section #7 "Variable Player Powers" unlocked."""
    return Switch.PLAYER_POWERS in switches


def new_switches(unlocked: Iterable[tuple[int, int]], games_played: int) -> frozenset[Switch]:
    """What the last game's unlocks turned on, from each unlock's (section, game it was
    unlocked after): the table sets these up for the first time (none before the first
    game)."""
    return switches_on(
        section for section, game in unlocked if games_played and game == games_played
    )


def manual_unlock_window(
    trigger: Mapping[str, Any], games_played: int, opening: Mapping[str, Any] | None
) -> tuple[int, list[int]] | None:
    """When the group may unlock a section by its own decision (#19 "whenever you feel ready
    ... (anytime after game 4)", #30's achievements): (the earliest game it may be unlocked
    after, the games it may be unlocked after now), or `None` for a section with a trigger.

    The games run from the later of the trigger's `after_game` and the opening snapshot's
    game (the log holds nothing before it) to the last game played; none yet before the
    earliest. The replay has the last word."""
    if trigger.get("kind") != MANUAL_KIND:
        return None
    earliest = trigger.get("after_game", FIRST_GAME)
    start = max(earliest, (opening or {}).get("after_game", 0))
    games = list(range(start, games_played + 1)) if games_played >= earliest else []
    return earliest, games


class BaseLocation(Protocol):
    name: str
    zone: int
    naming_spaces: int


Location = TypeVar("Location", bound=BaseLocation)


def free_city_locations(
    locations: Iterable[Location], cities: Iterable[Any], zones: Iterable[int]
) -> list[Location]:
    """The base locations where a game's winner may name a city: a free naming space (those
    printed minus the cities named there) in a zone the game played ("the winner of each game
    can choose one base location card", RULES-NOTES §7), never in a zone a later section
    opens. `cities`: every city named so far (each with its `location`)."""
    used: dict[str, int] = {}
    for city in cities:
        used[city.location] = used.get(city.location, 0) + 1
    in_play = set(zones)
    return [
        location
        for location in locations
        if used.get(location.name, 0) < location.naming_spaces and location.zone in in_play
    ]


def power_chooser(placing: Iterable[str], held: Mapping[str, str]) -> str | None:
    """Who picks a player power next (#7: "each corporation picks one", the game's winner
    first): the first in the game's placing without one; `held`: each corporation's power
    ("" for none), the placing's corporations outside it skipped."""
    return next((key for key in placing if key in held and not held[key]), None)


def free_powers(powers: Iterable[str], held: Iterable[str]) -> list[str]:
    """The powers left to choose: "Players now choose a unique player power" (#7)."""
    taken = {power for power in held if power}
    return [power for power in powers if power not in taken]


def city_changes_namer(namer: str | None, winner: str | None) -> bool:
    """Whether a correction takes a game's win from the corporation that named its city ("the
    winner of each game can choose one base location card ... and name one of the cities";
    "the names are permanent campaign history", RULES-NOTES §7): the group then says whether
    the name and its namer stay, or the new winner names a city instead (docs/replay.md
    "Cities")."""
    return bool(namer) and winner != namer
