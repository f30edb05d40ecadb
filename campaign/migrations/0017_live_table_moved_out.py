"""The live table's models left for the `live` app with their tables (live 0001): taken out of
this app's state only, no table dropped, every row kept."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0016_campaign_time_zone"),
        ("live", "0001_initial"),
        ("accounts", "0005_guest_seat_draft_in_live"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="DraftLive"),
                migrations.DeleteModel(name="SeatCard"),
                migrations.DeleteModel(name="GamePhoto"),
                migrations.DeleteModel(name="GameDraft"),
            ]
        )
    ]
