"""The post-game checklist (End of Game Checklist, printed in order): the boxes crossed, the
awards, the city the winner names, the megastructure, the sections unlocked, the powers.

Above it, the game's result: each corporation's place and total, and (tapped) the terms each
total is made of (`solar175.explain`). Saving a game lands here, on every phone at the table."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from campaign import actions
from campaign.forms import CityForm, PowerForm, ZoneForm
from campaign.frame import PLAYER, READER, Page, campaign_access, page_frame
from campaign.models import Corporation, Game
from campaign.views.campaigns import error_sentence
from campaign.views.games import entry_of, get_game
from hosting.words import translated
from live.models import GamePhoto
from live.photos import PhotoForm
from scoring.wizard.sheet import CATEGORY_LABELS
from solar175.campaign_file import CampaignError
from solar175.engine import CATEGORIES, GameScore, TableState, score_game, tie_break_sentence
from solar175.explain import award_sentence, explain_game, table_as_scored, tracker_reasons
from solar175.game_entry import free_city_locations, free_powers, power_chooser
from solar175.replay_warnings import missing_zone_message, zone_missing
from solar175.sections import sections_by_number
from solar175.state import GameResult, ReplayedGame
from solar175.table import TableError

# Section #7 Variable Player Powers: each corporation picks one, the game's winner first.
POWERS_SECTION = 7
CHECKLIST = "campaign/checklist.html"


def _free_city_locations(page: Page, entry: ReplayedGame) -> list[tuple[str, str]]:
    """Base locations with a free naming space (the spaces printed minus the names given) in
    the zones the game played: the winner names a city on a card of the table ("the winner of
    each game can choose one base location card", RULES-NOTES §7), never on one of a zone a
    later section opens."""
    free = free_city_locations(
        page.names.base_locations, page.state.cities, entry.rules.zones_in_play
    )
    return [
        (
            location.name,
            _("%(location)s (zone %(zone)s)") % {"location": location.name, "zone": location.zone},
        )
        for location in free
    ]


def _power_picks(page: Page, entry: ReplayedGame) -> list[dict] | None:
    """Section #7 in this game: who picks a power, in the game's placing; None otherwise."""
    if POWERS_SECTION not in [u.section for u in entry.unlocked_sections]:
        return None
    powers = page.names.powers
    placing = [p.corporation for p in entry.score.ranked()]
    held = {c.key: c.power for c in page.corporations}
    # One at a time, in placing order: the next to choose sees what is left.
    chooser = power_chooser(placing, held)
    picks = []
    for key in placing:
        corp = page.corps.get(key)
        if corp is None:
            continue
        pick = {"corp": corp, "power": powers.get(corp.power, corp.power), "form": None}
        if key == chooser:
            pick["form"] = PowerForm(
                powers=[(k, powers[k]) for k in free_powers(powers, held.values())],
                prefix=f"power-{key}",
            )
        picks.append(pick)
    return picks


def _award_lines(page: Page, entry: ReplayedGame) -> list[dict]:
    """The awards the replay handed out in this game, each with why it went where it did
    (gold to the first to complete a section, silver to the second; two in one game: most IP
    in that game, then the end-game tie-breakers)."""
    corps, award_names, section_names = page.corps, page.names.awards, page.names.sections
    # solar175.explain reads the replay's JSON shape.
    every_award = [a.to_dict() for a in page.state.awards]
    scores = {entry.number: entry.score.to_dict()}

    def name(key: str) -> str:
        return corps[key].name if key in corps else key

    lines = []
    completed = {corp: list(keys) for corp, keys in entry.sections_completed.items()}
    for award in entry.awards:
        section = award.section
        lines.append(
            {
                **award.to_dict(),
                "corp": corps.get(award.corporation),
                "name": award_names.get((section, award.tier), section),
                "section_name": section_names.get(section, section),
                "reason": award_sentence(
                    award.to_dict(), every_award, scores, name, completed=completed
                ),
            }
        )
    return lines


def _scored(game: Game, entry: ReplayedGame) -> tuple[TableState, GameScore] | None:
    """The game's table as the replay scored it and the engine's score of it; None when the
    stored table no longer reads (the page then shows the figures without their terms)."""
    try:
        table = table_as_scored(game.table, entry)
    except TableError:
        return None
    return table, score_game(table)


def _box_reasons(page: Page, scored: tuple[TableState, GameScore] | None) -> dict[str, str]:
    """Why each tracker box of the game went where it did, by section ("" when the stored
    table no longer reads: the page then shows the boxes without their reasons)."""
    if scored is None:
        return {}
    corps = page.corps

    def name(key: str) -> str:
        return corps[key].name if key in corps else key

    return {section: reason.sentence(name) for section, reason in tracker_reasons(*scored).items()}


def _result_rows(
    page: Page, score: GameResult, scored: tuple[TableState, GameScore] | None
) -> list[dict]:
    """Each corporation's place and total, in the game's placing, with the categories its
    total is made of and each one's terms (the engine's figures; the explanation's words)."""
    explained = explain_game(*scored) if scored else {}
    rows = []
    for player in score.ranked():
        key = player.corporation
        terms = explained.get(key, {})
        categories = [
            {
                "label": CATEGORY_LABELS.get(category, category),
                "ip": ip,
                "terms": terms.get(category, []),
            }
            for category in CATEGORIES
            if (ip := player.ip.get(category, 0))
        ]
        rows.append(
            {
                "corp": page.corps.get(key),
                "key": key,
                "rank": player.rank,
                "total": player.total,
                "categories": categories,
            }
        )
    return rows


def _ship_zones(table: dict, corporation: str | None) -> list[int]:
    """Zones where `corporation` had a ship at the end (step 5: a narrative of one of them)."""
    for player in table.get("players", []):
        if player.get("corporation") == corporation:
            return sorted({ship["zone"] for ship in player.get("ships", []) if "zone" in ship})
    return []


def checklist_context(
    page: Page,
    game: Game,
    city_form: CityForm | None = None,
    power_form: tuple[str, PowerForm] | None = None,
    photo_form: PhotoForm | None = None,
    zone_form: ZoneForm | None = None,
) -> dict[str, Any]:
    campaign, corps = page.campaign, page.corps
    entry = entry_of(game)
    megastructure_name = page.names.megastructure(game.megastructure)
    # Stored by an earlier version with no zone (docs/upgrading.md): the group is asked for it,
    # and the game's other warnings are shown with it.
    missing_zone = zone_missing(entry.megastructure, entry.megastructure_zone)
    if missing_zone and zone_form is None and campaign.can_play:
        zone_form = ZoneForm(
            zones=_zone_choices(page, entry), initial={"version": game.version}, prefix="zone"
        )
    asked = missing_zone_message(megastructure_name, game.number)
    score = entry.score
    section_names = page.names.sections
    crossed = entry.boxes_crossed
    tallied = entry.influence_tally
    scored = _scored(game, entry)
    reasons = _box_reasons(page, scored)
    boxes_by_corporation = [
        {
            "corp": corp,
            "sections": [
                {"name": section_names.get(key, key), "why": reasons.get(key, "")}
                for key in crossed.get(corp.key, [])
            ]
            + (
                [
                    {
                        "name": _("Highest influence: a tally (the section is full)"),
                        "why": reasons.get("influence", ""),
                    }
                ]
                if corp.key in tallied
                else []
            ),
        }
        for corp in page.corporations
        if any(p.corporation == corp.key for p in score.players)
    ]
    shipped = sections_by_number()
    # Only sections unlocked in this game are listed, so a shipped title is no spoiler here.
    unlocked = [
        {
            **unlock.to_dict(),
            "title": shipped[unlock.section].title if unlock.section in shipped else None,
        }
        for unlock in entry.unlocked_sections
    ]
    locations = _free_city_locations(page, entry)
    winner = score.winner
    # A viewer sees the checklist without its forms (the views refuse their POSTs anyway).
    if city_form is None and not game.city_name and campaign.can_play:
        city_form = CityForm(locations=locations, prefix="city", initial={"version": game.version})
    picks = _power_picks(page, entry)
    if picks and not campaign.can_play:
        for pick in picks:
            pick["form"] = None
    if picks and power_form is not None:
        for pick in picks:
            if pick["corp"].key == power_form[0]:
                pick["form"] = power_form[1]
    election_winner = entry.election.winner
    return page.context(
        game=game,
        entry=entry,
        score=score,
        winner=corps.get(winner),
        result_rows=_result_rows(page, score, scored),
        tie_break=tie_break_sentence(
            score.tie_break,
            next((p.total for p in score.players if p.corporation == winner), 0),
            corps[winner].name if winner in corps else str(winner),
        ),
        # A name kept through a correction that changed the winner keeps its namer.
        city_namer=corps.get(game.city_named_by or winner),
        boxes_by_corporation=boxes_by_corporation,
        awards=_award_lines(page, entry),
        election_party=page.names.parties.get(election_winner, ""),
        city_form=city_form,
        city_locations=locations,
        megastructure=megastructure_name,
        missing_zone=missing_zone,
        zone_form=zone_form if missing_zone else None,
        warnings=[in_words(page, w) for w in entry.warnings if w != asked],
        box_url=reverse("campaign:box", kwargs={"slug": campaign.slug}),
        unlocked=unlocked,
        sections_url=reverse("unlocks:sections", kwargs={"slug": campaign.slug}),
        narrative_zones=_ship_zones(game.table, winner),
        power_picks=picks,
        # The photo's size and date, not its bytes (the image has its own address).
        photo=GamePhoto.objects.filter(game=game).defer("jpeg").first(),
        photo_form=photo_form if photo_form is not None else PhotoForm(),
    )


@campaign_access(READER)
@page_frame(CHECKLIST, "games")
def checklist(page: Page, number: int) -> dict[str, Any]:
    return checklist_context(page, get_game(page.campaign, number))


def in_words(page: Page, warning: str) -> str:
    """A replay warning as the page says it: a megastructure's key, which the replay's
    sentence may name ("terraform-mars was not among the megastructures open"), by its name, in
    the person's language."""
    warning = str(translated(warning))
    for key, name in page.names.megastructures.items():
        if key in warning:
            warning = re.sub(rf"(?<![\w-]){re.escape(key)}(?![\w-])", name, warning)
    return warning


def _zone_choices(page: Page, entry: ReplayedGame) -> list[tuple[int, str]]:
    return [(zone, page.names.zone(zone)) for zone in entry.rules.zones_in_play]


@campaign_access(PLAYER, methods=("POST",))
@page_frame(CHECKLIST, "games")
def checklist_zone(page: Page, number: int) -> HttpResponse:
    """The zone of the game's Megastructure Location Token, which an earlier version stored
    the game without: the game is re-scored with its +5 presence bonus, recorded in the
    history (and undone there)."""
    request, campaign = page.request, page.campaign
    game = get_game(campaign, number)
    entry = entry_of(game)
    form = ZoneForm(request.POST, zones=_zone_choices(page, entry), prefix="zone")
    if form.is_valid():
        try:
            actions.give_megastructure_zone(
                game,
                form.cleaned_data["zone"],
                expected_version=form.cleaned_data["version"],
                user=request.user,
            )
        except actions.StaleGameError as stale:
            game = stale.game
            if game.updated_by_id:
                said = _(
                    "Game %(number)s was saved by %(name)s while this page was open: nothing of "
                    "yours was saved. Look at it again below."
                ) % {"number": number, "name": game.updated_by}
            else:
                said = _(
                    "Game %(number)s was saved while this page was open: nothing of yours was "
                    "saved. Look at it again below."
                ) % {"number": number}
            form.add_error(None, said)
        except CampaignError as error:
            form.add_error(None, error_sentence(error, page.campaign))
        else:
            messages.success(
                request,
                _(
                    "Game %(number)s: the Megastructure Location Token was in zone %(zone)s; "
                    "the game is scored with its +5 presence bonus."
                )
                % {"number": number, "zone": form.cleaned_data["zone"]},
            )
            return redirect("campaign:checklist", slug=campaign.slug, number=number)
    return page.render(checklist_context(page, game, zone_form=form), status=400)


@campaign_access(PLAYER, methods=("POST",))
@page_frame(CHECKLIST, "games")
def checklist_city(page: Page, number: int) -> HttpResponse:
    request, campaign = page.request, page.campaign
    game = get_game(campaign, number)
    form = CityForm(
        request.POST, locations=_free_city_locations(page, entry_of(game)), prefix="city"
    )
    if form.is_valid():
        try:
            actions.name_city(
                game,
                form.cleaned_data["location"],
                form.cleaned_data["name"],
                expected_version=form.cleaned_data["version"],
                user=request.user,
            )
        except actions.StaleGameError as stale:
            game = stale.game
            _explain_city_named(form, game)
        except CampaignError as error:
            form.add_error(None, error_sentence(error, page.campaign))
        else:
            messages.success(request, _("%(name)s named.") % {"name": form.cleaned_data["name"]})
            return redirect("campaign:checklist", slug=campaign.slug, number=number)
    context = checklist_context(page, game, city_form=form)
    if request.htmx:
        return page.render(context, template=f"{CHECKLIST}#city")
    return page.render(context, status=400)


def _explain_city_named(form: CityForm, game: Game) -> None:
    """Someone saved the game (named its city) since this form was drawn: keep the person's
    city, say what is there now, and let a second save knowingly replace it."""
    values = {"city": game.city_name, "location": game.city_location, "name": game.updated_by}
    if game.city_name and game.updated_by_id:
        now = _(
            "Meanwhile %(city)s on %(location)s was named by %(name)s. Nothing of yours was "
            "saved; your city is kept below. Save it again to replace theirs with yours."
        )
    elif game.city_name:
        now = _(
            "Meanwhile %(city)s on %(location)s was named. Nothing of yours was saved; your city "
            "is kept below. Save it again to replace theirs with yours."
        )
    elif game.updated_by_id:
        now = _(
            "Meanwhile the game was saved by %(name)s. Nothing of yours was saved; your city is "
            "kept below. Save it again to replace theirs with yours."
        )
    else:
        now = _(
            "Meanwhile the game was saved. Nothing of yours was saved; your city is kept below. "
            "Save it again to replace theirs with yours."
        )
    form.add_error(None, now % values)
    data = form.data.copy()
    data[form.add_prefix("version")] = str(game.version)
    form.data = data


@campaign_access(PLAYER, methods=("POST",))
@page_frame(CHECKLIST, "games")
def checklist_power(page: Page, number: int, key: str) -> HttpResponse:
    request, campaign = page.request, page.campaign
    game = get_game(campaign, number)
    corporation = get_object_or_404(Corporation, campaign=campaign, key=key)
    names = page.names.powers
    held = (c.power for c in page.corporations if c.pk != corporation.pk)
    powers = [(k, names[k]) for k in free_powers(names, held)]
    form = PowerForm(request.POST, powers=powers, prefix=f"power-{key}")
    if form.is_valid():
        try:
            # The form is offered only to a corporation without a power.
            actions.set_power(
                corporation, form.cleaned_data["power"], expected_power="", user=request.user
            )
        except CampaignError as error:
            form.add_error(None, error_sentence(error, page.campaign))
        else:
            messages.success(request, _("%(name)s took its power.") % {"name": corporation.name})
            return redirect("campaign:checklist", slug=campaign.slug, number=number)
    context = checklist_context(page, game, power_form=(key, form))
    return page.render(context, status=400)
