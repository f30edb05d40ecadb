"""What a change did downstream: two replays of one campaign compared, a line each.

Pure Python, no Django. A change to a campaign (a correction of its box, an edit of a past
game) is replayed in full; this says, in the group's words, what came out differently:

    games 2 and 5 re-scored; game 2: purple 41 → 46; game 5: purple 79 → 74, teal 55 → 60;
    game 5 now won by teal (was purple); purple's Zone 1 presence box from game 5 moved to
    teal; Niven Zone 1 Gold now goes to teal in game 6 (was purple in game 5); standings
    purple 9 → 7, teal 5 → 7

`downstream_changes(before, after, words)` takes two outputs of `solar175.replay.replay` (the
whole `CampaignState`, its per-game `games` included) and lists what differs: the games re-scored
(each player's total that changed), their winners, the tracker boxes crossed, the influence
tallies, the awards, the elections, the sections unlocked (by number only: no spoiler), the
cities' namers, the standings and the campaign's end. `sentence(lines)` joins them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamefile.words import Joined, _
from solar175.state import AwardHeld, CampaignState, ReplayedGame, SectionUnlocked, Standing

NOTHING = _("no game's result changed")


@dataclass(frozen=True)
class Words:
    """Names for the keys a replay speaks in (from the catalogue); a key without one is said
    in plain words ("presence_1" → "zone 1 presence")."""

    sections: Mapping[str, str] = field(default_factory=dict)
    awards: Mapping[tuple[str, str], str] = field(default_factory=dict)
    parties: Mapping[str, str] = field(default_factory=dict)
    corporations: Mapping[str, str] = field(default_factory=dict)
    megastructures: Mapping[str, str] = field(default_factory=dict)

    def megastructure(self, key: str) -> str:
        return self.megastructures.get(key) or key.replace("-", " ")

    def corporation(self, key: str | None) -> str:
        return self.corporations.get(key or "") or (key or _("nobody")).capitalize()

    def section(self, key: str) -> str:
        if key in self.sections:
            return self.sections[key]
        if key.startswith("presence_"):
            return _("zone %(zone)s presence", zone=key.removeprefix("presence_"))
        return key.replace("_", " ")

    def award(self, section: str, tier: str) -> str:
        return self.awards.get((section, tier)) or f"{self.section(section)} {tier}"

    def party(self, key: str) -> str:
        return self.parties.get(key) or key.replace("_", " ").title()


def downstream_changes(
    before: CampaignState, after: CampaignState, words: Words | None = None
) -> list[str]:
    """What differs between two replays of a campaign, a line each, in the group's words."""
    words = words or Words()
    old_games = {g.number: g for g in before.games}
    new_games = {g.number: g for g in after.games}
    lines: list[str] = []
    rescored = [
        n
        for n in sorted(new_games)
        if n in old_games and _figures(old_games[n]) != _figures(new_games[n])
    ]
    if rescored:
        lines.append(_("%(games)s re-scored", games=_games(rescored)))
    for number in sorted(new_games):
        old, new = old_games.get(number), new_games[number]
        if old is None:
            continue
        totals = _totals(old, new, words)
        if totals:
            lines.append(_("game %(number)s: %(totals)s", number=number, totals=totals))
        if old.winner != new.winner:
            lines.append(
                _(
                    "game %(number)s now won by %(corporation)s (was %(was)s)",
                    number=number,
                    corporation=words.corporation(new.winner),
                    was=words.corporation(old.winner),
                )
            )
        lines += _boxes(number, old, new, words)
        old_party, new_party = old.election.winner, new.election.winner
        if old_party != new_party:
            lines.append(
                _(
                    "game %(number)s's election now won by %(party)s (was %(was)s)",
                    number=number,
                    party=words.party(new_party),
                    was=words.party(old_party),
                )
            )
        lines += _city(number, old, new, words)
    lines += _awards(before.awards, after.awards, words)
    lines += _unlocks(before.unlocked_sections, after.unlocked_sections)
    lines += _standings(before.standings, after.standings, words)
    if (before.campaign_over, before.winner) != (after.campaign_over, after.winner):
        lines.append(_ending(after, words))
    return lines


def sentence(lines: Iterable[str]) -> str:
    """The lines joined for a summary (a `Joined`: each line said in the reader's language on
    a page); `NOTHING` when there are none."""
    return Joined(lines) or NOTHING


def _figures(entry: ReplayedGame) -> Any:
    """What a game's result is made of: each player's IP by category, total and rank (not the
    sentences explaining them, which name zones and places)."""
    return [(p.corporation, p.ip, p.total, p.rank) for p in entry.score.players]


def _totals(old: ReplayedGame, new: ReplayedGame, words: Words) -> str:
    """ "Purple 79 → 74, Teal 55 → 60": the totals that changed, in the order of play."""
    before = {p.corporation: p.total for p in old.score.players}
    return ", ".join(
        f"{words.corporation(p.corporation)} {before[p.corporation]} → {p.total}"
        for p in new.score.players
        if p.corporation in before and before[p.corporation] != p.total
    )


