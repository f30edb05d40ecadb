"""A campaign's own box (solar175.box): read, checked by path, applied to the reference, and
replayed from the campaign file with no database."""

import copy
import json
from pathlib import Path

import pytest

from benchmarks.samples import make_campaign, make_game, make_player, make_table
from solar175.box import (
    UNSET,
    Box,
    LocationChange,
    MegastructureChange,
    ShipChange,
    box_differences,
    read_box,
)
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue, DebtRow
from solar175.tests.replayed import replay

CATALOGUE = Catalogue.from_fixture()
DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-campaign.json"


def refused(data) -> CampaignError:
    with pytest.raises(CampaignError) as caught:
        read_box(data, CATALOGUE)
    return caught.value


# --- reading -----------------------------------------------------------------------------


def test_an_empty_or_missing_box_is_the_reference():
    for data in (None, {}):
        box = read_box(data, CATALOGUE)
        assert box.empty
        assert box.apply(CATALOGUE) is CATALOGUE
        assert box.as_dict() == {}


def test_it_corrects_a_reference_location_and_moves_every_megastructure_on_it():
    box = read_box({"locations": [{"name": "Mars", "zone": 3}]}, CATALOGUE)
    catalogue = box.apply(CATALOGUE)
    mars = catalogue.locations["Mars"]
    # Only the zone is the group's; the rest stays the reference's.
    assert (mars.zone, mars.base_location, mars.naming_spaces) == (3, True, 2)
    for key in ("drum-defence-cannon", "space-elevator-mars", "terraform-mars"):
        assert catalogue.zone_of(key) == 3, key
    assert catalogue.zone_of("skyhooks-zones-1-2") == 1
    # The reference itself is untouched.
    assert CATALOGUE.locations["Mars"].zone == 1
    assert CATALOGUE.zone_of("terraform-mars") == 1


def test_terraform_mars_is_on_mars_in_the_reference():
    # RULES-NOTES §6: "Terraform Mars is built on Mars (zone 1): the reference ships it so."
    assert CATALOGUE.megastructures["terraform-mars"].location == "Mars"
    assert CATALOGUE.zone_of("terraform-mars") == 1
    for key in ("terraform-venus", "the-kraken", "titanica-elite", "dyson-swarm"):
        assert CATALOGUE.zone_of(key) is None, key


def test_it_adds_locations_megastructures_ships_and_debt_rows():
    data = {
        "locations": [
            {"name": "Venus", "zone": 1, "base_location": True, "naming_spaces": 2, "mining": True}
        ],
        "megastructures": [
            {"key": "orbital-ring", "name": "Orbital Ring", "type": 4, "location": "Venus"},
            {"key": "terraform-venus", "location": "Venus"},
        ],
        "ships": [{"name": "Solar Sail", "presence": 3, "moves": 2}],
        "debt_boxes": [{"name": "Emergency funds", "values": [1, 2, 3, 5]}],
    }
    catalogue = read_box(data, CATALOGUE).apply(CATALOGUE)
    assert catalogue.locations["Venus"].mining is True
    ring = catalogue.megastructures["orbital-ring"]
    assert (ring.name, ring.type, ring.location, ring.zone) == ("Orbital Ring", 4, "Venus", 1)
    assert catalogue.keys_of_type(4) == ("orbital-ring",)
    assert catalogue.zone_of("terraform-venus") == 1
    ship = catalogue.ships["Solar Sail"]
    assert (ship.presence, ship.moves, ship.leased, ship.starting) == (3, 2, True, False)
    assert catalogue.debt_boxes == (DebtRow("Emergency funds", (1, 2, 3, 5)),)


def test_it_corrects_a_leased_ship_and_keeps_its_moves_unless_given():
    box = read_box({"ships": [{"name": "Nautilus EV-280", "presence": 4}]}, CATALOGUE)
    ship = box.apply(CATALOGUE).ships["Nautilus EV-280"]
    assert (ship.presence, ship.moves, ship.leased) == (4, None, True)
    assert box.ship("Nautilus EV-280").moves is UNSET
    assert box.apply(CATALOGUE).ship_presences()["Nautilus EV-280"] == 4


