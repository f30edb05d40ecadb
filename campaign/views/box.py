"""The campaign's own box: what its group corrected and added to the reference catalogue.

Every member reads it; players and the owner change it. Each change goes through
`campaign.actions.change_box` (one transaction: the box stored, the campaign replayed, the
change in its History with an undo) and lands back on the box page saying what it changed
downstream. Spoilers: the leased ships come with section #4 and the debt boxes with #8; until
the campaign has unlocked them, the page names neither.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from campaign import actions
from campaign.actions.box import box_sentence
from campaign.box_forms import (
    DebtBoxesForm,
    LocationForm,
    MegastructureForm,
    ShipForm,
    locations_by_zone,
    place_box_error,
)
from campaign.frame import PLAYER, READER, Page, campaign_access, page_frame
from campaign.models import Change, ChangeKind
from hosting.words import stored_said, translated
from scoring.catalogue import CatalogueNames
from solar175.box import TYPE_NAMES, Box
from solar175.campaign_file import CampaignError
from solar175.game_entry import debt_boxes_in_play, leased_ships_in_play
from solar175.sections import leased_ship_offered, switches_on

SHIPS_SECTION = 4
DEBT_SECTION = 8


def _switches(page: Page) -> frozenset[str]:
    return switches_on(u.section for u in page.state.unlocked_sections)


def _leased_ships(page: Page) -> list:
    """The box's leased ships the group may see: a card of #23 or #24 only once its section is
    unlocked (`solar175.sections.SHIP_CARD_SECTIONS`)."""
    unlocked = [u.section for u in page.state.unlocked_sections]
    return [s for s in page.names.ships if s.leased and leased_ship_offered(s.name, unlocked)]


def _reference() -> CatalogueNames:
    return CatalogueNames()


def _last_change(page: Page) -> Change | None:
    """The box's latest change, for its sentence and its undo on the box page."""
    return (
        Change.objects.filter(campaign=page.campaign, kind=ChangeKind.BOX_CHANGED)
        .select_related("made_by", "undone_by")
        .order_by("-made_at", "-id")
        .first()
    )


def _last_summary(change: Change | None) -> str:
    """The last change's summary in the reader's language; its English as stored."""
    if change is None:
        return ""
    said = stored_said(change.summary, change.summary_words)
    # Its words leave the first one as it is (the English is stored capitalised).
    return said if said == change.summary else capfirst(said)


@campaign_access(READER)
@page_frame("campaign/box.html", "box")
def box(page: Page) -> dict[str, Any]:
    """The campaign's box: every location, megastructure, leased ship and debt row, with what
    the group corrected or added marked as theirs."""
    names, reference = page.names, _reference()
    own = names.box
    switches = _switches(page)
    locations = [
        {
            "entry": entry,
            "status": _status(entry.name, reference.location_entries, own.location(entry.name)),
        }
        for entry in names.location_entries.values()
    ]
    megastructures = [
        {
            "entry": entry,
            "type": TYPE_NAMES.get(entry.type, ""),
            "status": _status(key, reference.megastructure_entries, own.megastructure(key)),
        }
        for key, entry in names.megastructure_entries.items()
    ]
    ships_open = leased_ships_in_play(switches)
    ships = []
    if ships_open:
        reference_ships = {ship.name: ship for ship in reference.ships}
        ships = [
            {"entry": ship, "status": _status(ship.name, reference_ships, own.ship(ship.name))}
            for ship in _leased_ships(page)
        ]
    last = _last_change(page)
    return page.context(
        locations=locations,
        megastructures=megastructures,
        ships=ships,
        ships_open=ships_open,
        ships_section=SHIPS_SECTION,
        debt_open=debt_boxes_in_play(switches),
        debt_section=DEBT_SECTION,
        debt_rows=own.debt_boxes,
        corrections=len(own.locations) + len(own.megastructures) + len(own.ships),
        last_change=last,
        last_change_summary=_last_summary(last),
        can_undo_last=bool(last and page.campaign.can_play and last.can_be_undone),
        zone_names=names.zone_hubs,
    )


def _status(key: str, reference: dict, change: Any) -> str:
    if change is None:
        return ""
    if key in reference:
        return pgettext("a box entry the group changed", "corrected")
    return pgettext("a box entry the group added", "added")


