"""The benchmarks that need a database: saving a game, and the campaign pages against the floor.

`python manage.py bench save` and `bench pages` (`benchmarks/management/commands/bench.py`) run
these. They never touch the developer's database: `throwaway_database()` creates a database of
its own (a temporary SQLite file, or a uniquely named PostgreSQL database when `DATABASE_URL`
names one) with Django's test-database machinery, migrates it, loads the catalogue, and drops
it afterwards. The campaigns are built as a group builds them: generated campaign files
(`benchmarks.samples.make_campaign`, the replay benchmark's) through
`actions.import_campaign`.

A page's server time is `time.perf_counter()` around `django.test.Client.get`, in process,
signed in as the campaign's owner, with `DEBUG` off as when hosted. The floor is a bare view
rendering `base.html` with its blocks empty, through the same middleware, session and
sign-in: what any page of this app costs before it does anything. Requests go round robin
(the floor, then each page, then again) after a warm-up, so a machine's slow moment falls on
all of them alike; each figure is a median.

Each page is timed twice over: as most requests find it, its body kept in the cache by an
earlier request (campaign.page_cache), and as the first request after a change to the
campaign finds it, rendering the body (`actions.touch`, untimed, gives the campaign a new
revision just before).
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from io import StringIO

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import include, path, reverse

from benchmarks.samples import make_campaign
from campaign import actions
from campaign.models import Campaign, Game
from solar175.state import CampaignState

SMALL_GAMES = 5
LARGE_GAMES = 60
CORPORATIONS = 5
PAGE_REPEAT = 30
PAGE_WARMUP = 5
SAVE_REPEAT = 15
SAVE_GAME = 30  # the game edited at 60 games: half the log replays after it
# Goals (the issue "Production-grade ... a benchmark against the framework's floor").
SAVE_GOAL_MS = 150.0
PAGE_GOAL_FLOOR = 3.0
PAGE_GOAL_QUERIES = 12
BENCH_USER = "bench-owner"


# The two figures of each page: most requests read the body the campaign's last change left
# in the cache; the first request after a change renders it.
CACHED = "body cached"
RENDERED = "body rendered: the first request after a change"


@dataclass(frozen=True)
class Page:
    name: str
    url_name: str
    note: str = ""


PAGES = (
    Page("dashboard", "campaign:dashboard"),
    # The standings are a section of the dashboard; there is no standings page of its own.
    Page(
        "standings", "campaign:dashboard", "the dashboard's standings section, no page of its own"
    ),
    Page("game log", "campaign:games"),
    Page("tracker cards", "campaign:trackers"),
    Page("setup sheet", "unlocks:setup"),
)


# --- the floor: a bare view on a temporary urlconf -------------------------------------------


def floor_view(request: HttpRequest) -> HttpResponse:
    """`base.html` with every block empty: the framework's and the layout's own cost."""
    return render(request, "base.html")


FLOOR_PATH = "bench-floor/"
# This module is the urlconf while the pages are timed (`override_settings(ROOT_URLCONF=...)`):
# the project's addresses, which `base.html` reverses, and the floor, which no one else sees.
urlpatterns = [path(FLOOR_PATH, floor_view), path("", include(settings.ROOT_URLCONF))]


# --- a database of its own -------------------------------------------------------------------


_throwaway_depth = 0


@contextmanager
def throwaway_database() -> Iterator[None]:
    """A new, migrated database with the catalogue, dropped afterwards; re-entrant.

    SQLite gets a file in a temporary directory (not `:memory:`, so the pages read a file as
    they do when served); another backend a database named after this process.
    """
    global _throwaway_depth
    if _throwaway_depth:
        _throwaway_depth += 1
        try:
            yield
        finally:
            _throwaway_depth -= 1
        return
    test_settings = connection.settings_dict.setdefault("TEST", {})
    saved_test_name = test_settings.get("NAME")
    developer_name = connection.settings_dict["NAME"]
    with tempfile.TemporaryDirectory(prefix="solar175-bench-") as directory:
        if connection.vendor == "sqlite":
            test_settings["NAME"] = os.path.join(directory, "bench.sqlite3")
        else:
            test_settings["NAME"] = f"{developer_name}_bench_{os.getpid()}"[:63]
        old_name = connection.creation.create_test_db(
            verbosity=0, autoclobber=True, serialize=False, keepdb=False
        )
        try:
            assert connection.settings_dict["NAME"] != developer_name
            call_command("load_catalogue", verbosity=0, stdout=StringIO())
            _throwaway_depth = 1
            yield
        finally:
            _throwaway_depth = 0
            _campaigns.clear()
            connection.creation.destroy_test_db(old_name, verbosity=0, keepdb=False)
            test_settings["NAME"] = saved_test_name


_campaigns: dict[int, Campaign] = {}


def campaign_of(games: int) -> Campaign:
    """The generated campaign of `games` games and 5 corporations, imported once per database."""
    if games not in _campaigns:
        data = make_campaign(games, corporations=CORPORATIONS, name=f"Bench {games} games")
        _campaigns[games] = actions.import_campaign(data)
    return _campaigns[games]


def _signed_in_client(campaigns: list[Campaign]) -> tuple[Client, str]:
    """A client signed in as the campaigns' owner (a member, when campaigns have members)."""
    user_model = get_user_model()
    user = user_model.objects.filter(username=BENCH_USER).first()
    if user is None:
        user = user_model.objects.create_user(BENCH_USER, password=None)
    who = "signed in"
    try:
        from accounts.models import Membership, Role
    except ImportError:  # before campaigns had members: every page open to the signed in
        pass
    else:
        for campaign in campaigns:
            Membership.objects.update_or_create(
                campaign=campaign, user=user, defaults={"role": Role.OWNER}
            )
        who = "signed in as the campaigns' owner"
    client = Client()
    client.force_login(user)
    return client, who


