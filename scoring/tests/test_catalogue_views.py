"""The catalogue pages: the lists, and the forms that add and correct the group's entries."""

import datetime
import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import (
    Location,
    Megastructure,
    MegastructureType,
    PlayerPower,
    Ship,
    TrackerSection,
    Zone,
)

pytestmark = pytest.mark.django_db

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


@pytest.fixture(autouse=True)
def catalogue():
    call_command("load_catalogue", verbosity=0)


def mars() -> Location:
    return Location.objects.get(name="Mars")


def nautilus() -> Ship:
    return Ship.objects.get(name="Nautilus EV-280")


def form_urls() -> list[str]:
    return [
        reverse("catalogue:location_add"),
        reverse("catalogue:location_edit", args=[mars().pk]),
        reverse("catalogue:ship_add"),
        reverse("catalogue:ship_edit", args=[nautilus().pk]),
        reverse("catalogue:megastructure_add"),
        reverse("catalogue:megastructure_edit", args=["dyson-swarm"]),
    ]


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


def location_data(**overrides) -> dict:
    data = {"name": "Io", "zone": 2, "naming_spaces": 0}
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


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


def test_the_locations_page_groups_by_zone_with_edit_links(client):
    page = client.get(reverse("catalogue:locations")).content.decode()

    assert 'id="zone-5"' in page and "Triton" in page
    assert reverse("catalogue:location_edit", args=[mars().pk]) in page
    assert "Base location · 2 naming spaces" in page


def test_the_megastructures_page_shows_key_type_and_place(client):
    page = client.get(reverse("catalogue:megastructures")).content.decode()

    assert "Type V" in page and "Dyson Swarm" in page
    assert "Game 3 · Mars, zone 1" in page
    assert "<code>space-elevator-mars</code>" in page
    assert reverse("catalogue:megastructure_edit", args=["the-kraken"]) in page


def test_the_ships_page_offers_edits_for_leased_ships_only(client):
    reveal(client, "ships")
    page = client.get(reverse("catalogue:ships")).content.decode()
    xerxes = Ship.objects.get(starting=True)

    assert "DC-Xerxes 8050" in page and "moves 3" in page
    assert reverse("catalogue:ship_edit", args=[nautilus().pk]) in page
    assert reverse("catalogue:ship_edit", args=[xerxes.pk]) not in page


def test_the_awards_page_lists_each_section_with_gold_and_silver(client):
    page = client.get(reverse("catalogue:awards")).content.decode()

    assert "UFSS Medal of Freedom (10)" in page
    assert "Order of the Shepherd (7)" in page
    assert "6 boxes" in page and "8 boxes" in page


def test_the_powers_page_uses_the_rulebooks_wording(client):
    reveal(client, "powers")
    page = client.get(reverse("catalogue:powers")).content.decode()

    assert "All bases cost one less credit than the indicated cost (minimum 0)" in page


# Safety: GET never writes; writes are POST with CSRF ----------------------------------------


def test_get_never_writes(client):
    reveal(client, "ships")
    before = snapshot()
    urls = [reverse(name) for name in LIST_PAGES] + form_urls()

    with CaptureQueriesContext(connection) as queries:
        for url in urls:
            assert client.get(url).status_code == 200

    writes = [q["sql"] for q in queries if WRITE_SQL.match(q["sql"])]
    assert writes == []
    assert snapshot() == before


@pytest.mark.parametrize("name", LIST_PAGES)
def test_list_pages_refuse_post(client, name):
    assert client.post(reverse(name)).status_code == 405


def test_forms_refuse_other_methods(client):
    for url in form_urls():
        assert client.put(url).status_code == 405
        assert client.delete(url).status_code == 405


def test_a_post_without_the_csrf_token_is_refused_and_saves_nothing():
    before = snapshot()
    client = Client(enforce_csrf_checks=True)

    response = client.post(reverse("catalogue:location_add"), location_data())

    assert response.status_code == 403
    assert snapshot() == before


