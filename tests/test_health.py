"""The health address (`/health/`), HEAD requests and the log's lines, in the app and as
gunicorn serves it (docs/hosting.md, "Health and logs"); and the reset mail through a served
app configured by the environment alone, to a real SMTP server with a login.

The served site runs on a SQLite file of its own with its Redis (REDIS_URL) at a port where
nothing listens; a second, with its database at such a port, answers the health check 503.
"""

from __future__ import annotations

import json
import re
import socket
import time
import urllib.request

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from accounts.tests.smtp import smtp_server
from benchmarks.served import Browser, base_env, forms_of, free_port, prepare, run_code, serving

# The test server takes a login over plain SMTP (a test has no trusted certificate).
pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")

PASSWORD = "health-test-password-175"
MAIL_USER, MAIL_PASSWORD = "solar-mailer", "mail-secret-175"
NEW_PASSWORD = "comet-tail-4455"
HEAD_WARNING = "no-body response"
# gunicorn's own lines and the app's, alike: time, process, level, then the logger.
LOG_LINE = re.compile(
    r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}\] \[\d+\] \[(?P<level>[A-Z]+)\] "
    r"(?P<logger>[\w.]+): (?P<message>.*)$",
    re.MULTILINE,
)


def _redis_cache(url: str) -> dict:
    return {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "health-test",
            "OPTIONS": {
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": 0.25,
                "SOCKET_TIMEOUT": 0.25,
            },
        }
    }


# --- in the app ---------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("signed_in", [False, True], ids=["monitor", "signed-in-browser"])
def test_health_answers_200_and_sets_no_cookie_and_writes_nothing(client, make_user, signed_in):
    if signed_in:
        client.force_login(make_user("caro"))
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/health/")
    assert response.status_code == 200
    state = response.json()
    assert state["database"] == "reachable"
    assert "cache" in state
    assert "Set-Cookie" not in response.headers
    assert not response.cookies
    assert "no-store" in response["Cache-Control"]
    statements = [query["sql"].strip().upper() for query in queries]
    # A monitor's check is the one statement; a browser's session is read, never written.
    if not signed_in:
        assert statements == ["SELECT 1"]
    assert statements and all(sql.startswith("SELECT") for sql in statements), statements


@pytest.mark.django_db
def test_health_says_a_cache_that_does_not_answer_and_still_answers_200(client):
    with override_settings(CACHES=_redis_cache(f"redis://127.0.0.1:{free_port()}/0")):
        response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {
        "database": "reachable",
        "cache": "unreachable (ConnectionError)",
    }


def _redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), 0.5):
            return True
    except OSError:
        return False


@pytest.mark.django_db
@pytest.mark.skipif(not _redis_answers(), reason="no Redis at 127.0.0.1:6379")
def test_health_says_a_cache_that_answers(client):
    with override_settings(CACHES=_redis_cache("redis://127.0.0.1:6379/0")):
        response = client.get("/health/")
    assert response.json() == {"database": "reachable", "cache": "reachable"}


# --- as gunicorn serves it -----------------------------------------------------------------

SETUP = f"""
from django.contrib.auth import get_user_model
get_user_model().objects.create_user("caro", "caro@example.com", {PASSWORD!r})
"""


@pytest.fixture(scope="module")
def mail_server():
    with smtp_server(user=MAIL_USER, password=MAIL_PASSWORD) as server:
        yield server


@pytest.fixture(scope="module")
def served(tmp_path_factory, mail_server):
    """gunicorn (one worker) as a host runs it, its mail and cache named by the environment
    only: the SMTP server of this test with a login, and a Redis that is not there."""
    directory = tmp_path_factory.mktemp("health")
    env = base_env(
        SECRET_KEY="health-test-" + "x" * 40,
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=f"sqlite:///{directory / 'health.sqlite3'}",
        STATIC_ROOT=str(directory / "static"),
        REDIS_URL=f"redis://127.0.0.1:{free_port()}/0",
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=str(mail_server.port),
        EMAIL_HOST_USER=MAIL_USER,
        EMAIL_HOST_PASSWORD=MAIL_PASSWORD,
        DEFAULT_FROM_EMAIL="solar175@example.org",
    )
    (directory / "static").mkdir()
    for name in ("EMAIL_BACKEND", "EMAIL_USE_TLS", "EMAIL_USE_SSL", "GUNICORN_ACCESS_LOG"):
        env.pop(name, None)
    prepare(env)
    run_code(env, SETUP)
    with serving(env, workers=1) as site:
        yield site


