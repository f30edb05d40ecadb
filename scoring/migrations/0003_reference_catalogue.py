"""The reference catalogue (fixtures/catalogue.json) in every database after `migrate`.

What `load_catalogue` does, with the models as this migration knows them (a later model change
must not break a fresh database's migrate): each fixture row that was never seeded and is not
there is inserted, and recorded in `CatalogueSeed`, so `load_catalogue` afterwards finds it
there and a row staff removed in the admin does not come back. Rows already in the database
(an older site that ran `load_catalogue`) are left as they are, but for one correction: the
reference now places Terraform Mars on Mars (RULES-NOTES §6), so a row the old fixture left
without a location gets it.
"""

import json
from pathlib import Path

from django.conf import settings
from django.db import migrations

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "catalogue.json"
# Rows with integer ids are named by a natural key in the fixture (scoring/models.py).
NATURAL_KEYS = {
    "scoring.location": ("name",),
    "scoring.ship": ("name",),
    "scoring.award": ("section_id", "tier"),
}
# Foreign keys: the fixture's field -> (the model it points at, the field that names the row).
FOREIGN_KEYS = {
    "zone": ("scoring.zone", "number"),
    "location": ("scoring.location", "name"),
    "section": ("scoring.trackersection", "key"),
}


def _natural(value):
    return value[0] if isinstance(value, list) and len(value) == 1 else value


def load_reference_catalogue(apps, schema_editor):
    seed_model = apps.get_model("scoring", "CatalogueSeed")
    rows = json.loads(FIXTURE.read_text(encoding="utf-8"))
    seeded = set(seed_model.objects.values_list("model", "entry"))
    for row in rows:
        label = row["model"]
        model = apps.get_model(label)
        fields = {}
        for name, value in row["fields"].items():
            if name in FOREIGN_KEYS and name in {f.name for f in model._meta.fields if f.is_relation}:
                target, key = FOREIGN_KEYS[name]
                value = _natural(value)
                if value is not None and key == "name":
                    found = apps.get_model(target).objects.filter(name=value).first()
                    value = found.pk if found else None
                fields[f"{name}_id"] = value
            elif value is None and not model._meta.get_field(name).null:
                # Empty in the fixture, not yet nullable here (a leased ship's presence):
                # the field's default, which 0005 empties again.
                continue
            else:
                fields[name] = value
        natural = NATURAL_KEYS.get(label)
        if natural:
            identity = {name: fields[name] for name in natural}
            entry = json.dumps(list(identity.values()), ensure_ascii=False)
        else:
            identity = {"pk": row["pk"]}
            entry = str(row["pk"])
        if (label, entry) not in seeded:
            if not model.objects.filter(**identity).exists():
                model.objects.create(**({} if natural else {"pk": row["pk"]}), **fields)
            seed_model.objects.create(model=label, entry=entry)
            seeded.add((label, entry))
    megastructure = apps.get_model("scoring", "Megastructure")
    mars = apps.get_model("scoring", "Location").objects.filter(name="Mars").first()
    if mars is not None:
        megastructure.objects.filter(key="terraform-mars", location=None).update(location=mars)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0002_catalogue_seed"),
    ]

    operations = [
        migrations.RunPython(load_reference_catalogue, migrations.RunPython.noop, elidable=False),
    ]
