"""Guessing ids: every address that takes an id, a number, a key or a token besides the
campaign's slug, tried under campaign A's slug with campaign B's object.

The user owns A and nothing in B. Each id-taking pattern is read from the URL resolver; a new
one the test does not know how to fill fails `test_every_id_taking_pattern_is_known`, so it
cannot slip past untried. Every request must answer 404 (or 405 for a method the view never
takes) and leave every table as it was (B's rows and `Campaign.state` included).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, reverse

from accounts.models import GuestSeat, Invite, Membership, PublicLink, Role
from accounts.tests.factory import add_member, make_user
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign, Change, Corporation, Game
from playlog.models import Play, PlayLog, PlayPerson
from playlog.tests.factory import PlayWorld, se_play
from scoring.tests.catalogue import ensure_catalogue
from tests.url_patterns import named_patterns
from unlocks.models import ComponentTick, SectionNote, SectionReveal

# Who may read or change what, answered by the access checks before any database-specific
# work: the SQLite leg runs it (tests/plugins/ordering.py, `one_database`).
ONE_DATABASE = pytest.mark.one_database
pytestmark = [pytest.mark.django_db, ONE_DATABASE]

# Kwargs that only name the campaign itself (its slug); every other kwarg is an id.
CAMPAIGN_KWARGS = {"slug"}
MISSING = 987654  # a pk or number nothing has


def id_patterns() -> dict[str, URLPattern]:
    return {
        name: pattern
        for name, pattern in named_patterns()
        if set(pattern.pattern.converters) - CAMPAIGN_KWARGS
    }


def rows() -> dict[str, list]:
    """Every table a refused request must leave as it was."""
    models = (
        get_user_model(),
        Campaign,
        Corporation,
        Game,
        Change,
        Membership,
        Invite,
        PublicLink,
        ComponentTick,
        SectionNote,
        SectionReveal,
        PlayLog,
        Play,
        PlayPerson,
    )
    return {m.__name__: list(m.objects.order_by("pk").values()) for m in models}


class World:
    """Campaign A (owned by `owner`, 2 games, 3 corporations) and campaign B (someone else's,
    6 games, 5 corporations, a player, an invite, a public link, its own history)."""

    def __init__(self) -> None:
        self.owner = make_user("a-owner")
        self.a = actions.import_campaign(make_campaign(2, corporations=3), name="Campaign A")
        add_member(self.a, self.owner, Role.OWNER)
        Invite.objects.create(campaign=self.a, created_by=self.owner)
        self.stranger = make_user("b-owner")
        data = make_campaign(6, corporations=5)
        # B's own box: a location, a ship and a megastructure A's box does not have.
        data["box"] = {
            "locations": [{"name": "Callisto", "zone": 2}],
            "megastructures": [
                {"key": "orbital-ring", "name": "Orbital Ring", "type": 4, "location": "Callisto"}
            ],
            "ships": [{"name": "Solar Sail", "presence": 3}],
        }
        self.b = actions.import_campaign(data, name="Campaign B")
        add_member(self.b, self.stranger, Role.OWNER)
        self.b_player = add_member(self.b, make_user("b-player"), Role.PLAYER)
        self.b_invite = Invite.objects.create(campaign=self.b, created_by=self.stranger)
        self.b_public = PublicLink.objects.create(campaign=self.b, enabled=False)
        self.b_one_off = Game.objects.create(
            campaign=None, played_on="2026-01-05", table={}, created_by=self.stranger
        )
        # Play logs: A's (the user's, one play fewer than B's) and B's (someone else's).
        self.log_a = PlayWorld(self.owner, "log-a").log
        self.log_b = PlayWorld(self.stranger, "log-b")
        se_play(self.log_b.log, finished=False)
        self.client = Client()
        self.client.force_login(self.owner)

    def b_play_number(self) -> int:
        """A number only B's log has (A's log has one play fewer)."""
        number = self.log_b.log.plays.order_by("-number").first().number
        assert not self.log_a.plays.filter(number=number).exists()
        return number

    def b_corporation_key(self) -> str:
        keys = set(self.b.corporations.values_list("key", flat=True))
        only_b = keys - set(self.a.corporations.values_list("key", flat=True))
        assert only_b, "B needs a corporation A does not have"
        return sorted(only_b)[0]

    def b_guest_seat(self) -> GuestSeat:
        """A seat a guest held in B's game 6 (its draft closed)."""
        corporation = self.b.corporations.order_by("order").first()
        return GuestSeat.objects.get_or_create(
            campaign=self.b, corporation=corporation, number=6, defaults={"name": "Sam"}
        )[0]

    def b_game_number(self) -> int:
        number = self.b.games.order_by("-number").values_list("number", flat=True).first()
        assert not self.a.games.filter(number=number).exists()
        return number


