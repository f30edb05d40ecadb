"""Nothing is spoiled in scoring's pages: the one-off wizard and the catalogue, rendered fresh.

The wizard knows which sections the group has unlocked (its first step asks, by number only),
so it is held to the strict rule: no locked section's title, and no label of what a locked
section brings, anywhere in the page (attributes and scripts included). The catalogue is the
same for everyone and shows the box's printed reference (zones, parties, megastructures), so it
is held to the project's rule (`unlocks/tests/test_spoilers.py`: a title that is also an open
word may appear, never as that section's title) plus the strict rule for what #4, #6 and #7
bring, which it shows only to a visitor who asked.

A campaign's game form (the same wizard) offers a section's fields from the game after it
unlocked: before, the spoiler test keeps them out; here, they come when they should.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import get_resolver, reverse

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.models import Campaign, Game
from scoring.catalogue_views import SPOILERS
from scoring.models import Location, Megastructure, Ship
from scoring.tests.test_wizard import TABLE
from scoring.wizard.spoilers import sections_after_game
from solar175.engine import score_game
from solar175.sections import sections
from solar175.table import read_table
from unlocks.tests.test_spoilers import open_vocabulary, spoilers_in, titles, visible_text

# What the pages show does not depend on the database: the SQLite leg reads them.
pytestmark = [pytest.mark.django_db, pytest.mark.one_database, pytest.mark.usefixtures("catalogue")]

ALL_SECTIONS = frozenset(s.number for s in sections())
# What a section brings, in the words the wizard and the catalogue use for it once unlocked.
# "Workers Union Party" is a party everyone sees, so the unions are "trade union", not "union".
LABELS = {
    4: ("Leased ship", "White Star", "Shipyard"),
    6: ("Political influence",),
    7: ("Player power", "extra vote", "end-game IP", "end game influence"),
    12: ("Celestial Rebellion", "Spoiled ballots", "spoiled"),
    13: ("Trade union", "hire card", "from the union"),
    15: ("Loans held", "loan token", "Unpaid loans"),
}
# The group's progress at the table: a first game, after the games that unlock the fixed
# sections, and everything the wizard asks about.
SCENARIOS = {
    "first game": frozenset(),
    "after game 2": frozenset(sections_after_game(2)),
    "after game 4": frozenset(sections_after_game(4)),
    "after game 4, #13 and #15": frozenset({*sections_after_game(4), 13, 15}),
    "#1 to #19": frozenset(range(1, 20)),
}


@pytest.fixture
def scorer():
    return get_user_model().objects.create_user("caro", password="not-used-here-1")


@pytest.fixture
def client(client, scorer):
    """Signed in: one-off games belong to the person who scored them."""
    client.force_login(scorer)
    return client


def strict_leaks(html: str, locked: frozenset[int]) -> list[str]:
    """Every locked section's title (as a word, any case) and the labels of what it brings.

    One exception: the leased ship cards that come with #4 carry two names that are also the
    titles of #23 and #24 (The Kraken; Titanica Elite, printed as megastructures too). With #4
    unlocked the group holds those cards, so the ship list may name them.
    """
    text = html.lower()
    leased = set()
    if 4 not in locked:
        leased = {
            name.lower() for name in Ship.objects.filter(leased=True).values_list("name", flat=True)
        }
    found = []
    for number in sorted(locked):
        for title in titles(number):
            if title.lower() in leased:
                continue
            if re.search(rf"(?<![\w-]){re.escape(title.lower())}(?![\w-])", text):
                found.append(f"#{number}'s title {title!r}")
        found += [
            f"#{number}: {label!r}" for label in LABELS.get(number, ()) if label.lower() in text
        ]
    return found


def wizard_query(unlocked: frozenset[int], **extra) -> dict:
    picked = [str(n) for n in sorted(unlocked)] or ["none"]
    return {"setup-sections": picked, "setup-players": "5", **extra}


def make_game(scorer, unlocked: frozenset[int]) -> Game:
    table = {**TABLE, "sections": sorted(unlocked)}
    return Game.objects.create(
        campaign=None,
        played_on="2026-01-05",
        table=table,
        result=score_game(read_table(table).valid_state()).as_dict(),
        created_by=scorer,
    )


# --- the one-off wizard --------------------------------------------------------------------


@pytest.mark.parametrize("which", sorted(SCENARIOS))
def test_no_step_of_the_wizard_shows_what_a_locked_section_brings(client, scorer, which):
    unlocked = SCENARIOS[which]
    locked = ALL_SECTIONS - unlocked
    wizard = reverse("scoring:wizard")
    game = make_game(scorer, unlocked)
    pages = {
        "step 1": client.get(wizard),
        "step 1, seats redrawn": client.get(wizard, wizard_query(unlocked)),
        "step 2": client.get(wizard, wizard_query(unlocked, step="table")),
        "step 2, redrawn": client.post(
            wizard, {**wizard_query(unlocked), "refresh": "1", "game-played_on": "2026-01-05"}
        ),
        "step 2, htmx fragment": client.post(
            wizard,
            {**wizard_query(unlocked), "refresh": "1"},
            headers={"HX-Request": "true"},
        ),
        "live result": client.post(
            reverse("scoring:preview"), wizard_query(unlocked), headers={"HX-Request": "true"}
        ),
        "edit": client.get(reverse("scoring:game_edit", args=[game.pk])),
        "result": client.get(reverse("scoring:game_detail", args=[game.pk])),
    }
    leaks = []
    for name, response in pages.items():
        assert response.status_code == 200, name
        leaks += [f"{name}: {leak}" for leak in strict_leaks(response.content.decode(), locked)]
    assert not leaks, "\n".join(leaks)


def test_the_wizards_check_is_not_vacuous(client):
    """Unlocked, the same pages do name what the sections bring."""
    html = client.get(
        reverse("scoring:wizard"), wizard_query(frozenset(range(1, 20)), step="table")
    ).content.decode()
    leaks = strict_leaks(html, frozenset({3, 4, 6, 7, 12, 13, 15}))
    for expected in (
        "#3's title 'Zone 4'",
        "#4: 'Leased ship'",
        "#6: 'Political influence'",
        "#7: 'Player power'",
        "#12's title 'Celestial Rebellion'",
        "#13: 'hire card'",
        "#15: 'Loans held'",
    ):
        assert expected in leaks


# --- the catalogue ---------------------------------------------------------------------------


def catalogue_addresses() -> list[str]:
    """Every catalogue page a visitor can open, forms and the reveal questions included."""
    values = {
        "pk": lambda name: (
            Ship.objects.filter(leased=True).first().pk
            if name.startswith("ship")
            else Location.objects.first().pk
        ),
        "key": lambda name: (
            Megastructure.objects.first().key if name.startswith("megastructure") else None
        ),
    }
    addresses = []
    resolver = get_resolver().namespace_dict["catalogue"][1]
    for pattern in resolver.url_patterns:
        kwargs_names = list(pattern.pattern.converters)
        if pattern.name in ("reveal", "hide"):
            addresses += [reverse(f"catalogue:{pattern.name}", args=[k]) for k in SPOILERS]
            continue
        kwargs = {kwarg: values[kwarg](pattern.name) for kwarg in kwargs_names}
        addresses.append(reverse(f"catalogue:{pattern.name}", kwargs=kwargs))
    return addresses


def test_no_catalogue_page_shows_what_4_6_or_7_bring_before_the_visitor_asks():
    visitor = Client()
    vocabulary = open_vocabulary()
    answered, leaks = 0, []
    for address in catalogue_addresses():
        response = visitor.get(address, follow=True)
        if response.status_code != 200:
            continue  # the hide address is POST only
        answered += 1
        html = response.content.decode()
        # The project's rule for every section: the catalogue prints the box's open words
        # (Zone 3 to 6 and their HUBs, the Celestial Rebellion among the parties, the
        # megastructures, among them The DRUM Defence Cannon and The Kraken), which are titles
        # too; they cannot be avoided in a catalogue, and may never follow their section's number.
        leaks += [
            f"{address}: {leak}"
            for leak in spoilers_in(visible_text(html), ALL_SECTIONS, vocabulary)
        ]
        # The strict rule for what the catalogue holds back.
        leaks += [f"{address}: {leak}" for leak in strict_leaks(html, frozenset({4, 6, 7}))]
    assert not leaks, "\n".join(leaks)
    # The reference's pages (its forms are gone: a group's box is its campaign's).
    assert answered >= 8


def test_the_catalogues_check_is_not_vacuous():
    visitor = Client()
    for key in SPOILERS:
        visitor.post(reverse("catalogue:reveal", args=[key]), {"confirm": "True"})
    ships = visitor.get(reverse("catalogue:ships")).content.decode()
    powers = visitor.get(reverse("catalogue:powers")).content.decode()
    assert "#4's title 'White Star'" in strict_leaks(ships, frozenset({4}))
    assert "#6: 'Political influence'" in strict_leaks(powers, frozenset({6}))


# --- a campaign's game form --------------------------------------------------------------------


def played(n: int, owner) -> Campaign:
    """A campaign after `n` games, which the signed-in scorer owns."""
    three = ("purple", "yellow", "teal")
    campaign = actions.import_campaign(
        make_campaign(corporations=three, tables=[leader_table(*three)] * n)
    )
    return owned(campaign, owner)


def test_a_campaign_game_offers_a_sections_fields_from_the_game_after_it_unlocked(client, scorer):
    # Political influence cards (#6) unlock at the end of game 3, player powers (#7) of game 4.
    before = played(2, scorer)
    page = client.get(reverse("campaign:game_add", args=[before.slug]))
    assert page.status_code == 200
    assert 'name="p1-political_influence_ip"' not in page.content.decode()

    campaign = played(4, scorer)
    new = client.get(reverse("campaign:game_add", args=[campaign.slug])).content.decode()
    assert 'name="p1-political_influence_ip"' in new
    # A power's field only for the corporation holding it (none chosen yet here).
    assert "extra_vote" not in new
    third = client.get(reverse("campaign:game_edit", args=[campaign.slug, 3])).content.decode()
    assert 'name="p1-political_influence_ip"' not in third
    assert strict_leaks(third, frozenset({6, 7})) == []
    fourth = client.get(reverse("campaign:game_edit", args=[campaign.slug, 4])).content.decode()
    assert 'name="p1-political_influence_ip"' in fourth
    assert 'name="p1-extra_vote"' not in fourth
