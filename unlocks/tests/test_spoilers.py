"""Nothing is spoiled: every page of the app, for campaigns at several points, never shows a
locked section's title or changes, and a reveal takes an explicit "are you sure?" POST.

Titles come from the sections data (plus the longer names the rulebook's lock markers print).
A title that is also open vocabulary, printed outside the sections (a party, a megastructure,
an award, a zone, a word of a printed trigger), may appear on its own; then it must never
appear as that section's title, right after its number.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import reverse

from accounts.actions import switch_public_link
from accounts.models import Role
from accounts.tests.factory import add_member, make_user, owned
from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.models import Campaign
from campaign.tests.factory import fresh_campaign as fresh
from scoring.models import Award, Hub, Location, Megastructure, Party, TrackerSection, Zone
from solar175.sections import sections, sections_by_number
from tests.url_patterns import named_patterns
from unlocks.models import SectionReveal

# What the pages show does not depend on the database: the SQLite leg reads them.
# What it reads does not depend on the database, and the sweep is long: `make test` runs it
# once, on the PostgreSQL leg, which has room (tests/plugins/ordering.py).
pytestmark = [
    pytest.mark.django_db,
    pytest.mark.postgres_leg,
    pytest.mark.usefixtures("catalogue"),
]

THREE = ("purple", "yellow", "teal")
# The longer names the rulebook's lock markers give some sections ("[Locked — unlocks with #2
# Near-Earth Dynamic Systems (page 26)]").
MARKER_TITLES = {
    2: ("Near-Earth Dynamic Systems",),
    4: ("White Star Shipyard",),
    19: ("Wotherby's Auction House",),
}
# Pages every campaign must answer (the brief's list); others are rendered when they answer.
REQUIRED_PAGES = (
    "campaign:dashboard",
    "campaign:games",
    "campaign:trackers",
    "campaign:elections",
    "campaign:cities",
    "unlocks:sections",
    "unlocks:next",
    "unlocks:setup",
    "unlocks:rules",
    # The public page, switched on for this test: the same pages at a secret address.
    "public:dashboard",
    "public:games",
    "public:trackers",
    "public:elections",
    "public:cities",
)
# Leaks found in pages other engineers own, reported to them: (address pattern, section).
# None now: the wizard asks for sections by number first, the catalogue shows what #4 and #7
# bring only when asked, and a campaign game's form follows the sections unlocked before it.
# scoring/tests/test_spoilers_scoring.py renders the wizard's steps and the catalogue fresh.
KNOWN_LEAKS_ELSEWHERE: tuple[tuple[str, int], ...] = ()


def played(n: int) -> Campaign:
    return owned(
        actions.import_campaign(
            make_campaign(corporations=THREE, tables=[leader_table(*THREE)] * n)
        )
    )


def random_campaign(n: int) -> Campaign:
    return owned(actions.import_campaign(make_campaign(n, corporations=4, seed=9)))


CAMPAIGNS = {
    "fresh": fresh,
    "after game 1": lambda: played(1),
    "after game 4": lambda: played(4),
    "12 random games": lambda: random_campaign(12),
}


# --- the pages ---------------------------------------------------------------------------


def _kwarg_values(campaign: Campaign, name: str, kwarg: str) -> list:
    state = campaign.state or {}
    if kwarg == "slug":
        return [campaign.slug]
    if kwarg == "number":
        if name.startswith("unlocks:"):
            return [s.number for s in sections()]
        return list(range(1, state.get("games_played", 0) + 1))
    if kwarg == "key":
        return list(campaign.corporations.values_list("key", flat=True))
    if kwarg == "token" and name.startswith("public:"):
        return [switch_public_link(campaign, True).token]
    return []  # a one-off game's pk, a catalogue row: not a campaign page


def page_addresses(campaign: Campaign) -> Iterator[tuple[str, str]]:
    """(url name, address) of every GET-able address for this campaign, and of the pages
    that take no argument at all (home, the wizard, the catalogue lists)."""
    seen = set()
    for name, pattern in named_patterns():
        kwargs_names = list(pattern.pattern.converters)
        if not kwargs_names:
            combos = [{}]
        else:
            combos = [{}]
            for kwarg in kwargs_names:
                values = _kwarg_values(campaign, name, kwarg)
                combos = [{**combo, kwarg: value} for combo in combos for value in values]
        for kwargs in combos:
            try:
                address = reverse(name, kwargs=kwargs)
            except Exception:  # noqa: BLE001 - a name that needs what we cannot give
                continue
            if address not in seen:
                seen.add(address)
                yield name, address


def visible_text(content: str) -> str:
    """What a person can read in the page: tags stripped, entities decoded, spaces squeezed.
    Attribute values are kept too (a title in an aria-label or a value is just as visible)."""
    content = re.sub(r"<(script|style)\b.*?</\1>", " ", content, flags=re.S)
    attributes = " ".join(re.findall(r'="([^"]*)"', content))
    words = re.sub(r"<[^>]+>", " ", content)
    return re.sub(r"\s+", " ", html_lib.unescape(f"{words} {attributes}"))


# --- the secrets -------------------------------------------------------------------------


def open_vocabulary() -> str:
    """Everything printed outside the sections: printed triggers and the catalogue's names."""
    names = [s.trigger_text for s in sections()]
    for model, field in (
        (Megastructure, "name"),
        (Award, "name"),
        (Party, "name"),
        (Hub, "name"),
        (Zone, "hub_name"),
        (TrackerSection, "name"),
        (Location, "name"),
    ):
        names += list(model.objects.values_list(field, flat=True))
    names += [f"Zone {n}" for n in range(1, 7)]
    return " | ".join(names).lower()


