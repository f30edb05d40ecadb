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
from functools import cache
from pathlib import Path
from typing import Any

SECTIONS_FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "sections.json"
SECTION_NUMBERS = range(1, 34)

# Rule switches a section turns on (RULES-NOTES §5 and §9).
SWITCHES = (
    "zone_3",
    "zone_4",
    "zone_5",
    "zone_6",
    "hub_bonus_tokens",
    "neds",
    "white_star",
    "political_influence",
    "player_powers",
    "new_tracker_cards",
    "type_ii_choice",
    "higher_megastructures",
    "celestial_rebellion",
    "trade_unions",
    "loans",
    "wage_squeeze",
    "wotherbys",
)

# The zone each zone section opens: zones 1 and 2 are always in play (Setting Up the Solar System).
BASE_ZONES = (1, 2)
ZONE_SWITCHES = {"zone_3": 3, "zone_4": 4, "zone_5": 5, "zone_6": 6}

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
    switches: tuple[str, ...]
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
    switches = tuple(entry.get("switches", ()))
    unknown = [s for s in switches if s not in SWITCHES]
    if unknown:
        raise ValueError(f"section #{entry['number']}: unknown switch {unknown[0]!r}")
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
        raise ValueError(f"{path}: sections must be numbered 1 to 33 once each")
    return sections


@cache
def sections() -> tuple[Section, ...]:
    """The shipped sections, read once per process."""
    return load_sections()


@cache
def sections_by_number() -> dict[int, Section]:
    return {s.number: s for s in sections()}


def switches_on(unlocked: Iterable[int]) -> frozenset[str]:
    """Every rule switch the unlocked sections have turned on."""
    by_number = sections_by_number()
    return frozenset(switch for n in unlocked for switch in by_number[n].switches)


def envelopes_opened(unlocked: Iterable[int]) -> frozenset[int]:
    by_number = sections_by_number()
    return frozenset(envelope for n in unlocked for envelope in by_number[n].envelopes)


def zones_in_play(switches: Iterable[str]) -> tuple[int, ...]:
    """Zones 1-2, plus 3 (#1), 4 (#3), 5 (#8), 6 (#10)."""
    extra = {ZONE_SWITCHES[s] for s in switches if s in ZONE_SWITCHES}
    return tuple(sorted({*BASE_ZONES, *extra}))


def zone_sections(zones: Iterable[int]) -> tuple[int, ...]:
    """The section numbers that opened the given zones (for messages: "sections #1, #3")."""
    wanted = {f"zone_{z}" for z in zones}
    return tuple(s.number for s in sections() if wanted.intersection(s.switches))
