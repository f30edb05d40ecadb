"""Reading the JSON table (docs/table-file.md): every impossible state names its field and the
rule."""

import copy

import pytest

from solar175.engine import CELESTIAL_REBELLION, Hubs, HubWorkers, Rules, Ship
from solar175.house_rules import HouseRules
from solar175.table import TableError, read_table
from solar175.table_file import table_to_dict

VALID_TABLE = {
    "format": "solar175-table",
    "version": 1,
    "rules": {
        "zones_in_play": [1, 2, 3],
        "celestial_rebellion": False,
        "trade_unions": False,
        "second_place_rounding": "down",
    },
    "megastructure_zone": 1,
    "incumbent_party": "united_federalists",
    "hubs": {
        "hensler": {"workers": 3, "algorithms": 1},
        "ufss": {"workers": 3, "algorithms": 1},
        "military": {"workers": 2, "algorithms": 0},
        "zones": {"1": {"workers": 3, "algorithms": 2}, "2": {"workers": 3, "algorithms": 0}},
    },
    "ballots": {"united_federalists": 2, "workers_union": 1, "brave_new_dawn": 0, "spoiled": 0},
    "hire_cards_left": {"general": 2, "engineer": 2, "pilot": 4},
    "players": [
        {
            "corporation": "purple",
            "credits": 12,
            "loans": [],
            "mining_tokens": 2,
            "megastructure_tokens": 3,
            "military_tokens": 2,
            "outposts": {"1": 3, "2": 1},
            "bases": [1, 2],
            "ships": [{"zone": 1, "presence": 2}],
            "political_influence_ip": 0,
            "bonus_ip": 0,
            "extra_vote": None,
        },
        {"corporation": "yellow", "credits": 3, "outposts": {"3": 2}},
        {"corporation": "teal", "ships": [{"zone": 2, "presence": 2}]},
    ],
}


def table(**changes) -> dict:
    """A fresh copy of the valid table with top-level keys replaced (None-valued: removed)."""
    data = copy.deepcopy(VALID_TABLE)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def with_player(index: int, **fields) -> dict:
    data = table()
    data["players"][index].update(fields)
    return data


def problems(data, **context) -> list[tuple[str, str]]:
    return [(error.path, error.message) for error in read_table(data, **context).errors]


def test_it_accepts_the_valid_table():
    assert read_table(table()).errors == []
    state = read_table(table()).valid_state()
    assert [p.corporation for p in state.players] == ["purple", "yellow", "teal"]
    assert state.rules.zones_in_play == (1, 2, 3)
    assert state.players[0].outposts == {1: 3, 2: 1}
    assert state.players[0].ships == (Ship(zone=1, presence=2),)
    assert state.hubs.zones[1] == HubWorkers(workers=3, algorithms=2)


def test_it_defaults_missing_optional_keys():
    data = {
        "rules": {"zones_in_play": [1, 2]},
        "megastructure_zone": 2,
        "incumbent_party": "workers_union",
        "players": [{"corporation": "purple"}, {"corporation": "yellow"}],
    }
    state = read_table(data).valid_state()
    assert state.rules == Rules(zones_in_play=(1, 2), house=HouseRules())
    assert state.hubs == Hubs()
    assert state.ballots.spoiled == 0
    # A card left out counts as 0 left (engine.union_votes); the state keeps what was given.
    assert state.hire_cards_left == {}
    purple = state.players[0]
    assert (purple.credits, purple.loans, purple.outposts, purple.extra_vote) == (0, (), {}, None)


def test_it_gives_the_error_as_path_colon_message():
    error = TableError("players[1].credits", "must be between 0 and 29")
    assert str(error) == "players[1].credits: must be between 0 and 29"
    assert isinstance(error, ValueError)


def test_it_lists_every_problem_and_parse_raises_the_first():
    data = with_player(0, credits=30, mining_tokens=-1)
    data["players"][2]["bonus_ip"] = "2"
    assert problems(data) == [
        ("players[0].credits", "must be between 0 and 29"),
        ("players[0].mining_tokens", "must be 0 or more"),
        ("players[2].bonus_ip", 'must be a whole number, not the text "2"'),
    ]
    with pytest.raises(TableError) as raised:
        read_table(data).valid_state()
    assert (raised.value.path, raised.value.message) == (
        "players[0].credits",
        "must be between 0 and 29",
    )


