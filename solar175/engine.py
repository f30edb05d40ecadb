"""End-game scoring for one game of Solar 175: table state in, game score out.

Pure Python, no Django: plain frozen dataclasses in, plain dataclasses out, so the same rules
serve the scoring wizard, the `score` command and the campaign replay, and are tested in
microseconds. Page references are to the Legacy Rulebook; `RULES-NOTES.md` §1–§3 collects them.

Parsing and validating the JSON table lives in `solar175/table.py`; this module trusts its input.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gamefile.words import _
from solar175.house_rules import HouseRules

# Party keys (docs/commands.md). The order is the tie order of RULES-NOTES §2 step 3.
UNITED_FEDERALISTS = "united_federalists"
WORKERS_UNION = "workers_union"
BRAVE_NEW_DAWN = "brave_new_dawn"
CELESTIAL_REBELLION = "celestial_rebellion"
LEGITIMATE_PARTIES = (UNITED_FEDERALISTS, WORKERS_UNION, BRAVE_NEW_DAWN)
PARTIES = (*LEGITIMATE_PARTIES, CELESTIAL_REBELLION)

# IP categories, in the order the breakdown is shown.
CATEGORIES = (
    "credits",
    "loans",
    "mining",
    "political_influence",
    "bases",
    "megastructure",
    "military",
    "presence",
    "bonus",
)

# The elected party doubles one category (End Game Scoring, the political row).
DOUBLED_BY = {
    BRAVE_NEW_DAWN: "bases",
    UNITED_FEDERALISTS: "megastructure",
    WORKERS_UNION: "military",
    CELESTIAL_REBELLION: "presence",
}

# Trade Unions (#13): the hire card with fewest workers left adds 2 votes to its party.
HIRE_CARD_PARTY = {
    "general": WORKERS_UNION,
    "engineer": UNITED_FEDERALISTS,
    "pilot": BRAVE_NEW_DAWN,
}
UNION_VOTES = 2

MINING_TOKEN_IP = 2
MEGASTRUCTURE_ZONE_BONUS = 5
ALGORITHM_WORKER_VALUE = 2

# Tracker card sections (docs/commands.md keys) other than the per-zone presence ones.
TRACKER_SECTIONS = ("megastructure", "bases", "military", "mining", "credits", "influence")
MIN_MINING_TOKENS_FOR_BOX = 1
MIN_CREDITS_FOR_BOX = 2

ALL_ZONES = (1, 2, 3, 4, 5, 6)

# Printed contradiction (RULES-NOTES §1): the HUB page rounds second place up, End Game Scoring
# down. A house rule (solar175.house_rules); "down" unless the group says otherwise.

TIE_BREAK_ZONE_1 = "zone_1_presence"
TIE_BREAK_PLAY_ORDER = "play_order"


# --- input -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HubWorkers:
    workers: int = 0
    algorithms: int = 0

    @property
    def worker_value(self) -> int:
        # "Each algorithm counts as two workers" (HUBs, Worker Value).
        return self.workers + ALGORITHM_WORKER_VALUE * self.algorithms


@dataclass(frozen=True, slots=True)
class Hubs:
    hensler: HubWorkers = HubWorkers()
    ufss: HubWorkers = HubWorkers()
    military: HubWorkers = HubWorkers()
    zones: Mapping[int, HubWorkers] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Ballots:
    united_federalists: int = 0
    workers_union: int = 0
    brave_new_dawn: int = 0
    spoiled: int = 0


@dataclass(frozen=True, slots=True)
class Ship:
    zone: int
    presence: int


@dataclass(frozen=True, slots=True)
class PlayerTable:
    corporation: str
    credits: int = 0
    loans: tuple[int, ...] = ()
    mining_tokens: int = 0
    megastructure_tokens: int = 0
    military_tokens: int = 0
    outposts: Mapping[int, int] = field(default_factory=dict)
    bases: tuple[int, ...] = ()
    ships: tuple[Ship, ...] = ()
    political_influence_ip: int = 0
    bonus_ip: int = 0
    extra_vote: str | None = None


@dataclass(frozen=True, slots=True)
class Rules:
    zones_in_play: tuple[int, ...] = (1, 2)
    celestial_rebellion: bool = False
    trade_unions: bool = False
    # The campaign's house rules (solar175.house_rules): those a game's scoring reads.
    house: HouseRules = HouseRules()


@dataclass(frozen=True, slots=True)
class TableState:
    """One game's end state. `players` is in order of play for a next round (tie-breaker 2)."""

    players: tuple[PlayerTable, ...]
    rules: Rules = Rules()
    megastructure_zone: int | None = None
    incumbent_party: str = UNITED_FEDERALISTS
    hubs: Hubs = Hubs()
    ballots: Ballots = Ballots()
    hire_cards_left: Mapping[str, int] = field(default_factory=dict)


# --- output ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Election:
    winner: str
    overthrown: bool
    votes: dict[str, int]
    union_votes: dict[str, int]
    incumbent_kept_power: bool


@dataclass(frozen=True, slots=True)
class PlayerScore:
    corporation: str
    presence: dict[int, int]
    ip: dict[str, int]
    total: int
    rank: int
    credits_left: int


