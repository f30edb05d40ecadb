"""The time zone's migrations (campaign 0015, playlog 0003, found by what they do, so a
renumbering keeps the test): a campaign and a play log stored before zones existed get UTC,
the zone their pages were shown in, so nothing changes for them (docs/time-zones.md)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations import AddField
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)


def adding_the_zone(app: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """(the app's migration before the one that adds `time_zone`, that one)."""
    graph = MigrationExecutor(connection).loader.graph
    for key, migration in graph.nodes.items():
        if key[0] == app and any(
            isinstance(op, AddField) and op.name == "time_zone" for op in migration.operations
        ):
            (parent,) = [node for node in graph.node_map[key].parents if node.key[0] == app]
            return parent.key, key
    raise AssertionError(f"no migration of {app} adds time_zone")


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_campaigns_and_play_logs_stored_before_zones_existed_are_in_utc():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    (campaign_before, campaign_after) = adding_the_zone("campaign")
    (log_before, log_after) = adding_the_zone("playlog")
    try:
        old = migrate([campaign_before, log_before])
        old.get_model("campaign", "Campaign").objects.create(name="Old group", slug="old-group")
        old.get_model("playlog", "PlayLog").objects.create(name="Old log", slug="old-log")
        new = migrate([campaign_after, log_after])
        campaign = new.get_model("campaign", "Campaign").objects.get(slug="old-group")
        log = new.get_model("playlog", "PlayLog").objects.get(slug="old-log")
        assert (campaign.time_zone, log.time_zone) == ("UTC", "UTC")
    finally:
        migrate(latest)
