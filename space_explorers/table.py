"""The end state of a solo game (`space-explorers-solo-table`, OTHER-GAMES.md §1.9) and its score.

`validate_table(table)` lists every problem (fields in reading order, then the checks across
fields: each Project against the Achievement Track); `score(table)` raises the first and
returns the score sheet; `canonical_table(table)` gives the file in its documented key order
with every default written out, so export → import → export is byte-identical.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamefile.reading import describe
from gamefile.words import _, ngettext
from space_explorers.reader import MISSING, FieldReader
from space_explorers.rules import (
    COMPLETED_BY,
    DIVISIONS,
    FINISH,
    MAX_DIVISION,
    MAX_PROGRESS_CATEGORY,
    OPPONENT,
    SPECIALIST_CARDS,
    TABLE_FORMAT,
    VERSION,
    YOU,
    YOUR_SPECIALISTS_TO_END,
    Project,
    SpaceExplorersError,
    Variants,
    division_names,
    opponent_progress,
)

TABLE_KEYS = ("format", "version", "variants", "projects", "you", "opponent")
YOU_KEYS = ("specialists", "specialist_progress", "ability_progress")
OPPONENT_KEYS = ("divisions",)


@dataclass(frozen=True)
class Table:
    """A valid end state."""

    variants: Variants
    projects: tuple[Project, ...]
    completed_by: tuple[str | None, ...]  # per project: you, opponent or None (on the track)
    your_specialists: int
    specialist_progress: int
    ability_progress: int
    divisions: dict[str, int]


def validate_table(table: Any) -> list[SpaceExplorersError]:
    """Every problem in `table`, in reading order; an empty list when it can be scored."""
    reader = FieldReader()
    _read_table(reader, table)
    return reader.errors


def parse_table(table: Any) -> Table:
    """The `Table` of a valid end state; raises the first problem `validate_table` lists."""
    reader = FieldReader()
    parsed = _read_table(reader, table)
    reader.raise_first()
    assert parsed is not None
    return parsed


def score(table: Any) -> dict:
    """The score sheet of OTHER-GAMES.md §1.9, keys as printed, plus a `why` for every figure."""
    return score_table(parse_table(table))


def canonical_table(table: Any) -> dict:
    """`table` with its keys in the documented order and every default written out."""
    parsed = parse_table(table)
    return {
        "format": TABLE_FORMAT,
        "version": VERSION,
        "variants": parsed.variants.to_dict(),
        "projects": [
            {
                "name": project.name,
                "points": project.points,
                "skills": project.skills_dict(),
                "completed_by": completed_by,
            }
            for project, completed_by in zip(parsed.projects, parsed.completed_by, strict=True)
        ],
        "you": {
            "specialists": parsed.your_specialists,
            "specialist_progress": parsed.specialist_progress,
            "ability_progress": parsed.ability_progress,
        },
        "opponent": {"divisions": dict(parsed.divisions)},
    }


def track_total(project: Project, divisions: dict[str, int]) -> int:
    """Opponent recruits that moved this tile: one step per Specialist of its colours (SE:147)."""
    return sum(divisions[division] for division in project.colours)


# --- scoring ---------------------------------------------------------------------------------


def score_table(table: Table) -> dict:
    yours = [p for p, by in zip(table.projects, table.completed_by, strict=True) if by == YOU]
    theirs = [p for p, by in zip(table.projects, table.completed_by, strict=True) if by == OPPONENT]

    # SE:161 "Count your Progress points as normal" (SE-R7: entered by category).
    your_progress = {
        "specialists": table.specialist_progress,
        "abilities": table.ability_progress,
        "projects": sum(p.points for p in yours),
    }
    your_why = {
        "specialists": _("Progress printed on the Specialists in your Hub, as entered"),
        "abilities": _("Progress from your Specialists' abilities at game end, as entered"),
        "projects": (
            _(
                "%(tiles)s: the Projects you launched",
                tiles=" + ".join(f"{p.name} ({p.points})" for p in yours),
            )
            if yours
            else _("no Project launched by you")
        ),
    }
    your_total = sum(your_progress.values())

    progress, why = opponent_progress(table.divisions, theirs, table.variants)
    opponent_total = sum(progress.values())
    specialists = sum(table.divisions.values())

    # SE-R4: the tie-break counts the printed tile values only.
    points = {YOU: your_progress["projects"], OPPONENT: progress["projects"]}
    result, decided_by, result_why = decide(your_total, opponent_total, points)

    start = table.variants.start_position
    projects = []
    for project, completed_by in zip(table.projects, table.completed_by, strict=True):
        moved = track_total(project, table.divisions)
        if completed_by == YOU:
            position = None
            project_why = _("launched by you: it left the Achievement Track")
        elif completed_by == OPPONENT:
            position = FINISH
            project_why = _("reached Finish: completed by your Opponent")
        else:
            position = start + moved
            project_why = _(
                "still on the track at position %(position)s: %(recruits)s in %(divisions)s",
                position=position,
                recruits=ngettext(
                    "%(count)s Opponent recruit", "%(count)s Opponent recruits", moved, count=moved
                ),
                divisions=division_names(project.colours),
            )
        projects.append(
            {
                "name": project.name,
                "completed_by": completed_by,
                "position": position,
                "points": project.points,
                "why": project_why,
            }
        )

    warnings = []
    if specialists < table.your_specialists:
        # §1.8: the Opponent recruits every turn and the turns are equal, so this is unusual,
        # but a Specialist's ability (not in the solo text) might allow a second recruit.
        warnings.append(
            _(
                "The Opponent has %(specialists)s and you have %(yours)s: it recruits every turn "
                "and you both have the same number of turns, so it usually has at least as many; "
                "check both counts",
                specialists=ngettext(
                    "%(count)s Specialist", "%(count)s Specialists", specialists, count=specialists
                ),
                yours=table.your_specialists,
            )
        )

    return {
        "you": {"progress": your_progress, "total": your_total, "why": your_why},
        "opponent": {
            "specialists": specialists,
            "progress": progress,
            "total": opponent_total,
            "why": why,
        },
        "project_points": points,
        "projects": projects,
        "result": result,
        "decided_by": decided_by,
        "warnings": warnings,
        "why": result_why,
    }


def decide(your_total: int, opponent_total: int, points: dict[str, int]) -> tuple[str, Any, str]:
    """SE:157: most Progress; then most points from completed Projects; then shared victory."""
    if your_total != opponent_total:
        if your_total > opponent_total:
            return (
                YOU,
                "progress",
                _(
                    "You made more Progress: %(yours)s against %(theirs)s",
                    yours=your_total,
                    theirs=opponent_total,
                ),
            )
        return (
            OPPONENT,
            "progress",
            _(
                "The Opponent made more Progress: %(theirs)s against your %(yours)s",
                theirs=opponent_total,
                yours=your_total,
            ),
        )
    mine, theirs = points[YOU], points[OPPONENT]
    if mine != theirs:
        values = {"total": your_total, "more": max(mine, theirs), "fewer": min(mine, theirs)}
        if mine > theirs:
            why = _(
                "Tied on %(total)s Progress; you have more points from completed Projects: "
                "%(more)s against %(fewer)s",
                **values,
            )
        else:
            why = _(
                "Tied on %(total)s Progress; the Opponent has more points from completed "
                "Projects: %(more)s against %(fewer)s",
                **values,
            )
        return (YOU if mine > theirs else OPPONENT, "project_points", why)
    return (
        "shared",
        None,
        _(
            "Tied on %(total)s Progress and on %(points)s points from completed Projects: you "
            "share victory with your Opponent",
            total=your_total,
            points=mine,
        ),
    )


# --- reading ---------------------------------------------------------------------------------


def _read_table(reader: FieldReader, data: Any) -> Table | None:
    if not isinstance(data, dict):
        reader.error("table", _("must be an object, not %(found)s", found=describe(data)))
        return None
    table = reader.mapping(data, "", TABLE_KEYS, _("a table key")) or {}
    reader.format_and_version(table, TABLE_FORMAT)
    variants = reader.variants(table.get("variants", {}))
    read = reader.projects(table.get("projects", MISSING), "projects", ("completed_by",))

    completed: list[str | None] = []
    completed_ok: list[bool] = []
    for index, (_project, raw) in enumerate(read):
        path = f"projects[{index}].completed_by"
        value = raw.get("completed_by", MISSING) if raw is not None else None
        ok = True
        if raw is None:
            ok = False
        elif value is MISSING:
            reader.error(path, _("is required: you, opponent or null (still on the track)"))
            ok = False
        elif value is not None and value not in COMPLETED_BY:
            reader.error(
                path, _("must be you, opponent or null, not %(found)s", found=describe(value))
            )
            ok = False
        completed.append(value if ok else None)
        completed_ok.append(ok)

    you, you_ok = _read_you(reader, table.get("you", MISSING))
    divisions = _read_opponent(reader, table.get("opponent", MISSING))
    if you_ok and divisions is not None:
        total = sum(divisions.values()) + you["specialists"]
        if total > SPECIALIST_CARDS:
            reader.error(
                "opponent.divisions",
                _(
                    "hold %(theirs)s Specialists; with your %(yours)s that is %(total)s, more "
                    "than the %(cards)s Specialist cards in the box",
                    theirs=sum(divisions.values()),
                    yours=you["specialists"],
                    total=total,
                    cards=SPECIALIST_CARDS,
                ),
            )

    # Across fields: each tile against the track (OTHER-GAMES.md §1.8).
    for index, (project, _raw) in enumerate(read):
        if not completed_ok[index]:
            continue
        _check_track(reader, index, project, completed[index], variants, you, you_ok, divisions)

    if reader.errors or variants is None or divisions is None:
        return None
    return Table(
        variants=variants,
        projects=tuple(project for project, _ in read if project is not None),
        completed_by=tuple(completed),
        your_specialists=you["specialists"],
        specialist_progress=you["specialist_progress"],
        ability_progress=you["ability_progress"],
        divisions=divisions,
    )


def _check_track(
    reader: FieldReader,
    index: int,
    project: Project | None,
    completed_by: str | None,
    variants: Variants | None,
    you: dict,
    you_ok: bool,
    divisions: dict[str, int] | None,
) -> None:
    path = f"projects[{index}].completed_by"
    if completed_by is None and you_ok and you["specialists"] != YOUR_SPECIALISTS_TO_END:
        # SE:153: the game ends at your 12th Specialist or when no Project is left on the track.
        reader.error(
            path,
            _(
                "a Project can only remain on the track when you have %(count)s Specialists",
                count=YOUR_SPECIALISTS_TO_END,
            ),
        )
        return
    if completed_by == YOU or project is None or variants is None or divisions is None:
        return
    # SE:137, SE:147: every recruit of a matching Division moves every tile on the track by one,
    # so the track is exact. (If a Specialist ability moved tiles, these would be warnings.)
    moved = track_total(project, divisions)
    needed = FINISH - variants.start_position
    colours = division_names(project.colours)
    reaches = _(
        "%(project)s reaches Finish after %(needed)s Opponent recruits in %(colours)s",
        project=project.name,
        needed=needed,
        colours=colours,
    )
    if completed_by == OPPONENT and moved < needed:
        reader.error(
            path,
            _(
                "cannot be opponent: %(reaches)s, and the Opponent has %(moved)s",
                reaches=reaches,
                moved=moved,
            ),
        )
    elif completed_by is None and moved >= needed:
        reader.error(
            path,
            _(
                "cannot be null: %(reaches)s, and the Opponent has %(moved)s, so it is the "
                "Opponent's",
                reaches=reaches,
                moved=moved,
            ),
        )


def _read_you(reader: FieldReader, value: Any) -> tuple[dict, bool]:
    if value is MISSING:
        reader.error(
            "you", _("is required (your specialists, specialist_progress, ability_progress)")
        )
        return {}, False
    data = reader.mapping(value, "you", YOU_KEYS, _("a key of yours"))
    if data is None:
        return {}, False
    errors_before = len(reader.errors)
    you = {
        "specialists": reader.whole_number(
            data.get("specialists", MISSING), "you.specialists", 0, YOUR_SPECIALISTS_TO_END
        ),
        "specialist_progress": reader.whole_number(
            data.get("specialist_progress", MISSING),
            "you.specialist_progress",
            0,
            MAX_PROGRESS_CATEGORY,
        ),
        "ability_progress": reader.whole_number(
            data.get("ability_progress", MISSING), "you.ability_progress", 0, MAX_PROGRESS_CATEGORY
        ),
    }
    return you, len(reader.errors) == errors_before


def _read_opponent(reader: FieldReader, value: Any) -> dict[str, int] | None:
    if value is MISSING:
        reader.error("opponent", _("is required (the Opponent's divisions)"))
        return None
    data = reader.mapping(value, "opponent", OPPONENT_KEYS, _("an Opponent key"))
    if data is None:
        return None
    if "divisions" not in data:
        reader.error("opponent.divisions", _("is required (the Specialists in each Division)"))
        return None
    counts = reader.mapping(data["divisions"], "opponent.divisions", DIVISIONS, _("a Division"))
    if counts is None:
        return None
    errors_before = len(reader.errors)
    # A Division left out holds no Specialist.
    divisions = {
        division: reader.whole_number(
            counts.get(division, 0), f"opponent.divisions.{division}", 0, MAX_DIVISION
        )
        for division in DIVISIONS
    }
    if len(reader.errors) > errors_before:
        return None
    return {division: count or 0 for division, count in divisions.items()}
