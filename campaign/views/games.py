"""A campaign's games through the scoring wizard: enter the next one, correct one (the replay
re-derives everything after it), its live result, move it in the log, delete it."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from django.contrib import messages
from django.db.models import Max
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign import actions
from campaign.actions.games import snapshot
from campaign.actions.history import downstream_words
from campaign.bgstats import PlaySeat, bgstats_play, create_play_url
from campaign.forms import (
    CITY_KEEP,
    CITY_RENAME,
    NONE_BUILT,
    CityChoiceForm,
    DeleteGameForm,
    DiscardDraftForm,
    GameFactsForm,
    GamePreviewForm,
    MoveGameForm,
)
from campaign.frame import PLAYER, READER, Page, campaign_access, page_frame
from campaign.models import Campaign, Corporation, Game, join_entry
from campaign.views.campaigns import error_sentence
from gamefile.json_input import JsonInputError, parse_json_text
from hosting.form_words import refusal
from hosting.words import translated
from live.actions.discards import DraftInTheWay, confirm_token, draft_words, save_over_draft
from live.actions.drafts import next_number, order_of_play
from live.models import GameDraft
from scoring.catalogue import DEFAULT_COLOUR, CorporationOption
from scoring.wizard.sheet import live_sheet, render_live_result
from scoring.wizard.table_form import TableForm
from scoring.wizard.widgets import Partial
from solar175 import game_entry
from solar175.campaign_file import CampaignError
from solar175.differences import real_differences
from solar175.downstream import sentence
from solar175.game_entry import (
    city_changes_namer,
    debt_boxes_in_play,
    first_game_number,
    first_player,
    megastructure_choices,
    opening_players,
    rules_in_force,
    sections_open_at,
)
from solar175.replay_warnings import zone_missing
from solar175.sections import events_in_play, switches_on
from solar175.state import GameResult, NextGame, ReplayedGame
from solar175.table import nothing_entered

# The stale-edit message lists at most this many of the other editor's changes.
MAX_CHANGES_SHOWN = 12


def get_game(campaign: Campaign, number: int) -> Game:
    return get_object_or_404(Game, campaign=campaign, number=number)


def entry_of(game: Game) -> ReplayedGame:
    """The replay's entry for a game already read (its `replay_entry` and `result`)."""
    if not game.replay_entry:
        raise Http404(f"No game {game.number} in this campaign's replay.")
    return join_entry(game.replay_entry, game.result)


def _corporation_options(corporations: list[Corporation]) -> list[CorporationOption]:
    return [
        CorporationOption(c.key, c.name, c.css_colour or DEFAULT_COLOUR, c.power)
        for c in corporations
    ]


