"""Databases earlier versions left, filled as their code wrote them, migrated forward (Django's
MigrationExecutor): every campaign and play exports and replays, scores as before, and stays
editable (docs/upgrading.md).

One walk, two versions: the 600b321 schema filled with what 600b321 stored, migrated to the
352ec41 schema and filled with what 352ec41 stored beside it (as a site that upgraded once
between them), then migrated to today's leaves."""

from __future__ import annotations

import json

import pytest
from django.apps import apps as django_apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from campaign import actions
from campaign.campaign_io import campaign_to_dict, dump_campaign
from campaign.models import Campaign
from campaign.tests.upgrades import (
    KRAKEN,
    LATER,
    LEASED,
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

# Migrating a database back and forth takes tens of seconds: the workers take it first.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.long]

# The migrations each version had applied (fixtures/upgrades/README.md).
AT_600B321 = [
    ("accounts", "0001_initial"),
    ("campaign", "0005_campaign_revision"),
    # Neither app existed then: every migration of theirs is taken back too, so the plan
    # goes backwards only (a later migration of theirs may depend on the others').
    ("hosting", None),
    ("playlog", None),
    ("scoring", "0002_catalogue_seed"),
    ("unlocks", "0001_initial"),
]
AT_352EC41 = [
    ("accounts", "0003_invite_used_by"),
    ("campaign", "0009_game_city_named_by"),
    ("hosting", "0001_password_reset_requests"),
    ("playlog", "0002_play_log_public_page"),
    ("scoring", "0004_base_locations_zones_3_to_5"),
    ("unlocks", "0001_initial"),
]
# The second version's rows sit beside the first's: their ids moved past them.
SHIFT = 1000
SHIFTED = {"auth.user", "campaign.campaign", "campaign.corporation", "campaign.game"} | {
    "playlog.playlog",
    "playlog.play",
    "playlog.playperson",
    "accounts.membership",
}


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    # An app taken back whole (None) has no node of its own in the state.
    nodes = [target for target in targets if target[1] is not None]
    return MigrationExecutor(connection).loader.project_state(nodes).apps


def fill(apps, rows, *, shift: int = 0) -> None:
    """The rows through the models as the old migrations left them (no code of today). With
    `shift`, ids and the keys pointing at them move up (`SHIFTED`) and the catalogue's rows,
    there already, are left out."""
    for row in rows:
        label = row["model"]
        if shift and label not in SHIFTED:
            continue
        model = apps.get_model(label)
        values = {}
        for name, value in row["fields"].items():
            field = model._meta.get_field(name)
            if field.many_to_many:
                assert value == [], f"{label}.{name}: a dump's many-to-many rows are not kept"
                continue
            if shift and field.is_relation and value is not None:
                if field.related_model._meta.label_lower in SHIFTED:
                    value += shift
            values[field.attname] = value
        pk = row["pk"] + shift if label in SHIFTED else row["pk"]
        model.objects.create(pk=pk, **values)


def reset_sequences() -> None:
    """Rows written with their ids leave PostgreSQL's id sequences behind: move them past."""
    models = [
        model
        for label in ("auth", "accounts", "campaign", "playlog", "scoring")
        for model in django_apps.get_app_config(label).get_models()
    ]
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)


def empty(apps, rows) -> None:
    """The test database's migrations brought today's catalogue: the tables start empty."""
    for label in dict.fromkeys(row["model"] for row in reversed(rows)):
        apps.get_model(label).objects.all().delete()


@pytest.fixture
def upgraded():
    """600b321's database, upgraded to 352ec41 and filled with its rows too, then migrated to
    today's leaf migrations; the test database is put back at the leaves whatever happens."""
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        apps = migrate(AT_600B321)
        empty(apps, old_rows())
        fill(apps, old_rows())
        fill(migrate(AT_352EC41), old_rows(LATER), shift=SHIFT)
        migrate(leaves)
        reset_sequences()
        yield
    finally:
        migrate(leaves)


def test_older_databases_upgrade_keep_their_scores_and_stay_editable(upgraded):
    ensure_catalogue()
    reference = Catalogue.from_fixture()
    # Every campaign and every play still exports, and its file replays (is read).
    assert Campaign.objects.count() == 4
    for campaign in Campaign.objects.all():
        text = dump_campaign(campaign)
        assert text.startswith('{\n  "format": "solar175-campaign",\n  "version": 1,')
        replay(campaign_to_dict(campaign), reference)
    plays = Play.objects.order_by("number")
    assert plays.count() == 3
    for play in plays:
        text = dump_play_file(play_file_of(play))
        read_play_file(json.loads(text))
        # ... exactly as 352ec41 exported it.
        assert text == (LATER / f"play-{play.number}.json").read_text(encoding="utf-8")
    # The campaign of issue 30 scores as 600b321 cached it, and stays editable.
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
    # 352ec41's campaigns: the demo and the leased ship (its presence kept in the box, 0013)
    # score as that version cached them.
    for slug in ("demo-campaign", LEASED):
        campaign = Campaign.objects.get(slug=slug)
        old = old_results(slug, LATER)
        actions.update_settings(campaign, name=f"{campaign.name}, renamed")
        now = results(campaign)
        assert {n: totals(r) for n, r in now.items()} == {n: totals(r) for n, r in old.items()}
        add_game(campaign)
    assert Campaign.objects.get(slug=LEASED).box == {
        "ships": [{"name": "Nautilus EV-280", "presence": 2}]
    }
    # No model change the migrations do not know.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
