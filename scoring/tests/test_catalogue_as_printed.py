"""The catalogue as printed (issue 22): with zones 3 and 4 in play a winner can name a city on
a card of those zones, and the data migration corrects a database seeded by the first
reference without undoing a staff correction."""

import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from scoring.catalogue import CatalogueNames, catalogue_from_db
from scoring.models import Location, Ship
from solar175.catalogue import Catalogue

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

MIGRATION = importlib.import_module("scoring.migrations.0004_base_locations_zones_3_to_5")


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


# --- the leased ships: the rulebook text prints no presence for them ----------------------

SHIPS = importlib.import_module("scoring.migrations.0005_leased_ships_presence_as_printed")
LEASED = {
    "WS Vaguard Class II",
    "Nautilus EV-280",
    "The Manchester",
    "The Kraken",
    "Titanica Elite",
}


def test_the_reference_gives_a_leased_ship_no_presence_and_keeps_the_starting_ships():
    ships = {ship.name: ship for ship in Ship.objects.all()}
    assert {name for name, ship in ships.items() if ship.leased} == LEASED
    assert all(ships[name].presence is None for name in LEASED)
    # "In your first game ships are all worth 2 presence": the starting ship's is printed.
    assert ships["DC-Xerxes 8050"].presence == 2
    assert Catalogue.from_fixture().ships["Nautilus EV-280"].presence is None
    assert catalogue_from_db().ship_presences()["The Kraken"] is None


def test_the_ship_migration_empties_only_rows_as_first_shipped():
    # As the first reference shipped them (2), and one that staff corrected since.
    Ship.objects.filter(name__in=LEASED).update(presence=2)
    Ship.objects.filter(name="The Manchester").update(presence=4)
    Ship.objects.filter(name="The Kraken").update(moves=5)

    SHIPS.empty_leased_presence(apps, None)

    rows = dict(Ship.objects.values_list("name", "presence"))
    assert rows == {
        "DC-Xerxes 8050": 2,
        "WS Vaguard Class II": None,
        "Nautilus EV-280": None,
        "Titanica Elite": None,
        "The Manchester": 4,
        "The Kraken": 2,
    }


def test_the_ships_page_shows_no_invented_presence(client):
    client.post(reverse("catalogue:reveal", args=["ships"]), {"confirm": "True"})
    page = client.get(reverse("catalogue:ships")).content.decode()
    nautilus = page[page.index("Nautilus EV-280") :]
    nautilus = nautilus[: nautilus.index("</li>")]
    assert "presence: as printed on your card (enter it in your box)" in nautilus
    assert "presence 2" not in nautilus and "(2)" not in nautilus
    assert "each counts presence 2" not in page
    xerxes = page[page.index("DC-Xerxes 8050") :]
    assert "presence 2" in xerxes[: xerxes.index("</li>")]