def _game_forms(page: Page, *, entry: NextGame | ReplayedGame, game: Game | None, data=None):
    """The wizard's table form with the game's derived rules fixed, and the campaign facts.

    `entry` is the replay's word on the game: `next_game` for a new one, the game's own
    `games[]` entry for an edit (the rules that were in force then). Names, ships and
    locations are the campaign's box applied (`page.names`).
    """
    campaign, corporations, names = page.campaign, page.corporations, page.names
    options = megastructure_choices(
        list(entry.megastructure_options), game.megastructure if game is not None else ""
    )
    unlocked = sections_open_at(
        ((u.section, u.game) for u in page.state.unlocked_sections),
        game.number if game is not None else None,
    )
    # The switches in play when the game was played; for the next game, the replay's.
    switches = page.state.next_game.switches if game is None else switches_on(unlocked)
    facts = GameFactsForm(
        data,
        prefix="game",
        events=events_in_play(unlocked),
        initial=(GameFactsForm.initial_for(game) if game is not None else {"number": entry.number}),
        megastructures=[(key, names.megastructure(key)) for key in options],
        # The debt boxes only: AI players never borrow from the Bank of Yurushi (#8).
        corporations=[(c.key, c.name) for c in corporations if not c.ai],
        debt=debt_boxes_in_play(switches) or bool(game and game.debt_marks),
        debt_rows=names.debt_boxes,
    )
    chosen = facts["megastructure"].value() or ""
    if chosen == NONE_BUILT:
        chosen = ""
    rules = rules_in_force(entry.rules.to_dict(), campaign.house().to_table_rules())
    fixed: dict[str, Any] = {"rules": rules, "incumbent_party": entry.incumbent_party}
    # The zone of the Megastructure Location Token: one the game stated is its own fact (shown
    # for the group to keep or change); else the zone of the location card the box places the
    # megastructure on (shown, not asked); else the group must state it (docs/campaign-file.md).
    stated = stated_zone(game)
    # Read whatever is chosen, so the page's queries do not depend on the choice.
    located = names.megastructure_zones.get(chosen)
    if stated is None and located is not None:
        fixed["megastructure_zone"] = located
    if game is not None:
        table = dict(game.table)
        if stated is not None:
            table["megastructure_zone"] = stated
    else:
        # Order of play from the setup sheet's first player (the last game's winner).
        powers = {c.key: c.power for c in corporations}
        table = {"players": opening_players(order_of_play(campaign, corporations), powers)}
    table_form = TableForm(
        data,
        table=table,
        fixed=fixed,
        corporations=_corporation_options(corporations),
        unlocked_sections=frozenset(unlocked),
        catalogue=names,
        located_zone=located,
        zone_required=bool(chosen),
        # Stored by an earlier version with no zone (docs/upgrading.md): an edit of anything
        # else keeps it so; the same megastructure may be saved without one.
        zone_unrecorded=(
            game is not None
            and bool(chosen)
            and chosen == game.megastructure
            and isinstance(entry, ReplayedGame)
            and zone_missing(entry.megastructure, entry.megastructure_zone)
        ),
        ship_cards=True,
    )
    return table_form, facts


def stated_zone(game: Game | None) -> int | None:
    """The megastructure zone a game states itself (its own, or its table's): a fact of it."""
    return None if game is None else game_entry.stated_zone(game.megastructure_zone, game.table)


CITY_CHOICE = "city_choice"


def _city_question(page: Page, table_form: TableForm, facts: GameFactsForm, game: Game) -> dict:
    """The city's facts this edit saves: unchanged, or the group's answer when the edit
    changes the winner of a game whose city is named (docs/replay.md "cities").

    The winner named the city on the card; a name already kept through an earlier change of
    winner (`city_named_by`) stays with its namer. Otherwise the group chooses: keep the name
    and its namer as written, or let the new winner name a city (the checklist then asks).
    Without an answer, `None` and the question is added to `facts`.
    """
    kept = {"city_location": game.city_location, "city_name": game.city_name}
    if not game.city_name or game.city_named_by:
        return kept
    entry = game.entry()
    namer = (entry.city and entry.city.corporation) or entry.winner if entry else None
    winner = table_form.score().winner
    if not city_changes_namer(namer, winner):
        return kept
    corps = page.corps

    def name(key: str) -> str:
        return corps[key].name if key in corps else key

    # Translators: a city's name, then the location card it is on.
    city = _("%(city)s (%(location)s)") % {"city": game.city_name, "location": game.city_location}
    said = CityChoiceForm(facts.data, prefix=facts.prefix)
    answer = said.cleaned_data[CITY_CHOICE] if said.is_valid() else ""
    question = _(
        "This change makes %(winner)s the winner of game %(number)s, which %(namer)s won when "
        "naming %(city)s. What happens to the city?"
    ) % {"winner": name(winner), "number": game.number, "namer": name(namer), "city": city}
    choices = [
        (
            CITY_KEEP,
            _("Keep %(city)s, named by %(namer)s, as written on the card")
            % {"city": game.city_name, "namer": name(namer)},
        ),
        (
            CITY_RENAME,
            _(
                "Let %(winner)s, the new winner, name a city instead (%(city)s is removed; the "
                "checklist asks for the new name)"
            )
            % {"winner": name(winner), "city": game.city_name},
        ),
    ]
    facts.helper.layout.fields.insert(
        0,
        Partial(
            "campaign/_city_question.html",
            question=question,
            choices=choices,
            name=facts.add_prefix(CITY_CHOICE),
            answer=answer,
        ),
    )
    if answer == CITY_KEEP:
        return kept | {"city_named_by": namer}
    if answer == CITY_RENAME:
        return {"city_location": "", "city_name": "", "city_named_by": ""}
    if not said.is_valid():
        facts.add_error(None, refusal(said))
    facts.add_error(
        None,
        _(
            "The winner of game %(number)s changes: say below whether %(city)s keeps its name "
            "and its namer. Nothing is saved until you answer."
        )
        % {"number": game.number, "city": city},
    )
    return None


