"""The replay's output as types: `CampaignState`, each game's `ReplayedGame`, the `NextGame`.

Pure Python, no Django. `solar175.replay.replay` builds a `CampaignState`; the `replay`
command prints its `to_dict()`, and the app stores that dict as its cache (`Campaign.state`,
each `Game.replay_entry` and `Game.result`) and reads it back with `from_dict`. These two
methods are the one place that knows the JSON shape (docs/replay.md): `to_dict()` writes the
keys in the documented order; `from_dict()` reads what an older cache may lack with the
defaults below, so no reader guards a key.

Every mapping field holds plain dicts and every list field a tuple; `to_dict()` gives lists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from solar175.engine import UNITED_FEDERALISTS, Rules
from solar175.house_rules import TABLE_KEYS
from solar175.opening import City

__all__ = [
    "AwardHeld",
    "CampaignPoints",
    "CampaignState",
    "City",
    "DebtPaid",
    "ElectionHeld",
    "GameResult",
    "GameRules",
    "LockedSection",
    "MegastructureBuilt",
    "NextGame",
    "PlayerResult",
    "PoliticalCards",
    "ReplayWarning",
    "ReplayedGame",
    "ScoreElection",
    "SectionUnlocked",
    "Standing",
    "UnlockedNow",
]

# Before any game: the zones the first game plays (Setting Up the Solar System).
FIRST_ZONES = Rules().zones_in_play


def _ints(value: Mapping[str, Any] | None) -> dict[str, int]:
    return dict(value or {})


def _lists(value: Mapping[str, Sequence[str]] | None) -> dict[str, tuple[str, ...]]:
    return {key: tuple(items) for key, items in (value or {}).items()}


def _lists_out(value: Mapping[str, Sequence[str]]) -> dict[str, list[str]]:
    return {key: list(items) for key, items in value.items()}


def _house(data: Mapping[str, Any]) -> dict[str, str]:
    """The house rules a table's `rules` carries (solar175.house_rules.TABLE_KEYS)."""
    return {key: data[key] for key in TABLE_KEYS if key in data}


def city_to_dict(city: City) -> dict[str, Any]:
    return {
        "game": city.game,
        "location": city.location,
        "name": city.name,
        "corporation": city.corporation,
    }


def city_from_dict(data: Mapping[str, Any]) -> City:
    return City(data["game"], data["location"], data["name"], data.get("corporation"))


# --- pieces of the campaign state ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AwardHeld:
    """An award sticker won, with its campaign points."""

    section: str
    tier: str
    corporation: str
    game: int
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "tier": self.tier,
            "corporation": self.corporation,
            "game": self.game,
            "points": self.points,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AwardHeld:
        return cls(
            data["section"],
            data["tier"],
            data["corporation"],
            data["game"],
            data.get("points", 0),
        )


@dataclass(frozen=True, slots=True)
class Standing:
    corporation: str
    points: int
    rank: int

    def to_dict(self) -> dict[str, Any]:
        return {"corporation": self.corporation, "points": self.points, "rank": self.rank}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Standing:
        return cls(data["corporation"], data.get("points", 0), data.get("rank", 0))


@dataclass(frozen=True, slots=True)
class ElectionHeld:
    game: int
    winner: str
    overthrown: bool

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "winner": self.winner, "overthrown": self.overthrown}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ElectionHeld:
        return cls(data["game"], data["winner"], bool(data.get("overthrown")))


@dataclass(frozen=True, slots=True)
class SectionUnlocked:
    """A section and the game after which it was unlocked (0: before the first)."""

    section: int
    game: int

    def to_dict(self) -> dict[str, Any]:
        return {"section": self.section, "game": self.game}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SectionUnlocked:
        return cls(data["section"], data["game"])


@dataclass(frozen=True, slots=True)
class MegastructureBuilt:
    game: int
    megastructure: str

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "megastructure": self.megastructure}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MegastructureBuilt:
        return cls(data["game"], data["megastructure"])


