"""Write `fixtures/demo-campaign.json`: twelve games of a four-player Solar 175 campaign.

    .venv/bin/python scripts/make_demo_campaign.py [--check]

The demo is what `make run` shows, so it is written to exercise what the app does: every zone
opening as its section unlocks (zone 3 from game 2, zone 4 from game 3, zone 5 from game 5,
zone 6 after the sky hooks around zone 5), the fixed Type I megastructures, then the Type II
chosen by the last winner with the Space Elevator on Mars first (unlocking #12 Celestial
Rebellion), a Rebellion overthrow, gold and silver awards, a same-game award tie decided by
that game's IP, player powers, political influence cards, loans, debt, named cities, the Trade
Unions, and Type III megastructures whose zone the group states.

Who leads which tracker section in each game is planned below (the plan is the story); the
tables are then built around the plan: presence from outposts, bases and ships, the other
areas from tokens and credits, with a seeded random number generator filling in the rest
(plausible worker counts, the players who did not lead). The script replays the result and
refuses to write a demo in which any of the promised events does not happen. `--check` only
compares the file on disk with what it would write.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from benchmarks.samples import scheduled_zones  # noqa: E402
from solar175.campaign_file import dumps_campaign_file  # noqa: E402
from solar175.catalogue import Catalogue  # noqa: E402
from solar175.house_rules import HouseRules  # noqa: E402
from solar175.replay import replay  # noqa: E402
from solar175.state import CampaignState  # noqa: E402
from solar175.table_file import canonical_table  # noqa: E402

OUTPUT = ROOT / "fixtures" / "demo-campaign.json"
SEED = 175
FIRST_GAME_DAY = datetime.date(2026, 1, 8)  # a Thursday; one game a week

CORPORATIONS = [
    {"key": "purple", "name": "Purple corporation", "player": "Caro", "ai": False},
    {"key": "yellow", "name": "Yellow corporation", "player": "Ali", "ai": False},
    {"key": "teal", "name": "Teal corporation", "player": "Rosa", "ai": False},
    {"key": "orange", "name": "Orange corporation", "player": "Tomás", "ai": False},
]
KEYS = [c["key"] for c in CORPORATIONS]
PLAYERS = {c["key"]: c["player"] for c in CORPORATIONS}
PURPLE, YELLOW, TEAL, ORANGE = KEYS

# #7 Variable Player Powers, chosen after game 4.
POWERS = {
    PURPLE: "extra-ip",
    YELLOW: "extra-vote",
    TEAL: "both-political-cards",
    ORANGE: "cheaper-bases",
}
POWERS_FROM_GAME = 5
EXTRA_IP = 2
OUTPOSTS_PER_CORPORATION = 17  # Setup: each corporation's Niven outpost tokens

UF, WU, BND = "united_federalists", "workers_union", "brave_new_dawn"

# The last game's winner chooses from the Type II list (#9), then Type III (#11). The Space
# Elevator on Mars goes first: it unlocks #12, the Celestial Rebellion.
MEGASTRUCTURES = {
    1: "skyhooks-zones-1-2",
    2: "skyhooks-zone-3",
    3: "drum-defence-cannon",
    4: "skyhooks-zone-4",
    5: "space-elevator-mars",
    6: "skyhooks-zone-5",
    7: "iptc-internal-upgrade",
    8: "ufss-hq-security-upgrade",
    9: "terraform-mars",
    10: "terraform-venus",
    11: "the-kraken",
    12: "titanica-elite",
}
# Type III cards the catalogue places nowhere: the group states the zone of the +5 bonus.
STATED_ZONES = {9: 1, 10: 1, 11: 3, 12: 4}

# Who crosses a box in each section, game by game, by the player's initial: C Caro (purple),
# A Ali (yellow), R Rosa (teal), T Tomás (orange); two initials tie and both cross; "-" for a
# zone not yet in play.
#
# - presence_1: Caro holds Earth and Mars, gold after game 7; Ali, tied with her in game 7,
#   takes zone 1 over and completes it in game 12 for the silver.
# - presence_2: Ali and Rosa share Jupiter for six games: both complete it in game 6, and that
#   game's IP decides who takes the gold and who the silver.
# - presence_3: Tomás settles Titan, gold in game 9. megastructure: Caro funds, gold in game 11.
# - mining: Rosa mines, the Rio Astro gold in game 11 (#18).
PLAN = {
    # game:       1   2   3   4   5   6   7   8   9  10  11  12
    "presence_1": "C   C   C   C   C   T   CA  A   A   A   A   A",
    "presence_2": "AR  AR  AR  AR  AR  AR  T   C   T   R   T   C",
    "presence_3": "-   T   T   T   R   T   C   T   T   A   R   C",
    "presence_4": "-   -   R   R   C   C   R   A   R   T   C   A",
    "presence_5": "-   -   -   -   T   C   R   A   C   R   T   C",
    "presence_6": "-   -   -   -   -   -   A   T   R   C   A   T",
    "megastructure": "C   C   C   A   C   C   R   C   T   C   C   A",
    "bases": "T   R   T   T   C   R   T   A   T   C   A   T",
    "military": "T   A   A   R   T   A   C   T   A   R   C   A",
    "mining": "R   R   A   R   R   R   T   R   R   C   R   T",
    "credits": "C   A   R   T   T   C   R   T   A   T   T   R",
}
INITIALS = {"C": PURPLE, "A": YELLOW, "R": TEAL, "T": ORANGE}


def read_plan(plan: dict[str, str]) -> dict[str, dict[int, tuple[str, ...]]]:
    leaders: dict[str, dict[int, tuple[str, ...]]] = {}
    for section, row in plan.items():
        leaders[section] = {
            number: tuple(INITIALS[initial] for initial in cell)
            for number, cell in enumerate(row.split(), start=1)
            if cell != "-"
        }
    return leaders


LEADERS = read_plan(PLAN)

# Ballots as counted (before Ali's extra vote and the unions' votes). Game 9: the spoiled
# ballots outnumber the top party and the Rebellion overthrows the election.
BALLOTS = {
    1: {UF: 3, WU: 1, BND: 1},
    2: {UF: 1, WU: 3, BND: 2},
    3: {UF: 2, WU: 1, BND: 4},
    4: {UF: 3, WU: 2, BND: 1},
    5: {UF: 1, WU: 3, BND: 2},
    6: {UF: 2, WU: 4, BND: 1, "spoiled": 1},
    7: {UF: 2, WU: 1, BND: 4, "spoiled": 2},
    8: {UF: 1, WU: 4, BND: 2, "spoiled": 1},
    9: {UF: 2, WU: 2, BND: 1, "spoiled": 5},
    10: {UF: 2, WU: 4, BND: 1, "spoiled": 2},
    11: {UF: 4, WU: 1, BND: 2, "spoiled": 1},
    12: {UF: 1, WU: 2, BND: 5, "spoiled": 2},
}
# Ali's power (#7): one more vote, for the party Ali backs that game.
EXTRA_VOTES = {5: WU, 6: WU, 7: BND, 8: WU, 9: WU, 10: WU, 11: UF, 12: BND}
# Trade Unions (#13, after the Workers Union's fifth win in game 10): hire cards left.
HIRE_CARDS_LEFT = {
    11: {"general": 3, "engineer": 1, "pilot": 2},
    12: {"general": 2, "engineer": 3, "pilot": 1},
}

# The winner names a city on a base location card with a free naming space (Mars and
# Ganymede have two each in the catalogue); after game 4 the solar system is fully developed.
CITY_LOCATIONS = {1: "Mars", 2: "Ganymede", 3: "Mars", 4: "Ganymede"}
CITY_NAMES = {
    PURPLE: ["New Caro", "Carolina Spires"],
    YELLOW: ["Alibad", "Port Ali"],
    TEAL: ["Rosaria", "Rosa's Landing"],
    ORANGE: ["Tomásville", "Fort Tomás"],
}
NEDS_SOLD_OUT = {7}  # unlocks #16 Wage Squeeze
DEBT_MARKS = {8: [{"corporation": ORANGE, "points": 2}], 11: [{"corporation": YELLOW, "points": 1}]}
LOANS = {8: {ORANGE: [4]}, 10: {PURPLE: [3]}, 12: {ORANGE: [4]}}
NOTES = {
    1: "First game: learning the worker placement.",
    9: "Spoiled ballots everywhere: the Celestial Rebellion took power.",
}


def zones_in_play(number: int) -> list[int]:
    """The zones in play in game `number` of the demo, from the zone sections' triggers and
    the demo's own megastructures (zone 6 after the sky hooks around zone 5, built in game 6)."""
    built = {key: game for game, key in MEGASTRUCTURES.items() if game < number}
    return list(scheduled_zones(number, built))