def _head(url: str) -> tuple[int, bytes, dict]:
    request = urllib.request.Request(url, method="HEAD")
    opener = urllib.request.build_opener(_KeepRedirects())
    try:
        with opener.open(request, timeout=30) as answer:
            return answer.status, answer.read(), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


class _KeepRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def _settled_log(site) -> str:
    time.sleep(0.3)  # the worker's last line reaches the file
    return site.log_text()


def test_head_requests_are_answered_without_a_warning(served):
    answers = {}
    for path in ("/accounts/login/", "/", "/campaigns/", "/health/", "/no-such-page/", "/sw.js"):
        status, body, headers = _head(served.url + path)
        answers[path] = status
        assert body == b"", path
        assert headers.get("Content-Type"), path
    assert answers == {
        "/accounts/login/": 200,
        "/": 200,
        "/campaigns/": 302,
        "/health/": 200,
        "/no-such-page/": 404,
        "/sw.js": 200,
    }
    log = _settled_log(served)
    assert HEAD_WARNING not in log, log[-3000:]


def test_log_lines_carry_time_level_and_logger(served):
    urllib.request.urlopen(served.url + "/accounts/login/", timeout=30).read()
    _head(served.url + "/no-such-page-for-the-log/")
    log = _settled_log(served)
    lines = {m.group("message"): m for m in LOG_LINE.finditer(log)}
    found = lines.get("Not Found: /no-such-page-for-the-log/")
    assert found is not None, log[-3000:]
    assert (found.group("level"), found.group("logger")) == ("WARNING", "django.request")


def test_served_health_says_the_cache_is_gone_and_answers_200(served):
    with urllib.request.urlopen(served.url + "/health/", timeout=30) as answer:
        assert answer.status == 200
        assert "Set-Cookie" not in answer.headers
        state = json.loads(answer.read())
    assert state == {"database": "reachable", "cache": "unreachable (ConnectionError)"}


def test_the_reset_mail_of_a_served_site_arrives_and_its_link_works_once(served, mail_server):
    browser = Browser(served.url)
    page = browser.get("/accounts/password_reset/")
    form = next(f for f in forms_of(page.body) if "email" in f.names())
    form.set("email", "caro@example.com")
    sent = browser.post("/accounts/password_reset/", form.fields)
    assert sent.status == 302, sent.body[:500]
    assert sent.headers["Location"] == "/accounts/password_reset/done/"
    # The server took it only after the login the environment names.
    assert mail_server.logins == [MAIL_USER]
    assert [m["To"] for m in mail_server.messages] == ["caro@example.com"]
    assert mail_server.messages[0]["From"] == "solar175@example.org"
    link = re.search(r"(http://127\.0\.0\.1:\d+/accounts/reset/\S+/)", mail_server.texts()[0])
    first = browser.get(link.group(1))
    assert first.status == 302
    choose = browser.get(first.headers["Location"])
    form = next(f for f in forms_of(choose.body) if "new_password1" in f.names())
    form.set("new_password1", NEW_PASSWORD)
    form.set("new_password2", NEW_PASSWORD)
    saved = browser.post(first.headers["Location"], form.fields)
    assert saved.status == 302 and saved.headers["Location"] == "/accounts/reset/done/"
    assert Browser(served.url).log_in("caro", NEW_PASSWORD).status == 302
    # The second use of the link: refused, in this browser and in another.
    for again in (browser, Browser(served.url)):
        answer = again.get(link.group(1))
        if answer.status == 302:
            answer = again.get(answer.headers["Location"])
        assert "This link does not work any more" in answer.body
        assert 'name="new_password1"' not in answer.body


@pytest.fixture(scope="module")
def database_gone():
    env = base_env(
        SECRET_KEY="health-test-" + "x" * 40,
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{free_port()}/solar175",
        REDIS_URL=f"redis://127.0.0.1:{free_port()}/0",
    )
    with serving(env, workers=1) as site:
        yield site


def test_health_is_503_with_the_database_unreachable(database_gone):
    try:
        urllib.request.urlopen(database_gone.url + "/health/", timeout=30)
    except urllib.error.HTTPError as error:
        status, body, headers = error.code, error.read(), error.headers
    else:
        pytest.fail("the health address answered 200 without a database")
    assert status == 503
    assert "Set-Cookie" not in headers
    assert json.loads(body) == {
        "database": "unreachable (OperationalError)",
        "cache": "unreachable (ConnectionError)",
    }
    status, body, _ = _head(database_gone.url + "/health/")
    assert (status, body) == (503, b"")
    assert HEAD_WARNING not in _settled_log(database_gone)
