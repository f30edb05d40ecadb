"""Fixtures shared by every app's tests: people (an owner's client, personas of a campaign)
and a real headless Chromium for the browser tests."""

import os
import shutil
import threading
import time
from dataclasses import dataclass

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer
from django.template.base import Template
from django.test import Client
from hypothesis import settings as hypothesis_settings
from pytest_django.plugin import blocking_manager_key

from tests.budget import examples

# The property tests that name no budget of their own get hypothesis's, sized as the others.
hypothesis_settings.register_profile("suite", max_examples=examples(100))
hypothesis_settings.load_profile("suite")

# Chromium's headless shell (Debian's chromium-headless-shell: the same Blink, no browser
# around it), which is what Playwright itself runs headless: the browser tests' pages cost
# about 40 % less processor time in it than in the full browser's headless mode. The full
# browser (`FULL_CHROMIUM`) is for what only it does: the app's installability check.
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
FULL_CHROMIUM = os.environ.get("FULL_CHROMIUM", "/usr/bin/chromium")
# Without the background-networking flags Chromium keeps calling hosts this network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# What `make serve` collects the static files with (Makefile): hashed names, compressed copies.
HOSTED_STATIC_STORAGE = "whitenoise.storage.CompressedManifestStaticFilesStorage"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
SCREENSHOTS = os.path.join(os.path.dirname(__file__), "screenshots")


# A test that asks for any of these (itself or through another fixture) reads or writes the
# database under test.
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}
)


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help=(
            "Run only the tests that use the database under test, and of the browser tests "
            "those marked every_database (the PostgreSQL leg of `make test`: the rest ran on "
            "the SQLite leg)."
        ),
    )


