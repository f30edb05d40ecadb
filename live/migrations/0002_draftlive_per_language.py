"""The live panel kept per draft and language (issue 33): each phone reads the panel in its own
language, so a draft keeps one drawing per language. The rows kept so far were drawn in
English, the site's language (`LANGUAGE_CODE`), and stay as that language's."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("live", "0001_initial"),
    ]

    operations = [
        # The draft stops being the key first (its primary key constraint dropped), then the
        # new key is made.
        migrations.AlterField(
            model_name="draftlive",
            name="draft",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="panels",
                to="live.gamedraft",
            ),
        ),
        migrations.AddField(
            model_name="draftlive",
            name="id",
            field=models.BigAutoField(
                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
            ),
        ),
        migrations.AddField(
            model_name="draftlive",
            name="language",
            field=models.CharField(default="en-gb", max_length=15),
            preserve_default=False,
        ),
        migrations.AddConstraint(
            model_name="draftlive",
            constraint=models.UniqueConstraint(
                fields=("draft", "language"), name="campaign_draftlive_one_per_language"
            ),
        ),
    ]
