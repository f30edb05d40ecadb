"""How many tables one machine holds on a game night (issues 21 and 29; docs/draft-protocol.md,
"Capacity").

Scripted tables of five phones each enter a game together through the hosted path: gunicorn
with the project's config (`config/gunicorn.conf.py`, its workers as `make serve` starts them)
on a throwaway PostgreSQL database. Each phone is one person with the page open, doing what
`live/static/js/draft.js` does:

- **Its page.** It loads its seat's card (the host also the table's page, with the shared
  part) and reads what draft.js reads there: the draft, its game's number, the version and
  the panel's version, the poll period (`data-poll-seconds`), the push and poll addresses, and
  the CSRF token of the page's forms (draft.js sends that token, not the cookie's: a page
  without one is an error, as draft.js's pushes would all be refused).
- **Typing.** Once every `WRITE_SECONDS`, from a moment of its own, the person changes one
  field: a seat one of its card's counts; the host, in turn, one of its card's and one of the
  shared part's (the HUBs, the ballots, the megastructure, NEDs sold out). Every value is one
  the box allows for a table of five, sums over the seats included (`card_choices`,
  `shared_choices`), so the live panel is scored, and each panel is checked for its totals.
  The change takes the phone's next number and goes as draft.js sends it: one batch at a time
  to the push address (what is typed meanwhile goes in the next batch), with the draft, the
  phone's id, its version and panel version, `X-CSRFToken` from the page.
- **Polling.** On draft.js's timer (`setInterval`: open loop, a poll every period whether or
  not the last one was answered), with its query (`v`, `d`, `n`, `p`, `phone`) and its
  headers (`Accept: application/json`, `HX-Request: true`); one poll due within a period of a
  push's answer is skipped, as draft.js skips it.

**An error** is: any answer but 200 (or 204 to a poll): every redirect, refusal, 5xx, and no
answer within `TIMEOUT` s; an answer that is not the protocol's JSON, or a closed draft; a
conflict, a refused field or a field's problem (nobody else writes a phone's fields, and
every value is allowed); a change the answer does not count as applied (`applied` below its
number); a live panel without its totals; a page without its draft or its CSRF token; and,
after each run, a field whose value in the database (read back through the ORM) is not the
last one its phone was told was applied.

**Times.** A poll from the moment its timer fired; a change from the moment it was typed to
the answer that applied it (it may wait for the phone's batch in flight, as on a phone); the
push requests' own times are printed too. A run holds when both p95 are at most `GOAL_MS`
and nothing was an error.

**The search.** Before each number of tables a warm-up (their phones signed in, then
`WARM_UP` s of the same work: its errors count, its times do not), then `REPEATS` runs of
`SECONDS`; a number holds only if every one of its runs holds. `FIRST` tables first, then
fewer (halving) until one holds, or more (`STEP` at a time) while they hold, at most
`MAX_COUNTS` numbers. Each run also says the served app's CPU per table and second (the
gunicorn processes' user and system time, from /proc; the tables' cost only when the server
kept up with them: a saturated server spends what the machine gives it) and per request,
the load generator's own, how late
its timers fired (a busy machine delays the generator too), the load average, and a phone's
bytes a minute (the bodies sent and received, gzip-compressed as the server sends them).
"""

from __future__ import annotations

import gzip
import heapq
import http.client
import json
import os
import random
import re
import statistics
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from benchmarks.concurrency import postgres_url, throwaway_env
from benchmarks.served import PROJECT, Browser, Served, prepare, run_code, serving
from solar175.table import (
    MAX_BASES,
    MAX_CREDITS,
    MEGASTRUCTURE_TOKENS_IN_BOX,
    MINING_TOKENS_IN_BOX,
    OUTPOSTS_PER_CORPORATION,
    VOTING_TOKENS_IN_BOX,
    WORKER_TOKENS_IN_BOX,
)

PHONES = 5
SECONDS = 60
WARM_UP = 20
REPEATS = 2
WRITE_SECONDS = 1
GOAL_MS = 200
FIRST = 20
STEP = 10
MAX_COUNTS = 3
MOST_TABLES = 40
TIMEOUT = 30
PASSWORD = "tables-bench-175"
# Counts the box does not bound (docs/table-file.md): what a table plausibly holds.
MILITARY_MOST = 10
INFLUENCE_MOST = 6
HIRE_CARD_MOST = 4
# What a phone's browser says it takes (a phone's Chrome): the server compresses with gzip.
ACCEPT_ENCODING = "gzip, deflate, br, zstd"
# The live panel carries the table's totals only when it could score the table.
SCORED = 'data-live-total="'
FIRST_ERRORS = 5
# What a request that got no whole answer raises: no connection, a timeout, a body cut short,
# a compressed body that does not decompress. Each is an error of the run, never a crash of a
# phone's thread (a poll's thread would have swallowed it without a word).
UNANSWERED = (OSError, http.client.HTTPException, zlib.error, EOFError)

