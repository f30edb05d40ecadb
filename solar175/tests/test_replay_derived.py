"""What the rules decide is derived, not typed (issue 22): the "+2 end game IP" power (#7), a
debt mark on an AI player and the debt rows' rising values (#8), the mining tokens of the setup
sheet (Setting Up the Solar System), the games each corporation played (docs/replay.md)."""

import pytest

from benchmarks.samples import make_campaign, make_player, make_table
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue
from solar175.tests.replayed import replay

CATALOGUE = Catalogue.from_fixture()
THREE = ("purple", "yellow", "teal")


def six_games(**players) -> dict:
    """Six games of three corporations; section #7 (powers) is in force from game 5."""
    tables = [make_table(*[make_player(c, **players.get(c, {})) for c in THREE]) for _ in range(6)]
    return make_campaign(tables=tables, corporations=THREE, powers={"yellow": "extra-ip"})


def totals(state: dict, number: int) -> dict[str, int]:
    game = state["games"][number - 1]
    return {p["corporation"]: p["ip"]["bonus"] for p in game["score"]["players"]}


def test_the_holder_of_the_extra_ip_power_scores_2_from_game_5_without_typing_it():
    state = replay(six_games(), CATALOGUE)
    assert [totals(state, n)["yellow"] for n in range(1, 7)] == [0, 0, 0, 0, 2, 2]
    assert all(totals(state, n)["purple"] == 0 for n in range(1, 7))


def test_a_typed_bonus_that_agrees_is_accepted():
    campaign = six_games()
    for game in campaign["games"]:
        for player in game["table"]["players"]:
            player["bonus_ip"] = (
                2 if player["corporation"] == "yellow" and game["number"] > 4 else 0
            )
    state = replay(campaign, CATALOGUE)
    assert totals(state, 6)["yellow"] == 2


@pytest.mark.parametrize(
    ("game", "corporation", "value", "derived", "words"),
    [
        (5, "yellow", 0, 2, 'yellow holds the player power "+2 end game IP"'),
        (6, "purple", 2, 0, "purple has chosen no player power"),
        (2, "yellow", 2, 0, "player powers come with section #7, not unlocked yet"),
    ],
)
def test_a_typed_bonus_the_rules_do_not_give_is_scored_as_the_rules_say_with_a_warning(
    game, corporation, value, derived, words
):
    campaign = six_games()
    players = campaign["games"][game - 1]["table"]["players"]
    index = [p["corporation"] for p in players].index(corporation)
    players[index]["bonus_ip"] = value
    state = replay(campaign, CATALOGUE)
    assert totals(state, game)[corporation] == derived
    path = f"games[{game - 1}].table.players[{index}].bonus_ip"
    [warning] = [w for w in state["warnings"] if w["path"] == path]
    assert warning["message"] == (
        f"the table says {value} IP from a player power, but the rules give {derived} in game "
        f"{game} ({words}): scored with {derived}"
    )


def test_a_corrected_power_rescores_the_games_that_typed_the_old_one():
    campaign = six_games()
    for game in campaign["games"][4:]:
        for player in game["table"]["players"]:
            player["bonus_ip"] = 2 if player["corporation"] == "yellow" else 0
    campaign["powers"] = {"yellow": "extra-credits", "purple": "extra-ip"}
    state = replay(campaign, CATALOGUE)
    assert (totals(state, 6)["yellow"], totals(state, 6)["purple"]) == (0, 2)


def test_a_debt_mark_on_an_ai_player_counts_with_a_warning():
    # Stored before dc97075 refused it: it costs its points as it did then, with a warning;
    # a write that brings one in is refused (campaign.actions.cache, test_upgrade_files).
    campaign = six_games()
    campaign["corporations"][2]["ai"] = True
    campaign["games"][5]["debt_marks"] = [
        {"corporation": "purple", "points": 1},
        {"corporation": "teal", "points": 2},
    ]
    state = replay(campaign, CATALOGUE)
    assert (state["debt"]["purple"], state["debt"]["teal"]) == (1, 2)
    (warning,) = [w for w in state["warnings"] if "debt_marks" in w["path"]]
    assert warning["path"] == "games[5].debt_marks[1].corporation"
    assert "AI players never borrow from the Bank of Yurushi (#8)" in warning["message"]


