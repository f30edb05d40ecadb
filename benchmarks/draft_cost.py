"""What one request of the draft protocol costs the app (`bench cost`; docs/performance.md).

A table of 5 phones, as `benchmarks.tables` sets it up (a campaign of 3 games, each seat held
by a member), enters game 4 together through the whole middleware stack (Django's test
client): each phone pushes one numbered change (`draft_push`, with the panel version it
has, as draft.js sends it) and polls (`draft_live`). For each kind of request: the median CPU
time of this process (`time.process_time`: robust to a machine busy with others, unlike the
wall clock) and the statements sent to the database. The database's own CPU is not in it.

- `push`: one change of the phone's own card; the live panel drawn at most every
  `LIVE_SECONDS` for the table, so most pushes draw nothing (`push, drawing` counts the one
  that draws separately: it is the table's, once every 2 s);
- `poll`: something new (other phones pushed since), the panel drawn already;
- `poll 204`: nothing new.
"""

from __future__ import annotations

import datetime
import json
import os
import random
import statistics
import time
from collections.abc import Callable

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

FIELDS = ("credits", "mining_tokens", "military_tokens", "megastructure_tokens")
REPEAT = 300
WARM_UP = 3


class _Phone:
    def __init__(self, client: Client, slug: str, key: str, draft: int, number: int) -> None:
        self.client, self.slug, self.key = client, slug, key
        self.draft, self.number = draft, number
        self.ident = os.urandom(8).hex()
        self.seq = self.version = self.panel = 0
        self.values: dict[str, str] = {}

    def push(self):
        name, value = random.choice(FIELDS), str(random.randint(0, 30))
        self.seq += 1
        change = {"seq": self.seq, "card": self.key, "field": name, "value": value}
        change["was"] = self.values.get(name, "")
        body = {"draft": self.draft, "phone": self.ident, "since": self.version}
        body.update(panel=self.panel, changes=[change])
        response = self.client.post(
            f"/campaigns/{self.slug}/games/together/push/",
            json.dumps(body),
            content_type="application/json",
        )
        if response.status_code != 200:
            raise RuntimeError(f"push answered {response.status_code}")
        answer = response.json()
        if not answer.get("conflicts"):
            self.values[name] = value
        self._take(answer)
        return response

    def poll(self):
        query = f"v={self.version}&d={self.draft}&n={self.number}&p={self.panel}"
        response = self.client.get(
            f"/campaigns/{self.slug}/games/together/live/?{query}&phone={self.ident}"
        )
        if response.status_code not in (200, 204):
            raise RuntimeError(f"poll answered {response.status_code}")
        if response.status_code == 200:
            self._take(response.json())
        return response

    def _take(self, answer: dict) -> None:
        self.version = max(self.version, answer.get("version", 0))
        self.panel = max(self.panel, answer.get("panel_version", 0))


def _table() -> list[_Phone]:
    from django.contrib.auth import get_user_model

    from accounts.models import Membership
    from benchmarks.samples import make_campaign
    from campaign import actions
    from campaign.models import Corporation

    campaign = actions.import_campaign(make_campaign(3, corporations=5, name="Cost table"))
    seats = list(Corporation.objects.filter(campaign=campaign).order_by("order"))
    clients = []
    for index, corporation in enumerate(seats):
        user = get_user_model().objects.create_user(f"cost{index}")
        role = "owner" if index == 0 else "player"
        Membership.objects.create(campaign=campaign, user=user, role=role)
        Corporation.objects.filter(pk=corporation.pk).update(holder=user)
        client = Client(HTTP_HOST="localhost")
        client.force_login(user)
        clients.append((client, corporation.key))
    host, key = clients[0]
    slug = campaign.slug
    host.post(f"/campaigns/{slug}/games/together/open/")
    page = host.get(f"/campaigns/{slug}/games/together/seat/{key}/").content.decode()
    draft = int(page.split('data-draft="', 1)[1].split('"', 1)[0])
    number = int(page.split('data-number="', 1)[1].split('"', 1)[0])
    return [_Phone(client, slug, key, draft, number) for client, key in clients]


def _measure(repeat: int, act: Callable[[int], object], before=None):
    """`act(n)` `repeat` times: its CPU times (ms) and statements; `before(n)` runs first,
    not counted."""
    times, statements = [], []
    for n in range(repeat):
        if before is not None:
            before(n)
        with CaptureQueriesContext(connection) as queries:
            began = time.process_time()
            act(n)
            times.append(1000 * (time.process_time() - began))
        statements.append(len(queries.captured_queries))
    return times, statements


def draft_request_costs(repeat: int = REPEAT) -> list[str]:
    from live.models import DraftLive

    phones = _table()
    for _ in range(WARM_UP):
        for phone in phones:
            phone.push()
            phone.poll()
    count = len(phones)

    def stale(n: int) -> None:
        # The kept panel two minutes old: this push is the one that draws the table's next.
        DraftLive.objects.update(drawn_at=timezone.now() - datetime.timedelta(minutes=2))

    def up_to_date(n: int) -> None:
        phone = phones[n % count]
        while phone.poll().status_code == 200:
            pass

    measured = {
        "push": _measure(repeat, lambda n: phones[n % count].push()),
        # Someone typed since this phone's last poll.
        "poll": _measure(
            repeat, lambda n: phones[n % count].poll(), lambda n: phones[(n + 1) % count].push()
        ),
        "poll 204": _measure(repeat, lambda n: phones[n % count].poll(), up_to_date),
        "push, drawing": _measure(max(5, repeat // 20), lambda n: phones[n % count].push(), stale),
    }
    lines = []
    for kind, (times, statements) in measured.items():
        lines.append(
            f"cost: {kind}: {statistics.median(times):.2f} ms CPU (median of {len(times)}; "
            f"p25 {statistics.quantiles(times, n=4)[0]:.2f}), "
            f"{statistics.median(statements):.0f} statements"
        )
    return lines