@dataclass(frozen=True, slots=True)
class CampaignPoints:
    award_points: int
    debt: int
    points: int
    gold: int
    silver: int
    awards: int

    def to_dict(self) -> dict[str, int]:
        return {
            "award_points": self.award_points,
            "debt": self.debt,
            "points": self.points,
            "gold": self.gold,
            "silver": self.silver,
            "awards": self.awards,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CampaignPoints:
        return cls(
            data.get("award_points", 0),
            data.get("debt", 0),
            data.get("points", 0),
            data.get("gold", 0),
            data.get("silver", 0),
            data.get("awards", 0),
        )


@dataclass(frozen=True, slots=True)
class LockedSection:
    """ "What unlocks next": a locked section's printed trigger and progress; never a title."""

    section: int
    trigger: str
    kind: str
    current: int
    target: int
    words: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "trigger": self.trigger,
            "kind": self.kind,
            "current": self.current,
            "target": self.target,
            "words": self.words,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LockedSection:
        return cls(
            data["section"],
            data.get("trigger", ""),
            data.get("kind", ""),
            data.get("current", 0),
            data.get("target", 0),
            data.get("words", ""),
        )


@dataclass(frozen=True, slots=True)
class ReplayWarning:
    """What the rules say should not have happened but the group may have done."""

    game: int
    path: str
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "path": self.path, "message": self.message}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ReplayWarning:
        return cls(data.get("game", 0), data.get("path", ""), data.get("message", ""))


# --- the next game ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PoliticalCards:
    """#6: cards dealt to each player, and how many each corporation keeps."""

    dealt: int
    kept: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"dealt": self.dealt, "kept": dict(self.kept)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PoliticalCards:
        return cls(data.get("dealt", 0), _ints(data.get("kept")))


