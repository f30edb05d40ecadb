"""The one writing path: every action stores the log and rebuilds the cache, or changes nothing."""

import copy
import datetime
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.actions import StaleGameError, import_campaign
from campaign.campaign_io import campaign_to_dict
from campaign.models import Campaign, ChangeKind, Game
from campaign.tests.factory import assert_cache_is_the_replay, fields_of, rows
from solar175.campaign_file import CampaignError

pytestmark = pytest.mark.usefixtures("catalogue")

PROJECT = Path(__file__).resolve().parents[2]
CORPORATIONS = [
    {"key": "purple", "name": "Purple corporation", "player": "Caro"},
    {"key": "yellow", "name": "Yellow corporation", "player": "Ali"},
    {"key": "teal", "name": "Teal corporation", "player": "Rosa", "ai": True},
]
FIXED = {1: "skyhooks-zones-1-2", 2: "skyhooks-zone-3", 3: "drum-defence-cannon"}


def snapshot(campaign: Campaign) -> tuple:
    """Everything stored for a campaign: its file, its cache, its games' versions and results."""
    campaign = Campaign.objects.get(pk=campaign.pk)
    games = [(g.number, g.version, g.result) for g in campaign.games.order_by("number")]
    return (
        campaign_to_dict(campaign),
        campaign.replayed_state().to_dict(),
        games,
        campaign.changes.count(),
    )


def winners(campaign: Campaign) -> list[str]:
    return [g.result["winner"] for g in Game.objects.filter(campaign=campaign).order_by("number")]


# --- create_campaign ----------------------------------------------------------------------


def test_it_creates_a_campaign_with_its_corporations_and_a_derived_state(user):
    campaign = actions.create_campaign(
        "Thursday group", CORPORATIONS, {"second_place_rounding": "up"}, user=user
    )
    assert campaign.slug == "thursday-group"
    assert campaign.house()["second_place_rounding"] == "up"
    assert [(c.key, c.player, c.ai, c.order) for c in campaign.corporations.all()] == [
        ("purple", "Caro", False, 0),
        ("yellow", "Ali", False, 1),
        ("teal", "Rosa", True, 2),
    ]
    state = assert_cache_is_the_replay(campaign)
    assert state["games_played"] == 0
    assert state["next_game"]["megastructure_options"] == ["skyhooks-zones-1-2"]
    change = campaign.changes.get()
    assert (change.kind, change.made_by) == (ChangeKind.CAMPAIGN_CREATED, user)


@pytest.mark.parametrize(
    ("corporations", "settings", "path"),
    [
        (CORPORATIONS[:1], {}, "corporations"),
        ([*CORPORATIONS, CORPORATIONS[0]], {}, "corporations[3].key"),
        (CORPORATIONS, {"second_place_rounding": "sideways"}, "settings.second_place_rounding"),
    ],
)
def test_create_campaign_refuses_bad_input_and_writes_nothing(corporations, settings, path):
    before = rows()
    with pytest.raises(CampaignError) as caught:
        actions.create_campaign("Thursday group", corporations, settings)
    assert caught.value.path == path
    assert rows() == before


# --- save_game: add -------------------------------------------------------------------------


def test_it_appends_a_game_and_rebuilds(three_games, user):
    game = actions.save_game(
        three_games,
        table=leader_table("purple", "yellow", "teal", sections=("bases",)),
        played_on=datetime.date(2026, 2, 2),
        megastructure="skyhooks-zone-4",
        city_location="Mars",
        city_name="New Caro",
        notes="Played at Ali's.",
        user=user,
    )
    assert game.number == 4 and game.version == 1
    assert (game.created_by, game.updated_by) == (user, user)
    assert game.result["winner"] == "purple"
    state = assert_cache_is_the_replay(three_games)
    assert state["games_played"] == 4
    assert state["cities"][-1] == {
        "game": 4,
        "location": "Mars",
        "name": "New Caro",
        "corporation": "purple",
    }
    # The post-game sections of game 4 (#7, #8, #9) are now unlocked.
    assert {7, 8, 9} <= {u["section"] for u in state["unlocked_sections"]}
    # The caller's object is refreshed too (the summary: the games' entries are on their rows;
    # its sentences kept with their words, read back as the same English).
    summary = three_games.replayed().to_dict()
    assert {k: v for k, v in summary.items() if k != "games"} == {
        k: v for k, v in state.items() if k != "games"
    }
    assert three_games.changes.first().kind == ChangeKind.GAME_ADDED