class GameBuilder:
    """One game's table, built around the plan's leaders."""

    def __init__(self, number: int, rng: random.Random) -> None:
        self.number = number
        self.rng = rng
        self.zones = zones_in_play(number)
        self.leaders = {section: plan.get(number, ()) for section, plan in LEADERS.items()}

    def leads(self, section: str, corp: str) -> bool:
        return corp in self.leaders.get(section, ())

    def spread(self, section: str, top: int, low: int = 0) -> dict[str, int]:
        """Leaders get `top`; the others something from `low` to `top - 1`."""
        return {
            corp: top if self.leads(section, corp) else self.rng.randint(low, max(low, top - 1))
            for corp in KEYS
        }

    def hubs(self) -> dict[str, Any]:
        def hub(low: int, high: int) -> dict[str, int]:
            algorithms = self.rng.randint(0, 2)
            return {"workers": self.rng.randint(low, high), "algorithms": algorithms}

        return {
            "hensler": hub(2, 4),
            "ufss": hub(2, 4),
            # At least 2: military tokens are worth half the Military HUB's worker value.
            "military": {"workers": self.rng.randint(2, 4), "algorithms": self.rng.randint(0, 1)},
            "zones": {str(zone): hub(1, 4) for zone in self.zones},
        }

    def bases(self, hensler: int) -> dict[str, list[int]]:
        """Base zones per corporation; the leader's base IP strictly the highest."""
        leader = self.leaders["bases"]
        while True:
            chosen: dict[str, list[int]] = {}
            for corp in KEYS:
                count = self.rng.randint(2, 4) if corp in leader else self.rng.randint(0, 2)
                chosen[corp] = sorted(self.rng.choice(self.zones) for _ in range(count))
            ip = {corp: sum(hensler + zone for zone in zones) for corp, zones in chosen.items()}
            best = max(ip[c] for c in leader)
            if all(ip[c] == best for c in leader) and all(
                ip[c] < best for c in KEYS if c not in leader
            ):
                return chosen

    def ships(self) -> dict[str, list[dict[str, int]]]:
        ships = {}
        for corp in KEYS:
            # The starting ship DC-Xerxes 8050 (presence 2); leased ships once #4 opens White Star.
            fleet = [{"zone": self.rng.choice(self.zones), "presence": 2}]
            if self.number >= 3 and self.rng.random() < 0.5:
                fleet.append({"zone": self.rng.choice(self.zones), "presence": 3})
            ships[corp] = fleet
        return ships

    def outposts(
        self, bases: dict[str, list[int]], ships: dict[str, list[dict[str, int]]]
    ) -> dict[str, dict[str, int]]:
        """Outposts that make each zone's planned leaders the ones with most presence."""
        while True:
            outposts = self.draw_outposts(bases, ships)
            if all(sum(o.values()) <= OUTPOSTS_PER_CORPORATION for o in outposts.values()):
                return outposts

    def draw_outposts(
        self, bases: dict[str, list[int]], ships: dict[str, list[dict[str, int]]]
    ) -> dict[str, dict[str, int]]:
        outposts: dict[str, dict[str, int]] = {corp: {} for corp in KEYS}
        for zone in self.zones:
            leader = self.leaders[f"presence_{zone}"]
            floor = {
                corp: 2 * bases[corp].count(zone)
                + sum(s["presence"] for s in ships[corp] if s["zone"] == zone)
                for corp in KEYS
            }
            top = max(floor.values()) + self.rng.randint(1, 2)
            for corp in KEYS:
                target = top if corp in leader else self.rng.randint(floor[corp], top - 1)
                count = target - floor[corp]
                if count:
                    outposts[corp][str(zone)] = count
        return outposts

    def build(self) -> dict[str, Any]:
        rng = self.rng
        number = self.number
        hubs = self.hubs()
        hensler = hubs["hensler"]["workers"] + 2 * hubs["hensler"]["algorithms"]
        bases = self.bases(hensler)
        ships = self.ships()
        outposts = self.outposts(bases, ships)
        mining = self.spread("mining", rng.randint(2, 4))
        megastructure = self.spread("megastructure", rng.randint(2, 4))
        military = self.spread("military", rng.randint(2, 4))
        credits = self.spread("credits", rng.randint(6, 12), low=0)
        loans = LOANS.get(number, {})
        players = []
        # The order of play for a next round (tie-breaker 2): the first player rotates.
        first = (number - 1) % len(KEYS)
        order = KEYS[first:] + KEYS[:first]
        for corp in order:
            political = 0
            if number >= 4:  # #6 Political Influence after game 3
                political = rng.randint(0, 3)
                if POWERS[corp] == "both-political-cards" and number >= POWERS_FROM_GAME:
                    political += rng.randint(1, 3)
            owed = sum(loans.get(corp, []))
            players.append(
                {
                    "corporation": corp,
                    # Credits left after repaying loans decide the credit box: add the loans.
                    "credits": credits[corp] + owed,
                    "loans": loans.get(corp, []),
                    "mining_tokens": mining[corp],
                    "megastructure_tokens": megastructure[corp],
                    "military_tokens": military[corp],
                    "outposts": outposts[corp],
                    "bases": bases[corp],
                    "ships": ships[corp],
                    "political_influence_ip": political,
                    "bonus_ip": (
                        EXTRA_IP if POWERS[corp] == "extra-ip" and number >= POWERS_FROM_GAME else 0
                    ),
                    "extra_vote": EXTRA_VOTES.get(number) if corp == YELLOW else None,
                }
            )
        ballots = {UF: 0, WU: 0, BND: 0, "spoiled": 0, **BALLOTS[number]}
        table: dict[str, Any] = {"hubs": hubs, "ballots": ballots}
        if number in HIRE_CARDS_LEFT:
            table["hire_cards_left"] = HIRE_CARDS_LEFT[number]
        table["players"] = players
        return canonical_table(table)