def titles(number: int) -> tuple[str, ...]:
    section = sections_by_number()[number]
    return tuple(t for t in (section.title, *MARKER_TITLES.get(number, ())) if t)


def spoilers_in(text: str, locked: set[int], vocabulary: str) -> list[str]:
    found = []
    lowered = text.lower()
    for number in sorted(locked):
        for title in titles(number):
            if title.lower() in vocabulary:
                # Open words: only never as this section's title, right after its number.
                pattern = rf"#\s*{number}(?!\d)[^#]{{0,12}}{re.escape(title)}"
                if re.search(pattern, text, flags=re.I):
                    found.append(f"#{number} shown with its title {title!r}")
            elif re.search(rf"\b{re.escape(title.lower())}", lowered):
                found.append(f"#{number}'s title {title!r}")
        changes = sections_by_number()[number].changes
        if changes and changes != "Story only." and changes[:40].lower() in lowered:
            found.append(f"#{number}'s changes {changes[:40]!r}")
    return found


def locked_sections(campaign: Campaign) -> set[int]:
    unlocked = {u["section"] for u in campaign.state.get("unlocked_sections", [])}
    return {s.number for s in sections()} - unlocked


@pytest.mark.long
@pytest.mark.parametrize("which", sorted(CAMPAIGNS))
def test_no_page_shows_a_locked_sections_title_or_changes(owner_client, which):
    campaign = CAMPAIGNS[which]()
    locked = locked_sections(campaign)
    assert locked
    vocabulary = open_vocabulary()
    answered, leaks = set(), []
    for name, address in page_addresses(campaign):
        response = owner_client.get(address)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        answered.add(name)
        known = {n for pattern, n in KNOWN_LEAKS_ELSEWHERE if re.search(pattern, address)}
        for leak in spoilers_in(
            visible_text(response.content.decode()), locked - known, vocabulary
        ):
            leaks.append(f"{address}: {leak}")
    assert not leaks, "\n".join(leaks)
    missing = [name for name in REQUIRED_PAGES if name not in answered]
    assert not missing
    # The section pages and the reveal's "are you sure?" of every locked section were read.
    assert {"unlocks:section", "unlocks:section_reveal"} <= answered
    if campaign.state.get("games_played"):
        assert "campaign:checklist" in answered


