"""Campaign pages: list, new campaign, dashboard, game log, checklist, trackers, elections, cities.

Pages read two caches the replay wrote (`Campaign.state`, `Game.result`), so each answers in
a constant number of queries however long the campaign; they write only through
`campaign.actions`. No rules here: views join the catalogue's names onto the replay's output.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import F, Max, OuterRef, Subquery
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.actions import add_owner
from campaign import actions, campaign_io
from campaign.access import (
    campaign_for_owner,
    campaign_for_player,
    campaign_for_public,
    campaign_for_reader,
)
from campaign.actions import StaleGameError
from campaign.actions.games import snapshot
from campaign.forms import (
    CampaignFileForm,
    CampaignForm,
    CityForm,
    GameFactsForm,
    OpeningForm,
    PowerForm,
    corporation_formset,
    count_filled,
)
from campaign.models import Campaign, Corporation, Game, join_entry
from campaign.page_cache import page_body
from scoring.catalogue import CorporationOption
from scoring.models import (
    Award,
    CorporationColour,
    Location,
    Megastructure,
    Party,
    PlayerPower,
    TrackerSection,
)
from scoring.wizard.sheet import render_live_result, score_sheet
from scoring.wizard.steps import POWER_BONUS_IP
from scoring.wizard.table_form import TableForm
from solar175.campaign_file import CampaignError
from solar175.differences import real_differences
from solar175.sections import sections_by_number, switches_on
from solar175.table import parse_table

# Section #8 brings the tracker cards with the Bank of Yurushi debt boxes.
DEBT_BOXES_SWITCH = "new_tracker_cards"
MAX_CHANGES_SHOWN = 12
# Section #7 Variable Player Powers: each corporation picks one, the game's winner first.
POWERS_SECTION = 7
POWERS_SWITCH = "player_powers"

MIN_CORPORATIONS = 2
# Election counters that drive events (RULES-NOTES §2): #13, #25, #26.
ELECTION_COUNTERS = (
    ("workers_union", "wins", 5, 13),
    ("celestial_rebellion", "overthrows", 5, 25),
    ("brave_new_dawn", "wins", 8, 26),
)


# --- lookups -----------------------------------------------------------------------------


def _corporations(campaign: Campaign) -> list[Corporation]:
    """The campaign's corporations with their colour's CSS value, in one query."""
    colour = CorporationColour.objects.filter(key=OuterRef("key")).values("css_colour")[:1]
    return list(campaign.corporations.annotate(css_colour=Subquery(colour)))


def _by_key(corporations: list[Corporation]) -> dict[str, Corporation]:
    return {corp.key: corp for corp in corporations}


def _party_names() -> dict[str, str]:
    return dict(Party.objects.values_list("key", "name"))


def _megastructure_names() -> dict[str, str]:
    return dict(Megastructure.objects.values_list("key", "name"))


def _award_names() -> dict[tuple[str, str], str]:
    return {(a.section_id, a.tier): a.name for a in Award.objects.all()}


def _section_names() -> dict[str, str]:
    return dict(TrackerSection.objects.values_list("key", "name"))


def _colours() -> list[tuple[str, str]]:
    return list(CorporationColour.objects.values_list("key", "name"))


def _frame(campaign: Campaign, active: str) -> dict:
    """What every campaign page renders around its body: the campaign, its state, its
    navigation; no query. On the public page (`campaign.public_token`) the navigation holds
    only the public pages: no sections, no setup sheet, nothing locked."""
    public = getattr(campaign, "public_token", None)
    return {
        "campaign": campaign,
        "state": campaign.state or {},
        "active": active,
        "public": public,
    }


def _page(request: HttpRequest, campaign: Campaign, active: str, **context: Any) -> dict:
    """The context every campaign page shares: the frame and the campaign's corporations."""
    corporations = context.pop("corporations", None)
    if corporations is None:
        corporations = _corporations(campaign)
    return {
        **_frame(campaign, active),
        "corporations": corporations,
        "corps": _by_key(corporations),
        **context,
    }


def _cached_page(
    request: HttpRequest,
    campaign: Campaign,
    template_name: str,
    active: str,
    build: Callable[[], dict],
    *,
    variant: str = "",
) -> HttpResponse:
    """A campaign page whose body (the template's `body` partial) is rendered from `build()`
    once per change of the campaign and then read from the cache (campaign.page_cache);
    only the frame around it is rendered for each request."""
    body = page_body(campaign, f"{template_name}#body", build, variant=variant)
    return render(request, template_name, {**_frame(campaign, active), "body": body})


# --- campaigns ---------------------------------------------------------------------------