# --- types -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "described"),
    [(True, "true"), ("12", 'the text "12"'), (2.5, "2.5"), (None, "null"), ([3], "a list")],
)
def test_it_refuses_a_count_that_is_not_a_whole_number(value, described):
    assert problems(with_player(1, credits=value)) == [
        ("players[1].credits", f"must be a whole number, not {described}")
    ]


def test_it_refuses_a_rule_flag_that_is_not_true_or_false():
    data = table()
    data["rules"]["trade_unions"] = 1
    assert problems(data) == [("rules.trade_unions", "must be true or false, not 1")]


def test_it_refuses_a_table_that_is_not_an_object():
    assert problems([]) == [("table", "must be an object, not a list")]


def test_it_refuses_a_player_that_is_not_an_object():
    data = table()
    data["players"][1] = "yellow"
    assert problems(data) == [("players[1]", 'must be an object, not the text "yellow"')]


def test_it_refuses_players_that_are_not_a_list():
    assert problems(table(players={"purple": {}})) == [("players", "must be a list, not an object")]


# --- negative and out-of-range counts ----------------------------------------------------


@pytest.mark.parametrize(
    "field",
    [
        "mining_tokens",
        "megastructure_tokens",
        "military_tokens",
        "political_influence_ip",
        "bonus_ip",
    ],
)
def test_it_refuses_a_negative_player_count(field):
    assert problems(with_player(0, **{field: -1})) == [(f"players[0].{field}", "must be 0 or more")]


def test_it_refuses_negative_hub_workers_ballots_and_hire_cards():
    data = table()
    data["hubs"]["ufss"]["workers"] = -1
    data["hubs"]["zones"]["2"]["algorithms"] = -2
    data["ballots"]["spoiled"] = -1
    data["hire_cards_left"]["pilot"] = -3
    data["players"][0]["outposts"]["2"] = -1
    assert problems(data) == [
        ("hubs.ufss.workers", "must be 0 or more"),
        ("hubs.zones.2.algorithms", "must be 0 or more"),
        ("ballots.spoiled", "must be 0 or more"),
        ("hire_cards_left.pilot", "must be 0 or more"),
        ("players[0].outposts.2", "must be 0 or more"),
    ]


@pytest.mark.parametrize("credits", [-1, 30])
def test_it_refuses_credits_outside_the_credit_track(credits):
    # Universal Credits: "You may never have more than 29 credits."
    assert problems(with_player(1, credits=credits)) == [
        ("players[1].credits", "must be between 0 and 29")
    ]


def test_it_accepts_credits_at_both_ends_of_the_track():
    assert problems(with_player(1, credits=0)) == []
    assert problems(with_player(1, credits=29)) == []


def test_it_refuses_a_loan_worth_less_than_one_credit():
    assert problems(with_player(0, loans=[3, 0])) == [("players[0].loans[1]", "must be 1 or more")]


def test_it_refuses_a_ship_without_presence():
    data = with_player(0, ships=[{"zone": 1, "presence": 0}])
    assert problems(data) == [("players[0].ships[0].presence", "must be 1 or more")]


def test_it_refuses_a_ship_missing_its_zone():
    assert problems(with_player(0, ships=[{"presence": 2}])) == [
        ("players[0].ships[0].zone", "is required (a ship has a zone and its card's presence)")
    ]


# --- what the box holds ------------------------------------------------------------------


def test_it_refuses_more_than_four_bases():
    # Hensler: "you can build a maximum of four in any game".
    assert problems(with_player(0, bases=[1, 1, 2, 2, 3])) == [
        (
            "players[0].bases",
            "must list at most 4 bases (a corporation builds at most four in a game), not 5",
        )
    ]


def test_it_refuses_more_than_17_outposts_for_one_corporation():
    # Setup: "Each player takes 17 outposts of their color."
    assert problems(with_player(1, outposts={"1": 9, "3": 9})) == [
        ("players[1].outposts", "must total at most 17 (each corporation has 17 outposts), not 18")
    ]


def test_it_accepts_exactly_17_outposts():
    assert problems(with_player(1, outposts={"1": 8, "3": 9})) == []