def asks_for_the_database(item) -> bool:
    return bool(
        item.get_closest_marker("django_db")
        or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def uses_the_database(item) -> bool:
    """Whether the PostgreSQL leg runs `item`: a test marked `every_database`, and a test that
    uses the database under test, unless it drives a browser or is marked `one_database`
    (what it measures does not depend on the database). A page looks the same on both
    databases, so the browser tests run on the SQLite leg, but for those marked
    `every_database` (a game entered together, whose writes and locks differ)."""
    if item.get_closest_marker("every_database"):
        return True
    if item.get_closest_marker("browser") or item.get_closest_marker("one_database"):
        return False
    return asks_for_the_database(item)


def first_to_run(item) -> int:
    """The order the workers take tests in: the long ones (marked `long`, tens of seconds
    each) first, then the other browser tests, then the rest. Started last, a long test kept
    one worker busy for a minute or two after the other had finished everything; started
    first, the many short tests fill in around it."""
    if item.get_closest_marker("long"):
        return 0
    if item.get_closest_marker("browser"):
        return 1
    return 2


def pytest_collection_modifyitems(config, items):
    if config.getoption("--database-tests-only"):
        kept = [item for item in items if uses_the_database(item)]
        config.hook.pytest_deselected(items=[item for item in items if not uses_the_database(item)])
        items[:] = kept
    items.sort(key=first_to_run)


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing():
    """A password is hashed in microseconds in tests, not the 0.85 s a real hash costs here
    (Django's own advice for test settings): hundreds of users are made. What the hashing
    protects is Django's, and the real hasher still runs in the hosted-path tests, which start
    their own processes."""
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


# Template rendering as Django does it outside tests, taken before pytest-django's test
# environment instruments it (`plain_template_rendering`).
PLAIN_TEMPLATE_RENDER = Template._render


@pytest.fixture(scope="session", autouse=True)
def plain_template_rendering(django_test_environment):
    """Django's test environment instruments template rendering so that the test client
    keeps a copy of every template's context (`response.context`): copies of the context for
    each of the hundreds of templates and partials a page is drawn from, about 6 % of a page
    test's time. Rendering stays plain; a test that reads `response.context` asks for
    `response_context`."""
    from django.test.utils import instrumented_test_render

    assert PLAIN_TEMPLATE_RENDER is not instrumented_test_render
    Template._render = PLAIN_TEMPLATE_RENDER
    yield
    Template._render = instrumented_test_render


@pytest.fixture
def response_context():
    """For this test, the test client's `response.context` (template rendering instrumented as
    Django's test environment does)."""
    from django.test.utils import instrumented_test_render

    Template._render = instrumented_test_render
    yield
    Template._render = PLAIN_TEMPLATE_RENDER


@pytest.fixture(scope="session", autouse=True)
def hosted_static_files(tmp_path_factory):
    """Every test sees the static files as a host serves them: `collectstatic` with the
    manifest storage `make serve` uses, into a directory of this test run, so that a page,
    the service worker or the manifest naming a file the manifest does not know fails here as
    it would on every hosted server (a 500), not only there. Once per test process, and indexed
    by WhiteNoise once per process as under gunicorn (tests/static_index.py)."""
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import override_settings

    root = tmp_path_factory.mktemp("staticfiles")
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": HOSTED_STATIC_STORAGE}}
    middleware = [
        "tests.static_index.IndexedOnceWhiteNoiseMiddleware"
        if name == "whitenoise.middleware.WhiteNoiseMiddleware"
        else name
        for name in settings.MIDDLEWARE
    ]
    hosted = override_settings(STATIC_ROOT=str(root), STORAGES=storages, MIDDLEWARE=middleware)
    hosted.enable()
    call_command("collectstatic", interactive=False, verbosity=0)
    yield root
    hosted.disable()


class _CountingServer(ThreadedWSGIServer):
    """The live server's own (Django's threaded) server, counting the connections it is
    answering, for `settle`."""

    connections = 0
    _lock = threading.Lock()

    def process_request_thread(self, request, client_address):
        with self._lock:
            self.connections += 1
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._lock:
                self.connections -= 1


class _ServedByWhiteNoise:
    """The live server's "static handler" that handles nothing: the static files go through
    the app's own middleware (WhiteNoise, from the collected directory), as under gunicorn,
    instead of Django's finders, which know no hashed name."""

    def __new__(cls, application):
        return application


@pytest.fixture(scope="session")
def live_server(request, hosted_static_files):
    """pytest-django's live server, serving the static files the way `make serve` does."""
    from pytest_django.live_server_helper import LiveServer

    server = LiveServer("localhost", start=False)
    server.thread.static_handler = _ServedByWhiteNoise
    server.thread.server_class = _CountingServer
    server.start()
    yield server
    server.stop()


# How long closing a browser context may take before Chromium is taken for hung (it takes
# milliseconds; see `close_contexts`).
CLOSE_SECONDS = 30


def _chromium_processes() -> list[int]:
    """The Chromium processes this process started (through its Playwright driver)."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as stat:
                text = stat.read()
        except OSError:
            continue
        pid = int(entry)
        names[pid] = text[text.index("(") + 1 : text.rindex(")")]
        parents[pid] = int(text[text.rindex(")") + 2 :].split()[1])

    def mine(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == os.getpid():
                return True
        return False

    return [pid for pid, name in names.items() if "chrom" in name and mine(pid)]


def _kill_chromium() -> None:
    for pid in _chromium_processes():
        try:
            os.kill(pid, 9)
        except OSError:
            pass


class Chromium:
    """The session's headless Chromium, started again should it ever hang.

    Now and then Chromium never answers Playwright's closing of a context whose pages have a
    service worker (an upstream bug, seen about once in ten runs of the suite): the test
    process then waited forever. `close_contexts` stops such a Chromium after CLOSE_SECONDS,
    says so, and starts a new one for the tests that follow; the test itself has passed or
    failed by then. Everything else is Playwright's own `Browser`."""

    def __init__(self, playwright):
        self._playwright = playwright
        self.current = self._launch()

    def _launch(self):
        return self._playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

    def __getattr__(self, name):
        return getattr(self.current, name)

    def _watched(self, close) -> None:
        """`close()`, with Chromium stopped should it not answer within CLOSE_SECONDS (the
        pending call then fails, and is done with)."""
        from playwright.sync_api import Error as PlaywrightError

        watchdog = threading.Timer(CLOSE_SECONDS, _kill_chromium)
        watchdog.start()
        try:
            close()
        except PlaywrightError:
            pass  # stopped by the watchdog: nothing left to close
        finally:
            watchdog.cancel()

    def close_contexts(self) -> None:
        for context in list(self.current.contexts):
            self._watched(context.close)
        if not self.current.is_connected():
            print(f"\nChromium hung closing a context for {CLOSE_SECONDS} s: started again.")
            _kill_chromium()
            self.current = self._launch()

    def close(self) -> None:
        self._watched(self.current.close)


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: run `make chromium` (Debian package).")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = Chromium(playwright)
        yield chromium
        chromium.close()


# After a browser test, at most how long the live server gets to finish what the closed phones
# had already asked (a draft page polls every 2 s) before the database is emptied: usually
# milliseconds; half a second was too short for a poll of the Startropolis game on a loaded
# machine. A test served some other way waits
# SERVED_ELSEWHERE_SECONDS.
SETTLE_SECONDS = 5
SERVED_ELSEWHERE_SECONDS = 0.5


def settle(live_server) -> None:
    """Wait until the live server holds no connection open (the closed phones' requests have
    been answered), at most SETTLE_SECONDS; usually a few milliseconds."""
    httpd = getattr(live_server.thread, "httpd", None)
    deadline = time.monotonic() + SETTLE_SECONDS
    while time.monotonic() < deadline and getattr(httpd, "connections", 1):
        time.sleep(0.01)


# Whether a transactional test has emptied this worker's database since `migrate` filled it.
_emptied = False


def empties_the_database(item) -> bool:
    """A transactional test (a browser test's live server, say): pytest-django empties the
    whole database after it, the data `migrate` put there (the catalogue) included."""
    marker = item.get_closest_marker("django_db")
    if marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")):
        return True
    return bool({"transactional_db", "live_server"} & set(getattr(item, "fixturenames", ())))


def close_the_phones(item) -> None:
    """Before any fixture of a browser test is torn down (the database emptied among them),
    every phone it opened is closed: a page that polls would otherwise still be asking the
    live server while the database is emptied."""
    browser = getattr(item, "funcargs", {}).get("browser")
    if browser is None or not browser.contexts:
        return
    browser.close_contexts()
    live_server = item.funcargs.get("live_server")
    if live_server is None:
        time.sleep(SERVED_ELSEWHERE_SECONDS)
    else:
        settle(live_server)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    """The phones closed first (`close_the_phones`), then the fixtures torn down. The long
    tests run first (`first_to_run`), so a worker may then go from a transactional test to one
    that expects the database as `migrate` left it (maybe with tests using no database
    between): the catalogue is put back before it, outside any test's transaction."""
    global _emptied
    close_the_phones(item)
    outcome = yield
    _emptied = _emptied or empties_the_database(item)
    if (
        _emptied
        and nextitem is not None
        and not empties_the_database(nextitem)
        and asks_for_the_database(nextitem)
    ):
        from scoring.tests.catalogue import ensure_catalogue

        with item.config.stash[blocking_manager_key].unblock():
            ensure_catalogue()
        _emptied = False
    return outcome


# How often a live page asks the server for news in the browser tests: every half second,
# where a phone at the table asks every 2 s (a game's draft) or 3 s (a Startropolis play).
# What those tests show is that each phone follows the others without a tap, in the order
# things happened; at the table's pace they spent most of their time waiting for the next
# poll (the Startropolis game on four phones: 67 s, 33 s at this pace, for the same
# processor time).
QUICK_POLL_SECONDS = 0.5


@pytest.fixture(autouse=True)
def live_pages_poll_quickly(request, monkeypatch):
    """In a browser test the draft and Startropolis pages poll every QUICK_POLL_SECONDS."""
    if request.node.get_closest_marker("browser") is None:
        return
    import live.views.drafts
    import playlog.startropolis.views

    monkeypatch.setattr(live.views.drafts, "POLL_SECONDS", QUICK_POLL_SECONDS)
    monkeypatch.setattr(playlog.startropolis.views, "POLL_MS", round(QUICK_POLL_SECONDS * 1000))


@pytest.fixture
def phone_page(browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def desktop_page(browser):
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def screenshot_path():
    """Where a browser test saves a screenshot for a person to look at (git-ignored)."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    return lambda name: os.path.join(SCREENSHOTS, name)


# --- people ------------------------------------------------------------------------------


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


def log_in_browser(page, live_server, user) -> None:
    """Give a browser page `user`'s session cookie (logging in through the form is tested
    once, in accounts/tests/test_browser_accounts.py; the other tests start logged in)."""
    from django.conf import settings

    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )


@pytest.fixture
def log_in():
    """`log_in(page, live_server, user)`: that page's browser context is signed in as `user`."""
    return log_in_browser


def fill(page, selector: str, value: str) -> None:
    """Type into a field as a person does: a field folded away (a zone with nothing in it yet,
    the rarer fields) is opened with a tap on its fold first."""
    field = page.locator(selector)
    if not field.is_visible():
        field.locator("xpath=ancestor::details[1]/summary").click()
    field.fill(value)
