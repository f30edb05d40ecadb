"""Campaign files built in code: the benchmarks' campaigns and the property tests' input.

Pure Python, no Django: real tables the engine scores, in a campaign file's shape
(docs/campaign-file.md), never a mock, with the hand-made tables the tests use.

- `make_player(corporation, **fields)` and `make_table(*players, **keys)`: one game's table in
  a campaign's shape (no `rules`, `megastructure_zone` or `incumbent_party`).
- `make_game(number, table, **keys)`: one entry of a campaign file's `games`.
- `make_campaign(n_games, ...)`: a whole campaign file; with no `games`, `n_games` random but
  valid games that follow the campaign's unlocks (zones, megastructures). Seeded: the same
  file every time (the `bench` figures compare run to run).
- `random_campaign(rng, games=..., corporations=...)`: a campaign file that uses every part of
  the format a valid file may (player powers and their components, loans and political
  influence once open, manual unlocks, stated megastructure zones, cities, debt, events, games
  with fewer players), driven by `rng` alone, so a property test's `randoms()` can shrink it.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from solar175.campaign_file import POWERS
from solar175.engine import (
    LEGITIMATE_PARTIES,
    PARTIES,
    Ballots,
    Hubs,
    HubWorkers,
    PlayerTable,
    Rules,
    Ship,
    TableState,
)
from solar175.house_rules import SECOND_PLACE_ROUNDINGS, HouseRules
from solar175.sections import sections, switches_on, zones_in_play

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
        "settings": dict(settings or HouseRules().to_settings()),
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


def scheduled_zones(number: int, built: Mapping[str, int] | None = None) -> tuple[int, ...]:
    """Zones in play in game `number` by the zone sections' own triggers (#1, #3 and #8 at the
    end of games 1, 2 and 4; #10 after the game that built the sky hooks throughout zone 5).
    `built` is each megastructure's game (this module's schedule when not given)."""
    if built is None:
        built = {scheduled_megastructure(n): n for n in range(1, number)}
    return zones_in_play(switches_on(open_sections(number, {}, built)))


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
    megastructure = scheduled_megastructure(number)
    if megastructure in UNPLACED_MEGASTRUCTURES:
        # The catalogue places it nowhere: the game states the zone of its location token.
        zones = scheduled_zones(number)
        extra["megastructure_zone"] = zones[number % len(zones)]
    return make_game(
        number,
        random_table(number, corporations, rng),
        megastructure=megastructure,
        **extra,
    )


# --- campaigns using the whole format (property tests) -----------------------------------

FIXED_MEGASTRUCTURE_GAMES = 4  # "In the first 4 games this is chosen for you."
# The fixed triggers of Campaign Events: section -> the game after which it unlocks
# ("#1, #2: end of game 1 ... #7, #8, #9: end of game 4").
# The sections that unlock at the end of a given game whatever happens in it (#1-#9).
FIXED_UNLOCKS = {
    s.number: s.trigger["game"] for s in sections() if s.trigger["kind"] == "end_of_game"
}
SECTION_POLITICAL_INFLUENCE = 6
SECTION_POWERS = 7
SECTION_LOANS = 15
SECTION_WOTHERBYS = 19  # "anytime after game 4"
# Type III and V: a game that builds one often states the zone of its location token.
STATED_ZONE_MEGASTRUCTURES = LATER_MEGASTRUCTURES[4:]
# The shipped catalogue places these nowhere (Terraform Mars is on Mars): a game that builds
# one must state its zone (RULES-NOTES §6).
UNPLACED_MEGASTRUCTURES = LATER_MEGASTRUCTURES[5:]
ALL_MEGASTRUCTURES = (*FIXED_MEGASTRUCTURES.values(), *LATER_MEGASTRUCTURES)
# Base location cards of the catalogue, and one it does not know (accepted: the rulebook text
# lists few location cards).
CITY_LOCATIONS = ("Mars", "Ganymede", "Titan", "Titania", "Triton", "Callisto", "Far Station")


def open_sections(number: int, manual: Mapping[int, int], built: Mapping[str, int]) -> set[int]:
    """Sections certainly unlocked before game `number` (the replay may have unlocked more):
    those whose trigger is the end of an earlier game, or a megastructure `built` in one (its
    key -> its game), and the group's `manual` unlocks (section -> after game)."""
    opened = {s for s, after in manual.items() if after < number}
    for section in sections():
        trigger = section.trigger
        if trigger["kind"] == "end_of_game":
            after = trigger["game"]
        elif trigger["kind"] == "megastructure_built":
            after = built.get(trigger["key"])
        else:
            continue
        if after is not None and after < number:
            opened.add(section.number)
    return opened