def test_it_refuses_more_megastructure_tokens_than_the_box_holds():
    data = table()
    for player, tokens in zip(data["players"], [9, 9, 8], strict=True):
        player["megastructure_tokens"] = tokens
    assert problems(data) == [
        ("players", "hold 26 megastructure funding tokens, more than the 25 in the box")
    ]


def test_it_refuses_more_mining_tokens_than_the_box_holds():
    data = table()
    for player, tokens in zip(data["players"], [10, 10, 11], strict=True):
        player["mining_tokens"] = tokens
    assert problems(data) == [
        ("players", "hold 31 mining resource tokens, more than the 30 in the box")
    ]


def test_it_has_no_cap_on_military_tokens():
    # Military action: "Military tokens are not intentionally limited".
    assert problems(with_player(0, military_tokens=45)) == []


def test_it_refuses_more_ballots_than_voting_tokens():
    data = table(
        ballots={"united_federalists": 20, "workers_union": 10, "brave_new_dawn": 5, "spoiled": 0}
    )
    assert problems(data) == [
        ("ballots", "hold 35 ballots, more than the 34 voting tokens in the box")
    ]


def test_it_refuses_more_hub_workers_than_worker_tokens():
    data = table()
    data["hubs"]["hensler"] = {"workers": 60, "algorithms": 30}
    assert problems(data) == [("hubs", "hold 104 worker tokens, more than the 100 in the box")]


# --- zones -------------------------------------------------------------------------------


def test_it_refuses_a_base_an_outpost_and_a_ship_in_a_zone_not_in_play():
    data = with_player(
        0, bases=[1, 4], outposts={"1": 1, "5": 2}, ships=[{"zone": 6, "presence": 2}]
    )
    assert problems(data) == [
        ("players[0].outposts.5", "must be a zone in play (1, 2, 3)"),
        ("players[0].bases[1]", "must be a zone in play (1, 2, 3)"),
        ("players[0].ships[0].zone", "must be a zone in play (1, 2, 3)"),
    ]


def test_it_refuses_a_zone_hub_for_a_zone_not_in_play():
    data = table()
    data["hubs"]["zones"]["4"] = {"workers": 1, "algorithms": 0}
    assert problems(data) == [("hubs.zones.4", "must be a zone in play (1, 2, 3)")]


@pytest.mark.parametrize("key", ["01", "one", " 1", "0"])
def test_it_refuses_a_zone_key_that_is_not_a_zone_number(key):
    assert problems(with_player(0, outposts={key: 1})) == [
        (f"players[0].outposts.{key}", "must be a zone in play (1, 2, 3)")
    ]


def test_it_accepts_integer_zone_keys_from_python_callers_once_each():
    assert read_table(with_player(0, outposts={1: 2, "2": 1})).valid_state().players[
        0
    ].outposts == {1: 2, 2: 1}
    assert problems(with_player(0, outposts={1: 2, "1": 1})) == [
        ("players[0].outposts.1", "repeats zone 1; give each zone once")
    ]


def test_it_refuses_a_megastructure_zone_not_in_play():
    assert problems(table(megastructure_zone=4)) == [
        ("megastructure_zone", "must be a zone in play (1, 2, 3)")
    ]
    assert problems(table(megastructure_zone="1")) == [
        ("megastructure_zone", 'must be a zone number, not the text "1"')
    ]


def zones_problems(zones) -> list[tuple[str, str]]:
    data = table()
    data["rules"]["zones_in_play"] = zones
    return problems(data)


def test_it_requires_zones_1_and_2_in_play():
    assert zones_problems([1, 3]) == [
        ("rules.zones_in_play", "must include zones 1 and 2, which are always in play")
    ]
    assert zones_problems([]) == [
        ("rules.zones_in_play", "must include zones 1 and 2, which are always in play")
    ]


def test_it_refuses_a_zone_outside_1_to_6_or_twice():
    assert zones_problems([1, 2, 7]) == [("rules.zones_in_play[2]", "must be a zone from 1 to 6")]
    assert zones_problems([1, 2, 2]) == [
        ("rules.zones_in_play[2]", "repeats zone 2; list each zone once")
    ]
    assert zones_problems([1, "2"]) == [
        ("rules.zones_in_play[1]", 'must be a zone number, not the text "2"'),
        ("rules.zones_in_play", "must include zones 1 and 2, which are always in play"),
    ]
    assert zones_problems("1,2") == [("rules.zones_in_play", 'must be a list, not the text "1,2"')]


