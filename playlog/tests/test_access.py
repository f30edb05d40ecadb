"""Who may do what to a play log, tried on every address a play log has.

The same rules as campaigns (accounts/tests/test_access.py), from the same lookup
(`accounts.access.space_for`): the owner, a player, a viewer, a signed-in outsider and an
anonymous visitor, on every pattern of a play log (`playlog:` and each game's namespace) that
takes a log (read from the URL resolver, so a page added tomorrow is tried too).
"""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import Client
from django.urls import URLPattern, reverse

from accounts import access
from accounts.models import Invite, Membership, Role
from accounts.tests.factory import add_member, make_user
from playlog.models import Play, PlayLog, PlayPerson
from playlog.tests.factory import PlayWorld, in_a_play_log
from tests.url_patterns import named_patterns

# Who may read or change what, answered by the access checks before any database-specific
# work: the SQLite leg runs it (tests/plugins/ordering.py, `one_database`).
ONE_DATABASE = pytest.mark.one_database
pytestmark = [pytest.mark.django_db, ONE_DATABASE]

# Pages that only show a form a viewer may not use: refused on GET too.
WRITE_FORM_PAGES = {
    "space_explorers:new",
    "colonists:new",
    "startropolis:new",
    "startropolis:new_end",
    "startropolis:sheet",
    # A player's own view (credits, mission) is for the people at the table, not a viewer.
    "startropolis:seat",
    "space_explorers:sheet",
    "space_explorers:step",
    "colonists:sheet",
    "playlog:play_delete",
}
# The owner's alone.
OWNER_ONLY = {
    "playlog:settings",
    "playlog:delete",
    "playlog:members",
    "playlog:member_role",
    "playlog:member_remove",
    "playlog:invite_create",
    "playlog:invite_revoke",
}


class People:
    def __init__(self) -> None:
        self.users = {name: make_user(f"{name}-of-the-log") for name in ("owner", "outsider")}
        self.world = PlayWorld(self.users["owner"])
        self.users["player"] = self.world.player.user
        self.users["viewer"] = self.world.viewer.user
        self.clients = {}
        for name, user in self.users.items():
            client = Client()
            client.force_login(user)
            self.clients[name] = client
        self.clients["anonymous"] = Client()

    def __getattr__(self, name: str) -> Client:
        return self.__dict__["clients"][name]


@pytest.fixture
def people() -> People:
    return People()


def log_patterns() -> list[tuple[str, URLPattern]]:
    return sorted(
        (name, pattern)
        for name, pattern in named_patterns()
        if in_a_play_log(name) and "log" in pattern.pattern.converters
    )


def address(name: str, pattern: URLPattern, people: People) -> str:
    return reverse(name, kwargs=people.world.kwargs(name, pattern.pattern.converters))


def rows() -> dict[str, list]:
    return {
        model.__name__: list(model.objects.order_by("pk").values())
        for model in (PlayLog, Play, PlayPerson, Membership, Invite)
    }


def test_the_list_of_play_log_addresses_is_complete():
    names = {name for name, _ in log_patterns()}
    for expected in (
        "playlog:log",
        "playlog:play",
        "playlog:export",
        "space_explorers:opponent",
        "space_explorers:undo",
        "colonists:sheet",
        "colonists:board",
        "playlog:members",
        "playlog:invite_create",
        "playlog:stats",
    ):
        assert expected in names
    assert len(names) >= 25


def test_an_outsider_gets_404_from_every_play_log_address(people):
    before = rows()
    for name, pattern in log_patterns():
        url = address(name, pattern, people)
        get, post = people.outsider.get(url), people.outsider.post(url)
        assert {get.status_code, post.status_code} <= {404, 405}, name
        assert 404 in (get.status_code, post.status_code), name
    assert rows() == before


def test_an_unknown_play_log_is_the_same_404(people):
    for url in ("/plays/no-such-log/", "/plays/no-such-log/members/", "/plays/no-such-log/1/"):
        assert people.owner.get(url).status_code == 404


def test_a_viewer_gets_403_for_every_write_and_reads_every_page(people):
    before = rows()
    for name, pattern in log_patterns():
        url = address(name, pattern, people)
        assert people.viewer.post(url).status_code in (403, 405), name
        got = people.viewer.get(url)
        if name in WRITE_FORM_PAGES or name in OWNER_ONLY:
            assert got.status_code in (403, 405), name
        else:
            assert got.status_code in (200, 302, 405), name
    assert rows() == before


def test_every_write_as_a_viewer_is_403_not_405(people):
    posts = []
    for name, pattern in log_patterns():
        url = address(name, pattern, people)
        if people.outsider.post(url).status_code == 404:
            posts.append(name)
            assert people.viewer.post(url).status_code == 403, name
    assert {"space_explorers:opponent", "playlog:import", "playlog:invite_create"} <= set(posts)