def test_it_inserts_a_game_and_moves_the_later_ones_up(three_games):
    actions.save_game(
        three_games,
        number=2,
        table=leader_table("teal", "purple", "yellow", sections=("credits",)),
        played_on=datetime.date(2026, 1, 10),
        megastructure="skyhooks-zone-3",
    )
    assert winners(three_games) == ["purple", "teal", "yellow", "teal"]
    assert assert_cache_is_the_replay(three_games)["games_played"] == 4


def test_a_campaign_opened_mid_way_goes_on_from_the_game_after_its_snapshot():
    campaign = import_campaign(
        make_campaign(
            corporations=3,
            opening={
                "after_game": 4,
                "tracker": {},
                "awards": [],
                "election_wins": {"united_federalists": 4},
                "unlocked_sections": list(range(1, 10)),
                "megastructures_built": [],
                "cities": [],
                "incumbent_party": "united_federalists",
            },
        )
    )
    fields = {"played_on": datetime.date(2026, 3, 1), "megastructure": "skyhooks-zone-5"}
    fifth = actions.save_game(campaign, table=leader_table("teal", "purple"), **fields)
    assert fifth.number == 5
    sixth = actions.save_game(campaign, table=leader_table("purple", "teal"), **fields)
    assert sixth.number == 6
    assert campaign.state["games_played"] == 6
    before = snapshot(campaign)
    with pytest.raises(CampaignError) as caught:
        actions.save_game(campaign, number=4, table=leader_table("teal", "purple"), **fields)
    assert caught.value.message == (
        "a game number is 5 or more (the opening snapshot holds games 1 to 4)"
    )
    with pytest.raises(CampaignError):
        actions.move_game(sixth, 4)
    assert snapshot(campaign) == before
    actions.move_game(sixth, 5)
    assert winners(campaign) == ["purple", "teal"]


def test_an_added_game_the_replay_refuses_is_not_stored(three_games):
    before = snapshot(three_games)
    table = leader_table("purple", "yellow", "teal")
    table["players"][0]["corporation"] = "orange"  # not a corporation of this campaign
    with pytest.raises(CampaignError) as caught:
        actions.save_game(
            three_games, table=table, played_on=datetime.date(2026, 2, 2), megastructure=""
        )
    assert caught.value.path == "games[3].table.players[0].corporation"
    assert snapshot(three_games) == before


# --- save_game: edit ------------------------------------------------------------------------


def test_it_edits_a_game_bumps_its_version_and_rebuilds(three_games, user):
    game = three_games.games.get(number=2)
    assert game.result["winner"] == "yellow"
    edited = actions.save_game(
        three_games,
        game=game,
        expected_version=1,
        user=user,
        **fields_of(game, table=leader_table("teal", "purple", "yellow", sections=("mining",))),
    )
    assert edited.version == 2 and edited.updated_by == user
    assert edited.result["winner"] == "teal"
    assert winners(three_games) == ["purple", "teal", "teal"]
    state = assert_cache_is_the_replay(three_games)
    assert state["tracker"]["teal"]["mining"] == 1 and state["tracker"]["yellow"]["mining"] == 0
    change = three_games.changes.first()
    assert (change.kind, change.game_number, change.made_by) == (ChangeKind.GAME_EDITED, 2, user)


def test_an_edit_to_game_3_of_12_changes_a_later_award(demo):
    before = {
        (a["section"], a["tier"]): (a["corporation"], a["game"]) for a in demo.state["awards"]
    }
    # Caro completed zone 1 presence in game 7 for the gold, Ali in game 12 for the silver.
    assert before["presence_1", "gold"] == ("purple", 7)
    assert before["presence_1", "silver"] == ("yellow", 12)

    # Game 3 as it really went: Caro had no outposts on Earth and her ship was elsewhere, so
    # she did not lead zone 1 and crosses one box fewer.
    game = demo.games.get(number=3)
    table = copy.deepcopy(game.table)
    caro = next(p for p in table["players"] if p["corporation"] == "purple")
    caro["outposts"].pop("1", None)
    caro["bases"] = [zone for zone in caro["bases"] if zone != 1]
    caro["ships"] = [{**ship, "zone": 2} if ship["zone"] == 1 else ship for ship in caro["ships"]]
    actions.save_game(
        demo, game=game, expected_version=game.version, **fields_of(game, table=table)
    )

    after = {(a["section"], a["tier"]): (a["corporation"], a["game"]) for a in demo.state["awards"]}
    assert demo.state["tracker"]["purple"]["presence_1"] == 5
    # Nobody now completes zone 1 before Ali in game 12: she takes the gold, Caro nothing.
    assert after["presence_1", "gold"] == ("yellow", 12)
    assert ("presence_1", "silver") not in after
    assert_cache_is_the_replay(demo)
    twelfth = demo.replayed_state().to_dict()["games"][11]
    assert Game.objects.get(campaign=demo, number=12).result == twelfth["score"]


