"""The whole table saving at once: N people, each on their own phone, saving games and ticking
checklists on one campaign served by gunicorn with 2 workers (docs/performance.md).

Each session signs in, then in turn edits its own game (the form read from the edit page as
a browser reads it, one player's credits changed) and ticks or unticks one item of an
unlocked section's checklist. Every POST's status and time is kept: the figures are the saves
that went through per second, the p95 of a POST, and how many answered 5xx (the goal: none).
A save refused with its form and a sentence (400: the database stayed busy, or someone saved
first) is counted apart; it is no error, nothing was lost.

Afterwards the campaign is exported (`export_campaign`) and replayed from that file alone
(`replay`, no database): the stored state must equal it.

It runs against a throwaway database of its own: a SQLite file in a temporary directory, or
a PostgreSQL database named after this process (dropped afterwards), never the developer's.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import threading
import time
import urllib.parse
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.served import PROJECT, Browser, base_env, prepare, run_code, run_manage, serving

SESSIONS = 8
ROUNDS = 25  # saves per session: 8 × 25 = 200, as the issue measured
PASSWORD = "table-talk-concurrency-175"
GAMES = 20
GOAL_5XX = 0

SETUP = """
from django.contrib.auth import get_user_model
from accounts.models import Membership
from benchmarks.samples import make_campaign
from campaign import actions
campaign = actions.import_campaign(make_campaign({games}, corporations=5, name="Concurrency"))
User = get_user_model()
for index in range({sessions}):
    user = User.objects.create_user(f"phone{{index}}", password={password!r})
    role = "owner" if index == 0 else "player"
    Membership.objects.create(campaign=campaign, user=user, role=role)
