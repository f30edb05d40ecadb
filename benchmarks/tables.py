"""How many tables one machine holds on a game night (issue 21; docs/draft-protocol.md).

Scripted tables of five phones each enter a game together through the hosted path: gunicorn
with the project's config (`config/gunicorn.conf.py`, its workers as `make serve` starts them)
on a throwaway PostgreSQL database. Each phone signs in, and for `seconds`:

- changes one field of its own seat's card a second, as draft.js sends it (a batch of one
  numbered change to the push address, with the value it last saw there);
- follows the live totals the way the page does: every `POLL_SECONDS` it asks "anything after
  version V?" with the version, draft, game number, panel version and phone id the page
  sends, and keeps what comes back (the version, the panel's version); a push's answer says
  the same (the push sends the panel version it has), and, as on the page, a poll due less
  than `POLL_SECONDS` after a push's answer is not sent, one at a time (a phone typing polls
  every other period).

Every request's time and status are kept: the p95 of the polls and of the writes, and the
errors (a status of 400 or more, or no answer). A number of tables holds when both p95 are at
most `GOAL_MS` with no error. The search is bounded: `FIRST` tables first (the goal), then
fewer (halving) until one holds, or more (`STEP` at a time) while they hold, at most
`MAX_RUNS` runs. A phone's bytes a minute are the bodies it sent and received (compressed as
the server sends them: gzip when the phone asks for it, as a browser does).
"""

from __future__ import annotations

import gzip
import json
import os
import random
import statistics
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.concurrency import postgres_url, throwaway_env
from benchmarks.served import PROJECT, Browser, prepare, run_code, serving

PHONES = 5
SECONDS = 60
POLL_SECONDS = 2
WRITE_SECONDS = 1
GOAL_MS = 200
FIRST = 20
STEP = 10
MAX_RUNS = 4
MOST_TABLES = 40
PASSWORD = "tables-bench-175"
FIELDS = ("credits", "mining_tokens", "military_tokens", "megastructure_tokens")

SETUP = """
from django.contrib.auth import get_user_model
from accounts.models import Membership
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Corporation
User = get_user_model()
for table in range({tables}):
    campaign = actions.import_campaign(
        make_campaign(3, corporations={phones}, name=f"Table {{table}}")
    )
    seats = list(Corporation.objects.filter(campaign=campaign).order_by("order"))
    for seat, corporation in enumerate(seats):
        user = User.objects.create_user(f"t{{table}}p{{seat}}", password={password!r})
        role = "owner" if seat == 0 else "player"
        Membership.objects.create(campaign=campaign, user=user, role=role)
        Corporation.objects.filter(pk=corporation.pk).update(holder=user)
    print(campaign.slug, " ".join(c.key for c in seats))
"""


@dataclass
class Tally:
    polls: list[float] = field(default_factory=list)
    writes: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float, status: int, note: str = "") -> None:
        with self.lock:
            (self.polls if kind == "poll" else self.writes).append(seconds)
            if status >= 400 or status == 0:
                self.errors.append(f"{kind} {status} {note}"[:200])