def test_an_edit_keeps_the_facts_it_does_not_give(demo):
    # Game 9: a Type III card with the zone the group stated, a note; game 8: a debt mark.
    for number in (8, 9):
        game = demo.games.get(number=number)
        kept = (game.megastructure_zone, game.notes, game.debt_marks, game.city_name)
        edited = actions.save_game(
            demo,
            game=game,
            table=game.table,
            played_on=game.played_on + datetime.timedelta(days=1),
            megastructure=game.megastructure,
        )
        assert edited.version == 2
        assert (
            edited.megastructure_zone,
            edited.notes,
            edited.debt_marks,
            edited.city_name,
        ) == kept
    assert demo.games.get(number=9).megastructure_zone == 1
    assert demo.games.get(number=8).debt_marks == [{"corporation": "orange", "points": 2}]
    # Given, they change; a city needs a location and a name.
    game = demo.games.get(number=1)
    edited = actions.save_game(
        demo, **fields_of(game, notes="", city_name="", neds_sold_out=True), game=game
    )
    assert (edited.notes, edited.city_location, edited.city_name) == ("", "", "")
    assert edited.neds_sold_out
    assert_cache_is_the_replay(demo)


def test_a_stale_edit_raises_with_the_current_game_and_changes_nothing(three_games, user):
    game = three_games.games.get(number=1)
    # Ali saves the game first...
    actions.save_game(
        three_games, game=game, expected_version=1, user=user, **fields_of(game, notes="Ali's")
    )
    before = snapshot(three_games)
    # ...then Caro saves from the version she opened.
    with pytest.raises(StaleGameError) as caught:
        actions.save_game(
            three_games,
            game=game,
            expected_version=1,
            **fields_of(game, table=leader_table("teal", "purple", "yellow")),
        )
    assert caught.value.game.version == 2
    assert caught.value.game.notes == "Ali's"
    assert caught.value.game.updated_by == user
    assert caught.value.expected_version == 1
    assert snapshot(three_games) == before


def test_an_edit_that_makes_a_later_table_impossible_rolls_back(demo):
    before = snapshot(demo)
    # Game 6 built the sky hooks around zone 5, which opened zone 6 (#10) for game 7 on.
    game = demo.games.get(number=6)
    with pytest.raises(CampaignError) as caught:
        actions.save_game(
            demo,
            game=game,
            expected_version=game.version,
            **fields_of(game, megastructure="iptc-internal-upgrade"),
        )
    assert caught.value.path.startswith("games[6].table")
    assert "zone" in caught.value.message
    assert snapshot(demo) == before
    assert Game.objects.get(pk=game.pk).megastructure == "skyhooks-zone-5"


# --- delete_game and move_game ---------------------------------------------------------------


def test_it_deletes_a_game_and_moves_the_later_ones_down(three_games, user):
    actions.delete_game(three_games.games.get(number=1), user=user)
    assert list(three_games.games.values_list("number", flat=True)) == [1, 2]
    assert winners(three_games) == ["yellow", "teal"]
    state = assert_cache_is_the_replay(three_games)
    assert state["games_played"] == 2
    assert state["tracker"]["purple"]["credits"] == 0
    change = three_games.changes.first()
    assert (change.kind, change.game_number, change.made_by) == (ChangeKind.GAME_DELETED, 1, user)


def test_deleting_a_game_a_later_one_relies_on_rolls_back(demo):
    before = snapshot(demo)
    # Without game 1, game 2 (zone 3 in play) becomes game 1, when only zones 1 and 2 are.
    with pytest.raises(CampaignError) as caught:
        actions.delete_game(demo.games.get(number=1))
    assert caught.value.path.startswith("games[0].table")
    assert snapshot(demo) == before


