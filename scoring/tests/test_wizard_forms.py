"""`TableForm`: a table in, the same table out; fixed campaign rules; each sentence in its place."""

from __future__ import annotations

import copy

import pytest
from django.http import QueryDict

from scoring.catalogue import CatalogueNames, CorporationOption
from scoring.tests.test_wizard import TABLE
from scoring.wizard.paths import locate
from scoring.wizard.spoilers import numbers_text, sections_after_game, sections_for_table
from scoring.wizard.table_form import TableForm
from solar175.engine import score_game
from solar175.table import read_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

CAMPAIGN_RULES = {
    "zones_in_play": [1, 2, 3],
    "celestial_rebellion": True,
    "trade_unions": False,
    "second_place_rounding": "up",
}


def posted(form: TableForm, **changes: str | list[str]) -> QueryDict:
    data = form.data.copy()
    for key, value in changes.items():
        data.setlist(key.replace("__", "-"), value if isinstance(value, list) else [value])
    return data


def test_it_gives_back_the_table_it_was_prefilled_with():
    form = TableForm(table=TABLE)
    assert form.is_valid()
    assert form.to_table() == TABLE
    assert read_table(form.to_table()).errors == []
    assert form.score() == score_game(read_table(TABLE).valid_state())


def test_a_posted_copy_of_its_own_data_scores_the_same():
    form = TableForm(posted(TableForm(table=TABLE)))
    assert form.is_valid()
    assert form.to_table() == TABLE


def test_a_fresh_form_is_a_table_of_zeros_for_three_players_in_a_first_game():
    fresh = TableForm()
    # No zone is chosen for the group: every game has its location token somewhere.
    assert not fresh.is_valid()
    assert fresh.setup.errors["megastructure_zone"][0].startswith("Choose the zone")
    assert fresh.setup.fields["megastructure_zone"].choices[0] == ("", "Choose the zone")
    assert fresh.data["setup-megastructure_zone"] == ""
    form = TableForm(posted(fresh, setup__megastructure_zone="1"))
    assert form.is_valid()
    table = form.to_table()
    assert table["megastructure_zone"] == 1
    assert [p["corporation"] for p in table["players"]] == ["purple", "yellow", "teal"]
    assert table["rules"]["zones_in_play"] == [1, 2]
    assert table["incumbent_party"] == "united_federalists"
    assert table["players"][0]["ships"] == [{"zone": 1, "presence": 2}]
    # Safe by default: no section unlocked, so no field a section brings.
    assert table["sections"] == []
    assert {"loans", "political_influence_ip", "bonus", "leased1_zone"}.isdisjoint(
        form.players[0].fields
    )
    assert "spoiled" not in form.ballots.fields
    assert [key for key, _ in form.setup.fields["incumbent_party"].choices] == [
        "united_federalists",
        "workers_union",
        "brave_new_dawn",
    ]


def test_leased_ships_loans_and_powers_reach_the_table():
    data = posted(
        TableForm(table=TABLE),
        setup__sections=["4", "6", "7", "15"],
        p2__leased1_zone="1",
        p2__leased1_presence="3",
        p2__leased2_zone="2",
        p2__leased2_ship="",
        p2__leased2_presence="2",
        p1__loans="5, 10",
        p1__bonus="on",
        p3__extra_vote="brave_new_dawn",
        p3__political_influence_ip="4",
    )
    form = TableForm(data)
    assert form.is_valid(), [f.errors for f in form.forms]
    players = form.to_table()["players"]
    assert players[1]["ships"] == [
        {"zone": 2, "presence": 2},
        {"zone": 1, "presence": 3},
        {"zone": 2, "presence": 2},
    ]
    assert players[0]["loans"] == [5, 10]
    assert players[0]["bonus_ip"] == 2
    assert players[2]["extra_vote"] == "brave_new_dawn"
    assert players[2]["political_influence_ip"] == 4
    assert form.to_table()["sections"] == [4, 6, 7, 15]
    # And back: the edit form shows them again.
    again = TableForm(table=form.to_table())
    assert again.is_valid()
    assert again.to_table() == form.to_table()
    assert again.data["p1-loans"] == "5, 10"