def test_the_check_itself_catches_a_title(owner_client):
    """The spoiler check is not vacuous: a revealed page does hold the title."""
    campaign = fresh()
    owner_client.post(
        reverse("unlocks:section_reveal", args=[campaign.slug, 16]), {"confirm": "True"}
    )
    page = owner_client.get(reverse("unlocks:section", args=[campaign.slug, 16]))
    found = spoilers_in(visible_text(page.content.decode()), {16}, open_vocabulary())
    assert found[0] == "#16's title 'Wage Squeeze'"
    assert found[1].startswith("#16's changes 'Every game starts with 2 credits")


# --- reveals -----------------------------------------------------------------------------


def test_a_reveal_asks_first_and_reveals_only_on_the_confirming_post(owner_client):
    campaign = fresh()
    section = reverse("unlocks:section", args=[campaign.slug, 19])
    reveal = reverse("unlocks:section_reveal", args=[campaign.slug, 19])

    # The section page offers a reveal, which asks "are you sure?" and reveals nothing yet.
    assert reveal in owner_client.get(section).content.decode()
    asked = owner_client.get(reveal)
    assert asked.status_code == 200
    asked_text = visible_text(asked.content.decode())
    assert "Are you sure?" in asked_text
    assert "Wotherby" not in asked_text
    assert not SectionReveal.objects.exists()

    # A POST without the confirmation is refused: asked again, nothing stored.
    refused = owner_client.post(reveal, {})
    assert refused.status_code == 400
    assert "Are you sure?" in visible_text(refused.content.decode())
    assert not SectionReveal.objects.exists()

    confirmed = owner_client.post(reveal, {"confirm": "True"})
    assert confirmed.status_code == 302
    assert confirmed["Location"] == section
    shown = visible_text(owner_client.get(section).content.decode())
    assert "#19 Wotherby's" in shown
    assert "Revealed to you only" in shown
    reveal_row = SectionReveal.objects.get()
    assert (reveal_row.section, reveal_row.user.username) == (19, "owner")

    # Everyone else, and every list page, still sees number and trigger only.
    other = Client()
    other.force_login(add_member(campaign, make_user("ali"), Role.PLAYER).user)
    assert "Wotherby" not in visible_text(other.get(section).content.decode())
    for name in ("unlocks:sections", "unlocks:next", "unlocks:rules", "unlocks:setup"):
        listing = visible_text(
            owner_client.get(reverse(name, args=[campaign.slug])).content.decode()
        )
        assert "Wotherby" not in listing, name
    assert "revealed to you" in visible_text(
        owner_client.get(reverse("unlocks:sections", args=[campaign.slug])).content.decode()
    )

    # Hiding it again forgets the reveal for this person.
    hidden = owner_client.post(reverse("unlocks:section_hide", args=[campaign.slug, 19]))
    assert hidden.status_code == 302
    assert not SectionReveal.objects.exists()
    assert "Wotherby" not in visible_text(owner_client.get(section).content.decode())


def test_a_reveal_belongs_to_one_campaign(owner_client):
    first, second = fresh(), fresh()
    owner_client.post(reverse("unlocks:section_reveal", args=[first.slug, 16]), {"confirm": "True"})
    page = owner_client.get(reverse("unlocks:section", args=[second.slug, 16]))
    assert "Wage Squeeze" not in page.content.decode()


def test_revealing_an_unlocked_section_just_opens_it(owner_client):
    campaign = played(1)
    response = owner_client.get(reverse("unlocks:section_reveal", args=[campaign.slug, 1]))
    assert response.status_code == 302
    assert response["Location"] == reverse("unlocks:section", args=[campaign.slug, 1])
    assert not SectionReveal.objects.exists()


def test_a_signed_in_persons_reveal_is_kept_on_their_account(owner_client):
    campaign = fresh()
    user = add_member(campaign, make_user("caro"), Role.VIEWER).user
    owner_client.force_login(user)
    owner_client.post(
        reverse("unlocks:section_reveal", args=[campaign.slug, 16]), {"confirm": "True"}
    )
    assert SectionReveal.objects.get().user == user
    other_device = Client()
    other_device.force_login(user)
    page = other_device.get(reverse("unlocks:section", args=[campaign.slug, 16]))
    assert "Wage Squeeze" in page.content.decode()
