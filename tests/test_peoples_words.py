"""People's words everywhere: no internal key (snake_case, a power's key such as "extra-ip"),
no spec section mark, in any page a person reads, nor in any sentence an error shows them.

Every page of every app is read as the demo campaign's owner (with a game being entered
together, a box correction and a history to show), and every visible text is scanned: the
words on the page and the attributes a person sees or hears (title, aria-label, placeholder,
alt). Then the sentences the pages show for bad input: a corpus of refused tables and
campaign files, each put through what the pages print (`campaign.words.error_sentence`).
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.utils import translation

from campaign import actions
from live import actions as live_actions
from scoring.tests.catalogue import ensure_catalogue
from tests.test_browser_every_page import Demo, html_answers

# What the pages say does not depend on the database: the SQLite leg reads them.
# What it reads does not depend on the database, and it reads every page twice (English and
# German): `make test` runs it once, on the PostgreSQL leg, which has room
# (tests/plugins/ordering.py).
pytestmark = [pytest.mark.django_db, pytest.mark.postgres_leg]

# snake_case words ("mining_tokens", "presence_1"), a power's key ("extra-ip"), a spec mark.
KEY = re.compile(
    r"\b[a-z]+(?:_[a-z0-9]+)+\b"  # snake_case
    r"|\b(?:extra|both|free|cheaper)-[a-z-]+\b"  # a power's key
    r"|\b[a-z]+\[\d+\]"  # a file path: players[1]
    r"|\b(?:purple|yellow|teal|orange|fifth)\b"  # a corporation's key where its name belongs
    r"|%\([a-z_]+\)[sd]"  # a sentence's placeholder never filled: %(count)s
    r"|§|CONTRACTS"
)
SEEN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
# English the German pass found on German pages, left by a form (a field's label Django made
# from its name, a choice's words unmarked): none comes back.
ENGLISH_IN_GERMAN = re.compile(
    r"\bNotes\b|\bno such bonus\b|\bDraw one at random\b|Opponent not in play|, loans\b"
)


class VisibleText(HTMLParser):
    """The text a person reads or hears: the page's words, not its scripts, styles or code."""

    SKIPPED = {"script", "style", "template", "code", "pre"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIPPED:
            self.skipping += 1
        for name, value in attrs:
            if name in SEEN_ATTRIBUTES and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in self.SKIPPED and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def visible_text(page: str) -> str:
    reader = VisibleText()
    reader.feed(page)
    return html.unescape(" ".join(reader.parts))


def keys_in(text: str) -> list[str]:
    return sorted(set(KEY.findall(text)))


def in_context(text: str) -> list[str]:
    """Each key found with the words around it, for the failure message."""
    text = " ".join(text.split())
    return sorted({f"…{text[max(0, m.start() - 40) : m.end() + 40]}…" for m in KEY.finditer(text)})


def test_the_scan_finds_a_key():
    assert keys_in(visible_text("<p>credits of Purple: mining_tokens</p>")) == ["mining_tokens"]
    assert keys_in(visible_text("<p>credits of purple</p>")) == ["purple"]
    assert keys_in(visible_text('<p title="Power: extra-ip">x</p>')) == ["extra-ip"]
    assert keys_in(visible_text("<script>a_b = 1</script><p>fine</p>")) == []
    assert keys_in(visible_text("<p>%(count)s games</p>")) == ["%(count)s"]


def test_the_scan_finds_a_key_in_german_words():
    """The same scan reads a German page: a key beside umlauts, German quotes, a German
    sentence's placeholder, is found; German words around it are not keys."""
    assert keys_in(visible_text("<p>Kosten für mining_tokens: höchstens 14</p>")) == [
        "mining_tokens"
    ]
    assert keys_in(visible_text("<p>Fähigkeit „extra-ip“ gewählt</p>")) == ["extra-ip"]
    assert keys_in(visible_text("<p>Größe (players[1]): ungültig</p>")) == ["players[1]"]
    assert keys_in(visible_text('<p aria-label="Konzern purple">Über uns</p>')) == ["purple"]
    assert keys_in(visible_text("<p>%(count)s Partien gespielt</p>")) == ["%(count)s"]
    assert keys_in(visible_text("<p>Schulden bei der Bank – Zählung: grüne Würfel</p>")) == []


@pytest.mark.long
def test_no_page_shows_a_key():
    ensure_catalogue()
    demo = Demo()
    # A game being entered together, and a history with an edit, a power, a seat and the box.
    campaign = demo.campaign
    game = campaign.games.order_by("-number").first()
    table = dict(game.table)
    table["players"] = [dict(p) for p in table["players"]]
    table["players"][0]["credits"] = table["players"][0].get("credits", 0) + 1
    actions.save_game(
        campaign,
        table=table,
        played_on=game.played_on,
        megastructure=game.megastructure,
        game=game,
        user=demo.owner,
    )
    corporation = campaign.corporations.order_by("order").first()
    corporation.campaign = campaign
    actions.assign_seat(corporation, demo.owner, user=demo.owner)
    actions.rename_corporation(corporation, player="Caroline", user=demo.owner)
    live_actions.open_draft(campaign, user=demo.owner)
    found = {}
    # Each page as an English phone reads it (the GET that finds the pages), then as a German
    # phone: the same pages, the same scan.
    english = Client()
    english.force_login(demo.owner)
    pages = []
    for name, url, answer in html_answers(demo, english):
        pages.append((name, url))
        text = visible_text(answer.content.decode())
        if keys_in(text):
            found[f"{name} {url}"] = in_context(text)
    german = Client(headers={"accept-language": "de"})
    german.force_login(demo.owner)
    for name, url in pages:
        answer = german.get(url)
        assert answer["Content-Language"] == "de", url
        text = visible_text(answer.content.decode())
        if keys_in(text):
            found[f"{name} {url} (de)"] = in_context(text)
        left = ENGLISH_IN_GERMAN.findall(" ".join(text.split()))
        if left:
            found[f"{name} {url} (de, English)"] = left
    assert len(pages) > 60
    # And the pages a signed-out visitor reads (sign-in, sign-up, password reset, the public
    # pages), in each language.
    for language in ("en-gb", "de"):
        visitor = Client(headers={"accept-language": language})
        for name, url, answer in html_answers(demo, visitor):
            assert answer["Content-Language"] == language, url
            text = visible_text(answer.content.decode())
            if keys_in(text):
                found[f"{name} {url} (signed out, {language})"] = in_context(text)
    assert found == {}, "\n".join(f"{page}: {lines}" for page, lines in found.items())


# --- the sentences a refusal shows ---------------------------------------------------------

# Each refusal is said in English and in German, as a German phone reads it.
LANGUAGES = ("en-gb", "de")

# What a refusal sentence must not carry: a snake_case key, a power's or a quoted hyphenated
# key, a file path, a spec mark. (A corporation's key may remain where the rules list the
# keys a field accepts: "must be one of purple, teal".)
REFUSAL_KEY = re.compile(
    r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b(?:extra|both|free|cheaper)-[a-z-]+\b|\b[a-z]+\[\d+\]|§"
    r"|%\([a-z_]+\)[sd]"
)


def refusals(seed_count: int = 400) -> list:
    """The refusals of a corpus of mangled campaign files and tables (tests/
    test_fuzz_campaign_files.py's mutations), each a `FieldError`."""
    import copy
    import random

    from scoring.catalogue import catalogue_from_db
    from scoring.tests.test_wizard import TABLE
    from solar175.campaign_file import CampaignError, validate_campaign
    from solar175.table import TableError, read_table
    from tests.test_fuzz_campaign_files import mutate, valid_file

    catalogue = catalogue_from_db()
    found = []
    for seed in range(seed_count):
        rng = random.Random(seed)
        data = valid_file(seed, rng.randint(1, 6), rng.randint(2, 5), None)
        for _ in range(rng.randint(1, 3)):
            mutate(data, rng)
        try:
            validate_campaign(data, catalogue)
        except CampaignError as error:
            found.append(error)
        except RecursionError:
            pass
        table = copy.deepcopy(TABLE)
        try:
            mutate(table, rng)
        except (KeyError, TypeError):
            continue  # a campaign-only mutation (six players of a game)
        try:
            found += list(read_table(table).errors)
        except (TableError, RecursionError):
            pass
    return found


def test_every_refusal_a_page_shows_is_in_peoples_words():
    from campaign.views.campaigns import error_sentence

    ensure_catalogue()
    errors = refusals()
    assert len(errors) > 300
    said = {}
    for language in LANGUAGES:
        with translation.override(language):
            said[language] = {error_sentence(error) for error in errors}
    assert said["de"] != said["en-gb"]  # said in German indeed
    bad = sorted(
        sentence for shown in said.values() for sentence in shown if REFUSAL_KEY.search(sentence)
    )
    assert bad == [], "\n".join(bad[:40])


# --- the play logs: their pages and the sentences their forms show ---------------------------


# A file path with dots ("rules.condominium_built", "board.players") in a sentence.
DOTTED = re.compile(r"\b[a-z]{2,}\.[a-z_]{2,}\b")


def play_log_pages(world) -> list[tuple[str, str]]:
    """Every page of a play log with the three games in it (the owner's view)."""
    from django.urls import reverse

    slug = world.log.slug

    def at(name: str, *args) -> str:
        return reverse(name if ":" in name else f"playlog:{name}", args=[slug, *args])

    st, colonist, se = world.startropolis.number, world.colonists.number, world.se_finished.number
    running = world.se_running.number
    pages = [("list", reverse("playlog:list")), ("create", reverse("playlog:create"))]
    pages += [(name, at(name)) for name in ("log", "settings", "members", "delete")]
    pages += [("stats", at("stats", game)) for game in ("space-explorers-solo", "startropolis")]
    pages += [("stats", at("stats", "colonists-expert"))]
    pages += [
        (name, at(name))
        for name in (
            "space_explorers:new",
            "colonists:new",
            "startropolis:new",
            "startropolis:new_end",
        )
    ]
    for number in (st, colonist, se, running):
        pages += [("play", at("play", number)), ("play_delete", at("play_delete", number))]
    pages += [
        ("space_explorers:turns", at("space_explorers:turns", running)),
        ("space_explorers:sheet", at("space_explorers:sheet", se)),
    ]
    pages += [
        ("space_explorers:step", at("space_explorers:step", running, 0)),
        ("space_explorers:step", at("space_explorers:step", running, 1)),
    ]
    pages += [("colonists:sheet", at("colonists:sheet", colonist))]
    pages += [("colonists:table", at("colonists:table", colonist))]
    pages += [
        ("startropolis:table", at("startropolis:table", st)),
        ("startropolis:seat", at("startropolis:seat", st, 0)),
    ]
    # The public page, switched on.
    from playlog import actions

    log = actions.switch_public_page(world.log, True)
    pages += [("public", reverse("playlog_public:log", args=[log.public_token]))]
    return pages


def test_no_play_log_page_shows_a_key():
    from accounts.tests.factory import make_user
    from playlog.tests.factory import PlayWorld

    world = PlayWorld(make_user("words-host"))
    found = {}
    pages = play_log_pages(world)
    for language in LANGUAGES:
        client = Client(headers={"accept-language": language})
        client.force_login(world.owner)
        for name, url in pages:
            response = client.get(url)
            assert response.status_code == 200, url
            assert response["Content-Language"] == language, url
            text = visible_text(response.content.decode())
            if keys_in(text):
                found[f"{name} {url} ({language})"] = in_context(text)
    assert found == {}, "\n".join(f"{page}: {lines}" for page, lines in found.items())


def _paths(data, prefix=()):
    yield prefix
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for key, value in items:
        yield from _paths(value, (*prefix, key))


def play_log_refusals(seeds: int = 150) -> list:
    """The refusals of the three games' tables and sessions, mangled one or two values at a
    time (a key dropped, a value of the wrong kind or out of bounds), each a `FieldError` with
    its path from the play file's top, as the play log's forms receive them."""
    import copy
    import random

    import space_explorers
    import startropolis
    from gamefile.errors import FieldError
    from playlog.games import GAMES
    from playlog.tests import factory
    from startropolis.tests.builders import full_game

    se_session = factory.se_session(factory.full_game_turns())
    st_session = full_game(
        ["ann", "bob"],
        ["basic_habitation", "solar", "supply", "market_center", "luxury_habitation", "civic"],
    )
    bases = {
        "space-explorers-solo": (
            space_explorers.table_from_session(se_session, factory.YOUR_PROGRESS),
            se_session,
        ),
        "colonists-expert": (factory.COLONISTS_TABLE, factory.COLONISTS_SESSION),
        "startropolis": (
            startropolis.table_from_session(st_session, credits={"ann": 3, "bob": 4}),
            st_session,
        ),
    }
    values = [-5, 99, 1000, "x", None, True, [], {}, "mechanics", "m1", "core", 3]
    found = []
    for key, (table, session) in bases.items():
        game = GAMES[key]
        for seed in range(seeds):
            rng = random.Random(seed)
            for part, base, check in (
                ("table", table, game.score),
                ("session", session, game.play),
            ):
                data = copy.deepcopy(base)
                for _ in range(rng.randint(1, 2)):
                    path = rng.choice([p for p in _paths(data) if p])
                    parent = data
                    for step in path[:-1]:
                        parent = parent[step]
                    if rng.random() < 0.3:
                        del parent[path[-1]]
                    else:
                        parent[path[-1]] = rng.choice(values)
                try:
                    check(data)
                except FieldError as error:
                    found.append(FieldError(f"{part}.{error.path}", error.message))
                except (KeyError, TypeError, IndexError):
                    pass
    return found


def test_every_refusal_a_play_log_form_shows_is_in_peoples_words():
    from playlog.startropolis.views import said
    from playlog.views.logs import sentence

    errors = play_log_refusals()
    assert len(errors) > 500
    shown = set()
    for language in LANGUAGES:
        with translation.override(language):
            shown |= {sentence(error) for error in errors} | {said(e, shared=True) for e in errors}
    bad = sorted(text for text in shown if REFUSAL_KEY.search(text) or DOTTED.search(text))
    assert bad == [], "\n".join(bad[:40])