def build_campaign(seed: int = SEED) -> dict[str, Any]:
    rng = random.Random(seed)
    catalogue = Catalogue.from_fixture()
    campaign: dict[str, Any] = {
        "format": "solar175-campaign",
        "version": 1,
        "name": "Demo campaign",
        "settings": HouseRules().to_settings(),
        "corporations": CORPORATIONS,
        "opening": None,
        "games": [],
        "manual_unlocks": [{"section": 19, "after_game": 8}],
        "powers": POWERS,
    }
    cities_named: dict[str, int] = {}
    last_winner = ""
    for number in range(1, 13):
        game: dict[str, Any] = {
            "number": number,
            "played_on": (FIRST_GAME_DAY + datetime.timedelta(weeks=number - 1)).isoformat(),
            "megastructure": MEGASTRUCTURES[number],
        }
        if number in STATED_ZONES:
            game["megastructure_zone"] = STATED_ZONES[number]
        game |= {
            "table": GameBuilder(number, rng).build(),
            "neds_sold_out": number in NEDS_SOLD_OUT,
            "census_completed": False,
            "megastructure_repairs_completed": False,
            "named_city": None,
            "debt_marks": DEBT_MARKS.get(number, []),
        }
        if number in NOTES:
            game["notes"] = NOTES[number]
        if number == 5:
            game["notes"] = f"{PLAYERS[last_winner]} chose the Space Elevator on Mars."
        campaign["games"].append(game)
        # The last game's winner chooses the next megastructure and names a city.
        last_winner = winner = replay(campaign, catalogue).games[-1].winner
        if number in CITY_LOCATIONS:
            names = CITY_NAMES[winner]
            name = names[cities_named.get(winner, 0) % len(names)]
            cities_named[winner] = cities_named.get(winner, 0) + 1
            game["named_city"] = {"location": CITY_LOCATIONS[number], "name": name}
    return campaign


