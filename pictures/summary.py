"""One game's printable summary, from the replay's entry for it: plain data in, plain data out.

No Django, no ORM: `game_summary(entry, corporations, ...)` takes the game's entry in the
replay's cached state (a `solar175.state.ReplayedGame`, docs/replay.md) and the campaign's
corporations as `pictures.charts.ChartCorporation`s, and returns what
`pictures/templates/pictures/game_summary.html` prints: the placings, the score by category, the
election's votes, the awards, the city, the sections unlocked and the campaign points after it.
The template escapes every name.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pictures import words
from pictures.charts import PARTY_COLOURS, ChartCorporation
from pictures.words import _
from solar175.engine import CATEGORIES, DOUBLED_BY, LEGITIMATE_PARTIES, tie_break_sentence
from solar175.state import City, PlayerResult, ReplayedGame

OPTIONAL_CATEGORIES = ("loans", "political_influence", "bonus")


# The engine's `tie_break` codes, as the summary says them (the end-game tie-breakers).
@dataclass(frozen=True)
class SummaryPlayer:
    corporation: ChartCorporation
    total: int
    rank: int
    crossed: tuple[str, ...]
    tally: bool
    points_after: int | None


@dataclass(frozen=True)
class SummaryRow:
    label: str
    values: tuple[int, ...]
    doubled: bool = False
    best: int | None = None


@dataclass(frozen=True)
class VoteBar:
    party: str
    name: str
    votes: int
    width: float  # percent of the longest bar
    fill: str
    elected: bool


@dataclass(frozen=True)
class SummaryAward:
    corporation: ChartCorporation
    tier: str
    name: str
    section: str
    points: int

    @property
    def tier_name(self) -> str:
        """The tier as the summary says it ("gold", "silver")."""
        return {
            # Translators: an award sticker's tier, within a sentence.
            "gold": _("gold"),
            # Translators: an award sticker's tier, within a sentence.
            "silver": _("silver"),
        }.get(self.tier, self.tier)


@dataclass(frozen=True)
class GameSummary:
    number: int
    played_on: datetime.date | None
    megastructure: str
    megastructure_zone: int | None
    zones_in_play: tuple[int, ...]
    incumbent: str
    elected: str
    overthrown: bool
    doubled: str
    votes: tuple[VoteBar, ...]
    players: tuple[SummaryPlayer, ...]
    winner: SummaryPlayer | None
    rows: tuple[SummaryRow, ...]
    presence_rows: tuple[SummaryRow, ...]
    awards: tuple[SummaryAward, ...]
    city: City | None
    sections_unlocked: tuple[int, ...]
    debt_marks: tuple[tuple[ChartCorporation, int], ...]
    tie_break: str | None = None
    # The campaign standings after this game, most points first.
    standings_after: tuple[tuple[ChartCorporation, int], ...] = ()


def _date(value: str | None) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(str(value))
    except ValueError:
        return None


def find_game(games: Sequence[ReplayedGame], number: int) -> ReplayedGame | None:
    """The replay's entry for game `number`, or None (a game before an opening, or unknown)."""
    return next((g for g in games if g.number == number), None)


@dataclass(frozen=True)
class _Names:
    """The catalogue's words and the campaign's corporations, as the summary says them."""

    by_key: Mapping[str, ChartCorporation]
    parties: Mapping[str, str]
    categories: Mapping[str, str]
    sections: Mapping[str, str]
    awards: Mapping[tuple[str, str], str]

    def corp(self, key: str) -> ChartCorporation:
        return self.by_key.get(key) or ChartCorporation(key=key, name=key, colour="#888888")

    def category(self, key: str) -> str:
        return self.categories.get(key, key.replace("_", " ").capitalize())


def _players(entry: ReplayedGame, names: _Names) -> tuple[SummaryPlayer, ...]:
    points_after = entry.points_after or {}
    return tuple(
        SummaryPlayer(
            corporation=names.corp(p.corporation),
            total=p.total,
            rank=p.rank,
            crossed=tuple(
                names.sections.get(s, s) for s in entry.boxes_crossed.get(p.corporation, ())
            ),
            tally=p.corporation in entry.influence_tally,
            points_after=points_after.get(p.corporation),
        )
        for p in entry.score.ranked()
    )