SETUP = """
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from accounts.models import Membership
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Corporation
User = get_user_model()
# One hash for everyone: a password hashed per person cost seconds each on a busy machine.
password = make_password({password!r})
for table in range({tables}):
    campaign = actions.import_campaign(
        make_campaign(3, corporations={phones}, name=f"Table {{table}}")
    )
    seats = list(Corporation.objects.filter(campaign=campaign).order_by("order"))
    for seat, corporation in enumerate(seats):
        user = User.objects.create(username=f"t{{table}}p{{seat}}", password=password)
        role = "owner" if seat == 0 else "player"
        Membership.objects.create(campaign=campaign, user=user, role=role)
        Corporation.objects.filter(pk=corporation.pk).update(holder=user)
    print(campaign.slug, " ".join(c.key for c in seats))
"""

# What the database holds for the drafts named: the shared part and each card, one statement
# from the bench itself (a `manage.py shell` for it cost seconds of starting Django a run).
STORED = """
SELECT d.id, d.shared, c.key, s.data
FROM campaign_gamedraft d
LEFT JOIN campaign_seatcard s ON s.draft_id = d.id
LEFT JOIN campaign_corporation c ON c.id = s.corporation_id
WHERE d.id IN ({marks})
"""

SHARED = "shared"


def card_scope(key: str) -> str:
    return f"card:{key}"


# --- what a person types: values the box allows ---------------------------------------------


def card_choices(name: str, zones: int) -> list[str] | None:
    """The values a seat types into its card's field `name` (None: not typed), each within
    the box for a table of `PHONES`: the mining and megastructure tokens' sums over the seats,
    a corporation's outposts and bases summed over the `zones` (solar175/table.py)."""
    most = {
        "credits": MAX_CREDITS,
        "mining_tokens": MINING_TOKENS_IN_BOX // PHONES,
        "megastructure_tokens": MEGASTRUCTURE_TOKENS_IN_BOX // PHONES,
        "military_tokens": MILITARY_MOST,
        "political_influence_ip": INFLUENCE_MOST,
    }.get(name)
    if name.startswith("outposts_") and zones:
        most = OUTPOSTS_PER_CORPORATION // zones
    elif name.startswith("bases_") and zones:
        most = MAX_BASES // zones
    return None if most is None else [str(n) for n in range(most + 1)]


def shared_choices(form: PageForm) -> dict[str, list[str]]:
    """The values the host types into the shared part: each HUB's workers and algorithms
    (their sum within the box's worker tokens), each party's ballots (within the voting
    tokens), the workers left on a hire card, the megastructure built (the page's choices),
    NEDs sold out."""
    names = list(form.values)
    hubs = [n for n in names if n.startswith("hubs-")]
    votes = [n for n in names if n.startswith("ballots-") and not n.startswith("ballots-hire_")]
    found: dict[str, list[str]] = {}
    for name in names:
        if name in hubs:
            most = WORKER_TOKENS_IN_BOX // len(hubs)
        elif name in votes:
            most = VOTING_TOKENS_IN_BOX // len(votes)
        elif name.startswith("ballots-hire_"):
            most = HIRE_CARD_MOST
        elif name == "game-megastructure" and len(form.options.get(name, [])) > 1:
            found[name] = list(form.options[name])
            continue
        elif name == "game-neds_sold_out":
            found[name] = ["", "on"]
            continue
        else:
            continue
        found[name] = [str(n) for n in range(most + 1)]
    return found


# --- a page as draft.js reads it -------------------------------------------------------------


@dataclass
class PageForm:
    """The draft form of a page (`form[data-offline-draft]`): its card (none: the shared
    part), its fields' prefix, each field's value as shown and a list's choices."""

    card: str | None
    prefix: str
    values: dict[str, str] = field(default_factory=dict)
    options: dict[str, list[str]] = field(default_factory=dict)


