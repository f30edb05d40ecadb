"""The live table's models, moved from `campaign` with their tables kept: this migration only
tells Django's state where they now are (`SeparateDatabaseAndState`, no table created), and
`campaign` 0017 takes them out of its own state. Their content types follow them, so anything
that named them by type (permissions, the admin's log) still does."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED = ("gamedraft", "seatcard", "draftlive", "gamephoto")


def _relabel(apps, old: str, new: str) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not content_type.objects.filter(app_label=new, model=model).exists():
            content_type.objects.filter(app_label=old, model=model).update(app_label=new)


def to_live(apps, schema_editor):
    _relabel(apps, "campaign", "live")


def to_campaign(apps, schema_editor):
    _relabel(apps, "live", "campaign")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("campaign", "0016_campaign_time_zone"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    state_operations = [
        migrations.CreateModel(
            name="GameDraft",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                ("shared", models.JSONField(blank=True, default=dict)),
                ("revision", models.PositiveIntegerField(default=1)),
                ("phones", models.JSONField(blank=True, default=dict)),
                ("stamps", models.JSONField(blank=True, default=dict)),
                ("opened_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "campaign",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="drafts",
                        to="campaign.campaign",
                    ),
                ),
                (
                    "opened_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "shared_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "db_table": "campaign_gamedraft",
                "ordering": ["campaign_id", "number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("campaign", "number"), name="campaign_gamedraft_one_per_game"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="DraftLive",
            fields=[
                (
                    "draft",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="live",
                        serialize=False,
                        to="live.gamedraft",
                    ),
                ),
                ("revision", models.PositiveIntegerField(default=0)),
                ("html", models.TextField(blank=True)),
                ("drawn_at", models.DateTimeField()),
            ],
            options={"db_table": "campaign_draftlive"},
        ),
        migrations.CreateModel(
            name="GamePhoto",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("jpeg", models.BinaryField()),
                ("width", models.PositiveIntegerField()),
                ("height", models.PositiveIntegerField()),
                ("added_at", models.DateTimeField(auto_now=True)),
                (
                    "added_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "game",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="photo",
                        to="campaign.game",
                    ),
                ),
            ],
            options={"db_table": "campaign_gamephoto"},
        ),
        migrations.CreateModel(
            name="SeatCard",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("data", models.JSONField(blank=True, default=dict)),
                ("done", models.BooleanField(default=False)),
                ("revision", models.PositiveIntegerField(default=0)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "corporation",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="campaign.corporation",
                    ),
                ),
                (
                    "draft",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="cards",
                        to="live.gamedraft",
                    ),
                ),
                (
                    "updated_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "db_table": "campaign_seatcard",
                "ordering": ["draft_id", "corporation__order", "corporation_id"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("draft", "corporation"),
                        name="campaign_seatcard_one_per_corporation",
                    )
                ],
            },
        ),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=state_operations),
        migrations.RunPython(to_live, to_campaign),
    ]
