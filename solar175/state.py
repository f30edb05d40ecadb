"""The replay's output as types: `CampaignState`, each game's `ReplayedGame`, the `NextGame`.

Pure Python, no Django. `solar175.replay.replay` builds a `CampaignState`; the `replay`
command prints its `to_dict()`, and the app stores that dict as its cache (`Campaign.state`,
each `Game.replay_entry` and `Game.result`) and reads it back with `from_dict`. The dataclasses
below are the one place that knows the JSON shape (docs/replay.md): each field is a key, in
the documented order, and its metadata (`gamefile.shape.spec`) says what an older cache may
lack and what it then reads, so no reader guards a key.

Every mapping field holds plain dicts and every list field a tuple; `to_dict()` gives lists.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from gamefile.shape import Shaped, from_dict, spec, to_dict
from gamefile.words import said
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


def city_to_dict(city: City) -> dict[str, Any]:
    """A city's JSON: its fields in their order (game, location, name, corporation)."""
    return to_dict(city)


def city_from_dict(data: Mapping[str, Any]) -> City:
    return City(data["game"], data["location"], data["name"], data.get("corporation"))


def _city(data: Mapping[str, Any] | None) -> City | None:
    return city_from_dict(data) if data else None


def _cities(data: Any) -> tuple[City, ...]:
    return tuple(city_from_dict(c) for c in data or ())


def sentence() -> Any:
    """A sentence the replay says (a `gamefile.words.Sentence`, its English the `str`): the
    app's cache keeps its words (`gamefile.words.with_words`), and a cache written before it
    kept them its English, read as it is."""
    return spec(default="", read=said)


def _sentences(data: Any) -> tuple[Any, ...]:
    return tuple(said(item) for item in data or ())


def _sentences_by_key(data: Any) -> dict[str, Any]:
    return {key: said(item) for key, item in (data or {}).items()}


def house() -> Any:
    """The house rules a table's `rules` carries, written beside its other keys."""
    return spec(flatten=TABLE_KEYS, default_factory=dict)


# --- pieces of the campaign state ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AwardHeld(Shaped):
    """An award sticker won, with its campaign points."""

    section: str
    tier: str
    corporation: str
    game: int
    points: int = 0


@dataclass(frozen=True, slots=True)
class Standing(Shaped):
    corporation: str
    points: int = 0
    rank: int = 0


@dataclass(frozen=True, slots=True)
class ElectionHeld(Shaped):
    game: int
    winner: str
    overthrown: bool = False


@dataclass(frozen=True, slots=True)
class SectionUnlocked(Shaped):
    """A section and the game after which it was unlocked (0: before the first)."""

    section: int
    game: int


@dataclass(frozen=True, slots=True)
class MegastructureBuilt(Shaped):
    game: int
    megastructure: str


@dataclass(frozen=True, slots=True)
class CampaignPoints(Shaped):
    award_points: int = 0
    debt: int = 0
    points: int = 0
    gold: int = 0
    silver: int = 0
    awards: int = 0


@dataclass(frozen=True, slots=True)
class LockedSection(Shaped):
    """ "What unlocks next": a locked section's printed trigger and progress; never a title."""

    section: int
    trigger: str = ""
    kind: str = ""
    current: int = 0
    target: int = 0
    words: str = sentence()


@dataclass(frozen=True, slots=True)
class ReplayWarning(Shaped):
    """What the rules say should not have happened but the group may have done."""

    game: int = 0
    path: str = ""
    message: str = sentence()


# --- the next game ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PoliticalCards(Shaped):
    """#6: cards dealt to each player, and how many each corporation keeps."""

    dealt: int = 0
    kept: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NextGame(Shaped):
    """The next game's setup (docs/replay.md, `next_game`). The defaults are those of a
    campaign before its first replay."""

    number: int = spec(default=1, falsy=True)
    zones_in_play: tuple[int, ...] = spec(default=FIRST_ZONES, falsy=True)
    # "onto the United Federalists if it is your first game"
    incumbent_party: str = spec(default=UNITED_FEDERALISTS, falsy=True)
    starting_credits: int = 1
    celestial_rebellion: bool = False
    trade_unions: bool = False
    megastructure_options: tuple[str, ...] = ()
    megastructure_chooser: str | None = None
    first_player: str | None = None
    house: dict[str, str] = house()
    switches: tuple[str, ...] = ()
    starting_credits_by_corporation: dict[str, int] = field(default_factory=dict)
    player_powers: dict[str, str] = field(default_factory=dict)
    trade_row: tuple[str, ...] = ()
    political_row: tuple[str, ...] = ()
    hub_bonus_tokens: bool = False
    political_influence_cards: PoliticalCards | None = None
    employment_side: str = spec(default="A", falsy=True)
    players: int = 0
    mining_tokens_per_location: int = 1
    mining_tokens_by_players: dict[str, int] = field(default_factory=dict)

    @property
    def rules(self) -> GameRules:
        """The rules the next game's table carries (as a game's `rules`)."""
        return GameRules(
            self.zones_in_play, self.celestial_rebellion, self.trade_unions, self.house
        )


# --- one game --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRules(Shaped):
    """The rules a game was played with: what its table's `rules` carries."""

    # A cache without them read no zones.
    zones_in_play: tuple[int, ...] = spec(default=FIRST_ZONES, absent=())
    celestial_rebellion: bool = False
    trade_unions: bool = False
    house: dict[str, str] = house()


@dataclass(frozen=True, slots=True)
class ScoreElection(Shaped):
    winner: str = spec(default="", falsy=True)
    overthrown: bool = False
    votes: dict[str, int] = field(default_factory=dict)