class DraftPage(HTMLParser):
    """What live/static/js/draft.js reads from a page: the `#draft-live` section's data, the first
    `csrfmiddlewaretoken` of the page (`csrf()`), and its draft forms."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.live: dict[str, str] = {}
        self.token: str | None = None
        self.forms: list[PageForm] = []
        self._form: PageForm | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "section" and a.get("id") == "draft-live":
            self.live = {k.removeprefix("data-"): v for k, v in a.items() if k.startswith("data-")}
        if tag == "input" and a.get("name") == "csrfmiddlewaretoken" and self.token is None:
            self.token = a.get("value", "")
        if tag == "form":
            draft = "data-offline-draft" in a
            self._form = PageForm(a.get("data-card"), a.get("data-prefix", "")) if draft else None
            if self._form is not None:
                self.forms.append(self._form)
        form = self._form
        if form is None:
            return
        name = a.get("name", "")
        if tag == "input" and name and a.get("type", "text") not in ("hidden", "submit"):
            if a.get("type") == "checkbox":
                form.values[name] = "on" if "checked" in a else ""
            else:
                form.values[name] = a.get("value", "")
        elif tag == "select" and name:
            self._select = name
            form.values[name] = ""
            form.options[name] = []
        elif tag == "option" and self._select is not None:
            form.options[self._select].append(a.get("value", ""))
            if "selected" in a:
                form.values[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def read_page(html: str) -> DraftPage:
    page = DraftPage()
    page.feed(html)
    return page


def scored(panel: str) -> bool:
    """Whether a live panel carries the table's totals (it could score the table)."""
    return SCORED in panel


def unscored_why(panel: str) -> str:
    """What a panel without totals says the table lacks (each card's and the shared part's
    problems, in red), or its closing sentence."""
    problems = [p.strip() for p in re.findall(r'text-danger[^"]*">([^<]*)<', panel)]
    if problems:
        return " · ".join(p for p in problems if p)
    return panel.rsplit("The totals appear", 1)[-1].split("</p>")[0] if panel else "empty"


# --- one run's tally ------------------------------------------------------------------------


@dataclass
class Tally:
    """Everything one run measured, from every phone's threads."""

    polls: list[float] = field(default_factory=list)
    changes: list[float] = field(default_factory=list)
    pushes: list[float] = field(default_factory=list)
    late: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    first_errors: list[str] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    panel_bytes: list[int] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, kind: str, note: str = "") -> None:
        with self.lock:
            self.errors[kind] += 1
            if len(self.first_errors) < FIRST_ERRORS:
                self.first_errors.append(f"{kind}: {note}"[:240] if note else kind)

    def count(self, what: str, n: int = 1) -> None:
        with self.lock:
            self.counts[what] += n

    def took(self, kind: str, seconds: float) -> None:
        with self.lock:
            getattr(self, kind).append(seconds)


@dataclass
class Change:
    seq: int
    scope: str
    field: str
    value: str
    typed: float


# --- a phone --------------------------------------------------------------------------------


