"""The reference as printed: a leased ship's presence is its card's, which the rulebook text
does not print (docs/catalogue.md).

"Each of your ships in that zone gives you a presence equal to the amount listed on the bottom
right of the ship card" (End Game Scoring); the text prints the starting DC-Xerxes 8050's 2 ("In
your first game ships are all worth 2 presence") and no White Star ship's card. The first
reference gave each of the five leased ships 2, a guess that scored games: their presence
becomes empty, and each group enters its card's value in its campaign's box. Only a row still as
the first reference shipped it (leased, presence 2, no moves): a staff correction stays.
"""

from django.db import migrations, models

LEASED = (
    "WS Vaguard Class II",
    "Nautilus EV-280",
    "The Manchester",
    "The Kraken",
    "Titanica Elite",
)
FIRST_SHIPPED = 2


def empty_leased_presence(apps, schema_editor):
    ship = apps.get_model("scoring", "Ship")
    ship.objects.filter(
        name__in=LEASED, leased=True, starting=False, presence=FIRST_SHIPPED, moves=None
    ).update(presence=None)


def restore_leased_presence(apps, schema_editor):
    ship = apps.get_model("scoring", "Ship")
    ship.objects.filter(name__in=LEASED, leased=True, starting=False, presence=None).update(
        presence=FIRST_SHIPPED
    )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0004_base_locations_zones_3_to_5"),
    ]

    operations = [
        migrations.AlterField(
            model_name="ship",
            name="presence",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="As the card prints it; empty when the rulebook text does not.",
                null=True,
            ),
        ),
        migrations.RunPython(empty_leased_presence, restore_leased_presence, elidable=False),
    ]