def test_the_canonical_json_round_trips_and_writes_only_what_is_set():
    data = {
        "ships": [{"moves": None, "name": "Nautilus EV-280"}],
        "locations": [{"zone": 3, "name": "Mars"}],
        "megastructures": [{"location": None, "key": "the-kraken"}],
    }
    box = read_box(data, CATALOGUE)
    canonical = box.as_dict()
    assert json.dumps(canonical) == json.dumps(
        {
            "locations": [{"name": "Mars", "zone": 3}],
            "megastructures": [{"key": "the-kraken", "location": None}],
            "ships": [{"name": "Nautilus EV-280", "moves": None}],
        }
    )
    assert read_box(canonical, CATALOGUE).as_dict() == canonical
    assert read_box(canonical, None) == box


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        ({"planets": []}, "box.planets", "is not a known key"),
        ({"locations": {}}, "box.locations", "must be a list"),
        ({"locations": [{"name": "Venus"}]}, "box.locations[0].zone", "is required: Venus"),
        ({"locations": [{"name": "mars", "zone": 1}]}, "box.locations[0].name", '"Mars"'),
        (
            {"locations": [{"name": "Mars", "zone": 3}, {"name": "MARS"}]},
            "box.locations[1].name",
            "repeats",
        ),
        ({"locations": [{"name": "Mars", "zone": 7}]}, "box.locations[0].zone", "between 1 and 6"),
        (
            {"locations": [{"name": "Europa", "naming_spaces": 2}]},
            "box.locations[0].naming_spaces",
            "only on base location cards",
        ),
        (
            {"locations": [{"name": "Mars", "base_location": False}]},
            "box.locations[0].base_location",
            "would have 2 naming spaces",
        ),
        ({"locations": [{"name": " Mars", "zone": 1}]}, "box.locations[0].name", "space"),
        (
            {"megastructures": [{"key": "the-kraken", "location": "Atlantis"}]},
            "box.megastructures[0].location",
            "must be a location",
        ),
        (
            {"megastructures": [{"key": "orbital-ring", "type": 4}]},
            "box.megastructures[0].name",
            "is required",
        ),
        (
            {"megastructures": [{"key": "orbital-ring", "name": "Orbital Ring"}]},
            "box.megastructures[0].type",
            "is required",
        ),
        (
            {"megastructures": [{"key": "Orbital Ring", "name": "Orbital Ring", "type": 4}]},
            "box.megastructures[0].key",
            "lower-case letters",
        ),
        (
            {"megastructures": [{"key": "orbital-ring", "name": "Orbital Ring", "type": 1}]},
            "box.megastructures[0].type",
            "between 2 and 6",
        ),
        (
            {"megastructures": [{"key": "skyhooks-zone-3", "type": 3}]},
            "box.megastructures[0].type",
            "must stay 1",
        ),
        ({"ships": [{"name": "DC-Xerxes 8050", "presence": 3}]}, "box.ships[0].name", "starting"),
        ({"ships": [{"name": "Solar Sail"}]}, "box.ships[0].presence", "is required"),
        (
            {"ships": [{"name": "Nautilus EV-280", "presence": 0}]},
            "box.ships[0].presence",
            "between 1 and 9",
        ),
        ({"debt_boxes": [{"name": "A", "values": [1]}] * 4}, "box.debt_boxes", "at most 3"),
        ({"debt_boxes": [{"name": "A", "values": []}]}, "box.debt_boxes[0].values", "1 to 12"),
        ({"debt_boxes": [{"name": "A", "values": [0]}]}, "box.debt_boxes[0].values[0]", "between"),
    ],
)
def test_it_refuses_bad_input_naming_the_field(data, path, words):
    error = refused(data)
    assert error.path == path
    assert words in error.message


