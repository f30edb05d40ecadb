"""People, for the tests that need them: users (`make_user`, `owner`, `owner_client`),
memberships (`add_member`) and a campaign seen by each kind of person (`personas`). The
factory underneath is accounts/tests/factory.py."""

from dataclasses import dataclass

import pytest
from django.test import Client


@pytest.fixture
def make_user(db):
    """`make_user("ali")`: a user whose password is `accounts.tests.factory.PASSWORD`."""
    from accounts.tests.factory import make_user

    return make_user


@pytest.fixture
def owner(db):
    """The user `owner`: `accounts.tests.factory.owned(campaign)` makes them its owner."""
    from accounts.tests.factory import owner_user

    return owner_user()


@pytest.fixture
def owner_client(client, owner):
    """The test client, logged in as `owner`."""
    client.force_login(owner)
    return client


@pytest.fixture
def add_member(db):
    """`add_member(campaign, user, role)`: a membership (updated if there is one)."""
    from accounts.tests.factory import add_member

    return add_member


@dataclass
class Personas:
    """One campaign seen by each kind of person: a client for each, and the users."""

    owner: Client
    player: Client
    viewer: Client
    outsider: Client
    anonymous: Client
    users: dict


@pytest.fixture
def personas(db):
    """`personas(campaign)`: the campaign's owner, a player, a viewer, a signed-in outsider
    and an anonymous visitor, each with their own client (healthchecks' personas)."""
    from accounts.models import Role
    from accounts.tests.factory import add_member, make_user

    def make(campaign) -> Personas:
        users = {}
        clients = {}
        for name in ("owner", "player", "viewer", "outsider"):
            user = make_user(f"{name}-{campaign.slug}"[:150])
            if name != "outsider":
                add_member(campaign, user, Role(name))
            users[name] = user
            clients[name] = Client()
            clients[name].force_login(user)
        return Personas(**clients, anonymous=Client(), users=users)

    return make
