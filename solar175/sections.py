"""The 33 unlockable sections as data (`fixtures/sections.json`), loaded into frozen dataclasses.

Pure Python, no Django. Campaign Events (rulebook pages 22-23) prints every trigger openly, so a
locked section may show its number and `trigger_text`; its `title` and `changes` are spoilers.
What a section switches on (`switches`) is what the replay and the next-game sheet read:
zones in play, the Celestial Rebellion, the unions, loans, the wage squeeze and so on.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any

from gamefile.words import _

SECTIONS_FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "sections.json"
# The legacy rulebook's sections are numbered 1 to 33 (Campaign Events).
SECTION_NUMBERS = range(1, 34)
FIRST_SECTION, LAST_SECTION = SECTION_NUMBERS[0], SECTION_NUMBERS[-1]


class Switch(StrEnum):
    """A rule a section turns on (RULES-NOTES §5 and §9): what the replay, the wizard and the
    setup sheet read, never a section's number."""

    ZONE_3 = "zone_3"
    ZONE_4 = "zone_4"
    ZONE_5 = "zone_5"
    ZONE_6 = "zone_6"
    HUB_BONUS_TOKENS = "hub_bonus_tokens"
    NEDS = "neds"
    WHITE_STAR = "white_star"
    POLITICAL_INFLUENCE = "political_influence"
    PLAYER_POWERS = "player_powers"
    NEW_TRACKER_CARDS = "new_tracker_cards"
    TYPE_II_CHOICE = "type_ii_choice"
    HIGHER_MEGASTRUCTURES = "higher_megastructures"
    CELESTIAL_REBELLION = "celestial_rebellion"
    TRADE_UNIONS = "trade_unions"
    LOANS = "loans"
    WAGE_SQUEEZE = "wage_squeeze"
    WOTHERBYS = "wotherbys"


SWITCHES = tuple(Switch)

# The zone each zone section opens: zones 1 and 2 are always in play (Setting Up the Solar System).
BASE_ZONES = (1, 2)
ZONE_SWITCHES = {Switch.ZONE_3: 3, Switch.ZONE_4: 4, Switch.ZONE_5: 5, Switch.ZONE_6: 6}


@dataclass(frozen=True, slots=True)
class Component:
    """A thing a player's table entry can hold only once a section brings it."""

    switch: Switch
    what: str  # in the rulebook's words, for "loans come with section #15 (…)"
    nothing: str  # the value that means none: "empty", "0", "null"


# The replay refuses such a value before its section is unlocked; the wizard shows the field
# only after it (docs/table-file.md player keys).
PLAYER_COMPONENTS = {
    "loans": Component(Switch.LOANS, "loans", "empty"),  # #15 Yurushi Bank Loans
    "political_influence_ip": Component(
        Switch.POLITICAL_INFLUENCE, _("political influence cards"), "0"
    ),  # #6 Political Influence
    "extra_vote": Component(Switch.PLAYER_POWERS, _("player powers"), "null"),  # #7 "+1 vote"
}


Trigger = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class RuleBox:
    """A rule-change box to check off in the rulebook ("printed" when the text names the page)."""

    page: int
    where: str
    printed: bool


@dataclass(frozen=True, slots=True)
class Section:
    number: int
    title: str | None
    page: int
    trigger: Trigger
    trigger_text: str
    envelopes: tuple[int, ...]
    boxes: tuple[int, ...]
    rule_boxes: tuple[RuleBox, ...]
    switches: tuple[Switch, ...]
    changes: str | None

    def as_dict(self) -> dict:
        return {
            "number": self.number,
            "title": self.title,
            "page": self.page,
            "trigger": dict(self.trigger),
            "trigger_text": self.trigger_text,
            "envelopes": list(self.envelopes),
            "boxes": list(self.boxes),
            "rule_boxes": [
                {"page": box.page, "where": box.where, "printed": box.printed}
                for box in self.rule_boxes
            ],
            "switches": list(self.switches),
            "changes": self.changes,
        }


def _section(entry: Mapping[str, Any]) -> Section:
    names = tuple(entry.get("switches", ()))
    unknown = [name for name in names if name not in Switch.__members__.values()]
    if unknown:
        raise ValueError(f"section #{entry['number']}: unknown switch {unknown[0]!r}")
    switches = tuple(Switch(name) for name in names)
    return Section(
        number=entry["number"],
        title=entry.get("title"),
        page=entry["page"],
        trigger=entry["trigger"],
        trigger_text=entry["trigger_text"],
        envelopes=tuple(entry.get("envelopes", ())),
        boxes=tuple(entry.get("boxes", ())),
        rule_boxes=tuple(
            RuleBox(page=box["page"], where=box["where"], printed=box.get("printed", False))
            for box in entry.get("rule_boxes", ())
        ),
        switches=switches,
        changes=entry.get("changes"),
    )


