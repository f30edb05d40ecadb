"""The browser tests' headless Chromium, one per test process (`browser`), and its watchdog:
a Chromium that hangs closing a context is stopped after CLOSE_SECONDS and started again
(tests/test_browser_chromium_watchdog.py)."""

import os
import shutil
import threading

import pytest

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
