"""The reference as printed: zones 3, 4 and 5 have base location cards (docs/catalogue.md).

The rulebook prints a zone 3 card with a base's price ("This card from zone 3 requires 3
credits and 1 mined resource token to build a base", Building Bases), bases score their zone's
number, and the winner names a city on "one base location card" of the solar system; Titan,
Titania and Triton are the one card the text names in zones 3, 4 and 5. The first reference
left them as no base location, so with zones 3 and 4 in play a winner could name a city only on
Mars or Ganymede. Each becomes a base location with 2 naming spaces, like Mars and Ganymede —
only a row still as the first reference shipped it: a staff correction stays as it is.
"""

from django.db import migrations

CORRECTED = ("Titan", "Titania", "Triton")
NAMING_SPACES = 2


def mark_base_locations(apps, schema_editor):
    location = apps.get_model("scoring", "Location")
    location.objects.filter(name__in=CORRECTED, base_location=False, naming_spaces=0).update(
        base_location=True, naming_spaces=NAMING_SPACES
    )


def unmark_base_locations(apps, schema_editor):
    location = apps.get_model("scoring", "Location")
    location.objects.filter(
        name__in=CORRECTED, base_location=True, naming_spaces=NAMING_SPACES
    ).update(base_location=False, naming_spaces=0)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0003_reference_catalogue"),
    ]

    operations = [
        migrations.RunPython(mark_base_locations, unmark_base_locations, elidable=False),
    ]