def _games(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return _("game %(number)s", number=numbers[0])
    return _(
        "games %(games)s and %(last)s",
        games=", ".join(str(n) for n in numbers[:-1]),
        last=numbers[-1],
    )


def _crossed(entry: ReplayedGame) -> dict[str, set[str]]:
    """Section -> the corporations that crossed a box of it in the game."""
    out: dict[str, set[str]] = {}
    for corporation, sections in entry.boxes_crossed.items():
        for section in sections:
            out.setdefault(section, set()).add(corporation)
    return out


def _boxes(number: int, old: ReplayedGame, new: ReplayedGame, words: Words) -> list[str]:
    lines = []
    old_crossed, new_crossed = _crossed(old), _crossed(new)
    for section in [*new_crossed, *(s for s in old_crossed if s not in new_crossed)]:
        lost = sorted(old_crossed.get(section, set()) - new_crossed.get(section, set()))
        gained = sorted(new_crossed.get(section, set()) - old_crossed.get(section, set()))
        name = words.section(section)
        while lost and gained:
            lines.append(
                _(
                    "%(corporation)s's %(name)s box from game %(number)s moved to %(gained)s",
                    corporation=words.corporation(lost.pop(0)),
                    name=name,
                    number=number,
                    gained=words.corporation(gained.pop(0)),
                )
            )
        lines += [
            _(
                "%(corporation)s no longer crosses a %(name)s box in game %(number)s",
                corporation=words.corporation(corp),
                name=name,
                number=number,
            )
            for corp in lost
        ]
        lines += [
            _(
                "%(corporation)s now crosses a %(name)s box in game %(number)s",
                corporation=words.corporation(corp),
                name=name,
                number=number,
            )
            for corp in gained
        ]
    old_tally, new_tally = set(old.influence_tally), set(new.influence_tally)
    lines += [
        _(
            "%(corporation)s no longer adds an influence tally in game %(number)s",
            corporation=words.corporation(corp),
            number=number,
        )
        for corp in sorted(old_tally - new_tally)
    ]
    lines += [
        _(
            "%(corporation)s now adds an influence tally in game %(number)s",
            corporation=words.corporation(corp),
            number=number,
        )
        for corp in sorted(new_tally - old_tally)
    ]
    return lines


def _city(number: int, old: ReplayedGame, new: ReplayedGame, words: Words) -> list[str]:
    old_city, new_city = old.city, new.city
    if not new_city or not old_city or old_city.corporation == new_city.corporation:
        return []
    return [
        _(
            "the city %(name)s on %(location)s (game %(number)s) now "
            "named by %(corporation)s (was %(was)s)",
            name=new_city.name,
            location=new_city.location,
            number=number,
            corporation=words.corporation(new_city.corporation),
            was=words.corporation(old_city.corporation),
        )
    ]


def _awards(old: Sequence[AwardHeld], new: Sequence[AwardHeld], words: Words) -> list[str]:
    old_by = {(a.section, a.tier): a for a in old}
    new_by = {(a.section, a.tier): a for a in new}
    lines = []
    for key in [*new_by, *(k for k in old_by if k not in new_by)]:
        was, now = old_by.get(key), new_by.get(key)
        if was and now and (was.corporation, was.game) == (now.corporation, now.game):
            continue
        name = words.award(*key)
        if was and now:
            lines.append(
                _(
                    "%(name)s now goes to %(corporation)s in game %(game)s (was "
                    "%(was)s in game %(was_game)s)",
                    name=name,
                    corporation=words.corporation(now.corporation),
                    game=now.game,
                    was=words.corporation(was.corporation),
                    was_game=was.game,
                )
            )
        elif now:
            lines.append(
                _(
                    "%(name)s now goes to %(corporation)s in game %(game)s",
                    name=name,
                    corporation=words.corporation(now.corporation),
                    game=now.game,
                )
            )
        elif was:
            lines.append(
                _(
                    "no one wins %(name)s any more (was %(corporation)s in game %(game)s)",
                    name=name,
                    corporation=words.corporation(was.corporation),
                    game=was.game,
                )
            )
    return lines


def _unlocks(old: Sequence[SectionUnlocked], new: Sequence[SectionUnlocked]) -> list[str]:
    old_by = {u.section: u.game for u in old}
    new_by = {u.section: u.game for u in new}
    lines = []
    for section in sorted(set(old_by) | set(new_by)):
        was, now = old_by.get(section), new_by.get(section)
        if was == now:
            continue
        if was is None:
            lines.append(_("#%(section)s now unlocks after game %(now)s", section=section, now=now))
        elif now is None:
            lines.append(
                _(
                    "#%(section)s no longer unlocks (was after game %(was)s)",
                    section=section,
                    was=was,
                )
            )
        else:
            lines.append(
                _(
                    "#%(section)s now unlocks after game %(now)s (was after game %(was)s)",
                    section=section,
                    now=now,
                    was=was,
                )
            )
    return lines


def _standings(old: Sequence[Standing], new: Sequence[Standing], words: Words) -> list[str]:
    old_points = {row.corporation: row.points for row in old}
    moved = [
        f"{words.corporation(row.corporation)} {old_points[row.corporation]} → {row.points}"
        for row in new
        if row.corporation in old_points and old_points[row.corporation] != row.points
    ]
    return [_("standings %(moved)s", moved=", ".join(moved))] if moved else []


def _ending(after: CampaignState, words: Words) -> str:
    if not after.campaign_over:
        return _("the campaign is no longer over")
    winner = after.winner
    shared = after.shared_winners
    if winner:
        return _(
            "the campaign is now won by %(corporation)s", corporation=words.corporation(winner)
        )
    if shared:
        return _(
            "the campaign now ends shared by %(corporations)s",
            corporations=", ".join(map(words.corporation, shared)),
        )
    return _("the campaign ends")
