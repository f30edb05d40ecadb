"""The limits a hosted app keeps (docs/hosting.md), each answered with a sentence: the login
and password-reset throttles, the password validators, the cache's bound in bytes, the
numbers of a table and of an address, the JSON reader, the invite links of a removed member.
"""

from __future__ import annotations

import copy
import pickle

import pytest
from django.core import mail
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from accounts.models import Invite, Membership, Role
from accounts.tests.factory import PASSWORD, add_member, make_user
from benchmarks.samples import make_campaign
from campaign import actions
from gamefile.json_input import JsonInputError, parse_json_text
from hosting.auth import client_address
from hosting.busy import DatabaseBusy, writing
from hosting.cache import ByteBoundedLocMemCache
from scoring.tests.catalogue import ensure_catalogue
from scoring.tests.test_wizard import TABLE
from solar175.table import read_table

# --- sign in and password reset ------------------------------------------------------------


def _log_in(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


@pytest.mark.django_db
def test_wrong_passwords_pause_that_username_at_that_address_only():
    make_user("caro")
    attacker = Client()
    for attempt in range(9):
        assert _log_in(attacker, "caro", f"wrong-{attempt}").status_code == 200
    locked = _log_in(attacker, "caro", "wrong-9")
    assert locked.status_code == 429
    assert (
        "Too many wrong passwords (10) for this username from this place" in locked.content.decode()
    )
    # The member signs in from their own phone with the right password...
    assert _log_in(Client(), "caro", PASSWORD, address="10.0.0.2").status_code == 302
    # ...which clears nothing at the guesser's address: the username stays paused there,
    assert _log_in(attacker, "caro", PASSWORD).status_code == 429
    # while another member signs in from that same address.
    make_user("dana")
    assert _log_in(Client(), "dana", PASSWORD).status_code == 302


@pytest.mark.django_db
@override_settings(AXES_ADDRESS_FAILURE_LIMIT=12)
def test_wrong_passwords_for_many_usernames_pause_that_address():
    make_user("rosa")
    for attempt in range(11):
        answer = _log_in(Client(), f"nobody-{attempt}", "wrong", address="10.0.0.3")
        assert answer.status_code == 200
    locked = _log_in(Client(), "nobody-11", "wrong", address="10.0.0.3")
    assert locked.status_code == 429
    assert "Too many wrong passwords from this place (12, for any usernames)" in (
        locked.content.decode()
    )
    assert _log_in(Client(), "rosa", PASSWORD, address="10.0.0.3").status_code == 429
    assert _log_in(Client(), "rosa", PASSWORD, address="10.0.0.4").status_code == 302


@pytest.mark.django_db
@override_settings(BEHIND_PROXY=True, TRUSTED_PROXIES=["127.0.0.1", "::1"])
def test_behind_the_proxy_the_address_it_appended_is_counted():
    make_user("ines")
    for attempt in range(10):
        # Each client claims a new first address; the proxy's own entry is the last one.
        _log_in_forwarded(Client(), "ines", "wrong", f"198.51.100.{attempt}, 203.0.113.7")
    assert _log_in_forwarded(Client(), "ines", PASSWORD, "203.0.113.7").status_code == 429
    assert _log_in_forwarded(Client(), "ines", PASSWORD, "203.0.113.8").status_code == 302


@pytest.mark.django_db
@override_settings(BEHIND_PROXY=True, TRUSTED_PROXIES=["127.0.0.1", "::1"])
def test_a_forwarded_address_from_a_peer_that_is_not_the_proxy_is_ignored():
    make_user("jo")
    for attempt in range(10):
        # Straight to the app, a new forged address each time: counted by the peer's own.
        _log_in_forwarded(Client(), "jo", "wrong", f"192.0.2.{attempt}", peer="10.9.9.9")
    assert (
        _log_in_forwarded(Client(), "jo", PASSWORD, "192.0.2.77", peer="10.9.9.9").status_code
        == 429
    )
    # The member, through the proxy from their own address, is not paused by it.
    assert _log_in_forwarded(Client(), "jo", PASSWORD, "203.0.113.9").status_code == 302


def test_the_client_address_trusts_only_the_proxys_own_entry():
    factory = RequestFactory()

    def address(peer: str, forwarded: str | None) -> str | None:
        extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
        return client_address(factory.get("/", REMOTE_ADDR=peer, **extra))

    with override_settings(BEHIND_PROXY=False):
        assert address("127.0.0.1", "203.0.113.7") == "127.0.0.1"
    with override_settings(BEHIND_PROXY=True, TRUSTED_PROXIES=["127.0.0.1", "10.1.0.0/16"]):
        assert address("127.0.0.1", "1.2.3.4, 203.0.113.7") == "203.0.113.7"
        assert address("10.1.4.2", "203.0.113.7") == "203.0.113.7"
        assert address("10.2.4.2", "203.0.113.7") == "10.2.4.2"
        assert address("127.0.0.1", "not an address") == "127.0.0.1"
        assert address("127.0.0.1", None) == "127.0.0.1"
        # Through a unix socket there is no peer address: only this machine opens it.
        assert address("", "203.0.113.7") == "203.0.113.7"


def _log_in_forwarded(
    client: Client, username: str, password: str, forwarded: str, peer: str = "127.0.0.1"
):
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=peer,
        HTTP_X_FORWARDED_FOR=forwarded,
    )