def test_forms_carry_the_csrf_token(client):
    reveal(client, "ships")
    for url in form_urls():
        assert 'name="csrfmiddlewaretoken"' in client.get(url).content.decode()


# Locations ---------------------------------------------------------------------------------


def test_it_adds_a_location_and_redirects_to_the_list(client):
    response = client.post(
        reverse("catalogue:location_add"),
        location_data(name="  Io ", base_location="on", naming_spaces=3, mining="on"),
    )

    io = Location.objects.get(name="Io")
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('catalogue:locations')}#locations-{io.pk}"
    assert (io.zone_id, io.base_location, io.naming_spaces, io.mining) == (2, True, 3, True)
    assert "Added Io (zone 2)." in client.get(response["Location"]).content.decode()


@pytest.mark.parametrize(
    "data,sentence",
    [
        (location_data(name=""), "Name is required: enter the location as its card prints it."),
        (location_data(name="   "), "Name is required"),
        (location_data(name="mars"), "Name: there is already a location called mars."),
        (location_data(zone=9), "Zone must be one of the zones listed."),
        (location_data(zone=None), "Zone is required: choose the zone the card lies in."),
        (
            location_data(naming_spaces=11, base_location="on"),
            "Naming spaces must be a whole number from 0 to 10.",
        ),
        (location_data(naming_spaces="two"), "Naming spaces must be a whole number from 0 to 10."),
        (location_data(naming_spaces=2), "Naming spaces count only on a base location"),
    ],
)
def test_a_bad_location_changes_nothing_and_names_the_field(client, data, sentence):
    before = snapshot()

    response = client.post(reverse("catalogue:location_add"), data)

    assert response.status_code == 200
    page = response.content.decode()
    assert sentence in page
    assert "Nothing was saved" in page
    assert snapshot() == before


def test_it_corrects_a_locations_zone(client):
    europa = Location.objects.get(name="Europa")

    response = client.post(
        reverse("catalogue:location_edit", args=[europa.pk]),
        location_data(name="Europa", zone=3, base_location="on", naming_spaces=1),
    )

    assert response.status_code == 302
    europa.refresh_from_db()
    assert (europa.name, europa.zone_id, europa.base_location, europa.naming_spaces) == (
        "Europa",
        3,
        True,
        1,
    )


def test_the_edit_form_shows_the_locations_values(client):
    page = client.get(reverse("catalogue:location_edit", args=[mars().pk])).content.decode()

    assert 'value="Mars"' in page
    assert "Edit Mars" in page


def test_a_bad_edit_leaves_the_location_as_it_was(client):
    before = snapshot()

    response = client.post(
        reverse("catalogue:location_edit", args=[mars().pk]),
        location_data(name="Europa", zone=1),
    )

    assert "Name: there is already a location called Europa." in response.content.decode()
    assert snapshot() == before


def test_a_location_with_a_named_city_cannot_be_renamed(client):
    from campaign.models import Game

    Game.objects.create(played_on=datetime.date(2026, 1, 5), table={}, city_location="Mars")

    response = client.post(
        reverse("catalogue:location_edit", args=[mars().pk]),
        location_data(name="Red Planet", zone=1, base_location="on", naming_spaces=2),
    )

    assert "1 game(s) named a city on Mars" in response.content.decode()
    assert mars().zone_id == 1


def test_a_location_with_a_named_city_can_still_change_zone(client):
    from campaign.models import Game

    Game.objects.create(played_on=datetime.date(2026, 1, 5), table={}, city_location="Mars")

    client.post(
        reverse("catalogue:location_edit", args=[mars().pk]),
        location_data(name="Mars", zone=2, base_location="on", naming_spaces=2),
    )

    assert mars().zone_id == 2


def test_editing_an_unknown_location_is_404(client):
    assert client.get(reverse("catalogue:location_edit", args=[9999])).status_code == 404


# Spoilers: what a section brings shows only to a visitor who asked -----------------------