def _save_game(
    page: Page,
    table_form: TableForm,
    facts: GameFactsForm,
    game: Game | None,
    expected_version: int | None,
    city: dict | None = None,
) -> Game:
    data = facts.cleaned_data
    # A new game is the game its form was drawn for ("Enter game 6"), or none.
    expected_number = data["number"] if game is None else None
    if game is None and expected_number is None:
        raise CampaignError("number", "this form does not say which game it enters: reload it")
    table = table_form.to_table(include_fixed=False)
    # A zone the group stated is the game's own `megastructure_zone` (one place for that
    # fact); none stated, the game follows where the box places its megastructure.
    table.pop("megastructure_zone", None)
    # A new game never drops an open draft of it without a word (live.actions.discards).
    save = (
        actions.save_game
        if game is not None
        else partial(save_over_draft, discard=DiscardDraftForm(page.request.POST).token())
    )
    return save(
        page.campaign,
        table=table,
        played_on=data["played_on"],
        megastructure=data["megastructure"],
        megastructure_zone=table_form.stated_zone(),
        neds_sold_out=data["neds_sold_out"],
        census_completed=data["census_completed"],
        megastructure_repairs_completed=data["megastructure_repairs_completed"],
        **(
            city
            or {
                "city_location": game.city_location if game else "",
                "city_name": game.city_name if game else "",
            }
        ),
        debt_marks=facts.debt_marks(),
        notes=data["notes"],
        game=game,
        expected_version=expected_version,
        expected_number=expected_number,
        user=page.request.user,
    )


def move_range(campaign: Campaign) -> tuple[int, int]:
    """The numbers a game can move to: the log's first game (after an opening snapshot) to
    its last."""
    last = campaign.games.aggregate(last=Max("number"))["last"]
    first = first_game_number(campaign.opening)
    return (first, last) if last is not None else (first, first)


def _game_page(
    page: Page,
    table_form: TableForm,
    facts: GameFactsForm,
    *,
    game: Game | None,
    number: int,
    status: int = 200,
    taken: actions.GameNumberTaken | None = None,
) -> HttpResponse:
    """The scoring wizard's own page, with the campaign's facts as its game form; `taken`: a
    refused second game with this number (the game saved first is shown beside the form)."""
    campaign = page.campaign
    if game is None:
        title = _("Game %(number)s · %(campaign)s") % {"number": number, "campaign": campaign.name}
        action = reverse("campaign:game_add", args=[campaign.slug])
    else:
        title = _("Edit game %(number)s · %(campaign)s") % {
            "number": number,
            "campaign": campaign.name,
        }
        action = reverse("campaign:game_edit", args=[campaign.slug, game.number])
    context = {
        "campaign": campaign,
        "table_form": table_form,
        "game_form": facts,
        "sheet": live_sheet(table_form),
        "title": title,
        "form_action": action,
        "preview_url": reverse("campaign:game_preview", args=[campaign.slug]),
        "cancel_url": reverse("campaign:games", args=[campaign.slug]),
        "taken_game": _taken_game(page, taken) if taken else None,
        "draft_in_the_way": draft_in_the_way(page) if game is None else None,
    }
    if game is not None:
        first, last = move_range(campaign)
        if last > first:
            context.update(
                move_url=reverse("campaign:game_move", args=[campaign.slug, game.number]),
                move_first=first,
                move_last=last,
            )
    if page.request.htmx and "refresh" in page.request.POST:
        return page.render(context, template="scoring/wizard.html#wizard-body")
    return page.render(context, status=status)


