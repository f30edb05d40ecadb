"""Reading a person's JSON into the rules' values: every problem named by its path.

The plain values are read by `gamefile.fields`, as every game's are. The table and the session
share the header: `format`, `version`, `variants` and the five Project tiles. `FieldReader`
collects every problem in reading order (a form shows them all); `score` and `play` raise the
first.
"""

from __future__ import annotations

from typing import Any

from gamefile.fields import MISSING, Collector
from gamefile.reading import describe, one_of
from gamefile.words import _
from space_explorers.rules import (
    DIVISIONS,
    MAX_PROJECT_NAME,
    MAX_PROJECT_POINTS,
    MAX_SKILL_ICONS,
    PROJECTS_IN_PLAY,
    VARIANT_KEYS,
    VERSION,
    Project,
    SpaceExplorersError,
    Variants,
    name_key,
)

PROJECT_KEYS = ("name", "points", "skills")


class FieldReader(Collector):
    """The gamefile reader (`gamefile.fields.Collector`): each read records its refusal as a
    `SpaceExplorersError` and gives None; with Space Explorers' own values below."""

    def __init__(self) -> None:
        super().__init__(SpaceExplorersError, root="table")

    def division(self, value: Any, path: str, *, nullable: bool) -> str | None:
        if value in DIVISIONS:
            return value
        values = {"divisions": one_of(DIVISIONS), "found": describe(value)}
        if nullable:
            self.error(
                path, _("must be null or a Division: %(divisions)s, not %(found)s", **values)
            )
        else:
            self.error(path, _("must be a Division: %(divisions)s, not %(found)s", **values))
        return None

    # --- the header every file shares

    def format_and_version(self, data: dict, expected_format: str) -> None:
        # The commands dispatch on `format`; read directly, a file may leave it out.
        if "format" in data and data["format"] != expected_format:
            self.error(
                "format",
                _(
                    'must be "%(format)s", not %(found)s',
                    format=expected_format,
                    found=describe(data["format"]),
                ),
            )
        version = data.get("version", VERSION)
        if isinstance(version, bool) or version != VERSION:
            self.error(
                "version", _("must be %(version)s, the only version of this file", version=VERSION)
            )

    def variants(self, value: Any, path: str = "variants") -> Variants | None:
        """SE:171 any combination; a missing key is a variant not in play."""
        data = self.mapping(value, path, VARIANT_KEYS, "a variant")
        if data is None:
            return None
        errors_before = len(self.errors)
        flags = {}
        for key in ("projects_start_advanced", "opponent_project_bonus", "opponent_big_divisions"):
            flags[key] = self.flag(data.get(key, False), f"{path}.{key}")
        favoured = data.get("opponent_favoured_division")
        if favoured is not None:
            favoured = self.division(favoured, f"{path}.opponent_favoured_division", nullable=True)
        if len(self.errors) > errors_before:
            return None
        return Variants(opponent_favoured_division=favoured, **flags)

    def projects(
        self, value: Any, path: str, extra_keys: tuple[str, ...] = ()
    ) -> list[tuple[Project | None, dict | None]]:
        """The 5 tiles (SE:57): each read Project (None when broken) with its object (None
        when it is not one)."""
        if value is MISSING:
            self.error(
                path, _("is required (the %(count)s Project tiles in play)", count=PROJECTS_IN_PLAY)
            )
            return []
        items = self.sequence(value, path)
        if items is None:
            return []
        if len(items) != PROJECTS_IN_PLAY:
            self.error(
                path,
                _(
                    "must list exactly %(count)s Project tiles (the game plays 5), not %(found)s",
                    count=PROJECTS_IN_PLAY,
                    found=len(items),
                ),
            )
        read: list[tuple[Project | None, dict | None]] = []
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            item_path = f"{path}[{index}]"
            data = self.mapping(item, item_path, PROJECT_KEYS + extra_keys, _("a Project key"))
            if data is None:
                read.append((None, None))
                continue
            errors_before = len(self.errors)
            name = self.project_name(data.get("name", MISSING), f"{item_path}.name")
            if name is not None:
                key = name_key(name)
                if key in seen:
                    self.error(
                        f"{item_path}.name",
                        _(
                            'repeats "%(name)s" of %(other)s; each Project tile is in play once',
                            name=name,
                            other=f"{path}[{seen[key]}]",
                        ),
                    )
                else:
                    seen[key] = index
            points = self.whole_number(
                data.get("points", MISSING), f"{item_path}.points", 1, MAX_PROJECT_POINTS
            )
            skills = self.skills(data.get("skills", MISSING), f"{item_path}.skills")
            if len(self.errors) > errors_before or name is None or points is None or not skills:
                read.append((None, data))
            else:
                read.append((Project(name=name, points=points, skills=skills), data))
        return read

    def project_name(self, value: Any, path: str) -> str | None:
        if value is MISSING:
            self.error(path, _("is required (the name printed on the tile, such as Sputnik 1)"))
            return None
        name = self.text(
            value,
            path,
            max_length=MAX_PROJECT_NAME,
            what=_("the tile's name, such as Sputnik 1"),
            give=_("the tile's name, such as Sputnik 1"),
            name=True,
        )
        return None if name is None else name.strip()

    def skills(self, value: Any, path: str) -> tuple[tuple[str, int], ...] | None:
        """Skill icons per colour: Division keys only, each shown at least once (§1.8)."""
        if value is MISSING:
            self.error(
                path,
                _(
                    "is required (the tile's skill icons per Division, such as "
                    '{"science": 2, "testing": 1})'
                ),
            )
            return None
        data = self.mapping(value, path, DIVISIONS, _("a Division"))
        if data is None:
            return None
        counts = {}
        for division in DIVISIONS:
            if division in data:
                count = self.whole_number(data[division], f"{path}.{division}", 1, MAX_SKILL_ICONS)
                if count is not None:
                    counts[division] = count
        if len(counts) != len([key for key in data if key in DIVISIONS]):
            return None
        total = sum(counts.values())
        if not 1 <= total <= MAX_SKILL_ICONS:
            self.error(
                path,
                _(
                    "must show 1 to %(most)s skill icons in all, not %(total)s",
                    most=MAX_SKILL_ICONS,
                    total=total,
                ),
            )
            return None
        return tuple(counts.items())