LEASED_SHIP_NAMES = ("WS Vaguard Class II", "Nautilus EV-280", "The Manchester")
POWER_WORDS = ("player power", "political influence", "additional 2 end game", "one vote")


def test_before_the_visitor_asks_no_leased_ship_nor_power_is_in_the_html(client):
    ships = client.get(reverse("catalogue:ships")).content.decode()
    assert "DC-Xerxes 8050" in ships
    for name in (*LEASED_SHIP_NAMES, "White Star", "Leased", reverse("catalogue:ship_add")):
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
    assert reverse("catalogue:ship_add") in page
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


def test_the_ship_forms_ask_first_and_save_nothing_before(client):
    before = snapshot()
    for url in (
        reverse("catalogue:ship_add"),
        reverse("catalogue:ship_edit", args=[nautilus().pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"] == reverse("catalogue:reveal", args=["ships"])
        posted = client.post(url, {"name": "WS Corsair", "presence": 3})
        assert posted.status_code == 302
    assert snapshot() == before


def test_an_unknown_reveal_is_404(client):
    assert client.get(reverse("catalogue:reveal", args=["megastructures"])).status_code == 404
    assert client.post(reverse("catalogue:hide", args=["nope"])).status_code == 404


# Ships -------------------------------------------------------------------------------------


def test_it_adds_a_leased_ship(client):
    reveal(client, "ships")
    response = client.post(
        reverse("catalogue:ship_add"), {"name": "WS Corsair", "presence": 3, "moves": 4}
    )

    ship = Ship.objects.get(name="WS Corsair")
    assert response.status_code == 302
    assert response["Location"].endswith(f"#ships-{ship.pk}")
    assert (ship.presence, ship.moves, ship.leased, ship.starting) == (3, 4, True, False)


def test_a_ship_can_be_added_before_its_moves_are_looked_up(client):
    reveal(client, "ships")
    client.post(reverse("catalogue:ship_add"), {"name": "WS Corsair", "presence": 1, "moves": ""})

    assert Ship.objects.get(name="WS Corsair").moves is None


@pytest.mark.parametrize(
    "data,sentence",
    [
        ({"name": "", "presence": 2}, "Name is required: enter the ship as its card prints it."),
        ({"name": "the manchester", "presence": 2}, "there is already a ship called"),
        ({"name": "X", "presence": 10}, "Presence must be a whole number from 0 to 9."),
        ({"name": "X", "presence": -1}, "Presence must be a whole number from 0 to 9."),
        ({"name": "X", "presence": ""}, "Presence is required"),
        ({"name": "X", "presence": 2, "moves": 0}, "Moves must be a whole number from 1 to 9."),
    ],
)
def test_a_bad_ship_changes_nothing_and_names_the_field(client, data, sentence):
    reveal(client, "ships")
    before = snapshot()

    response = client.post(reverse("catalogue:ship_add"), data)

    assert response.status_code == 200
    assert sentence in response.content.decode()
    assert snapshot() == before


def test_it_corrects_a_leased_ships_card_values(client):
    reveal(client, "ships")
    ship = nautilus()

    client.post(
        reverse("catalogue:ship_edit", args=[ship.pk]),
        {"name": "Nautilus EV-280", "presence": 4, "moves": 2},
    )

    ship.refresh_from_db()
    assert (ship.presence, ship.moves, ship.leased) == (4, 2, True)


def test_a_bad_ship_edit_leaves_the_ship_as_it_was(client):
    reveal(client, "ships")
    before = snapshot()

    client.post(
        reverse("catalogue:ship_edit", args=[nautilus().pk]),
        {"name": "Nautilus EV-280", "presence": 99},
    )

    assert snapshot() == before


def test_the_starting_ship_is_not_editable_in_the_app(client):
    reveal(client, "ships")
    xerxes = Ship.objects.get(starting=True)

    response = client.post(
        reverse("catalogue:ship_edit", args=[xerxes.pk]), {"name": "X", "presence": 5}
    )

    assert response.status_code == 404
    xerxes.refresh_from_db()
    assert xerxes.presence == 2


# Megastructures ----------------------------------------------------------------------------


def test_it_adds_a_megastructure_with_a_key_made_from_its_name(client):
    response = client.post(
        reverse("catalogue:megastructure_add"),
        {"name": "Orbital Ring of Mars", "type": 4, "location": mars().pk},
    )

    ring = Megastructure.objects.get(key="orbital-ring-of-mars")
    assert response.status_code == 302
    assert response["Location"].endswith("#megastructures-orbital-ring-of-mars")
    assert (ring.name, ring.type, ring.location, ring.fixed_game) == (
        "Orbital Ring of Mars",
        MegastructureType.TYPE_IV,
        mars(),
        None,
    )


def test_a_new_megastructure_is_listed_after_those_of_its_type(client):
    client.post(reverse("catalogue:megastructure_add"), {"name": "Kuiper Gate", "type": 3})

    type_iii = list(Megastructure.objects.filter(type=3).values_list("key", flat=True))
    assert type_iii[-1] == "kuiper-gate"
    assert Megastructure.objects.get(key="kuiper-gate").location is None


@pytest.mark.parametrize(
    "data,sentence",
    [
        ({"name": "", "type": 3}, "Name is required"),
        ({"name": "!!!", "type": 3}, "Name needs at least one letter or digit"),
        ({"name": "Dyson  swarm", "type": 6}, "Name: Dyson Swarm already has the key dyson-swarm"),
        ({"name": "Ring", "type": 1}, "Type must be one of Type II to Type VI"),
        ({"name": "Ring", "type": 7}, "Type must be one of Type II to Type VI"),
        ({"name": "Ring"}, "Type is required"),
        ({"name": "Ring", "type": 3, "location": 9999}, "Location must be one of the locations"),
    ],
)
def test_a_bad_megastructure_changes_nothing_and_names_the_field(client, data, sentence):
    before = snapshot()

    response = client.post(reverse("catalogue:megastructure_add"), data)

    assert response.status_code == 200
    assert sentence in response.content.decode()
    assert snapshot() == before


def test_editing_a_megastructure_keeps_its_key(client):
    response = client.post(
        reverse("catalogue:megastructure_edit", args=["terraform-mars"]),
        {"name": "Terraforming of Mars", "type": 3, "location": mars().pk},
    )

    assert response.status_code == 302
    terraform = Megastructure.objects.get(key="terraform-mars")
    assert (terraform.name, terraform.location) == ("Terraforming of Mars", mars())
    assert not Megastructure.objects.filter(key="terraforming-of-mars").exists()


def test_the_edit_form_shows_the_key_that_never_changes(client):
    page = client.get(reverse("catalogue:megastructure_edit", args=["the-kraken"])).content

    assert "<code>the-kraken</code>" in page.decode()


def test_a_fixed_game_megastructure_stays_type_i(client):
    client.post(
        reverse("catalogue:megastructure_edit", args=["drum-defence-cannon"]),
        {"name": "DRUM Defence Cannon", "type": 3, "location": mars().pk},
    )

    drum = Megastructure.objects.get(key="drum-defence-cannon")
    assert (drum.type, drum.fixed_game) == (MegastructureType.TYPE_I, 3)


def test_a_fixed_game_megastructure_can_move(client):
    titan = Location.objects.get(name="Titan")

    client.post(
        reverse("catalogue:megastructure_edit", args=["skyhooks-zone-4"]),
        {"name": "Sky hooks throughout zone 4", "location": titan.pk},
    )

    assert Megastructure.objects.get(key="skyhooks-zone-4").location == titan


def test_editing_an_unknown_megastructure_is_404(client):
    assert client.get(reverse("catalogue:megastructure_edit", args=["nope"])).status_code == 404


def test_a_zone_the_group_renamed_shows_in_the_forms(client):
    Zone.objects.filter(number=6).update(hub_name="Eris")

    page = client.get(reverse("catalogue:location_add")).content.decode()

    assert "Zone 6 (Eris)" in page