# How to fill each id-taking pattern with "B's" object (or, for ids that are not a campaign's,
# one nothing has). Each returns the kwargs besides the slug, which is always A's.
Filler = Callable[[World], dict]

FILLERS: dict[str, Filler] = {
    # A game of B's: its number is past A's last game.
    "campaign:game_edit": lambda w: {"number": w.b_game_number()},
    "campaign:game_move": lambda w: {"number": w.b_game_number()},
    "campaign:game_delete": lambda w: {"number": w.b_game_number()},
    "campaign:game_bgstats": lambda w: {"number": w.b_game_number()},
    "campaign:draft_seat": lambda w: {"key": w.b_corporation_key()},
    "campaign:checklist": lambda w: {"number": w.b_game_number()},
    "campaign:checklist_city": lambda w: {"number": w.b_game_number()},
    "campaign:checklist_zone": lambda w: {"number": w.b_game_number()},
    "campaign:game_photo": lambda w: {"number": w.b_game_number()},
    "campaign:game_photo_add": lambda w: {"number": w.b_game_number()},
    "campaign:game_photo_remove": lambda w: {"number": w.b_game_number()},
    "pictures:game_summary": lambda w: {"number": w.b_game_number()},
    # A's own game with B's corporation, then (below) B's game with A's corporation.
    "campaign:checklist_power": lambda w: {"number": 1, "key": w.b_corporation_key()},
    "pictures:tracker_png": lambda w: {"key": w.b_corporation_key()},
    "campaign:corporation_edit": lambda w: {"key": w.b_corporation_key()},
    "campaign:seat_claim": lambda w: {"key": w.b_corporation_key()},
    "history:undo": lambda w: {"pk": Change.objects.filter(campaign=w.b).latest("pk").pk},
    "accounts:member_role": lambda w: {"pk": w.b_player.pk},
    "accounts:member_remove": lambda w: {"pk": w.b_player.pk},
    "accounts:invite_revoke": lambda w: {"pk": w.b_invite.pk},
    # Sections are the rulebook's 33, the same numbers in every campaign: a number past them.
    "unlocks:section": lambda w: {"number": 34},
    "unlocks:section_components": lambda w: {"number": 34},
    "unlocks:section_note": lambda w: {"number": 34},
    "unlocks:section_unlock": lambda w: {"number": 34},
    "unlocks:section_take_back": lambda w: {"number": 34},
    "unlocks:section_reveal": lambda w: {"number": 34},
    "unlocks:section_hide": lambda w: {"number": 34},
    # One-off games belong to whoever scored them: B's owner's game, and a campaign's game.
    "scoring:game_detail": lambda w: {"pk": w.b_one_off.pk},
    "scoring:game_edit": lambda w: {"pk": w.b_one_off.pk},
    "scoring:game_delete": lambda w: {"pk": w.b_one_off.pk},
    # Tokens: B's public page while it is off, and a guessed invitation.
    "public:dashboard": lambda w: {"token": w.b_public.token},
    "public:games": lambda w: {"token": w.b_public.token},
    "public:trackers": lambda w: {"token": w.b_public.token},
    "public:elections": lambda w: {"token": w.b_public.token},
    "public:cities": lambda w: {"token": w.b_public.token},
    "accounts:join": lambda w: {"token": "guessed-" + w.b_invite.token[8:][::-1]},
    # The table's code of a draft and a guest's seat: guessed (no draft, no seat has them).
    "seats:table": lambda w: {"token": f"{MISSING}-0123456789abcdef0123"},
    "seats:guest_card": lambda w: {"token": "guessed-" + w.b_invite.token[8:]},
    "seats:guest_live": lambda w: {"token": "guessed-" + w.b_invite.token[8:]},
    "seats:guest_push": lambda w: {"token": "guessed-" + w.b_invite.token[8:]},
    # A seat a guest held in B's game.
    "campaign:guest_tie": lambda w: {"pk": w.b_guest_seat().pk},
    # B's own box: what B added is not in A's box.
    "campaign:box_location": lambda w: {"location": "Callisto"},
    "campaign:box_ship": lambda w: {"ship": "Solar Sail"},
    "campaign:box_megastructure": lambda w: {"megastructure": "orbital-ring"},
    # The shared reference catalogue: keys nothing has.
    "catalogue:reveal": lambda w: {"key": "no-such-entries"},
    "catalogue:hide": lambda w: {"key": "no-such-entries"},
    # Play logs: B's log itself (the user is not a member), and B's plays, members, invites
    # under A's log.
    **{
        f"playlog:{name}": lambda w: {"log": w.log_b.log.slug}
        for name in (
            "log",
            "settings",
            "delete",
            "import",
            "members",
            "invite_create",
            "public_switch",
        )
    },
    **{
        f"playlog:{name}": lambda w: {"log": w.log_a.slug, "number": w.b_play_number()}
        for name in (
            "play",
            "export",
            "bgstats",
            "play_delete",
        )
    },
    **{
        name: lambda w: {"log": w.log_a.slug, "number": w.b_play_number()}
        for name in (
            "space_explorers:turns",
            "space_explorers:opponent",
            "space_explorers:you",
            "space_explorers:undo",
            "space_explorers:change",
            "space_explorers:finish",
            "space_explorers:sheet",
            "colonists:sheet",
            "colonists:table",
            "colonists:layout",
            "colonists:round",
            "colonists:board",
            "startropolis:table",
            "startropolis:changed",
            "startropolis:picture",
            "startropolis:purchase",
            "startropolis:attach",
            "startropolis:rolls",
            "startropolis:figures",
            "startropolis:undo",
            "startropolis:finish",
            "startropolis:sheet",
        )
    },
    # A seat of B's play under A's log (the number only B's log has).
    **{
        name: lambda w: {"log": w.log_a.slug, "number": w.b_play_number(), "seat": 0}
        for name in ("startropolis:seat", "startropolis:mission")
    },
    # A step of B's play under A's log.
    "space_explorers:step": lambda w: {"log": w.log_a.slug, "number": w.b_play_number(), "step": 0},
    "space_explorers:new": lambda w: {"log": w.log_b.log.slug},
    "colonists:new": lambda w: {"log": w.log_b.log.slug},
    "startropolis:new": lambda w: {"log": w.log_b.log.slug},
    "startropolis:new_end": lambda w: {"log": w.log_b.log.slug},
    "playlog:member_role": lambda w: {"log": w.log_a.slug, "pk": w.log_b.player.pk},
    "playlog:member_remove": lambda w: {"log": w.log_a.slug, "pk": w.log_b.player.pk},
    "playlog:invite_revoke": lambda w: {"log": w.log_a.slug, "pk": w.log_b.invite.pk},
    "playlog:stats": lambda w: {"log": w.log_a.slug, "game": "no-such-game"},
    "playlog:stats_wins": lambda w: {"log": w.log_b.log.slug, "game": "space-explorers-solo"},
    "playlog:stats_spread": lambda w: {"log": w.log_a.slug, "game": "no-such-game"},
    # A play log's public page: B's log while it is off (it has no address yet), a guess.
    "playlog_public:log": lambda w: {"token": "guessed-public-page-token"},
}
# Django's password reset link: uid and token are checked by Django (an invalid link renders
# "invalid link" with 200, by design); not a campaign object.
NOT_OBJECTS = {"password_reset_confirm"}