def test_it_sorts_zones_in_play_and_allows_a_gap():
    assert zones_problems([3, 1, 2, 5]) == []
    data = table()
    data["rules"]["zones_in_play"] = [5, 3, 2, 1]
    assert read_table(data).valid_state().rules.zones_in_play == (1, 2, 3, 5)


def test_it_checks_other_zones_against_all_six_when_zones_in_play_is_broken():
    # One mistake should show once, not again at every outpost.
    data = with_player(1, outposts={"3": 2})
    data["rules"]["zones_in_play"] = [1, 2, 9]
    assert problems(data) == [("rules.zones_in_play[2]", "must be a zone from 1 to 6")]


# --- parties -----------------------------------------------------------------------------


def test_it_refuses_an_unknown_incumbent_party():
    assert problems(table(incumbent_party="pirates")) == [
        (
            "incumbent_party",
            "must be one of united_federalists, workers_union, brave_new_dawn "
            "or celestial_rebellion",
        )
    ]


def test_it_refuses_the_rebellion_in_power_when_it_is_not_in_play():
    assert problems(table(incumbent_party=CELESTIAL_REBELLION)) == [
        (
            "incumbent_party",
            "can be celestial_rebellion only with the Celestial Rebellion (#12) in play",
        )
    ]
    data = table(incumbent_party=CELESTIAL_REBELLION)
    data["rules"]["celestial_rebellion"] = True
    assert problems(data) == []


@pytest.mark.parametrize("party", ["pirates", CELESTIAL_REBELLION, ""])
def test_it_refuses_an_extra_vote_for_anything_but_a_legitimate_party(party):
    # #12: "You cannot vote directly for the Celestial Rebellion as they are not an official party".
    assert problems(with_player(0, extra_vote=party)) == [
        (
            "players[0].extra_vote",
            "must be null or one of united_federalists, workers_union or brave_new_dawn "
            "(the Celestial Rebellion is not an official party, it gets spoiled ballots only)",
        )
    ]


def test_it_refuses_an_unknown_ballot_key():
    data = table()
    data["ballots"]["pirates"] = 1
    data["ballots"][CELESTIAL_REBELLION] = 1
    allowed = "united_federalists, workers_union, brave_new_dawn, spoiled"
    assert problems(data) == [
        ("ballots.pirates", f"is not a party; allowed: {allowed}"),
        (
            "ballots.celestial_rebellion",
            "is not a ballot key (the Celestial Rebellion's votes are the spoiled ballots); "
            f"allowed: {allowed}",
        ),
    ]


def test_it_accepts_and_ignores_spoiled_ballots_without_the_rebellion():
    # Only with the Celestial Rebellion (#12) in play do spoiled ballots count (docs/table-file.md).
    data = table()
    data["ballots"]["spoiled"] = 9
    state = read_table(data).valid_state()
    assert state.ballots.spoiled == 9
    assert not state.rules.celestial_rebellion


# --- unknown keys ------------------------------------------------------------------------


def test_it_refuses_an_unknown_top_level_key():
    data = table()
    data["colour"] = "red"
    assert problems(data) == [
        (
            "colour",
            "is not a table key; allowed: format, version, rules, megastructure_zone, "
            "incumbent_party, hubs, ballots, hire_cards_left, players, sections",
        )
    ]


def test_it_refuses_an_unknown_player_key():
    assert problems(with_player(2, influence=3)) == [
        (
            "players[2].influence",
            "is not a player key; allowed: corporation, credits, loans, mining_tokens, "
            "megastructure_tokens, military_tokens, outposts, bases, ships, "
            "political_influence_ip, bonus_ip, extra_vote",
        )
    ]


def test_it_refuses_unknown_keys_inside_rules_hubs_ships_and_hire_cards():
    data = table()
    data["rules"]["zone_count"] = 3
    data["hubs"]["ceres"] = {}
    data["hubs"]["ufss"]["neds"] = 1
    data["hire_cards_left"]["lobbyist"] = 2
    data["players"][0]["ships"][0]["name"] = "DC-Xerxes 8050"
    assert problems(data) == [
        (
            "rules.zone_count",
            "is not a rules key; allowed: zones_in_play, celestial_rebellion, trade_unions, "
            "second_place_rounding",
        ),
        ("hubs.ceres", "is not a HUB; allowed: hensler, ufss, military, zones"),
        ("hubs.ufss.neds", "is not a HUB key; allowed: workers, algorithms"),
        (
            "hire_cards_left.lobbyist",
            "is not a hire card with a union; allowed: general, engineer, pilot",
        ),
        ("players[0].ships[0].name", "is not a ship key; allowed: zone, card, presence"),
    ]


