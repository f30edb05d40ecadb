"""Startropolis (OTHER-GAMES.md §2): the round tracker at the table, each player's own phone,
the picture of the station, and the final scoring.

The tracker's state is never stored: it is `startropolis.tracker_state(session)` (the types of
`play`), a replay of the session's log, so every step undoes by dropping the last entry
(`startropolis.steps`). The shared screen renders `startropolis.shared(state)` only, which holds
no player's credits and no mission (ST:79, ST:279); a player's own page renders
`own(state, key)`, with their own figures and nobody else's. Every form posts for real
(POST-redirect-GET); with htmx a step swaps the page's live part in place, and the other phones
follow within seconds (a poll that answers "nothing new" with no content).
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import startropolis
from gamefile.errors import FieldError
from gamefile.words import Sentence
from hosting.words import translated
from playlog import actions
from playlog.frame import PLAYER, LogPage, log_page
from playlog.models import Play, PlayPerson
from playlog.startropolis.forms import (
    AttachmentForm,
    BackSeatForm,
    FiguresForm,
    FinishForm,
    MissionForm,
    PurchaseForm,
    RollsForm,
)
from playlog.startropolis.picture import PictureUnavailable, seat_colours, station_svg
from playlog.words import in_words
from startropolis import steps
from startropolis.modules import MODULE_TYPES, ORDER_CARD_NAMES
from startropolis.state import TrackerState

GAME = "startropolis"
TABLE = "playlog/startropolis/table.html"
SEAT = "playlog/startropolis/seat.html"
# How often the other phones ask whether the table moved on (milliseconds).
POLL_MS = 3000


# --- words --------------------------------------------------------------------------------


# The rules' sentence for a purchase beyond a player's credits (`startropolis.replay`), and
# its English as a plain `str` (a message that is no `Sentence`).
IN_HAND_TEMPLATE = "%(player)s has %(credits)sM in hand and cannot pay %(amount)sM %(what)s"
IN_HAND = re.compile(r"^(?P<who>.+?) has -?\d+M in hand and cannot pay (?P<rest>.*)$")
DEALT_TWICE = re.compile(r"(^|\.)players\[\d+\]\.mission\.dealt\[\d+\]$")


def _without_credits(message: str) -> str | None:
    """The sentence of a purchase refused for its credits, as the shared screen says it: what
    was missing, not what is in hand (in the reader's language); None for any other."""
    if isinstance(message, Sentence) and message.template == IN_HAND_TEMPLATE:
        values = message.params
        # Translators: %(what)s says what for: "for the Solar in slot 2", "to invest".
        return _("%(player)s does not have enough credits in hand to pay %(amount)sM %(what)s") % {
            "player": translated(values["player"]),
            "amount": translated(values["amount"]),
            "what": translated(values["what"]),
        }
    found = IN_HAND.match(message)
    if found:
        return f"{found['who']} does not have enough credits in hand to pay {found['rest']}"
    return None


def said(error: FieldError, *, shared: bool) -> str:
    """A refused step as the page says it: the rules' sentence (the form is the step, so no
    field path), in the reader's language. On the shared screen a sentence never tells a
    player's credits: "cannot pay" says what was missing, not what is in hand."""
    message = translated(error.message)
    if shared:
        message = _without_credits(error.message) or message
    if DEALT_TWICE.search(error.path):
        # Which player holds a Mission Card is secret (ST:279): say only that it is taken.
        message = _("that Mission Card is already dealt to another player; each card is dealt once")
    message = in_words(message)
    return f"{message[:1].upper()}{message[1:]}."


def _node_label(state: TrackerState, node: str) -> str:
    if node == "core":
        return _("the Core")
    return f"{state.module(node).name} {node}"


# --- lookups ------------------------------------------------------------------------------


def _tracker_play(page: LogPage, number: int) -> Play:
    play = page.play(number, GAME)
    if play.session is None:
        raise Http404("This play was entered without the round tracker.")
    return play


def _keys(play: Play) -> list[str]:
    return [player["key"] for player in play.session["players"]]


def _seat_person(page: LogPage, play: Play, seat: int) -> PlayPerson:
    """The person at `seat`, if the reader may see that seat's own page: its member alone;
    for a name typed in (no account), anyone who plays in the log (the phone is passed)."""
    person = play.people.select_related("user").filter(seat=seat).first()
    if person is None:
        raise Http404("No such seat at this table.")
    if person.user_id is not None:
        if person.user_id != page.request.user.pk:
            raise PermissionDenied(
                _("This is %(name)s's own view: only %(name)s sees it.") % {"name": person.name}
            )
    elif not page.log.can_play:
        raise PermissionDenied("Only the players of this log may open a player's own view.")
    return person


def _may_open(page: LogPage, person: PlayPerson) -> bool:
    if person.user_id is not None:
        return person.user_id == page.request.user.pk
    return bool(page.log.can_play)


def _version(play: Play) -> str:
    """Changes whenever the play does (a step, an undo, a mission, the score sheet)."""
    return f"{play.updated_at:%Y%m%d%H%M%S%f}"


# --- the page's context -------------------------------------------------------------------


def _players(page: LogPage, play: Play, view: TrackerState) -> list[dict[str, Any]]:
    keys = _keys(play)
    colours = seat_colours(keys)
    people = {p.seat: p for p in play.people.select_related("user")}
    rows = []
    for seat, player in enumerate(view.players):
        person = people.get(seat)
        rows.append(
            {
                **player.to_dict(),
                "seat": seat,
                "name": player.key,
                "card_name": ORDER_CARD_NAMES[player.order_card],
                "bonus_words": (
                    _("Faction bonus: +%(amount)sM per %(type)s Module owned and attached.")
                    % {"amount": player.bonus.amount, "type": MODULE_TYPES[player.bonus.per].name}
                    if player.bonus
                    else ""
                ),
                "colour": colours[player.key],
                "member": bool(person and person.user_id),
                "own_url": (
                    reverse(
                        "startropolis:seat",
                        kwargs={"log": page.log.slug, "number": play.number, "seat": seat},
                    )
                    if person is not None and _may_open(page, person)
                    else None
                ),
            }
        )
    return rows


def _modules(view: TrackerState, keys: list[str]) -> list[dict[str, Any]]:
    """The attached modules, each with its owner's seat (its colour) and what it touches."""
    return [
        {
            **m.to_dict(),
            "seat": keys.index(m.owner),
            "touches": [_node_label(view, node) for node in m.connections],
        }
        for m in view.modules
        if m.attached
    ]


def _track(view: TrackerState) -> list[dict[str, Any]]:
    """The Revenue Track, the furthest ahead first; each space's markers bottom → top."""
    return [
        {"space": int(space), "markers": list(markers), "top": markers[-1]}
        for space, markers in sorted(view.track.items(), key=lambda item: -int(item[0]))
    ]


def _nodes(view: TrackerState) -> list[tuple[str, str]]:
    """What a module may be attached to: the Core and every module on the station."""
    nodes = [("core", "the Core")]
    active = set(view.station.active)
    for module in view.modules:
        if module.attached and module.id in active:
            nodes.append((module.id, f"{module.name} {module.id} ({module.owner})"))
    return nodes


def _step_forms(view: TrackerState, session: dict, data=None, **given: Any) -> dict[str, Any]:
    step = view.next
    forms: dict[str, Any] = {}
    phase = step["phase"]
    if phase == "purchase":
        forms["purchase_form"] = given.get("purchase_form") or PurchaseForm(
            data, step=step, in_play=session_rules(session)["modules_in_play"], prefix="buy"
        )
    elif phase == "attachment":
        forms["attach_form"] = given.get("attach_form") or AttachmentForm(
            data, step=step, nodes=_nodes(view), prefix="attach"
        )
    elif phase == "revenue":
        forms["rolls_form"] = given.get("rolls_form") or RollsForm(
            data, reactors=step["rolls_needed"], prefix="dice"
        )
    return forms


def session_rules(session: dict) -> dict:
    return startropolis.canonical_session(session)["rules"]


def _figures_form(view: TrackerState, session: dict, data=None) -> FiguresForm:
    rules = session_rules(session)
    cards = [m.to_dict() for m in view.modules if m.card not in ("basic", "bank")]
    used = view.powers_used or {}
    figures = steps.round_figures(session)
    powers_left = [p for p in used if used[p] is None or p in figures.get("powers_used", [])]
    return FiguresForm(
        data,
        players=_keys_of(view),
        cards=cards,
        advanced_factions=rules["advanced_factions"],
        powers_left=powers_left,
        figures=figures,
        prefix="figures",
    )


def _keys_of(view: TrackerState) -> list[str]:
    return [player.key for player in view.players]


def _finish_form(play: Play, view: TrackerState, data=None) -> FinishForm:
    rules = session_rules(play.session)
    missions = {
        p["key"]: p["mission"]["kept"]
        for p in play.session["players"]
        if p.get("mission") and "most" not in p["mission"]
    }
    initial: dict[str, Any] = {}
    for row in (play.table or {}).get("players", []):
        # Scored already: the sheet comes back as it was entered.
        initial[f"credits_{row['player']}"] = row["credits"]
        if "achieved" in (row.get("mission") or {}):
            initial[f"mission_{row['player']}"] = "yes" if row["mission"]["achieved"] else "no"
    return FinishForm(
        data,
        players=_keys_of(view),
        ask_credits=not rules["track_credits"],
        missions=missions,
        prefix="finish",
        initial=initial,
    )


def companion_context(
    page: LogPage, play: Play, *, seat: int | None = None, **extra: Any
) -> dict[str, Any]:
    """What the table view (`seat` None) or a player's own view renders. Only the redacted
    view reaches the template: `shared` for the table, `own` for a seat (the types of
    `table_view` and `private_view`)."""
    session = play.session
    state = startropolis.tracker_state(session)
    keys = _keys(play)
    view = startropolis.shared(state) if seat is None else startropolis.own(state, keys[seat])
    del state
    mine = keys[seat] if seat is not None else None
    step = view.next
    turn_is_mine = mine is not None and step.get("player") == mine
    show_steps = page.log.can_play and (seat is None or turn_is_mine or step["phase"] == "revenue")
    context = page.frame(
        play=play,
        title=page.title(GAME),
        view=view,
        seat=seat,
        mine=mine,
        players=_players(page, play, view),
        track=_track(view),
        modules=_modules(view, keys),
        held=[m for m in view.modules if not m.attached],
        type_names={key: module.name for key, module in MODULE_TYPES.items()},
        step=step,
        step_player=step.get("player"),
        show_steps=show_steps,
        refused=_refusals(view),
        log_lines=list(reversed(view.log)),
        # The page this live part belongs to (a step's answer is rendered at the step's address).
        live_url=(
            reverse("startropolis:table", kwargs={"log": page.log.slug, "number": play.number})
            if seat is None
            else reverse(
                "startropolis:seat",
                kwargs={"log": page.log.slug, "number": play.number, "seat": seat},
            )
        ),
        revenue_done=any(line["phase"] == "revenue" for line in view.log),
        steps_taken=steps.step_count(session),
        version=_version(play),
        poll_ms=POLL_MS,
        rules=session_rules(session),
        prices=[(MODULE_TYPES[k].name, p) for k, p in view.prices.items()],
        picture_url=reverse(
            "startropolis:picture", kwargs={"log": page.log.slug, "number": play.number}
        ),
        finished=play.table is not None,
    )
    if show_steps and step["phase"] != "game_over":
        context.update(_step_forms(view, session, **extra))
    if page.log.can_play and seat is None and not view.game_over:
        context["figures_form"] = extra.pop("figures_form", None) or _figures_form(view, session)
    if page.log.can_play and seat is None and view.game_over:
        context["finish_form"] = extra.pop("finish_form", None) or _finish_form(play, view)
    if seat is not None:
        context.update(_private(play, view, mine, **extra))
    for key in ("purchase_form", "attach_form", "rolls_form"):
        extra.pop(key, None)
    context.update(extra)
    return context


def _refusals(view: TrackerState) -> list[dict[str, Any]]:
    """For each held module of the player attaching now: where it may not go, and why."""
    step = view.next
    if step["phase"] != "attachment":
        return []
    return [
        {
            "id": held["id"],
            "name": MODULE_TYPES[held["type"]].name,
            "may": [_node_label(view, node) for node in held["may_attach_to"]],
            "refused": [
                {"node": _node_label(view, r["node"]), "why": r["why"]} for r in held["refused"]
            ],
        }
        for held in step["held"]
    ]


def _private(play: Play, view: TrackerState, key: str, **extra: Any) -> dict[str, Any]:
    mission = next(p.get("mission") for p in play.session["players"] if p["key"] == key)
    own: dict[str, Any] = {
        "credits": (view.credits or {}).get(key),
        "mission_now": (view.missions or {}).get(key),
        "mission_rules": session_rules(play.session)["missions"],
    }
    if own["mission_rules"]:
        own["mission_form"] = extra.pop("mission_form", None) or MissionForm(
            mission=mission, prefix="mission"
        )
    return own


# --- the pages ------------------------------------------------------------------------------


def _render(page: LogPage, play: Play, seat: int | None, *, status: int = 200, **extra: Any):
    context = companion_context(page, play, seat=seat, **extra)
    template = TABLE if seat is None else SEAT
    if page.request.htmx:
        # htmx swaps only a 2xx answer: a refusal comes back as the live part with its sentence.
        return page.render(context, template=f"{template}#companion")
    return page.render(context, template=template, status=status)


@log_page(TABLE, "log")
def table(page: LogPage, number: int) -> HttpResponse:
    """The shared screen: the station, every module's revenue and why, the Revenue Track, the
    round and whose turn it is — never a player's credits or mission."""
    return _render(page, _tracker_play(page, number), None)


@log_page(SEAT, "log", role=PLAYER)
def seat_view(page: LogPage, number: int, seat: int) -> HttpResponse:
    """A player's own phone: their credits and mission, then the table as everyone sees it."""
    play = _tracker_play(page, number)
    _seat_person(page, play, seat)
    return _render(page, play, seat)


@log_page("", "log")
def changed(page: LogPage, number: int) -> HttpResponse:
    """The other phones' poll: no content while nothing changed, else an htmx event that
    fetches the live part again."""
    play = _tracker_play(page, number)
    if page.request.GET.get("seen") == _version(play):
        return HttpResponse(status=204)
    response = HttpResponse("", content_type="text/plain; charset=utf-8")
    response["HX-Trigger"] = "startropolis-changed"
    return response


@log_page("", "log")
def picture(page: LogPage, number: int) -> HttpResponse:
    """The station as an SVG picture (Graphviz), shown by the pages as an image."""
    play = _tracker_play(page, number)
    state = startropolis.shared(startropolis.tracker_state(play.session))
    try:
        svg = station_svg(state, _keys(play))
    except PictureUnavailable as error:
        return HttpResponse(f"{error}.", status=503, content_type="text/plain; charset=utf-8")
    response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    # The address carries the play's version, so a kept copy is right until the next step.
    response["Cache-Control"] = "private, max-age=3600"
    # Opened on its own, the picture may run nothing and load nothing.
    response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response


# --- the steps ------------------------------------------------------------------------------


def _back_seat(page: LogPage, play: Play) -> int | None:
    """The page a step was entered on: the table (None) or a seat the reader may open."""
    form = BackSeatForm(page.request.POST)
    if not form.is_valid():
        raise Http404("No such seat at this table.")
    seat = form.cleaned_data["seat"]
    if seat is None:
        return None
    _seat_person(page, play, seat)
    return seat


def _after(
    page: LogPage, play: Play, seat: int | None, error: str | None = None, **forms: Any
) -> HttpResponse:
    """After a step: the live part for htmx, else back to the page (POST-redirect-GET); a
    refused step shows its sentence (status 400 without htmx)."""
    if page.request.htmx or error or forms.get("preview") is not None:
        return _render(page, play, seat, status=400 if error else 200, error=error, **forms)
    if seat is None:
        return redirect("startropolis:table", log=page.log.slug, number=play.number)
    return redirect("startropolis:seat", log=page.log.slug, number=play.number, seat=seat)


MOVED_ON = gettext_lazy(
    "The table has moved on: this step is already entered. Here is where it is now."
)


def _step(page: LogPage, number: int, phase: str, form_key: str):
    """What every step at the table starts with: the play, the page it was entered on, the
    shared view now, and the step's form bound to the POST — None when the table has moved on
    to another phase (another phone entered this step first)."""
    play = _tracker_play(page, number)
    seat = _back_seat(page, play)
    view = startropolis.shared(startropolis.tracker_state(play.session))
    if view.next["phase"] != phase:
        return play, seat, view, None
    return play, seat, view, _step_forms(view, play.session, page.request.POST)[form_key]


@log_page(TABLE, "log", role=PLAYER, methods=("POST",))
def purchase(page: LogPage, number: int) -> HttpResponse:
    """One Purchase Phase turn: Option 1, 2 or 3 (ST:99–103), with Salvage and the Bank."""
    play, seat, view, form = _step(page, number, "purchase", "purchase_form")
    if form is None:
        return _after(page, play, seat, MOVED_ON)
    if not form.is_valid():
        return _after(page, play, seat, "Choose what the player did.", purchase_form=form)
    if form.cleaned_data["player"] != view.next["player"]:
        return _after(page, play, seat, "The table has moved on: it is someone else's turn now.")
    try:
        play = actions.record_step(
            play, lambda s: steps.add_purchase(s, form.purchase(steps.next_module_id(s)))
        )
    except FieldError as error:
        return _after(page, play, seat, said(error, shared=seat is None), purchase_form=form)
    return _after(page, play, seat)


@log_page(TABLE, "log", role=PLAYER, methods=("POST",))
def attach(page: LogPage, number: int) -> HttpResponse:
    """One Attachment Phase turn: a held module attached (every revenue recomputed at once),
    or the player's modules held for a later round. `preview` shows what an attachment would
    change and writes nothing."""
    play, seat, view, form = _step(page, number, "attachment", "attach_form")
    if form is None:
        return _after(page, play, seat, MOVED_ON)
    previewing = "preview" in page.request.POST
    if not form.is_valid():
        if previewing:
            return _after(page, play, seat, attach_form=form, preview={"empty": True})
        return _after(page, play, seat, "Choose the module and what it touches.", attach_form=form)
    if form.cleaned_data["player"] != view.next["player"]:
        return _after(page, play, seat, "The table has moved on: it is someone else's turn now.")
    entry = form.attachment()
    if previewing:
        return _after(page, play, seat, attach_form=form, preview=_preview(play, view, entry))
    try:
        play = actions.record_step(play, lambda s: steps.add_attachment(s, entry))
    except FieldError as error:
        return _after(page, play, seat, said(error, shared=seat is None), attach_form=form)
    return _after(page, play, seat)


def _preview(play: Play, before: TrackerState, entry: dict) -> dict[str, Any]:
    """Every module's and every player's revenue if `entry` were attached, beside now."""
    try:
        after = startropolis.shared(
            startropolis.tracker_state(steps.add_attachment(play.session, entry))
        )
    except FieldError as error:
        return {"refused": said(error, shared=True)}
    old = {m.id: m.revenue for m in before.modules}
    modules = [
        {**m.to_dict(), "before": old.get(m.id), "changed": old.get(m.id) != m.revenue}
        for m in after.modules
        if m.attached and (old.get(m.id) != m.revenue or m.id == entry.get("module"))
    ]
    players = [
        {"key": key, "before": before.revenue[key], "after": after.revenue[key]}
        for key in before.revenue
        if before.revenue[key] != after.revenue[key]
    ]
    return {"modules": modules, "players": players, "hold": entry.get("hold", False)}


@log_page(TABLE, "log", role=PLAYER, methods=("POST",))
def rolls(page: LogPage, number: int) -> HttpResponse:
    """The die for each Fusion Reactor; the Revenue Phase then runs (ST:142–148)."""
    play, seat, _view, form = _step(page, number, "revenue", "rolls_form")
    if form is None:
        return _after(page, play, seat, MOVED_ON)
    if not form.is_valid():
        return _after(page, play, seat, "Give the die of every Fusion Reactor.", rolls_form=form)
    try:
        play = actions.record_step(play, lambda s: steps.set_fusion_rolls(s, form.rolls()))
    except FieldError as error:
        return _after(page, play, seat, said(error, shared=seat is None), rolls_form=form)
    return _after(page, play, seat)


@log_page(TABLE, "log", role=PLAYER, methods=("POST",))
def figures(page: LogPage, number: int) -> HttpResponse:
    """The figures the table enters for the round in play (advanced cards, faction rules)."""
    play = _tracker_play(page, number)
    view = startropolis.shared(startropolis.tracker_state(play.session))
    form = _figures_form(view, play.session, page.request.POST)
    if not form.is_valid():
        return _after(page, play, None, "Whole numbers only, within the bounds.", figures_form=form)
    try:
        play = actions.record_step(play, lambda s: steps.set_round_figures(s, form.figures()))
    except FieldError as error:
        return _after(page, play, None, said(error, shared=True), figures_form=form)
    return _after(page, play, None)


@log_page(TABLE, "log", role=PLAYER, methods=("POST",))
def undo(page: LogPage, number: int) -> HttpResponse:
    """The last step taken back: the state is a replay of the log, so it drops the entry."""
    play = _tracker_play(page, number)
    try:
        play = actions.undo_step(play, steps.without_last_step)
    except FieldError as error:
        return _after(page, play, None, said(error, shared=True))
    return _after(page, play, None, undone=True) if page.request.htmx else _after(page, play, None)


@log_page(SEAT, "log", role=PLAYER, methods=("POST",))
def mission(page: LogPage, number: int, seat: int) -> HttpResponse:
    """A player's own Mission Cards (ST:279), entered on their own phone only."""
    play = _tracker_play(page, number)
    _seat_person(page, play, seat)
    form = MissionForm(page.request.POST, prefix="mission")
    if not form.is_valid():
        return _after(
            page,
            play,
            seat,
            _("Give both cards dealt, the one kept and its reward."),
            mission_form=form,
        )
    key = _keys(play)[seat]
    try:
        play = actions.record_step(play, lambda s: steps.with_mission(s, key, form.mission()))
    except FieldError as error:
        return _after(page, play, seat, said(error, shared=False), mission_form=form)
    if not page.request.htmx:
        messages.success(page.request, _("Your mission is kept: only you see it until the end."))
    return _after(page, play, seat)


@log_page(TABLE, "log", role=PLAYER, methods=("POST",))
def finish(page: LogPage, number: int) -> HttpResponse:
    """The final scoring (ST:160–162): the replay's table, with what only the table knows."""
    play = _tracker_play(page, number)
    view = startropolis.shared(startropolis.tracker_state(play.session))
    if not view.game_over:
        return _after(page, play, None, "The game is not over yet: play the final Revenue Phase.")
    form = _finish_form(play, view, page.request.POST)
    if not form.is_valid():
        return _after(page, play, None, "Give what the scoring needs.", finish_form=form)
    try:
        table = startropolis.table_from_session(
            play.session, credits=form.credits(), missions_achieved=form.verdicts()
        )
        play = actions.change_play(play, {"table": table})
    except FieldError as error:
        return _after(page, play, None, said(error, shared=True), finish_form=form)
    messages.success(page.request, _("Scored: the final ranking is below."))
    return redirect(play)