def test_a_leased_ship_picked_from_the_catalogue_brings_its_presence():
    from scoring.models import Ship

    ship = Ship.objects.filter(leased=True).first()
    Ship.objects.filter(pk=ship.pk).update(presence=4)
    data = posted(
        TableForm(table=TABLE),
        setup__sections="4",
        p1__leased1_zone="2",
        p1__leased1_ship=ship.name,
    )
    form = TableForm(data)
    assert form.is_valid()
    # A one-off game: the card's presence is written with it, the game's own from now on.
    assert form.to_table()["players"][0]["ships"][1] == {
        "zone": 2,
        "card": ship.name,
        "presence": 4,
    }
    again = TableForm(table=form.to_table())
    assert again.data["p1-leased1_ship"] == ship.name
    assert again.is_valid() and again.to_table() == form.to_table()


def test_a_campaign_ship_names_its_card_and_its_presence_comes_from_the_box():
    fixed = {"rules": CAMPAIGN_RULES, "incumbent_party": "workers_union", "megastructure_zone": 1}
    table = {"players": TABLE["players"]}
    box = CatalogueNames({"ships": [{"name": "Nautilus EV-280", "presence": 5}]})
    base = TableForm(table=table, fixed=fixed, unlocked_sections={4}, catalogue=box)
    data = posted(base, p1__leased1_zone="1", p1__leased1_ship="Nautilus EV-280")
    form = TableForm(data, fixed=fixed, unlocked_sections={4}, catalogue=box, ship_cards=True)
    assert form.is_valid(), [f.errors for f in form.forms]
    ships = form.to_table(include_fixed=False)["players"][0]["ships"]
    assert ships[1] == {"zone": 1, "card": "Nautilus EV-280"}
    assert form.state.players[0].ships[1].presence == 5
    # A presence typed at the table is that game's fact: written, whatever the card says.
    typed = posted(form, p1__leased1_presence="3")
    form = TableForm(typed, fixed=fixed, unlocked_sections={4}, catalogue=box, ship_cards=True)
    assert form.is_valid()
    ship = form.to_table()["players"][0]["ships"][1]
    assert ship == {"zone": 1, "card": "Nautilus EV-280", "presence": 3}


UNKNOWN_PRESENCE = (
    'names the ship card "Nautilus EV-280", whose presence the rulebook text does not print '
    "and the box does not give: give the ship's presence as its card prints it, or enter it in "
    "your campaign's Box"
)


def test_a_leased_card_whose_presence_no_one_gave_is_asked_for_beside_the_ship():
    """The rulebook text prints no leased ship's presence: a campaign game naming the card when
    the box gives none is refused beside the ship with a sentence naming it, never scored with
    a guessed 2; the choice says the box has none."""
    fixed = {"rules": CAMPAIGN_RULES, "incumbent_party": "workers_union", "megastructure_zone": 1}
    table = {"players": TABLE["players"]}
    names = CatalogueNames()
    base = TableForm(table=table, fixed=fixed, unlocked_sections={4}, catalogue=names)
    data = posted(base, p1__leased1_zone="1", p1__leased1_ship="Nautilus EV-280")
    form = TableForm(data, fixed=fixed, unlocked_sections={4}, catalogue=names, ship_cards=True)
    choices = dict(form.players[0].fields["leased1_ship"].choices)
    assert choices["Nautilus EV-280"] == "Nautilus EV-280 (presence: your box has none)"
    assert not form.is_valid()
    assert form.players[0].errors["leased1_ship"] == [UNKNOWN_PRESENCE]
    # Its presence typed at the table: the game's fact, and it scores.
    typed = posted(form, p1__leased1_presence="3")
    form = TableForm(typed, fixed=fixed, unlocked_sections={4}, catalogue=names, ship_cards=True)
    assert form.is_valid(), [f.errors for f in form.forms]
    assert form.state.players[0].ships[1].presence == 3


def test_a_one_off_game_naming_a_leased_card_asks_for_its_presence():
    data = posted(
        TableForm(table=TABLE),
        setup__sections="4",
        p1__leased1_zone="2",
        p1__leased1_ship="Nautilus EV-280",
    )
    form = TableForm(data)
    choices = dict(form.players[0].fields["leased1_ship"].choices)
    assert choices["Nautilus EV-280"] == "Nautilus EV-280 (type its presence)"
    assert (
        form.players[0]
        .fields["leased1_presence"]
        .help_text.startswith("As the ship card prints it")
    )
    assert not form.is_valid()
    assert form.players[0].errors["leased1_ship"] == [UNKNOWN_PRESENCE]
    form = TableForm(posted(form, p1__leased1_presence="4"))
    assert form.is_valid()
    assert form.to_table()["players"][0]["ships"][1] == {
        "zone": 2,
        "card": "Nautilus EV-280",
        "presence": 4,
    }


