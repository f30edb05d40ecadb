"""People for tests: users, members of a campaign with a role, the owner the view tests use.

- `make_user(username)`: a user whose password is `PASSWORD`.
- `owner_user()`: the one user called "owner" (made the first time it is asked for); the
  root conftest's `owner_client` is logged in as them.
- `owned(campaign)`: makes `owner_user()` (or the given user) the campaign's owner and returns
  the campaign, so a test builds a campaign as before and reads it as its owner.
- `add_member(campaign, user, role)`.
- `join_url(invite)`: the address an invitation is joined at.

accounts/tests/conftest.py makes `campaign` and `people` (the root `personas` of it) from these.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.models import Invite, Membership, Role, space_kwargs
from campaign.models import Campaign

PASSWORD = "table-talk-175"
OWNER = "owner"


def make_user(username: str, **fields):
    return get_user_model().objects.create_user(username, password=PASSWORD, **fields)


def owner_user():
    user = get_user_model().objects.filter(username=OWNER).first()
    return user or make_user(OWNER)


def add_member(campaign: Campaign, user, role: str = Role.PLAYER) -> Membership:
    """A membership of `campaign` (or of a play log: any space) with `role`."""
    membership, _ = Membership.objects.update_or_create(
        **space_kwargs(campaign), user=user, defaults={"role": role}
    )
    return membership


def owned(campaign: Campaign, user=None) -> Campaign:
    add_member(campaign, user or owner_user(), Role.OWNER)
    return campaign


def join_url(invite: Invite) -> str:
    return reverse("accounts:join", args=[invite.token])