@login_required
@require_GET
def campaign_list(request: HttpRequest) -> HttpResponse:
    """The campaigns this person is a member of, with their role in each."""
    campaigns = (
        Campaign.objects.filter(memberships__user=request.user)
        .annotate(member_role=F("memberships__role"))
        .only("name", "slug", "state", "created_at")
    )
    return render(request, "campaign/campaign_list.html", {"campaigns": campaigns})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create(request: HttpRequest) -> HttpResponse:
    colours = _colours()
    data = request.POST if request.method == "POST" else None
    form = CampaignForm(data)
    formset = corporation_formset(data, colours=colours)
    if request.method == "POST":
        valid = form.is_valid() & formset.is_valid()
        if valid and count_filled(formset) < MIN_CORPORATIONS:
            formset._non_form_errors = formset.error_class(  # noqa: SLF001
                ["A campaign needs 2 to 5 corporations: fill in at least two rows."]
            )
            valid = False
        if valid:
            try:
                with transaction.atomic():
                    campaign = actions.create_campaign(
                        name=form.cleaned_data["name"],
                        corporations=formset.corporations(),
                        settings={
                            "second_place_rounding": form.cleaned_data["second_place_rounding"]
                        },
                        user=request.user,
                    )
                    add_owner(campaign, request.user)
            except CampaignError as error:
                form.add_error(None, _error_sentence(error))
            else:
                messages.success(request, f"Campaign “{campaign.name}” created.")
                return redirect("campaign:dashboard", slug=campaign.slug)
    return render(
        request,
        "campaign/campaign_form.html",
        {"form": form, "formset": formset, "file_form": CampaignFileForm()},
    )


def _opening_form(data=None) -> OpeningForm:
    awards = [
        {"section": a.section_id, "tier": a.tier, "name": a.name, "points": a.points}
        for a in Award.objects.select_related("section").order_by("section__order", "tier")
    ]
    return OpeningForm(
        data,
        parties=list(Party.objects.values_list("key", "name")),
        sections=list(TrackerSection.objects.values_list("key", "name")),
        awards=awards,
        megastructures=list(Megastructure.objects.values_list("key", "name")),
        locations=[
            (name, name)
            for name in Location.objects.filter(base_location=True).values_list("name", flat=True)
        ],
    )


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create_midway(request: HttpRequest) -> HttpResponse:
    """A group that starts using the app mid-campaign: the state after their last game."""
    colours = _colours()
    data = request.POST if request.method == "POST" else None
    form = CampaignForm(data)
    formset = corporation_formset(data, colours=colours)
    opening_form = _opening_form(data)
    if request.method == "POST":
        valid = form.is_valid() & formset.is_valid() & opening_form.is_valid()
        if valid and count_filled(formset) < MIN_CORPORATIONS:
            formset._non_form_errors = formset.error_class(  # noqa: SLF001
                ["A campaign needs 2 to 5 corporations: fill in at least two rows."]
            )
            valid = False
        if valid:
            corporations = formset.corporations()
            try:
                opening = opening_form.opening([c["key"] for c in corporations])
            except Exception:  # noqa: BLE001 - the form has named the field
                opening = None
            if opening is not None:
                try:
                    with transaction.atomic():
                        campaign = actions.create_campaign(
                            name=form.cleaned_data["name"],
                            corporations=corporations,
                            settings={
                                "second_place_rounding": form.cleaned_data["second_place_rounding"]
                            },
                            opening=opening,
                            user=request.user,
                        )
                        add_owner(campaign, request.user)
                except CampaignError as error:
                    opening_form.add_error(None, _error_sentence(error))
                else:
                    messages.success(request, f"Campaign “{campaign.name}” created.")
                    return redirect("campaign:dashboard", slug=campaign.slug)
    return render(
        request,
        "campaign/campaign_midway.html",
        {"form": form, "formset": formset, "opening_form": opening_form},
    )


@login_required
@require_POST
def campaign_import(request: HttpRequest) -> HttpResponse:
    file_form = CampaignFileForm(request.POST, request.FILES)
    if file_form.is_valid():
        # The form has checked the size and parsed the JSON (CampaignFileForm.clean_file).
        data = file_form.cleaned_data["file"]
        try:
            with transaction.atomic():
                campaign = actions.import_campaign(data, user=request.user)
                add_owner(campaign, request.user)
        except CampaignError as error:
            file_form.add_error("file", str(error))
        else:
            messages.success(request, f"Campaign “{campaign.name}” imported.")
            return redirect("campaign:dashboard", slug=campaign.slug)
    return render(
        request,
        "campaign/campaign_form.html",
        {
            "form": CampaignForm(),
            "formset": corporation_formset(colours=_colours()),
            "file_form": file_form,
        },
        status=400,
    )