@dataclass
class Phone:
    """One person's phone at a table: signed in once, its id and numbers kept across runs
    (draft.js keeps them in localStorage); each run loads its page(s) again."""

    browser: Browser
    slug: str
    key: str
    host: bool
    ident: str = field(default_factory=lambda: os.urandom(8).hex())
    seq: int = 0
    # This run's: the page's data, what the phone last saw stored, what is kept to send.
    tally: Tally | None = None
    draft: int = 0
    number: int = 0
    version: int = 0
    panel: int = 0
    period: float = 2.0
    push_url: str = ""
    live_url: str = ""
    token: str = ""
    referer: str = ""
    choices: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    seen: dict[tuple[str, str], str] = field(default_factory=dict)
    acked: dict[tuple[str, str], str] = field(default_factory=dict)
    pending: dict[tuple[str, str], Change] = field(default_factory=dict)
    heard: float = -1e9
    skipped: bool = False
    turn: int = 0
    sent: int = 0
    received: int = 0
    stopping: bool = False
    lock: threading.Condition = field(default_factory=threading.Condition)

    # The page -------------------------------------------------------------------------------

    def load(self, tally: Tally) -> None:
        """Open the page(s) as the person does at the start of a run, and read them."""
        self.tally = tally
        self.choices, self.seen, self.acked, self.pending = {}, {}, {}, {}
        self.heard, self.skipped, self.turn, self.sent, self.received = -1e9, False, 0, 0, 0
        self.stopping, self.version, self.panel = False, 0, 0
        paths = [f"/campaigns/{self.slug}/games/together/seat/{self.key}/"]
        if self.host:
            paths.append(f"/campaigns/{self.slug}/games/together/table/")
        for path in paths:
            try:
                answer = self.browser.get(path)
            except UNANSWERED as error:
                tally.error("page without an answer", f"{path}: {error!r}")
                continue
            if answer.status != 200:
                tally.error(f"page {answer.status}", f"{path} answered {answer.status}")
                continue
            page = read_page(answer.body)
            if not page.token:
                tally.error(
                    "page without a CSRF token",
                    f"{path}: no csrfmiddlewaretoken (draft.js would send none)",
                )
            live = page.live
            if not live.get("draft") or not live.get("push-url") or not live.get("live-url"):
                tally.error("page without its draft", f"{path}: no #draft-live data")
                continue
            self.token = page.token or ""
            self.referer = self.browser.base_url + path
            self.draft, self.number = int(live["draft"]), int(live.get("number") or 0)
            self.version = max(self.version, int(live.get("version") or 0))
            self.panel = max(self.panel, int(live.get("panel-version") or 0))
            self.period = float(live.get("poll-seconds") or 2)
            self.push_url, self.live_url = live["push-url"], live["live-url"]
            self._read_forms(page)

    def _read_forms(self, page: DraftPage) -> None:
        for form in page.forms:
            if form.card is None:
                for name, values in shared_choices(form).items():
                    self.choices[(SHARED, name)] = values
                    self.seen[(SHARED, name)] = form.values.get(name, "")
                continue
            if form.card != self.key:
                continue
            names = [n.removeprefix(form.prefix) for n in form.values]
            zones = sum(1 for n in names if n.startswith("outposts_"))
            for name in names:
                values = card_choices(name, zones)
                if values is not None:
                    self.choices[(card_scope(self.key), name)] = values
                    self.seen[(card_scope(self.key), name)] = form.values[form.prefix + name]

    # HTTP -----------------------------------------------------------------------------------

    def _open(self, path: str, body: bytes | None, headers: dict) -> tuple[int, bytes, dict]:
        request = urllib.request.Request(
            self.browser.base_url + path,
            data=body,
            headers={"Accept-Encoding": ACCEPT_ENCODING, **headers},
        )
        try:
            with self.browser.opener.open(request, timeout=TIMEOUT) as answer:
                raw, status, info = answer.read(), answer.status, answer.headers
        except urllib.error.HTTPError as error:
            raw, status, info = error.read(), error.code, error.headers
        with self.lock:
            self.sent += len(body or b"") + len(path)
            self.received += len(raw)
        if info.get("Content-Encoding") == "gzip":
            raw = gzip.decompress(raw)
        return status, raw, info

    def _answer(self, kind: str, status: int, raw: bytes, info) -> dict | None:
        """The JSON of an answer, or None after counting why it is an error."""
        assert self.tally is not None
        if status != 200:
            body = raw[:120].decode(errors="replace")
            where = f"to {info.get('Location')}" if 300 <= status < 400 else body
            self.tally.error(f"{kind} {status}", where or "")
            return None
        try:
            answer = json.loads(raw)
        except ValueError:
            self.tally.error(f"{kind} not JSON", raw[:120].decode(errors="replace"))
            return None
        if (
            not isinstance(answer, dict)
            or "closed" in answer
            or not isinstance(answer.get("version"), int)
            or not isinstance(answer.get("panel_version", 0), int)
            or not isinstance(answer.get("panel", ""), str)
        ):
            self.tally.error(f"{kind} not the protocol's answer", str(answer)[:120])
            return None
        return answer

    def take(self, answer: dict) -> None:
        """draft.js's `take`: a newer version and its panel (checked for its totals)."""
        assert self.tally is not None
        with self.lock:
            if answer.get("draft") != self.draft or answer["version"] < self.version:
                return
            self.version = answer["version"]
            panel = answer.get("panel")
            if panel is None or answer.get("panel_version", 0) < self.panel:
                return
            self.panel = answer.get("panel_version", 0)
        self.tally.count("panels")
        self.tally.took("panel_bytes", len(panel.encode()))
        if not scored(panel):
            self.tally.error("panel without totals", unscored_why(panel))

    # Typing and pushing ---------------------------------------------------------------------

    def type_one(self, typed: float) -> None:
        """The person changes one field: a value the box allows, other than the one shown."""
        assert self.tally is not None
        scopes = [card_scope(self.key)]
        if self.host:
            self.turn += 1
            scopes = [SHARED if self.turn % 2 else card_scope(self.key)]
        keys = [k for k in self.choices if k[0] in scopes] or list(self.choices)
        if not keys:
            return
        key = random.choice(keys)
        with self.lock:
            shown = self.pending[key].value if key in self.pending else self.seen.get(key, "")
            value = random.choice([v for v in self.choices[key] if v != shown] or [shown])
            self.seq += 1
            self.pending[key] = Change(self.seq, key[0], key[1], value, typed)
            self.lock.notify()
        self.tally.count("typed")
        if key[0] == SHARED:
            self.tally.count("typed shared")

    def send_all(self) -> None:
        """draft.js's `flush`: one batch at a time, every change kept; until told to stop."""
        while True:
            with self.lock:
                while not self.pending and not self.stopping:
                    self.lock.wait()
                if self.stopping:
                    return
                batch = sorted(self.pending.values(), key=lambda c: c.seq)
                was = {(c.scope, c.field): self.seen.get((c.scope, c.field), "") for c in batch}
            self._push(batch, was)

    def _push(self, batch: list[Change], was: dict) -> None:
        assert self.tally is not None
        changes = [
            {
                "seq": c.seq,
                "card": None if c.scope == SHARED else self.key,
                "field": c.field,
                "value": c.value,
                "was": was[(c.scope, c.field)],
            }
            for c in batch
        ]
        body = {
            "draft": self.draft,
            "phone": self.ident,
            "since": self.version,
            "panel": self.panel,
            "changes": changes,
        }
        headers = {
            "Content-Type": "application/json",
            "X-CSRFToken": self.token,
            "Origin": self.browser.base_url,
            "Referer": self.referer,
        }
        began = time.monotonic()
        try:
            status, raw, info = self._open(self.push_url, json.dumps(body).encode(), headers)
        except UNANSWERED as error:
            status, raw, info = 0, repr(error).encode(), {}
        answered = time.monotonic()
        self.tally.took("pushes", answered - began)
        self.tally.count("pushes")
        answer = self._answer("push", status, raw, info) if status else None
        if not status:
            self.tally.error("push without an answer", raw.decode(errors="replace"))
        if answer is None:
            with self.lock:  # not stored: the batch is dropped, counted as an error above
                for c in batch:
                    if self.pending.get((c.scope, c.field)) is c:
                        del self.pending[(c.scope, c.field)]
            return
        self._confirm(batch, answer, answered)
        self.take(answer)
        with self.lock:
            self.heard = answered

    def _confirm(self, batch: list[Change], answer: dict, answered: float) -> None:
        """draft.js's `confirm`, each surprise counted: a change not applied, a conflict, a
        refusal or a problem (every value typed is allowed; nobody else writes the field)."""
        assert self.tally is not None
        applied = answer.get("applied")
        if not isinstance(applied, int):
            self.tally.error("push not the protocol's answer", f"applied {applied!r}")
            applied = 0
        conflicts = {(c.get("scope"), c.get("field")) for c in answer.get("conflicts") or []}
        refused = answer.get("refused") or {}
        problems = answer.get("problems") or {}
        for where, sentence in list(refused.items()) + list(problems.items()):
            kind = "refused" if where in refused else "problem"
            self.tally.error(f"push {kind}", f"{where}: {sentence}")
        for c in batch:
            key = (c.scope, c.field)
            with self.lock:
                if self.pending.get(key) is c:
                    del self.pending[key]
            if c.seq > applied:
                self.tally.error("change not applied", f"{c.field} #{c.seq}, applied {applied}")
                continue
            if key in conflicts:
                self.tally.error("conflict", f"{c.scope}/{c.field} = {c.value!r}")
                continue
            if f"{c.scope}/{c.field}" in refused:
                continue
            with self.lock:
                self.acked[key] = c.value
                self.seen[key] = c.value
            self.tally.took("changes", answered - c.typed)
            if c.scope == SHARED:
                self.tally.count("stored shared")

    # Polling --------------------------------------------------------------------------------

    def poll_due(self, due: float, pool: ThreadPoolExecutor) -> None:
        """draft.js's `poll`, fired by its timer: skipped once within a period of a push's
        answer, else sent without waiting for any other request."""
        assert self.tally is not None
        with self.lock:
            if not self.skipped and due - self.heard < self.period:
                self.skipped = True
                skip = True
            else:
                self.skipped = skip = False
            query = urllib.parse.urlencode(
                {"v": self.version, "d": self.draft, "n": self.number, "p": self.panel}
            )
        self.tally.count("polls skipped" if skip else "polls")
        if not skip:
            pool.submit(self._poll, f"{self.live_url}?{query}&phone={self.ident}", due)

    def _poll(self, path: str, due: float) -> None:
        assert self.tally is not None
        headers = {"Accept": "application/json", "HX-Request": "true", "Referer": self.referer}
        try:
            status, raw, info = self._open(path, None, headers)
        except UNANSWERED as error:
            self.tally.error("poll without an answer", repr(error))
            return
        self.tally.took("polls", time.monotonic() - due)
        if status == 204:
            return
        answer = self._answer("poll", status, raw, info)
        if answer is not None:
            self.take(answer)


