"""fixtures/catalogue.json: what it ships, checked against the rulebook and docs/commands.md."""

import pytest
from django.core.management import call_command

from scoring.models import (
    Award,
    AwardTier,
    CorporationColour,
    Hub,
    Location,
    Megastructure,
    MegastructureType,
    Party,
    PlayerPower,
    Ship,
    TrackerSection,
    Zone,
)

pytestmark = pytest.mark.django_db

# RULES-NOTES §4 (rulebook "Corporate Awards"): section -> (gold, gold points, silver, points).
AWARDS = {
    "presence_1": ("Niven Zone 1 Gold", 3, "Niven Zone 1 Silver", 2),
    "presence_2": ("Niven Zone 2 Gold", 3, "Niven Zone 2 Silver", 2),
    "presence_3": ("Niven Zone 3 Gold", 4, "Niven Zone 3 Silver", 2),
    "presence_4": ("Niven Zone 4 Gold", 4, "Niven Zone 4 Silver", 2),
    "presence_5": ("Niven Zone 5 Gold", 5, "Niven Zone 5 Silver", 3),
    "presence_6": ("Niven Zone 6 Gold", 6, "Niven Zone 6 Silver", 4),
    "megastructure": ("UFSS Noble Philanthropist", 6, "UFSS Philanthropist", 3),
    "bases": ("Hensler Elite Settler", 6, "Hensler Professional Settler", 3),
    "military": (
        "Honorary General of the UFSS Peacekeeping Force",
        6,
        "Honorary Colonel of the UFSS Peacekeeping Force",
        3,
    ),
    "mining": ("Rio Astro Gold", 5, "Rio Astro Silver", 3),
    "credits": ("Benefactor of the Bank of Yurushi", 5, "Friend of the Bank of Yurushi", 3),
    "influence": ("UFSS Medal of Freedom", 10, "Order of the Shepherd", 7),
}


@pytest.fixture(autouse=True)
def catalogue():
    # loaddata, not load_catalogue: other apps' tests load the fixture this way too.
    call_command("loaddata", "fixtures/catalogue.json", verbosity=0)


def test_it_has_the_six_zones_with_their_hub_bodies():
    assert dict(Zone.objects.values_list("number", "hub_name")) == {
        1: "Earth",
        2: "Jupiter",
        3: "Titan",
        4: "Titania",
        5: "Triton",
        # The rulebook text never names zone 6's HUB body: a placeholder that says so.
        6: "Unnamed – rename from your card",
    }


def test_it_has_the_scoring_hubs_and_one_zone_hub_per_zone():
    assert list(Hub.objects.filter(zone=None).values_list("key", flat=True)) == [
        "hensler",
        "ufss",
        "military",
    ]
    assert sorted(Hub.objects.exclude(zone=None).values_list("zone", flat=True)) == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    assert "Ceres" in Hub.objects.get(key="military").name


def test_each_party_doubles_its_printed_category():
    assert dict(Party.objects.values_list("key", "doubles")) == {
        "united_federalists": "megastructure",
        "workers_union": "military",
        "brave_new_dawn": "bases",
        "celestial_rebellion": "presence",
    }


def test_locations_sit_in_the_zones_of_rules_notes_6():
    zones = dict(Location.objects.values_list("name", "zone"))

    assert {name: zones[name] for name in ("Earth", "Mars", "IPTC", "Ceres")} == {
        "Earth": 1,
        "Mars": 1,
        "IPTC": 2,
        "Ceres": 2,
    }
    assert (zones["Titan"], zones["Titania"], zones["Triton"]) == (3, 4, 5)
    assert (zones["Jupiter"], zones["Europa"], zones["Ganymede"]) == (2, 2, 2)


def test_each_zone_with_a_named_card_has_a_base_location():
    # #4 White Star: a remote-building ship on Europa "could build a base on Mars and Gannymede";
    # Building Bases prints a zone 3 card's base price, and Titan, Titania and Triton are the
    # cards the text names in zones 3, 4 and 5 (docs/catalogue.md).
    bases = dict(Location.objects.filter(base_location=True).values_list("name", "zone"))

    assert bases == {"Mars": 1, "Ganymede": 2, "Titan": 3, "Titania": 4, "Triton": 5}
    assert all(
        location.naming_spaces > 0 for location in Location.objects.filter(base_location=True)
    )
    assert not Location.objects.filter(base_location=False, naming_spaces__gt=0).exists()