@login_required
@require_GET
def campaign_export(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_for_reader(request, slug)
    response = HttpResponse(
        campaign_io.dump_campaign(campaign), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{campaign.slug}.json"'
    return response


# --- dashboard ---------------------------------------------------------------------------


def _awards_by_corporation(state: dict) -> dict[str, list[dict]]:
    names = _award_names()
    awards: dict[str, list[dict]] = {}
    for award in state.get("awards", []):
        awards.setdefault(award["corporation"], []).append(
            {**award, "name": names.get((award["section"], award["tier"]), award["section"])}
        )
    return awards


def _standings(state: dict, corps: dict[str, Corporation]) -> list[dict]:
    awards = _awards_by_corporation(state)
    debt = state.get("debt", {})
    return [
        {
            **row,
            "corp": corps.get(row["corporation"]),
            "awards": awards.get(row["corporation"], []),
            "debt": debt.get(row["corporation"], 0),
        }
        for row in state.get("standings", [])
    ]


def _score_rows(result: dict, corps: dict[str, Corporation]) -> list[dict]:
    return [
        {**player, "corp": corps.get(player["corporation"])}
        for player in sorted(result.get("players", []), key=lambda p: p.get("rank", 0))
    ]


@login_required
@require_GET
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    return _dashboard(request, campaign_for_reader(request, slug))


def _dashboard(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    return _cached_page(
        request,
        campaign,
        "campaign/dashboard.html",
        "dashboard",
        lambda: _dashboard_body(request, campaign),
    )


def _dashboard_body(request: HttpRequest, campaign: Campaign) -> dict:
    context = _page(request, campaign, "dashboard")
    state, corps = context["state"], context["corps"]
    last_game = (
        campaign.games.order_by("-number")
        .only("campaign_id", "number", "played_on", "result")
        .first()
    )
    next_game = state.get("next_game") or {}
    megastructures = _megastructure_names()
    context.update(
        standings=_standings(state, corps),
        last_game=last_game,
        last_scores=_score_rows(last_game.result, corps) if last_game else [],
        next_game=next_game,
        parties=_party_names(),
        opening_after=(campaign.opening or {}).get("after_game"),
        credits_by_corporation=[
            (corps.get(key), credits)
            for key, credits in next_game.get("starting_credits_by_corporation", {}).items()
            if credits != next_game.get("starting_credits")
        ],
        megastructure_options=[
            (key, megastructures.get(key, key))
            for key in next_game.get("megastructure_options", [])
        ],
    )
    return context


# --- game log ----------------------------------------------------------------------------


@login_required
@require_GET
def game_log(request: HttpRequest, slug: str) -> HttpResponse:
    return _game_log(request, campaign_for_reader(request, slug))


GAME_LOG_PAGE_SIZE = 20


def _game_log(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    number = request.GET.get("page", "")
    if not (number.isdigit() and len(number) <= 4):
        number = ""  # not a page number: the first page (and not one more cache entry)
    return _cached_page(
        request,
        campaign,
        "campaign/game_log.html",
        "games",
        lambda: _game_log_body(request, campaign, number),
        variant=number,
    )


def _game_log_body(request: HttpRequest, campaign: Campaign, number: str) -> dict:
    context = _page(request, campaign, "games")
    corps = context["corps"]
    # Newest first, a page at a time, so the page costs the same however long the log.
    games = campaign.games.defer("table", "replay_entry").order_by("-number")
    page = Paginator(games, GAME_LOG_PAGE_SIZE).get_page(number)
    context.update(
        games=[
            {"game": game, "scores": _score_rows(game.result, corps), "result": game.result}
            for game in page
        ],
        page=page,
        parties=_party_names(),
        megastructures=_megastructure_names(),
    )
    return context


def _get_game(campaign: Campaign, number: int) -> Game:
    return get_object_or_404(Game, campaign=campaign, number=number)


def _error_sentence(error: CampaignError) -> str:
    """A replay refusal as the page says it: the sentence, then where, for the curious."""
    return f"{error.message[:1].upper()}{error.message[1:]} ({error.path})."


def _debt_boxes_in_play(state: dict, game: Game | None) -> bool:
    """Whether the tracker cards had debt boxes when the game was played (or will be)."""
    if game is None:
        return DEBT_BOXES_SWITCH in (state.get("next_game") or {}).get("switches", [])
    before = [u["section"] for u in state.get("unlocked_sections", []) if u["game"] < game.number]
    return DEBT_BOXES_SWITCH in switches_on(before)


def _sheet(table_form: TableForm):
    """The wizard's score sheet of a valid table form (None while it is not)."""
    if not table_form.is_valid():
        return None
    table = parse_table(table_form.to_table())
    return score_sheet(table_form.score(), table, table_form.catalogue, table_form.corporations)


def _corporation_options(corporations: list[Corporation]) -> list[CorporationOption]:
    return [CorporationOption(c.key, c.name, c.css_colour or "#888888") for c in corporations]


def _game_forms(
    request: HttpRequest,
    campaign: Campaign,
    corporations: list[Corporation],
    *,
    entry: dict,
    game: Game | None,
    data=None,
) -> tuple[TableForm, GameFactsForm]:
    """The wizard's table form with the game's derived rules fixed, and the campaign facts.

    `entry` is the replay's word on the game: `next_game` for a new one, the game's own
    `games[]` entry for an edit (the rules that were in force then).
    """
    names, zones = {}, {}
    for key, name, zone in Megastructure.objects.values_list("key", "name", "location__zone"):
        names[key], zones[key] = name, zone
    options = list(entry.get("megastructure_options") or [])
    if game is not None and game.megastructure and game.megastructure not in options:
        options.append(game.megastructure)
    facts = GameFactsForm(
        data,
        prefix="game",
        initial=(
            GameFactsForm.initial_for(game) if game is not None else {"number": entry.get("number")}
        ),
        megastructures=[(key, names.get(key, key)) for key in options],
        corporations=[(c.key, c.name) for c in corporations],
        debt=_debt_boxes_in_play(campaign.state or {}, game) or bool(game and game.debt_marks),
    )
    chosen = facts["megastructure"].value() or ""
    rules = entry.get("rules") or {
        key: entry[key]
        for key in ("zones_in_play", "celestial_rebellion", "trade_unions", "second_place_rounding")
        if key in entry
    }
    rules.setdefault("second_place_rounding", campaign.second_place_rounding)
    fixed: dict[str, Any] = {"rules": rules, "incumbent_party": entry["incumbent_party"]}
    # The megastructure's location card places the +5 presence bonus; a megastructure the
    # catalogue places nowhere leaves the zone to the group (CONTRACTS §2).
    if zones.get(chosen) is not None:
        fixed["megastructure_zone"] = zones[chosen]
    if game is not None:
        table = game.table
    else:
        # Section #7: the "+2 end game influence points" power scores every game, so a new
        # game starts with it ticked for whoever holds it.
        table = {
            "players": [
                {"corporation": c.key, "bonus_ip": POWER_BONUS_IP if c.power == "extra-ip" else 0}
                for c in corporations
            ]
        }
    # Spoilers: only the fields of the sections unlocked before this game (every one so far
    # for a new game; for game N, those unlocked after an earlier game or in the opening).
    unlocked = [
        u["section"]
        for u in (campaign.state or {}).get("unlocked_sections", [])
        if game is None or u["game"] < game.number
    ]
    table_form = TableForm(
        data,
        table=table,
        fixed=fixed,
        corporations=_corporation_options(corporations),
        unlocked_sections=frozenset(unlocked),
    )
    return table_form, facts


def _save_game(
    request: HttpRequest,
    campaign: Campaign,
    table_form: TableForm,
    facts: GameFactsForm,
    game: Game | None,
    expected_version: int | None,
) -> Game:
    data = facts.cleaned_data
    return actions.save_game(
        campaign,
        table=table_form.to_table(include_fixed=False),
        played_on=data["played_on"],
        megastructure=data["megastructure"],
        neds_sold_out=data["neds_sold_out"],
        census_completed=data["census_completed"],
        megastructure_repairs_completed=data["megastructure_repairs_completed"],
        city_location=game.city_location if game else "",
        city_name=game.city_name if game else "",
        debt_marks=facts.debt_marks(),
        notes=data["notes"],
        game=game,
        expected_version=expected_version,
        user=request.user,
    )


def _game_page(
    request: HttpRequest,
    campaign: Campaign,
    table_form: TableForm,
    facts: GameFactsForm,
    *,
    game: Game | None,
    number: int,
    status: int = 200,
) -> HttpResponse:
    """The scoring wizard's own page, with the campaign's facts as its game form."""
    if game is None:
        title = f"Game {number} · {campaign.name}"
        action = reverse("campaign:game_add", args=[campaign.slug])
    else:
        title = f"Edit game {number} · {campaign.name}"
        action = reverse("campaign:game_edit", args=[campaign.slug, game.number])
    context = {
        "campaign": campaign,
        "table_form": table_form,
        "game_form": facts,
        "sheet": _sheet(table_form),
        "title": title,
        "form_action": action,
        "preview_url": reverse("campaign:game_preview", args=[campaign.slug]),
        "cancel_url": reverse("campaign:games", args=[campaign.slug]),
    }
    if game is not None:
        first, last = _move_range(campaign)
        if last > first:
            context.update(
                move_url=reverse("campaign:game_move", args=[campaign.slug, game.number]),
                move_first=first,
                move_last=last,
            )
    if request.htmx and "refresh" in request.POST:
        return render(request, "scoring/wizard.html#wizard-body", context)
    return render(request, "scoring/wizard.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def game_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Enter the next game through the scoring wizard, the campaign's rules fixed."""
    campaign = campaign_for_player(request, slug)
    state = campaign.state or {}
    if state.get("campaign_over"):
        messages.info(request, "The campaign is over: a Type VI megastructure has been built.")
        return redirect("campaign:dashboard", slug=campaign.slug)
    corporations = _corporations(campaign)
    entry = state.get("next_game") or {}
    data = request.POST if request.method == "POST" else None
    table_form, facts = _game_forms(
        request, campaign, corporations, entry=entry, game=None, data=data
    )
    status = 200
    if data is not None and "refresh" not in data:
        if table_form.is_valid() & facts.is_valid():
            try:
                game = _save_game(request, campaign, table_form, facts, None, None)
            except CampaignError as error:
                facts.add_error(None, _error_sentence(error))
            else:
                messages.success(request, f"Game {game.number} saved: now the checklist.")
                return redirect("campaign:checklist", slug=campaign.slug, number=game.number)
        status = 400
    return _game_page(
        request,
        campaign,
        table_form,
        facts,
        game=None,
        number=entry.get("number", 1),
        status=status,
    )


@login_required
@require_http_methods(["GET", "POST"])
def game_edit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Correct a game: the wizard prefilled; the replay re-derives everything after it."""
    campaign = campaign_for_player(request, slug)
    game = _get_game(campaign, number)
    corporations = _corporations(campaign)
    entry = _entry_of(game)
    data = request.POST if request.method == "POST" else None
    table_form, facts = _game_forms(
        request, campaign, corporations, entry=entry, game=game, data=data
    )
    status = 200
    if data is None:
        facts.initial["original"] = json.dumps(snapshot(game))
    elif "refresh" not in data:
        if table_form.is_valid() & facts.is_valid():
            try:
                _save_game(
                    request,
                    campaign,
                    table_form,
                    facts,
                    game,
                    facts.cleaned_data["expected_version"],
                )
            except StaleGameError as stale:
                _explain_stale(facts, stale)
            except CampaignError as error:
                facts.add_error(None, _error_sentence(error))
            else:
                messages.success(request, f"Game {number} saved; the campaign was replayed.")
                return redirect("campaign:checklist", slug=campaign.slug, number=number)
        status = 400
    return _game_page(request, campaign, table_form, facts, game=game, number=number, status=status)


def _explain_stale(facts: GameFactsForm, stale: StaleGameError) -> None:
    """Keep the editor's entries, say what the other editor changed, and let a second save
    (knowingly) replace their version."""
    try:
        before = json.loads(facts.cleaned_data.get("original") or "{}")
    except ValueError:
        before = {}
    now = snapshot(stale.game)
    who = f" by {stale.game.updated_by}" if stale.game.updated_by_id else ""
    facts.add_error(
        None,
        f"Game {stale.game.number} was saved{who} while you were editing it (now version "
        f"{stale.game.version}). Nothing of yours was saved; your entries are kept below. "
        "Save again to replace their version with yours.",
    )
    # The history's own words for what changed ("credits of purple 10 → 8").
    changes = real_differences(before, now) if before else []
    for change in changes[:MAX_CHANGES_SHOWN]:
        facts.add_error(None, f"They changed {change}")
    if len(changes) > MAX_CHANGES_SHOWN:
        facts.add_error(None, f"… and {len(changes) - MAX_CHANGES_SHOWN} more changes.")
    facts.set_hidden(expected_version=stale.game.version, original=json.dumps(now))


def _int_or_none(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
@require_POST
def game_preview(request: HttpRequest, slug: str) -> HttpResponse:
    """The htmx live result of the game being entered, with the campaign's fixed rules."""
    campaign = campaign_for_player(request, slug)
    corporations = _corporations(campaign)
    state = campaign.state or {}
    number = _int_or_none(request.POST.get("game-number"))
    game = campaign.games.filter(number=number).first() if number is not None else None
    entry = _entry_of(game) if game is not None else state.get("next_game") or {}
    table_form, _ = _game_forms(
        request, campaign, corporations, entry=entry, game=game, data=request.POST
    )
    return render_live_result(request, table_form)


@login_required
@require_http_methods(["GET", "POST"])
def game_delete(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    campaign = campaign_for_player(request, slug)
    game = _get_game(campaign, number)
    error = None
    if request.method == "POST":
        try:
            actions.delete_game(game, user=request.user)
        except CampaignError as exc:
            error = _error_sentence(exc)
        else:
            messages.success(
                request,
                format_html(
                    "Game {} deleted; the campaign was replayed. You can undo this from the "
                    '<a href="{}">History page</a>.',
                    number,
                    reverse("history:list", args=[campaign.slug]),
                ),
            )
            return redirect("campaign:games", slug=campaign.slug)
    context = _page(request, campaign, "games", game=game, error=error)
    return render(
        request, "campaign/game_confirm_delete.html", context, status=400 if error else 200
    )


def _move_range(campaign: Campaign) -> tuple[int, int]:
    """The numbers a game can move to: the log's first game (after an opening snapshot) to
    its last."""
    last = campaign.games.aggregate(last=Max("number"))["last"]
    opening = campaign.opening or {}
    first = opening.get("after_game", opening.get("games_played", 0)) + 1
    return (first, last) if last is not None else (first, first)


@login_required
@require_POST
def game_move(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Put a game at another place in the log (the edit page's "Move to game number"); the
    games in between close up and the campaign is replayed. Answers with a redirect: back to
    the edit page with a sentence when the number is wrong or the replay refuses."""
    campaign = campaign_for_player(request, slug)
    game = _get_game(campaign, number)
    first, last = _move_range(campaign)
    new_number = _int_or_none(request.POST.get("move-to", "").strip())
    back = redirect("campaign:game_edit", slug=campaign.slug, number=number)
    if new_number is None or not first <= new_number <= last:
        messages.error(
            request, f"Move to game number: must be a whole number from {first} to {last}."
        )
        return back
    if new_number == number:
        messages.info(request, f"Game {number} is already game {number}: nothing moved.")
        return back
    try:
        actions.move_game(game, new_number, user=request.user)
    except CampaignError as error:
        messages.error(request, f"Game {number} was not moved. {_error_sentence(error)}")
        return back
    messages.success(
        request,
        format_html(
            "Game {} is now game {}; the campaign was replayed. You can undo this from the "
            '<a href="{}">History page</a>.',
            number,
            new_number,
            reverse("history:list", args=[campaign.slug]),
        ),
    )
    return redirect("campaign:games", slug=campaign.slug)


# --- post-game checklist -----------------------------------------------------------------


def _entry_of(game: Game) -> dict:
    """The replay's entry for a game already read (its `replay_entry` and `result`)."""
    if not game.replay_entry:
        raise Http404(f"No game {game.number} in this campaign's replay.")
    return join_entry(game.replay_entry, game.result)


def _free_city_locations(state: dict) -> list[tuple[str, str]]:
    """Base locations with a free naming space: the spaces printed minus the names given."""
    used: dict[str, int] = {}
    for city in state.get("cities", []):
        used[city["location"]] = used.get(city["location"], 0) + 1
    return [
        (location.name, f"{location.name} (zone {location.zone_id})")
        for location in Location.objects.filter(base_location=True, naming_spaces__gt=0)
        if used.get(location.name, 0) < location.naming_spaces
    ]


def _power_picks(state: dict, entry: dict, corporations: list[Corporation]) -> list[dict] | None:
    """Section #7 in this game: who picks a power, in the game's placing; None otherwise."""
    if POWERS_SECTION not in [u["section"] for u in entry.get("unlocked_sections", [])]:
        return None
    by_key = _by_key(corporations)
    powers = list(PlayerPower.objects.values_list("key", "name"))
    taken = {c.power for c in corporations if c.power}
    placing = [p["corporation"] for p in sorted(entry["score"]["players"], key=lambda p: p["rank"])]
    picks = []
    offered = False
    for key in placing:
        corp = by_key.get(key)
        if corp is None:
            continue
        pick = {"corp": corp, "power": dict(powers).get(corp.power, corp.power), "form": None}
        if not corp.power and not offered:
            # One at a time, in placing order: the next to choose sees what is left.
            pick["form"] = PowerForm(
                powers=[(k, name) for k, name in powers if k not in taken],
                prefix=f"power-{key}",
            )
            offered = True
        picks.append(pick)
    return picks


def _checklist_context(
    request: HttpRequest,
    campaign: Campaign,
    game: Game,
    city_form: CityForm | None = None,
    power_form: tuple[str, PowerForm] | None = None,
) -> dict:
    context = _page(request, campaign, "games")
    state, corps = context["state"], context["corps"]
    entry = _entry_of(game)
    score = entry.get("score") or game.result
    section_names = _section_names()
    award_names = _award_names()
    crossed = entry.get("boxes_crossed", {})
    tallied = entry.get("influence_tally", [])
    boxes_by_corporation = [
        {
            "corp": corp,
            "sections": [section_names.get(key, key) for key in crossed.get(corp.key, [])]
            + (["Highest influence: a tally (the section is full)"] if corp.key in tallied else []),
        }
        for corp in context["corporations"]
        if any(p["corporation"] == corp.key for p in score.get("players", []))
    ]
    awards = _award_lines(entry, score, corps, award_names, section_names)
    shipped = sections_by_number()
    # Only sections unlocked in this game are listed, so a shipped title is no spoiler here.
    unlocked = [
        {
            **unlock,
            "title": shipped[unlock["section"]].title if unlock["section"] in shipped else None,
        }
        for unlock in entry.get("unlocked_sections", [])
    ]
    locations = _free_city_locations(state)
    winner = score.get("winner")
    # A viewer sees the checklist without its forms (the views refuse their POSTs anyway).
    if city_form is None and not game.city_name and campaign.can_play:
        city_form = CityForm(locations=locations, prefix="city")
    picks = _power_picks(state, entry, context["corporations"])
    if picks and not campaign.can_play:
        for pick in picks:
            pick["form"] = None
    if picks and power_form is not None:
        for pick in picks:
            if pick["corp"].key == power_form[0]:
                pick["form"] = power_form[1]
    sections_url = reverse("unlocks:sections", kwargs={"slug": campaign.slug})
    context.update(
        game=game,
        entry=entry,
        score=score,
        winner=corps.get(winner),
        boxes_by_corporation=boxes_by_corporation,
        awards=awards,
        election_party=_party_names().get((entry.get("election") or {}).get("winner", ""), ""),
        city_form=city_form,
        city_locations=locations,
        megastructure=_megastructure_names().get(game.megastructure, game.megastructure),
        unlocked=unlocked,
        sections_url=sections_url,
        narrative_zones=_ship_zones(game.table, winner),
        power_picks=picks,
    )
    return context


def _award_lines(
    entry: dict,
    score: dict,
    corps: dict[str, Corporation],
    award_names: dict[tuple[str, str], str],
    section_names: dict[str, str],
) -> list[dict]:
    """The awards the replay handed out in this game, with why, when two completed a section
    in the same game (Campaign Scoring: most IP that game, then the end-game tie-breakers)."""
    completed: dict[str, list[str]] = {}
    for corporation, sections in entry.get("sections_completed", {}).items():
        for section in sections:
            completed.setdefault(section, []).append(corporation)
    players = {p["corporation"]: p for p in score.get("players", [])}
    lines = []
    for award in entry.get("awards", []):
        section = award["section"]
        rivals = [c for c in completed.get(section, []) if c != award["corporation"]]
        reason = ""
        if rivals:
            mine = players.get(award["corporation"], {})
            others = ", ".join(
                f"{corps[c].name if c in corps else c} ({players.get(c, {}).get('total', '?')} IP)"
                for c in rivals
            )
            reason = (
                f"{others} completed {section_names.get(section, section)} in the same game: "
                f"{corps[award['corporation']].name if award['corporation'] in corps else ''} "
                f"placed higher ({mine.get('total', '?')} IP, place {mine.get('rank', '?')}), "
                "so takes the higher award."
            )
        lines.append(
            {
                **award,
                "corp": corps.get(award["corporation"]),
                "name": award_names.get((section, award["tier"]), section),
                "section_name": section_names.get(section, section),
                "reason": reason,
            }
        )
    return lines


def _ship_zones(table: dict, corporation: str | None) -> list[int]:
    """Zones where `corporation` had a ship at the end (step 5: a narrative of one of them)."""
    for player in table.get("players", []):
        if player.get("corporation") == corporation:
            return sorted({ship["zone"] for ship in player.get("ships", []) if "zone" in ship})
    return []


@login_required
@require_GET
def checklist(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    campaign = campaign_for_reader(request, slug)
    game = _get_game(campaign, number)
    return render(request, "campaign/checklist.html", _checklist_context(request, campaign, game))


@login_required
@require_POST
def checklist_city(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    campaign = campaign_for_player(request, slug)
    game = _get_game(campaign, number)
    form = CityForm(request.POST, locations=_free_city_locations(campaign.state), prefix="city")
    if form.is_valid():
        try:
            actions.name_city(
                game, form.cleaned_data["location"], form.cleaned_data["name"], user=request.user
            )
        except CampaignError as error:
            form.add_error(None, _error_sentence(error))
        else:
            messages.success(request, f"{form.cleaned_data['name']} named.")
            return redirect("campaign:checklist", slug=campaign.slug, number=number)
    context = _checklist_context(request, campaign, game, city_form=form)
    template = "campaign/checklist.html#city" if request.htmx else "campaign/checklist.html"
    return render(request, template, context, status=200 if request.htmx else 400)


@login_required
@require_POST
def checklist_power(request: HttpRequest, slug: str, number: int, key: str) -> HttpResponse:
    campaign = campaign_for_player(request, slug)
    game = _get_game(campaign, number)
    corporation = get_object_or_404(Corporation, campaign=campaign, key=key)
    taken = set(
        campaign.corporations.exclude(power="")
        .exclude(pk=corporation.pk)
        .values_list("power", flat=True)
    )
    powers = [(k, n) for k, n in PlayerPower.objects.values_list("key", "name") if k not in taken]
    form = PowerForm(request.POST, powers=powers, prefix=f"power-{key}")
    if form.is_valid():
        try:
            actions.set_power(corporation, form.cleaned_data["power"], user=request.user)
        except CampaignError as error:
            form.add_error(None, _error_sentence(error))
        else:
            messages.success(request, f"{corporation.name} took its power.")
            return redirect("campaign:checklist", slug=campaign.slug, number=number)
    context = _checklist_context(request, campaign, game, power_form=(key, form))
    return render(request, "campaign/checklist.html", context, status=400)


# --- trackers, elections, cities ---------------------------------------------------------


def _text_colour(css_colour: str) -> str:
    """Black or white, whichever reads better on the corporation's colour (WCAG luminance)."""
    try:
        red, green, blue = (int(css_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    except (ValueError, IndexError):
        return "#fff"

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return "#000" if luminance > 0.179 else "#fff"


@login_required
@require_GET
def trackers(request: HttpRequest, slug: str) -> HttpResponse:
    return _trackers(request, campaign_for_reader(request, slug))


def _trackers(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    return _cached_page(
        request,
        campaign,
        "campaign/trackers.html",
        "trackers",
        lambda: _trackers_body(request, campaign),
    )


def _trackers_body(request: HttpRequest, campaign: Campaign) -> dict:
    context = _page(request, campaign, "trackers")
    state = context["state"]
    sections = list(TrackerSection.objects.values_list("key", "name", "boxes"))
    award_names = _award_names()
    powers = dict(PlayerPower.objects.values_list("key", "name"))
    in_play = set((state.get("next_game") or {}).get("zones_in_play", [1, 2]))
    awards_by = {}
    for award in state.get("awards", []):
        awards_by.setdefault((award["corporation"], award["section"]), []).append(
            {**award, "name": award_names.get((award["section"], award["tier"]), "")}
        )
    debt_marks: dict[str, list[dict]] = {}
    # Only the replay entries' debt marks, not every game's whole entry and score.
    marks_by_game = campaign.games.order_by("number").values_list(
        "number", "replay_entry__debt_marks"
    )
    for number, marks in marks_by_game:
        for mark in marks or []:
            debt_marks.setdefault(mark["corporation"], []).append(
                {"game": number, "points": mark["points"]}
            )
    cards = []
    for corp in context["corporations"]:
        crossed = state.get("tracker", {}).get(corp.key, {})
        card_sections = []
        for key, name, size in sections:
            count = min(crossed.get(key, 0), size)
            zone = int(key.split("_")[1]) if key.startswith("presence_") else None
            card_sections.append(
                {
                    "key": key,
                    "name": name,
                    "crossed": count,
                    "size": size,
                    "awards": awards_by.get((corp.key, key), []),
                    "presence": zone is not None,
                    "in_play": zone is None or zone in in_play,
                }
            )
        cards.append(
            {
                "corp": corp,
                "text_colour": _text_colour(corp.css_colour or ""),
                "presence": [s for s in card_sections if s["presence"]],
                "others": [s for s in card_sections if not s["presence"]],
                "tally": crossed.get("influence_tally", 0),
                "debt": state.get("debt", {}).get(corp.key, 0),
                "debt_marks": debt_marks.get(corp.key, []),
                "power": powers.get(corp.power, corp.power),
            }
        )
    # The debt boxes and the power sticker come with later sections (#8, #7): before they
    # unlock, the cards show neither, so nothing hints at what those sections hold.
    switches = (state.get("next_game") or {}).get("switches", [])
    context.update(
        cards=cards,
        debt_boxes=DEBT_BOXES_SWITCH in switches,
        powers_in_play=POWERS_SWITCH in switches,
    )
    return context


@login_required
@require_GET
def elections(request: HttpRequest, slug: str) -> HttpResponse:
    return _elections(request, campaign_for_reader(request, slug))


def _elections(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    context = _page(request, campaign, "elections")
    state = context["state"]
    parties = _party_names()
    wins = state.get("election_wins", {})
    overthrows = state.get("overthrows")
    if overthrows is None:
        overthrows = sum(1 for e in state.get("elections", []) if e.get("overthrown"))
    counters = []
    for party, kind, target, section in ELECTION_COUNTERS:
        count = overthrows if kind == "overthrows" else wins.get(party, 0)
        counters.append(
            {
                "party": parties.get(party, party),
                "kind": kind,
                "count": count,
                "target": target,
                "section": section,
                "percent": min(100, round(100 * count / target)),
            }
        )
    context.update(
        parties=parties,
        elections=state.get("elections", []),
        wins=[(parties.get(key, key), count) for key, count in wins.items()],
        counters=counters,
    )
    return render(request, "campaign/elections.html", context)


@login_required
@require_GET
def cities(request: HttpRequest, slug: str) -> HttpResponse:
    return _cities(request, campaign_for_reader(request, slug))


def _cities(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    context = _page(request, campaign, "cities")
    zones = dict(Location.objects.values_list("name", "zone_id"))
    corps = context["corps"]
    opening_after = (campaign.opening or {}).get("after_game", 0)
    rows = sorted(
        (
            {
                **city,
                "zone": zones.get(city["location"]),
                "corp": corps.get(city["corporation"]),
                "before_the_app": city["game"] <= opening_after,
            }
            for city in context["state"].get("cities", [])
        ),
        key=lambda c: (c["zone"] or 99, c["location"], c["game"]),
    )
    context.update(cities=rows)
    return render(request, "campaign/cities.html", context)


# --- a campaign's settings and deleting it (its owner) -----------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def campaign_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Rename the campaign or change the second-place house rule (replayed, in the history)."""
    campaign = campaign_for_owner(request, slug)
    initial = {"name": campaign.name, "second_place_rounding": campaign.second_place_rounding}
    form = CampaignForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            actions.update_settings(
                campaign,
                name=form.cleaned_data["name"],
                second_place_rounding=form.cleaned_data["second_place_rounding"],
                user=request.user,
            )
        except CampaignError as error:
            form.add_error(None, _error_sentence(error))
        else:
            messages.success(request, "Settings saved; the campaign was replayed.")
            return redirect("campaign:dashboard", slug=campaign.slug)
    context = _page(request, campaign, "settings", form=form)
    status = 400 if request.method == "POST" else 200
    return render(request, "campaign/settings.html", context, status=status)


# --- deleting a campaign (its owner) -----------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def campaign_delete(request: HttpRequest, slug: str) -> HttpResponse:
    """GET asks, POST deletes the campaign with its games, members and links."""
    campaign = campaign_for_owner(request, slug)
    if request.method == "POST":
        name = campaign.name
        campaign.delete()
        messages.success(request, f"Campaign “{name}” deleted.")
        return redirect("campaign:list")
    context = _page(request, campaign, "", games=campaign.games.count())
    return render(request, "campaign/campaign_confirm_delete.html", context)


# --- the public page: the same pages, read-only, at a secret address ---------------------
# No login: the token is the key (`campaign_for_public`, 404 when the owner switched it off).
# Only these five pages: no sections, no setup sheet, no checklist, nothing locked.


@require_GET
def public_dashboard(request: HttpRequest, token: str) -> HttpResponse:
    return _dashboard(request, campaign_for_public(token))


@require_GET
def public_game_log(request: HttpRequest, token: str) -> HttpResponse:
    return _game_log(request, campaign_for_public(token))


@require_GET
def public_trackers(request: HttpRequest, token: str) -> HttpResponse:
    return _trackers(request, campaign_for_public(token))


@require_GET
def public_elections(request: HttpRequest, token: str) -> HttpResponse:
    return _elections(request, campaign_for_public(token))


@require_GET
def public_cities(request: HttpRequest, token: str) -> HttpResponse:
    return _cities(request, campaign_for_public(token))
