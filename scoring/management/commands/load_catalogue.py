"""`python manage.py load_catalogue [--fixture PATH]`: put the reference catalogue in the database.

Unlike `loaddata`, which overwrites every row it names, this only ever inserts: the catalogue
is the group's to correct (a location's zone, a leased ship's presence, a megastructure the
rulebook text does not print), and running the command again — after an upgrade that ships a
new fixture row, say — must not undo that. So, per fixture row:

- already seeded by an earlier run (recorded in `CatalogueSeed`): left alone, even if the group
  has since renamed or removed it, so a rename does not bring the old name back as a duplicate;
- already in the database (the group added it before the fixture shipped it): left alone;
- otherwise inserted.

It runs in one transaction: bad fixture input exits 2 with one line and writes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core import serializers
from django.core.serializers.base import DeserializationError, DeserializedObject
from django.db import DatabaseError, connection, models, transaction

from config.commands import InputCommand
from scoring.models import CatalogueSeed

DEFAULT_FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "catalogue.json"


@dataclass
class CatalogueLoad:
    """What one run did, for the summary line and the tests."""

    inserted: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    withheld: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def fixture_entry(instance: models.Model) -> str:
    """The row's identity in the fixture: its natural key where it has one, else its pk."""
    if hasattr(instance, "natural_key"):
        return json.dumps(list(instance.natural_key()), ensure_ascii=False)
    return str(instance.pk)


def _exists(instance: models.Model) -> bool:
    # Natural-key rows come out of the deserializer with the pk of the row of that name, or none.
    if instance.pk is None:
        return False
    return type(instance)._default_manager.filter(pk=instance.pk).exists()


@transaction.atomic
def load_catalogue(path: Path) -> CatalogueLoad:
    """Insert the fixture's rows that were never seeded and are not there; touch nothing else."""
    text = path.read_text(encoding="utf-8")
    seeded = set(CatalogueSeed.objects.values_list("model", "entry"))
    load = CatalogueLoad()
    # A megastructure may name a location by natural key; deferring lets the location come
    # later in the file, and lets a location the group renamed be reported instead of crashing.
    deferred: list[DeserializedObject] = []
    for row in serializers.deserialize("json", text, handle_forward_references=True):
        instance = row.object
        label = instance._meta.label_lower
        entry = fixture_entry(instance)
        described = f"{label} {entry}"
        if (label, entry) in seeded:
            (load.kept if _exists(instance) else load.withheld).append(described)
            continue
        if _exists(instance):
            load.kept.append(described)
        else:
            row.save()
            load.inserted.append(described)
            if row.deferred_fields:
                deferred.append(row)
        CatalogueSeed.objects.create(model=label, entry=entry)
        seeded.add((label, entry))
    for row in deferred:
        try:
            row.save_deferred_fields()
        except DeserializationError:
            # Only natural-key references are deferred, so this is one that found no row.
            load.warnings.append(
                f"{row.object._meta.label_lower} {fixture_entry(row.object)}: "
                f"refers to {sorted(str(v) for v in row.deferred_fields.values())}, which is not "
                "in the catalogue (renamed or removed?); left empty: set it in the app."
            )
    # As loaddata does: a reference to a missing row fails here, naming the table and column,
    # rather than at commit with a bare "FOREIGN KEY constraint failed".
    touched = {described.split(" ", 1)[0] for described in load.inserted}
    connection.check_constraints(
        table_names=[apps.get_model(label)._meta.db_table for label in sorted(touched)]
    )
    return load


class Command(InputCommand):
    help = (
        "Load the reference catalogue (fixtures/catalogue.json). Inserts missing rows only; "
        "never changes, or brings back, what the group edited, renamed or removed."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--fixture", type=Path, default=DEFAULT_FIXTURE)

    def handle(self, *args, fixture: Path, verbosity: int = 1, **options) -> None:
        if not fixture.is_file():
            raise self.bad_input(f"fixture: no such file {fixture}")
        try:
            load = load_catalogue(fixture)
        except (DeserializationError, DatabaseError, ValueError) as error:
            # One line, as docs/commands.md asks; the transaction has rolled everything back.
            raise self.bad_input(f"fixture: {str(error) or str(error.__cause__)}") from error
        for warning in load.warnings:
            self.stderr.write(warning)
        if verbosity >= 2:
            for described in load.inserted:
                self.stdout.write(f"added {described}")
        if verbosity >= 1:
            self.stdout.write(
                f"Catalogue: {len(load.inserted)} added, {len(load.kept)} already there, "
                f"{len(load.withheld)} left out (the group renamed or removed them)."
            )
