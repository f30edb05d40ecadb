"""Campaign files for tests and the benchmark: real tables the engine scores, no mocks.

- `make_player(corporation, **fields)` and `make_table(*players, **keys)`: one game's table in
  a campaign's shape (no `rules`, `megastructure_zone` or `incumbent_party`).
- `leader_table(leader, *others, sections=...)`: a table where `leader` alone crosses a box in
  each of `sections` and wins the game; the others score nothing.
- `make_game(number, table, **keys)`: one entry of a campaign file's `games`.
- `make_campaign(n_games, ...)`: a whole campaign file; with no `games`, `n_games` random but
  valid games that follow the campaign's unlocks (zones, megastructures).
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

CORPORATIONS = ("purple", "yellow", "teal", "orange", "fifth")
FIXED_MEGASTRUCTURES = {
    1: "skyhooks-zones-1-2",
    2: "skyhooks-zone-3",
    3: "drum-defence-cannon",
    4: "skyhooks-zone-4",
}
# From game 5, in an order the replay allows: Type II, then Type III (#11), then Type V.
LATER_MEGASTRUCTURES = (
    "skyhooks-zone-5",
    "iptc-internal-upgrade",
    "space-elevator-mars",
    "ufss-hq-security-upgrade",
    "terraform-mars",
    "terraform-venus",
    "the-kraken",
    "titanica-elite",
    "dyson-swarm",
)
FIRST_DATE = datetime.date(2026, 1, 5)

# What a leader holds to cross one box in a section (the others hold nothing).
SECTION_HOLDINGS: dict[str, dict[str, Any]] = {
    "credits": {"credits": 10},
    "mining": {"mining_tokens": 2},
    "megastructure": {"megastructure_tokens": 1},
    "military": {"military_tokens": 2},
    "bases": {"bases": [2]},  # a base in zone 2 is also 2 presence there
    "presence_1": {"outposts": {"1": 2}},
    "presence_2": {"outposts": {"2": 2}},
}


def make_player(corporation: str, **fields: Any) -> dict[str, Any]:
    return {"corporation": corporation, **fields}


def default_hubs(zones: Iterable[int] = (1, 2)) -> dict[str, Any]:
    return {
        "hensler": {"workers": 3, "algorithms": 0},
        "ufss": {"workers": 3, "algorithms": 0},
        "military": {"workers": 2, "algorithms": 0},
        "zones": {str(z): {"workers": 3, "algorithms": 0} for z in zones},
    }


def make_table(
    *players: str | Mapping[str, Any],
    ballots: Mapping[str, int] | None = None,
    hubs: Mapping[str, Any] | None = None,
    hire_cards_left: Mapping[str, int] | None = None,
    **keys: Any,
) -> dict[str, Any]:
    """A campaign table; players given as corporation keys hold nothing at all."""
    table: dict[str, Any] = {
        "players": [make_player(p) if isinstance(p, str) else dict(p) for p in players],
        "hubs": dict(hubs) if hubs is not None else default_hubs(),
        # No ballots by default: the party in power stays ("In the case of a tie ...").
        "ballots": dict(ballots or {}),
    }
    if hire_cards_left is not None:
        table["hire_cards_left"] = dict(hire_cards_left)
    table.update(keys)
    return table


def holdings(*sections: str, **extra: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for section in sections:
        for key, value in SECTION_HOLDINGS[section].items():
            if key == "outposts":
                fields.setdefault("outposts", {}).update(value)
            else:
                fields[key] = value
    fields.update(extra)
    return fields


def leader_table(
    leader: str,
    *others: str,
    sections: Sequence[str] = ("credits",),
    ballots: Mapping[str, int] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """`leader` crosses one box in each of `sections` and `influence` (it wins the game)."""
    return make_table(make_player(leader, **holdings(*sections, **extra)), *others, ballots=ballots)


def game_date(number: int) -> str:
    return (FIRST_DATE + datetime.timedelta(weeks=number - 1)).isoformat()


def make_game(
    number: int,
    table: Mapping[str, Any],
    *,
    megastructure: str | None | bool = True,
    **keys: Any,
) -> dict[str, Any]:
    """A `games[]` entry; `megastructure=True` picks the fixed one in games 1-4, else none."""
    if megastructure is True:
        megastructure = FIXED_MEGASTRUCTURES.get(number)
    game: dict[str, Any] = {
        "number": number,
        "played_on": game_date(number),
        "megastructure": megastructure,
        "table": dict(table),
        "neds_sold_out": False,
        "census_completed": False,
        "megastructure_repairs_completed": False,
        "named_city": None,
        "debt_marks": [],
    }
    game.update(keys)
    return game


def make_campaign(
    n_games: int = 0,
    *,
    corporations: int | Sequence[str] = 3,
    games: Sequence[Mapping[str, Any]] | None = None,
    tables: Sequence[Mapping[str, Any]] | None = None,
    opening: Mapping[str, Any] | None = None,
    manual_unlocks: Sequence[Mapping[str, int]] = (),
    powers: Mapping[str, str] | None = None,
    settings: Mapping[str, Any] | None = None,
    seed: int = 175,
    name: str = "Thursday group",
) -> dict[str, Any]:
    """A campaign file. Games come from `games`, else `tables` (numbered in order), else
    `n_games` random games."""
    keys = (
        tuple(CORPORATIONS[:corporations]) if isinstance(corporations, int) else tuple(corporations)
    )
    first = opening["after_game"] + 1 if opening else 1
    if games is None and tables is not None:
        games = [make_game(first + i, table) for i, table in enumerate(tables)]
    if games is None:
        rng = random.Random(seed)
        games = [random_game(first + i, keys, rng) for i in range(n_games)]
        if n_games >= 6 and not manual_unlocks:
            manual_unlocks = [{"section": 19, "after_game": 6}]
        if n_games >= 5 and powers is None:
            powers = dict(
                zip(
                    keys,
                    (
                        "extra-credits",
                        "extra-ip",
                        "both-political-cards",
                        "cheaper-bases",
                        "free-megastructure-token",
                    ),
                    strict=False,
                )
            )
    return {
        "format": "solar175-campaign",
        "version": 1,
        "name": name,
        "settings": dict(settings or {"second_place_rounding": "down"}),
        "corporations": [
            {"key": key, "name": f"{key.title()} corporation", "player": "", "ai": False}
            for key in keys
        ],
        "opening": dict(opening) if opening else None,
        "games": [dict(g) for g in games],
        "manual_unlocks": [dict(m) for m in manual_unlocks],
        "powers": dict(powers or {}),
    }


# --- random but valid games (the benchmark, property-like tests) -------------------------


def scheduled_megastructure(number: int) -> str | None:
    if number in FIXED_MEGASTRUCTURES:
        return FIXED_MEGASTRUCTURES[number]
    later = number - 5
    return LATER_MEGASTRUCTURES[later] if 0 <= later < len(LATER_MEGASTRUCTURES) else None


def scheduled_zones(number: int) -> tuple[int, ...]:
    """Zones in play in game `number` when the megastructures follow the schedule above:
    3 from game 2 (#1), 4 from game 3 (#3), 5 from game 5 (#8), 6 from game 6 (#10, the zone 5
    sky hooks built in game 5)."""
    zones = [1, 2]
    for zone, first in ((3, 2), (4, 3), (5, 5), (6, 6)):
        if number >= first:
            zones.append(zone)
    return tuple(zones)


def random_table(number: int, corporations: Sequence[str], rng: random.Random) -> dict[str, Any]:
    zones = scheduled_zones(number)
    players = []
    for corp in rng.sample(list(corporations), len(corporations)):
        outposts: dict[str, int] = {}
        for _ in range(rng.randint(2, 8)):
            zone = str(rng.choice(zones))
            outposts[zone] = outposts.get(zone, 0) + 1
        players.append(
            make_player(
                corp,
                credits=rng.randint(0, 15),
                mining_tokens=rng.randint(0, 3),
                megastructure_tokens=rng.randint(0, 3),
                military_tokens=rng.randint(0, 4),
                outposts=outposts,
                bases=[rng.choice(zones) for _ in range(rng.randint(0, 2))],
                ships=[{"zone": rng.choice(zones), "presence": 2}],
            )
        )

    def hub() -> dict[str, int]:
        return {"workers": rng.randint(0, 4), "algorithms": rng.randint(0, 2)}

    return make_table(
        *players,
        hubs={
            "hensler": hub(),
            "ufss": hub(),
            "military": hub(),
            "zones": {str(z): hub() for z in zones},
        },
        ballots={
            "united_federalists": rng.randint(0, 3),
            "workers_union": rng.randint(0, 3),
            "brave_new_dawn": rng.randint(0, 3),
            "spoiled": rng.randint(0, 2),
        },
        hire_cards_left={
            "general": rng.randint(0, 4),
            "engineer": rng.randint(0, 4),
            "pilot": rng.randint(0, 4),
        },
    )


def random_game(number: int, corporations: Sequence[str], rng: random.Random) -> dict[str, Any]:
    cities = {1: "Mars", 2: "Mars", 3: "Ganymede", 4: "Ganymede"}
    extra: dict[str, Any] = {}
    if number in cities:
        extra["named_city"] = {"location": cities[number], "name": f"City {number}"}
    if number > 4 and rng.random() < 0.15:
        extra["neds_sold_out"] = True
    if number > 5 and rng.random() < 0.2:
        extra["debt_marks"] = [{"corporation": rng.choice(list(corporations)), "points": 1}]
    return make_game(
        number,
        random_table(number, corporations, rng),
        megastructure=scheduled_megastructure(number),
        **extra,
    )
