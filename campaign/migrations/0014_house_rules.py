"""The house rules move into one field, in the campaign file's `settings` shape
(solar175.house_rules): a later house rule needs no new column."""

from django.db import migrations, models


def to_house_rules(apps, schema_editor):
    Campaign = apps.get_model("campaign", "Campaign")
    for campaign in Campaign.objects.only("pk", "second_place_rounding"):
        Campaign.objects.filter(pk=campaign.pk).update(
            house_rules={"second_place_rounding": campaign.second_place_rounding}
        )


def from_house_rules(apps, schema_editor):
    Campaign = apps.get_model("campaign", "Campaign")
    for campaign in Campaign.objects.only("pk", "house_rules"):
        Campaign.objects.filter(pk=campaign.pk).update(
            second_place_rounding=(campaign.house_rules or {}).get("second_place_rounding", "down")
        )


class Migration(migrations.Migration):
    dependencies = [
        ("campaign", "0013_leased_ship_presence_kept"),
    ]

    operations = [
        migrations.AddField(
            model_name="campaign",
            name="house_rules",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(to_house_rules, from_house_rules),
        migrations.RemoveField(
            model_name="campaign",
            name="second_place_rounding",
        ),
    ]
