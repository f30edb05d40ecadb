"""Sessions are Django's own engines (issue 29; config/settings.py, docs/performance.md):
with a cache the app servers share (`REDIS_URL`), `cached_db` (read from the cache, written
to it and to the database); without, `db` (a cache per worker process would keep a signed-out
session alive in the other workers). A session stored before the change is read after it
(nobody is signed out by the upgrade), and signing out ends the session for every server."""

import os
import runpy
from pathlib import Path
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.backends import cached_db, db
from django.core.cache import caches
from django.test import Client, override_settings
from django.urls import reverse

PROJECT = Path(__file__).resolve().parents[1]
CACHED_DB = "django.contrib.sessions.backends.cached_db"
DB = "django.contrib.sessions.backends.db"
# A cache as the servers would share it; one process stands for them here.
SHARED = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def _settings_with(**environment: str) -> dict:
    """config/settings.py's own values, read again with `environment` set."""
    with mock.patch.dict(os.environ, environment):
        if "REDIS_URL" not in environment:
            os.environ.pop("REDIS_URL", None)
        return runpy.run_path(str(PROJECT / "config" / "settings.py"))


def test_the_engine_follows_the_shared_cache():
    assert _settings_with()["SESSION_ENGINE"] == DB
    assert _settings_with(REDIS_URL="redis://127.0.0.1:6379/0")["SESSION_ENGINE"] == CACHED_DB


@pytest.mark.django_db
def test_a_session_stored_by_the_database_engine_is_read_by_cached_db():
    stored = db.SessionStore()
    stored["_auth_user_id"] = "7"
    stored.create()
    with override_settings(CACHES=SHARED):
        assert cached_db.SessionStore(session_key=stored.session_key).load() == {
            "_auth_user_id": "7"
        }


@pytest.mark.django_db
@pytest.mark.parametrize("engine", [DB, CACHED_DB])
def test_signing_out_ends_the_session_on_every_server(engine):
    user = get_user_model().objects.create_user("sessions-person", password="x-175-long-pass")
    with override_settings(SESSION_ENGINE=engine, CACHES=SHARED):
        caches["default"].clear()
        one = Client()
        one.force_login(user)
        # The same phone's cookie, on another server.
        two = Client()
        two.cookies = one.cookies
        cookie = one.cookies["sessionid"].value
        assert two.get(reverse("campaign:list")).status_code == 200
        one.post(reverse("logout"))
        other = Client()
        other.cookies["sessionid"] = cookie
        answer = other.get(reverse("campaign:list"))
        assert answer.status_code == 302 and reverse("login") in answer["Location"]
        if engine == CACHED_DB:
            assert caches["default"].get(cached_db.KEY_PREFIX + cookie) is None