def test_the_setup_sheet_counts_the_players_at_the_table_not_the_corporations():
    # Five corporations, but the last game had two at the table: one token per location.
    tables = [make_table("purple", "yellow", "teal"), make_table("purple", "yellow")]
    campaign = make_campaign(tables=tables, corporations=("purple", "yellow", "teal", "orange"))
    sheet = replay(campaign, CATALOGUE)["next_game"]
    assert (sheet["players"], sheet["mining_tokens_per_location"]) == (2, 1)
    before = replay(make_campaign(corporations=("purple", "yellow", "teal")), CATALOGUE)
    assert (before["next_game"]["players"], before["next_game"]["mining_tokens_per_location"]) == (
        3,
        2,
    )


def test_the_games_each_corporation_played_are_counted_from_the_tables():
    tables = [make_table(*THREE), make_table("purple", "yellow"), make_table("purple", "teal")]
    state = replay(make_campaign(tables=tables, corporations=THREE), CATALOGUE)
    assert state["games_by_corporation"] == {"purple": 3, "yellow": 2, "teal": 2}


DEBT_ROWS = [
    {"name": "Emergency funds", "values": [1, 2, 3, 5]},
    {"name": "Fast hire", "values": [2, 4]},
    {"name": "Bribe", "values": [3, 6, 9]},
]


def with_debt(marks_by_game: dict[int, list[dict]]) -> dict:
    campaign = six_games()
    campaign["box"] = {"debt_boxes": DEBT_ROWS}
    for number, marks in marks_by_game.items():
        campaign["games"][number - 1]["debt_marks"] = marks
    return campaign


def test_a_debt_mark_naming_its_row_loses_that_rows_next_box():
    # #8: each use checks the next red box of the power's row; the losses rise.
    campaign = with_debt(
        {
            5: [{"corporation": "purple", "row": 1}, {"corporation": "purple", "row": 1}],
            6: [{"corporation": "purple", "row": 1}, {"corporation": "yellow", "row": 1}],
        }
    )
    state = replay(campaign, CATALOGUE)
    assert [m["points"] for m in state["games"][4]["debt_marks"]] == [1, 2]
    assert state["games"][5]["debt_marks"] == [
        {"corporation": "purple", "points": 3, "row": 1},
        {"corporation": "yellow", "points": 1, "row": 1},
    ]
    assert state["debt"] == {"purple": 6, "yellow": 1, "teal": 0}


def test_a_typed_value_that_agrees_with_the_row_is_accepted_one_that_does_not_is_refused():
    agrees = with_debt({5: [{"corporation": "teal", "row": 3, "points": 3}]})
    assert replay(agrees, CATALOGUE)["debt"]["teal"] == 3
    disagrees = with_debt({5: [{"corporation": "teal", "row": 3, "points": 9}]})
    with pytest.raises(CampaignError) as error:
        replay(disagrees, CATALOGUE)
    assert error.value.path == "games[4].debt_marks[0].points"
    assert "must be 3: the next red box of the row Bribe for teal (box 1) prints 3" in str(
        error.value
    )


def test_a_full_row_or_a_row_the_box_does_not_hold_is_refused():
    full = with_debt(
        {5: [{"corporation": "teal", "row": 2}] * 2, 6: [{"corporation": "teal", "row": 2}]}
    )
    with pytest.raises(CampaignError) as error:
        replay(full, CATALOGUE)
    assert error.value.path == "games[5].debt_marks[0].row"
    assert "already checked all 2 red boxes of the row Fast hire" in str(error.value)
    campaign = six_games()
    campaign["games"][4]["debt_marks"] = [{"corporation": "teal", "row": 1}]
    with pytest.raises(CampaignError) as error:
        replay(campaign, CATALOGUE)
    assert "the campaign's box holds none" in str(error.value)