def test_garbage_in_a_number_is_refused_by_the_form_itself():
    form = TableForm(
        posted(TableForm(table=TABLE), setup__sections="15", p1__credits="lots", p2__loans="five")
    )
    assert not form.is_valid()
    assert form.players[0].errors["credits"] == ["Must be a whole number."]
    assert "Enter the value of each loan" in form.players[1].errors["loans"][0]


def test_fixed_campaign_rules_are_not_fields_and_stay_out_of_the_campaign_table():
    corporations = [
        CorporationOption("purple", "Caro", "#6f42c1"),
        CorporationOption("yellow", "Ali", "#ffc107"),
        CorporationOption("teal", "Rosa", "#20c997"),
    ]
    fixed = {
        "rules": CAMPAIGN_RULES,
        "incumbent_party": "workers_union",
        "megastructure_zone": 3,
    }
    table = {k: v for k, v in TABLE.items() if k not in fixed}
    form = TableForm(table=table, fixed=fixed, corporations=corporations)
    for name in ("zones_in_play", "sections", "incumbent_party", "megastructure_zone"):
        assert name not in form.setup.fields
    # The rules in force still shape the form: zone 3 and the spoiled ballots.
    assert "outposts_3" in form.players[0].fields
    assert "spoiled" in form.ballots.fields
    assert form.setup.fields["seat1_corporation"].choices[0] == ("purple", "Caro")
    assert form.is_valid(), [f.errors for f in form.forms]
    full = form.to_table()
    assert full["rules"] == CAMPAIGN_RULES
    assert (full["incumbent_party"], full["megastructure_zone"]) == ("workers_union", 3)
    campaign_table = form.to_table(include_fixed=False)
    assert not {"rules", "incumbent_party", "megastructure_zone", "sections"} & set(campaign_table)
    assert "sections" not in full
    assert "Zones in play: 1, 2, 3" in form.rules_summary()


def test_a_campaign_game_shows_only_what_its_unlocked_sections_bring():
    fixed = {"rules": CAMPAIGN_RULES, "incumbent_party": "workers_union"}
    table = {"players": TABLE["players"]}
    before_6 = TableForm(
        table=table,
        fixed=fixed,
        unlocked_sections=frozenset({1, 2, 3, 4, 5}),
        zone_required=False,
    )
    player = before_6.players[0].fields
    assert "leased1_zone" in player
    assert {"political_influence_ip", "bonus", "extra_vote", "loans"}.isdisjoint(player)
    # The fixed rules still decide the zones and the ballots, whatever the sections say.
    assert "outposts_3" in player and "spoiled" in before_6.ballots.fields
    assert before_6.is_valid()
    after_7 = TableForm(
        table=table, fixed=fixed, unlocked_sections=range(1, 10), zone_required=False
    )
    assert {"political_influence_ip", "bonus", "extra_vote"} <= set(after_7.players[0].fields)
    assert "sections" not in after_7.to_table(include_fixed=False)


def test_without_unlocked_sections_a_campaign_form_shows_what_its_table_holds():
    fixed = {"rules": CAMPAIGN_RULES, "incumbent_party": "workers_union"}
    players = copy.deepcopy(TABLE["players"])
    form = TableForm(table={"players": players}, fixed=fixed)
    assert "political_influence_ip" not in form.players[0].fields
    players[1]["political_influence_ip"] = 3
    form = TableForm(table={"players": players}, fixed=fixed, zone_required=False)
    # Zone 3 and the Rebellion come from the fixed rules, the card IP from the table.
    assert form.setup.unlocked == {1, 6, 12}
    assert form.players[0].fields["political_influence_ip"]
    assert form.is_valid()
    assert form.to_table()["players"][1]["political_influence_ip"] == 3


def test_the_sections_a_table_stands_for():
    assert sections_for_table({}) == frozenset()
    assert sections_for_table(TABLE) == frozenset()
    assert sections_for_table({**TABLE, "sections": [4, 19, 40, True]}) == {4, 19}
    # What the table holds is never hidden, whatever its list says.
    unions = {**TABLE["rules"], "trade_unions": True}
    assert sections_for_table({**TABLE, "sections": [2], "rules": unions}) == {2, 13}
    players = copy.deepcopy(TABLE["players"])
    players[0].update(loans=[5], bonus_ip=2)
    players[1]["ships"].append({"zone": 1, "presence": 3})
    players[2]["political_influence_ip"] = 2
    rules = {"zones_in_play": [1, 2, 3, 5], "celestial_rebellion": True, "trade_unions": True}
    assert sections_for_table({"rules": rules, "players": players}) == {1, 4, 6, 7, 8, 12, 13, 15}
    assert sections_for_table({"players": players}, rules={"zones_in_play": [1, 2, 6]}) == {
        4,
        6,
        7,
        10,
        15,
    }


