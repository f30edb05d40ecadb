"""Campaigns themselves: the list, a new one (from scratch, mid-campaign, from a file), its file,
its settings (the owner) and deleting it (the owner)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaign import actions, campaign_io
from campaign.forms import (
    CampaignFileForm,
    NewCampaignForm,
    OpeningForm,
    SettingsForm,
    corporation_formset,
    count_filled,
)
from campaign.frame import OWNER, READER, Page, campaign_access, page_frame
from campaign.models import Campaign
from offline.keep import readable_offline
from scoring.catalogue import CatalogueNames
from scoring.words import refusal_sentence
from solar175.campaign_file import MAX_CORPORATIONS, MIN_CORPORATIONS, CampaignError
from solar175.game_entry import first_game_number


def error_sentence(error: CampaignError, campaign: Campaign | None = None) -> str:
    """A replay refusal as a page says it: where, then the sentence, in people's words
    (`scoring.words`); a game's place in the log named by its number in `campaign`."""
    first = first_game_number(campaign.opening if campaign is not None else None)
    return refusal_sentence(error, first_game=first)


@login_required
@require_GET
@readable_offline
def campaign_list(request: HttpRequest) -> HttpResponse:
    """The campaigns this person is a member of, with their role in each."""
    campaigns = (
        Campaign.objects.filter(memberships__user=request.user)
        .annotate(member_role=F("memberships__role"))
        .only("name", "slug", "state", "created_at")
    )
    return render(request, "campaign/campaign_list.html", {"campaigns": campaigns})


def _colours() -> list[tuple[str, str]]:
    return [(key, option.name) for key, option in CatalogueNames().colours.items()]


def _boxes(user) -> dict[str, Campaign]:
    """The campaigns of this person whose box holds something: a new one may start from it."""
    campaigns = (
        Campaign.objects.filter(memberships__user=user).exclude(box={}).only("name", "slug", "box")
    )
    return {campaign.slug: campaign for campaign in campaigns.order_by("name")}


def _new_campaign_form(request: HttpRequest, data=None) -> NewCampaignForm:
    boxes = _boxes(request.user)
    choices = []
    for slug, campaign in boxes.items():
        box = CatalogueNames(campaign.box).box
        count = len(box.locations) + len(box.megastructures) + len(box.ships)
        count += bool(box.debt_boxes)
        choices.append(
            (
                slug,
                ngettext(
                    "%(campaign)s's box (%(count)s of your own)",
                    "%(campaign)s's box (%(count)s of your own)",
                    count,
                )
                % {"campaign": campaign.name, "count": count},
            )
        )
    form = NewCampaignForm(data, boxes=choices)
    form.boxes = boxes
    return form


def _chosen_box(form: NewCampaignForm) -> dict | None:
    chosen = form.cleaned_data.get("box_from")
    return form.boxes[chosen].box if chosen else None