def test_a_player_is_refused_only_the_owners_pages(people):
    before = rows()
    for name, pattern in log_patterns():
        url = address(name, pattern, people)
        if name in OWNER_ONLY:
            assert people.player.post(url).status_code in (403, 405), name
            assert people.player.get(url).status_code in (403, 405), name
        else:
            assert people.player.get(url).status_code in (200, 302, 405), name
    assert rows() == before


def test_anonymous_visitors_are_sent_to_log_in_and_never_read(people):
    login = reverse("login")
    for name, pattern in log_patterns():
        url = address(name, pattern, people)
        for response in (people.anonymous.get(url), people.anonymous.post(url)):
            if response.status_code == 302:
                assert response["Location"].startswith(f"{login}?next="), name
            else:
                assert response.status_code in (404, 405), name


def test_the_owner_reads_every_page(people):
    for name, pattern in log_patterns():
        url = address(name, pattern, people)
        assert people.owner.get(url).status_code in (200, 302, 405), name


def test_staff_may_read_a_play_log_but_not_change_it(people):
    staff = make_user("helper", is_staff=True)
    client = Client()
    client.force_login(staff)
    log = people.world.log
    assert client.get(reverse("playlog:log", args=[log.slug])).status_code == 200
    assert client.get(reverse("space_explorers:new", args=[log.slug])).status_code == 403


class Request:
    def __init__(self, user):
        self.user = user


@pytest.mark.parametrize(
    ("role", "reader", "player", "owner"),
    [
        (Role.OWNER, 200, 200, 200),
        (Role.PLAYER, 200, 200, 403),
        (Role.VIEWER, 200, 403, 403),
        (None, 404, 404, 404),
    ],
)
def test_the_lookup_answers_by_role_in_one_query(
    django_assert_num_queries, role, reader, player, owner
):
    log = PlayWorld(make_user("someone")).log
    user = make_user("caro")
    if role:
        add_member(log, user, role)
    for need, expected in ((access.READ, reader), (access.PLAY, player), (access.OWN, owner)):
        with django_assert_num_queries(1):
            try:
                found = access.space_for(Request(user), PlayLog, log.slug, need)
            except Http404:
                answer = 404
            except PermissionDenied:
                answer = 403
            else:
                answer = 200
                assert found == log and found.member_role == role
        assert answer == expected, need


def test_a_membership_belongs_to_one_space_only(people):
    from django.db import IntegrityError, transaction

    from campaign.models import Campaign

    campaign = Campaign.objects.create(name="Both", slug="both")
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(
            campaign=campaign, play_log=people.world.log, user=people.users["outsider"]
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(user=people.users["outsider"])


def test_an_invite_to_a_play_log_joins_it_and_lands_on_it(people):
    invite = people.world.invite
    joined = people.outsider.post(reverse("accounts:join", args=[invite.token]))
    assert joined.status_code == 302
    assert joined["Location"] == people.world.log.get_absolute_url()
    membership = Membership.objects.get(user=people.users["outsider"])
    assert membership.play_log == people.world.log and membership.role == Role.PLAYER
    assert people.outsider.get(people.world.log.get_absolute_url()).status_code == 200
    page = people.anonymous.get(reverse("accounts:join", args=[invite.token])).content.decode()
    assert "this play log of the group's other games" in page
    assert "this Solar 175 campaign" not in page


def test_the_owner_manages_members_and_invites_of_a_play_log(people):
    log = people.world.log
    page = people.owner.get(reverse("playlog:members", args=[log.slug])).content.decode()
    assert "Scan to join" in page and people.users["viewer"].username in page
    made = people.owner.post(
        reverse("playlog:invite_create", args=[log.slug]), {"role": "viewer", "days": "7"}
    )
    assert made.status_code == 302
    assert Invite.objects.filter(play_log=log, role="viewer").count() == 1
    viewer = Membership.objects.get(play_log=log, user=people.users["viewer"])
    people.owner.post(
        reverse("playlog:member_role", args=[log.slug, viewer.pk]), {"role": "player"}
    )
    viewer.refresh_from_db()
    assert viewer.role == Role.PLAYER
    people.owner.post(reverse("playlog:member_remove", args=[log.slug, viewer.pk]))
    assert not Membership.objects.filter(pk=viewer.pk).exists()
    people.owner.post(reverse("playlog:invite_revoke", args=[log.slug, people.world.invite.pk]))
    people.world.invite.refresh_from_db()
    assert people.world.invite.is_revoked
    # The last owner stays.
    mine = Membership.objects.get(play_log=log, user=people.users["owner"])
    people.owner.post(reverse("playlog:member_remove", args=[log.slug, mine.pk]))
    assert Membership.objects.filter(pk=mine.pk).exists()