@campaign_access(PLAYER, methods=("GET", "POST"))
@page_frame("scoring/wizard.html", "games")
def game_add(page: Page) -> HttpResponse:
    """Enter the next game through the scoring wizard, the campaign's rules fixed."""
    request, campaign, state = page.request, page.campaign, page.state
    if state.campaign_over:
        messages.info(request, _("The campaign is over: a Type VI megastructure has been built."))
        return redirect("campaign:dashboard", slug=campaign.slug)
    entry = state.next_game
    data = request.POST if request.method == "POST" else None
    table_form, facts = _game_forms(page, entry=entry, game=None, data=data)
    status = 200
    number = entry.number
    taken = None
    if data is not None and "refresh" not in data:
        valid = table_form.is_valid() & facts.is_valid() & _discard_box_read(data, facts)
        if valid and nothing_entered(table_form.state) and not facts.cleaned_data["confirm_empty"]:
            facts.ask_empty()
        elif valid:
            try:
                game = _save_game(page, table_form, facts, None, None)
            except actions.GameNumberTaken as refused:
                taken, number = refused, refused.next_number
                _explain_taken(facts, refused)
            except DraftInTheWay as refused:
                # The page says who typed what in it and asks (`draft_in_the_way`); the top of
                # the page says first that nothing was saved, and why.
                messages.error(request, _not_saved_over_draft(refused, DiscardDraftForm(data)))
            except CampaignError as error:
                facts.add_error(None, error_sentence(error, page.campaign))
            else:
                messages.success(
                    request,
                    _("Game %(number)s saved: now the checklist.") % {"number": game.number},
                )
                return redirect("campaign:checklist", slug=campaign.slug, number=game.number)
        status = 400
    return _game_page(page, table_form, facts, game=None, number=number, status=status, taken=taken)


def _discard_box_read(data, facts: GameFactsForm) -> bool:
    """Whether the save's "discard the draft" box sent nothing or a token of this app; else
    its sentence above the form, and nothing is saved."""
    box = DiscardDraftForm(data)
    if box.is_valid():
        return True
    facts.add_error(None, refusal(box))
    return False


def _not_saved_over_draft(refused: DraftInTheWay, box: DiscardDraftForm) -> str:
    """The sentence at the top of a one-phone save refused over an open draft of that game."""
    values = {"number": refused.number, "draft": translated(refused.sentence)}
    if box.token():
        # Translators: %(draft)s says who typed what in the draft.
        said = _(
            "Not saved: game %(number)s is being entered together and its draft holds values. "
            "%(draft)s Someone typed in it after this page showed it: look at it again before "
            "you discard it. Continue it together, or tick “Discard the draft of game "
            "%(number)s” below and save again."
        )
    else:
        said = _(
            "Not saved: game %(number)s is being entered together and its draft holds values. "
            "%(draft)s Continue it together, or tick “Discard the draft of game %(number)s” "
            "below and save again."
        )
    return said % values


def draft_in_the_way(page: Page) -> dict[str, Any] | None:
    """The open draft of the game this page enters, when it holds values: who typed what,
    where to continue it, and what the save's "discard it" box sends (docs/seats.md)."""
    found = (
        GameDraft.objects.filter(campaign=page.campaign, number=next_number(page.campaign))
        .select_related("shared_by")
        .first()
    )
    if found is None:
        return None
    sentence, holds_values = draft_words(found)
    if not holds_values:
        return None
    return {
        "number": found.number,
        "sentence": sentence,
        "confirm": confirm_token(found),
        "checked": DiscardDraftForm(page.request.POST).token() == confirm_token(found),
        "continue_url": reverse("campaign:draft", args=[page.campaign.slug]),
    }


