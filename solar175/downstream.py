"""What a change did downstream: two replays of one campaign compared, a line each.

Pure Python, no Django. A change to a campaign (a correction of its box, an edit of a past
game) is replayed in full; this says, in the group's words, what came out differently:

    games 2 and 5 re-scored; game 2: purple 41 → 46; game 5: purple 79 → 74, teal 55 → 60;
    game 5 now won by teal (was purple); purple's Zone 1 presence box from game 5 moved to
    teal; Niven Zone 1 Gold now goes to teal in game 6 (was purple in game 5); standings
    purple 9 → 7, teal 5 → 7

`downstream_changes(before, after, words)` takes two outputs of `solar175.replay.replay` (the
whole output, its per-game `games` included) and lists what differs: the games re-scored
(each player's total that changed), their winners, the tracker boxes crossed, the influence
tallies, the awards, the elections, the sections unlocked (by number only: no spoiler), the
cities' namers, the standings and the campaign's end. `sentence(lines)` joins them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

NOTHING = "no game's result changed"


@dataclass(frozen=True)
class Words:
    """Names for the keys a replay speaks in (from the catalogue); a key without one is said
    in plain words ("presence_1" → "zone 1 presence")."""

    sections: Mapping[str, str] = field(default_factory=dict)
    awards: Mapping[tuple[str, str], str] = field(default_factory=dict)
    parties: Mapping[str, str] = field(default_factory=dict)

    def section(self, key: str) -> str:
        if key in self.sections:
            return self.sections[key]
        if key.startswith("presence_"):
            return f"zone {key.removeprefix('presence_')} presence"
        return key.replace("_", " ")

    def award(self, section: str, tier: str) -> str:
        return self.awards.get((section, tier)) or f"{self.section(section)} {tier}"

    def party(self, key: str) -> str:
        return self.parties.get(key) or key.replace("_", " ").title()


def downstream_changes(
    before: Mapping[str, Any], after: Mapping[str, Any], words: Words | None = None
) -> list[str]:
    """What differs between two replays of a campaign, a line each, in the group's words."""
    words = words or Words()
    old_games = {g["number"]: g for g in before.get("games", [])}
    new_games = {g["number"]: g for g in after.get("games", [])}
    lines: list[str] = []
    rescored = [
        n
        for n in sorted(new_games)
        if n in old_games and _figures(old_games[n]) != _figures(new_games[n])
    ]
    if rescored:
        lines.append(f"{_games(rescored)} re-scored")
    for number in sorted(new_games):
        old, new = old_games.get(number), new_games[number]
        if old is None:
            continue
        totals = _totals(old, new)
        if totals:
            lines.append(f"game {number}: {totals}")
        if old.get("winner") != new.get("winner"):
            lines.append(f"game {number} now won by {new.get('winner')} (was {old.get('winner')})")
        lines += _boxes(number, old, new, words)
        old_party = (old.get("election") or {}).get("winner")
        new_party = (new.get("election") or {}).get("winner")
        if old_party != new_party:
            lines.append(
                f"game {number}'s election now won by {words.party(new_party or '')} "
                f"(was {words.party(old_party or '')})"
            )
        lines += _city(number, old, new)
    lines += _awards(before.get("awards", []), after.get("awards", []), words)
    lines += _unlocks(before.get("unlocked_sections", []), after.get("unlocked_sections", []))
    lines += _standings(before.get("standings", []), after.get("standings", []))
    if (before.get("campaign_over"), before.get("winner")) != (
        after.get("campaign_over"),
        after.get("winner"),
    ):
        lines.append(_ending(after))
    return lines


def sentence(lines: Iterable[str]) -> str:
    """The lines joined for a summary; `NOTHING` when there are none."""
    return "; ".join(lines) or NOTHING


def _figures(entry: Mapping[str, Any]) -> Any:
    """What a game's result is made of: each player's IP by category, total and rank (not the
    sentences explaining them, which name zones and places)."""
    score = entry.get("score") or {}
    return [
        (p.get("corporation"), p.get("ip"), p.get("total"), p.get("rank"))
        for p in score.get("players", [])
    ]