@dataclass
class Phone:
    browser: Browser
    slug: str
    key: str
    tally: Tally
    ident: str = field(default_factory=lambda: os.urandom(8).hex())
    seq: int = 0
    version: int = 0
    panel: int = 0
    draft: int = 0
    number: int = 0
    sent: int = 0
    received: int = 0
    values: dict[str, str] = field(default_factory=dict)
    # When a push's answer last came, and whether the last poll due was skipped
    # (static/js/draft.js's `heard` and `skipped`).
    heard: float = -1e9
    skipped: bool = False

    def _open(self, path: str, body: bytes | None = None, headers=None) -> tuple[int, bytes, dict]:
        request = urllib.request.Request(
            self.browser.base_url + path,
            data=body,
            headers={"Accept-Encoding": "gzip", **(headers or {})},
        )
        try:
            with self.browser.opener.open(request, timeout=30) as answer:
                raw, status, info = answer.read(), answer.status, answer.headers
        except urllib.error.HTTPError as error:
            raw, status, info = error.read(), error.code, error.headers
        self.sent += len(body or b"") + len(path)
        self.received += len(raw)
        if info.get("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        return status, raw, info

    def poll(self) -> None:
        if not self.skipped and time.monotonic() - self.heard < POLL_SECONDS:
            self.skipped = True
            return  # the page skips it too: the push's answer said what changed
        self.skipped = False
        query = f"v={self.version}&d={self.draft}&n={self.number}&p={self.panel}&phone={self.ident}"
        began = time.perf_counter()
        try:
            status, raw, _ = self._open(f"/campaigns/{self.slug}/games/together/live/?{query}")
        except OSError as error:
            self.tally.add("poll", time.perf_counter() - began, 0, str(error))
            return
        self.tally.add(
            "poll", time.perf_counter() - began, status, raw[:100].decode(errors="replace")
        )
        if status == 200:
            answer = json.loads(raw)
            self.version = max(self.version, answer.get("version", 0))
            self.panel = max(self.panel, answer.get("panel_version", 0))

    def write(self) -> None:
        name = random.choice(FIELDS)
        value = str(random.randint(0, 30))
        self.seq += 1
        change = {"seq": self.seq, "card": self.key, "field": name, "value": value}
        change["was"] = self.values.get(name, "")
        body = json.dumps(
            {
                "draft": self.draft,
                "phone": self.ident,
                "since": self.version,
                "panel": self.panel,
                "changes": [change],
            }
        ).encode()
        headers = {
            "Content-Type": "application/json",
            "X-CSRFToken": self.browser.csrf_token(),
            "Referer": self.browser.base_url + "/",
        }
        began = time.perf_counter()
        try:
            status, raw, _ = self._open(
                f"/campaigns/{self.slug}/games/together/push/", body, headers
            )
        except OSError as error:
            self.tally.add("write", time.perf_counter() - began, 0, str(error))
            return
        self.tally.add(
            "write", time.perf_counter() - began, status, raw[:100].decode(errors="replace")
        )
        if status == 200:
            answer = json.loads(raw)
            if not answer.get("conflicts"):
                self.values[name] = value
            self.version = max(self.version, answer.get("version", 0))
            self.panel = max(self.panel, answer.get("panel_version", 0))
            self.heard = time.monotonic()


def _every(action, period: float, seconds: float, start: threading.Barrier) -> None:
    """`action` every `period` seconds for `seconds`, from a moment of its own (people do not
    start together); a late one goes at once, then the pace again (a browser's timer)."""
    start.wait()
    began = time.monotonic()
    due = began + random.random() * period
    while True:
        now = time.monotonic()
        if now - began >= seconds:
            return
        if now < due:
            time.sleep(min(due, began + seconds) - now)
            continue
        action()
        due = max(due + period, time.monotonic() - period / 2)


def _p95(times: list[float]) -> float:
    ordered = sorted(times)
    return 1000 * ordered[int(0.95 * (len(ordered) - 1))] if ordered else 0.0


def _tables_up(served_url: str, tables: list[tuple[str, list[str]]], count: int) -> list[Phone]:
    """Sign in every phone of the first `count` tables; the first opens the draft."""
    phones: list[Phone] = []
    tally = Tally()
    for index, (slug, keys) in enumerate(tables[:count]):
        for seat, key in enumerate(keys[:PHONES]):
            browser = Browser(served_url)
            if browser.log_in(f"t{index}p{seat}", PASSWORD).status != 302:
                raise RuntimeError(f"t{index}p{seat} could not sign in")
            phones.append(Phone(browser, slug, key, tally))
        host = phones[-len(keys[:PHONES])]
        # "Enter game N" together: the draft opened (or the open one joined).
        host.browser.get(f"/campaigns/{slug}/games/together/")
        host.browser.post(f"/campaigns/{slug}/games/together/open/", [])
        seat_page = host.browser.get(f"/campaigns/{slug}/games/together/seat/{host.key}/").body
        draft = int(seat_page.split('data-draft="', 1)[1].split('"', 1)[0])
        number = int(seat_page.split('data-number="', 1)[1].split('"', 1)[0])
        for phone in phones[-len(keys[:PHONES]) :]:
            phone.draft, phone.number = draft, number
    return phones


def run_tables_once(served_url: str, tables, count: int, seconds: float) -> dict:
    phones = _tables_up(served_url, tables, count)
    tally = phones[0].tally
    # Each phone types and polls at once, as a page's typing and its timer do.
    start = threading.Barrier(2 * len(phones))
    threads = [
        threading.Thread(target=_every, args=(action, period, seconds, start))
        for p in phones
        for action, period in ((p.write, WRITE_SECONDS), (p.poll, POLL_SECONDS))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 120)
    per_minute = statistics.mean((p.sent + p.received) * 60 / seconds for p in phones)
    return {
        "tables": count,
        "polls": len(tally.polls),
        "writes": len(tally.writes),
        "poll_p95": _p95(tally.polls),
        "write_p95": _p95(tally.writes),
        "errors": len(tally.errors),
        "first_errors": tally.errors[:3],
        "bytes_minute": per_minute,
        "received_minute": statistics.mean(p.received * 60 / seconds for p in phones),
    }


def holds(figures: dict) -> bool:
    return (
        figures["errors"] == 0
        and figures["poll_p95"] <= GOAL_MS
        and figures["write_p95"] <= GOAL_MS
    )


def counts_to_try(first: int, most: int) -> Iterator[int]:
    """`first`, then halving down while it fails, or `STEP` more while it holds (the caller
    says which by `send`)."""
    count = first
    while True:
        held = yield count
        if held:
            count += STEP
            if count > most:
                return
        else:
            count //= 2
            if count < 1:
                return


def run_tables(
    database: str,
    *,
    first: int = FIRST,
    seconds: float = SECONDS,
    most: int = MOST_TABLES,
    max_runs: int = MAX_RUNS,
    project: Path = PROJECT,
) -> dict:
    """The search (see the module's docstring): every run's figures and the largest count
    that held."""
    workers = int(os.environ.get("WEB_CONCURRENCY", 2))
    with throwaway_env(database) as env:
        prepare(env, project=project)
        made = run_code(
            env, SETUP.format(tables=most, phones=PHONES, password=PASSWORD), project=project
        )
        tables = []
        for line in made.strip().splitlines():
            parts = line.split()
            if len(parts) >= 2:
                tables.append((parts[0], parts[1:]))
        runs: list[dict] = []
        best: dict | None = None
        with serving(env, workers=workers, project=project) as served:
            search = counts_to_try(first, min(most, len(tables)))
            count = next(search)
            while len(runs) < max_runs:
                load = os.getloadavg()[0]
                figures = run_tables_once(served.url, tables, count, seconds)
                figures["load"] = load
                runs.append(figures)
                held = holds(figures)
                if held and (best is None or count > best["tables"]):
                    best = figures
                if not held and best is not None:
                    break
                try:
                    count = search.send(held)
                except StopIteration:
                    break
                if best is not None and count <= best["tables"]:
                    break
    return {"runs": runs, "best": best, "workers": workers, "seconds": seconds}


def tables_lines(result: dict) -> list[str]:
    lines = []
    for run in result["runs"]:
        verdict = "holds" if holds(run) else "does not hold"
        note = f"; first errors: {' | '.join(run['first_errors'])}" if run["errors"] else ""
        lines.append(
            f"tables: tried {run['tables']} tables x {PHONES} phones for {result['seconds']:.0f} s "
            f"(load average {run['load']:.1f} at the start): {run['writes']} writes, "
            f"{run['polls']} polls, p95 {run['poll_p95']:.0f} ms (polls) / "
            f"{run['write_p95']:.0f} ms (writes), {run['errors']} errors: {verdict}{note}"
        )
    best = result["best"] or (result["runs"][-1] if result["runs"] else None)
    if best is None:
        return ["tables: no run"]
    count = result["best"]["tables"] if result["best"] else 0
    verdict = "ok" if count >= FIRST else f"MISSED by {FIRST - count}"
    lines.append(
        f"tables: {count} tables on this machine, p95 {best['poll_p95']:.0f} ms (polls) / "
        f"{best['write_p95']:.0f} ms (writes), {best['errors']} errors "
        f"(gunicorn, {result['workers']} workers; goal ≥ {FIRST} tables at p95 ≤ {GOAL_MS} ms: "
        f"{verdict})"
    )
    lines.append(
        f"tables: a phone's bytes a minute: {best['bytes_minute'] / 1024:.1f} KB "
        f"({best['received_minute'] / 1024:.1f} KB received), one change a second and a poll "
        f"every {POLL_SECONDS} s"
    )
    return lines


def bench_database() -> str:
    """PostgreSQL when a server is named (the hosted path), else SQLite (said so)."""
    return postgres_url() or "sqlite"