def _explain_taken(facts: GameFactsForm, taken: actions.GameNumberTaken) -> None:
    """Keep the person's entries, show the game saved first, and offer the next number."""
    message = str(translated(taken.message))
    facts.add_error(None, f"{message[:1].upper()}{message[1:]}.")
    facts.add_error(
        None,
        _(
            "Compare it with the game %(number)s shown here. If yours is the same game, there is "
            "nothing to do (Cancel). If it is another game, save again: it becomes game "
            "%(next)s."
        )
        % {"number": taken.number, "next": taken.next_number},
    )
    facts.set_hidden(number=taken.next_number)


def _taken_game(page: Page, taken: actions.GameNumberTaken) -> dict[str, Any] | None:
    """The game saved first under the refused number: who saved it, when, its scores."""
    game = taken.game
    if game is None:
        return None
    corps = page.corps
    players = sorted((game.result or {}).get("players", []), key=lambda p: p.get("rank", 0))
    return {
        "game": game,
        "saved_by": game.created_by,
        "scores": [
            {
                "name": corps[p["corporation"]].name if p["corporation"] in corps else "?",
                "total": p.get("total"),
                "rank": p.get("rank"),
            }
            for p in players
        ],
        "url": reverse("campaign:checklist", args=[page.campaign.slug, game.number]),
        "next_number": taken.next_number,
    }


@campaign_access(PLAYER, methods=("GET", "POST"))
@page_frame("scoring/wizard.html", "games")
def game_edit(page: Page, number: int) -> HttpResponse:
    """Correct a game: the wizard prefilled; the replay re-derives everything after it."""
    request, campaign = page.request, page.campaign
    game = get_game(campaign, number)
    entry = entry_of(game)
    data = request.POST if request.method == "POST" else None
    table_form, facts = _game_forms(page, entry=entry, game=game, data=data)
    status = 200
    if data is None:
        facts.initial["original"] = json.dumps(snapshot(game))
    elif "refresh" not in data:
        valid = table_form.is_valid() & facts.is_valid()
        city = _city_question(page, table_form, facts, game) if valid else None
        if valid and city is not None:
            try:
                saved = _save_game(
                    page, table_form, facts, game, facts.cleaned_data["expected_version"], city
                )
            except actions.StaleGameError as stale:
                _explain_stale(facts, stale)
            except CampaignError as error:
                facts.add_error(None, error_sentence(error, page.campaign))
            else:
                messages.success(
                    request,
                    _("Game %(number)s saved. What it changed: %(changes)s.")
                    % {"number": number, "changes": translated(sentence(saved.downstream))}
                    if saved.downstream
                    else _("Game %(number)s saved; no result changed.") % {"number": number},
                )
                return redirect("campaign:checklist", slug=campaign.slug, number=number)
        status = 400
    return _game_page(page, table_form, facts, game=game, number=number, status=status)