def _totals(old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
    """ "purple 79 → 74, teal 55 → 60": the totals that changed, in the order of play."""
    before = {
        p.get("corporation"): p.get("total") for p in (old.get("score") or {}).get("players", [])
    }
    return ", ".join(
        f"{p.get('corporation')} {before[p.get('corporation')]} → {p.get('total')}"
        for p in (new.get("score") or {}).get("players", [])
        if p.get("corporation") in before and before[p.get("corporation")] != p.get("total")
    )


def _games(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"game {numbers[0]}"
    return f"games {', '.join(str(n) for n in numbers[:-1])} and {numbers[-1]}"


def _crossed(entry: Mapping[str, Any]) -> dict[str, set[str]]:
    """Section -> the corporations that crossed a box of it in the game."""
    out: dict[str, set[str]] = {}
    for corporation, sections in (entry.get("boxes_crossed") or {}).items():
        for section in sections:
            out.setdefault(section, set()).add(corporation)
    return out


def _boxes(number: int, old: Mapping, new: Mapping, words: Words) -> list[str]:
    lines = []
    old_crossed, new_crossed = _crossed(old), _crossed(new)
    for section in [*new_crossed, *(s for s in old_crossed if s not in new_crossed)]:
        lost = sorted(old_crossed.get(section, set()) - new_crossed.get(section, set()))
        gained = sorted(new_crossed.get(section, set()) - old_crossed.get(section, set()))
        name = words.section(section)
        while lost and gained:
            lines.append(f"{lost.pop(0)}'s {name} box from game {number} moved to {gained.pop(0)}")
        lines += [f"{corp} no longer crosses a {name} box in game {number}" for corp in lost]
        lines += [f"{corp} now crosses a {name} box in game {number}" for corp in gained]
    old_tally, new_tally = (
        set(old.get("influence_tally") or ()),
        set(new.get("influence_tally") or ()),
    )
    lines += [
        f"{corp} no longer adds an influence tally in game {number}"
        for corp in sorted(old_tally - new_tally)
    ]
    lines += [
        f"{corp} now adds an influence tally in game {number}"
        for corp in sorted(new_tally - old_tally)
    ]
    return lines


def _city(number: int, old: Mapping, new: Mapping) -> list[str]:
    old_city, new_city = old.get("city") or {}, new.get("city") or {}
    if not new_city or not old_city or old_city.get("corporation") == new_city.get("corporation"):
        return []
    return [
        f"the city {new_city.get('name')} on {new_city.get('location')} (game {number}) now "
        f"named by {new_city.get('corporation')} (was {old_city.get('corporation')})"
    ]


def _awards(old: list[Mapping], new: list[Mapping], words: Words) -> list[str]:
    old_by = {(a["section"], a["tier"]): a for a in old}
    new_by = {(a["section"], a["tier"]): a for a in new}
    lines = []
    for key in [*new_by, *(k for k in old_by if k not in new_by)]:
        was, now = old_by.get(key), new_by.get(key)
        if was and now and (was["corporation"], was["game"]) == (now["corporation"], now["game"]):
            continue
        name = words.award(*key)
        if was and now:
            lines.append(
                f"{name} now goes to {now['corporation']} in game {now['game']} (was "
                f"{was['corporation']} in game {was['game']})"
            )
        elif now:
            lines.append(f"{name} now goes to {now['corporation']} in game {now['game']}")
        elif was:
            lines.append(
                f"no one wins {name} any more (was {was['corporation']} in game {was['game']})"
            )
    return lines


def _unlocks(old: list[Mapping], new: list[Mapping]) -> list[str]:
    old_by = {u["section"]: u["game"] for u in old}
    new_by = {u["section"]: u["game"] for u in new}
    lines = []
    for section in sorted(set(old_by) | set(new_by)):
        was, now = old_by.get(section), new_by.get(section)
        if was == now:
            continue
        if was is None:
            lines.append(f"#{section} now unlocks after game {now}")
        elif now is None:
            lines.append(f"#{section} no longer unlocks (was after game {was})")
        else:
            lines.append(f"#{section} now unlocks after game {now} (was after game {was})")
    return lines


def _standings(old: list[Mapping], new: list[Mapping]) -> list[str]:
    old_points = {row["corporation"]: row["points"] for row in old}
    moved = [
        f"{row['corporation']} {old_points[row['corporation']]} → {row['points']}"
        for row in new
        if row["corporation"] in old_points and old_points[row["corporation"]] != row["points"]
    ]
    return [f"standings {', '.join(moved)}"] if moved else []


def _ending(after: Mapping[str, Any]) -> str:
    if not after.get("campaign_over"):
        return "the campaign is no longer over"
    winner = after.get("winner")
    shared = after.get("shared_winners") or []
    if winner:
        return f"the campaign is now won by {winner}"
    return f"the campaign now ends shared by {', '.join(shared)}" if shared else "the campaign ends"
