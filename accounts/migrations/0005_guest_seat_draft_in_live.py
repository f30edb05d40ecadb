"""A guest's seat points at the live table's draft (`live.GameDraft`, moved from `campaign`
with its table kept): the state only, the column and its foreign key are unchanged."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_guest_seats"),
        ("live", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="guestseat",
                    name="draft",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="guest_seats",
                        to="live.gamedraft",
                    ),
                )
            ]
        )
    ]