def random_campaign(
    rng: random.Random,
    *,
    games: int,
    corporations: int = 5,
    name: str = "Generated campaign",
    last_megastructure: str | None = None,
) -> dict[str, Any]:
    """A valid campaign file of `games` games: the replay accepts it, whatever `rng` draws.

    A table uses only what is certainly open before its game (zones, loans, political
    influence, extra votes): the fixed triggers, the manual unlocks, zone 6 after the sky
    hooks throughout zone 5. More sections may have unlocked meanwhile; that only allows more.
    `last_megastructure` is built in the last game (a Type VI of the catalogue ends the
    campaign there).
    """
    keys = tuple(rng.sample(CORPORATIONS, corporations))
    free_powers = list(POWERS)
    rng.shuffle(free_powers)
    powers = {key: free_powers.pop() for key in keys if rng.random() < 0.6}
    manual: dict[int, int] = {}
    for section in rng.sample(range(1, 34), rng.randint(0, 3)):
        earliest = FIXED_MEGASTRUCTURE_GAMES if section == SECTION_WOTHERBYS else 0
        if games >= earliest:
            manual[section] = rng.randint(earliest, games)
    # The favourite of each game leads more often: sections fill, awards are won.
    weights = [rng.uniform(0.5, 3.0) for _ in keys]
    built: dict[str, int] = {}
    later = iter(LATER_MEGASTRUCTURES)
    game_list = []
    for number in range(1, games + 1):
        opened = open_sections(number, manual, built)
        zones = zones_in_play(switches_on(opened))
        megastructure = _random_megastructure(number, later, rng)
        if number == games and last_megastructure is not None:
            megastructure = last_megastructure
        if megastructure is not None:
            built.setdefault(megastructure, number)
        favourite = rng.choices(keys, weights)[0] if rng.random() < 0.7 else None
        table = _random_campaign_table(keys, zones, opened, powers, favourite, rng)
        extra: dict[str, Any] = {}
        if megastructure in STATED_ZONE_MEGASTRUCTURES or rng.random() < 0.05:
            if rng.random() < 0.6:
                extra["megastructure_zone"] = rng.choice(zones)
                if rng.random() < 0.5:
                    table["megastructure_zone"] = extra["megastructure_zone"]
            elif megastructure in UNPLACED_MEGASTRUCTURES:
                # Never a game without its zone; drawn without the generator, so the samples
                # other draws make stay as they were.
                extra["megastructure_zone"] = zones[number % len(zones)]
        extra["neds_sold_out"] = rng.random() < 0.1
        extra["census_completed"] = rng.random() < 0.05
        extra["megastructure_repairs_completed"] = rng.random() < 0.05
        if rng.random() < 0.7:
            extra["named_city"] = {
                "location": rng.choice(CITY_LOCATIONS),
                "name": rng.choice(("New ", "Port ", "")) + f"City {number}",
            }
        if rng.random() < 0.15:
            extra["debt_marks"] = [
                {"corporation": rng.choice(keys), "points": rng.randint(1, 3)}
                for _ in range(rng.randint(1, 2))
            ]
        if rng.random() < 0.1:
            extra["notes"] = rng.choice(("Rematch!", "Tomás hosted", "Played on the ferry ⛴"))
        extra["played_on"] = (FIRST_DATE + datetime.timedelta(days=3 * number)).isoformat()
        game_list.append(make_game(number, table, megastructure=megastructure, **extra))
    return make_campaign(
        corporations=keys,
        games=game_list,
        manual_unlocks=[
            {"section": s, "after_game": g} for s, g in sorted(manual.items(), key=lambda i: i[1])
        ],
        powers=powers,
        settings={"second_place_rounding": rng.choice(("down", "up"))},
        name=name,
    )


def _random_megastructure(number: int, later: Iterator[str], rng: random.Random) -> str | None:
    """Mostly what the rules open; sometimes none, or any (the replay only warns)."""
    roll = rng.random()
    if roll < 0.08:
        return None
    if roll < 0.15:
        return rng.choice(ALL_MEGASTRUCTURES)
    if number in FIXED_MEGASTRUCTURES:
        return FIXED_MEGASTRUCTURES[number]
    return next(later, None)


