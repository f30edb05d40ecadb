"""Several app servers (docs/hosting.md): two gunicorn servers on one PostgreSQL database and
one Redis cache. A change made through one is read through the other at once; the page
bodies, the pictures and the login throttle are shared; the backup and restore that
docs/hosting.md prints, run as printed, give back the whole site; and with the Redis stopped
midway every page still answers and the demo owner signs in.

It needs a PostgreSQL server (the suite's PostgreSQL leg: `DATABASE_URL` names it) and Redis
installed (`redis-server`: scripts/ensure_redis.sh installs it under CI). The Redis is this
test's own, on a free port, since the test stops it (never the shared one at 6379). Its
databases are its own too (named after this process, dropped afterwards).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
import urllib.parse
import uuid
from contextlib import ExitStack

import pytest

from benchmarks.concurrency import throwaway_env
from benchmarks.served import (
    Browser,
    forms_of,
    free_port,
    prepare,
    run_code,
    run_manage,
    serving,
)
from tests.site_backup import SITE, doc_block, run_sh, site_facts

# It starts its own servers on the PostgreSQL leg's database (DATABASE_URL), asking no Django test
# database: it runs on that leg though the leg keeps only the tests that use the database.
pytestmark = pytest.mark.every_database

PASSWORD = "two-servers-password-175"

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


class OwnRedis:
    """A redis-server of this test's own on a free port of 127.0.0.1, in memory only."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        import redis

        self.process = subprocess.Popen(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port)]
            + ["--save", "", "--appendonly", "no", "--maxmemory", "64mb"]
            + ["--maxmemory-policy", "allkeys-lru"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if client.ping():
                    return
            except redis.ConnectionError:
                time.sleep(0.1)
        raise RuntimeError(f"redis-server did not answer on port {self.port} in 30 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None


@pytest.fixture(scope="module")
def own_redis():
    binary = shutil.which("redis-server")
    if binary is None:
        message = "no redis-server installed: scripts/ensure_redis.sh installs Debian's"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    server = OwnRedis(binary)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def shared(own_redis):
    """Two gunicorn servers (2 workers each) on one throwaway PostgreSQL database and this
    test's own Redis, with a campaign and its owners, the demo campaign, and a site to back
    up; yields (urls, slug, environment, Redis client, key prefix, the two servers, the demo
    owner's password)."""
    import redis

    database = _postgres_url()
    prefix = f"test-two-servers-{uuid.uuid4().hex}"
    client = redis.Redis.from_url(own_redis.url)
    with throwaway_env(database) as env, ExitStack() as stack:
        env.update(REDIS_URL=own_redis.url, CACHE_KEY_PREFIX=prefix)
        prepare(env)
        slug = run_code(env, SETUP).strip().splitlines()[-1]
        run_code(env, SITE)
        demo = re.search(r"Demo login: demo / (\w+)", run_manage(env, "load_demo")).group(1)
        one = stack.enter_context(serving(env, workers=2))
        two = stack.enter_context(serving(env, workers=2))
        yield (one.url, two.url), slug, env, client, prefix, (one, two), demo


def _keys(client, prefix: str, part: str) -> list[bytes]:
    return [key for key in client.scan_iter(f"{prefix}:*") if part.encode() in key]


def test_a_change_through_one_server_is_read_through_the_other_at_once(shared):
    (one, two), slug, _, client, prefix, _, _ = shared
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
    (one, two), slug, _, client, prefix, _, _ = shared
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
    (one, two), *_ = shared
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


def test_the_documented_backup_and_restore_give_back_the_whole_site(shared, tmp_path):
    """docs/hosting.md's PostgreSQL blocks, run as printed while both servers serve the site:
    restored into a new, empty database, every campaign's and play's file, every membership,
    invitation, open draft and account are back; a campaign's file imported into a fresh
    install exports the same bytes."""
    _, slug, env, *_ = shared
    original = site_facts(env)
    assert original["drafts"] and original["plays"] and original["memberships"]
    backups = tmp_path / "backups"
    shell = {**env, "BACKUP_DIR": str(backups), "PATH": os.environ["PATH"]}
    run_sh(doc_block("backup"), shell)
    assert (backups / "solar175.dump").stat().st_size > 0
    for campaign, exported in original["campaigns"].items():
        assert (backups / f"{campaign}.json").read_text(encoding="utf-8") == exported
    with throwaway_env(env["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres") as restored:
        run_sh(doc_block("restore"), {**shell, "RESTORE_URL": restored["DATABASE_URL"]})
        assert site_facts(restored) == original
    with throwaway_env("sqlite") as fresh:
        prepare(fresh)
        run_sh(doc_block("import"), {**shell, "IMPORT_URL": fresh["DATABASE_URL"], "SLUG": slug})
        imported = run_code(
            fresh, "from campaign.models import Campaign; print(Campaign.objects.get().slug)"
        )
        exported = run_manage(fresh, "export_campaign", imported.strip())
        assert exported == original["campaigns"][slug]


DEMO_SLUG = (
    "from campaign.models import Campaign; "
    "print(Campaign.objects.get(memberships__user__username='demo').slug)"
)


def test_with_its_redis_stopped_every_page_still_answers(shared, own_redis):
    """Redis goes away midway: the dashboard, the game log, a chart and a tracker picture
    answer 200 through both servers (drawn without the cache), the demo owner signs in, and
    each worker's log says so once, not once a request. Redis back, the cache fills again.
    Last in this file: the tests before it need their Redis."""
    (one, two), _, env, client, prefix, servers, demo = shared
    run_manage(env, "axes_reset")  # the throttle's test above paused signing in from here
    owner = Browser(one)
    assert owner.log_in("demo", demo).status == 302
    slug = run_code(env, DEMO_SLUG).strip()
    charts = owner.get(f"/campaigns/{slug}/charts/").body
    tracker = re.search(r"/campaigns/[\w-]+/trackers/[\w-]+\.png", charts).group(0)
    paths = [
        f"/campaigns/{slug}/",
        f"/campaigns/{slug}/games/",
        f"/campaigns/{slug}/charts/points.svg",
        tracker,
    ]
    for path in paths:
        assert owner.get(path).status == 200, path
    assert _keys(client, prefix, "dashboard.html"), "the page body is in the cache"
    own_redis.stop()
    try:
        for _ in range(3):
            for server in (one, two):
                for path in paths:
                    answer = owner.get(server + path)
                    assert answer.status == 200, (server, path, answer.body[:300])
        # The demo owner signs in afresh, through either server.
        for server in (one, two):
            assert Browser(server).log_in("demo", demo).status == 302
        time.sleep(0.5)
        sentence = "The shared cache (REDIS_URL) cannot be reached"
        said = [server.log_text().count(sentence) for server in servers]
        # Once a minute a worker: each server has two workers, and answered 12 pages.
        assert all(1 <= count <= 2 for count in said), said
    finally:
        own_redis.start()
    assert owner.get(f"{one}/campaigns/{slug}/").status == 200
    assert _keys(client, prefix, "dashboard.html"), "the cache fills again once Redis is back"