# --- saving a game ---------------------------------------------------------------------------


def _verdict(value: float, goal: float, unit: str) -> str:
    if value <= goal:
        return "ok"
    return f"MISSED by {value - goal:.1f}{unit} ({(value / goal - 1) * 100:.0f}% over)"


def measure_save(repeat: int = SAVE_REPEAT) -> list[str]:
    """Median of `actions.save_game` editing game 30 of a 60-game campaign: the log written,
    the whole replay and the cache rebuilt, in one transaction. Each edit changes a player's
    credits (a typo fixed), so each rebuild has a different game result to store."""
    campaign = campaign_of(LARGE_GAMES)
    game = Game.objects.get(campaign=campaign, number=SAVE_GAME)
    table = game.table
    first = table["players"][0].get("credits", 0)
    credits = (first, first + 1 if first < 29 else first - 1)
    timings = []
    for i in range(repeat + 1):
        edited = {**table, "players": [dict(p) for p in table["players"]]}
        edited["players"][0]["credits"] = credits[i % 2]
        start = time.perf_counter()
        with override_settings(DEBUG=False):
            game = actions.save_game(
                campaign,
                table=edited,
                played_on=game.played_on,
                megastructure=game.megastructure,
                game=game,
            )
        elapsed = (time.perf_counter() - start) * 1000
        if i:  # the first one warms the caches up
            timings.append(elapsed)
    median = statistics.median(timings)
    return [
        f"save: save_game edit of game {SAVE_GAME} of {LARGE_GAMES} ({CORPORATIONS} "
        f"corporations; replay and cache rebuild) median {median:.1f} ms over {repeat}; "
        f"goal ≤ {SAVE_GOAL_MS:.0f} ms: {_verdict(median, SAVE_GOAL_MS, ' ms')}"
    ]


# --- the pages -------------------------------------------------------------------------------


def _get(client: Client, url: str) -> HttpResponse:
    response = client.get(url)
    if response.status_code != 200:
        raise RuntimeError(f"bench pages: {url} answered {response.status_code}, not 200")
    return response


def _queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        _get(client, url)
    return len(captured.captured_queries)


def _timed(client: Client, url: str) -> float:
    start = time.perf_counter()
    _get(client, url)
    return (time.perf_counter() - start) * 1000


def _state_cost(campaign: Campaign, repeat: int) -> tuple[int, float]:
    """The size of a campaign's stored state and the median time to decode it into the
    `CampaignState` a page reads."""
    text = json.dumps(Campaign.objects.get(pk=campaign.pk).state)
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        CampaignState.from_dict(json.loads(text))
        timings.append((time.perf_counter() - start) * 1000)
    return len(text.encode()), statistics.median(timings)


