"""The live server the browser tests' pages are served from: pytest-django's, serving the
static files through WhiteNoise as `make serve` does, and counting the connections it is
answering so that a test's end can wait for them (`settle`)."""

import threading
import time

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer


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
