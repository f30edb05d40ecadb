"""`load_catalogue`: inserts what is missing, never changes or brings back staff's rows.

Every database has the reference catalogue after `migrate` (the data migration
scoring/migrations/0003_reference_catalogue); these tests start from an emptied one, as an
older site's, or one whose tables were flushed, would be.
"""

import importlib
import json
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.management.commands.load_catalogue import DEFAULT_FIXTURE, load_catalogue
from scoring.models import (
    Award,
    CatalogueSeed,
    CorporationColour,
    Hub,
    Location,
    Megastructure,
    MegastructureType,
    Party,
    PlayerPower,
    Ship,
    TrackerSection,
    Zone,
)

FIXTURE_ROWS = len(json.loads(DEFAULT_FIXTURE.read_text(encoding="utf-8")))

pytestmark = pytest.mark.django_db
MIGRATION = importlib.import_module("scoring.migrations.0003_reference_catalogue")


def empty_catalogue() -> None:
    for model in (
        Award,
        TrackerSection,
        Megastructure,
        Location,
        Hub,
        Zone,
        Party,
        PlayerPower,
        Ship,
        CorporationColour,
        CatalogueSeed,
    ):
        model.objects.all().delete()


@pytest.fixture(autouse=True)
def emptied():
    empty_catalogue()


