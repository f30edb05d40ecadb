"""The play-log tests' shared fixtures, made with playlog/tests/factory.py: `world`, a play log
with its games, members and an invite, and `host_client`, the test client signed in as its
owner ("host")."""

import pytest
from django.test import Client

from accounts.tests.factory import make_user
from playlog.tests.factory import PlayWorld


@pytest.fixture
def world(db) -> PlayWorld:
    return PlayWorld(make_user("host"))


@pytest.fixture
def host_client(world) -> Client:
    client = Client()
    client.force_login(world.owner)
    return client
