"""What the replay records about a game without refusing it.

Pure Python, no Django. "Solar 175 is designed to be robust to mistakes and house rules!"
(Campaign Events): a megastructure built out of order, a city on a card with no naming space
left, a location token the box moved out of play, a debt value no red box prints; and what an
earlier version stored that the rules now refuse in new data (`stored_problems`). Each is a
`ReplayWarning(game, path, message)` (solar175.state) the replay keeps in its output's
`warnings` (docs/replay.md), never a refusal.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from gamefile.words import _
from solar175.campaign_file import GameEntry
from solar175.catalogue import Catalogue
from solar175.engine import Rules
from solar175.opening import City
from solar175.state import ReplayWarning


def _warning(game: GameEntry, path: str, message: str) -> ReplayWarning:
    return ReplayWarning(game.number, path, message)


def megastructure_warnings(
    game: GameEntry, options: Sequence[str], built: Sequence[tuple[int, str]]
) -> list[ReplayWarning]:
    """A megastructure built twice, or not among those open in the game (#9, #11)."""
    key = game.megastructure
    if key is None:
        return []
    path = f"games[{game.index}].megastructure"
    earlier = next((g for g, k in built if k == key), None)
    if earlier is not None:
        return [
            _warning(
                game,
                path,
                _("%(key)s was already built in game %(earlier)s", key=key, earlier=earlier),
            )
        ]
    if key not in options:
        allowed = ", ".join(options) if options else "none"
        message = _(
            "%(key)s was not among the megastructures open in game %(number)s (%(allowed)s)",
            key=key,
            number=game.number,
            allowed=allowed,
        )
        return [_warning(game, path, message)]
    return []


def zone_warnings(
    game: GameEntry, zone: int | None, stated: bool, rules: Rules, catalogue: Catalogue
) -> list[ReplayWarning]:
    """A zone from the box's location card that is not in play: no +5 bonus there. A
    megastructure built with no zone at all (`zone_missing`): no +5 bonus either.

    A zone the game states is refused out of play instead (the replay's own check); this one
    follows the box, whose later corrections must never break an earlier game."""
    if game.megastructure is None:
        return []
    entry = catalogue.megastructures[game.megastructure]
    path = f"games[{game.index}].megastructure_zone"
    if zone_missing(game.megastructure, zone):
        return [_warning(game, path, missing_zone_message(entry.name, game.number))]
    if zone in rules.zones_in_play:
        return []
    if stated:
        # Only the game's own key reaches here (the replay's check): stored before 9b70d36
        # checked it, when the engine scored it with no +5 (the bonus goes to a zone in play).
        zones = ", ".join(str(z) for z in rules.zones_in_play)
        message = _(
            "the Megastructure Location Token of %(name)s is given in "
            "zone %(zone)s, which is not in play in game %(number)s "
            "(%(zones)s): scored with no +5 presence bonus, as an "
            "earlier version of this app accepted it. Give a zone in play",
            name=entry.name,
            zone=zone,
            number=game.number,
            zones=zones,
        )
        return [_warning(game, path, message)]
    message = _(
        "%(name)s is built on %(location)s, in zone %(zone)s, which "
        "is not in play in game %(number)s: no +5 presence bonus",
        name=entry.name,
        location=entry.location,
        zone=zone,
        number=game.number,
    )
    return [_warning(game, path, message)]


def zone_missing(megastructure: str | None, zone: int | None) -> bool:
    """A game that built a megastructure with no zone for its Megastructure Location Token:
    neither the game states one nor the box places the megastructure on a location.

    The rulebook puts the token on the board in every game ("Place the Megastructure Location
    Token into the location it is being built", RULES-NOTES §6), so a game entered now states
    it; a version 1 file of an earlier release may not (before the reference placed Terraform
    Mars, and while a game's zone was optional). The older code scored such a game with no +5
    presence bonus (its engine's `megastructure_zone=None`), and the replay still does, so the
    campaign keeps the scores it had; the warning asks the group for the zone.
    A replayed game's entry (`ReplayedGame`, or its cached dict) answers the same question with
    its `megastructure` and `megastructure_zone`."""
    return megastructure is not None and zone is None


def missing_zone_message(name: str, number: int) -> str:
    return _(
        "%(name)s was built in game %(number)s with no zone for its "
        "Megastructure Location Token (an earlier version of this "
        "app let a game leave it out): scored with no +5 presence "
        "bonus, as it was then. Give the zone the token stood in, or "
        "place %(name)s on a location in your box",
        name=name,
        number=number,
    )


def ai_debt_warnings(game: GameEntry, ai: Mapping[str, str]) -> list[ReplayWarning]:
    """#8: "AI Players do not borrow from the Bank of Yurushi... they are far too smart". A
    mark on an AI player, which earlier versions stored (before dc97075 refused it), costs the
    points it gives, as it did then, with a warning; a write that brings one in is refused
    (`stored_problems`). `ai`: each AI corporation's key and name (the name is what the
    game's page shows)."""
    return [
        _warning(
            game,
            f"games[{game.index}].debt_marks[{j}].corporation",
            _(
                "%(ai)s is an AI player, and AI players never borrow from "
                "the Bank of Yurushi (#8): this mark, which an earlier "
                "version of this app accepted, still counts; remove it if it "
                "is a mistake",
                ai=ai[mark.corporation],
            ),
        )
        for j, mark in enumerate(game.debt_marks)
        if mark.corporation in ai
    ]


def stored_problems(entry: Mapping[str, Any], ai: Collection[str]) -> dict[tuple, str]:
    """What a replayed game's entry (`ReplayedGame.to_dict()`, or a cache any earlier version
    wrote) shows that the rules now refuse in new data but read in stored data, each by a key
    and its path within the game: a megastructure with no zone (`zone_missing`), the game's
    own zone out of play, a debt mark on an AI player (`ai` the AI corporations now).

    `campaign.actions.cache.rebuild` compares a game's problems before and after a write and
    refuses a new one, so an older game's problem never blocks a write that does not touch it.
    A cache that cannot say whether its zone was stated (written before the key existed) is
    read as stated: it tolerates more, never less."""
    problems: dict[tuple, str] = {}
    megastructure = entry.get("megastructure")
    zone = entry.get("megastructure_zone")
    if zone_missing(megastructure, zone):
        problems["zone_missing", megastructure] = "megastructure_zone"
    zones = (entry.get("rules") or {}).get("zones_in_play")
    stated = entry.get("megastructure_zone_stated", True)
    if megastructure and zone is not None and stated and zones and zone not in zones:
        problems["zone_not_in_play", zone] = "megastructure_zone"
    seen: dict[str, int] = {}
    for j, mark in enumerate(entry.get("debt_marks") or ()):
        if isinstance(mark, Mapping) and mark.get("corporation") in ai:
            # The corporation's first, second... mark: removing another mark moves none.
            corporation = mark["corporation"]
            seen[corporation] = seen.get(corporation, 0) + 1
            problems["ai_debt", corporation, seen[corporation]] = f"debt_marks[{j}].corporation"
    return problems


def debt_warnings(game: GameEntry, catalogue: Catalogue) -> list[ReplayWarning]:
    """A debt mark whose points no red box of the box's debt rows prints (#8)."""
    printed = sorted({value for row in catalogue.debt_boxes for value in row.values})
    if not printed:
        return []
    return [
        _warning(
            game,
            f"games[{game.index}].debt_marks[{j}].points",
            _(
                "%(corporation)s lost %(points)s points, a value no red box "
                "of the box's debt rows prints (%(printed)s)",
                corporation=mark.corporation,
                points=mark.points,
                printed=", ".join(str(value) for value in printed),
            ),
        )
        for j, mark in enumerate(game.debt_marks)
        if mark.row is None and mark.points not in printed
    ]


def city_warnings(
    game: GameEntry, city: City, cities: Sequence[City], catalogue: Catalogue
) -> list[ReplayWarning]:
    """A city named on a card that is not a base location, or with no naming space left
    (Developing the Solar System). `cities` holds every city so far, this one included."""
    location = catalogue.locations.get(city.location)
    if location is None:
        return []
    path = f"games[{game.index}].named_city.location"
    if not location.base_location:
        message = _(
            "%(location)s is not a base location card, where cities are named",
            location=city.location,
        )
        return [_warning(game, path, message)]
    named = sum(1 for c in cities if c.location == city.location)
    if named > location.naming_spaces:
        message = _(
            "%(location)s has %(naming_spaces)s naming spaces; this is city %(named)s named there",
            location=city.location,
            naming_spaces=location.naming_spaces,
            named=named,
        )
        return [_warning(game, path, message)]
    return []
