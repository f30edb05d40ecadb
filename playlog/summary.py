"""A play as the log shows it: who played, the totals, who won. Read from the cached result."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.utils.translation import gettext as _

from playlog.games import Standing
from playlog.models import Play
from playlog.stats import PlayRecord, identity


@dataclass(frozen=True)
class PlaySummary:
    play: Play
    title: str
    people: tuple[str, ...]
    standings: tuple[Standing, ...]

    @property
    def winners(self) -> list[str]:
        return [s.name for s in self.standings if s.won]

    @property
    def verdict(self) -> str:
        if not self.play.finished:
            return _("in progress")
        winners = self.winners
        if len(winners) == 1:
            return _("%(name)s won") % {"name": winners[0]}
        return _("shared win: %(names)s") % {"names": ", ".join(winners)}


def standings(play: Play) -> tuple[Standing, ...]:
    """The standings of a finished play (its people prefetched), else ()."""
    if not play.finished:
        return ()
    people = [person.name for person in play.people.all()]
    seats = play.rules.seat_names(play.table, play.session)
    return tuple(play.rules.standings(play.result, people, seats))


def shown_result(play: Play | None) -> dict | None:
    """The play's result as its pages show it: `Play.result` (a cache of the game's
    `score(table)`, stored as JSON: its "why" sentences plain English there) computed again
    from the table, so each sentence keeps what says it in the reader's language
    (`{{ why|translated }}`). The stored result itself when the rules now score the table
    otherwise, or refuse it: a play stored by an older version shows as it was stored."""
    if play is None or play.result is None or play.table is None:
        return play.result if play is not None else None
    try:
        again = play.rules.score(play.table)
    except Exception:  # noqa: BLE001 (any refusal of today's rules: the stored result shows)
        return play.result
    if json.loads(json.dumps(again)) != play.result:
        return play.result
    return again


def seats_of(play: Play | None) -> list[dict]:
    """A play's people as its file lists them (`{"name", "member"}`, in seat order)."""
    if play is None:
        return []
    return [
        {"name": p.name, "member": p.user.get_username() if p.user else None}
        for p in play.people.select_related("user")
    ]


def summarise(play: Play, title: str) -> PlaySummary:
    return PlaySummary(
        play, title, tuple(person.name for person in play.people.all()), standings(play)
    )


def record(play: Play) -> PlayRecord:
    """The play for the stats: its standings with each seat's identity."""
    people = list(play.people.all())
    found = standings(play)
    identities = tuple(
        identity(people[s.seat].user_id, people[s.seat].name)
        if s.seat is not None
        else f"bot:{s.name}"
        for s in found
    )
    return PlayRecord(play.number, found, identities)
