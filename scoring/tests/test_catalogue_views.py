"""The catalogue pages: the reference catalogue, read-only, with its spoiler protection.

A group's corrections and additions are its campaign's box (campaign/tests/test_box_views.py);
nothing here writes but a visitor's own spoiler choice, in their session.
"""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import (
    Location,
    Megastructure,
    PlayerPower,
    Ship,
    TrackerSection,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

# Each list page's queries: a fixed number, however big the catalogue grows.
LIST_PAGES = {
    "catalogue:index": 4,  # zones, the scoring HUBs, parties, colours
    "catalogue:locations": 1,
    "catalogue:megastructures": 1,
    "catalogue:ships": 1,
    "catalogue:awards": 2,  # sections, then their awards
    "catalogue:powers": 0,  # nothing of section #7 until the visitor asks for it
}
# Once the visitor asked for what a section brings: their session, then the list.
REVEALED_PAGES = {"catalogue:ships": 2, "catalogue:powers": 2}

# Not "anything but SELECT": PostgreSQL reads a form's choices through DECLARE ... CURSOR.
WRITE_SQL = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


def mars() -> Location:
    return Location.objects.get(name="Mars")


def nautilus() -> Ship:
    return Ship.objects.get(name="Nautilus EV-280")


# The addresses the catalogue's forms had before it became read-only (the attack:
# an anonymous POST moved Mars to zone 3 for every campaign on the server).
OLD_FORMS = (
    "/catalogue/locations/add/",
    "/catalogue/locations/{mars}/edit/",
    "/catalogue/ships/add/",
    "/catalogue/ships/{nautilus}/edit/",
    "/catalogue/megastructures/add/",
    "/catalogue/megastructures/the-kraken/edit/",
)


def old_form_urls() -> list[str]:
    return [url.format(mars=mars().pk, nautilus=nautilus().pk) for url in OLD_FORMS]


def snapshot() -> dict:
    """Everything the forms can change, to show that a request changed nothing."""
    return {
        "locations": list(Location.objects.values()),
        "ships": list(Ship.objects.values()),
        "megastructures": list(Megastructure.objects.values()),
    }


def reveal(client: Client, key: str) -> None:
    """The visitor asks for what a section brings, and confirms."""
    response = client.post(reverse("catalogue:reveal", args=[key]), {"confirm": "True"})
    assert response.status_code == 302


# Lists -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,queries", LIST_PAGES.items())
def test_it_shows_each_list_in_a_fixed_number_of_queries(
    client, django_assert_num_queries, name, queries
):
    with django_assert_num_queries(queries):
        response = client.get(reverse(name))

    assert response.status_code == 200


@pytest.mark.parametrize("name,queries", LIST_PAGES.items())
def test_the_query_count_does_not_grow_with_the_catalogue(
    client, django_assert_num_queries, name, queries
):
    for number in range(5):
        Location.objects.create(name=f"Moon {number}", zone_id=3)
        Megastructure.objects.create(key=f"ring-{number}", name=f"Ring {number}", type=4)
        Ship.objects.create(name=f"Barge {number}", leased=True)
        PlayerPower.objects.create(key=f"power-{number}", name=f"Power {number}")
        TrackerSection.objects.create(key=f"extra-{number}", name=f"Extra {number}", boxes=8)

    with django_assert_num_queries(queries):
        assert client.get(reverse(name)).status_code == 200


@pytest.mark.parametrize("name,queries", REVEALED_PAGES.items())
def test_a_revealed_list_also_keeps_its_query_count(
    client, django_assert_num_queries, name, queries
):
    reveal(client, name.split(":")[1])
    with django_assert_num_queries(queries):
        assert client.get(reverse(name)).status_code == 200
    for number in range(5):
        Ship.objects.create(name=f"Barge {number}", leased=True)
        PlayerPower.objects.create(key=f"power-{number}", name=f"Power {number}")
    with django_assert_num_queries(queries):
        assert client.get(reverse(name)).status_code == 200


def test_the_index_shows_zones_hubs_parties_and_colours(client):
    page = client.get(reverse("catalogue:index")).content.decode()

    assert "Zone 6" in page and "Unnamed – rename from your card" in page
    assert "Military HUB on Ceres" in page
    assert "Celestial Rebellion" in page and "doubles presence IP" in page
    assert "Fifth corporation" in page and "#6c757d" in page


def test_the_locations_page_groups_by_zone_and_sends_corrections_to_the_campaigns_box(client):
    page = client.get(reverse("catalogue:locations")).content.decode()

    assert 'id="zone-5"' in page and "Triton" in page
    assert "Base location · 2 naming spaces" in page
    assert "Edit" not in page and "<form" not in page
    assert "choose <strong>Box</strong>" in page


def test_the_megastructures_page_shows_key_type_and_place(client):
    page = client.get(reverse("catalogue:megastructures")).content.decode()

    assert "Type V" in page and "Dyson Swarm" in page
    assert "Game 3 · Mars, zone 1" in page
    assert "<code>space-elevator-mars</code>" in page
    # Terraform Mars is built on Mars (RULES-NOTES §6); The Kraken waits for a group's box.
    assert re.search(r"Terraform Mars</strong><br>\s*<span[^>]*>\s*Mars, zone 1", page)
    assert "Not placed yet" in page
    assert "Edit" not in page


def test_the_ships_page_lists_the_ships_and_edits_none(client):
    reveal(client, "ships")
    page = client.get(reverse("catalogue:ships")).content.decode()

    assert "DC-Xerxes 8050" in page and "moves 3" in page
    assert "Nautilus EV-280" in page and "presence 2" in page
    assert "Edit" not in page


def test_the_awards_page_lists_each_section_with_gold_and_silver(client):
    page = client.get(reverse("catalogue:awards")).content.decode()

    assert "UFSS Medal of Freedom (10)" in page
    assert "Order of the Shepherd (7)" in page
    assert "6 boxes" in page and "8 boxes" in page


def test_the_powers_page_uses_the_rulebooks_wording(client):
    reveal(client, "powers")
    page = client.get(reverse("catalogue:powers")).content.decode()

    assert "All bases cost one less credit than the indicated cost (minimum 0)" in page


# Read-only: no form writes, for anyone --------------------------------------------------------


def test_get_never_writes(client):
    reveal(client, "ships")
    before = snapshot()
    urls = [reverse(name) for name in LIST_PAGES]

    with CaptureQueriesContext(connection) as queries:
        for url in urls:
            assert client.get(url).status_code == 200

    writes = [q["sql"] for q in queries if WRITE_SQL.match(q["sql"])]
    assert writes == []
    assert snapshot() == before


@pytest.mark.parametrize("name", LIST_PAGES)
def test_list_pages_refuse_post(client, name):
    assert client.post(reverse(name)).status_code == 405


def test_the_old_form_addresses_are_gone_for_everyone(client, make_user):
    """Anonymous, signed in, staff: a POST to a form the catalogue once had changes nothing.
    Staff correct the reference in the admin only."""
    before = snapshot()
    signed_in, staff = Client(), Client()
    signed_in.force_login(make_user("ali"))
    staff.force_login(make_user("helper", is_staff=True))
    data = {"name": "Mars", "zone": 3, "base_location": "on", "naming_spaces": 2}
    for who in (client, signed_in, staff):
        for url in old_form_urls():
            assert who.get(url).status_code == 404, url
            assert who.post(url, data).status_code == 404, url
    assert snapshot() == before
    assert mars().zone_id == 1


# Spoilers: the ships of #4 and the powers of #7, only once asked for ----------------------

LEASED_SHIP_NAMES = ("WS Vaguard Class II", "Nautilus EV-280", "The Manchester")
POWER_WORDS = ("player power", "political influence", "additional 2 end game", "one vote")


def test_before_the_visitor_asks_no_leased_ship_nor_power_is_in_the_html(client):
    ships = client.get(reverse("catalogue:ships")).content.decode()
    assert "DC-Xerxes 8050" in ships
    for name in (*LEASED_SHIP_NAMES, "White Star", "Leased"):
        assert name not in ships, name
    assert "More ships come from section #4. Show them? It spoils the section." in ships
    powers = client.get(reverse("catalogue:powers")).content.decode()
    for word in POWER_WORDS:
        assert word not in powers.lower(), word
    assert "These come from section #7" in powers
    for name in LIST_PAGES:
        page = client.get(reverse(name)).content.decode()
        assert "White Star" not in page and ">Powers<" not in page, name
        assert ">Section #7<" in page, name


def test_a_reveal_asks_first_and_shows_only_after_the_confirming_post(client):
    asked = client.get(reverse("catalogue:reveal", args=["ships"]))
    assert asked.status_code == 200
    assert "Are you sure?" in asked.content.decode()
    assert "Nautilus" not in asked.content.decode()

    refused = client.post(reverse("catalogue:reveal", args=["ships"]), {})
    assert refused.status_code == 400
    assert "Nautilus" not in client.get(reverse("catalogue:ships")).content.decode()

    confirmed = client.post(reverse("catalogue:reveal", args=["ships"]), {"confirm": "True"})
    assert confirmed.status_code == 302
    assert confirmed["Location"] == reverse("catalogue:ships")
    page = client.get(reverse("catalogue:ships")).content.decode()
    assert all(name in page for name in LEASED_SHIP_NAMES)
    assert "White Star Shipyard" in page
    assert "Add a ship" not in page
    # For this visitor only, and only what they asked for.
    assert "Nautilus" not in Client().get(reverse("catalogue:ships")).content.decode()
    assert "political influence" not in client.get(reverse("catalogue:powers")).content.decode()


def test_the_powers_reveal_shows_the_powers_and_their_tab_name(client):
    reveal(client, "powers")
    page = client.get(reverse("catalogue:powers")).content.decode()
    assert "You may keep and use both of your political influence cards" in page
    assert ">Powers<" in page
    # Asking again just opens them.
    again = client.get(reverse("catalogue:reveal", args=["powers"]))
    assert again.status_code == 302


def test_hiding_them_again_forgets_the_choice(client):
    reveal(client, "ships")
    response = client.post(reverse("catalogue:hide", args=["ships"]))
    assert response.status_code == 302
    assert "Nautilus" not in client.get(reverse("catalogue:ships")).content.decode()
    assert client.get(reverse("catalogue:hide", args=["ships"])).status_code == 405


def test_an_unknown_reveal_is_404(client):
    assert client.get(reverse("catalogue:reveal", args=["megastructures"])).status_code == 404
    assert client.post(reverse("catalogue:hide", args=["nope"])).status_code == 404