def _random_campaign_table(
    keys: Sequence[str],
    zones: Sequence[int],
    opened: set[int],
    powers: Mapping[str, str],
    favourite: str | None,
    rng: random.Random,
) -> dict[str, Any]:
    playing = list(keys)
    rng.shuffle(playing)  # the order of play for a next round (tie-breaker 2)
    if len(playing) > 2 and rng.random() < 0.15:
        playing = playing[: rng.randint(2, len(playing) - 1)]  # someone could not come
    players = []
    for key in playing:
        boost = 1 if key == favourite else 0
        outposts: dict[str, int] = {}
        for _ in range(rng.randint(0, 5) + 3 * boost):
            zone = str(rng.choice(zones))
            outposts[zone] = outposts.get(zone, 0) + 1
        player: dict[str, Any] = {
            "corporation": key,
            "credits": min(29, rng.randint(0, 15) + 10 * boost),
            "loans": [],
            "mining_tokens": rng.randint(0, 3) + 2 * boost,
            "megastructure_tokens": rng.randint(0, 2) + 2 * boost,
            "military_tokens": rng.randint(0, 4) + 3 * boost,
            "outposts": outposts,
            "bases": [rng.choice(zones) for _ in range(rng.randint(0, 2) + boost)],
            "ships": [
                {"zone": rng.choice(zones), "presence": rng.choice((2, 2, 1, 3, 4))}
                for _ in range(rng.randint(0, 2))
            ],
            "political_influence_ip": 0,
            "bonus_ip": 0,
            "extra_vote": None,
        }
        if SECTION_LOANS in opened and rng.random() < 0.3:
            player["loans"] = [rng.randint(1, 10) for _ in range(rng.randint(1, 2))]
        if SECTION_POLITICAL_INFLUENCE in opened:
            player["political_influence_ip"] = rng.randint(0, 5)
        power = powers.get(key)
        if SECTION_POWERS in opened:
            if power == "extra-ip":
                player["bonus_ip"] = 2
            if power in (None, "extra-vote") and rng.random() < 0.4:
                player["extra_vote"] = rng.choice(LEGITIMATE_PARTIES)
        players.append(player)

    def hub() -> dict[str, int]:
        return {"workers": rng.randint(0, 4), "algorithms": rng.randint(0, 2)}

    return make_table(
        *players,
        hubs={
            "hensler": hub(),
            "ufss": hub(),
            "military": hub(),
            "zones": {str(z): hub() for z in zones if rng.random() < 0.9},
        },
        ballots={
            **{party: rng.randint(0, 6) for party in LEGITIMATE_PARTIES},
            "spoiled": rng.randint(0, 4) + (4 if rng.random() < 0.1 else 0),
        },
        hire_cards_left={card: rng.randint(0, 4) for card in ("general", "engineer", "pilot")},
    )


def random_table_state(rng: random.Random, player_count: int = 5) -> TableState:
    """A random table within what the box holds (so `read_table` accepts it)."""
    zones = tuple(range(1, rng.randint(2, 6) + 1))
    rebellion = rng.random() < 0.5

    def hub() -> HubWorkers:
        return HubWorkers(workers=rng.randint(0, 6), algorithms=rng.randint(0, 3))

    def player(corporation: str) -> PlayerTable:
        return PlayerTable(
            corporation=corporation,
            credits=rng.randint(0, 29),
            loans=tuple(rng.randint(1, 10) for _ in range(rng.randint(0, 2))),
            mining_tokens=rng.randint(0, 6),
            megastructure_tokens=rng.randint(0, 5),
            military_tokens=rng.randint(0, 10),
            outposts={zone: rng.randint(0, 2) for zone in zones},
            bases=tuple(rng.choice(zones) for _ in range(rng.randint(0, 4))),
            ships=(Ship(zone=rng.choice(zones), presence=2),),
            political_influence_ip=rng.randint(0, 5),
            bonus_ip=rng.choice((0, 2)),
            extra_vote=rng.choice((None, *LEGITIMATE_PARTIES)),
        )

    return TableState(
        players=tuple(player(c) for c in rng.sample(CORPORATIONS, player_count)),
        rules=Rules(
            zones_in_play=zones,
            celestial_rebellion=rebellion,
            trade_unions=rng.random() < 0.5,
            house=HouseRules({"second_place_rounding": rng.choice(SECOND_PLACE_ROUNDINGS)}),
        ),
        megastructure_zone=rng.choice(zones),
        incumbent_party=rng.choice(PARTIES if rebellion else LEGITIMATE_PARTIES),
        hubs=Hubs(hensler=hub(), ufss=hub(), military=hub(), zones={z: hub() for z in zones}),
        ballots=Ballots(*(rng.randint(0, 8) for _ in range(4))),
        hire_cards_left={card: rng.randint(0, 6) for card in ("general", "engineer", "pilot")},
    )


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
