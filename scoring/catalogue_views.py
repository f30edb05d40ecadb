"""The catalogue pages: the reference box, read-only for everyone.

Nobody changes the reference here: staff correct it in the admin, and a group types what the
rulebook text does not print into its own campaign's box (campaign/views/box.py). The only
POSTs are a visitor's reveal and hide below, which write to their own session, then redirect.

Spoilers: some of the box comes with a legacy section (RULES-NOTES §5): the leased ships with
#4, the player powers with #7 (and one of them names what #6 brings). The catalogue is the same
for every group, so it cannot know what a visitor has unlocked: it shows those entries only to
a visitor who asked, by section number, and confirmed with a POST; the choice stays in their
session (`SESSION_KEY`) until they hide them again. Before that they are not in the HTML at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.catalogue_forms import RevealForm
from scoring.models import (
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

SESSION_KEY = "catalogue_revealed"


@dataclass(frozen=True)
class Spoiler:
    """Catalogue entries that come with sections: `key` names them in the address and the
    session; the question names only the section numbers."""

    key: str
    sections: tuple[int, ...]
    question: str
    page: str


SPOILERS = {
    spoiler.key: spoiler
    for spoiler in (
        Spoiler(
            "ships",
            (4,),
            gettext_lazy("More ships come from section #4. Show them? It spoils the section."),
            "catalogue:ships",
        ),
        Spoiler(
            "powers",
            (7, 6),
            gettext_lazy(
                "These come from section #7, and one of them names what "
                "section #6 brings. Show them? It spoils both sections."
            ),
            "catalogue:powers",
        ),
    )
}


def revealed(request: HttpRequest) -> frozenset[str]:
    """The spoilers this visitor asked to see (a fresh visitor has no session: no query)."""
    return frozenset(request.session.get(SESSION_KEY, ()))


def _context(request: HttpRequest, page: str, **context) -> dict:
    return {"page": page, "revealed": revealed(request), "spoilers": SPOILERS, **context}


def _spoiler(key: str) -> Spoiler:
    try:
        return SPOILERS[key]
    except KeyError:
        raise Http404(_("No such catalogue entries to reveal.")) from None


@require_http_methods(["GET", "POST"])
@csrf_protect
def reveal(request: HttpRequest, key: str) -> HttpResponse:
    """Show a section's catalogue entries to this visitor: GET asks, a confirming POST shows."""
    spoiler = _spoiler(key)
    if key in revealed(request):
        return redirect(spoiler.page)
    form = RevealForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        request.session[SESSION_KEY] = sorted(revealed(request) | {key})
        return redirect(spoiler.page)
    context = _context(request, key, spoiler=spoiler, form=form)
    status = 400 if request.method == "POST" else 200
    return render(request, "catalogue/reveal_confirm.html", context, status=status)


@require_POST
@csrf_protect
def hide(request: HttpRequest, key: str) -> HttpResponse:
    """Hide a section's catalogue entries from this visitor again."""
    spoiler = _spoiler(key)
    if key in revealed(request):
        request.session[SESSION_KEY] = sorted(revealed(request) - {key})
    messages.info(
        request,
        _("Hidden again: what %(sections_text)s brings.")
        % {"sections_text": _sections_text(spoiler)},
    )
    return redirect(spoiler.page)


def _sections_text(spoiler: Spoiler) -> str:
    return " and ".join(f"#{n}" for n in sorted(spoiler.sections))


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    context = _context(
        request,
        "index",
        zones=Zone.objects.all(),
        scoring_hubs=Hub.objects.filter(zone=None),
        parties=Party.objects.all(),
        colours=CorporationColour.objects.all(),
    )
    return render(request, "catalogue/index.html", context)


@require_GET
def location_list(request: HttpRequest) -> HttpResponse:
    locations = Location.objects.select_related("zone")
    return render(
        request, "catalogue/locations.html", _context(request, "locations", locations=locations)
    )


@require_GET
def megastructure_list(request: HttpRequest) -> HttpResponse:
    megastructures = Megastructure.objects.select_related("location")
    context = _context(request, "megastructures", megastructures=megastructures)
    return render(request, "catalogue/megastructures.html", context)


@require_GET
def ship_list(request: HttpRequest) -> HttpResponse:
    # Leased ships (#4) only once asked for: not even their names before.
    ships = Ship.objects.all()
    if "ships" not in revealed(request):
        ships = ships.filter(leased=False)
    context = _context(request, "ships", ships=ships, spoiler=SPOILERS["ships"])
    return render(request, "catalogue/ships.html", context)


@require_GET
def award_list(request: HttpRequest) -> HttpResponse:
    sections = TrackerSection.objects.prefetch_related("awards")
    return render(request, "catalogue/awards.html", _context(request, "awards", sections=sections))


@require_GET
def power_list(request: HttpRequest) -> HttpResponse:
    # Player powers (#7) only once asked for; before, not a query nor a word of them.
    powers = PlayerPower.objects.all() if "powers" in revealed(request) else []
    context = _context(request, "powers", powers=powers, spoiler=SPOILERS["powers"])
    return render(request, "catalogue/powers.html", context)
