"""One game's printable summary, from the replay's entry for it: plain data in, plain data out.

No Django, no ORM: `game_summary(entry, corporations, ...)` takes the game's entry in the
replay's cached state (docs/replay.md) and the campaign's corporations as
`campaign.charts.ChartCorporation`s, and returns what `templates/pictures/game_summary.html`
prints: the placings, the score by category, the election's votes, the awards, the city, the
sections unlocked and the campaign points after it. The template escapes every name.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from campaign.charts import PARTY_COLOURS, ChartCorporation, replayed_games
from solar175.engine import CATEGORIES, DOUBLED_BY, LEGITIMATE_PARTIES, tie_break_sentence

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
    city: Mapping[str, Any] | None
    sections_unlocked: tuple[int, ...]
    debt_marks: tuple[tuple[ChartCorporation, int], ...]
    tie_break: str | None = None
    # The campaign standings after this game, most points first.
    standings_after: tuple[tuple[ChartCorporation, int], ...] = ()


def _date(value: Any) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(str(value))
    except ValueError:
        return None


def find_game(state: Mapping[str, Any], number: int) -> Mapping[str, Any] | None:
    """The replay's entry for game `number`, or None (a game before an opening, or unknown)."""
    return next((g for g in replayed_games(state) if g.get("number") == number), None)


def game_summary(
    entry: Mapping[str, Any],
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
    by_key = {c.key: c for c in corporations}

    def corp(key: str) -> ChartCorporation:
        return by_key.get(key) or ChartCorporation(key=key, name=key, colour="#888888")

    score = entry.get("score") or {}
    ranked = sorted(score.get("players") or [], key=lambda p: p.get("rank", 0))
    crossed = entry.get("boxes_crossed") or {}
    tallied = set(entry.get("influence_tally") or [])
    points_after = entry.get("points_after") or {}
    players = tuple(
        SummaryPlayer(
            corporation=corp(p["corporation"]),
            total=int(p.get("total", 0)),
            rank=int(p.get("rank", 0)),
            crossed=tuple(section_names.get(s, s) for s in crossed.get(p["corporation"], [])),
            tally=p["corporation"] in tallied,
            points_after=points_after.get(p["corporation"]),
        )
        for p in ranked
    )
    election = score.get("election") or entry.get("election") or {}
    elected = str(election.get("winner") or "")
    doubled = DOUBLED_BY.get(elected, "")
    rows = []
    for category in CATEGORIES:
        values = tuple(int((p.get("ip") or {}).get(category, 0)) for p in ranked)
        if category in OPTIONAL_CATEGORIES and not any(values):
            continue
        rows.append(
            SummaryRow(
                label=category_labels.get(category, category.replace("_", " ").capitalize()),
                values=values,
                doubled=category == doubled,
                best=max(values) if any(values) else None,
            )
        )
    zones = tuple((entry.get("rules") or {}).get("zones_in_play") or ())
    presence_rows = []
    for zone in zones:
        values = tuple(int((p.get("presence") or {}).get(str(zone), 0)) for p in ranked)
        presence_rows.append(
            SummaryRow(label=f"Zone {zone}", values=values, best=max(values) or None)
        )
    votes = election.get("votes") or {}
    parties = [p for p in PARTY_COLOURS if p in votes or p in LEGITIMATE_PARTIES]
    if (
        not (entry.get("rules") or {}).get("celestial_rebellion")
        and not votes.get("celestial_rebellion")
        and elected != "celestial_rebellion"
    ):
        parties = [p for p in parties if p != "celestial_rebellion"]
    top = max((int(votes.get(p, 0)) for p in parties), default=0) or 1
    vote_bars = tuple(
        VoteBar(
            party=p,
            name=party_names.get(p, p),
            votes=int(votes.get(p, 0)),
            width=round(100 * int(votes.get(p, 0)) / top, 1),
            fill=PARTY_COLOURS.get(p, "#adb5bd"),
            elected=p == elected,
        )
        for p in parties
    )
    awards = tuple(
        SummaryAward(
            corporation=corp(a["corporation"]),
            tier=a.get("tier", ""),
            name=award_names.get((a.get("section", ""), a.get("tier", "")), a.get("section", "")),
            section=section_names.get(a.get("section", ""), a.get("section", "")),
            points=int(a.get("points", 0)),
        )
        for a in entry.get("awards") or []
    )
    winner_key = entry.get("winner") or score.get("winner")
    winner = next((p for p in players if p.corporation.key == winner_key), None)
    return GameSummary(
        number=int(entry["number"]),
        played_on=_date(entry.get("played_on")),
        megastructure=megastructure_name or str(entry.get("megastructure") or ""),
        megastructure_zone=entry.get("megastructure_zone"),
        zones_in_play=zones,
        incumbent=party_names.get(entry.get("incumbent_party", ""), ""),
        elected=party_names.get(elected, elected),
        overthrown=bool(election.get("overthrown")),
        doubled=category_labels.get(doubled, doubled),
        votes=vote_bars,
        players=players,
        winner=winner,
        rows=tuple(rows),
        presence_rows=tuple(presence_rows),
        awards=awards,
        city=entry.get("city") or None,
        sections_unlocked=tuple(
            int(u["section"]) for u in entry.get("unlocked_sections") or [] if "section" in u
        ),
        debt_marks=tuple(
            (corp(m["corporation"]), int(m.get("points", 0)))
            for m in entry.get("debt_marks") or []
            if "corporation" in m
        ),
        standings_after=tuple(
            sorted(
                ((corp(key), int(points)) for key, points in points_after.items()),
                key=lambda row: -row[1],
            )
        ),
        tie_break=(
            tie_break_sentence(score.get("tie_break"), winner.total, winner.corporation.name)
            if winner
            else None
        ),
    )