def check_story(campaign: dict[str, Any]) -> list[str]:
    """What the demo promises; each failure in words (empty when the demo tells its story)."""
    state = replay(campaign, Catalogue.from_fixture())
    return story_problems(state)


def story_problems(state: CampaignState) -> list[str]:
    problems = []
    awards = state.awards
    if not any(a.tier == "gold" for a in awards):
        problems.append("no gold award")
    if not any(a.tier == "silver" for a in awards):
        problems.append("no silver award")
    if not same_game_award_ties(state):
        problems.append("no section completed by two corporations in one game")
    built = {b.megastructure: b.game for b in state.megastructures_built}
    type_ii_games = sorted(
        built[k]
        for k in ("skyhooks-zone-5", "iptc-internal-upgrade", "ufss-hq-security-upgrade")
        if k in built
    )
    elevator = built.get("space-elevator-mars")
    if elevator is None or (type_ii_games and elevator > type_ii_games[0]):
        problems.append("the Space Elevator on Mars is not the first Type II built")
    if state.unlocked().get(12) != elevator:
        problems.append("#12 Celestial Rebellion did not unlock with the Space Elevator")
    overthrows = [e.game for e in state.elections if e.overthrown]
    if not overthrows or elevator is None or min(overthrows) <= elevator:
        problems.append("no Celestial Rebellion overthrow after the Space Elevator")
    if state.warnings:
        problems.append(f"replay warnings: {[w.to_dict() for w in state.warnings]}")
    if len(state.cities) < 4:
        problems.append("fewer than four cities named")
    return problems


def same_game_award_ties(state: CampaignState) -> list[dict[str, Any]]:
    """Sections two corporations completed in the same game, with each one's IP that game."""
    ties = []
    for game in state.games:
        completed: dict[str, list[str]] = {}
        for corp, sections in game.sections_completed.items():
            for section in sections:
                completed.setdefault(section, []).append(corp)
        for section, corps in completed.items():
            if len(corps) < 2:
                continue
            won = {a.corporation: a.tier for a in game.awards if a.section == section}
            totals = {p.corporation: p.total for p in game.score.players}
            ties.append({"game": game.number, "section": section, "awards": won, "ip": totals})
    return ties


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the file, write nothing")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    campaign = build_campaign(args.seed)
    problems = check_story(campaign)
    if problems:
        print("The demo does not tell its story:", *problems, sep="\n- ", file=sys.stderr)
        return 1
    text = dumps_campaign_file(campaign)
    if args.check:
        if OUTPUT.read_text(encoding="utf-8") != text:
            print(f"{OUTPUT} is out of date: run scripts/make_demo_campaign.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"Wrote {OUTPUT.relative_to(ROOT)}: {len(campaign['games'])} games.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