@pytest.mark.django_db
def test_a_right_password_clears_the_count():
    make_user("ali")
    client = Client()
    for attempt in range(8):
        _log_in(client, "ali", f"wrong-{attempt}")
    assert _log_in(client, "ali", PASSWORD).status_code == 302
    for attempt in range(8):
        assert _log_in(Client(), "ali", f"wrong-again-{attempt}").status_code == 200


@pytest.mark.django_db
def test_password_reset_mails_are_limited_per_email_address():
    make_user("mo", email="mo@example.org")
    statuses = [
        Client().post(reverse("password_reset"), {"email": "mo@example.org"}).status_code
        for _ in range(4)
    ]
    assert statuses == [302, 302, 302, 429]
    assert len(mail.outbox) == 3
    refused = Client().post(reverse("password_reset"), {"email": "MO@example.org"})
    assert "at most 3 password-reset mails an hour go to one address" in refused.content.decode()


@pytest.mark.django_db
def test_a_password_like_the_username_is_refused():
    response = Client().post(
        reverse("accounts:signup"),
        {"username": "saturnalia9", "password1": "saturnalia9", "password2": "saturnalia9"},
    )
    assert response.status_code == 400
    assert "The password is too similar to the username." in response.content.decode()


# --- the cache --------------------------------------------------------------------------


def test_the_page_cache_keeps_its_bytes_under_its_bound():
    cache = ByteBoundedLocMemCache(
        "test-bounded", {"OPTIONS": {"MAX_BYTES": 100_000, "MAX_ENTRIES": 1000}}
    )
    cache.clear()
    body = "x" * 9_000
    for number in range(40):
        cache.set(f"page-{number}", body)
    assert cache.bytes_held() <= 100_000
    assert cache.get("page-39") == body  # the newest kept
    assert cache.get("page-0") is None  # the oldest dropped
    # One value larger than an eighth of the bound is never kept.
    cache.set("huge", "y" * 20_000)
    assert cache.get("huge") is None
    assert len(pickle.dumps(body)) * len(cache._cache) == cache.bytes_held()


# --- numbers --------------------------------------------------------------------------


