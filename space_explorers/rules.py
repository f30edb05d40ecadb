"""Space Explorers, solo mode: the fixed facts of the box and the Opponent's scoring.

Pure Python. Cited by line of `shared/rules/space-explorers-solo-rulebook.txt` (SE:line); the
readings SE-R1 … SE-R8 are those of OTHER-GAMES.md §1.7 and §6.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamefile.errors import FieldError
from gamefile.reading import one_of
from gamefile.words import Sentence, _, ngettext

VERSION = 1
TABLE_FORMAT = "space-explorers-solo-table"
SESSION_FORMAT = "space-explorers-solo-session"

# The five Divisions, one per skill colour. The solo text names only "Science (yellow)"
# (SE:145); the other four are the base game's (OTHER-GAMES.md §1.2). Display colours are a
# catalogue setting (SE-R8), so only the keys and names live here.
DIVISIONS: tuple[str, ...] = ("engineering", "testing", "science", "construction", "space_flight")
DIVISION_NAMES: dict[str, str] = {
    "engineering": "Engineering",
    "testing": "Testing",
    "science": "Science",
    "construction": "Construction",
    "space_flight": "Space Flight",
}

# SE:199-207, in the printed order. The box has 10 double-sided tiles (OTHER-GAMES.md §8); the
# tiles' values and skills are not printed, so the group enters them once (SE-R8).
PROJECT_NAMES: tuple[str, ...] = (
    "Sputnik 1",
    "Telstar 1",
    "Explorer 1",
    "Mariner 2",
    "Sputnik 3",
    "Voskhod 2",
    "TIROS 1",
    "Gemini 4",
    "Vostok 1",
)

PROJECTS_IN_PLAY = 5  # SE:57 "Take 5 Project tiles at random"
SPECIALIST_CARDS = 60  # the base game's component list (OTHER-GAMES.md §8)
CENTER_SLOTS = 6  # SE:51 "Reveal the top 6 cards"
STARTING_HAND = 1  # SE:79
STARTING_DECK = SPECIALIST_CARDS - CENTER_SLOTS - STARTING_HAND  # 53
STARTING_STACK = 5  # SE:71 the Opponent's 5 Research tokens, shuffled into a stack
TOKENS_IN_PLAY = 10  # 5 each (SE:66, SE:71); SE:75 returns the other 10 to the box
YOUR_SPECIALISTS_TO_END = 12  # SE:153
# SE:103 Start, positions 1 to 7, Finish. SE-R6: "first position" (SE:101) is Start.
START = 0
FINISH = 8
# Variant #1 (SE:175) starts the tiles one position forward; "2 positions or more" is not offered.
ADVANCED_START = 1

# Bounds of OTHER-GAMES.md §1.8. Points and the name length are sanity bounds.
MAX_PROJECT_POINTS = 20
MAX_SKILL_ICONS = 8
MAX_PROGRESS_CATEGORY = 200
MAX_DIVISION = SPECIALIST_CARDS
MAX_PROJECT_NAME = 40

# SE:181, the recommended "balanced" selection with Variants #1 and #2: skill-icon totals.
BALANCED_SELECTION = (2, 3, 3, 3, 4)

YOU = "you"
OPPONENT = "opponent"
COMPLETED_BY = (YOU, OPPONENT)

VARIANT_KEYS = (
    "projects_start_advanced",
    "opponent_project_bonus",
    "opponent_favoured_division",
    "opponent_big_divisions",
)
OPPONENT_TERMS = ("specialists", "projects", "project_bonus", "favoured_division", "big_divisions")


class SpaceExplorersError(FieldError):
    """Bad Space Explorers input: `str()` is "path: message", the one line a command prints."""


@dataclass(frozen=True)
class Variants:
    """The four solo variants (SE:171-189), any combination."""

    projects_start_advanced: bool = False  # Variant #1
    opponent_project_bonus: bool = False  # Variant #2
    opponent_favoured_division: str | None = None  # Variant #3: a Division key
    opponent_big_divisions: bool = False  # Variant #4

    @property
    def start_position(self) -> int:
        return ADVANCED_START if self.projects_start_advanced else START

    def to_dict(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in VARIANT_KEYS}


@dataclass(frozen=True)
class Project:
    """One Project tile in play: its name, printed Progress and skill icons per colour."""

    name: str
    points: int
    skills: tuple[tuple[str, int], ...]  # (Division, icons), in DIVISIONS order

    @property
    def colours(self) -> tuple[str, ...]:
        """The Divisions whose recruits move this tile (SE:137), in DIVISIONS order."""
        return tuple(division for division, _ in self.skills)

    @property
    def icons(self) -> int:
        return sum(count for _, count in self.skills)

    def skills_dict(self) -> dict[str, int]:
        return dict(self.skills)


def division_names(divisions: Sequence[str]) -> str:
    """`Science, Construction or Space Flight`."""
    return one_of([DIVISION_NAMES[d] for d in divisions])


def all_of(words: Sequence[str]) -> str:
    """`a, b and c`."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    # Translators: a list of names, "Alpha, Beta and Gamma".
    return _("%(items)s and %(last)s", items=", ".join(words[:-1]), last=words[-1])