def test_every_id_taking_pattern_is_known():
    """A new address with an id fails here until this test learns to fill it."""
    found = set(id_patterns()) - NOT_OBJECTS
    assert found - set(FILLERS) == set(), "teach FILLERS these patterns"
    assert set(FILLERS) - found == set(), "FILLERS names patterns that are gone"
    assert len(found) >= 30


def url_for(world: World, name: str, pattern: URLPattern, slug: str | None = None) -> str:
    kwargs = FILLERS[name](world)
    if "slug" in pattern.pattern.converters:
        kwargs["slug"] = slug or world.a.slug
    return reverse(name, kwargs=kwargs)


def assert_refused(client: Client, url: str, name: str) -> None:
    get, post = client.get(url), client.post(url)
    statuses = {get.status_code, post.status_code}
    assert statuses <= {404, 405}, f"{name} {url}: GET {get.status_code}, POST {post.status_code}"
    assert 404 in statuses, f"{name} {url}: never 404"


@pytest.fixture
def world() -> World:
    ensure_catalogue()
    return World()


def test_b_objects_under_a_slug_are_404_and_change_nothing(world):
    before = rows()
    b_state = Campaign.objects.get(pk=world.b.pk).replayed_state().to_dict()
    for name, pattern in id_patterns().items():
        if name in NOT_OBJECTS:
            continue
        assert_refused(world.client, url_for(world, name, pattern), name)
    assert rows() == before
    assert Campaign.objects.get(pk=world.b.pk).replayed_state().to_dict() == b_state