# --- the tables, served ------------------------------------------------------------------------


@dataclass
class Night:
    """The served app, its tables (slug, seats' keys) and the phones signed in so far."""

    env: dict[str, str]
    served: Served
    tables: list[tuple[str, list[str]]]
    project: Path
    workers: int
    phones: dict[int, list[Phone]] = field(default_factory=dict)


@contextmanager
def night(
    database: str,
    most: int,
    *,
    project: Path = PROJECT,
    server_env: dict[str, str] | None = None,
) -> Iterator[Night]:
    """`most` tables in a throwaway database, served by gunicorn as `make serve` serves it
    (`server_env`: what the environment adds, a test's broken server)."""
    workers = int(os.environ.get("WEB_CONCURRENCY", 2))
    with throwaway_env(database) as env:
        env.update(server_env or {})
        prepare(env, project=project)
        made = run_code(
            env, SETUP.format(tables=most, phones=PHONES, password=PASSWORD), project=project
        )
        tables = []
        for line in made.strip().splitlines():
            parts = line.split()
            if len(parts) >= 2:
                tables.append((parts[0], parts[1:]))
        with serving(env, workers=workers, project=project) as served:
            yield Night(env, served, tables, project, workers)


def _phones_of(night: Night, count: int) -> list[Phone]:
    """The phones of the first `count` tables, each signed in once (a sign-in hashes a
    password: it is kept out of every run); a table's host opens its draft."""
    wanted = [i for i in range(min(count, len(night.tables))) if i not in night.phones]

    def sign_in(index: int) -> list[Phone]:
        slug, keys = night.tables[index]
        phones = []
        for seat, key in enumerate(keys[:PHONES]):
            browser = Browser(night.served.url, timeout=TIMEOUT)
            if browser.log_in(f"t{index}p{seat}", PASSWORD).status != 302:
                raise RuntimeError(f"t{index}p{seat} could not sign in")
            phones.append(Phone(browser, slug, key, host=seat == 0))
        phones[0].browser.post(f"/campaigns/{slug}/games/together/open/", [])
        return phones

    with ThreadPoolExecutor(max_workers=4) as pool:
        for index, phones in zip(wanted, pool.map(sign_in, wanted), strict=True):
            night.phones[index] = phones
    return [p for i in range(min(count, len(night.tables))) for p in night.phones[i]]