def test_presets_and_numbers_in_words():
    assert [sections_after_game(n) for n in (1, 2, 4)] == [
        (1, 2),
        (1, 2, 3, 4),
        tuple(range(1, 10)),
    ]
    assert numbers_text([12, 1, 2, 3, 4, 6, 7]) == "#1–#4, #6, #7, #12"


def test_a_megastructure_placed_nowhere_needs_the_groups_zone():
    fixed = {"rules": CAMPAIGN_RULES, "incumbent_party": "workers_union"}
    form = TableForm(table={"players": TABLE["players"]}, fixed=fixed)
    choices = form.setup.fields["megastructure_zone"].choices
    assert choices[0] == ("", "Choose the zone")
    assert [zone for zone, _ in choices[1:]] == [1, 2, 3]
    assert not form.is_valid()
    assert "Choose the zone" in form.setup.errors["megastructure_zone"][0]
    chosen = TableForm(posted(form, setup__megastructure_zone="3"), fixed=fixed)
    assert chosen.is_valid()
    assert chosen.stated_zone() == 3
    assert chosen.to_table()["megastructure_zone"] == 3


def test_a_stated_zone_shows_as_stated_and_may_go_back_to_the_boxs():
    fixed = {"rules": CAMPAIGN_RULES, "incumbent_party": "workers_union"}
    table = {"players": TABLE["players"], "megastructure_zone": 3}
    form = TableForm(table=table, fixed=fixed, located_zone=1)
    # The edit page shows the stored zone, never a default.
    assert form.data["setup-megastructure_zone"] == "3"
    assert form.setup.fields["megastructure_zone"].choices[0] == (
        "",
        "Where your box places it: Zone 1 · Earth",
    )
    assert form.is_valid() and form.stated_zone() == 3
    back = TableForm(posted(form, setup__megastructure_zone=""), fixed=fixed, located_zone=1)
    assert back.is_valid()
    assert back.stated_zone() is None
    assert back.to_table()["megastructure_zone"] == 1


def test_no_megastructure_built_needs_no_token():
    fixed = {"rules": CAMPAIGN_RULES, "incumbent_party": "workers_union"}
    form = TableForm(table={"players": TABLE["players"]}, fixed=fixed, zone_required=False)
    assert form.setup.fields["megastructure_zone"].choices[0][1] == (
        "No megastructure built: no token"
    )
    assert form.is_valid()
    assert "megastructure_zone" not in form.to_table()


def test_more_players_than_the_data_has_get_the_defaults():
    data = posted(TableForm(table=TABLE), setup__players="4")
    form = TableForm(data)
    assert [seat.corporation.key for seat in form.shape.seats] == [
        "purple",
        "yellow",
        "teal",
        "orange",
    ]
    assert form.is_valid()
    assert form.to_table()["players"][3]["credits"] == 0


def test_every_path_the_table_names_has_a_place():
    assert locate("players[1].credits") == ("player", [1, ["credits"]])
    assert locate("players[0].ships[1].presence") == ("player", [0, ["ships", "1", "presence"]])
    assert locate("players[2].corporation") == ("setup", "seat3_corporation")
    assert locate("players") == ("players", None)
    assert locate("hubs.zones.3.workers") == ("hubs", "zone3_workers")
    assert locate("hubs.ufss.algorithms") == ("hubs", "ufss_algorithms")
    assert locate("hubs") == ("hubs", None)
    assert locate("ballots.spoiled") == ("ballots", "spoiled")
    assert locate("hire_cards_left.pilot") == ("ballots", "hire_pilot")
    assert locate("rules.zones_in_play[2]") == ("setup", "zones_in_play")
    assert locate("incumbent_party") == ("setup", "incumbent_party")
    assert locate("format") == ("table", None)


def test_a_rebellion_incumbent_without_the_rebellion_is_refused_beside_the_field():
    table = copy.deepcopy(TABLE)
    table["incumbent_party"] = "celestial_rebellion"
    form = TableForm(table=table)
    assert not form.is_valid()
    # Not offered before its section is unlocked; said without naming it.
    assert form.setup.errors["incumbent_party"] == ["must be one of the parties in play"]
    assert "celestial_rebellion" not in dict(form.setup.fields["incumbent_party"].choices)