def _errors(table: dict) -> list[str]:
    return [str(error) for error in read_table(table).errors]


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        (
            lambda t: t["players"][0].update(military_tokens=10**12),
            "players[0].military_tokens: must be at most 999",
        ),
        (
            lambda t: t["players"][0].update(loans=[1] * 3_000_000),
            "players[0].loans: must list at most 20 loans (a sanity bound), not 3,000,000",
        ),
        (
            lambda t: t["players"][0].update(political_influence_ip=5000),
            "players[0].political_influence_ip: must be at most 999",
        ),
        (
            lambda t: t["hubs"]["hensler"].update(workers=10**9),
            "hubs.hensler.workers: must be at most 999",
        ),
    ],
)
def test_every_count_of_a_table_is_bounded(change, sentence):
    table = copy.deepcopy(TABLE)
    change(table)
    assert any(error.startswith(sentence) for error in _errors(table)), _errors(table)


def test_the_json_reader_refuses_repeated_keys_and_endless_numbers():
    with pytest.raises(JsonInputError, match='the key "credits" appears twice in one object'):
        parse_json_text('{"players": [{"credits": 12, "credits": 29}]}')
    with pytest.raises(JsonInputError, match="a number of 4,300 digits; numbers here have at"):
        parse_json_text('{"credits": ' + "9" * 4300 + "}")
    assert parse_json_text('{"credits": 999999999999999}') == {"credits": 999999999999999}


def test_an_error_line_quoting_a_huge_key_stays_readable():
    table = copy.deepcopy(TABLE)
    table["players"][0]["x" * 10_000_000] = 1
    line = next(error for error in _errors(table) if "xxx" in error)
    assert len(line) < 500
    assert "… (10,000,011 characters)" in line


# --- addresses ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_out_of_range_numbers_in_addresses_are_404(owner_client):
    from accounts.tests.factory import owned

    ensure_catalogue()
    campaign = owned(actions.import_campaign(make_campaign(2, corporations=2)))
    for address in (
        f"/campaigns/{campaign.slug}/games/9223372036854775807/summary/",
        f"/campaigns/{campaign.slug}/games/1000000/edit/",
        f"/campaigns/{campaign.slug}/sections/99999999999999999999/",
        f"/campaigns/{campaign.slug}/history/9999999999999999/undo/",
    ):
        assert owner_client.get(address).status_code == 404, address
    assert owner_client.get(f"/campaigns/{campaign.slug}/games/2/summary/").status_code == 200


# --- a busy database --------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_write_that_finds_the_database_locked_is_refused_with_a_sentence():
    from django.db import OperationalError

    with pytest.raises(DatabaseBusy) as refused:
        with writing():
            raise OperationalError("database is locked")
    assert refused.value.message.startswith("Nothing was saved: the app was busy")
    with pytest.raises(OperationalError, match="disk I/O error"):
        with writing():
            raise OperationalError("disk I/O error")


# --- invite links ---------------------------------------------------------------------


@pytest.mark.django_db
def test_removing_a_member_withdraws_the_links_they_joined_with(owner_client):
    from accounts.tests.factory import owned

    ensure_catalogue()
    campaign = owned(actions.import_campaign(make_campaign(1, corporations=2)))
    theirs = Invite.objects.create(campaign=campaign, role=Role.PLAYER)
    other = Invite.objects.create(campaign=campaign, role=Role.VIEWER)
    mallory = make_user("mallory")
    client = Client()
    client.force_login(mallory)
    assert client.post(reverse("accounts:join", args=[theirs.token])).status_code == 302
    membership = Membership.objects.get(campaign=campaign, user=mallory)

    response = owner_client.post(
        reverse("accounts:member_remove", args=[campaign.slug, membership.pk]), follow=True
    )

    page = response.content.decode()
    assert "mallory is no longer a member" in page
    assert "The link they joined with (as player, made" in page
    assert "Still open: as viewer, made" in page
    assert "Links still open (1)" in page
    theirs.refresh_from_db()
    other.refresh_from_db()
    assert theirs.is_revoked and not other.is_revoked
    again = client.post(reverse("accounts:join", args=[theirs.token]))
    assert again.status_code == 410
    assert not Membership.objects.filter(campaign=campaign, user=mallory).exists()
    add_member(campaign, make_user("rejoined-elsewhere"), Role.VIEWER)  # others are unaffected