def test_a_objects_under_b_slug_are_404(world):
    """The other way round: A's own ids (which the user may use) under B's slug."""
    before = rows()
    a_change = Change.objects.filter(campaign=world.a).latest("pk").pk
    a_membership = Membership.objects.get(campaign=world.a, user=world.owner).pk
    a_invite = Invite.objects.get(campaign=world.a).pk
    for name, kwargs in (
        ("history:undo", {"pk": a_change}),
        ("accounts:member_role", {"pk": a_membership}),
        ("accounts:member_remove", {"pk": a_membership}),
        ("accounts:invite_revoke", {"pk": a_invite}),
        ("campaign:game_edit", {"number": 1}),
        ("campaign:checklist_power", {"number": 1, "key": "purple"}),
        ("pictures:tracker_png", {"key": "purple"}),
        ("unlocks:section", {"number": 1}),
    ):
        assert_refused(world.client, reverse(name, kwargs={"slug": world.b.slug, **kwargs}), name)
    assert rows() == before


def test_a_campaign_game_is_not_a_one_off_game(world):
    """A campaign's game (even the user's own campaign's) is not reachable as a one-off game."""
    before = rows()
    for game in (world.a.games.first(), world.b.games.first()):
        for name in ("scoring:game_detail", "scoring:game_edit", "scoring:game_delete"):
            assert_refused(world.client, reverse(name, kwargs={"pk": game.pk}), name)
    assert rows() == before


def test_b_game_with_a_corporation_key_is_404(world):
    """checklist_power with A's corporation but B's game number (past A's games)."""
    before = rows()
    url = reverse(
        "campaign:checklist_power",
        kwargs={"slug": world.a.slug, "number": world.b_game_number(), "key": "purple"},
    )
    assert_refused(world.client, url, "campaign:checklist_power")
    assert rows() == before