def run(*args: str) -> str:
    out = StringIO()
    call_command("load_catalogue", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def counts() -> dict[str, int]:
    return {
        "zones": Zone.objects.count(),
        "locations": Location.objects.count(),
        "megastructures": Megastructure.objects.count(),
        "awards": Award.objects.count(),
        "ships": Ship.objects.count(),
    }


def write_fixture(tmp_path, rows) -> str:
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    return str(path)


def test_it_loads_every_fixture_row_into_an_empty_database():
    out = run()

    assert f"{FIXTURE_ROWS} added, 0 already there" in out
    assert counts() == {
        "zones": 6,
        "locations": 10,
        "megastructures": 13,
        "awards": 24,
        "ships": 6,
    }
    assert CatalogueSeed.objects.count() == FIXTURE_ROWS


def test_it_can_run_twice_without_adding_anything():
    run()
    before = counts()

    out = run()

    assert counts() == before
    assert f"0 added, {FIXTURE_ROWS} already there, 0 left out" in out


def test_a_groups_edits_survive_a_second_run():
    run()
    Location.objects.filter(name="Europa").update(zone=3, base_location=True, naming_spaces=4)
    Ship.objects.filter(name="Nautilus EV-280").update(presence=3, moves=4)
    Zone.objects.filter(number=6).update(hub_name="Pluto")
    Award.objects.filter(section="influence", tier="gold").update(points=12)
    Megastructure.objects.filter(key="terraform-mars").update(
        location=Location.objects.get(name="Mars")
    )

    run()

    europa = Location.objects.get(name="Europa")
    assert (europa.zone_id, europa.base_location, europa.naming_spaces) == (3, True, 4)
    nautilus = Ship.objects.get(name="Nautilus EV-280")
    assert (nautilus.presence, nautilus.moves) == (3, 4)
    assert Zone.objects.get(number=6).hub_name == "Pluto"
    assert Award.objects.get(section="influence", tier="gold").points == 12
    assert Megastructure.objects.get(key="terraform-mars").location.name == "Mars"


def test_a_groups_own_rows_survive_a_second_run():
    run()
    callisto = Location.objects.create(name="Callisto", zone_id=2, base_location=True)
    Megastructure.objects.create(
        key="orbital-ring", name="Orbital Ring", type=MegastructureType.TYPE_IV
    )

    run()

    assert Location.objects.filter(pk=callisto.pk, name="Callisto").exists()
    assert Megastructure.objects.filter(key="orbital-ring").exists()


def test_a_renamed_row_does_not_come_back_under_its_old_name():
    run()
    # The rulebook prints "Vaguard"; a group that fixes the spelling keeps one ship, not two.
    Ship.objects.filter(name="WS Vaguard Class II").update(name="WS Vanguard Class II")
    Location.objects.filter(name="Europa").delete()

    out = run()

    assert not Ship.objects.filter(name="WS Vaguard Class II").exists()
    assert Ship.objects.filter(name="WS Vanguard Class II").exists()
    assert not Location.objects.filter(name="Europa").exists()
    assert "0 added" in out
    assert "2 left out" in out


def test_it_keeps_a_row_the_group_added_before_the_fixture_shipped_it():
    Zone.objects.create(number=1, hub_name="Terra")
    Location.objects.create(name="Mars", zone_id=1, base_location=True, naming_spaces=5)

    run()

    assert Zone.objects.get(number=1).hub_name == "Terra"
    assert Location.objects.get(name="Mars").naming_spaces == 5
    assert Location.objects.filter(name="Mars").count() == 1


def test_it_inserts_a_row_a_newer_fixture_adds(tmp_path):
    run()
    rows = json.loads(DEFAULT_FIXTURE.read_text(encoding="utf-8"))
    rows.append(
        {
            "model": "scoring.location",
            "fields": {
                "name": "Io",
                "zone": 2,
                "base_location": False,
                "naming_spaces": 0,
                "mining": True,
            },
        }
    )

    out = run("--fixture", write_fixture(tmp_path, rows))

    assert "1 added" in out
    assert Location.objects.get(name="Io").mining is True


def test_a_new_megastructure_on_a_renamed_location_is_added_without_one(tmp_path):
    run()
    Location.objects.filter(name="Mars").update(name="Mars (Yukohama)")
    rows = [
        {
            "model": "scoring.megastructure",
            "pk": "mars-ring",
            "fields": {"name": "Mars ring", "type": 4, "location": ["Mars"], "order": 1},
        }
    ]
    err = StringIO()

    call_command("load_catalogue", "--fixture", write_fixture(tmp_path, rows), stderr=err)

    assert Megastructure.objects.get(key="mars-ring").location is None
    assert "scoring.megastructure mars-ring" in err.getvalue()


def test_bad_fixture_input_exits_2_and_writes_nothing(tmp_path):
    rows = [
        {"model": "scoring.zone", "pk": 1, "fields": {"hub_name": "Earth"}},
        {"model": "scoring.location", "fields": {"name": "Nowhere", "zone": 9}},
    ]

    with pytest.raises(CommandError) as raised:
        run("--fixture", write_fixture(tmp_path, rows))

    assert raised.value.returncode == 2
    assert "zone_id" in str(raised.value)
    assert "\n" not in str(raised.value)
    assert Zone.objects.count() == 0
    assert CatalogueSeed.objects.count() == 0


def test_a_missing_fixture_file_exits_2(tmp_path):
    with pytest.raises(CommandError) as raised:
        run("--fixture", str(tmp_path / "nope.json"))

    assert raised.value.returncode == 2
    assert str(raised.value).startswith("fixture: no such file")


def test_the_loader_reports_what_it_did():
    first = load_catalogue(DEFAULT_FIXTURE)
    second = load_catalogue(DEFAULT_FIXTURE)

    assert 'scoring.location ["Mars"]' in first.inserted
    assert "scoring.megastructure dyson-swarm" in first.inserted
    assert second.inserted == []
    assert len(second.kept) == FIXTURE_ROWS


# --- the data migration --------------------------------------------------------------------


def test_the_migration_puts_the_reference_in_an_empty_database_and_load_catalogue_adds_nothing():
    MIGRATION.load_reference_catalogue(apps, None)

    assert counts() == {
        "zones": 6,
        "locations": 10,
        "megastructures": 13,
        "awards": 24,
        "ships": 6,
    }
    assert CatalogueSeed.objects.count() == FIXTURE_ROWS
    assert Megastructure.objects.get(key="terraform-mars").location.name == "Mars"
    assert f"0 added, {FIXTURE_ROWS} already there, 0 left out" in run()


def test_the_migration_places_terraform_mars_on_an_older_site_and_keeps_the_rest():
    run()
    # An older site: its catalogue loaded from the old fixture, one value changed by hand.
    Megastructure.objects.filter(key="terraform-mars").update(location=None)
    Location.objects.filter(name="Europa").update(naming_spaces=0, zone_id=3)
    Ship.objects.filter(name="Nautilus EV-280").delete()
    before = counts()

    MIGRATION.load_reference_catalogue(apps, None)

    assert Megastructure.objects.get(key="terraform-mars").location.name == "Mars"
    assert Location.objects.get(name="Europa").zone_id == 3
    # What was seeded and then removed stays removed.
    assert counts() == before


def test_the_migration_leaves_a_terraform_mars_placed_elsewhere():
    run()
    Megastructure.objects.filter(key="terraform-mars").update(
        location=Location.objects.get(name="Titan")
    )

    MIGRATION.load_reference_catalogue(apps, None)

    assert Megastructure.objects.get(key="terraform-mars").location.name == "Titan"
