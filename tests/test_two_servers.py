"""Several app servers (docs/hosting.md): two gunicorn servers on one PostgreSQL database and
one Redis cache. A change made through one is read through the other at once; the page
bodies, the pictures and the login throttle are shared; and the backup and restore that
docs/hosting.md prints, run as printed, give back the same campaign.

It needs a PostgreSQL server (the suite's PostgreSQL leg: `DATABASE_URL` names it) and a Redis
server (`TEST_REDIS_URL`, which `make test` sets when one answers: scripts/ensure_redis.sh).
Its databases are its own (named after this process, dropped afterwards) and its cache keys
carry a prefix of this run's own, so parallel runs never meet.
"""

from __future__ import annotations

import os
import re
import subprocess
import urllib.parse
import uuid
from contextlib import ExitStack
from pathlib import Path

import pytest

from benchmarks.concurrency import throwaway_env
from benchmarks.served import PROJECT, Browser, forms_of, prepare, run_code, run_manage, serving

PASSWORD = "two-servers-password-175"
DOC = PROJECT / "docs" / "hosting.md"

SETUP = f"""
from django.contrib.auth import get_user_model
from accounts.models import Membership
from benchmarks.samples import make_campaign
from campaign import actions
campaign = actions.import_campaign(make_campaign(4, corporations=3, name="Shared table"))
User = get_user_model()
for name in ("host", "victim"):
    user = User.objects.create_user(name, password={PASSWORD!r})
    Membership.objects.create(campaign=campaign, user=user, role="owner")
print(campaign.slug)
"""


def _postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not urllib.parse.urlparse(url).scheme.startswith("postgres"):
        pytest.skip("the PostgreSQL leg runs this (DATABASE_URL names no PostgreSQL server)")
    return url


def _redis_url() -> str:
    url = os.environ.get("TEST_REDIS_URL", "")
    if not url:
        message = "no Redis server (TEST_REDIS_URL unset): make test finds or starts one"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return url


@pytest.fixture(scope="module")
def shared():
    """Two gunicorn servers (2 workers each) on one throwaway PostgreSQL database and one
    Redis, with a campaign and its owner; yields (urls, slug, environment, Redis client,
    key prefix)."""
    import redis

    database, cache = _postgres_url(), _redis_url()
    prefix = f"test-two-servers-{uuid.uuid4().hex}"
    client = redis.Redis.from_url(cache)
    with throwaway_env(database) as env, ExitStack() as stack:
        env.update(REDIS_URL=cache, CACHE_KEY_PREFIX=prefix)
        prepare(env)
        slug = run_code(env, SETUP).strip().splitlines()[-1]
        one = stack.enter_context(serving(env, workers=2))
        two = stack.enter_context(serving(env, workers=2))
        try:
            yield (one.url, two.url), slug, env, client, prefix
        finally:
            keys = list(client.scan_iter(f"{prefix}:*"))
            if keys:
                client.delete(*keys)


def _keys(client, prefix: str, part: str) -> list[bytes]:
    return [key for key in client.scan_iter(f"{prefix}:*") if part.encode() in key]


def test_a_change_through_one_server_is_read_through_the_other_at_once(shared):
    (one, two), slug, _, client, prefix = shared
    host = Browser(one)
    assert host.log_in("host", PASSWORD).status == 302
    # The session is in the database: the same cookie is signed in on the other server.
    dashboard = f"{two}/campaigns/{slug}/"
    assert "Shared table" in host.get(dashboard).body
    # Renamed through server one...
    settings = f"{one}/campaigns/{slug}/settings/"
    form = next(f for f in forms_of(host.get(settings).body) if f.action.endswith("/settings/"))
    form.set("name", "Shared table, renamed")
    assert host.post(settings, form.fields).status == 302
    # ...read through server two at once, from the body server one's first reader drew.
    assert "Shared table, renamed" in host.get(f"{one}/campaigns/{slug}/").body
    bodies = _keys(client, prefix, "dashboard.html")
    assert bodies, "the page body is in the shared cache"
    page = host.get(dashboard)
    assert page.status == 200 and "Shared table, renamed" in page.body
    assert _keys(client, prefix, "dashboard.html") == bodies  # nothing drawn again


