"""The hosting path, as a host runs it (README "Host it for your group", docs/hosting.md):
`collectstatic` with the hashed, compressed storage, gunicorn with the project's config on a
free port, and real HTTP requests: the login page, a campaign page, a hashed compressed static
file; and the limits a host relies on, each answered with a sentence.

Everything runs in processes of its own, on a SQLite file and a static directory in a
temporary directory; nothing but 127.0.0.1 is asked.
"""

from __future__ import annotations

import io
import json
import os
import re
import socket
import subprocess
import time

import pytest

from benchmarks.served import (
    PROJECT,
    Browser,
    base_env,
    forms_of,
    free_port,
    gunicorn,
    prepare,
    python,
    run_code,
    run_manage,
    serving,
)
from scoring.tests.catalogue import ensure_catalogue

PASSWORD = "hosting-test-password-175"
MANIFEST = "whitenoise.storage.CompressedManifestStaticFilesStorage"

SETUP = f"""
from django.contrib.auth import get_user_model
from accounts.models import Membership
from benchmarks.samples import make_campaign
from campaign import actions
campaign = actions.import_campaign(make_campaign(3, corporations=3, name="Hosted group"))
user = get_user_model().objects.create_user("host", password={PASSWORD!r})
Membership.objects.create(campaign=campaign, user=user, role="owner")
print(campaign.slug)
"""


@pytest.fixture(scope="module")
def hosted(tmp_path_factory):
    """The app as `make serve` runs it: collected static files, migrated database, gunicorn
    (2 workers) with config/gunicorn.conf.py; yields (url, campaign slug, environment)."""
    directory = tmp_path_factory.mktemp("hosted")
    env = base_env(
        SECRET_KEY="hosting-test-" + "x" * 40,
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=f"sqlite:///{directory / 'hosted.sqlite3'}",
        STATICFILES_BACKEND=MANIFEST,
        STATIC_ROOT=str(directory / "static"),
        SQLITE_BUSY_SECONDS="2",
    )
    env.pop("REDIS_URL", None)
    # What a host runs: the manifest storage follows every file a CSS or JS file names.
    run_manage(env, "collectstatic", "--noinput")
    assert (directory / "static" / "staticfiles.json").exists()
    prepare(env)
    slug = run_code(env, SETUP).strip().splitlines()[-1]
    with serving(env, workers=2) as served:
        yield served.url, slug, env


def _sqlite_file(env) -> str:
    return env["DATABASE_URL"].removeprefix("sqlite:///")


@pytest.mark.long
def test_collectstatic_with_the_manifest_storage_finds_every_file(hosted):
    _, _, env = hosted
    # Running it again changes nothing and fails on nothing (a vendored file naming a map
    # that is not shipped failed here: static/vendor/README.md).
    output = run_manage(env, "collectstatic", "--noinput")
    assert "0 static files copied" in output
    for name in ("bootstrap.min.css", "bootstrap.bundle.min.js", "htmx.min.js"):
        text = (PROJECT / "static" / "vendor" / name).read_text(encoding="utf-8")
        assert "sourceMappingURL" not in text, name


def test_the_login_page_answers_with_its_headers(hosted):
    url, _, _ = hosted
    page = Browser(url).get("/accounts/login/")
    assert page.status == 200
    assert 'name="password"' in page.body
    policy = page.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src-elem 'self'" in policy
    assert "unsafe-eval" not in policy
    # The page names its static files by their hashed names.
    assert re.search(r"/static/vendor/bootstrap\.min\.[0-9a-f]{12}\.css", page.body)


def test_a_signed_in_campaign_page_is_private(hosted):
    url, slug, _ = hosted
    browser = Browser(url)
    assert browser.log_in("host", PASSWORD).status == 302
    page = browser.get(f"/campaigns/{slug}/")
    assert page.status == 200
    assert "Hosted group" in page.body
    assert "private" in page.headers["Cache-Control"]
    members = browser.get(f"/campaigns/{slug}/members/")
    assert members.status == 200 and "private" in members.headers["Cache-Control"]
    # Out-of-range numbers in addresses are pages that do not exist, never errors.
    assert browser.get(f"/campaigns/{slug}/games/9223372036854775807/summary/").status == 404
    for bogus in ("01", "x", "1.0"):
        assert browser.get(f"/campaigns/{slug}/games/?page={bogus}").status == 404