def _category_rows(ranked: Sequence[PlayerResult], doubled: str, names: _Names) -> list:
    """A row per IP category, the optional ones only when someone scored in them."""
    rows = []
    for category in CATEGORIES:
        values = tuple(p.ip.get(category, 0) for p in ranked)
        if category in OPTIONAL_CATEGORIES and not any(values):
            continue
        best = max(values) if any(values) else None
        rows.append(SummaryRow(names.category(category), values, category == doubled, best))
    return rows


def _presence_rows(ranked: Sequence[PlayerResult], zones: Sequence[int]) -> list:
    rows = []
    for zone in zones:
        values = tuple(p.presence.get(str(zone), 0) for p in ranked)
        rows.append(
            SummaryRow(
                label=_("Zone %(zone)s") % {"zone": zone}, values=values, best=max(values) or None
            )
        )
    return rows


def _vote_bars(entry: ReplayedGame, names: _Names) -> tuple[VoteBar, ...]:
    """The election's votes, a bar per party; the Celestial Rebellion only once it is in the
    game (its section, a vote for it, or its win)."""
    votes, elected = entry.score.election.votes, entry.score.election.winner
    parties = [p for p in PARTY_COLOURS if p in votes or p in LEGITIMATE_PARTIES]
    rebellion = "celestial_rebellion"
    if not (entry.rules.celestial_rebellion or votes.get(rebellion) or elected == rebellion):
        parties = [p for p in parties if p != rebellion]
    top = max((votes.get(p, 0) for p in parties), default=0) or 1
    return tuple(
        VoteBar(
            party=p,
            name=names.parties.get(p, p),
            votes=votes.get(p, 0),
            width=round(100 * votes.get(p, 0) / top, 1),
            fill=PARTY_COLOURS.get(p, "#adb5bd"),
            elected=p == elected,
        )
        for p in parties
    )


def _awards(entry: ReplayedGame, names: _Names) -> tuple[SummaryAward, ...]:
    return tuple(
        SummaryAward(
            corporation=names.corp(a.corporation),
            tier=a.tier,
            name=names.awards.get((a.section, a.tier), a.section),
            section=names.sections.get(a.section, a.section),
            points=a.points,
        )
        for a in entry.awards
    )


def _standings_after(entry: ReplayedGame, names: _Names) -> tuple:
    after = ((names.corp(key), points) for key, points in (entry.points_after or {}).items())
    return tuple(sorted(after, key=lambda row: -row[1]))


def game_summary(
    entry: ReplayedGame,
    corporations: Sequence[ChartCorporation],
    *,
    party_names: Mapping[str, str],
    category_labels: Mapping[str, str],
    section_names: Mapping[str, str],
    award_names: Mapping[tuple[str, str], str],
    megastructure_name: str = "",
) -> GameSummary:
    """One game of the replay as its printable page shows it. Only numbers of the sections it
    unlocked: a title is the sections page's business (it knows what has been revealed)."""
    names = _Names(
        {c.key: c for c in corporations}, party_names, category_labels, section_names, award_names
    )
    ranked = entry.score.ranked()
    players = _players(entry, names)
    election = entry.score.election
    elected = election.winner
    doubled = DOUBLED_BY.get(elected, "")
    winner = next((p for p in players if p.corporation.key == entry.winner), None)
    return GameSummary(
        number=entry.number,
        played_on=_date(entry.played_on),
        megastructure=megastructure_name or entry.megastructure or "",
        megastructure_zone=entry.megastructure_zone,
        zones_in_play=entry.rules.zones_in_play,
        incumbent=party_names.get(entry.incumbent_party, ""),
        elected=party_names.get(elected, elected),
        overthrown=election.overthrown,
        doubled=category_labels.get(doubled, doubled),
        votes=_vote_bars(entry, names),
        players=players,
        winner=winner,
        rows=tuple(_category_rows(ranked, doubled, names)),
        presence_rows=tuple(_presence_rows(ranked, entry.rules.zones_in_play)),
        awards=_awards(entry, names),
        city=entry.city,
        sections_unlocked=tuple(u.section for u in entry.unlocked_sections),
        debt_marks=tuple((names.corp(m.corporation), m.points) for m in entry.debt_marks),
        standings_after=_standings_after(entry, names),
        tie_break=(
            words.say(
                tie_break_sentence(entry.score.tie_break, winner.total, winner.corporation.name)
            )
            if winner
            else None
        ),
    )