def test_it_has_every_megastructure_key_of_the_contracts():
    assert set(Megastructure.objects.values_list("key", flat=True)) == {
        "skyhooks-zones-1-2",
        "skyhooks-zone-3",
        "drum-defence-cannon",
        "skyhooks-zone-4",
        "skyhooks-zone-5",
        "iptc-internal-upgrade",
        "space-elevator-mars",
        "ufss-hq-security-upgrade",
        "terraform-mars",
        "terraform-venus",
        "the-kraken",
        "titanica-elite",
        "dyson-swarm",
    }


def test_games_1_to_4_build_the_fixed_type_i_megastructures_where_the_rulebook_says():
    fixed = Megastructure.objects.exclude(fixed_game=None).order_by("fixed_game")

    assert [(m.fixed_game, m.key, m.location.name) for m in fixed] == [
        (1, "skyhooks-zones-1-2", "Earth"),
        (2, "skyhooks-zone-3", "Titan"),
        (3, "drum-defence-cannon", "Mars"),
        (4, "skyhooks-zone-4", "Titania"),
    ]
    assert {m.type for m in fixed} == {MegastructureType.TYPE_I}


def test_type_ii_megastructures_have_their_printed_locations():
    type_ii = Megastructure.objects.filter(type=MegastructureType.TYPE_II)

    assert {m.key: m.location.name for m in type_ii} == {
        "skyhooks-zone-5": "Triton",
        "iptc-internal-upgrade": "IPTC",
        "space-elevator-mars": "Mars",
        "ufss-hq-security-upgrade": "Earth",
    }
    assert not type_ii.exclude(fixed_game=None).exists()


def test_higher_megastructures_but_terraform_mars_wait_for_the_group_to_place_them():
    higher = Megastructure.objects.filter(type__gte=MegastructureType.TYPE_III)

    assert dict(higher.values_list("key", "type")) == {
        "terraform-mars": 3,
        "terraform-venus": 3,
        "the-kraken": 3,
        "titanica-elite": 3,
        "dyson-swarm": 5,
    }
    # Pages 49-51 (their Location lines) are not in the rulebook text; Terraform Mars is
    # built on Mars (RULES-NOTES §6), the others wait for the group's box.
    placed = dict(higher.exclude(location=None).values_list("key", "location__name"))
    assert placed == {"terraform-mars": "Mars"}


def test_tracker_sections_have_their_box_counts():
    boxes = dict(TrackerSection.objects.values_list("key", "boxes"))

    assert boxes == {
        **{f"presence_{zone}": 6 for zone in range(1, 7)},
        "megastructure": 8,
        "bases": 8,
        "military": 8,
        "mining": 8,
        "credits": 8,
        "influence": 8,
    }


def test_it_has_the_24_awards_with_their_names_and_points():
    assert Award.objects.count() == 24
    for section, (gold, gold_points, silver, silver_points) in AWARDS.items():
        assert Award.objects.get(section=section, tier=AwardTier.GOLD).name == gold
        assert Award.objects.get(section=section, tier=AwardTier.GOLD).points == gold_points
        assert Award.objects.get(section=section, tier=AwardTier.SILVER).name == silver
        assert Award.objects.get(section=section, tier=AwardTier.SILVER).points == silver_points


def test_the_six_player_powers_use_the_rulebooks_words():
    powers = dict(PlayerPower.objects.values_list("key", "name"))

    assert list(powers) == [
        "extra-ip",
        "extra-credits",
        "both-political-cards",
        "free-megastructure-token",
        "extra-vote",
        "cheaper-bases",
    ]
    assert powers["extra-ip"] == "You get an additional 2 end game influence points"
    assert powers["cheaper-bases"].endswith("(minimum 0)")
    assert "before the votes are counted" in PlayerPower.objects.get(key="extra-vote").description


def test_the_starting_ship_and_the_white_star_ships():
    xerxes = Ship.objects.get(starting=True)

    assert (xerxes.name, xerxes.moves, xerxes.presence, xerxes.leased) == (
        "DC-Xerxes 8050",
        3,
        2,
        False,
    )
    assert set(Ship.objects.filter(leased=True).values_list("name", flat=True)) == {
        "WS Vaguard Class II",
        "Nautilus EV-280",
        "The Manchester",
        "The Kraken",
        "Titanica Elite",
    }


def test_corporation_colours_have_css_colours():
    colours = CorporationColour.objects.all()

    assert [c.key for c in colours] == ["purple", "yellow", "teal", "orange", "fifth"]
    assert CorporationColour.objects.get(key="fifth").name == "Fifth corporation"
    assert all(len(c.css_colour) == 7 and c.css_colour.startswith("#") for c in colours)