def test_a_tracker_card_is_drawn_once_for_both_servers(shared):
    (one, two), slug, env, client, prefix = shared
    host = Browser(one)
    host.log_in("host", PASSWORD)
    corporation = re.search(r"/trackers/([\w-]+)\.png", host.get(f"/campaigns/{slug}/charts/").body)
    key = corporation.group(1)
    first = host.get(f"{one}/campaigns/{slug}/trackers/{key}.png")
    assert first.status == 200 and first.headers["Content-Type"] == "image/png"
    assert len(_keys(client, prefix, "tracker-png")) == 1
    again = host.get(
        f"{two}/campaigns/{slug}/trackers/{key}.png",
        headers={"If-None-Match": first.headers["ETag"]},
    )
    assert again.status == 304
    assert len(_keys(client, prefix, "tracker-png")) == 1


def test_the_login_throttle_counts_across_servers(shared):
    (one, two), _, _, _, _ = shared
    limit = 10  # settings.AXES_FAILURE_LIMIT
    for attempt in range(1, limit + 1):
        server = (one, two)[attempt % 2]
        page = Browser(server)
        answer = page.request("/accounts/login/", _login_fields(page, "victim", f"wrong-{attempt}"))
        # The form again with its sentence; the tenth wrong password pauses signing in.
        assert answer.status == (429 if attempt == limit else 200), attempt
    for server in (one, two):
        page = Browser(server)
        locked = page.request("/accounts/login/", _login_fields(page, "victim", PASSWORD))
        assert locked.status == 429
        assert "Too many wrong passwords (10) for this username from this place" in locked.body


def _login_fields(browser: Browser, username: str, password: str) -> list[tuple[str, str]]:
    form = next(
        f for f in forms_of(browser.get("/accounts/login/").body) if f.get("username") == ""
    )
    form.set("username", username)
    form.set("password", password)
    return form.fields


def _doc_block(name: str) -> str:
    """The `sh` block of docs/hosting.md that starts with `# tested: NAME`."""
    text = DOC.read_text(encoding="utf-8")
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        if block.startswith(f"# tested: {name}\n"):
            return block
    raise AssertionError(f"docs/hosting.md has no block '# tested: {name}'")


def test_the_documented_backup_and_restore_give_back_the_same_campaign(shared, tmp_path):
    (one, _), slug, env, _, _ = shared
    host = Browser(one)
    host.log_in("host", PASSWORD)
    original = run_manage(env, "export_campaign", slug)
    backups = tmp_path / "backups"
    shell = {**env, "BACKUP_DIR": str(backups), "PATH": os.environ["PATH"]}
    _run_sh(_doc_block("backup"), shell)
    assert (backups / "solar175.dump").stat().st_size > 0
    assert (backups / f"{slug}.json").read_text(encoding="utf-8") == original
    # Restore the dump into a new database, and the file into a fresh install.
    with throwaway_env(env["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres") as restored:
        with throwaway_env("sqlite") as fresh:
            prepare(fresh)
            _run_sh(
                _doc_block("restore"),
                {
                    **shell,
                    "RESTORE_URL": restored["DATABASE_URL"],
                    "IMPORT_URL": fresh["DATABASE_URL"],
                    "SLUG": slug,
                },
            )
            assert run_manage(restored, "export_campaign", slug) == original
            imported = run_code(
                fresh, "from campaign.models import Campaign; print(Campaign.objects.get().slug)"
            )
            assert run_manage(fresh, "export_campaign", imported.strip()) == original


def _run_sh(script: str, env: dict[str, str]) -> None:
    result = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=Path(PROJECT),
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