def _explain_stale(facts: GameFactsForm, stale: actions.StaleGameError) -> None:
    """Keep the editor's entries, say what the other editor changed, and let a second save
    (knowingly) replace their version."""
    unreadable = None
    try:
        before = parse_json_text(facts.cleaned_data.get("original") or "{}")
    except JsonInputError as error:
        before, unreadable = {}, error
    now = snapshot(stale.game)
    # `original` is the page's own hidden copy of the game; anything else in it says nothing.
    if not isinstance(before, dict) or set(before) - set(now):
        before = {}
    values = {
        "number": stale.game.number,
        "name": stale.game.updated_by,
        "version": stale.game.version,
    }
    if stale.game.updated_by_id:
        said = _(
            "Game %(number)s was saved by %(name)s while you were editing it (now version "
            "%(version)s). Nothing of yours was saved; your entries are kept below. Save again "
            "to replace their version with yours."
        )
    else:
        said = _(
            "Game %(number)s was saved while you were editing it (now version %(version)s). "
            "Nothing of yours was saved; your entries are kept below. Save again to replace "
            "their version with yours."
        )
    facts.add_error(None, said % values)
    # The history's own words for what changed ("credits of Purple corporation 10 → 8").
    try:
        changes = (
            real_differences(before, now, downstream_words(stale.game.campaign)) if before else []
        )
    except (TypeError, ValueError, KeyError, AttributeError):
        changes = []  # a hand-made `original` of the wrong shape: nothing to compare
    if unreadable:
        facts.add_error(
            None,
            # Translators: %(problem)s says what is wrong with the copy ("is not JSON: ...").
            _(
                "What they changed cannot be listed: this page's copy of the game as you first "
                "saw it %(problem)s."
            )
            % {"problem": translated(_said(unreadable))},
        )
    for change in changes[:MAX_CHANGES_SHOWN]:
        facts.add_error(None, _("They changed %(change)s") % {"change": translated(change)})
    if len(changes) > MAX_CHANGES_SHOWN:
        more = len(changes) - MAX_CHANGES_SHOWN
        facts.add_error(
            None,
            ngettext("… and %(count)s more change.", "… and %(count)s more changes.", more)
            % {"count": more},
        )
    facts.set_hidden(expected_version=stale.game.version, original=json.dumps(now))


def _said(error: Exception) -> Any:
    """An error's sentence (a rule's `Sentence` kept, to be said in the reader's language)."""
    if len(error.args) == 1 and isinstance(error.args[0], str):
        return error.args[0]
    return str(error)


@campaign_access(PLAYER, methods=("POST",))
@page_frame("scoring/wizard.html", "games")
def game_preview(page: Page) -> HttpResponse:
    """The htmx live result of the game being entered, with the campaign's fixed rules."""
    which = GamePreviewForm(page.request.POST, prefix="game")
    if not which.is_valid():
        return HttpResponse(refusal(which), status=400, content_type="text/plain; charset=utf-8")
    number = which.cleaned_data["number"]
    game = page.campaign.games.filter(number=number).first() if number is not None else None
    entry = entry_of(game) if game is not None else page.state.next_game
    table_form, _facts = _game_forms(page, entry=entry, game=game, data=page.request.POST)
    return render_live_result(page.request, table_form)


@campaign_access(PLAYER, methods=("GET", "POST"))
@page_frame("campaign/game_confirm_delete.html", "games")
def game_delete(page: Page, number: int) -> HttpResponse:
    request, campaign = page.request, page.campaign
    game = get_game(campaign, number)
    error = None
    form = DeleteGameForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and not form.is_valid():
        error = _("%(problem)s Nothing was deleted: reload this page.") % {"problem": refusal(form)}
    elif request.method == "POST":
        try:
            actions.delete_game(
                game, expected_version=form.cleaned_data["version"], user=request.user
            )
        except actions.StaleGameError as stale:
            game = stale.game
            if stale.game.updated_by_id:
                error = _(
                    "Game %(number)s was saved by %(name)s while this page was open: nothing was "
                    "deleted. Look at it again; delete it here if it should still go."
                ) % {"number": number, "name": stale.game.updated_by}
            else:
                error = _(
                    "Game %(number)s was saved while this page was open: nothing was deleted. "
                    "Look at it again; delete it here if it should still go."
                ) % {"number": number}
        except CampaignError as exc:
            error = error_sentence(exc, page.campaign)
        else:
            messages.success(
                request,
                format_html(
                    _(
                        "Game {number} deleted; the campaign was replayed. You can undo this "
                        'from the <a href="{url}">History page</a>.'
                    ),
                    number=number,
                    url=reverse("history:list", args=[campaign.slug]),
                ),
            )
            return redirect("campaign:games", slug=campaign.slug)
    return page.render(page.context(game=game, error=error), status=400 if error else 200)


