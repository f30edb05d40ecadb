"""Campaign Events (rulebook pages 22-23): each trigger kind is a small pure predicate.

A trigger is data (`fixtures/sections.json`): a `kind` and its parameters. Three functions read
it against a `CampaignProgress` snapshot of the campaign after some game:

- `fired(trigger, progress)`: has the event happened? ("Check this list at the end of each game
  and if a trigger has been activated, cross off the box next to it.")
- `progress(trigger, progress)`: (current, target, words) for the "what unlocks next" page.
- `reason(trigger, progress, game)`: why it fired, in words, for the post-game checklist.

Pure Python, no Django; the catalogue facts come in with the snapshot (`solar175.catalogue`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from gamefile.words import _, ordinal
from solar175.catalogue import GOLD, SILVER, Catalogue
from solar175.sections import SECTION_NUMBERS, Trigger, sections

__all__ = ["GOLD", "SILVER", "AwardWon", "CampaignProgress", "ElectionResult", "fired"]

PARTY_NAMES = {
    "united_federalists": "United Federalists",
    "workers_union": "Workers Union Party",
    "brave_new_dawn": "Brave New Dawn",
    "celestial_rebellion": "Celestial Rebellion",
}

# How a tracker section's boxes are named in words ("purple has 6 of 8 credit boxes").
SECTION_NOUNS = {
    "megastructure": _("megastructure funding"),
    "bases": _("base building"),
    "military": _("peacekeeping"),
    "mining": _("resource extraction"),
    "credits": _("credit"),
    "influence": _("influence"),
}

TYPE_NAMES = {1: "Type I", 2: "Type II", 3: "Type III", 4: "Type IV", 5: "Type V", 6: "Type VI"}

Progress = tuple[int, int, str]


@dataclass(frozen=True, slots=True)
class AwardWon:
    section: str
    tier: str
    corporation: str
    game: int


@dataclass(frozen=True, slots=True)
class ElectionResult:
    game: int
    winner: str
    overthrown: bool


@dataclass(frozen=True, slots=True)
class CampaignProgress:
    """The campaign after `games_played` games: everything a trigger may look at.

    `election_wins` and `overthrows` include an opening snapshot's counts; `elections` lists only
    the games replayed. `megastructures_built` is (game, key) in the order built.
    """

    catalogue: Catalogue
    games_played: int = 0
    election_wins: Mapping[str, int] = field(default_factory=dict)
    overthrows: int = 0
    elections: tuple[ElectionResult, ...] = ()
    megastructures_built: tuple[tuple[int, str], ...] = ()
    awards: tuple[AwardWon, ...] = ()
    tracker: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    neds_sold_out_games: tuple[int, ...] = ()
    census_games: tuple[int, ...] = ()
    repairs_games: tuple[int, ...] = ()
    unlocked: frozenset[int] = frozenset()
    envelopes: frozenset[int] = frozenset()
    # The campaign's names for its corporations: the sentences say "Purple corporation won…".
    corporation_names: Mapping[str, str] = field(default_factory=dict)
    built_keys: frozenset[str] = field(init=False, default=frozenset())
    built_types: frozenset[int] = field(init=False, default=frozenset())

    def name(self, corporation: str) -> str:
        """A corporation as the sentences name it (its key when the campaign gives no name)."""
        return self.corporation_names.get(corporation) or corporation

    def __post_init__(self) -> None:
        # Read by several triggers on every check: computed once per snapshot.
        keys = frozenset(k for _, k in self.megastructures_built)
        object.__setattr__(self, "built_keys", keys)
        types = frozenset(self.catalogue.type_of(k) for k in keys) - {None}
        object.__setattr__(self, "built_types", types)


# --- small helpers -----------------------------------------------------------------------


# An award's tier inside a sentence.
_TIER_WORDS = {GOLD: _("gold"), SILVER: _("silver")}


def _party(key: str) -> str:
    return PARTY_NAMES.get(key, key)


def _section_noun(section: str) -> str:
    if section.startswith("presence_"):
        return _("zone %(zone)s presence", zone=section.removeprefix("presence_"))
    return SECTION_NOUNS.get(section, section)


def _megastructure_name(p: CampaignProgress, key: str) -> str:
    entry = p.catalogue.megastructures.get(key)
    return entry.name if entry else key


def _award_name(p: CampaignProgress, section: str, tier: str) -> str:
    entry = p.catalogue.awards.get((section, tier))
    if entry:
        return entry.name
    # Translators: an award the catalogue does not name: its section's boxes and its tier,
    # "credit boxes gold".
    return _(
        "%(section)s %(tier)s", section=_section_noun(section), tier=_TIER_WORDS.get(tier, tier)
    )


def _holder(p: CampaignProgress, section: str, tier: str) -> AwardWon | None:
    for award in p.awards:
        if award.section == section and award.tier == tier:
            return award
    return None


def _names(corporations: list[str]) -> str:
    if len(corporations) <= 1:
        return "".join(corporations)
    return _("%(names)s and %(last)s", names=", ".join(corporations[:-1]), last=corporations[-1])


def _award_race(p: CampaignProgress, section: str, tier: str) -> tuple[int, list[str], bool]:
    """Boxes of the corporation(s) closest to the award; whether gold must go first.

    The award goes to the next corporation(s) to complete the section who hold no award there;
    a silver still free while gold is free goes to the second to complete.
    """
    holders = {a.corporation for a in p.awards if a.section == section}
    boxes = {
        corp: sections_.get(section, 0)
        for corp, sections_ in p.tracker.items()
        if corp not in holders
    }
    gold_free = _holder(p, section, GOLD) is None
    needs_gold_first = tier == SILVER and gold_free
    values = sorted(boxes.values(), reverse=True)
    if needs_gold_first:
        best = values[1] if len(values) > 1 else 0
    else:
        best = values[0] if values else 0
    leaders = [c for c, v in boxes.items() if v == best] if best else []
    return best, leaders, needs_gold_first


def _nth_game(games: list[int], already: int, count: int) -> int | None:
    """The game in which a counter that stood at `already` before `games` reached `count`."""
    if already >= count:
        return None
    needed = count - already
    return games[needed - 1] if len(games) >= needed else None


# --- the predicates ----------------------------------------------------------------------


def _end_of_game(t: Trigger, p: CampaignProgress) -> bool:
    # "When you have reached the end of your first game": checked after every game, so a
    # campaign whose opening skipped it still reaches it (docs/replay.md).
    return p.games_played >= t["game"]


def _megastructure_built(t: Trigger, p: CampaignProgress) -> bool:
    return t["key"] in p.built_keys


def _all_of_type_built(t: Trigger, p: CampaignProgress) -> bool:
    keys = p.catalogue.keys_of_type(t["type"])
    return bool(keys) and set(keys) <= p.built_keys


def _type_built(t: Trigger, p: CampaignProgress) -> bool:
    return t["type"] in p.built_types


def _election_wins(t: Trigger, p: CampaignProgress) -> bool:
    return p.election_wins.get(t["party"], 0) >= t["count"]


def _overthrows(t: Trigger, p: CampaignProgress) -> bool:
    return p.overthrows >= t["count"]


def _with_envelope(t: Trigger, p: CampaignProgress) -> bool:
    return _election_wins(t, p) and t["envelope"] in p.envelopes


def _award_won(t: Trigger, p: CampaignProgress) -> bool:
    return _holder(p, t["section"], t["tier"]) is not None


def _first_silver(t: Trigger, p: CampaignProgress) -> bool:
    return any(a.tier == SILVER for a in p.awards)


def _awards_held_by_one(t: Trigger, p: CampaignProgress) -> bool:
    counts = Counter(a.corporation for a in p.awards)
    return max(counts.values(), default=0) >= t["count"]


def _all_silvers(t: Trigger, p: CampaignProgress) -> bool:
    silver = {a.section for a in p.awards if a.tier == SILVER}
    wanted = p.catalogue.silver_sections()
    return bool(wanted) and set(wanted) <= silver


def _any_of(t: Trigger, p: CampaignProgress) -> bool:
    return any(fired(child, p) for child in t["triggers"])


def _neds_sold_out_after(t: Trigger, p: CampaignProgress) -> bool:
    # "When NEDS sell out in a game. (Only applies after game 4)": games 5 onwards.
    return any(game > t["game"] for game in p.neds_sold_out_games)


def _first_census(t: Trigger, p: CampaignProgress) -> bool:
    return bool(p.census_games)


def _first_repairs(t: Trigger, p: CampaignProgress) -> bool:
    return bool(p.repairs_games)


def _manual(t: Trigger, p: CampaignProgress) -> bool:
    # Only the group decides (#19 "whenever you feel ready"; #30's achievements on page 51 are
    # not transcribed): the replay applies `manual_unlocks`, the predicate never fires alone.
    return False


@cache
def _others() -> frozenset[int]:
    return frozenset(s.number for s in sections() if s.trigger.get("kind") != "all_others")


def _all_others(t: Trigger, p: CampaignProgress) -> bool:
    # "When all 33 sections have been unlocked", read as all the other 32 (RULES-NOTES §5).
    return _others() <= p.unlocked


PREDICATES: dict[str, Callable[[Trigger, CampaignProgress], bool]] = {
    "end_of_game": _end_of_game,
    "megastructure_built": _megastructure_built,
    "all_of_type_built": _all_of_type_built,
    "type_built": _type_built,
    "election_wins": _election_wins,
    "overthrows": _overthrows,
    "brave_new_dawn_with_envelope": _with_envelope,
    "award_won": _award_won,
    "first_silver": _first_silver,
    "awards_held_by_one": _awards_held_by_one,
    "all_silvers": _all_silvers,
    "any_of": _any_of,
    "neds_sold_out_after": _neds_sold_out_after,
    "first_census": _first_census,
    "first_repairs": _first_repairs,
    "manual": _manual,
    "all_others": _all_others,
}

TRIGGER_KINDS = frozenset(PREDICATES)


def fired(trigger: Trigger, progress_: CampaignProgress) -> bool:
    return PREDICATES[trigger["kind"]](trigger, progress_)


# --- progress: "what unlocks next" -------------------------------------------------------


# Each takes the trigger and the snapshot; `progress` looks the kind up in `PROGRESS`.


def _progress_end_of_game(t: Trigger, p: CampaignProgress) -> Progress:
    return (
        min(p.games_played, t["game"]),
        t["game"],
        _("%(played)s of %(games)s games played", played=p.games_played, games=t["game"]),
    )


def _progress_megastructure_built(t: Trigger, p: CampaignProgress) -> Progress:
    name = _megastructure_name(p, t["key"])
    done = t["key"] in p.built_keys
    words = _("%(name)s built", name=name) if done else _("%(name)s not built yet", name=name)
    return int(done), 1, words


def _progress_all_of_type_built(t: Trigger, p: CampaignProgress) -> Progress:
    keys = p.catalogue.keys_of_type(t["type"])
    built = len(set(keys) & p.built_keys)
    words = _(
        "%(type)s built %(built)s of %(count)s",
        type=TYPE_NAMES[t["type"]],
        built=built,
        count=len(keys),
    )
    return built, len(keys), words


def _progress_type_built(t: Trigger, p: CampaignProgress) -> Progress:
    done = _type_built(t, p)
    kind = TYPE_NAMES[t["type"]]
    words = (
        _("%(type)s completed", type=kind) if done else _("%(type)s not completed yet", type=kind)
    )
    return int(done), 1, words


def _progress_election_wins(t: Trigger, p: CampaignProgress) -> Progress:
    wins = min(p.election_wins.get(t["party"], 0), t["count"])
    words = _(
        "%(party)s wins %(wins)s of %(count)s",
        party=_party(t["party"]),
        wins=wins,
        count=t["count"],
    )
    return wins, t["count"], words


def _progress_with_envelope(t: Trigger, p: CampaignProgress) -> Progress:
    wins, count, words = _progress_election_wins(t, p)
    opened = t["envelope"] in p.envelopes
    envelope = t["envelope"]
    words = (
        _("%(words)s; envelope %(envelope)s opened", words=words, envelope=envelope)
        if opened
        else _("%(words)s; envelope %(envelope)s not opened yet", words=words, envelope=envelope)
    )
    # The envelope counts as one more step toward the target.
    return wins + int(opened), count + 1, words


def _progress_overthrows(t: Trigger, p: CampaignProgress) -> Progress:
    n = min(p.overthrows, t["count"])
    return (
        n,
        t["count"],
        _("Celestial Rebellion overthrows %(n)s of %(count)s", n=n, count=t["count"]),
    )


def _progress_award_won(t: Trigger, p: CampaignProgress) -> Progress:
    return _award_progress(p, t["section"], t["tier"])


def _progress_awards_held_by_one(t: Trigger, p: CampaignProgress) -> Progress:
    counts = Counter(a.corporation for a in p.awards)
    if not counts:
        return (
            0,
            t["count"],
            _("no awards won yet (one corporation needs %(count)s)", count=t["count"]),
        )
    most = max(counts.values())
    leaders = [c for c, n in counts.items() if n == most]
    who = _names([p.name(c) for c in leaders])
    words = (
        _("%(who)s holds %(most)s of %(count)s awards", who=who, most=most, count=t["count"])
        if len(leaders) == 1
        else _(
            "%(who)s each hold %(most)s of %(count)s awards", who=who, most=most, count=t["count"]
        )
    )
    return min(most, t["count"]), t["count"], words


def _progress_all_silvers(t: Trigger, p: CampaignProgress) -> Progress:
    wanted = p.catalogue.silver_sections()
    won = len({a.section for a in p.awards if a.tier == SILVER} & set(wanted))
    return won, len(wanted), _("%(won)s of %(count)s silver awards won", won=won, count=len(wanted))


def _progress_any_of(t: Trigger, p: CampaignProgress) -> Progress:
    parts = [progress(child, p) for child in t["triggers"]]
    best = max(parts, key=lambda part: part[0] / part[1] if part[1] else 0)
    words = parts[0][2]
    for part in parts[1:]:
        words = _("%(words)s, or %(other)s", words=words, other=part[2])
    return best[0], best[1], words


def _progress_neds_sold_out_after(t: Trigger, p: CampaignProgress) -> Progress:
    if _neds_sold_out_after(t, p):
        return 1, 1, _("NEDs sold out after game 4")
    return 0, 1, _("NEDs have not sold out in a game after game %(game)s", game=t["game"])


def _progress_first_census(t: Trigger, p: CampaignProgress) -> Progress:
    done = bool(p.census_games)
    return int(done), 1, _("census completed") if done else _("census not completed yet")


def _progress_first_repairs(t: Trigger, p: CampaignProgress) -> Progress:
    done = bool(p.repairs_games)
    words = (
        _("megastructure repairs completed")
        if done
        else _("megastructure repairs not completed yet")
    )
    return int(done), 1, words


def _progress_manual(t: Trigger, p: CampaignProgress) -> Progress:
    if "after_game" not in t:
        return 0, 1, _("the group decides when it is achieved")
    if p.games_played >= t["after_game"]:
        return 1, 1, _("the group decides: available now")
    return 0, 1, _("the group decides, any time after game %(game)s", game=t["after_game"])


def _progress_all_others(t: Trigger, p: CampaignProgress) -> Progress:
    others = _others()
    n = len(others & p.unlocked)
    return n, len(others), _("%(n)s of %(count)s other sections unlocked", n=n, count=len(others))


PROGRESS: dict[str, Callable[[Trigger, CampaignProgress], Progress]] = {
    "end_of_game": _progress_end_of_game,
    "megastructure_built": _progress_megastructure_built,
    "all_of_type_built": _progress_all_of_type_built,
    "type_built": _progress_type_built,
    "election_wins": _progress_election_wins,
    "overthrows": _progress_overthrows,
    "brave_new_dawn_with_envelope": _progress_with_envelope,
    "award_won": _progress_award_won,
    "first_silver": lambda t, p: _first_silver_progress(p),
    "awards_held_by_one": _progress_awards_held_by_one,
    "all_silvers": _progress_all_silvers,
    "any_of": _progress_any_of,
    "neds_sold_out_after": _progress_neds_sold_out_after,
    "first_census": _progress_first_census,
    "first_repairs": _progress_first_repairs,
    "manual": _progress_manual,
    "all_others": _progress_all_others,
}


def progress(trigger: Trigger, p: CampaignProgress) -> Progress:
    """(current, target, words); current == target once the event has happened."""
    return PROGRESS[trigger["kind"]](trigger, p)


def _award_progress(p: CampaignProgress, section: str, tier: str) -> Progress:
    name = _award_name(p, section, tier)
    size = p.catalogue.boxes(section)
    holder = _holder(p, section, tier)
    if holder:
        won = _(
            "%(name)s: won by %(corporation)s in game %(game)s",
            name=name,
            corporation=p.name(holder.corporation),
            game=holder.game,
        )
        return size, size, won
    best, leaders, gold_first = _award_race(p, section, tier)
    noun = _section_noun(section)
    if not leaders:
        # Translators: %(noun)s is what the boxes count ("mining", "zone 1 presence").
        none = (
            _("%(name)s: the runner-up has %(noun)s boxes yet", name=name, noun=noun)
            if gold_first
            else _("%(name)s: nobody has %(noun)s boxes yet", name=name, noun=noun)
        )
        return 0, size, none
    who = _names([p.name(c) for c in leaders])
    values = {"name": name, "who": who, "best": best, "size": size, "noun": noun}
    words = (
        _("%(name)s: %(who)s has %(best)s of %(size)s %(noun)s boxes", **values)
        if len(leaders) == 1
        else _("%(name)s: %(who)s each have %(best)s of %(size)s %(noun)s boxes", **values)
    )
    if gold_first:
        words = _("%(words)s (gold goes first)", words=words)
    return best, size, words


def _first_silver_progress(p: CampaignProgress) -> Progress:
    if any(a.tier == SILVER for a in p.awards):
        return 1, 1, _("a silver award has been won")
    best: Progress | None = None
    for section in p.catalogue.silver_sections():
        part = _award_progress(p, section, SILVER)
        if best is None or part[0] / part[1] > best[0] / best[1]:
            best = part
    if best is None:
        return 0, 1, _("no silver awards in the catalogue")
    return best[0], best[1], _("closest silver award: %(best)s", best=best[2])


# --- reasons: why it fired ---------------------------------------------------------------


# --- why a trigger fired: one sentence per kind ---------------------------------------------
# Each takes the trigger, the snapshot and the game it was checked after, and assumes
# `fired(trigger, p)`.


def _why_end_of_game(t: Trigger, p: CampaignProgress, game: int) -> str:
    if game == t["game"]:
        return _("the end of game %(game)s was reached", game=game)
    return _("game %(t)s had been played (checked after game %(game)s)", t=t["game"], game=game)


def _why_megastructure_built(t: Trigger, p: CampaignProgress, game: int) -> str:
    when = next((g for g, key in p.megastructures_built if key == t["key"]), game)
    return _(
        "%(megastructure_name)s was built in game %(when)s",
        megastructure_name=_megastructure_name(p, t["key"]),
        when=when,
    )


def _why_all_of_type_built(t: Trigger, p: CampaignProgress, game: int) -> str:
    keys = set(p.catalogue.keys_of_type(t["type"]))
    when, key = [(g, k) for g, k in p.megastructures_built if k in keys][-1]
    name = _megastructure_name(p, key)
    return _(
        "the last %(type_names)s megastructure, %(name)s, was built in game %(when)s",
        type_names=TYPE_NAMES[t["type"]],
        name=name,
        when=when,
    )


def _why_type_built(t: Trigger, p: CampaignProgress, game: int) -> str:
    when, key = next(
        (g, k) for g, k in p.megastructures_built if p.catalogue.type_of(k) == t["type"]
    )
    name = _megastructure_name(p, key)
    return _(
        "%(type_names)s megastructure %(name)s was completed in game %(when)s",
        type_names=TYPE_NAMES[t["type"]],
        name=name,
        when=when,
    )


def _why_election_wins(t: Trigger, p: CampaignProgress, game: int) -> str:
    party = t["party"]
    wins = [e.game for e in p.elections if e.winner == party]
    already = p.election_wins.get(party, 0) - len(wins)
    when = _nth_game(wins, already, t["count"])
    if when:
        return _(
            "the %(party)s won its %(ordinal)s election in game %(when)s",
            party=_party(party),
            ordinal=ordinal(t["count"]),
            when=when,
        )
    return _(
        "the %(party)s had won %(wins)s elections",
        party=_party(party),
        wins=p.election_wins.get(party, 0),
    )


def _why_with_envelope(t: Trigger, p: CampaignProgress, game: int) -> str:
    return _(
        "%(why_election_wins)s, and envelope %(t)s is open (checked after game %(game)s)",
        why_election_wins=_why_election_wins(t, p, game),
        t=t["envelope"],
        game=game,
    )


def _why_overthrows(t: Trigger, p: CampaignProgress, game: int) -> str:
    games = [e.game for e in p.elections if e.overthrown]
    when = _nth_game(games, p.overthrows - len(games), t["count"])
    if when:
        nth = ordinal(t["count"])
        return _(
            "the Celestial Rebellion overthrew its %(nth)s election in game %(when)s",
            nth=nth,
            when=when,
        )
    return _(
        "the Celestial Rebellion had overthrown %(overthrows)s elections", overthrows=p.overthrows
    )


def _why_award_won(t: Trigger, p: CampaignProgress, game: int) -> str:
    award = _holder(p, t["section"], t["tier"])
    assert award is not None
    name = _award_name(p, award.section, award.tier)
    return _(
        "%(name)s won %(name2)s in game %(game)s",
        name=p.name(award.corporation),
        name2=name,
        game=award.game,
    )


def _why_first_silver(t: Trigger, p: CampaignProgress, game: int) -> str:
    award = next(a for a in p.awards if a.tier == SILVER)
    name = _award_name(p, award.section, award.tier)
    return _(
        "%(name)s won %(name2)s, the first silver award, in game %(game)s",
        name=p.name(award.corporation),
        name2=name,
        game=award.game,
    )


def _why_awards_held_by_one(t: Trigger, p: CampaignProgress, game: int) -> str:
    counts: Counter[str] = Counter()
    for award in p.awards:
        counts[award.corporation] += 1
        if counts[award.corporation] == t["count"]:
            who = p.name(award.corporation)
            return _(
                "%(who)s won its %(ordinal)s award in game %(game)s",
                who=who,
                ordinal=ordinal(t["count"]),
                game=award.game,
            )
    return _("a corporation holds %(t)s awards", t=t["count"])


def _why_all_silvers(t: Trigger, p: CampaignProgress, game: int) -> str:
    wanted = set(p.catalogue.silver_sections())
    last = [a for a in p.awards if a.tier == SILVER and a.section in wanted][-1]
    name = _award_name(p, last.section, last.tier)
    return _(
        "the last silver award, %(name)s, was won by %(name2)s in game %(game)s",
        name=name,
        name2=p.name(last.corporation),
        game=last.game,
    )


def _why_any_of(t: Trigger, p: CampaignProgress, game: int) -> str:
    return reason(next(c for c in t["triggers"] if fired(c, p)), p, game)


def _why_neds_sold_out_after(t: Trigger, p: CampaignProgress, game: int) -> str:
    return _(
        "NEDs sold out in game %(next)s",
        next=next(g for g in p.neds_sold_out_games if g > t["game"]),
    )


REASONS: dict[str, Callable[[Trigger, CampaignProgress, int], str]] = {
    "end_of_game": _why_end_of_game,
    "megastructure_built": _why_megastructure_built,
    "all_of_type_built": _why_all_of_type_built,
    "type_built": _why_type_built,
    "election_wins": _why_election_wins,
    "overthrows": _why_overthrows,
    "brave_new_dawn_with_envelope": _why_with_envelope,
    "award_won": _why_award_won,
    "first_silver": _why_first_silver,
    "awards_held_by_one": _why_awards_held_by_one,
    "all_silvers": _why_all_silvers,
    "any_of": _why_any_of,
    "neds_sold_out_after": _why_neds_sold_out_after,
    "first_census": lambda t, p, game: _(
        "the first census was completed in game %(census_games)s", census_games=p.census_games[0]
    ),
    "first_repairs": lambda t, p, game: _(
        "the first megastructure repairs were completed in game %(repairs_games)s",
        repairs_games=p.repairs_games[0],
    ),
    "manual": lambda t, p, game: _("the group chose to unlock it after game %(game)s", game=game),
    "all_others": lambda t, p, game: _(
        "every other section had been unlocked by game %(game)s", game=game
    ),
}


def reason(trigger: Trigger, p: CampaignProgress, game: int) -> str:
    """Why the trigger fired, checked after `game` (assumes `fired(trigger, p)`)."""
    return REASONS[trigger["kind"]](trigger, p, game)


def check_trigger(trigger: Any, where: str = "trigger") -> None:
    """Refuse a malformed trigger (used when loading sections); raises ValueError."""
    if not isinstance(trigger, Mapping) or trigger.get("kind") not in TRIGGER_KINDS:
        raise ValueError(f"{where}: unknown trigger kind")
    if trigger["kind"] == "any_of":
        for i, child in enumerate(trigger.get("triggers", ())):
            check_trigger(child, f"{where}.triggers[{i}]")


def check_all_sections() -> None:
    for section in sections():
        check_trigger(section.trigger, f"section #{section.number}")
    assert [s.number for s in sections()] == list(SECTION_NUMBERS)