@pytest.mark.parametrize(
    ("number", "to", "order"),
    [
        (1, 3, ["yellow", "teal", "purple"]),
        (3, 1, ["teal", "purple", "yellow"]),
        (2, 3, ["purple", "teal", "yellow"]),
        (2, 2, ["purple", "yellow", "teal"]),
    ],
)
def test_it_moves_a_game_and_rebuilds(three_games, number, to, order):
    game = actions.move_game(three_games.games.get(number=number), to)
    assert game.number == to
    assert winners(three_games) == order
    assert sorted(three_games.games.values_list("number", flat=True)) == [1, 2, 3]
    state = assert_cache_is_the_replay(three_games)
    assert [e["game"] for e in state["elections"]] == [1, 2, 3]


@pytest.mark.parametrize("to", [0, 4])
def test_it_refuses_to_move_a_game_outside_the_log(three_games, to):
    before = snapshot(three_games)
    with pytest.raises(CampaignError):
        actions.move_game(three_games.games.get(number=2), to)
    assert snapshot(three_games) == before


# --- name_city, set_manual_unlock, set_power -----------------------------------------------


def test_it_names_a_city_for_the_games_winner(three_games):
    game = actions.name_city(three_games.games.get(number=2), "Ganymede", "Alibad")
    assert (game.city_location, game.city_name, game.version) == ("Ganymede", "Alibad", 2)
    state = assert_cache_is_the_replay(three_games)
    assert state["cities"] == [
        {"game": 2, "location": "Ganymede", "name": "Alibad", "corporation": "yellow"}
    ]
    assert state["warnings"] == []


def test_a_city_on_a_card_without_naming_spaces_is_kept_with_a_warning(three_games):
    actions.name_city(three_games.games.get(number=1), "Jupiter", "Jovopolis")
    state = assert_cache_is_the_replay(three_games)
    assert state["cities"][0]["name"] == "Jovopolis"
    assert state["warnings"][0]["path"] == "games[0].named_city.location"


def test_it_clears_a_city(three_games):
    game = actions.name_city(three_games.games.get(number=1), "Mars", "New Caro")
    actions.name_city(game, "Mars", "")
    assert assert_cache_is_the_replay(three_games)["cities"] == []


def test_it_records_and_undoes_a_manual_unlock(demo):
    # #19 Wotherby's: "whenever you feel ready" after game 4; the demo group chose game 8.
    actions.set_manual_unlock(demo, 19, 5)
    unlocked = {u["section"]: u["game"] for u in demo.state["unlocked_sections"]}
    assert unlocked[19] == 5
    assert Campaign.objects.get(pk=demo.pk).manual_unlocks == [{"section": 19, "after_game": 5}]
    actions.set_manual_unlock(demo, 19, None)
    assert 19 not in {u["section"] for u in demo.state["unlocked_sections"]}
    assert_cache_is_the_replay(demo)


def test_a_manual_unlock_too_early_is_refused(demo):
    before = snapshot(demo)
    with pytest.raises(CampaignError) as caught:
        actions.set_manual_unlock(demo, 19, 3)
    assert caught.value.path == "manual_unlocks[0].after_game"
    assert snapshot(demo) == before


def test_it_sets_a_power_and_refuses_one_already_taken(demo):
    purple = demo.corporations.get(key="purple")
    actions.set_power(purple, "extra-credits")
    assert demo.state["next_game"]["starting_credits_by_corporation"]["purple"] == 5
    before = snapshot(demo)
    with pytest.raises(CampaignError) as caught:
        actions.set_power(demo.corporations.get(key="yellow"), "extra-credits")
    assert caught.value.path == "powers.yellow"
    assert snapshot(demo) == before


# --- rebuild ---------------------------------------------------------------------------------


def test_rebuild_restores_a_damaged_cache(demo):
    Campaign.objects.filter(pk=demo.pk).update(state={})
    Game.objects.filter(campaign=demo).update(result={})
    actions.rebuild(demo)
    assert_cache_is_the_replay(demo)


def test_rebuild_takes_the_same_queries_for_3_games_as_for_12(three_games, demo):
    counts = []
    for campaign in (three_games, demo):
        Game.objects.filter(campaign=campaign).update(result={})
        with CaptureQueriesContext(connection) as queries:
            actions.rebuild(campaign)
        counts.append(len(queries))
    assert counts[0] == counts[1]
    # Unchanged results are not written again.
    with CaptureQueriesContext(connection) as queries:
        actions.rebuild(demo)
    assert not any("campaign_game" in q["sql"] and "UPDATE" in q["sql"] for q in queries)
