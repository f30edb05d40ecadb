"""The replay's plain-data `Catalogue`, read from the catalogue models.

The database holds the catalogue as the group corrected it (a location's zone fixed from their
box, a megastructure the rulebook text does not print added in the app); the fixture
(`Catalogue.from_fixture`) is only the shipped starting point. Four queries, whatever the
catalogue's size.
"""

from __future__ import annotations

from scoring.models import Award, Location, Megastructure, TrackerSection
from solar175.catalogue import AwardEntry, Catalogue, LocationEntry, MegastructureEntry


def catalogue_from_db() -> Catalogue:
    locations = {
        location.name: LocationEntry(
            name=location.name,
            zone=location.zone_id,
            base_location=location.base_location,
            naming_spaces=location.naming_spaces,
        )
        for location in Location.objects.all()
    }
    megastructures = {
        m.key: MegastructureEntry(
            key=m.key,
            name=m.name,
            type=m.type,
            # The +5 presence zone is the zone of the megastructure's location, as corrected.
            zone=locations[m.location.name].zone if m.location else None,
            fixed_game=m.fixed_game,
            location=m.location.name if m.location else None,
            order=m.order,
        )
        for m in Megastructure.objects.select_related("location")
    }
    section_boxes = {
        section.key: section.boxes for section in TrackerSection.objects.order_by("order", "key")
    }
    awards = {
        (award.section_id, award.tier): AwardEntry(
            section=award.section_id, tier=award.tier, name=award.name, points=award.points
        )
        for award in Award.objects.all()
    }
    return Catalogue(
        megastructures=megastructures,
        section_boxes=section_boxes,
        awards=awards,
        locations=locations,
    )
