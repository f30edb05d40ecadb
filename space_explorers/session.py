"""The companion session (`space-explorers-solo-session`, OTHER-GAMES.md §1.10): the turn log
and the state it replays to.

`play(session)` checks the file and replays every turn (raising the first problem, named by its
path, such as `turns[3].you.slot`), then returns the derived state the turn runner shows.
`table_from_session(session, you_progress)` turns a finished game plus your entered Progress
into a `space-explorers-solo-table`, so scoring a companion game is `score()` of that.
`canonical_session(session)` writes the file in its documented key order, defaults filled in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamefile.reading import describe
from gamefile.words import _, ngettext
from space_explorers.reader import MISSING, FieldReader
from space_explorers.rules import (
    FINISH,
    OPPONENT,
    SESSION_FORMAT,
    TABLE_FORMAT,
    VERSION,
    YOU,
    YOUR_SPECIALISTS_TO_END,
    Project,
    SpaceExplorersError,
    balanced_selection_warning,
    division_names,
    name_key,
    opponent_progress,
)
from space_explorers.state import (
    Center,
    End,
    Final,
    FinalOpponent,
    FinalProject,
    FinalYou,
    Opponent,
    OpponentNext,
    ProjectState,
    SessionState,
    You,
)
from space_explorers.table import parse_table
from space_explorers.turns import (
    TWELVE_SPECIALISTS,
    Game,
    refill_words,
    slot_name,
)

SESSION_KEYS = ("format", "version", "variants", "projects", "turns")
YOU_PROGRESS_KEYS = ("specialist_progress", "ability_progress")
# A sanity bound: a game ends at your 12th Specialist or the last Project; 120 rounds is far
# beyond any real game (about 15 to 30 rounds), and keeps every replay fast.
MAX_TURNS = 240


def replay(session: Any) -> tuple[Game, list]:
    """The `Game` after every turn of `session`, and the file's Project objects."""
    reader = FieldReader()
    if not isinstance(session, Mapping):
        reader.error("session", _("must be an object, not %(found)s", found=describe(session)))
        reader.raise_first()
    data = reader.mapping(session, "", SESSION_KEYS, _("a session key")) or {}
    reader.format_and_version(data, SESSION_FORMAT)
    variants = reader.variants(data.get("variants", {}))
    read = reader.projects(data.get("projects", MISSING), "projects")
    turns = reader.sequence(data.get("turns", []), "turns")
    if turns is not None and len(turns) > MAX_TURNS:
        reader.error(
            "turns",
            _("must list at most %(most)s turns, not %(count)s", most=MAX_TURNS, count=len(turns)),
        )
    reader.raise_first()
    assert variants is not None and turns is not None
    projects = tuple(project for project, _raw in read if project is not None)
    game = Game.start(variants, projects)
    for index, turn in enumerate(turns):
        game.play_turn(turn, index)
    return game, [raw for _project, raw in read]


def play(session: Any) -> dict:
    """The derived state of OTHER-GAMES.md §1.10, keys as printed, plus what the page needs."""
    return session_state(session).to_dict()


def session_state(session: Any) -> SessionState:
    """`play(session)` as types, for the pages."""
    game, raw_projects = replay(session)
    return derive(game, raw_projects)


def state_of(game: Game, raw_projects: list | None = None) -> dict:
    return derive(game, raw_projects).to_dict()


def derive(game: Game, raw_projects: list | None = None) -> SessionState:
    progress, why = _opponent_score(game)
    opponent_next = None if game.over else _opponent_next(game)
    setup = []
    variants = game.variants
    if variants.projects_start_advanced and variants.opponent_project_bonus and raw_projects:
        warning = balanced_selection_warning(raw_projects)
        if warning:
            setup.append(warning)
    return SessionState(
        round=game.round,
        next=game.next_player,
        center=Center(
            marker_slot=game.marker,
            temporary_row=game.temporary,
            deck=game.deck,
            empty_slots=tuple(slot for slot, full in enumerate(game.occupied) if not full),
        ),
        projects=tuple(_project_state(game, index) for index in range(len(game.projects))),
        you=You(
            specialists=game.your_specialists,
            hand=game.hand,
            launched=tuple(game.projects[i].name for i in game.launched),
        ),
        opponent=Opponent(
            divisions=dict(game.divisions),
            specialists=sum(game.divisions.values()),
            token_stack=game.stack,
            completed=tuple(game.projects[i].name for i in game.opponent_completed),
            score_now=sum(progress.values()),
            progress=progress,
            why=why,
        ),
        end=_end_state(game),
        warnings=tuple(_warnings(game)),
        opponent_next=opponent_next,
        next_sentence=_next_sentence(game, opponent_next),
        setup_warnings=tuple(setup),
        history=tuple(game.history),
        final=_final(game) if game.over else None,
    )