@campaign_access(PLAYER, methods=("POST",))
def game_move(page: Page, number: int) -> HttpResponse:
    """Put a game at another place in the log (the edit page's "Move to game number"); the
    games in between close up and the campaign is replayed. Answers with a redirect: back to
    the edit page with a sentence when the number is wrong or the replay refuses."""
    request, campaign = page.request, page.campaign
    game = get_game(campaign, number)
    first, last = move_range(campaign)
    form = MoveGameForm(request.POST, first=first, last=last)
    back = redirect("campaign:game_edit", slug=campaign.slug, number=number)
    if not form.is_valid():
        messages.error(request, _("%(problem)s Nothing moved.") % {"problem": refusal(form)})
        return back
    new_number = form.cleaned_data["move-to"]
    if new_number == number:
        messages.info(
            request,
            _("Game %(number)s is already game %(number)s: nothing moved.") % {"number": number},
        )
        return back
    try:
        actions.move_game(
            game,
            new_number,
            expected_version=form.cleaned_data["game-expected_version"],
            user=request.user,
        )
    except actions.StaleGameError as stale:
        if stale.game.updated_by_id:
            said = _(
                "Game %(number)s was not moved: it was saved by %(name)s while you had it open. "
                "Here it is as it is now."
            ) % {"number": number, "name": stale.game.updated_by}
        else:
            said = _(
                "Game %(number)s was not moved: it was saved while you had it open. Here it is "
                "as it is now."
            ) % {"number": number}
        messages.error(request, said)
        return back
    except CampaignError as error:
        messages.error(
            request,
            _("Game %(number)s was not moved. %(problem)s")
            % {"number": number, "problem": error_sentence(error, page.campaign)},
        )
        return back
    messages.success(
        request,
        format_html(
            _(
                "Game {number} is now game {new_number}; the campaign was replayed. You can undo "
                'this from the <a href="{url}">History page</a>.'
            ),
            number=number,
            new_number=new_number,
            url=reverse("history:list", args=[campaign.slug]),
        ),
    )
    return redirect("campaign:games", slug=campaign.slug)


@campaign_access(READER)
def game_bgstats(page: Page, number: int) -> HttpResponse:
    """Send a saved game to BG Stats: a redirect to its "create play" address, filled in."""
    campaign, names = page.campaign, page.names
    game = get_game(campaign, number)
    result = GameResult.from_dict(game.result)
    corps = page.corps
    seats = [
        PlaySeat(
            key=p.corporation,
            corporation=corps[p.corporation].name if p.corporation in corps else p.corporation,
            player=corps[p.corporation].player if p.corporation in corps else "",
            score=p.total,
            rank=p.rank,
        )
        for p in result.players
    ]
    previous = campaign.games.filter(number=number - 1).values_list("result", flat=True).first()
    # Setup: "Give the first player token to the player who won the last game".
    start = first_player(GameResult.from_dict(previous).winner, (seat.key for seat in seats))
    election = result.election
    party = {"party": names.party(election.winner)}
    comments = [
        _("Election: %(party)s (overthrown by the Celestial Rebellion).") % party
        if election.overthrown
        else _("Election: %(party)s.") % party
    ]
    if game.megastructure:
        comments.append(
            _("Megastructure built: %(megastructure)s.")
            % {"megastructure": names.megastructure(game.megastructure)}
        )
    if game.city_name:
        comments.append(
            _("City named: %(city)s on %(location)s.")
            % {"city": game.city_name, "location": game.city_location}
        )
    play = bgstats_play(
        campaign_slug=campaign.slug,
        campaign_name=campaign.name,
        number=number,
        played_on=game.played_on.isoformat(),
        seats=seats,
        winner=result.winner or "",
        start_player=start,
        comments=comments,
    )
    return HttpResponseRedirect(create_play_url(play))
