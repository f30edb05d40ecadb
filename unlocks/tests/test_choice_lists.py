"""Lists hold only what the table can have: every choice list of every page (a <select>'s
options, radio buttons and checkboxes by their values, a <datalist>'s options), for the owner of
campaigns at several stages, with a game being entered together, offers no leased ship card
whose section is still locked (The Kraken #23, Titanica Elite #24), and on a game's pages no
location or zone that game does not play (the city its winner names, the ships, the
megastructure's token), and no megastructure the rules do not offer it yet. Like the locked
titles (test_spoilers), a page added tomorrow is walked too: the addresses come from the URL
resolver."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from accounts.models import Membership, Role
from campaign.forms import NONE_BUILT
from campaign.models import Campaign
from live import actions as live_actions
from scoring.models import Location
from solar175.sections import SHIP_CARD_SECTIONS
from unlocks.tests.test_spoilers import page_addresses, played

pytestmark = [pytest.mark.django_db, pytest.mark.one_database, pytest.mark.usefixtures("catalogue")]

# A game's own pages: its number in the address, or the next game's (entered alone or together).
GAME_PAGE = re.compile(r"/games/(?:(?P<number>\d+)/|new/|together/|preview/)")
LOCATION_LIST = re.compile(r"location$")
ZONE_LIST = re.compile(r"zone$|^zones_in_play$")


# Read-only pages with no list of the table's things: the public pages repeat the members' pages
# without forms, and each of the 33 sections' own page and its reveal show one section (their
# lists are the checklist's items, walked on the sections page): left out to keep the walk short.
SKIPPED = {"unlocks:section", "unlocks:section_reveal"} | {
    f"public:{name}" for name in ("dashboard", "games", "trackers", "elections", "cities", "charts")
}


class ChoiceLists(HTMLParser):
    """Each choice list of a page: {(kind, name): [value, ...]}."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lists: dict[tuple[str, str], list[str]] = {}
        self.current: tuple[str, str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("select", "datalist"):
            self.current = (tag, attrs.get("name") or attrs.get("id") or "")
            self.lists.setdefault(self.current, [])
        elif tag == "option" and self.current is not None:
            self.lists[self.current].append(attrs.get("value") or "")
        elif tag == "input" and attrs.get("type") in ("radio", "checkbox"):
            key = (attrs["type"], attrs.get("name") or "")
            self.lists.setdefault(key, []).append(attrs.get("value") or "")

    def handle_endtag(self, tag):
        if tag in ("select", "datalist"):
            self.current = None


def choice_lists(page: str) -> dict[tuple[str, str], list[str]]:
    reader = ChoiceLists()
    reader.feed(page)
    return reader.lists


def unlocked(campaign: Campaign) -> set[int]:
    return {u["section"] for u in campaign.state.get("unlocked_sections", [])}


def zones_of(campaign: Campaign, number: str | None) -> set[int]:
    """The zones game `number` played, or the next game's."""
    if number is None:
        return set(campaign.state["next_game"]["zones_in_play"])
    game = campaign.games.get(number=int(number))
    return set(game.replay_entry["rules"]["zones_in_play"])


def megastructures_of(campaign: Campaign, number: str | None) -> set[str]:
    """What game `number` may record as built (the replay's options and its own fact), or the
    next game's options: the rules' order of megastructures, each only once its time comes."""
    if number is None:
        return set(campaign.state["next_game"]["megastructure_options"])
    entry = campaign.games.get(number=int(number)).replay_entry
    return set(entry.get("megastructure_options") or ()) | {entry.get("megastructure") or ""}


def wrong_choices(campaign: Campaign, address: str, page: str) -> list[str]:
    """What the page's choice lists offer that its table cannot have."""
    found = []
    locked_ships = {ship for ship, n in SHIP_CARD_SECTIONS.items() if n not in unlocked(campaign)}
    game = GAME_PAGE.search(address)
    zones = zones_of(campaign, game["number"]) if game else None
    built = megastructures_of(campaign, game["number"]) if game else set()
    location_zone = dict(Location.objects.values_list("name", "zone"))
    for (kind, name), values in choice_lists(page).items():
        short = name.split("-", 1)[-1]
        for value in values:
            if value in locked_ships:
                found.append(f"{kind} {name} offers the ship {value!r}, its section locked")
            if zones is None or not value:
                continue
            if LOCATION_LIST.search(short) and location_zone.get(value) not in zones:
                found.append(f"{kind} {name} offers {value!r}, not in zones {sorted(zones)}")
            if ZONE_LIST.search(short) and value.isdigit() and int(value) not in zones:
                found.append(f"{kind} {name} offers zone {value}, not in {sorted(zones)}")
            if short == "megastructure" and value not in built | {NONE_BUILT}:
                found.append(f"{kind} {name} offers the megastructure {value!r}, not its time")
    return found


def walk(client, campaign: Campaign) -> tuple[set[str], list[str]]:
    """Every page of the campaign with a game being entered together: the names answered
    and what their lists offer wrongly."""
    owner = Membership.objects.filter(campaign=campaign, role=Role.OWNER).first().user
    live_actions.open_draft(campaign, user=owner)
    answered, wrong = set(), []
    for name, address in page_addresses(campaign):
        if name in SKIPPED:
            continue
        response = client.get(address)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        answered.add(name)
        wrong += [
            f"{address}: {w}" for w in wrong_choices(campaign, address, response.content.decode())
        ]
    return answered, wrong


STAGES = {
    "after game 1": lambda: played(1),
    "after game 3": lambda: played(3),
}


@pytest.mark.long
@pytest.mark.parametrize("which", sorted(STAGES))
def test_every_choice_list_offers_only_what_the_table_can_have(owner_client, which):
    campaign = STAGES[which]()
    answered, wrong = walk(owner_client, campaign)
    assert not wrong, "\n".join(wrong)
    # The walk reached the lists in question: the city, each seat's ships, the edit pages.
    assert {"campaign:checklist", "campaign:game_add", "campaign:draft_seat"} <= answered
    assert "campaign:game_edit" in answered


def test_a_ship_card_is_offered_once_its_section_is_unlocked(owner_client):
    """The check is not vacuous: the one-off wizard, told #23 is unlocked, offers The Kraken
    in every ship row, and Titanica Elite (#24) still in none."""
    query = {"setup-sections": ["4", "23"], "setup-players": "3", "step": "table"}
    page = owner_client.get(reverse("scoring:wizard"), query).content.decode()
    ships = {
        name: values for (_, name), values in choice_lists(page).items() if name.endswith("_ship")
    }
    assert ships and all("The Kraken" in values for name, values in ships.items())
    assert not any("Titanica Elite" in values for values in ships.values())


def test_the_box_names_a_ship_card_only_once_its_section_is_unlocked(owner_client):
    campaign = played(3)  # #4 White Star unlocked, #23 and #24 locked
    box = owner_client.get(reverse("campaign:box", args=[campaign.slug])).content.decode()
    ship_list = box[box.index('id="ships"') :]
    ship_list = ship_list[: ship_list.index("</section>")]
    assert "The Manchester" in ship_list
    assert "Titanica Elite" not in ship_list and "The Kraken" not in ship_list
    kraken = reverse("campaign:box_ship", args=[campaign.slug, "The Kraken"])
    assert owner_client.get(kraken).status_code == 404
    manchester = reverse("campaign:box_ship", args=[campaign.slug, "The Manchester"])
    assert owner_client.get(manchester).status_code == 200