def table_from_session(session: Any, you_progress: Any) -> dict:
    """The `space-explorers-solo-table` of a finished session plus your entered categories.

    `you_progress` holds `specialist_progress` and `ability_progress` (SE-R7); everything else
    comes from the session. Raises `SpaceExplorersError` when the game is not over or the
    categories are out of bounds (paths as in the table: `you.specialist_progress`).
    """
    game, _projects = replay(session)
    if not game.over:
        raise SpaceExplorersError(
            "turns",
            _("the game is not over yet: the score sheet opens after the Opponent's last turn"),
        )
    if not isinstance(you_progress, Mapping):
        raise SpaceExplorersError(
            "you", _("must be an object, not %(found)s", found=describe(you_progress))
        )
    for key in you_progress:
        if key not in YOU_PROGRESS_KEYS:
            raise SpaceExplorersError(
                f"you.{key}",
                _(
                    "is not a category you enter; allowed: %(allowed)s",
                    allowed=", ".join(YOU_PROGRESS_KEYS),
                ),
            )
    table = {
        "format": TABLE_FORMAT,
        "version": VERSION,
        "variants": game.variants.to_dict(),
        "projects": _final(game).to_dict()["projects"],
        "you": {
            "specialists": game.your_specialists,
            "specialist_progress": you_progress.get("specialist_progress", MISSING),
            "ability_progress": you_progress.get("ability_progress", MISSING),
        },
        "opponent": {"divisions": dict(game.divisions)},
    }
    for key in YOU_PROGRESS_KEYS:
        if table["you"][key] is MISSING:
            raise SpaceExplorersError(f"you.{key}", _("is required (a whole number from 0 to 200)"))
    parse_table(table)
    return table


def canonical_session(session: Any) -> dict:
    """`session` with keys in the documented order and every default written out."""
    game, _projects = replay(session)
    turns = []
    for turn in session.get("turns", []):
        if YOU in turn:
            mine = turn[YOU]
            entry: dict[str, Any] = {"action": mine["action"], "from": mine["from"]}
            if mine["from"] == "center":
                entry["slot"] = mine["slot"]
            if mine["from"] == "temporary":
                entry["index"] = mine["index"]
            entry["cards_to_center"] = mine.get("cards_to_center", 0)
            entry["tokens_set_aside"] = mine.get("tokens_set_aside", 0)
            entry["launch"] = _tile_name(game.projects, mine.get("launch"))
            turns.append({YOU: entry})
        else:
            turns.append({OPPONENT: {"division": turn[OPPONENT]["division"]}})
    return {
        "format": SESSION_FORMAT,
        "version": VERSION,
        "variants": game.variants.to_dict(),
        "projects": [_project_dict(project) for project in game.projects],
        "turns": turns,
    }


# --- the parts of the state ------------------------------------------------------------------


def _tile_name(projects: tuple[Project, ...], launch: Any) -> str | None:
    if launch is None:
        return None
    for project in projects:
        if name_key(project.name) == name_key(launch):
            return project.name
    raise AssertionError("a launch the replay accepted names a tile")  # pragma: no cover


def _project_dict(project: Project) -> dict:
    return {"name": project.name, "points": project.points, "skills": project.skills_dict()}


def _project_state(game: Game, index: int) -> ProjectState:
    project = game.projects[index]
    completed_by = game.completed_by[index]
    position = game.positions[index]
    colours = division_names(project.colours)
    if completed_by == YOU:
        why = _("launched by you: it left the Achievement Track")
        steps = None
    elif completed_by == OPPONENT:
        why = _("reached Finish: completed by your Opponent")
        steps = 0
    else:
        assert position is not None
        steps = FINISH - position
        why = ngettext(
            "%(count)s step to Finish; each %(colours)s recruit of the Opponent moves it one "
            "position",
            "%(count)s steps to Finish; each %(colours)s recruit of the Opponent moves it one "
            "position",
            steps,
            count=steps,
            colours=colours,
        )
    return ProjectState(
        name=project.name,
        position=position,
        steps_to_finish=steps,
        advanced_by=tuple(sorted(project.colours)),
        completed_by=completed_by,
        points=project.points,
        why=why,
    )