def listed(parts: Sequence[str]) -> str:
    """`a, b, c`: marked parts listed, each still said in the person's language."""
    said = parts[0] if parts else ""
    for part in parts[1:]:
        # Translators: a list's items, "Alpha (3 Specialists) +1, Beta (4 Specialists) +1 +2".
        said = _("%(before)s, %(after)s", before=said, after=part)
    return said


def clauses(parts: Sequence[str]) -> Sentence:
    """`a; b; c.`: a sentence of clauses, each marked on its own."""
    said = parts[0]
    for part in parts[1:]:
        # Translators: two clauses of one sentence, "Round 2: …; the slot stayed empty".
        said = _("%(before)s; %(after)s", before=said, after=part)
    # Translators: a sentence made of clauses, ended.
    return _("%(clauses)s.", clauses=said)


def plural(count: int, word: str, words: str | None = None) -> str:
    """`1 Specialist`, `14 Specialists`."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def name_key(name: str) -> str:
    """Two names are one tile when they differ only in case or outer spaces."""
    return name.strip().casefold()


def big_division_bonus(count: int) -> int:
    """Variant #4 (SE:189): Specialist number 3 scores +1, each from number 4 on +2."""
    return max(0, 2 * count - 5)


def _tile_list(projects: Sequence[Project]) -> str:
    return " + ".join(f"{p.name} ({p.points})" for p in projects)


def opponent_progress(
    divisions: Mapping[str, int], completed: Sequence[Project], variants: Variants
) -> tuple[dict[str, int], dict[str, str]]:
    """The Opponent's Progress terms (SE:165 and Variants #2-#4) and a sentence for each."""
    specialists = sum(divisions.values())
    progress = {key: 0 for key in OPPONENT_TERMS}
    why: dict[str, str] = {}

    # SE:165 "2 Progress points for each Specialist cards in their Hub" (SE:167: 14 × 2 = 28).
    progress["specialists"] = 2 * specialists
    why["specialists"] = _(
        "2 Progress points × %(specialists)s",
        specialists=ngettext(
            "%(count)s Specialist", "%(count)s Specialists", specialists, count=specialists
        ),
    )

    progress["projects"] = sum(p.points for p in completed)
    if completed:
        why["projects"] = _(
            "%(tiles)s: the points marked on the Projects the Opponent completed",
            tiles=_tile_list(completed),
        )
    else:
        why["projects"] = _("no Project completed by the Opponent")

    if variants.opponent_project_bonus:
        # SE:179; SE-R4: this is Progress, not tile points, so the tie-break does not count it.
        progress["project_bonus"] = 2 * len(completed)
        why["project_bonus"] = _(
            "Variant #2: +2 Progress points × %(projects)s",
            projects=ngettext(
                "%(count)s completed Project",
                "%(count)s completed Projects",
                len(completed),
                count=len(completed),
            ),
        )
    else:
        why["project_bonus"] = _("Variant #2 is not in play")

    favoured = variants.opponent_favoured_division
    if favoured is not None:
        # SE:185 "+2 Progress points for each Specialist in the chosen Division".
        count = divisions.get(favoured, 0)
        progress["favoured_division"] = 2 * count
        why["favoured_division"] = _(
            "Variant #3: +2 Progress points × %(specialists)s in %(division)s",
            specialists=ngettext(
                "%(count)s Specialist", "%(count)s Specialists", count, count=count
            ),
            division=DIVISION_NAMES[favoured],
        )
    else:
        why["favoured_division"] = _("Variant #3 is not in play")

    if variants.opponent_big_divisions:
        parts = []
        for division in DIVISIONS:
            count = divisions.get(division, 0)
            if count >= 3:
                steps = " ".join(["+1"] + ["+2"] * (count - 3))
                parts.append(
                    _(
                        "%(division)s (%(specialists)s) %(steps)s",
                        division=DIVISION_NAMES[division],
                        specialists=ngettext(
                            "%(count)s Specialist", "%(count)s Specialists", count, count=count
                        ),
                        steps=steps,
                    )
                )
            progress["big_divisions"] += big_division_bonus(count)
        why["big_divisions"] = (
            _("Variant #4: %(divisions)s", divisions=listed(parts))
            if parts
            else _("Variant #4: no Division has 3 Specialists or more")
        )
    else:
        why["big_divisions"] = _("Variant #4 is not in play")
    return progress, why


def balanced_selection_warning(projects: Any) -> str | None:
    """The SE:181 recommendation for Variants #1 and #2 together, or None when it is met.

    `projects` is the JSON list of Project tiles (each with `skills`); the check is lenient so a
    setup page can call it while the tiles are still being entered: anything that is not a skill
    count is not counted. The caller decides when both variants are on; this is only a warning.
    """
    totals = []
    for project in projects if isinstance(projects, list | tuple) else ():
        skills = project.get("skills") if isinstance(project, Mapping) else None
        total = 0
        if isinstance(skills, Mapping):
            total = sum(
                count
                for count in skills.values()
                if isinstance(count, int) and not isinstance(count, bool) and count > 0
            )
        totals.append(total)
    if tuple(sorted(totals)) == BALANCED_SELECTION:
        return None
    shown = ", ".join(str(total) for total in sorted(totals)) or _("none")
    return _(
        "For a more balanced game with Variants #1 and #2 the rulebook recommends 1 Project with "
        "2 skills, 3 with 3 skills and 1 with 4 skills; these tiles show %(shown)s",
        shown=shown,
    )