def test_a_hashed_static_file_is_served_compressed_and_kept_for_a_year(hosted):
    url, _, _ = hosted
    login = Browser(url).get("/accounts/login/").body
    path = re.search(r"(/static/vendor/bootstrap\.min\.[0-9a-f]{12}\.css)", login).group(1)
    answer = Browser(url).get(path, headers={"Accept-Encoding": "gzip"})
    assert answer.status == 200
    assert answer.headers["Content-Encoding"] == "gzip"
    assert "max-age=315360000" in answer.headers["Cache-Control"]
    assert "immutable" in answer.headers["Cache-Control"]
    script = re.search(r"(/static/js/app\.[0-9a-f]{12}\.js)", login).group(1)
    assert Browser(url).get(script).status == 200


def _raw_request(url: str, head: bytes, body: bytes = b"") -> str:
    """What the server answers to bytes sent as they are (its status line)."""
    port = int(url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(head + body)
        return connection.recv(4096).decode("latin-1").split("\r\n", 1)[0]


def test_a_200_mb_upload_is_refused_before_it_is_read(hosted):
    url, _, _ = hosted
    browser = Browser(url)
    browser.get("/accounts/login/")
    token = browser.csrf_token()
    size = 200 * 1024 * 1024
    head = (
        "POST /campaigns/import/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Content-Type: multipart/form-data; boundary=x\r\n"
        f"Content-Length: {size}\r\nCookie: csrftoken={token}\r\nX-CSRFToken: {token}\r\n"
        f"Referer: {url}/\r\nConnection: close\r\n\r\n"
    ).encode()
    started = time.monotonic()
    # Only the first kilobyte is sent: the answer comes without the other 199.99 MB.
    status = _raw_request(url, head, b"--x\r\n" + b"0" * 1024)
    assert status == "HTTP/1.1 413 Request Entity Too Large"
    assert time.monotonic() - started < 10


def test_gunicorn_refuses_a_request_line_or_headers_too_long(hosted):
    url, _, _ = hosted
    line = f"GET /{'a' * 5000} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    assert _raw_request(url, line) == "HTTP/1.1 414 URI Too Long"
    headers = "".join(f"X-Filler-{n}: {n}\r\n" for n in range(60))
    many = f"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode()
    assert _raw_request(url, many) == "HTTP/1.1 431 Request Header Fields Too Large"


def test_it_refuses_to_start_without_a_secret_key(tmp_path):
    env = base_env(DEBUG="0", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    env.pop("SECRET_KEY", None)
    port = free_port()
    result = subprocess.run(
        [*gunicorn(), "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "SECRET_KEY is not set: a hosted app (DEBUG off) needs its own" in result.stderr


def test_the_development_server_still_starts_with_debug_on(tmp_path):
    """`make run` (DEBUG=1, no SECRET_KEY) is a laptop: it starts on the local-only key."""
    env = base_env(DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    env.pop("SECRET_KEY", None)
    code = "import config.wsgi; print('started')"
    result = subprocess.run(
        [python(), "-c", code], cwd=PROJECT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.stdout.strip() == "started", result.stderr


def test_a_save_that_finds_the_database_busy_gets_its_form_back(hosted):
    """Someone else holds SQLite's write lock longer than the busy timeout (2 s here): the
    save answers its form with the person's entries and a sentence, never a 500."""
    import sqlite3

    url, slug, env = hosted
    browser = Browser(url)
    browser.log_in("host", PASSWORD)
    path = f"/campaigns/{slug}/games/2/edit/"
    form = browser.form(path, path)
    form.set("game-notes", "Kept through a busy moment.")
    holder = sqlite3.connect(_sqlite_file(env), isolation_level=None, timeout=30)
    try:
        holder.execute("BEGIN IMMEDIATE")
        answer = browser.post(path, form.fields)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert answer.status == 400
    assert "Nothing was saved: the app was busy saving what others sent" in answer.body
    assert "Kept through a busy moment." in answer.body
    # Once the lock is free, the same entries save.
    assert browser.post(path, form.fields).status == 302


# --- the shared cache is an accelerator, never a dependency --------------------------------


def _settings_with(**environment: str) -> dict:
    """config/settings.py's own values, read again with `environment` set."""
    import os
    import runpy
    from unittest import mock

    with mock.patch.dict(os.environ, environment):
        return runpy.run_path(str(PROJECT / "config" / "settings.py"))


@pytest.mark.django_db
def test_with_redis_unreachable_every_page_answers_and_the_log_says_so_once(client, caplog):
    """REDIS_URL names a port nobody listens on: the cached pages and pictures answer, drawn
    without the cache, and the log says so once for the lot, not twice a page."""
    import logging

    from django.test import override_settings
    from django.urls import reverse

    from accounts.tests.factory import owned, owner_user
    from benchmarks.samples import make_campaign
    from campaign import actions

    ensure_catalogue()
    campaign = owned(actions.import_campaign(make_campaign(3, corporations=3)))
    client.force_login(owner_user())
    hosted = _settings_with(REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")
    for once in logging.getLogger("hosting.shared_cache").filters:
        once.reset()  # what an earlier test said is not this one's
    key = campaign.corporations.order_by("order").first().key
    paths = [
        reverse("campaign:dashboard", args=[campaign.slug]),
        reverse("campaign:games", args=[campaign.slug]),
        reverse("pictures:chart_points", args=[campaign.slug]),
        reverse("pictures:tracker_png", args=[campaign.slug, key]),
    ]
    caplog.set_level(logging.WARNING)
    with override_settings(
        **{name: value for name, value in hosted.items() if name.startswith(("CACHES", "DJANGO_"))}
    ):
        started = time.monotonic()
        for _ in range(2):
            for path in paths:
                assert client.get(path).status_code == 200, path
        spent = time.monotonic() - started
    said = [r for r in caplog.records if r.name == "hosting.shared_cache"]
    assert len(said) == 1, [r.getMessage() for r in said]
    assert (
        said[0]
        .getMessage()
        .startswith("The shared cache (REDIS_URL) cannot be reached: pages are drawn without it")
    )
    assert "Connection refused" in said[0].getMessage()
    assert said[0].exc_info is None  # a line, not a traceback a page
    assert spent < 20, spent


def test_the_cache_outage_is_said_again_a_minute_later_with_what_was_held_back():
    import logging

    from hosting.logs import OnceAMinute

    once = OnceAMinute("The shared cache cannot be reached")

    def record() -> logging.LogRecord:
        try:
            raise ConnectionError("Connection refused")
        except ConnectionError:
            import sys

            return logging.LogRecord(
                "hosting.shared_cache",
                logging.ERROR,
                __file__,
                1,
                "Exception ignored",
                None,
                sys.exc_info(),
            )

    assert once.filter(record())
    assert [once.filter(record()) for _ in range(5)] == [False] * 5
    once.last -= 61  # a minute later
    again = record()
    assert once.filter(again)
    assert again.getMessage() == (
        "The shared cache cannot be reached (ConnectionError: Connection refused); "
        "5 more like it in the last minute"
    )
    assert again.levelname == "WARNING"


def test_a_busy_database_answers_a_drafts_phone_in_json():
    """A push that found the database busy (hosting.busy.DatabaseBusy) gets the busy sentence
    as JSON, which live/static/js/draft.js shows while it keeps the changes to send again; a page's
    form gets the page."""
    from django.test import RequestFactory

    from hosting.busy import BUSY_SENTENCE, DatabaseBusy
    from hosting.middleware import BusyDatabaseMiddleware

    middleware = BusyDatabaseMiddleware(lambda request: None)
    push = RequestFactory().post("/x/push/", data=b"{}", content_type="application/json")
    answer = middleware.process_exception(push, DatabaseBusy())
    assert answer.status_code == 503 and answer["Retry-After"] == "2"
    assert answer["Content-Type"] == "application/json"
    assert json.loads(answer.content) == {"error": f"{BUSY_SENTENCE} in a moment."}
    poll = RequestFactory().get("/x/live/?v=1", HTTP_ACCEPT="application/json")
    assert json.loads(middleware.process_exception(poll, DatabaseBusy()).content)["error"]
    form = RequestFactory().post("/x/", {"credits": "3"})
    page = middleware.process_exception(form, DatabaseBusy())
    assert page.status_code == 503 and page["Content-Type"].startswith("text/html")
    assert "go back, and send it again in a moment." in page.content.decode()


# --- a 403 in the log ------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_403_is_one_line_in_the_log_without_a_traceback(client, caplog):
    """A viewer posting what only a player may: Django's request log says it on one line, the
    path and the reason, never the traceback of the `PermissionDenied`."""
    import logging

    from django.urls import reverse

    from accounts.models import Role
    from accounts.tests.factory import add_member, make_user, owned
    from benchmarks.samples import make_campaign
    from campaign import actions

    ensure_catalogue()
    campaign = owned(actions.import_campaign(make_campaign(3, corporations=3)))
    viewer = make_user("viewer-403")
    add_member(campaign, viewer, Role.VIEWER)
    client.force_login(viewer)
    caplog.set_level(logging.INFO, logger="django.request")
    handler = logging.StreamHandler(io.StringIO())
    logging.getLogger("django.request").addHandler(handler)
    try:
        path = reverse("campaign:game_photo_remove", args=[campaign.slug, 2])
        assert client.post(path).status_code == 403
        seat = reverse("campaign:seat_choice", args=[campaign.slug])
        assert client.post(seat, {"key": "teal"}).status_code == 403
    finally:
        logging.getLogger("django.request").removeHandler(handler)
    records = [r for r in caplog.records if r.name == "django.request"]
    assert [r.levelname for r in records] == ["WARNING", "WARNING"]
    assert all(r.exc_info is None and r.exc_text is None for r in records)
    assert records[0].getMessage() == (
        f"Forbidden (Permission denied): {path} "
        "(You can read this campaign but not change it: ask its owner to make you a player.)"
    )
    assert records[1].getMessage() == (
        f"Forbidden (Permission denied): {seat} "
        "(A viewer holds no seat: ask the owner to make you a player.)"
    )
    # As a log handler writes them: two lines, no traceback.
    written = handler.stream.getvalue()
    assert written.count("\n") == 2 and "Traceback" not in written, written
    assert "Traceback" not in caplog.text


# --- a database the app cannot reach -----------------------------------------------------

UNREACHABLE = (
    "The app cannot reach its database right now: nothing typed on this page was saved. "
    "Try again in a minute."
)


@pytest.fixture(
    params=["postgres", "sqlite"],
    ids=["postgresql-port-closed", "sqlite-file-cannot-open"],
)
def unreachable(request, tmp_path):
    """gunicorn (as hosted, DEBUG off) whose database cannot be reached: a PostgreSQL server
    address where nothing listens, or a SQLite file in a folder that does not exist."""
    if request.param == "postgres":
        database = f"postgres://postgres@127.0.0.1:{free_port()}/solar175"
    else:
        database = f"sqlite:///{tmp_path / 'no-such-folder' / 'db.sqlite3'}"
    env = base_env(
        SECRET_KEY="hosting-test-" + "x" * 40,
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=database,
    )
    env.pop("REDIS_URL", None)
    with serving(env, workers=1) as served:
        yield served


def test_an_unreachable_database_is_a_page_with_a_sentence(unreachable):
    browser = Browser(unreachable.url)
    login = browser.get("/accounts/login/")  # anonymous, no session: it needs no database
    assert login.status == 200
    # A session cookie: the session and the person are read from the database before any view.
    browser.cookies.set_cookie(_cookie("sessionid", "a" * 32))
    for path in ("/campaigns/", "/plays/", "/accounts/login/"):
        page = browser.get(path)
        assert page.status == 503, (path, page.status, page.body[:300])
        assert UNREACHABLE in page.body
        assert "<title>Database unreachable" in page.body
        assert page.headers["Retry-After"] == "60"
    # A form sent: refused with the same sentence, never Django's bare "Server Error (500)".
    form = next(f for f in forms_of(login.body) if "username" in f.names())
    form.set("username", "host")
    form.set("password", PASSWORD)
    sent = browser.post("/accounts/login/", form.fields)
    assert sent.status == 503 and UNREACHABLE in sent.body
    assert "Server Error" not in sent.body
    # htmx: the sentence alone, to be shown at the top of the page it came from.
    live = browser.get("/campaigns/", headers={"HX-Request": "true"})
    assert live.status == 503
    assert live.body.strip() == f'<div class="alert alert-warning" role="alert">{UNREACHABLE}</div>'
    assert live.headers["HX-Retarget"] == "#unavailable-banner"
    assert live.headers["HX-Reswap"] == "innerHTML"
    # A draft's phone (live/static/js/draft.js): its push sends JSON, its poll asks for JSON (with
    # htmx's header): each gets JSON with the sentence, which the phone shows, keeping what
    # was typed to send again; a member's and a guest's addresses alike.
    together = "/campaigns/group/games/together"
    for path, body, headers in (
        (f"{together}/push/", b'{"changes": []}', {"Content-Type": "application/json"}),
        (f"{together}/live/?v=3&phone=p1", None, {"Accept": "application/json"}),
        ("/g/some-guest-token/push/", b"{}", {"Content-Type": "application/json"}),
        ("/g/some-guest-token/live/?v=1", None, {"Accept": "application/json"}),
    ):
        answer = browser.request(path, body, headers={**headers, "HX-Request": "true"})
        assert answer.status == 503, (path, answer.status, answer.body[:300])
        assert answer.headers["Content-Type"] == "application/json", path
        assert json.loads(answer.body) == {"error": UNREACHABLE}, path
        assert answer.headers["Retry-After"] == "60"
    # The log says so once a minute, not once a request.
    time.sleep(0.5)
    said = unreachable.log_text().count("The app cannot reach its database:")
    assert said == 1, unreachable.log_text()[-3000:]


def _cookie(name: str, value: str):
    import http.cookiejar

    return http.cookiejar.Cookie(
        0,
        name,
        value,
        None,
        False,
        "127.0.0.1",
        False,
        False,
        "/",
        True,
        False,
        None,
        True,
        None,
        None,
        {},
    )


# --- compressed answers ------------------------------------------------------------------


def _fetch(browser: Browser, path: str, **headers: str) -> tuple[int, bytes, dict]:
    """GET `path` with the browser's cookies: the status, the bytes as sent, the headers."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(browser.base_url + path, headers=headers)
    try:
        with browser.opener.open(request, timeout=60) as answer:
            return answer.status, answer.read(), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def test_pages_pictures_and_json_come_compressed_when_asked(hosted):
    import gzip

    url, slug, _ = hosted
    browser = Browser(url)
    assert browser.log_in("host", PASSWORD).status == 302
    answers = {
        "a page": (f"/campaigns/{slug}/", "text/html", b"Hosted group"),
        "an SVG picture": (f"/campaigns/{slug}/charts/points.svg", "image/svg+xml", b"<svg"),
        "a JSON answer": (f"/campaigns/{slug}/export/", "application/json", b'"Hosted group"'),
    }
    for what, (path, kind, inside) in answers.items():
        status, sent, headers = _fetch(browser, path, **{"Accept-Encoding": "gzip"})
        assert status == 200, what
        assert headers["Content-Type"].startswith(kind), what
        assert headers.get("Content-Encoding") == "gzip", what
        assert "Accept-Encoding" in headers.get("Vary", ""), what
        body = gzip.decompress(sent)
        assert inside in body, what
        assert len(sent) < len(body) / 2, (what, len(sent), len(body))
        status, plain, headers = _fetch(browser, path)
        assert status == 200 and "Content-Encoding" not in headers, what
        assert inside in plain, what
    # A compressed picture still answers 304 to the phone that has it (its ETag, made weak).
    path = answers["an SVG picture"][0]
    _, _, headers = _fetch(browser, path, **{"Accept-Encoding": "gzip"})
    again = _fetch(browser, path, **{"Accept-Encoding": "gzip", "If-None-Match": headers["ETag"]})
    assert again[0] == 304
    # A PNG is compressed already: sent as it is.
    page = browser.get(f"/campaigns/{slug}/charts/").body
    png = re.search(r"/campaigns/[\w-]+/trackers/[\w-]+\.png", page).group(0)
    status, _, headers = _fetch(browser, png, **{"Accept-Encoding": "gzip"})
    assert status == 200 and "Content-Encoding" not in headers


# --- one backup of the whole site (SQLite) ------------------------------------------------


def test_the_documented_sqlite_backup_and_restore_give_back_the_whole_site(hosted, tmp_path):
    """docs/hosting.md's SQLite blocks, run as printed while gunicorn serves the site: every
    campaign's and play's file, every membership, invitation, open draft and account back."""
    from tests.site_backup import SITE, doc_block, run_sh, site_facts

    _, _, env = hosted
    run_code(env, SITE)
    original = site_facts(env)
    assert original["drafts"] and original["plays"] and len(original["campaigns"]) == 2
    backups = tmp_path / "backups"
    shell = {**env, "BACKUP_DIR": str(backups), "PATH": os.environ["PATH"]}
    run_sh(doc_block("backup-sqlite"), shell)
    restored = tmp_path / "restored" / "solar175.sqlite3"
    restored.parent.mkdir()
    run_sh(doc_block("restore-sqlite"), {**shell, "SQLITE_FILE": str(restored)})
    again = {**env, "DATABASE_URL": f"sqlite:///{restored}"}
    assert site_facts(again) == original


def test_backup_sqlite_refuses_a_folder_that_is_not_there(hosted, tmp_path):
    _, _, env = hosted
    missing = tmp_path / "no-such-folder" / "solar175.sqlite3"
    result = subprocess.run(
        [python(), "manage.py", "backup_sqlite", str(missing)],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == f"file: the folder {missing.parent} does not exist"
    assert not missing.parent.exists()


class CuttableLink:
    """A TCP link from a free port of 127.0.0.1 to the PostgreSQL server, which the test cuts:
    every connection through it, open or new, is gone, as when the database's machine is."""

    def __init__(self, host: str, port: int) -> None:
        import threading

        self.target = (host, port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        self.open = True
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        import threading

        while self.open:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.open:
                client.close()
                return
            server = socket.create_connection(self.target)
            self.sockets += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for each in (source, sink):
            try:
                each.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        self.open = False
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the waiting accept()
        except OSError:
            pass
        self.listener.close()
        for each in self.sockets:
            try:
                each.shutdown(socket.SHUT_RDWR)
                each.close()
            except OSError:
                pass


@pytest.mark.long
@pytest.mark.browser
@pytest.mark.every_database
def test_the_database_gone_midway_is_said_on_the_page_and_to_htmx(hosted, browser, screenshot_path):
    """A phone signed in and reading; then the database's link is cut. A page it opens is the
    503 with its sentence; an htmx request from the page it has puts the sentence at the top
    of that page, the rest of it as it was."""
    import urllib.parse

    from benchmarks.concurrency import throwaway_env
    from tests.plugins.pages import PHONE

    database = os.environ.get("DATABASE_URL", "")
    if not urllib.parse.urlparse(database).scheme.startswith("postgres"):
        pytest.skip("the PostgreSQL leg runs this (DATABASE_URL names no PostgreSQL server)")
    static = {name: hosted[2][name] for name in ("STATICFILES_BACKEND", "STATIC_ROOT")}
    with throwaway_env(database) as env:
        env.update(static)  # the files as collected for a host
        prepare(env)
        run_code(env, SETUP)
        address = urllib.parse.urlparse(env["DATABASE_URL"])
        link = CuttableLink(address.hostname, address.port or 5432)
        env["DATABASE_URL"] = env["DATABASE_URL"].replace(
            f"{address.hostname}:{address.port or 5432}", f"127.0.0.1:{link.port}"
        )
        try:
            with serving(env, workers=1) as served:
                context = browser.new_context(**PHONE)
                page = context.new_page()
                page.goto(served.url + "/accounts/login/")
                page.fill("#id_username", "host")
                page.fill("#id_password", PASSWORD)
                page.click("form button[type=submit]")
                page.wait_for_url("**/campaigns/")
                page.wait_for_function("() => window.htmx !== undefined")
                assert page.get_by_text("Hosted group").first.is_visible()
                link.cut()
                # Twice, as a page that polls does: said once.
                for _ in range(2):
                    page.evaluate("htmx.ajax('GET', '/campaigns/', {target: '#offline-banner'})")
                    page.wait_for_timeout(1000)
                alert = page.locator("#unavailable-banner > .alert")
                alert.wait_for(timeout=15000)
                assert alert.inner_text() == UNREACHABLE
                assert page.get_by_text("cannot reach its database").count() == 1
                assert page.get_by_text("Hosted group").first.is_visible()
                page.screenshot(path=screenshot_path("database-gone-htmx.png"))
                answer = page.goto(served.url + "/plays/")
                assert answer.status == 503
                assert page.locator("h1").inner_text() == "Database unreachable"
                assert page.get_by_role("alert").inner_text() == UNREACHABLE
                page.screenshot(path=screenshot_path("database-gone-page.png"))
                context.close()
        finally:
            link.cut()