# --- players -----------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 6])
def test_it_refuses_fewer_than_2_or_more_than_5_players(count):
    players = [{"corporation": f"corp{i}"} for i in range(count)]
    assert problems(table(players=players)) == [
        ("players", f"must list 2 to 5 players, not {count}")
    ]


def test_it_accepts_2_and_5_players():
    for count in (2, 5):
        players = [{"corporation": f"corp{i}"} for i in range(count)]
        assert problems(table(players=players)) == []


def test_it_refuses_a_corporation_twice():
    data = with_player(2, corporation="purple")
    assert problems(data) == [
        (
            "players[2].corporation",
            'repeats "purple" of players[0]; each corporation plays once',
        )
    ]


def test_it_requires_a_corporation_key():
    data = table()
    del data["players"][1]["corporation"]
    data["players"][2]["corporation"] = "  "
    assert problems(data) == [
        ("players[1].corporation", "is required (the corporation's key, such as purple)"),
        (
            "players[2].corporation",
            'must be a corporation key such as purple, not the text "  "',
        ),
    ]


# --- rules, format, version --------------------------------------------------------------


def test_it_refuses_a_second_place_rounding_other_than_down_or_up():
    data = table()
    data["rules"]["second_place_rounding"] = "nearest"
    assert problems(data) == [
        ("rules.second_place_rounding", 'must be one of down, up, not the text "nearest"')
    ]


def test_it_refuses_a_wrong_format_or_version_when_given():
    assert problems(table(format="solar175-campaign")) == [
        ("format", 'must be "solar175-table", not the text "solar175-campaign"')
    ]
    for version in (2, True, "1", 1.0):
        assert problems(table(version=version)) == [
            ("version", "must be 1, the only table version")
        ]
    assert problems(table(format=None, version=None)) == []


def test_it_requires_only_players_outside_a_campaign():
    data = table(rules=None, megastructure_zone=None, incumbent_party=None, players=None)
    assert problems(data) == [("players", "is required (a list of 2 to 5 players)")]


def test_it_defaults_a_bare_table_to_a_first_game():
    # docs/table-file.md: missing optional keys default; the first game has zones 1 and 2 and
    # the United Federalists in power; no location token given means no +5 bonus.
    bare = {
        "players": [
            {"corporation": "purple", "outposts": {"1": 2}},
            {"corporation": "yellow", "outposts": {"2": 1}},
        ]
    }
    state = read_table(bare).valid_state()
    assert state.rules.zones_in_play == (1, 2)
    assert state.incumbent_party == "united_federalists"
    assert state.megastructure_zone is None
    state = read_table({**bare, "rules": {"celestial_rebellion": True}}).valid_state()
    assert state.rules.zones_in_play == (1, 2)


# --- a one-off game's unlocked sections -----------------------------------------------------


def test_it_accepts_a_one_off_games_unlocked_sections_and_scores_as_without_them():
    assert problems(table(sections=[1, 2, 3, 4, 33])) == []
    assert problems(table(sections=[])) == []
    assert read_table(table(sections=[12, 15])).valid_state() == read_table(table()).valid_state()


def test_it_refuses_sections_that_are_not_a_list_of_section_numbers_once_each():
    assert problems(table(sections="1, 2")) == [("sections", 'must be a list, not the text "1, 2"')]
    assert problems(table(sections=[1, "2", 0, 34, True, 1])) == [
        ("sections[1]", 'must be a section number, not the text "2"'),
        ("sections[2]", "must be a section number from 1 to 33"),
        ("sections[3]", "must be a section number from 1 to 33"),
        ("sections[4]", "must be a section number, not true"),
        ("sections[5]", "repeats section 1; list each section once"),
    ]


def test_a_campaign_table_may_not_give_sections():
    data = campaign_table(sections=[1, 2])
    assert problems(data, campaign=True) == [
        (
            "sections",
            "is for a one-off game's table; a campaign's unlocked sections come from its replay",
        )
    ]


