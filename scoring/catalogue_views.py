"""The catalogue pages: what the box holds, and forms for what the rulebook text does not print.

Open to everyone for now (accounts come later); every write is a POST with a CSRF token, then a
redirect to the list it changed, so a reload never saves twice and GET never writes.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Model
from django.forms import ModelForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.http import require_GET, require_http_methods

from .catalogue_forms import LocationForm, MegastructureForm, ShipForm
from .models import (
    CorporationColour,
    Hub,
    Location,
    Megastructure,
    Party,
    PlayerPower,
    Ship,
    TrackerSection,
    Zone,
)


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    context = {
        "page": "index",
        "zones": Zone.objects.all(),
        "scoring_hubs": Hub.objects.filter(zone=None),
        "parties": Party.objects.all(),
        "colours": CorporationColour.objects.all(),
    }
    return render(request, "catalogue/index.html", context)


@require_GET
def location_list(request: HttpRequest) -> HttpResponse:
    locations = Location.objects.select_related("zone")
    return render(
        request, "catalogue/locations.html", {"page": "locations", "locations": locations}
    )


@require_GET
def megastructure_list(request: HttpRequest) -> HttpResponse:
    megastructures = Megastructure.objects.select_related("location")
    context = {"page": "megastructures", "megastructures": megastructures}
    return render(request, "catalogue/megastructures.html", context)


@require_GET
def ship_list(request: HttpRequest) -> HttpResponse:
    return render(request, "catalogue/ships.html", {"page": "ships", "ships": Ship.objects.all()})


@require_GET
def award_list(request: HttpRequest) -> HttpResponse:
    sections = TrackerSection.objects.prefetch_related("awards")
    return render(request, "catalogue/awards.html", {"page": "awards", "sections": sections})


@require_GET
def power_list(request: HttpRequest) -> HttpResponse:
    powers = PlayerPower.objects.all()
    return render(request, "catalogue/powers.html", {"page": "powers", "powers": powers})


def _form_page(
    request: HttpRequest,
    form_class: type[ModelForm],
    instance: Model | None,
    *,
    page: str,
    title: str,
    saved: str,
    back: str,
) -> HttpResponse:
    """GET shows the form; a valid POST saves, says so and redirects to the list (PRG);
    an invalid POST shows the form again with each field's sentence and saves nothing."""
    form = form_class(request.POST or None, instance=instance)
    if request.method == "POST" and form.is_valid():
        saved_object = form.save()
        messages.success(request, saved.format(saved_object))
        return redirect(f"{reverse(back)}#{page}-{saved_object.pk}")
    context = {"page": page, "form": form, "title": title, "back": back, "instance": instance}
    return render(request, "catalogue/form.html", context)


@require_http_methods(["GET", "POST"])
@csrf_protect
def location_add(request: HttpRequest) -> HttpResponse:
    return _form_page(
        request,
        LocationForm,
        None,
        page="locations",
        title="Add a location",
        saved="Added {}.",
        back="catalogue:locations",
    )


@require_http_methods(["GET", "POST"])
@csrf_protect
def location_edit(request: HttpRequest, pk: int) -> HttpResponse:
    location = get_object_or_404(Location, pk=pk)
    return _form_page(
        request,
        LocationForm,
        location,
        page="locations",
        title=f"Edit {location.name}",
        saved="Saved {}.",
        back="catalogue:locations",
    )


@require_http_methods(["GET", "POST"])
@csrf_protect
def ship_add(request: HttpRequest) -> HttpResponse:
    return _form_page(
        request,
        ShipForm,
        None,
        page="ships",
        title="Add a White Star ship",
        saved="Added {}.",
        back="catalogue:ships",
    )


@require_http_methods(["GET", "POST"])
@csrf_protect
def ship_edit(request: HttpRequest, pk: int) -> HttpResponse:
    # Only leased ships: the starting DC-Xerxes 8050's values are printed (presence 2, moves 3).
    ship = get_object_or_404(Ship, pk=pk, leased=True)
    return _form_page(
        request,
        ShipForm,
        ship,
        page="ships",
        title=f"Edit {ship.name}",
        saved="Saved {}.",
        back="catalogue:ships",
    )


@require_http_methods(["GET", "POST"])
@csrf_protect
def megastructure_add(request: HttpRequest) -> HttpResponse:
    return _form_page(
        request,
        MegastructureForm,
        None,
        page="megastructures",
        title="Add a megastructure",
        saved="Added {}.",
        back="catalogue:megastructures",
    )


@require_http_methods(["GET", "POST"])
@csrf_protect
def megastructure_edit(request: HttpRequest, key: str) -> HttpResponse:
    megastructure = get_object_or_404(Megastructure, key=key)
    return _form_page(
        request,
        MegastructureForm,
        megastructure,
        page="megastructures",
        title=f"Edit {megastructure.name}",
        saved="Saved {}.",
        back="catalogue:megastructures",
    )