def _gunicorn_cpu(served: Served) -> float:
    """The CPU seconds (user and system) of the gunicorn processes so far: the process group
    its master leads (`serving` starts it in a session of its own), workers reaped included."""
    group = served.process.pid
    ticks = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        # After the name: state, ppid, pgrp, ... utime (14th field), stime, cutime, cstime.
        if int(fields[2]) == group:
            ticks += sum(int(v) for v in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


def _p95(times: list[float]) -> float:
    ordered = sorted(times)
    return 1000 * ordered[int(0.95 * (len(ordered) - 1))] if ordered else 0.0


def run_tables_once(night: Night, count: int, seconds: float, *, warm_up: bool = False) -> dict:
    """`count` tables for `seconds`: every phone loads its page(s), then types and polls on
    its timers (one scheduler fires every phone's timers; a poll goes on a thread of its own);
    afterwards the database is read back and compared with what each phone was told."""
    phones = _phones_of(night, count)
    tally = Tally()
    for phone in phones:
        phone.load(tally)
    pool = ThreadPoolExecutor(max_workers=max(16, 2 * len(phones)))
    senders = [threading.Thread(target=p.send_all, daemon=True) for p in phones]
    for sender in senders:
        sender.start()
    load = os.getloadavg()[0]
    cpu_before, own_before = _gunicorn_cpu(night.served), time.process_time()
    began = time.monotonic()
    end = began + seconds
    # Each person from a moment of their own; draft.js's timer every `period` from the load.
    timers: list[tuple[float, int, str, Phone]] = []
    for n, phone in enumerate(phones):
        timers.append((began + random.random() * WRITE_SECONDS, n, "type", phone))
        timers.append((began + random.random() * phone.period, n, "poll", phone))
    heapq.heapify(timers)
    while timers and timers[0][0] < end:
        due, n, kind, phone = heapq.heappop(timers)
        now = time.monotonic()
        if now < due:
            time.sleep(due - now)
        tally.took("late", max(0.0, time.monotonic() - due))
        if kind == "type":
            phone.type_one(due)
            heapq.heappush(timers, (due + WRITE_SECONDS, n, kind, phone))
        else:
            phone.poll_due(due, pool)
            heapq.heappush(timers, (due + phone.period, n, kind, phone))
    # The last batches in flight answered (or timed out), then nothing more is sent.
    for phone in phones:
        with phone.lock:
            phone.stopping = True
            phone.lock.notify()
    for sender in senders:
        sender.join(timeout=TIMEOUT + 10)
    pool.shutdown(wait=True)
    cpu = _gunicorn_cpu(night.served) - cpu_before
    own = time.process_time() - own_before
    load_after = os.getloadavg()[0]
    mismatches = _read_back(night, phones, tally)
    counts = tally.counts
    return {
        "tables": count,
        "warm_up": warm_up,
        "seconds": seconds,
        "typed": counts["typed"],
        "typed_shared": counts["typed shared"],
        "stored_shared": counts["stored shared"],
        "pushes": counts["pushes"],
        "polls": counts["polls"],
        "polls_skipped": counts["polls skipped"],
        "poll_p95": _p95(tally.polls),
        "change_p95": _p95(tally.changes),
        "push_p95": _p95(tally.pushes),
        "late_p95": _p95(tally.late),
        "errors": sum(tally.errors.values()),
        "error_kinds": dict(tally.errors.most_common()),
        "first_errors": tally.first_errors,
        "panels": counts["panels"],
        "panel_kb": statistics.mean(tally.panel_bytes) / 1024 if tally.panel_bytes else 0.0,
        "checked": len([k for p in phones for k in p.acked]),
        "mismatches": mismatches,
        "cpu_ms": 1000 * cpu / (count * seconds),
        "cpu_request_ms": 1000 * cpu / max(1, counts["pushes"] + counts["polls"]),
        "own_cpu_ms": 1000 * own / (count * seconds),
        "load": load,
        "load_after": load_after,
        "bytes_minute": statistics.mean((p.sent + p.received) * 60 / seconds for p in phones),
        "received_minute": statistics.mean(p.received * 60 / seconds for p in phones),
    }


def stored_drafts(env: dict[str, str], drafts: list[int]) -> dict[int, dict]:
    """Each draft's shared part and cards (by corporation key) as the database holds them."""
    url = env["DATABASE_URL"]
    if url.startswith("sqlite:///"):
        import sqlite3

        with closing(sqlite3.connect(url.removeprefix("sqlite:///"), timeout=TIMEOUT)) as db:
            marks = ", ".join("?" for _ in drafts)
            rows = db.execute(STORED.format(marks=marks), drafts).fetchall()
        rows = [
            (d, json.loads(shared), key, data and json.loads(data)) for d, shared, key, data in rows
        ]
    else:
        import psycopg

        with psycopg.connect(url) as db:
            marks = ", ".join("%s" for _ in drafts)
            rows = db.execute(STORED.format(marks=marks), drafts).fetchall()
    found: dict[int, dict] = {}
    for draft, shared, key, data in rows:
        entry = found.setdefault(int(draft), {"shared": shared or {}, "cards": {}})
        if key is not None:
            entry["cards"][key] = data or {}
    return found


def _read_back(night: Night, phones: list[Phone], tally: Tally) -> int:
    """Each value a phone was told was applied, against what the database holds now; each
    difference is an error. Returns how many differ."""
    drafts = sorted({p.draft for p in phones if p.draft})
    stored = stored_drafts(night.env, drafts) if drafts else {}
    differ = 0
    for phone in phones:
        draft = stored.get(phone.draft)
        for (scope, name), value in phone.acked.items():
            if draft is None:
                held = None
            elif scope == SHARED:
                held = draft["shared"].get(name, "")
            else:
                held = (draft["cards"].get(scope.removeprefix("card:")) or {}).get(name, "")
            if held != value:
                differ += 1
                tally.error(
                    "stored value differs",
                    f"{phone.slug} {scope}/{name}: applied {value!r}, the database holds {held!r}",
                )
    return differ


def holds(figures: dict) -> bool:
    """A run holds: nothing was an error, something was measured, both p95 within the goal."""
    return (
        figures["errors"] == 0
        and figures["polls"] > 0
        and figures["checked"] > 0
        and figures["poll_p95"] <= GOAL_MS
        and figures["change_p95"] <= GOAL_MS
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


def search(
    night: Night,
    *,
    first: int = FIRST,
    most: int = MOST_TABLES,
    seconds: float = SECONDS,
    warm_up: float = WARM_UP,
    repeats: int = REPEATS,
    max_counts: int = MAX_COUNTS,
    said: Callable[[dict], None] | None = None,
) -> dict:
    """The search (the module's docstring) on a night already served: for each number of
    tables tried, a warm-up and `repeats` runs; it holds only if the warm-up had no error and
    every run held. `said(run)` hears each run as it ends."""
    tried: list[dict] = []
    best: dict | None = None
    counts = counts_to_try(first, min(most, len(night.tables)))
    count = next(counts)
    while len(tried) < max_counts:
        runs = [run_tables_once(night, count, warm_up, warm_up=True)] if warm_up > 0 else []
        if said and runs:
            said(runs[-1])
        for _ in range(repeats):
            runs.append(run_tables_once(night, count, seconds))
            if said:
                said(runs[-1])
        measured = [run for run in runs if not run["warm_up"]]
        held = (
            bool(measured)
            and all(holds(run) for run in measured)
            and all(run["errors"] == 0 for run in runs)
        )
        tried.append({"tables": count, "runs": runs, "holds": held})
        if held and (best is None or count > best["tables"]):
            best = tried[-1]
        if not held and best is not None:
            break
        try:
            count = counts.send(held)
        except StopIteration:
            break
        if best is not None and count <= best["tables"]:
            break
    return {
        "tried": tried,
        "best": best,
        "workers": night.workers,
        "seconds": seconds,
        "repeats": repeats,
    }


def run_tables(
    database: str,
    *,
    first: int = FIRST,
    seconds: float = SECONDS,
    most: int = MOST_TABLES,
    warm_up: float = WARM_UP,
    repeats: int = REPEATS,
    max_counts: int = MAX_COUNTS,
    project: Path = PROJECT,
    server_env: dict[str, str] | None = None,
    said: Callable[[dict], None] | None = None,
) -> dict:
    """The search on a night of its own: every count tried, its runs, the largest that held."""
    with night(database, most, project=project, server_env=server_env) as served:
        return search(
            served,
            first=first,
            most=most,
            seconds=seconds,
            warm_up=warm_up,
            repeats=repeats,
            max_counts=max_counts,
            said=said,
        )


def errors_of(result: dict) -> int:
    """Every error of every run, warm-ups included."""
    return sum(run["errors"] for tried in result["tried"] for run in tried["runs"])


def _ms(value: float, measured: bool) -> str:
    return f"{value:.0f} ms" if measured else "none"


def run_line(run: dict, phones: int = PHONES) -> str:
    what = "warm-up" if run["warm_up"] else "run"
    if run["warm_up"]:
        verdict = "no error" if run["errors"] == 0 else "ERRORS"
    else:
        verdict = "holds" if holds(run) else "does not hold"
    kinds = ", ".join(f"{n} {kind}" for kind, n in run["error_kinds"].items())
    line = (
        f"tables: {what}, {run['tables']} tables x {phones} phones for {run['seconds']:.0f} s "
        f"(load average {run['load']:.1f} at the start, {run['load_after']:.1f} at the end): "
        f"{run['typed']} changes typed ({run['typed_shared']} of the shared part by the hosts), "
        f"{run['pushes']} pushes, {run['polls']} polls ({run['polls_skipped']} skipped as "
        f"draft.js skips them); p95 {_ms(run['poll_p95'], run['polls'] > 0)} (polls) / "
        f"{_ms(run['change_p95'], run['checked'] > 0)} (a change typed to stored; pushes "
        f"{_ms(run['push_p95'], run['pushes'] > 0)}); {run['panels']} live panels, "
        f"{run['panel_kb']:.1f} KB each; {run['checked']} values read back, "
        f"{run['mismatches']} differ; served CPU {run['cpu_ms']:.0f} ms per table-second "
        f"(gunicorn; {run['cpu_request_ms']:.1f} ms a request), load generator "
        f"{run['own_cpu_ms']:.0f} ms, its timers late p95 {run['late_p95']:.0f} ms; "
        f"{run['errors']} errors{f' ({kinds})' if kinds else ''}: {verdict}"
    )
    if run["first_errors"]:
        line += "; first errors: " + " | ".join(run["first_errors"])
    return line


def tables_lines(result: dict) -> list[str]:
    """A line per run, then the verdict: the most tables that held in every run (with the
    worst of their runs' p95 and their served CPU), and a phone's bytes a minute."""
    if not result["tried"]:
        return ["tables: no run"]
    lines = [run_line(run) for tried in result["tried"] for run in tried["runs"]]
    best = result["best"]
    count = best["tables"] if best else 0
    shown = best or result["tried"][-1]
    measured = [run for run in shown["runs"] if not run["warm_up"]]
    warmed = any(run["warm_up"] for run in shown["runs"])
    worst_poll = max((run["poll_p95"] for run in measured), default=0.0)
    worst_change = max((run["change_p95"] for run in measured), default=0.0)
    cpu = statistics.mean(run["cpu_ms"] for run in measured) if measured else 0.0
    verdict = "ok" if count >= FIRST else f"MISSED by {FIRST - count}"
    held = (
        f"held in each of its {len(measured)} runs{' after a warm-up' if warmed else ''}"
        if best
        else f"none held (the last tried, {shown['tables']}, shown)"
    )
    lines.append(
        f"tables: {count} tables on this machine, {held}: worst p95 {worst_poll:.0f} ms "
        f"(polls) / {worst_change:.0f} ms (a change typed to stored), served CPU {cpu:.0f} ms "
        f"per table-second (gunicorn, {result['workers']} workers; goal ≥ {FIRST} tables at "
        f"p95 ≤ {GOAL_MS} ms in every run: {verdict}); {errors_of(result)} errors in the "
        f"whole search"
    )
    if measured:
        lines.append(
            f"tables: a phone's bytes a minute: "
            f"{statistics.mean(r['bytes_minute'] for r in measured) / 1024:.1f} KB "
            f"({statistics.mean(r['received_minute'] for r in measured) / 1024:.1f} KB "
            f"received), a change a second and draft.js's polls"
        )
    return lines


def bench_database() -> str:
    """PostgreSQL when a server is named (the hosted path), else SQLite (said so)."""
    return postgres_url() or "sqlite"