@dataclass(frozen=True, slots=True)
class NextGame:
    """The next game's setup (docs/replay.md, `next_game`). The defaults are those of a
    campaign before its first replay."""

    number: int = 1
    zones_in_play: tuple[int, ...] = FIRST_ZONES
    # "onto the United Federalists if it is your first game"
    incumbent_party: str = UNITED_FEDERALISTS
    starting_credits: int = 1
    celestial_rebellion: bool = False
    trade_unions: bool = False
    megastructure_options: tuple[str, ...] = ()
    megastructure_chooser: str | None = None
    first_player: str | None = None
    # The house rules a table's `rules` carries (solar175.house_rules.TABLE_KEYS).
    house: dict[str, str] = field(default_factory=dict)
    switches: tuple[str, ...] = ()
    starting_credits_by_corporation: dict[str, int] = field(default_factory=dict)
    player_powers: dict[str, str] = field(default_factory=dict)
    trade_row: tuple[str, ...] = ()
    political_row: tuple[str, ...] = ()
    hub_bonus_tokens: bool = False
    political_influence_cards: PoliticalCards | None = None
    employment_side: str = "A"
    players: int = 0
    mining_tokens_per_location: int = 1
    mining_tokens_by_players: dict[str, int] = field(default_factory=dict)

    @property
    def rules(self) -> GameRules:
        """The rules the next game's table carries (as a game's `rules`)."""
        return GameRules(
            self.zones_in_play, self.celestial_rebellion, self.trade_unions, self.house
        )

    def to_dict(self) -> dict[str, Any]:
        cards = self.political_influence_cards
        return {
            "number": self.number,
            "zones_in_play": list(self.zones_in_play),
            "incumbent_party": self.incumbent_party,
            "starting_credits": self.starting_credits,
            "celestial_rebellion": self.celestial_rebellion,
            "trade_unions": self.trade_unions,
            "megastructure_options": list(self.megastructure_options),
            "megastructure_chooser": self.megastructure_chooser,
            "first_player": self.first_player,
            **self.house,
            "switches": list(self.switches),
            "starting_credits_by_corporation": dict(self.starting_credits_by_corporation),
            "player_powers": dict(self.player_powers),
            "trade_row": list(self.trade_row),
            "political_row": list(self.political_row),
            "hub_bonus_tokens": self.hub_bonus_tokens,
            "political_influence_cards": cards.to_dict() if cards else None,
            "employment_side": self.employment_side,
            "players": self.players,
            "mining_tokens_per_location": self.mining_tokens_per_location,
            "mining_tokens_by_players": dict(self.mining_tokens_by_players),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> NextGame:
        if not data:
            return cls()
        cards = data.get("political_influence_cards")
        return cls(
            number=data.get("number") or 1,
            zones_in_play=tuple(data.get("zones_in_play") or FIRST_ZONES),
            incumbent_party=data.get("incumbent_party") or cls.incumbent_party,
            starting_credits=data.get("starting_credits", 1),
            celestial_rebellion=bool(data.get("celestial_rebellion")),
            trade_unions=bool(data.get("trade_unions")),
            megastructure_options=tuple(data.get("megastructure_options") or ()),
            megastructure_chooser=data.get("megastructure_chooser"),
            first_player=data.get("first_player"),
            house=_house(data),
            switches=tuple(data.get("switches") or ()),
            starting_credits_by_corporation=_ints(data.get("starting_credits_by_corporation")),
            player_powers=dict(data.get("player_powers") or {}),
            trade_row=tuple(data.get("trade_row") or ()),
            political_row=tuple(data.get("political_row") or ()),
            hub_bonus_tokens=bool(data.get("hub_bonus_tokens")),
            political_influence_cards=PoliticalCards.from_dict(cards) if cards else None,
            employment_side=data.get("employment_side") or "A",
            players=data.get("players", 0),
            mining_tokens_per_location=data.get("mining_tokens_per_location", 1),
            mining_tokens_by_players=_ints(data.get("mining_tokens_by_players")),
        )


# --- one game --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRules:
    """The rules a game was played with: what its table's `rules` carries."""

    zones_in_play: tuple[int, ...] = FIRST_ZONES
    celestial_rebellion: bool = False
    trade_unions: bool = False
    house: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "zones_in_play": list(self.zones_in_play),
            "celestial_rebellion": self.celestial_rebellion,
            "trade_unions": self.trade_unions,
            **self.house,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> GameRules:
        data = data or {}
        return cls(
            zones_in_play=tuple(data.get("zones_in_play") or ()),
            celestial_rebellion=bool(data.get("celestial_rebellion")),
            trade_unions=bool(data.get("trade_unions")),
            house=_house(data),
        )


@dataclass(frozen=True, slots=True)
class ScoreElection:
    winner: str = ""
    overthrown: bool = False
    votes: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "overthrown": self.overthrown, "votes": dict(self.votes)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> ScoreElection:
        data = data or {}
        return cls(data.get("winner") or "", bool(data.get("overthrown")), _ints(data.get("votes")))


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's line of a game's score; `presence` by zone as a string ("1")."""

    corporation: str
    presence: dict[str, int]
    ip: dict[str, int]
    total: int
    rank: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "corporation": self.corporation,
            "presence": dict(self.presence),
            "ip": dict(self.ip),
            "total": self.total,
            "rank": self.rank,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerResult:
        return cls(
            data["corporation"],
            _ints(data.get("presence")),
            _ints(data.get("ip")),
            data.get("total", 0),
            data.get("rank", 0),
        )


@dataclass(frozen=True, slots=True)
class GameResult:
    """A game's score as the engine writes it (`GameScore.as_dict()`, docs/table-file.md)."""

    election: ScoreElection = ScoreElection()
    worker_values: dict[str, Any] = field(default_factory=dict)
    players: tuple[PlayerResult, ...] = ()
    winner: str | None = None
    tie_break: str | None = None
    tracker: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "election": self.election.to_dict(),
            "worker_values": self.worker_values,
            "players": [p.to_dict() for p in self.players],
            "winner": self.winner,
            "tie_break": self.tie_break,
            "tracker": _lists_out(self.tracker),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> GameResult:
        data = data or {}
        return cls(
            election=ScoreElection.from_dict(data.get("election")),
            worker_values=dict(data.get("worker_values") or {}),
            players=tuple(PlayerResult.from_dict(p) for p in data.get("players") or ()),
            winner=data.get("winner"),
            tie_break=data.get("tie_break"),
            tracker=_lists(data.get("tracker")),
        )

    def ranked(self) -> tuple[PlayerResult, ...]:
        """The players, first place first."""
        return tuple(sorted(self.players, key=lambda p: p.rank))


@dataclass(frozen=True, slots=True)
class DebtPaid:
    """A Bank of Yurushi debt mark (#8) and the campaign points it cost; `row` when named."""

    corporation: str
    points: int
    row: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"corporation": self.corporation, "points": self.points}
        if self.row is not None:
            out["row"] = self.row
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DebtPaid:
        return cls(data["corporation"], data.get("points", 0), data.get("row"))


@dataclass(frozen=True, slots=True)
class UnlockedNow:
    """A section a game unlocked, and why (docs/replay.md)."""

    section: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"section": self.section, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> UnlockedNow:
        return cls(data["section"], data.get("reason", ""))


