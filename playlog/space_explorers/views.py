"""Space Explorers, solo mode (OTHER-GAMES.md §1): the setup, the turn runner and the score
sheet.

The turn runner's state is never stored: it is `space_explorers.play(session)`, a replay of the
turn log, so every step undoes by dropping the last turn (`playlog.actions.undo_turn`). The
Opponent's turn is one tap: the player taps the Division of the card above the Development
marker and the replay does the rest (marker, refill, tiles, end). Every form posts for real
(POST-redirect-GET); with htmx the runner swaps in place.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from gamefile.errors import FieldError
from hosting.words import translated
from playlog import actions
from playlog.forms import PersonForm, PlayFactsForm
from playlog.frame import PLAYER, LogPage, log_page
from playlog.models import Play
from playlog.space_explorers.forms import (
    ChangeOpponentTurnForm,
    EndStateForm,
    OpponentTurnForm,
    SetupForm,
    YourProgressForm,
    YourTurnForm,
    drawn_tiles,
    tile_forms,
    your_turn_initial,
)
from playlog.views.logs import sentence
from space_explorers import (
    DIVISION_NAMES,
    DIVISIONS,
    PROJECT_NAMES,
    SESSION_FORMAT,
    TABLE_FORMAT,
    session_state,
    table_from_session,
)
from space_explorers.changes import StepNoLongerFits, step_in_sentence, step_name, steps_before
from space_explorers.state import SessionState

GAME = "space-explorers-solo"
RUNNER = "playlog/space_explorers/turns.html"
STEP = "playlog/space_explorers/step.html"
END_STATE = "end_state"


def _remembered(page: LogPage) -> dict[str, Any]:
    return page.log.settings_for(GAME).get("tiles", {})


# --- setup ------------------------------------------------------------------------------


@log_page("playlog/space_explorers/new.html", "new", role=PLAYER, methods=("GET", "POST"))
def new_play(page: LogPage) -> HttpResponse | dict[str, Any]:
    """The setup sheet: the person, the variants, the five tiles; then the turn runner (or the
    end state, for a game played without it)."""
    request = page.request
    remembered = _remembered(page)
    post = request.POST if request.method == "POST" else None
    drawing = post is not None and "draw" in post
    data = None if drawing else post
    facts = PlayFactsForm(data, prefix="facts")
    person = PersonForm(
        data,
        prefix="person",
        members=page.members(),
        initial={"member": request.user.get_username()},
    )
    setup = SetupForm(data if not drawing else post, prefix="setup")
    tiles = tile_forms(data, remembered, drawn_tiles(remembered) if drawing else None)
    end_state = EndStateForm(data, prefix="end")
    errors: list[str] = []
    if data is not None:
        with_end_state = END_STATE in data
        valid = facts.is_valid() & setup.is_valid() & person.is_valid()
        valid &= all([tile.is_valid() for tile in tiles])
        if with_end_state:
            valid &= end_state.is_valid()
        who = person.person()
        if who is None:
            if not person.errors:
                person.add_error("name", _("Who played? Choose a member or type a name."))
            valid = False
        if valid:
            try:
                play = _start(page, facts, setup, tiles, who, end_state if with_end_state else None)
            except FieldError as error:
                errors.append(sentence(error))
            else:
                actions.remember_project_tiles(page.log, [tile.tile() for tile in tiles])
                if with_end_state:
                    messages.success(request, _("Scored: the score sheet is below."))
                    return redirect(play)
                return redirect("space_explorers:turns", log=page.log.slug, number=play.number)
    context = page.frame(
        facts=facts,
        person=person,
        setup=setup,
        tiles=tiles,
        end_state=end_state,
        errors=errors,
        names=list(dict.fromkeys([*PROJECT_NAMES, *remembered])),
        divisions=[(key, DIVISION_NAMES[key]) for key in DIVISIONS],
        title=page.title(GAME),
    )
    if data is not None:
        return page.render(context, status=400)
    return context


def _start(page, facts, setup, tiles, who, end_state) -> Play:
    variants = setup.variants()
    projects = [tile.tile() for tile in tiles]
    data = facts.play_file(GAME, [who], None, None)
    if end_state is None:
        data["session"] = {
            "format": SESSION_FORMAT,
            "version": 1,
            "variants": variants,
            "projects": projects,
            "turns": [],
        }
    else:
        data["table"] = {
            "format": TABLE_FORMAT,
            "version": 1,
            "variants": variants,
            "projects": [
                {**tile, "completed_by": form.cleaned_data["completed_by"] or None}
                for tile, form in zip(projects, tiles, strict=True)
            ],
            "you": {
                "specialists": end_state.cleaned_data["specialists"],
                "specialist_progress": end_state.cleaned_data["specialist_progress"],
                "ability_progress": end_state.cleaned_data["ability_progress"],
            },
            "opponent": {"divisions": end_state.divisions()},
        }
    return actions.add_play(page.log, data, page.request.user)


# --- the turn runner -----------------------------------------------------------------------


def runner_context(page: LogPage, play: Play, **extra: Any) -> dict[str, Any]:
    state = session_state(play.session)
    divisions = [
        {"key": key, "name": DIVISION_NAMES[key], "count": state.opponent.divisions[key]}
        for key in DIVISIONS
    ]
    turns = play.session.get("turns", [])
    return page.frame(
        play=play,
        state=state,
        divisions=divisions,
        turns=len(turns),
        preview=_preview(page, play, state),
        history=[
            {
                "index": index,
                "name": step_name(index),
                "in_sentence": step_in_sentence(index),
                "line": line,
                "division": turns[index]["opponent"].get("division") or ""
                if "opponent" in turns[index]
                else None,
            }
            for index, line in enumerate(state.history)
        ],
        last=state.history[-1] if state.history else None,
        your_turn=extra.pop("your_turn", None) or YourTurnForm(state=state, prefix="you"),
        progress=extra.pop("progress", None) or YourProgressForm(prefix="progress"),
        title=page.title(GAME),
        slots=range(6),
        **extra,
    )


def _preview(page: LogPage, play: Play, state: SessionState) -> dict[str, Any] | None:
    """The spec's optional forecast (OTHER-GAMES §1.1): given the top skill of the card the
    Opponent is about to recruit (`?preview=science`), what its turn will do, replayed on a copy
    of the session; nothing is written."""
    chosen = page.request.GET.get("preview")
    if state.next != "opponent" or state.opponent_next is None or state.opponent_next.slot is None:
        return None
    if chosen not in DIVISIONS:
        return {"division": None}
    turns = [*play.session.get("turns", []), {"opponent": {"division": chosen}}]
    try:
        after = session_state({**play.session, "turns": turns})
    except FieldError as error:
        return {"division": chosen, "sentences": [sentence(error)]}
    sentences = [after.history[-1]] if after.history else []
    if after.end.sentence and after.end != state.end:
        sentences.append(after.end.sentence)
    return {"division": chosen, "name": DIVISION_NAMES[chosen], "sentences": sentences}


def _companion_play(page: LogPage, number: int) -> Play:
    play = page.play(number, GAME)
    if play.session is None:
        raise Http404("This play was entered without the turn runner.")
    return play


def _after(page: LogPage, play: Play, error: str | None = None, **forms: Any) -> HttpResponse:
    """After a step: the runner's fragment for htmx, else back to the page (POST-redirect-GET);
    a refused step shows its sentence (status 400 without htmx, the fragment with htmx)."""
    if page.request.htmx:
        context = runner_context(page, play, error=error, **forms)
        return page.render(context, template=f"{RUNNER}#runner")
    if error:
        context = runner_context(page, play, error=error, **forms)
        return page.render(context, template=RUNNER, status=400)
    # The next action at the top of the screen, not where the last one's button was.
    runner = reverse("space_explorers:turns", args=[page.log.slug, play.number])
    return redirect(f"{runner}#next-action")


@log_page(RUNNER, "log")
def turns(page: LogPage, number: int) -> dict[str, Any]:
    return runner_context(page, _companion_play(page, number))


@log_page(RUNNER, "log", role=PLAYER, methods=("POST",))
def opponent_turn(page: LogPage, number: int) -> HttpResponse:
    """The one tap: the Division of the card above the Development marker (SE:133)."""
    play = _companion_play(page, number)
    form = OpponentTurnForm(page.request.POST)
    if not form.is_valid():
        return _after(page, play, form.errors["division"][0])
    try:
        play = actions.add_turn(play, {"opponent": {"division": form.division_key()}})
    except FieldError as error:
        return _after(page, play, sentence(error))
    return _after(page, play)


@log_page(RUNNER, "log", role=PLAYER, methods=("POST",))
def change_opponent_turn(page: LogPage, number: int) -> HttpResponse:
    """An earlier Opponent turn's Division corrected (a wrong tap), the turns after it kept:
    the session is replayed; a change that makes a later turn impossible is refused."""
    play = _companion_play(page, number)
    turns = play.session.get("turns", [])
    form = ChangeOpponentTurnForm(page.request.POST, turns=len(turns))
    if not form.is_valid():
        return _after(page, play, form.first_error())
    index, division = form.cleaned_data["turn"], form.division_key()
    if "opponent" not in turns[index]:
        return _after(page, play, _("Choose one of the Opponent's turns to change."))
    if play.table is not None:
        return _after(
            page, play, _("The game is scored: undo to the turn, or edit the score sheet.")
        )
    try:
        play = actions.change_turn(play, index, {"opponent": {"division": division}})
    except StepNoLongerFits as error:
        return _after(page, play, _refused(error), broken_step=index)
    except FieldError as error:
        return _after(page, play, sentence(error))
    return _after(page, play)


def _refused(error: StepNoLongerFits) -> str:
    return _("Nothing changed. %(why)s.") % {"why": translated(error.said)}


@log_page(STEP, "log", role=PLAYER, methods=("GET", "POST"))
def change_step(page: LogPage, number: int, step: int) -> HttpResponse | dict[str, Any]:
    """One earlier step changed on its own page (a form per step, POST-redirect-GET): your turn's
    choices as the runner recorded them, or the Opponent's Division. Every later step is kept
    and the session replayed. A later step the change makes impossible refuses the change
    (nothing changes) with the sentence saying which step and why, and offers the person the
    choice: change that later step first, or take back the steps from it on."""
    play = _companion_play(page, number)
    turns = play.session.get("turns", [])
    if not 0 <= step < len(turns):
        raise Http404("This game has no such step.")
    before = steps_before({**play.session, "turns": turns[: step + 1]})[step]
    recorded = turns[step]
    mine = "you" in recorded
    request = page.request
    post = request.POST if request.method == "POST" else None
    form = None
    if mine:
        form = YourTurnForm(post, state=before, prefix="you", initial=your_turn_initial(recorded))
    division = recorded.get("opponent", {}).get("division") or ""
    error, broken = None, None
    if post is not None:
        if play.table is not None:
            error = _("The game is scored: undo to this step, or edit the score sheet.")
        elif mine and not form.is_valid():
            error = _("Say what you did, and from where.")
        else:
            if mine:
                turn = form.turn()
            else:
                division = post.get("division") or ""
                turn = {"opponent": {"division": division or None}}
            try:
                take_back = int(post["take_back_from"]) if "take_back_from" in post else None
            except ValueError:
                take_back = -1
            try:
                actions.change_turn(play, step, turn, take_back_from=take_back)
            except StepNoLongerFits as refused:
                error = _refused(refused)
                broken = {
                    "step": refused.step,
                    "name": step_in_sentence(refused.step),
                    "count": len(turns) - refused.step,
                }
            except FieldError as refused:
                error = sentence(refused)
            else:
                kept = len(turns) - step - 1
                if take_back is None:
                    said = ngettext(
                        "%(step)s changed; %(count)s later step kept and replayed.",
                        "%(step)s changed; %(count)s later steps kept and replayed.",
                        kept,
                    ) % {"step": translated(step_name(step)), "count": kept}
                else:
                    said = _("%(step)s changed; the steps from %(back)s on taken back.") % {
                        "step": translated(step_name(step)),
                        "back": translated(step_in_sentence(take_back)),
                    }
                messages.success(request, said)
                return _after(page, play)
    context = page.frame(
        play=play,
        title=page.title(GAME),
        step=step,
        step_name=step_name(step),
        step_in_sentence=step_in_sentence(step),
        line=session_state(play.session).history[step],
        form=form,
        division=division,
        divisions=[(key, DIVISION_NAMES[key]) for key in DIVISIONS],
        error=error,
        broken=broken,
        later=len(turns) - step - 1,
    )
    if post is not None:
        return page.render(context, status=400)
    return context


@log_page(RUNNER, "log", role=PLAYER, methods=("POST",))
def your_turn(page: LogPage, number: int) -> HttpResponse:
    play = _companion_play(page, number)
    form = YourTurnForm(page.request.POST, state=session_state(play.session), prefix="you")
    if not form.is_valid():
        return _after(page, play, _("Say what you did, and from where."), your_turn=form)
    try:
        play = actions.add_turn(play, form.turn())
    except FieldError as error:
        return _after(page, play, sentence(error), your_turn=form)
    return _after(page, play)


@log_page(RUNNER, "log", role=PLAYER, methods=("POST",))
def undo(page: LogPage, number: int) -> HttpResponse:
    play = _companion_play(page, number)
    try:
        play = actions.undo_turn(play)
    except FieldError as error:
        return _after(page, play, sentence(error))
    return _after(page, play, undone=True)


@log_page(RUNNER, "log", role=PLAYER, methods=("POST",))
def finish(page: LogPage, number: int) -> HttpResponse:
    """The score sheet of a finished companion game: your Progress by category; the rest comes
    from the replay (`space_explorers.table_from_session`)."""
    play = _companion_play(page, number)
    form = YourProgressForm(page.request.POST, prefix="progress")
    if not form.is_valid():
        return _after(page, play, _("Enter your Progress to score the game."), progress=form)
    try:
        table = table_from_session(play.session, form.cleaned_data)
        play = actions.change_play(play, {"table": table})
    except FieldError as error:
        return _after(page, play, sentence(error), progress=form)
    messages.success(page.request, _("Scored: the score sheet is below."))
    return redirect(play)


# --- the score sheet of a play entered without the runner ----------------------------------


@log_page("playlog/space_explorers/sheet.html", "log", role=PLAYER, methods=("GET", "POST"))
def sheet(page: LogPage, number: int) -> HttpResponse | dict[str, Any]:
    """Your Progress again (a companion game), or the whole end state (a game without it)."""
    play = page.play(number, GAME)
    request = page.request
    table = play.table or {}
    you = table.get("you", {})
    if play.session is not None:
        form: YourProgressForm = YourProgressForm(
            request.POST if request.method == "POST" else None,
            prefix="progress",
            initial={k: you.get(k) for k in ("specialist_progress", "ability_progress")},
        )
    else:
        initial = {**you, **{f"opponent_{k}": v for k, v in _divisions(table).items()}}
        form = EndStateForm(
            request.POST if request.method == "POST" else None, prefix="end", initial=initial
        )
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            if play.session is not None:
                new_table = table_from_session(play.session, form.cleaned_data)
            else:
                new_table = {
                    **table,
                    "you": {
                        "specialists": form.cleaned_data["specialists"],
                        "specialist_progress": form.cleaned_data["specialist_progress"],
                        "ability_progress": form.cleaned_data["ability_progress"],
                    },
                    "opponent": {"divisions": form.divisions()},
                }
            actions.change_play(play, {"table": new_table})
        except FieldError as error_found:
            error = sentence(error_found)
        else:
            messages.success(request, _("Score sheet saved."))
            return redirect(play)
    context = page.frame(play=play, form=form, error=error, title=page.title(GAME))
    if request.method == "POST":
        return page.render(context, status=400)
    return context


def _divisions(table: dict) -> dict[str, int]:
    return dict(table.get("opponent", {}).get("divisions", {}))