def load_sections(path: Path | str = SECTIONS_FIXTURE) -> tuple[Section, ...]:
    """Read a sections file; the sections come back in number order, 1 to 33."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    sections = tuple(sorted((_section(e) for e in data["sections"]), key=lambda s: s.number))
    if [s.number for s in sections] != list(SECTION_NUMBERS):
        raise ValueError(
            f"{path}: sections must be numbered {FIRST_SECTION} to {LAST_SECTION} once each"
        )
    return sections


@cache
def sections() -> tuple[Section, ...]:
    """The shipped sections, read once per process."""
    return load_sections()


@cache
def sections_by_number() -> dict[int, Section]:
    return {s.number: s for s in sections()}


def switches_on(unlocked: Iterable[int]) -> frozenset[Switch]:
    """Every rule switch the unlocked sections have turned on."""
    by_number = sections_by_number()
    return frozenset(switch for n in unlocked for switch in by_number[n].switches)


def first_section_with(switch: Switch) -> int:
    """The section that turns `switch` on (for sentences: "loans come with section #15")."""
    return min(s.number for s in sections() if switch in s.switches)


def envelopes_opened(unlocked: Iterable[int]) -> frozenset[int]:
    by_number = sections_by_number()
    return frozenset(envelope for n in unlocked for envelope in by_number[n].envelopes)


def zones_in_play(switches: Iterable[Switch]) -> tuple[int, ...]:
    """Zones 1-2, plus 3 (#1), 4 (#3), 5 (#8), 6 (#10)."""
    extra = {ZONE_SWITCHES[s] for s in switches if s in ZONE_SWITCHES}
    return tuple(sorted({*BASE_ZONES, *extra}))


def zone_sections(zones: Iterable[int]) -> tuple[int, ...]:
    """The section numbers that opened the given zones (for messages: "sections #1, #3")."""
    wanted = {f"zone_{z}" for z in zones}
    return tuple(s.number for s in sections() if wanted.intersection(s.switches))


# Sections #23 and #24 amend #4 White Star (their rule boxes sit on its page 27): the leased
# ship cards named like them join the shipyard only then. Until its section is unlocked such a
# card is a spoiler, so a list of ships offers it only after (docs/unlocks.md).
SHIP_CARD_SECTIONS = {"The Kraken": 23, "Titanica Elite": 24}


def leased_ship_offered(name: str, unlocked: Iterable[int]) -> bool:
    """Whether a list of leased ships may offer the card `name` once the sections `unlocked`
    are: every card the shipyard (#4) holds, but those of #23 and #24 only with them."""
    section = SHIP_CARD_SECTIONS.get(name)
    return section is None or section in set(unlocked)


@dataclass(frozen=True, slots=True)
class ElectionCounter:
    """A Campaign Event that counts elections (RULES-NOTES §2): who, what is counted, how many,
    and the section it unlocks, read from the section's trigger."""

    party: str
    counts: str  # "wins" or "overthrows"
    target: int
    section: int


# The trigger kinds that count elections, and what each counts.
_ELECTION_KINDS = {
    "election_wins": "wins",
    "brave_new_dawn_with_envelope": "wins",
    "overthrows": "overthrows",
}


@cache
def election_counters() -> tuple[ElectionCounter, ...]:
    """#13 (Workers Union Party wins 5), #25 (the Rebellion overthrows 5), #26 (Brave New Dawn
    wins 8): the counters the elections page shows, from the triggers themselves."""
    return tuple(
        ElectionCounter(
            party=s.trigger.get("party", "celestial_rebellion"),
            counts=_ELECTION_KINDS[s.trigger["kind"]],
            target=s.trigger["count"],
            section=s.number,
        )
        for s in sections()
        if s.trigger.get("kind") in _ELECTION_KINDS
    )


# The events a game records (docs/campaign-file.md `games[]`), each offered once it can happen.
NEDS_SOLD_OUT = "neds_sold_out"
CENSUS_COMPLETED = "census_completed"
REPAIRS_COMPLETED = "megastructure_repairs_completed"
# The census and the megastructure repairs come with a section the rulebook text does not
# transcribe: sections 1-19 are printed and bring neither, and #28/#29 are triggered by them,
# so they come with one of #20-#27 (this project's reading, docs/wizard.md).
CENSUS_AND_REPAIRS_SECTIONS = range(20, 28)


def events_in_play(unlocked: Iterable[int]) -> tuple[str, ...]:
    """The events a game can record once `unlocked` are open: NEDs sold out with the NEDs
    trade card (#2); the census and the repairs with a section from #20 to #27."""
    unlocked = frozenset(unlocked)
    events = []
    if Switch.NEDS in switches_on(unlocked):
        events.append(NEDS_SOLD_OUT)
    if unlocked & set(CENSUS_AND_REPAIRS_SECTIONS):
        events += [CENSUS_COMPLETED, REPAIRS_COMPLETED]
    return tuple(events)