# --- campaign tables ---------------------------------------------------------------------

CAMPAIGN_RULES = Rules(zones_in_play=(1, 2, 3), celestial_rebellion=True)


def campaign_table(**changes) -> dict:
    """The valid table as a campaign file holds it: without what the replay derives."""
    data = table(rules=None, megastructure_zone=None, incumbent_party=None)
    data.update(changes)
    return data


def test_it_takes_rules_zone_and_incumbent_from_the_campaign():
    state = read_table(
        campaign_table(),
        campaign=True,
        rules=CAMPAIGN_RULES,
        megastructure_zone=3,
        incumbent_party=CELESTIAL_REBELLION,
    ).valid_state()
    assert state.rules == CAMPAIGN_RULES
    assert (state.megastructure_zone, state.incumbent_party) == (3, CELESTIAL_REBELLION)


def test_it_requires_a_campaign_table_to_agree_with_the_campaign():
    # docs/campaign-file.md: "A table that gives them anyway must agree, else it is bad input."
    data = campaign_table(
        rules={"zones_in_play": [1, 2], "celestial_rebellion": True},
        megastructure_zone=2,
        incumbent_party="workers_union",
    )
    context = {
        "rules": CAMPAIGN_RULES,
        "megastructure_zone": 3,
        "incumbent_party": "brave_new_dawn",
    }
    assert problems(data, campaign=True, **context) == [
        ("rules.zones_in_play", "must agree with the campaign, which has zones 1, 2, 3 in play"),
        ("megastructure_zone", "must agree with the campaign, which has zone 3"),
        ("incumbent_party", "must agree with the campaign, which has brave_new_dawn"),
    ]
    agreeing = campaign_table(rules={"celestial_rebellion": True}, megastructure_zone=3)
    assert problems(agreeing, campaign=True, **context) == []


def test_it_checks_a_campaign_tables_zones_against_the_campaigns_rules():
    data = campaign_table()
    data["players"][1]["outposts"] = {"4": 1}
    assert problems(data, campaign=True, rules=CAMPAIGN_RULES, incumbent_party="workers_union") == [
        ("players[1].outposts.4", "must be a zone in play (1, 2, 3)")
    ]


def test_it_uses_the_tables_megastructure_zone_when_the_campaign_knows_none():
    state = read_table(
        campaign_table(megastructure_zone=2),
        campaign=True,
        rules=CAMPAIGN_RULES,
        incumbent_party="workers_union",
    ).valid_state()
    assert state.megastructure_zone == 2


def test_it_validates_a_campaign_table_without_context_against_all_six_zones():
    data = campaign_table()
    data["players"][1]["outposts"] = {"6": 1}
    assert problems(data, campaign=True) == []
    data["players"][1]["outposts"] = {"7": 1}
    assert problems(data, campaign=True) == [
        ("players[1].outposts.7", "must be a zone in play (1, 2, 3, 4, 5, 6)")
    ]


def test_it_needs_the_campaign_context_to_parse_a_campaign_table():
    with pytest.raises(TypeError):
        read_table(campaign_table(), campaign=True).valid_state()
    with pytest.raises(TypeError):
        read_table(table(), rules=CAMPAIGN_RULES)


# --- back to JSON ------------------------------------------------------------------------


def test_it_round_trips_through_table_to_dict():
    state = read_table(table()).valid_state()
    data = table_to_dict(state)
    assert read_table(data).valid_state() == state
    assert data["players"][0]["outposts"] == {"1": 3, "2": 1}
    assert data["hubs"]["zones"] == {
        "1": {"workers": 3, "algorithms": 2},
        "2": {"workers": 3, "algorithms": 0},
    }
    assert list(data) == [
        "format",
        "version",
        "rules",
        "megastructure_zone",
        "incumbent_party",
        "hubs",
        "ballots",
        "hire_cards_left",
        "players",
    ]
    assert table_to_dict(read_table(data).valid_state()) == data


def test_it_leaves_out_what_a_campaign_derives():
    state = read_table(table()).valid_state()
    data = table_to_dict(state, campaign=True)
    assert not {"rules", "megastructure_zone", "incumbent_party"} & set(data)
    context = {
        "rules": state.rules,
        "megastructure_zone": 1,
        "incumbent_party": "united_federalists",
    }
    assert read_table(data, campaign=True, **context).valid_state() == state