@dataclass(frozen=True, slots=True)
class ReplayedGame:
    """One game of the log as the replay derived it (docs/replay.md, `games[]`)."""

    number: int
    played_on: str | None = None
    megastructure: str | None = None
    megastructure_zone: int | None = None
    megastructure_zone_stated: bool = False
    megastructure_options: tuple[str, ...] = ()
    megastructure_chooser: str | None = None
    rules: GameRules = GameRules()
    incumbent_party: str = ""
    score: GameResult = GameResult()
    winner: str | None = None
    election: ScoreElection = ScoreElection()
    boxes_crossed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    influence_tally: tuple[str, ...] = ()
    sections_completed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    awards: tuple[AwardHeld, ...] = ()
    debt_marks: tuple[DebtPaid, ...] = ()
    city: City | None = None
    unlocked_sections: tuple[UnlockedNow, ...] = ()
    # None in a cache written before the replay kept the standings after each game.
    points_after: dict[str, int] | None = None
    warnings: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "played_on": self.played_on,
            "megastructure": self.megastructure,
            "megastructure_zone": self.megastructure_zone,
            "megastructure_zone_stated": self.megastructure_zone_stated,
            "megastructure_options": list(self.megastructure_options),
            "megastructure_chooser": self.megastructure_chooser,
            "rules": self.rules.to_dict(),
            "incumbent_party": self.incumbent_party,
            "score": self.score.to_dict(),
            "winner": self.winner,
            # A game's election as the campaign records it: its score's, without the votes.
            "election": {"winner": self.election.winner, "overthrown": self.election.overthrown},
            "boxes_crossed": _lists_out(self.boxes_crossed),
            "influence_tally": list(self.influence_tally),
            "sections_completed": _lists_out(self.sections_completed),
            "awards": [a.to_dict() for a in self.awards],
            "debt_marks": [m.to_dict() for m in self.debt_marks],
            "city": city_to_dict(self.city) if self.city else None,
            "unlocked_sections": [u.to_dict() for u in self.unlocked_sections],
            "points_after": None if self.points_after is None else dict(self.points_after),
            "warnings": list(self.warnings),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ReplayedGame:
        score = GameResult.from_dict(data.get("score"))
        city = data.get("city")
        return cls(
            number=data["number"],
            played_on=data.get("played_on"),
            megastructure=data.get("megastructure"),
            megastructure_zone=data.get("megastructure_zone"),
            megastructure_zone_stated=bool(data.get("megastructure_zone_stated")),
            megastructure_options=tuple(data.get("megastructure_options") or ()),
            megastructure_chooser=data.get("megastructure_chooser"),
            rules=GameRules.from_dict(data.get("rules")),
            incumbent_party=data.get("incumbent_party") or "",
            score=score,
            winner=data.get("winner") or score.winner,
            # An entry written before the game's own `election`: its score's.
            election=ScoreElection.from_dict(data.get("election") or score.election.to_dict()),
            boxes_crossed=_lists(data.get("boxes_crossed")),
            influence_tally=tuple(data.get("influence_tally") or ()),
            sections_completed=_lists(data.get("sections_completed")),
            awards=tuple(AwardHeld.from_dict(a) for a in data.get("awards") or ()),
            debt_marks=tuple(DebtPaid.from_dict(m) for m in data.get("debt_marks") or ()),
            city=city_from_dict(city) if city else None,
            unlocked_sections=tuple(
                UnlockedNow.from_dict(u) for u in data.get("unlocked_sections") or ()
            ),
            points_after=(
                None if data.get("points_after") is None else _ints(data["points_after"])
            ),
            warnings=tuple(data.get("warnings") or ()),
        )