def test_the_changes_a_box_page_makes_keep_the_box_in_order_and_drop_no_op_entries():
    box = Box().with_location(None, LocationChange("Mars", zone=3))
    box = box.with_location(None, LocationChange("Venus", zone=1))
    box = box.with_megastructure(None, MegastructureChange("terraform-venus", location="Venus"))
    assert [e.name for e in box.locations] == ["Mars", "Venus"]
    renamed = box.with_location("Venus", LocationChange("Venera", zone=1))
    assert [e.name for e in renamed.locations] == ["Mars", "Venera"]
    # The box's megastructures on a renamed location follow it.
    assert renamed.megastructure("terraform-venus").location == "Venera"
    # A correction that corrects nothing is not kept.
    assert box.with_location("Mars", LocationChange("Mars")).location("Mars") is None
    assert box.with_ship(None, ShipChange("Nautilus EV-280")).ships == ()


def test_box_differences_say_what_changed_in_words():
    before = CATALOGUE
    after = read_box(
        {
            "locations": [{"name": "Mars", "zone": 3}, {"name": "Venus", "zone": 1}],
            "megastructures": [{"key": "terraform-venus", "location": "Venus"}],
            "ships": [{"name": "Nautilus EV-280", "presence": 3}],
            "debt_boxes": [{"name": "Emergency funds", "values": [1, 2]}],
        },
        CATALOGUE,
    ).apply(CATALOGUE)
    lines = box_differences(before, after)
    assert "Mars is now zone 3 (was 1)" in lines
    assert "added the location Venus (zone 1)" in lines
    # The megastructures on Mars move with it: the line about Mars says it.
    assert not [line for line in lines if line.startswith("Terraform Mars")]
    assert "Terraform Venus is now built on Venus, zone 1 (was placed nowhere)" in lines
    # The reference prints no leased ship's presence: the box's is the first.
    assert "Nautilus EV-280 now has presence 3 (was not entered)" in lines
    assert "debt boxes are now Emergency funds 1, 2" in lines
    assert box_differences(after, after) == []


# --- replayed from the file --------------------------------------------------------------


def ships_campaign(*, presence: int | None = None, box: dict | None = None) -> dict:
    """Teal holds a leased Nautilus EV-280 in zone 1 that names its card; purple holds three
    outposts there. The ship decides who crosses the zone 1 presence box."""
    ship = {"zone": 1, "card": "Nautilus EV-280"}
    if presence is not None:
        ship["presence"] = presence
    table = make_table(
        make_player("purple", outposts={"1": 3}, ships=[{"zone": 2, "presence": 2}]),
        make_player("teal", outposts={"1": 1}, ships=[{"zone": 2, "presence": 2}, ship]),
    )
    campaign = make_campaign(corporations=("purple", "teal"), games=[make_game(1, table)])
    if box is not None:
        campaign["box"] = box
    return campaign


def presence_1(state: dict) -> dict:
    return {corp: boxes["presence_1"] for corp, boxes in state["tracker"].items()}


def test_a_ship_that_names_its_card_takes_the_presence_of_the_campaigns_box():
    equal = replay(
        ships_campaign(box={"ships": [{"name": "Nautilus EV-280", "presence": 2}]}), CATALOGUE
    )
    assert presence_1(equal) == {"purple": 1, "teal": 1}  # Nautilus at presence 2: 3 all
    stronger = replay(
        ships_campaign(box={"ships": [{"name": "Nautilus EV-280", "presence": 3}]}), CATALOGUE
    )
    assert presence_1(stronger) == {"purple": 0, "teal": 1}
    weaker = replay(
        ships_campaign(box={"ships": [{"name": "Nautilus EV-280", "presence": 1}]}), CATALOGUE
    )
    assert presence_1(weaker) == {"purple": 1, "teal": 0}


def test_a_presence_typed_at_the_table_stays_that_games_fact():
    box = {"ships": [{"name": "Nautilus EV-280", "presence": 1}]}
    assert presence_1(replay(ships_campaign(presence=3, box=box), CATALOGUE)) == {
        "purple": 0,
        "teal": 1,
    }