print(campaign.slug)
"""

STORED_STATE = """
import json
from campaign.models import Campaign
print(json.dumps(Campaign.objects.get(slug={slug!r}).replayed_state().to_dict()))
"""


@dataclass
class Tally:
    times: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    saves: int = 0
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status: int, seconds: float, note: str = "") -> None:
        with self.lock:
            self.times.append(seconds)
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if status in (302, 303):
                self.saves += 1
            elif status >= 500 and len(self.failures) < 5:
                self.failures.append(f"{status} {note}")


@contextmanager
def throwaway_env(database: str) -> Iterator[dict[str, str]]:
    """The served app's environment on a database of its own: a SQLite file in a temporary
    directory (`sqlite`), or a new database on the PostgreSQL server of the URL given,
    dropped afterwards."""
    with tempfile.TemporaryDirectory(prefix="solar175-concurrency-") as directory:
        secret = "concurrency-bench-" + os.urandom(16).hex()
        env = base_env(SECRET_KEY=secret, DEBUG="0", ALLOWED_HOSTS="127.0.0.1,localhost")
        env.pop("REDIS_URL", None)
        env.pop("CACHE_URL", None)
        if database == "sqlite":
            env["DATABASE_URL"] = f"sqlite:///{directory}/concurrency.sqlite3"
            yield env
            return
        name = f"solar175_throwaway_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        admin = dict(env, DATABASE_URL=database)
        _psql(admin, f'DROP DATABASE IF EXISTS "{name}"')
        _psql(admin, f'CREATE DATABASE "{name}"')
        try:
            env["DATABASE_URL"] = database.rsplit("/", 1)[0] + "/" + name
            yield env
        finally:
            _psql(admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _psql(env: dict[str, str], sql: str) -> None:
    """One statement on the server, from this process (a `manage.py shell` for it cost a
    second or two of starting Django each time)."""
    import psycopg

    with psycopg.connect(env["DATABASE_URL"], autocommit=True) as connection:
        connection.execute(sql)


def _edit_game(browser: Browser, slug: str, number: int, round_: int, tally: Tally) -> None:
    path = f"/campaigns/{slug}/games/{number}/edit/"
    form = browser.form(path, path)
    credits = [name for name in form.names() if name.endswith("credits")]
    if credits:
        form.set(credits[0], str(round_ % 20))
    started = time.perf_counter()
    answer = browser.post(path, form.fields)
    tally.add(answer.status, time.perf_counter() - started, f"save game {number}")


def _tick(browser: Browser, slug: str, section: int, item: int, tally: Tally) -> None:
    path = f"/campaigns/{slug}/sections/"
    action = f"/sections/{section}/components/"
    form = browser.form(f"{path}?open={section}", action)
    name = next(iter(form.checkboxes))
    values = form.checkboxes[name]
    value = values[item % len(values)]
    ticked = [v for k, v in form.fields if k == name]
    fields = [(k, v) for k, v in form.fields if k != name]
    chosen = [v for v in ticked if v != value] if value in ticked else [*ticked, value]
    fields += [(name, v) for v in chosen]
    started = time.perf_counter()
    answer = browser.post(f"/campaigns/{slug}{action}", fields)
    tally.add(answer.status, time.perf_counter() - started, f"tick #{section}")


def _sections_with_checklists(browser: Browser, slug: str) -> list[int]:
    page = browser.get(f"/campaigns/{slug}/sections/")
    found = []
    for part in page.body.split('action="')[1:]:
        action = part.split('"', 1)[0]
        if action.endswith("/components/"):
            found.append(int(action.rstrip("/").split("/")[-2]))
    return found


def run_concurrency(
    database: str,
    *,
    sessions: int = SESSIONS,
    rounds: int = ROUNDS,
    project: Path = PROJECT,
    workers: int = 2,
) -> dict:
    """The figures of one run (see the module's docstring)."""
    with throwaway_env(database) as env:
        prepare(env, project=project)
        setup = SETUP.format(games=GAMES, sessions=sessions, password=PASSWORD)
        slug = run_code(env, setup, project=project).strip().splitlines()[-1]
        with serving(env, workers=workers, project=project) as served:
            browsers = []
            for index in range(sessions):
                browser = Browser(served.url)
                if browser.log_in(f"phone{index}", PASSWORD).status != 302:
                    raise RuntimeError(f"phone{index} could not sign in")
                browsers.append(browser)
            sections = _sections_with_checklists(browsers[0], slug) or [0]
            tally = Tally()
            start = threading.Barrier(sessions)

            def session(index: int) -> None:
                browser = browsers[index]
                start.wait()
                for round_ in range(rounds):
                    try:
                        _edit_game(browser, slug, GAMES - index, round_, tally)
                        if sections != [0]:
                            section = sections[(index + round_) % len(sections)]
                            _tick(browser, slug, section, index + round_, tally)
                    except (RuntimeError, OSError) as error:
                        tally.add(599, 0.0, str(error)[:200])

            threads = [threading.Thread(target=session, args=(i,)) for i in range(sessions)]
            began = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=900)
            elapsed = time.perf_counter() - began
            server_log = served.log_text()
        exported = run_manage(env, "export_campaign", slug, project=project)
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            file.write(exported)
        try:
            replayed = json.loads(run_manage(env, "replay", file.name, project=project))
        finally:
            os.unlink(file.name)
        stored_text = run_code(env, STORED_STATE.format(slug=slug), project=project)
        stored = json.loads(stored_text.strip().splitlines()[-1])
    times = sorted(tally.times)
    return {
        "database": "SQLite" if database == "sqlite" else "PostgreSQL",
        "sessions": sessions,
        "posts": len(times),
        "saves": tally.saves,
        "per_second": tally.saves / elapsed if elapsed else 0.0,
        "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))] if times else 0.0,
        "median_ms": 1000 * statistics.median(times) if times else 0.0,
        "statuses": dict(sorted(tally.statuses.items())),
        "errors_5xx": sum(n for status, n in tally.statuses.items() if status >= 500),
        "refused": sum(n for status, n in tally.statuses.items() if 400 <= status < 500),
        "failures": tally.failures,
        "equal_to_replay": stored == replayed,
        "locked_in_log": server_log.count("database is locked"),
    }


def concurrency_line(figures: dict) -> str:
    verdict = "ok" if figures["errors_5xx"] <= GOAL_5XX else "MISSED"
    state = "equal to" if figures["equal_to_replay"] else "DIFFERENT FROM"
    return (
        f"concurrency: {figures['database']}, {figures['sessions']} sessions under gunicorn "
        f"(2 workers) saving games and ticking checklists on one campaign: "
        f"{figures['saves']} of {figures['posts']} saved, {figures['per_second']:.1f} saves/s, "
        f"p95 {figures['p95_ms']:.0f} ms, {figures['refused']} refused with the form kept, "
        f"{figures['errors_5xx']} answered 5xx (goal {GOAL_5XX}: {verdict}); "
        f"stored state {state} a fresh replay of the exported file"
    )


def postgres_url() -> str | None:
    """The PostgreSQL server to run against: `DATABASE_URL` when it names one, else
    `PG_URL` (the Makefile's), else none."""
    for name in ("DATABASE_URL", "PG_URL"):
        url = os.environ.get(name, "")
        if urllib.parse.urlparse(url).scheme.startswith("postgres"):
            return url
    return None