def _enough_corporations(formset) -> bool:
    """A campaign needs 2 to 5 corporations: say so on the formset when fewer are filled in."""
    if count_filled(formset) >= MIN_CORPORATIONS:
        return True
    formset._non_form_errors = formset.error_class(  # noqa: SLF001
        [
            _(
                "A campaign needs %(fewest)s to %(most)s corporations: fill in at least "
                "%(fewest)s rows."
            )
            % {"fewest": MIN_CORPORATIONS, "most": MAX_CORPORATIONS}
        ]
    )
    return False


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create(request: HttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else None
    form = _new_campaign_form(request, data)
    formset = corporation_formset(data, colours=_colours())
    if request.method == "POST":
        valid = form.is_valid() & formset.is_valid()
        if valid and _enough_corporations(formset):
            try:
                campaign = actions.create_campaign(
                    name=form.cleaned_data["name"],
                    corporations=formset.corporations(),
                    settings=form.house_rules(),
                    box=_chosen_box(form),
                    time_zone=form.cleaned_data["time_zone"],
                    user=request.user,
                    owner=request.user,
                )
            except CampaignError as error:
                form.add_error(None, error_sentence(error))
            else:
                messages.success(
                    request, _("Campaign “%(name)s” created.") % {"name": campaign.name}
                )
                return redirect("campaign:dashboard", slug=campaign.slug)
    return render(
        request,
        "campaign/campaign_form.html",
        {"form": form, "formset": formset, "file_form": CampaignFileForm()},
    )


def _opening_form(data=None) -> OpeningForm:
    names = CatalogueNames()
    return OpeningForm(
        data,
        parties=list(names.parties.items()),
        sections=list(names.sections.items()),
        awards=[
            {"section": a.section, "tier": a.tier, "name": a.name, "points": a.points}
            for a in names.award_rows
        ],
        megastructures=list(names.megastructures.items()),
        locations=[(location.name, location.name) for location in names.base_locations],
    )


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create_midway(request: HttpRequest) -> HttpResponse:
    """A group that starts using the app mid-campaign: the state after their last game."""
    data = request.POST if request.method == "POST" else None
    form = _new_campaign_form(request, data)
    formset = corporation_formset(data, colours=_colours())
    opening_form = _opening_form(data)
    if request.method == "POST":
        valid = form.is_valid() & formset.is_valid() & opening_form.is_valid()
        if valid and _enough_corporations(formset):
            corporations = formset.corporations()
            try:
                opening = opening_form.opening([c["key"] for c in corporations])
            except Exception:  # noqa: BLE001 - the form has named the field
                opening = None
            if opening is not None:
                try:
                    campaign = actions.create_campaign(
                        name=form.cleaned_data["name"],
                        corporations=corporations,
                        settings=form.house_rules(),
                        opening=opening,
                        box=_chosen_box(form),
                        time_zone=form.cleaned_data["time_zone"],
                        user=request.user,
                        owner=request.user,
                    )
                except CampaignError as error:
                    opening_form.add_error(None, error_sentence(error))
                else:
                    messages.success(
                        request, _("Campaign “%(name)s” created.") % {"name": campaign.name}
                    )
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
            campaign = actions.import_campaign(
                data,
                user=request.user,
                owner=request.user,
                time_zone=file_form.cleaned_data["time_zone"],
            )
        except CampaignError as error:
            file_form.add_error("file", refusal_sentence(error))
        else:
            messages.success(request, _("Campaign “%(name)s” imported.") % {"name": campaign.name})
            return redirect("campaign:dashboard", slug=campaign.slug)
    return render(
        request,
        "campaign/campaign_form.html",
        {
            "form": _new_campaign_form(request),
            "formset": corporation_formset(colours=_colours()),
            "file_form": file_form,
        },
        status=400,
    )


@campaign_access(READER)
def campaign_export(page: Page) -> HttpResponse:
    campaign = page.campaign
    response = HttpResponse(
        campaign_io.dump_campaign(campaign), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{campaign.slug}.json"'
    return response


@campaign_access(OWNER, methods=("GET", "POST"))
@page_frame("campaign/settings.html", "settings")
def campaign_settings(page: Page) -> HttpResponse | dict[str, Any]:
    """Rename the campaign or change its house rules (replayed, in the history), or its time
    zone (its pages only: nothing replayed)."""
    request, campaign = page.request, page.campaign
    initial = {**campaign.settings(), "time_zone": campaign.time_zone}
    form = SettingsForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        before = campaign.settings()
        try:
            actions.update_settings(
                campaign,
                name=form.cleaned_data["name"],
                expected=form.drawn_from(),
                user=request.user,
                **form.house_rules(),
            )
        except CampaignError as error:
            form.add_error(None, error_sentence(error, page.campaign))
            campaign.refresh_from_db(fields=["name", "house_rules"])
            form.set_drawn_from(campaign.settings())
        else:
            if form.cleaned_data["time_zone"]:
                actions.set_time_zone(campaign, form.cleaned_data["time_zone"])
            # A new zone alone replays nothing: it is how the pages show the campaign.
            replayed = campaign.settings() != before
            messages.success(
                request,
                _("Settings saved; the campaign was replayed.")
                if replayed
                else _("Settings saved."),
            )
            return redirect("campaign:dashboard", slug=campaign.slug)
    status = 400 if request.method == "POST" else 200
    return page.render(page.context(form=form), status=status)


@campaign_access(OWNER, methods=("GET", "POST"))
@page_frame("campaign/campaign_confirm_delete.html")
def campaign_delete(page: Page) -> HttpResponse | dict[str, Any]:
    """GET asks, POST deletes the campaign with its games, members and links."""
    campaign = page.campaign
    if page.request.method == "POST":
        name = campaign.name
        actions.delete_campaign(campaign)
        messages.success(page.request, _("Campaign “%(name)s” deleted.") % {"name": name})
        return redirect("campaign:list")
    return page.context(games=campaign.games.count())