def _changed(page: Page, edit, *, form=None, anchor: str = "") -> HttpResponse | None:
    """Make the change; on success say what it did downstream and go back to the box page.
    A refusal goes beside the field it names (None: the form is shown again)."""
    try:
        result = actions.change_box(page.campaign, edit, user=page.request.user)
    except CampaignError as error:
        if form is not None:
            place_box_error(form, error)
        else:
            messages.error(
                page.request,
                _("Nothing was changed: %(problem)s.") % {"problem": translated(error.message)},
            )
            return redirect(_box_url(page, anchor))
        return None
    if result is None:
        messages.info(page.request, _("Nothing to change: the box already says so."))
    else:
        messages.success(page.request, _said(result))
    return redirect(_box_url(page, anchor))


def _said(result: actions.BoxChanged) -> str:
    """What a box change did, in the person's language."""
    return box_sentence(result.what, result.downstream, said=translated)


def _box_url(page: Page, anchor: str = "") -> str:
    url = reverse("campaign:box", args=[page.campaign.slug])
    return f"{url}#{anchor}" if anchor else url


def _anchor(kind: str, name: str) -> str:
    return f"{kind}-{re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')}"


@dataclass(frozen=True)
class _Entry:
    """One entry of the box a form page corrects or adds: its kind (`location`, …), the form,
    and how the box changes."""

    kind: str
    form: Any
    title: str
    reset: str
    put: Callable[[Box, Any], Box]
    take_out: Callable[[Box], Box]
    anchor_key: Callable[[Any], str]


def _entry_page(page: Page, entry: _Entry) -> HttpResponse:
    """GET shows the form; a valid POST changes the box and lands on the box page (PRG); a bad
    one, or one the box refuses, shows the form again with the sentence and changes nothing.
    The second button (`reset`) puts back the rulebook's values or takes an addition out."""
    data = page.request.POST if page.request.method == "POST" else None
    if data is not None and "reset" in data and entry.reset:
        return _changed(page, entry.take_out)
    form = entry.form
    if data is not None and form.is_valid():
        change = form.change()
        response = _changed(
            page,
            lambda box: entry.put(box, change),
            form=form,
            anchor=_anchor(entry.kind, entry.anchor_key(change)),
        )
        if response is not None:
            return response
    return page.render(
        page.context(
            form=form, title=entry.title, kind=entry.kind, reset=entry.reset, back=_box_url(page)
        ),
        status=400 if data is not None else 200,
    )


def _data(page: Page):
    return page.request.POST if page.request.method == "POST" else None


@campaign_access(PLAYER, methods=("GET", "POST"))
@page_frame("campaign/box_form.html", "box")
def box_location(page: Page, location: str | None = None) -> HttpResponse:
    """Correct a location card (its zone, base, naming spaces, mining) or add one."""
    names, reference = page.names, _reference()
    current = names.location_entries.get(location) if location is not None else None
    if location is not None and current is None:
        raise Http404("No such location in this campaign's box.")
    ref = reference.location_entries.get(location) if location is not None else None
    form = LocationForm(
        _data(page),
        zones=[(z, names.zone(z)) for z in range(1, 7)],
        reference=ref,
        current=current,
        taken=names.location_entries,
    )
    own = names.box.location(location) if location is not None else None
    return _entry_page(
        page,
        _Entry(
            kind="location",
            form=form,
            title=(_("Correct %(name)s") % {"name": location} if location else _("Add a location")),
            reset=_reset_label(ref, own),
            put=lambda box, change: box.with_location(location, change),
            take_out=lambda box: box.without_location(location),
            anchor_key=lambda change: change.name,
        ),
    )