@dataclass(frozen=True, slots=True)
class GameScore:
    election: Election
    worker_values: dict
    players: tuple[PlayerScore, ...]
    winner: str
    tie_break: str | None
    tracker: dict[str, list[str]]

    def player(self, corporation: str) -> PlayerScore:
        for player in self.players:
            if player.corporation == corporation:
                return player
        raise KeyError(corporation)

    def as_dict(self) -> dict:
        """The `score` command's output (docs/table-file.md), plus the optional `tie_break`."""
        return {
            "election": {
                "winner": self.election.winner,
                "overthrown": self.election.overthrown,
                "votes": dict(self.election.votes),
            },
            "worker_values": {
                "hensler": self.worker_values["hensler"],
                "ufss": self.worker_values["ufss"],
                "military": self.worker_values["military"],
                "zones": {str(z): v for z, v in self.worker_values["zones"].items()},
            },
            "players": [
                {
                    "corporation": p.corporation,
                    "presence": {str(z): v for z, v in p.presence.items()},
                    "ip": dict(p.ip),
                    "total": p.total,
                    "rank": p.rank,
                }
                for p in self.players
            ],
            "winner": self.winner,
            "tie_break": self.tie_break,
            "tracker": {k: list(v) for k, v in self.tracker.items()},
        }


def tie_break_sentence(tie_break: str | None, total: int, winner: str) -> str | None:
    """The end-game tie-breaker that decided a game (`GameScore.tie_break`), in words; None when
    the winner had the most IP alone. `winner` is the winner's name as the page shows it."""
    if tie_break == TIE_BREAK_ZONE_1:
        return _("Tie on %(total)s IP broken by most presence in zone 1.", total=total)
    if tie_break == TIE_BREAK_PLAY_ORDER:
        return _(
            "Tie on %(total)s IP and on presence in zone 1 broken by the "
            "order of play: %(winner)s takes the first player marker "
            "soonest.",
            total=total,
            winner=winner,
        )
    return None


# --- the election ------------------------------------------------------------------------


def union_votes(hire_cards_left: Mapping[str, int]) -> dict[str, int]:
    """Trade Unions (#13): the worker type(s) with fewest left on their hire card add 2 votes.

    Rulebook example: 2 general, 2 engineers, 4 pilots left -> +2 Workers Union, +2 United
    Federalists.
    """
    counts = {kind: hire_cards_left.get(kind, 0) for kind in HIRE_CARD_PARTY}
    fewest = min(counts.values())
    extra = dict.fromkeys(LEGITIMATE_PARTIES, 0)
    for kind, left in counts.items():
        if left == fewest:
            extra[HIRE_CARD_PARTY[kind]] += UNION_VOTES
    return extra


def run_election(table: TableState) -> Election:
    """The Election phase, in this project's reading of RULES-NOTES §2."""
    rules = table.rules
    votes = {
        UNITED_FEDERALISTS: table.ballots.united_federalists,
        WORKERS_UNION: table.ballots.workers_union,
        BRAVE_NEW_DAWN: table.ballots.brave_new_dawn,
    }
    # Player power (#7): "add one vote to the party of your choice", before counting.
    for player in table.players:
        if player.extra_vote in votes:
            votes[player.extra_vote] += 1
    extra = dict.fromkeys(LEGITIMATE_PARTIES, 0)
    if rules.trade_unions:
        extra = union_votes(table.hire_cards_left)
        for party, count in extra.items():
            votes[party] += count
    # Spoiled ballots only exist once the Celestial Rebellion (#12) is in play.
    spoiled = table.ballots.spoiled if rules.celestial_rebellion else 0
    votes[CELESTIAL_REBELLION] = spoiled

    top = max(votes[p] for p in LEGITIMATE_PARTIES)
    tied = [p for p in LEGITIMATE_PARTIES if votes[p] == top]
    incumbent = table.incumbent_party
    if rules.celestial_rebellion and spoiled > top:
        # #12: the Rebellion takes power only when spoiled ballots outnumber the top party.
        return Election(CELESTIAL_REBELLION, True, votes, extra, False)
    if len(tied) == 1:
        return Election(tied[0], False, votes, extra, False)
    if rules.celestial_rebellion and spoiled == top:
        # The Rebellion tied with the leaders: a legitimate party must take power.
        if incumbent in LEGITIMATE_PARTIES:
            return Election(incumbent, False, votes, extra, True)
        return Election(tied[0], False, votes, extra, False)
    # "In the event of a tie, the party currently in power stays in power."
    return Election(incumbent, False, votes, extra, True)


# --- presence ----------------------------------------------------------------------------


def zone_presence(player: PlayerTable, zone: int) -> int:
    """Outposts 1 each, bases 2 each, each ship its card's presence (Presence)."""
    return (
        player.outposts.get(zone, 0)
        + 2 * player.bases.count(zone)
        + sum(ship.presence for ship in player.ships if ship.zone == zone)
    )


