"""One failing table per bound of OTHER-GAMES.md §1.8, with the exact line the command prints."""

import copy

import pytest

from space_explorers import score, validate_table
from space_explorers.tests.factory import PRINTED_TABLE, error_line, table

YOU = {"specialists": 12, "specialist_progress": 20, "ability_progress": 3}
DIVISIONS = PRINTED_TABLE["opponent"]["divisions"]


def without(key: str) -> dict:
    data = table()
    del data[key]
    return data


def tile_changed(index: int, **changes) -> dict:
    """The printed table with one tile's keys replaced (`...`: removed)."""
    data = table()
    for key, value in changes.items():
        if value is ...:
            del data["projects"][index][key]
        else:
            data["projects"][index][key] = value
    return data


def you(**changes) -> dict:
    return {key: value for key, value in {**YOU, **changes}.items() if value is not ...}


def divisions(**changes) -> dict:
    return {"divisions": {**DIVISIONS, **changes}}


BOUNDS = [
    # The file itself.
    ([1, 2], "table: must be an object, not a list"),
    (
        table(turns=[]),
        "turns: is not a table key; allowed: format, version, variants, projects, you, opponent",
    ),
    (
        table(format="solar175-table"),
        'format: must be "space-explorers-solo-table", not the text "solar175-table"',
    ),
    (table(version=2), "version: must be 1, the only version of this file"),
    (table(version=True), "version: must be 1, the only version of this file"),
    # Variants (SE:171-189): three flags and a Division.
    (table(variants=[]), "variants: must be an object, not a list"),
    (
        table(variants={"variant_5": True}),
        "variants.variant_5: is not a variant; allowed: projects_start_advanced, "
        "opponent_project_bonus, opponent_favoured_division, opponent_big_divisions",
    ),
    (
        table(variants={"projects_start_advanced": 1}),
        "variants.projects_start_advanced: must be true or false, not 1",
    ),
    (
        table(variants={"opponent_favoured_division": "yellow"}),
        "variants.opponent_favoured_division: must be null or a Division: engineering, testing, "
        'science, construction or space_flight, not the text "yellow"',
    ),
    # projects: exactly 5, names unique, points 1..20, skills of the 5 Divisions.
    (without("projects"), "projects: is required (the 5 Project tiles in play)"),
    (table(projects={}), "projects: must be a list, not an object"),
    (
        table(projects=PRINTED_TABLE["projects"][:4]),
        "projects: must list exactly 5 Project tiles (the game plays 5), not 4",
    ),
    (table(projects=[1, *PRINTED_TABLE["projects"][1:]]), "projects[0]: must be an object, not 1"),
    (
        tile_changed(0, side="B"),
        "projects[0].side: is not a Project key; allowed: name, points, skills, completed_by",
    ),
    (
        tile_changed(0, name=...),
        "projects[0].name: is required (the name printed on the tile, such as Sputnik 1)",
    ),
    (
        tile_changed(0, name="  "),
        "projects[0].name: must not be empty: give the tile's name, such as Sputnik 1",
    ),
    (tile_changed(0, name="x" * 41), "projects[0].name: must be at most 40 characters long"),
    (
        tile_changed(1, name="sputnik 1 "),
        'projects[1].name: repeats "sputnik 1" of projects[0]; each Project tile is in play once',
    ),
    (tile_changed(0, points=...), "projects[0].points: is required (a whole number from 1 to 20)"),
    (tile_changed(0, points=0), "projects[0].points: must be between 1 and 20"),
    (tile_changed(0, points=21), "projects[0].points: must be between 1 and 20"),
    (tile_changed(0, points=3.0), "projects[0].points: must be a whole number, not 3.0"),
    (tile_changed(0, points=True), "projects[0].points: must be a whole number, not true"),
    (
        tile_changed(0, skills=...),
        "projects[0].skills: is required (the tile's skill icons per Division, such as "
        '{"science": 2, "testing": 1})',
    ),
    (tile_changed(0, skills=["science"]), "projects[0].skills: must be an object, not a list"),
    (
        tile_changed(0, skills={"yellow": 1}),
        "projects[0].skills.yellow: is not a Division; allowed: engineering, testing, science, "
        "construction, space_flight",
    ),
    (
        tile_changed(0, skills={"science": 0, "testing": 1}),
        "projects[0].skills.science: must be between 1 and 8",
    ),
    (
        tile_changed(0, skills={"science": 5, "testing": 4}),
        "projects[0].skills: must show 1 to 8 skill icons in all, not 9",
    ),
    (tile_changed(0, skills={}), "projects[0].skills: must show 1 to 8 skill icons in all, not 0"),
    # completed_by ∈ you, opponent, null; null only with 12 Specialists.
    (
        tile_changed(0, completed_by=...),
        "projects[0].completed_by: is required: you, opponent or null (still on the track)",
    ),
    (
        tile_changed(0, completed_by="nobody"),
        'projects[0].completed_by: must be you, opponent or null, not the text "nobody"',
    ),
    (
        table(you=you(specialists=11)),
        "projects[4].completed_by: a Project can only remain on the track when you have 12 "
        "Specialists",
    ),
    # you: Specialists 0..12, progress categories 0..200.
    (without("you"), "you: is required (your specialists, specialist_progress, ability_progress)"),
    (
        table(you=you(tokens=2)),
        "you.tokens: is not a key of yours; allowed: specialists, specialist_progress, "
        "ability_progress",
    ),
    (table(you=you(specialists=...)), "you.specialists: is required (a whole number from 0 to 12)"),
    (table(you=you(specialists=13)), "you.specialists: must be between 0 and 12"),
    (table(you=you(specialist_progress=201)), "you.specialist_progress: must be between 0 and 200"),
    (table(you=you(ability_progress=-1)), "you.ability_progress: must be between 0 and 200"),
    # opponent.divisions: 0..60 each, and with yours at most the 60 Specialist cards.
    (without("opponent"), "opponent: is required (the Opponent's divisions)"),
    (
        table(opponent={**divisions(), "tokens": 3}),
        "opponent.tokens: is not an Opponent key; allowed: divisions",
    ),
    (table(opponent={}), "opponent.divisions: is required (the Specialists in each Division)"),
    (
        table(opponent={"divisions": {"yellow": 3}}),
        "opponent.divisions.yellow: is not a Division; allowed: engineering, testing, science, "
        "construction, space_flight",
    ),
    (
        table(opponent=divisions(engineering=61)),
        "opponent.divisions.engineering: must be between 0 and 60",
    ),
    (
        table(opponent=divisions(engineering=15, testing=15, science=15, construction=2)),
        "opponent.divisions: hold 49 Specialists; with your 12 that is 61, more than the 60 "
        "Specialist cards in the box",
    ),
    # The track is exact: every matching recruit moves every tile still on it (SE:137, SE:147).
    (
        table(opponent=divisions(science=0)),
        "projects[0].completed_by: cannot be opponent: Sputnik 1 reaches Finish after 8 Opponent "
        "recruits in Engineering, Testing or Science, and the Opponent has 7",
    ),
    (
        table(opponent=divisions(construction=3)),
        "projects[4].completed_by: cannot be null: Mariner 2 reaches Finish after 8 Opponent "
        "recruits in Science, Construction or Space Flight, and the Opponent has 8, so it is the "
        "Opponent's",
    ),
    # Variant #1: the tiles start on position 1, so 7 recruits reach Finish.
    (
        table(variants={"projects_start_advanced": True}),
        "projects[4].completed_by: cannot be null: Mariner 2 reaches Finish after 7 Opponent "
        "recruits in Science, Construction or Space Flight, and the Opponent has 7, so it is the "
        "Opponent's",
    ),
]