def test_a_card_whose_presence_neither_the_reference_nor_the_box_gives_is_refused():
    """The rulebook text prints no leased ship's presence: a table naming the card with no
    presence of its own, in a campaign whose box gives none, is refused with a sentence naming
    the ship, never scored with a guessed 2."""
    assert CATALOGUE.ships["Nautilus EV-280"].presence is None
    with pytest.raises(CampaignError) as caught:
        replay(ships_campaign(), CATALOGUE)
    assert caught.value.path == "games[0].table.players[1].ships[1].card"
    assert '"Nautilus EV-280", whose presence the rulebook text does not print' in (
        caught.value.message
    )
    # A box that gives it, or a presence typed at the table, makes the game score.
    box = {"ships": [{"name": "Nautilus EV-280", "presence": 3}]}
    assert presence_1(replay(ships_campaign(box=box), CATALOGUE)) == {"purple": 0, "teal": 1}
    assert presence_1(replay(ships_campaign(presence=1), CATALOGUE)) == {"purple": 1, "teal": 0}
    # Its moves alone in the box are no presence.
    moves_only = {"ships": [{"name": "Nautilus EV-280", "moves": 4}]}
    with pytest.raises(CampaignError):
        replay(ships_campaign(box=moves_only), CATALOGUE)


def test_a_card_the_box_does_not_know_is_refused_at_its_path():
    campaign = ships_campaign()
    campaign["games"][0]["table"]["players"][1]["ships"][1]["card"] = "Flying Dutchman"
    with pytest.raises(CampaignError) as caught:
        replay(campaign, CATALOGUE)
    assert caught.value.path == "games[0].table.players[1].ships[1].card"
    assert "not a ship card of the catalogue" in caught.value.message


def test_a_bad_box_in_the_file_is_refused_at_its_path_by_the_replay():
    campaign = ships_campaign(box={"ships": [{"name": "Nautilus EV-280", "presence": 12}]})
    with pytest.raises(CampaignError) as caught:
        replay(campaign, CATALOGUE)
    assert caught.value.path == "box.ships[0].presence"


def demo() -> dict:
    return json.loads(DEMO.read_text(encoding="utf-8"))


def test_a_zone_from_the_box_follows_its_corrections_and_a_stated_zone_does_not():
    campaign = demo()
    before = replay(campaign, CATALOGUE)
    campaign["box"] = {"locations": [{"name": "Mars", "zone": 3}]}
    after = replay(campaign, CATALOGUE)
    zones = {
        g["number"]: (g["megastructure_zone"], g["megastructure_zone_stated"])
        for g in after["games"]
    }
    # Games 3 and 5 built on Mars with no zone of their own: they follow the box.
    assert zones[3] == (3, False) and zones[5] == (3, False)
    # Game 9 (Terraform Mars) stated zone 1 itself: a fact of that game.
    assert zones[9] == (1, True)
    assert before["games"][8]["score"] == after["games"][8]["score"]


def test_a_table_that_states_a_zone_never_contradicts_a_later_box():
    # Before: a table stating the IPTC's zone 2 made the replay refuse once the location moved.
    campaign = demo()
    campaign["games"][6]["table"]["megastructure_zone"] = 2
    campaign["box"] = {"megastructures": [{"key": "iptc-internal-upgrade", "location": "Earth"}]}
    state = replay(campaign, CATALOGUE)
    assert state["games"][6]["megastructure_zone"] == 2
    assert state["games"][6]["megastructure_zone_stated"] is True


def test_the_game_and_its_table_must_state_the_same_zone():
    campaign = demo()
    campaign["games"][10]["table"]["megastructure_zone"] = 4
    with pytest.raises(CampaignError) as caught:
        replay(campaign, CATALOGUE)
    assert caught.value.path == "games[10].table.megastructure_zone"
    assert "must agree with games[10].megastructure_zone, which is 3" in caught.value.message