# --- the whole campaign ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CampaignState:
    """The derived campaign state: `replay(campaign, catalogue)` (DESIGN.md "The one idea").

    The first thirteen fields are the keys docs/campaign-file.md prints, in its order; the
    rest are docs/replay.md's extras. The defaults are those of a campaign before its first
    replay (an empty cache).
    """

    games_played: int = 0
    tracker: dict[str, dict[str, int]] = field(default_factory=dict)
    awards: tuple[AwardHeld, ...] = ()
    debt: dict[str, int] = field(default_factory=dict)
    standings: tuple[Standing, ...] = ()
    elections: tuple[ElectionHeld, ...] = ()
    election_wins: dict[str, int] = field(default_factory=dict)
    unlocked_sections: tuple[SectionUnlocked, ...] = ()
    megastructures_built: tuple[MegastructureBuilt, ...] = ()
    cities: tuple[City, ...] = ()
    next_game: NextGame = NextGame()
    campaign_over: bool = False
    winner: str | None = None
    shared_winners: tuple[str, ...] = ()
    overthrows: int = 0
    campaign_points: dict[str, CampaignPoints] = field(default_factory=dict)
    # None in a cache written before the replay counted them.
    games_by_corporation: dict[str, int] | None = None
    unlock_reasons: dict[str, str] = field(default_factory=dict)
    progress: tuple[LockedSection, ...] = ()
    games: tuple[ReplayedGame, ...] = ()
    warnings: tuple[ReplayWarning, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The `replay` command's JSON (docs/replay.md), key for key."""
        return {
            "games_played": self.games_played,
            "tracker": {corp: dict(boxes) for corp, boxes in self.tracker.items()},
            "awards": [a.to_dict() for a in self.awards],
            "debt": dict(self.debt),
            "standings": [s.to_dict() for s in self.standings],
            "elections": [e.to_dict() for e in self.elections],
            "election_wins": dict(self.election_wins),
            "unlocked_sections": [u.to_dict() for u in self.unlocked_sections],
            "megastructures_built": [b.to_dict() for b in self.megastructures_built],
            "cities": [city_to_dict(c) for c in self.cities],
            "next_game": self.next_game.to_dict(),
            "campaign_over": self.campaign_over,
            "winner": self.winner,
            "shared_winners": list(self.shared_winners),
            "overthrows": self.overthrows,
            "campaign_points": {c: p.to_dict() for c, p in self.campaign_points.items()},
            "games_by_corporation": (
                None if self.games_by_corporation is None else dict(self.games_by_corporation)
            ),
            "unlock_reasons": dict(self.unlock_reasons),
            "progress": [p.to_dict() for p in self.progress],
            "games": [g.to_dict() for g in self.games],
            "warnings": [w.to_dict() for w in self.warnings],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> CampaignState:
        """Read a `to_dict()` back; keys an older cache lacks take their defaults."""
        data = data or {}
        elections = tuple(ElectionHeld.from_dict(e) for e in data.get("elections") or ())
        overthrows = data.get("overthrows")
        return cls(
            games_played=data.get("games_played") or 0,
            tracker={corp: dict(boxes) for corp, boxes in (data.get("tracker") or {}).items()},
            awards=tuple(AwardHeld.from_dict(a) for a in data.get("awards") or ()),
            debt=_ints(data.get("debt")),
            standings=tuple(Standing.from_dict(s) for s in data.get("standings") or ()),
            elections=elections,
            election_wins=_ints(data.get("election_wins")),
            unlocked_sections=tuple(
                SectionUnlocked.from_dict(u) for u in data.get("unlocked_sections") or ()
            ),
            megastructures_built=tuple(
                MegastructureBuilt.from_dict(b) for b in data.get("megastructures_built") or ()
            ),
            cities=tuple(city_from_dict(c) for c in data.get("cities") or ()),
            next_game=NextGame.from_dict(data.get("next_game")),
            campaign_over=bool(data.get("campaign_over")),
            winner=data.get("winner"),
            shared_winners=tuple(data.get("shared_winners") or ()),
            # A cache written before `overthrows`: counted from the elections.
            overthrows=(
                overthrows if overthrows is not None else sum(e.overthrown for e in elections)
            ),
            campaign_points={
                corp: CampaignPoints.from_dict(p)
                for corp, p in (data.get("campaign_points") or {}).items()
            },
            games_by_corporation=(
                None
                if data.get("games_by_corporation") is None
                else _ints(data["games_by_corporation"])
            ),
            unlock_reasons=dict(data.get("unlock_reasons") or {}),
            progress=tuple(LockedSection.from_dict(p) for p in data.get("progress") or ()),
            games=tuple(ReplayedGame.from_dict(g) for g in data.get("games") or ()),
            warnings=tuple(ReplayWarning.from_dict(w) for w in data.get("warnings") or ()),
        )

    # --- what the pages ask ------------------------------------------------------------

    def unlocked(self) -> dict[int, int]:
        """Each unlocked section → the game after which it was unlocked."""
        return {u.section: u.game for u in self.unlocked_sections}

    def game(self, number: int) -> ReplayedGame | None:
        """The entry of game `number`, or None (a game before an opening, or unknown)."""
        return next((g for g in self.games if g.number == number), None)

    def standing(self, corporation: str) -> Standing | None:
        return next((s for s in self.standings if s.corporation == corporation), None)
