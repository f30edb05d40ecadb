"""The catalogue as printed (issue 22): with zones 3 and 4 in play a winner can name a city on
a card of those zones, and the data migration corrects a database seeded by the first
reference without undoing a staff correction."""

import importlib

import pytest
from django.apps import apps
from django.core.management import call_command

from scoring.catalogue import CatalogueNames
from scoring.models import Location

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("scoring.migrations.0004_base_locations_zones_3_to_5")


@pytest.fixture(autouse=True)
def catalogue():
    call_command("load_catalogue", verbosity=0)


def test_the_city_list_reaches_the_zones_in_play():
    offered = {(b.name, b.zone, b.naming_spaces) for b in CatalogueNames(None).base_locations}
    assert {("Titan", 3, 2), ("Titania", 4, 2), ("Triton", 5, 2)} <= offered


def test_the_migration_corrects_the_first_reference_and_keeps_a_staff_edit():
    # As the first reference shipped them, and one that staff corrected since.
    Location.objects.filter(name__in=("Titan", "Titania")).update(
        base_location=False, naming_spaces=0
    )
    Location.objects.filter(name="Triton").update(base_location=True, naming_spaces=4)

    MIGRATION.mark_base_locations(apps, None)

    rows = {
        name: (base, spaces)
        for name, base, spaces in Location.objects.filter(
            name__in=("Titan", "Titania", "Triton")
        ).values_list("name", "base_location", "naming_spaces")
    }
    assert rows == {"Titan": (True, 2), "Titania": (True, 2), "Triton": (True, 4)}