def test_a_megastructure_placed_nowhere_with_no_zone_scores_no_bonus_and_asks_for_it():
    # A version 1 file of an earlier release (600b321) may build The Kraken with no zone: it
    # was scored with no +5 presence bonus then, and still is, with a warning asking for the
    # zone (a write that brings such a game in is refused: campaign.actions.cache).
    campaign = demo()
    del campaign["games"][10]["megastructure_zone"]  # The Kraken
    state = replay(campaign, CATALOGUE)
    game = state["games"][10]
    assert game["megastructure_zone"] is None
    assert game["megastructure_zone_stated"] is False
    warning = next(w for w in state["warnings"] if w["path"] == "games[10].megastructure_zone")
    assert warning["game"] == 11
    assert "The Kraken was built in game 11 with no zone" in warning["message"]
    assert "no +5 presence bonus" in warning["message"]
    assert warning["message"] in game["warnings"]
    # Against the game with its zone 3: teal, most presence in zone 3, loses the +5, and
    # nobody else's presence IP changes.
    stated = replay(demo(), CATALOGUE)["games"][10]
    assert stated["megastructure_zone"] == 3
    with_zone = {p["corporation"]: p["ip"]["presence"] for p in stated["score"]["players"]}
    without = {p["corporation"]: p["ip"]["presence"] for p in game["score"]["players"]}
    assert with_zone == {"teal": 16, "orange": 9, "purple": 6, "yellow": 16}
    assert without == {**with_zone, "teal": 11}
    # Placing it in the box is the other answer.
    campaign["box"] = {"megastructures": [{"key": "the-kraken", "location": "Titan"}]}
    placed = replay(campaign, CATALOGUE)
    assert placed["games"][10]["megastructure_zone"] == 3
    assert not [w for w in placed["warnings"] if w["path"] == "games[10].megastructure_zone"]


def test_a_stated_zone_not_in_play_scores_no_bonus_with_a_warning():
    # Stored before 9b70d36 checked it (the engine gives the +5 only to a zone in play); a
    # write that brings one in is refused (campaign.actions.cache, test_upgrade_files).
    campaign = make_campaign(
        corporations=("purple", "teal"),
        games=[make_game(1, make_table("purple", "teal"), megastructure_zone=4)],
    )
    state = replay(campaign, CATALOGUE)
    assert state["games"][0]["megastructure_zone"] == 4
    (warning,) = state["warnings"]
    assert warning["path"] == "games[0].megastructure_zone"
    assert "is given in zone 4, which is not in play in game 1 (1, 2)" in warning["message"]
    # The table's own key out of play is refused by the table's reader, as it always was.
    campaign["games"][0]["table"]["megastructure_zone"] = 4
    del campaign["games"][0]["megastructure_zone"]
    with pytest.raises(CampaignError) as caught:
        replay(campaign, CATALOGUE)
    assert caught.value.path == "games[0].table.megastructure_zone"
    assert caught.value.message.startswith("must be a zone in play in game 1 (1, 2), not 4")


def test_a_location_the_box_moves_out_of_play_is_a_warning_not_a_refusal():
    campaign = make_campaign(
        corporations=("purple", "teal"), games=[make_game(1, make_table("purple", "teal"))]
    )
    campaign["box"] = {"locations": [{"name": "Earth", "zone": 5}]}
    state = replay(campaign, CATALOGUE)
    assert state["games"][0]["megastructure_zone"] == 5
    assert state["warnings"][0]["path"] == "games[0].megastructure_zone"
    assert "not in play in game 1: no +5 presence bonus" in state["warnings"][0]["message"]


def test_a_debt_mark_no_red_box_prints_is_a_warning():
    campaign = make_campaign(
        corporations=("purple", "teal"),
        games=[
            make_game(
                1,
                make_table("purple", "teal"),
                debt_marks=[{"corporation": "purple", "points": 4}],
            )
        ],
    )
    assert replay(campaign, CATALOGUE)["warnings"] == []
    campaign["box"] = {"debt_boxes": [{"name": "Emergency funds", "values": [1, 2, 3, 5]}]}
    (warning,) = replay(campaign, CATALOGUE)["warnings"]
    assert warning["path"] == "games[0].debt_marks[0].points"
    assert "purple lost 4 points" in warning["message"]
    # The points lost stay the game's fact.
    assert replay(campaign, CATALOGUE)["debt"]["purple"] == 4


def test_the_replay_leaves_the_file_as_it_was():
    campaign = ships_campaign(box={"ships": [{"name": "Nautilus EV-280", "presence": 3}]})
    before = copy.deepcopy(campaign)
    replay(campaign, CATALOGUE)
    assert campaign == before