@pytest.mark.parametrize(("data", "line"), BOUNDS, ids=[line.split(":")[0] for _, line in BOUNDS])
def test_it_refuses_a_table_out_of_bounds_with_one_line_naming_the_field(data, line):
    assert error_line(score, data) == line
    # The first problem validate_table lists is the one score raises.
    assert str(validate_table(data)[0]) == line


def test_it_accepts_the_printed_table():
    assert validate_table(table()) == []


def test_a_tile_you_launched_has_no_track_constraint():
    data = table(opponent=divisions(construction=20))
    data["projects"][4]["completed_by"] = "you"
    assert score(data)["projects"][4]["position"] is None


def test_it_lists_every_problem_for_a_form():
    data = table(version=3, you=you(specialist_progress=999))
    data["projects"][2]["points"] = 0
    assert [str(e) for e in validate_table(data)] == [
        "version: must be 1, the only version of this file",
        "projects[2].points: must be between 1 and 20",
        "you.specialist_progress: must be between 0 and 200",
    ]


def test_fewer_opponent_specialists_than_yours_is_a_warning_not_an_error():
    # §1.8: a Specialist's ability (not in the solo text) might allow a second recruit.
    data = table(opponent=divisions(engineering=1, testing=1, science=1, construction=3))
    for project in data["projects"]:
        project["completed_by"] = "you"
    result = score(data)
    assert result["warnings"] == [
        "The Opponent has 8 Specialists and you have 12: it recruits every turn and you both "
        "have the same number of turns, so it usually has at least as many; check both counts"
    ]


def test_a_missing_division_holds_no_specialist_and_missing_variants_are_off():
    data = table(variants={})
    data["opponent"]["divisions"] = {k: v for k, v in DIVISIONS.items() if k != "space_flight"}
    data["opponent"]["divisions"]["engineering"] = 6
    result = score(data)
    assert result["opponent"]["specialists"] == 14
    assert result["opponent"]["progress"]["project_bonus"] == 0


def test_the_printed_table_is_not_changed_by_scoring():
    data = table()
    before = copy.deepcopy(data)
    score(data)
    assert data == before