def measure_pages(repeat: int = PAGE_REPEAT, warmup: int = PAGE_WARMUP) -> list[str]:
    """Each page's median server time at 60 games against the floor, and its query counts at
    5 and 60 games (the same count: a page reads the replay's cache, never the log)."""
    small, large = campaign_of(SMALL_GAMES), campaign_of(LARGE_GAMES)
    client, who = _signed_in_client([small, large])
    with (
        warnings.catch_warnings(),
        override_settings(
            ROOT_URLCONF=__name__,
            DEBUG=False,
            ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, "testserver"],
            SECURE_SSL_REDIRECT=False,
        ),
    ):
        # WhiteNoise warns, once, of a static root `collectstatic` has not filled: not a page's.
        warnings.filterwarnings("ignore", message="No directory at", category=UserWarning)
        floor_url = "/" + FLOOR_PATH
        urls = {page.url_name: reverse(page.url_name, args=[large.slug]) for page in PAGES}
        # (url, rendered): rendered means the first request after a change to the campaign
        # (`actions.touch`, untimed, just before it), which renders the page's body; the
        # request after it reads the body it kept (campaign.page_cache).
        timed: dict[tuple[str, bool], list[float]] = {(floor_url, False): []}
        for url in urls.values():
            timed[url, True] = []
            timed[url, False] = []
        for round_ in range(warmup + repeat):
            for url, rendered in timed:
                if rendered:
                    actions.touch(large)
                elapsed = _timed(client, url)
                if round_ >= warmup:
                    timed[url, rendered].append(elapsed)
        queries = {}
        for page in PAGES:
            for rendered in (False, True):
                counts = []
                for campaign in (small, large):
                    url = reverse(page.url_name, args=[campaign.slug])
                    _get(client, url)  # the body kept, as the cached figures read it
                    if rendered:
                        actions.touch(campaign)
                    counts.append(_queries(client, url))
                queries[page.url_name, rendered] = tuple(counts)
    floor = statistics.median(timed[floor_url, False])
    size, decode = _state_cost(large, repeat)
    lines = [
        f"pages: floor (a bare view rendering base.html, {who}) median {floor:.2f} ms over "
        f"{repeat} requests after {warmup} warm-up; {connection.vendor}, DEBUG off",
        # Not a goal: the part of every campaign page that grows with the log.
        f"pages: the replay's cache (Campaign.state) at {LARGE_GAMES} games is {size / 1024:.0f} "
        f"KB of JSON, decoded in {decode:.2f} ms = {decode / floor:.1f}× floor by every page "
        "that reads it",
    ]
    for page, rendered in ((page, rendered) for page in PAGES for rendered in (False, True)):
        median = statistics.median(timed[urls[page.url_name], rendered])
        ratio = median / floor
        at_small, at_large = queries[page.url_name, rendered]
        time_verdict = (
            "ok" if ratio <= PAGE_GOAL_FLOOR else f"MISSED by {ratio - PAGE_GOAL_FLOOR:.1f}×"
        )
        worst = max(at_small, at_large)
        query_verdict = (
            "ok"
            if worst <= PAGE_GOAL_QUERIES and at_small == at_large
            else "MISSED ("
            + ", ".join(
                reason
                for reason, missed in (
                    (f"{worst - PAGE_GOAL_QUERIES} over", worst > PAGE_GOAL_QUERIES),
                    ("grows with the log", at_small != at_large),
                )
                if missed
            )
            + ")"
        )
        how = RENDERED if rendered else CACHED
        note = f" ({page.note}; {how})" if page.note else f" ({how})"
        lines.append(
            f"page {page.name}{note}: {LARGE_GAMES} games median {median:.2f} ms = "
            f"{ratio:.1f}× floor; goal ≤ {PAGE_GOAL_FLOOR:.0f}×: {time_verdict}; "
            f"queries {at_small} at {SMALL_GAMES} games, {at_large} at {LARGE_GAMES}; "
            f"goal ≤ {PAGE_GOAL_QUERIES}, the same: {query_verdict}"
        )
    return lines