def presence_ip(
    presences: list[dict[int, int]], table: TableState, zone_values: Mapping[int, int]
) -> list[int]:
    """Presence IP per player, before doubling, summed over the zones in play."""
    rules = table.rules
    scores = [0] * len(presences)
    for zone in rules.zones_in_play:
        values = [p[zone] for p in presences]
        best = max(values)
        if best <= 0:
            continue
        worth = zone_values.get(zone, 0)
        first = [i for i, v in enumerate(values) if v == best]
        for i in first:
            scores[i] += worth
            if zone == table.megastructure_zone:
                scores[i] += MEGASTRUCTURE_ZONE_BONUS
        # Second place only with 3+ players and a single first place (End Game Scoring).
        if len(presences) >= 3 and len(first) == 1:
            rest = [v for v in values if v < best]
            second = max(rest, default=0)
            if second > 0:
                half = rules.house.half_for_second_place(worth)
                for i, v in enumerate(values):
                    if v == second:
                        scores[i] += half
    return scores


# --- scoring -----------------------------------------------------------------------------


def _leaders(values: list[int], corporations: list[str], minimum: int) -> list[str]:
    best = max(values)
    if best < minimum:
        return []
    return [c for c, v in zip(corporations, values, strict=True) if v == best]


def score_game(table: TableState) -> GameScore:
    rules = table.rules
    election = run_election(table)
    doubled = DOUBLED_BY[election.winner]

    hensler = table.hubs.hensler.worker_value
    ufss = table.hubs.ufss.worker_value
    military = table.hubs.military.worker_value
    zone_values = {
        zone: table.hubs.zones.get(zone, HubWorkers()).worker_value for zone in rules.zones_in_play
    }
    # Military tokens: "half the Military HUB's worker value, rounded down" each.
    military_token_ip = military // 2

    presences = [{z: zone_presence(p, z) for z in rules.zones_in_play} for p in table.players]
    presence_scores = presence_ip(presences, table, zone_values)

    breakdowns: list[dict[str, int]] = []
    credits_left: list[int] = []
    for player, presence_score in zip(table.players, presence_scores, strict=True):
        # Yurushi Bank Loans (#15): repay from credits first; each credit short is -1 IP.
        owed = sum(player.loans)
        left = max(0, player.credits - owed)
        short = max(0, owed - player.credits)
        credits_left.append(left)
        ip = {
            # Celestial Rebellion in power: credits score 1 IP each instead of 1 per 2.
            "credits": left if election.winner == CELESTIAL_REBELLION else left // 2,
            "loans": -short,
            "mining": MINING_TOKEN_IP * player.mining_tokens,
            "political_influence": player.political_influence_ip,
            # Each base: Hensler WV plus the zone number of its location.
            "bases": sum(hensler + zone for zone in player.bases),
            "megastructure": ufss * player.megastructure_tokens,
            "military": military_token_ip * player.military_tokens,
            "presence": presence_score,
            "bonus": player.bonus_ip,
        }
        ip[doubled] *= 2
        breakdowns.append(ip)

    totals = [sum(ip.values()) for ip in breakdowns]
    zone_1 = [p.get(1, 0) for p in presences]
    # Ranks: most IP; tie-breaker 1 most presence in zone 1; tie-breaker 2 the player closest
    # to receiving the first player marker, i.e. earliest in the given order of play.
    order = sorted(range(len(totals)), key=lambda i: (-totals[i], -zone_1[i], i))
    ranks = [0] * len(totals)
    for rank, i in enumerate(order, start=1):
        ranks[i] = rank
    winner_index = order[0]
    tie_break = None
    tied_on_ip = [i for i in range(len(totals)) if totals[i] == totals[winner_index]]
    if len(tied_on_ip) > 1:
        tied_on_zone_1 = [i for i in tied_on_ip if zone_1[i] == zone_1[winner_index]]
        tie_break = TIE_BREAK_PLAY_ORDER if len(tied_on_zone_1) > 1 else TIE_BREAK_ZONE_1

    corporations = [p.corporation for p in table.players]
    tracker: dict[str, list[str]] = {}
    for zone in rules.zones_in_play:
        tracker[f"presence_{zone}"] = _leaders([p[zone] for p in presences], corporations, 1)
    for section in ("megastructure", "bases", "military"):
        # This project's reading: a box needs a score above 0 (RULES-NOTES §3).
        tracker[section] = _leaders([ip[section] for ip in breakdowns], corporations, 1)
    tracker["mining"] = _leaders(
        [p.mining_tokens for p in table.players], corporations, MIN_MINING_TOKENS_FOR_BOX
    )
    tracker["credits"] = _leaders(credits_left, corporations, MIN_CREDITS_FOR_BOX)
    tracker["influence"] = [corporations[winner_index]]

    players = tuple(
        PlayerScore(
            corporation=p.corporation,
            presence=presences[i],
            ip=breakdowns[i],
            total=totals[i],
            rank=ranks[i],
            credits_left=credits_left[i],
        )
        for i, p in enumerate(table.players)
    )
    return GameScore(
        election=election,
        worker_values={
            "hensler": hensler,
            "ufss": ufss,
            "military": military,
            "zones": zone_values,
        },
        players=players,
        winner=corporations[winner_index],
        tie_break=tie_break,
        tracker=tracker,
    )
