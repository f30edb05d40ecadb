"""A database an earlier version left, filled as that version's code wrote it, migrated forward
(Django's MigrationExecutor): every campaign and play exports and replays, scores as before,
and stays editable (docs/upgrading.md)."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from campaign import actions
from campaign.campaign_io import campaign_to_dict, dump_campaign
from campaign.models import Campaign
from campaign.tests.upgrades import (
    KRAKEN,
    THIRTEEN,
    ZONELESS,
    add_game,
    edit_credits,
    old_results,
    old_rows,
    presence,
    results,
    totals,
)
from playlog.actions import play_file_of
from playlog.models import Play
from playlog.playfile import dump_play_file, read_play_file
from scoring.tests.catalogue import ensure_catalogue
from solar175.catalogue import Catalogue
from solar175.tests.replayed import replay

pytestmark = pytest.mark.django_db(transaction=True)

# The migrations 600b321 had applied (fixtures/upgrades/README.md).
AT_600B321 = [
    ("accounts", "0001_initial"),
    ("campaign", "0005_campaign_revision"),
    ("scoring", "0002_catalogue_seed"),
    ("unlocks", "0001_initial"),
]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


def fill(apps, rows) -> None:
    """The rows through the models as the old migrations left them (no code of today), in
    tables holding only them (the test database's migrations brought today's catalogue)."""
    for label in dict.fromkeys(row["model"] for row in reversed(rows)):
        apps.get_model(label).objects.all().delete()
    for row in rows:
        model = apps.get_model(row["model"])
        values = {}
        for name, value in row["fields"].items():
            field = model._meta.get_field(name)
            values[field.attname] = value
        model.objects.create(pk=row["pk"], **values)


@pytest.fixture
def upgraded_600b321():
    """The 600b321 database, migrated to today's leaf migrations; the test database is put
    back at the leaves whatever happens."""
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        fill(migrate(AT_600B321), old_rows())
        migrate(leaves)
        yield
    finally:
        migrate(leaves)


def test_the_600b321_database_upgrades_keeps_its_scores_and_stays_editable(upgraded_600b321):
    ensure_catalogue()
    reference = Catalogue.from_fixture()
    # Every campaign and every play still exports, and its file replays.
    for campaign in Campaign.objects.all():
        text = dump_campaign(campaign)
        assert text.startswith('{\n  "format": "solar175-campaign",\n  "version": 1,')
        replay(campaign_to_dict(campaign), reference)
    for play in Play.objects.all():
        read_play_file(json.loads(dump_play_file(play_file_of(play))))
    # The campaign of issue 30 scores as 600b321 cached it, and exports as that version did.
    kraken = Campaign.objects.get(slug=KRAKEN)
    old = old_results(KRAKEN)
    actions.update_settings(kraken, name="Kraken, renamed")  # a rename replays the whole log
    now = results(kraken)
    assert {n: totals(r) for n, r in now.items()} == {n: totals(r) for n, r in old.items()}
    assert {n: presence(r) for n, r in now.items()} == {n: presence(r) for n, r in old.items()}
    assert kraken.box == {}
    edit_credits(kraken.games.get(number=11))
    add_game(kraken)
    assert kraken.games.count() == 14
    state = Campaign.objects.get(pk=kraken.pk).replayed_state()
    assert {g.number for g in state.games if g.megastructure_zone is None and g.megastructure} == {
        11,
        13,
    }
    # The thirteen-game sample: Terraform Mars of game 9 keeps its no-zone score (campaign
    # 0015 places it nowhere in the campaign's box, where the group sees it).
    thirteen = Campaign.objects.get(slug=THIRTEEN)
    old = old_results(THIRTEEN)
    actions.update_settings(thirteen, name="Thirteen, renamed")
    now = results(thirteen)
    assert {n: presence(r) for n, r in now.items()} == {n: presence(r) for n, r in old.items()}
    assert thirteen.box == {"megastructures": [{"key": "terraform-mars", "location": None}]}
    zoneless = {
        g.number: g.megastructure
        for g in Campaign.objects.get(pk=thirteen.pk).replayed_state().games
        if g.megastructure and g.megastructure_zone is None
    }
    assert zoneless == ZONELESS[THIRTEEN]
    # The check a migration may run on a database it left: no model change it does not know.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