def _election_held(election: ScoreElection) -> dict[str, Any]:
    """A game's election as the campaign records it: its score's, without the votes."""
    return {"winner": election.winner, "overthrown": election.overthrown}


@dataclass(frozen=True, slots=True)
class PlayerResult(Shaped):
    """One player's line of a game's score; `presence` by zone as a string ("1")."""

    corporation: str
    presence: dict[str, int] = field(default_factory=dict)
    ip: dict[str, int] = field(default_factory=dict)
    total: int = 0
    rank: int = 0


@dataclass(frozen=True, slots=True)
class GameResult(Shaped):
    """A game's score as the engine writes it (`GameScore.as_dict()`, docs/table-file.md)."""

    election: ScoreElection = ScoreElection()
    worker_values: dict[str, Any] = field(default_factory=dict)
    players: tuple[PlayerResult, ...] = ()
    winner: str | None = None
    tie_break: str | None = None
    tracker: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def ranked(self) -> tuple[PlayerResult, ...]:
        """The players, first place first."""
        return tuple(sorted(self.players, key=lambda p: p.rank))


@dataclass(frozen=True, slots=True)
class DebtPaid(Shaped):
    """A Bank of Yurushi debt mark (#8) and the campaign points it cost; `row` when named."""

    corporation: str
    points: int = 0
    row: int | None = spec(default=None, omit="none")


@dataclass(frozen=True, slots=True)
class UnlockedNow(Shaped):
    """A section a game unlocked, and why (docs/replay.md)."""

    section: int
    reason: str = sentence()


@dataclass(frozen=True, slots=True)
class ReplayedGame(Shaped):
    """One game of the log as the replay derived it (docs/replay.md, `games[]`)."""

    number: int
    played_on: str | None = None
    megastructure: str | None = None
    megastructure_zone: int | None = None
    megastructure_zone_stated: bool = False
    megastructure_options: tuple[str, ...] = ()
    megastructure_chooser: str | None = None
    # An entry without its rules reads GameRules' own absent keys (no zones).
    rules: GameRules = spec(default=GameRules(), absent={})
    incumbent_party: str = spec(default="", falsy=True)
    score: GameResult = GameResult()
    winner: str | None = None
    election: ScoreElection = spec(default=ScoreElection(), write=_election_held)
    boxes_crossed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    influence_tally: tuple[str, ...] = ()
    sections_completed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    awards: tuple[AwardHeld, ...] = ()
    debt_marks: tuple[DebtPaid, ...] = ()
    city: City | None = spec(default=None, read=_city)
    unlocked_sections: tuple[UnlockedNow, ...] = ()
    # None in a cache written before the replay kept the standings after each game.
    points_after: dict[str, int] | None = None
    warnings: tuple[str, ...] = spec(default=(), read=_sentences)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> ReplayedGame:
        game = from_dict(cls, data)
        return replace(
            game,
            winner=game.winner or game.score.winner,
            # An entry written before the game's own `election`: its score's.
            election=game.election if (data or {}).get("election") else game.score.election,
        )


# --- the whole campaign ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CampaignState(Shaped):
    """The derived campaign state: `replay(campaign, catalogue)` (DESIGN.md "The one idea").

    The first thirteen fields are the keys docs/campaign-file.md prints, in its order; the
    rest are docs/replay.md's extras. The defaults are those of a campaign before its first
    replay (an empty cache).
    """

    games_played: int = spec(default=0, falsy=True)
    tracker: dict[str, dict[str, int]] = field(default_factory=dict)
    awards: tuple[AwardHeld, ...] = ()
    debt: dict[str, int] = field(default_factory=dict)
    standings: tuple[Standing, ...] = ()
    elections: tuple[ElectionHeld, ...] = ()
    election_wins: dict[str, int] = field(default_factory=dict)
    unlocked_sections: tuple[SectionUnlocked, ...] = ()
    megastructures_built: tuple[MegastructureBuilt, ...] = ()
    # A city written before its `corporation` was kept reads as None.
    cities: tuple[City, ...] = spec(default=(), read=_cities)
    next_game: NextGame = NextGame()
    campaign_over: bool = False
    winner: str | None = None
    shared_winners: tuple[str, ...] = ()
    overthrows: int = 0
    campaign_points: dict[str, CampaignPoints] = field(default_factory=dict)
    # None in a cache written before the replay counted them.
    games_by_corporation: dict[str, int] | None = None
    unlock_reasons: dict[str, str] = spec(default_factory=dict, read=_sentences_by_key)
    progress: tuple[LockedSection, ...] = ()
    games: tuple[ReplayedGame, ...] = ()
    warnings: tuple[ReplayWarning, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> CampaignState:
        """Read a `to_dict()` back; keys an older cache lacks take their defaults."""
        state = from_dict(cls, data)
        if (data or {}).get("overthrows") is None:
            # A cache written before `overthrows`: counted from the elections.
            state = replace(state, overthrows=sum(e.overthrown for e in state.elections))
        return state

    # --- what the pages ask ------------------------------------------------------------

    def unlocked(self) -> dict[int, int]:
        """Each unlocked section → the game after which it was unlocked."""
        return {u.section: u.game for u in self.unlocked_sections}

    def game(self, number: int) -> ReplayedGame | None:
        """The entry of game `number`, or None (a game before an opening, or unknown)."""
        return next((g for g in self.games if g.number == number), None)

    def standing(self, corporation: str) -> Standing | None:
        return next((s for s in self.standings if s.corporation == corporation), None)