def _opponent_score(game: Game) -> tuple[dict[str, int], dict[str, str]]:
    completed = [game.projects[i] for i in game.opponent_completed]
    return opponent_progress(game.divisions, completed, game.variants)


def _end_state(game: Game) -> End:
    sentence = None
    if game.trigger is not None:
        cause = (
            # Translators: an ordinal, "your 12th Specialist".
            _("you recruited your %(count)sth Specialist", count=YOUR_SPECIALISTS_TO_END)
            if game.trigger == TWELVE_SPECIALISTS
            else _("no Project is left on the track")
        )
        assert game.triggered_on is not None
        if not game.over:
            sentence = _("Last round: %(cause)s; the Opponent takes one more turn", cause=cause)
        elif game.triggered_on["player"] == OPPONENT:
            # SE-R5: the round is already even, no further turn.
            sentence = _("Game over: the Opponent completed the last Project on the track")
        else:
            sentence = _("Game over: %(cause)s and the Opponent took its last turn", cause=cause)
    return End(
        triggered=game.trigger is not None,
        trigger=game.trigger,
        over=game.over,
        triggered_on=dict(game.triggered_on) if game.triggered_on else None,
        sentence=sentence,
    )


def _warnings(game: Game) -> list[str]:
    if game.over:
        return []
    warnings = []
    for index in game.tiles_on_track():
        if game.positions[index] == FINISH - 1:
            project = game.projects[index]
            warnings.append(
                _(
                    "%(project)s is one step from Finish: any %(colours)s recruit takes it",
                    project=project.name,
                    colours=division_names(project.colours),
                )
            )
    if game.your_specialists == YOUR_SPECIALISTS_TO_END - 1 and game.trigger is None:
        warnings.append(
            _(
                "You have %(count)s Specialists: your next recruit ends the game, and the "
                "Opponent then takes one more turn",
                count=YOUR_SPECIALISTS_TO_END - 1,
            )
        )
    if game.deck == 0:
        warnings.append(
            _(
                "The Specialist deck is empty: a main-row card taken from now on is replaced "
                "only from the temporary row"
            )
        )
    return warnings


def _opponent_next(game: Game) -> OpponentNext:
    """What the Opponent's next turn does with the Center as it stands (SE:133)."""
    if game.center_empty:
        return OpponentNext(
            slot=None,
            refill_from=None,
            sentence=_("The Center is empty: the Opponent recruits nothing"),
            refill=None,
        )
    return OpponentNext(
        slot=game.marker,
        refill_from=game.refill_source(),
        sentence=_("The Opponent recruits the card in %(slot)s", slot=slot_name(game.marker)),
        refill=_("Then %(refill)s", refill=refill_words(game.refill_source())),
    )


def _next_sentence(game: Game, opponent_next: OpponentNext | None) -> str:
    if game.over:
        return _(
            "Game over: enter your Progress on the score sheet; the Opponent's side is filled in"
        )
    if game.next_player == YOU:
        return _("Your turn: take a card into your hand or recruit one into your Hub")
    assert opponent_next is not None
    if opponent_next.slot is None:
        if game.trigger:
            return _("Last round: the Center is empty: the Opponent recruits nothing")
        return opponent_next.sentence
    slot = slot_name(opponent_next.slot)
    if game.trigger:
        return _(
            "Last round: the Opponent recruits the card in %(slot)s: tap its Division (the "
            "top-most skill if it shows two)",
            slot=slot,
        )
    return _(
        "The Opponent recruits the card in %(slot)s: tap its Division (the top-most skill if it "
        "shows two)",
        slot=slot,
    )


def _final(game: Game) -> Final:
    """What the score sheet is pre-filled with once the game is over."""
    return Final(
        you=FinalYou(
            specialists=game.your_specialists,
            launched=tuple(game.projects[i].name for i in game.launched),
        ),
        opponent=FinalOpponent(
            divisions=dict(game.divisions),
            completed=tuple(game.projects[i].name for i in game.opponent_completed),
        ),
        projects=tuple(
            FinalProject(
                project.name, project.points, project.skills_dict(), game.completed_by[index]
            )
            for index, project in enumerate(game.projects)
        ),
    )