@campaign_access(PLAYER, methods=("GET", "POST"))
@page_frame("campaign/box_form.html", "box")
def box_megastructure(page: Page, megastructure: str | None = None) -> HttpResponse:
    """Correct a megastructure (its name, type, the location it is built on) or add one."""
    names, reference = page.names, _reference()
    current = names.megastructure_entries.get(megastructure) if megastructure else None
    if megastructure is not None and current is None:
        raise Http404("No such megastructure in this campaign's box.")
    ref = reference.megastructure_entries.get(megastructure) if megastructure else None
    form = MegastructureForm(
        _data(page),
        locations=locations_by_zone(names.location_entries),
        reference=ref,
        current=current,
        keys=names.megastructure_entries,
    )
    own = names.box.megastructure(megastructure) if megastructure else None
    return _entry_page(
        page,
        _Entry(
            kind="megastructure",
            form=form,
            title=(
                _("Correct %(name)s") % {"name": current.name}
                if current
                else _("Add a megastructure")
            ),
            reset=_reset_label(ref, own),
            put=lambda box, change: box.with_megastructure(megastructure, change),
            take_out=lambda box: box.without_megastructure(megastructure),
            anchor_key=lambda change: change.key,
        ),
    )


@campaign_access(PLAYER, methods=("GET", "POST"))
@page_frame("campaign/box_form.html", "box")
def box_ship(page: Page, ship: str | None = None) -> HttpResponse:
    """Correct a leased ship's presence or moves from its card, or add a ship (#4)."""
    if not leased_ships_in_play(_switches(page)):
        # Leased ships come with section #4: not a word of them before it is unlocked.
        messages.info(
            page.request,
            _("Ships come with section #%(section)s, not unlocked yet.")
            % {"section": SHIPS_SECTION},
        )
        return redirect(_box_url(page))
    names, reference = page.names, _reference()
    ships = {entry.name: entry for entry in _leased_ships(page)}
    current = ships.get(ship) if ship is not None else None
    if ship is not None and current is None:
        raise Http404("No such leased ship in this campaign's box.")
    ref = next((s for s in reference.ships if s.name == ship and s.leased), None)
    form = ShipForm(
        _data(page), reference=ref, current=current, taken=[entry.name for entry in names.ships]
    )
    own = names.box.ship(ship) if ship is not None else None
    return _entry_page(
        page,
        _Entry(
            kind="ship",
            form=form,
            title=_("Correct %(name)s") % {"name": ship} if ship else _("Add a White Star ship"),
            reset=_reset_label(ref, own),
            put=lambda box, change: box.with_ship(ship, change),
            take_out=lambda box: box.without_ship(ship),
            anchor_key=lambda change: change.name,
        ),
    )


@campaign_access(PLAYER, methods=("GET", "POST"))
@page_frame("campaign/box_form.html", "box")
def box_debt(page: Page) -> HttpResponse:
    """The Bank of Yurushi debt boxes' printed values, copied from the tracker card (#8)."""
    if not debt_boxes_in_play(_switches(page)):
        messages.info(
            page.request,
            _("These boxes come with section #%(section)s, not unlocked yet.")
            % {"section": DEBT_SECTION},
        )
        return redirect(_box_url(page))
    data = page.request.POST if page.request.method == "POST" else None
    form = DebtBoxesForm(data, rows=page.names.box.debt_boxes)
    if data is not None and form.is_valid():
        rows = form.rows()
        try:
            result = actions.change_box(
                page.campaign,
                lambda box: box.with_debt_boxes(rows),
                user=page.request.user,
            )
        except CampaignError as error:
            _place_debt_error(form, error)
        else:
            if result is None:
                messages.info(page.request, _("Nothing to change: the box already says so."))
            else:
                messages.success(page.request, _said(result))
            return redirect(_box_url(page, "debt"))
    return page.render(
        page.context(
            form=form, title=_("Bank of Yurushi debt boxes"), kind="debt", back=_box_url(page)
        ),
        status=400 if data else 200,
    )


def _place_debt_error(form: DebtBoxesForm, error: CampaignError) -> None:
    found = re.match(r"box\.debt_boxes\[(\d+)\]\.(name|values)", error.path)
    said = str(translated(error.message))
    message = said[:1].upper() + said[1:] + "."
    if found:
        form.add_error(f"{found.group(2)}{int(found.group(1)) + 1}", message)
    else:
        form.add_error(None, message)


def _reset_label(reference: Any, own: Any) -> str:
    """The form's second button: back to the rulebook's values, or out of the box."""
    if own is None:
        return ""
    if reference is not None:
        return _("Put back the rulebook's values")
    return _("Remove from the box")
