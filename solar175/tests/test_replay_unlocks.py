"""Campaign Events through the replay: each trigger fires after the right game, once, in order,
with its reason, and the sections it unlocks change the next game's rules."""

import pytest

from benchmarks.samples import (
    holdings,
    leader_table,
    make_campaign,
    make_game,
    make_player,
    make_table,
)
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue
from solar175.tests.replayed import replay, unlocked

CATALOGUE = Catalogue.from_fixture()
THREE = ("purple", "yellow", "teal")
TYPE_II = (
    "skyhooks-zone-5",
    "iptc-internal-upgrade",
    "space-elevator-mars",
    "ufss-hq-security-upgrade",
)
TYPE_III = ("terraform-mars", "terraform-venus", "the-kraken", "titanica-elite")


def progress_of(state: dict, section: int) -> dict:
    return next(p for p in state["progress"] if p["section"] == section)


def ballots_campaign(*ballots: dict, corporations=THREE, **kwargs) -> dict:
    """One game per ballot box; the corporations take turns to win."""
    tables = []
    for i, box in enumerate(ballots):
        winner = corporations[i % len(corporations)]
        others = (c for c in corporations if c != winner)
        tables.append(leader_table(winner, *others, ballots=box))
    return make_campaign(corporations=corporations, tables=tables, **kwargs)


def test_the_first_four_games_unlock_sections_1_to_9():
    state = replay(
        make_campaign(corporations=2, tables=[leader_table("purple", "yellow")] * 4), CATALOGUE
    )
    assert state["unlocked_sections"] == [
        {"section": 1, "game": 1},
        {"section": 2, "game": 1},
        {"section": 3, "game": 2},
        {"section": 4, "game": 2},
        {"section": 5, "game": 3},
        {"section": 6, "game": 3},
        {"section": 7, "game": 4},
        {"section": 8, "game": 4},
        {"section": 9, "game": 4},
    ]
    assert state["unlock_reasons"]["7"] == "the end of game 4 was reached"
    assert state["games"][3]["unlocked_sections"] == [
        {"section": 7, "reason": "the end of game 4 was reached"},
        {"section": 8, "reason": "the end of game 4 was reached"},
        {"section": 9, "reason": "the end of game 4 was reached"},
    ]


def test_five_workers_union_wins_unlock_the_trade_unions_for_the_next_game():
    campaign = ballots_campaign(*[{"workers_union": 2}] * 4, {"united_federalists": 1})
    state = replay(campaign, CATALOGUE)
    assert 13 not in unlocked(state)
    assert progress_of(state, 13)["words"] == "Workers Union Party wins 4 of 5"
    assert (progress_of(state, 13)["current"], progress_of(state, 13)["target"]) == (4, 5)

    campaign = ballots_campaign(*[{"workers_union": 2}] * 5, {})
    state = replay(campaign, CATALOGUE)
    assert unlocked(state)[13] == 5
    assert state["unlock_reasons"]["13"] == "the Workers Union Party won its 5th election in game 5"
    assert state["games"][4]["rules"]["trade_unions"] is False
    assert state["games"][5]["rules"]["trade_unions"] is True
    assert state["next_game"]["trade_unions"] is True
    assert state["next_game"]["employment_side"] == "B"


def test_the_unions_add_votes_once_unlocked():
    # Game 6: the fewest general workers left adds 2 votes to the Workers Union Party.
    ballots = [{"workers_union": 2}] * 5 + [{"united_federalists": 1}]
    campaign = ballots_campaign(*ballots)
    campaign["games"][5]["table"]["hire_cards_left"] = {"general": 0, "engineer": 3, "pilot": 3}
    state = replay(campaign, CATALOGUE)
    assert state["games"][5]["score"]["election"]["votes"]["workers_union"] == 2
    assert state["elections"][5]["winner"] == "workers_union"


def rebellion_campaign(*ballots: dict) -> dict:
    # Reading section #12 before game 1 (a manual unlock) puts the Rebellion in play at once.
    return ballots_campaign(*ballots, manual_unlocks=[{"section": 12, "after_game": 0}])


def test_rebellion_overthrows_are_counted_and_five_unlock_section_25():
    overthrow = {"united_federalists": 1, "spoiled": 3}
    state = replay(rebellion_campaign(*[overthrow] * 5), CATALOGUE)
    assert all(g["rules"]["celestial_rebellion"] for g in state["games"])
    assert state["elections"][0] == {"game": 1, "winner": "celestial_rebellion", "overthrown": True}
    assert state["election_wins"]["celestial_rebellion"] == 5
    assert state["overthrows"] == 5
    assert unlocked(state)[12] == 0
    assert unlocked(state)[25] == 5
    assert state["unlock_reasons"]["25"] == (
        "the Celestial Rebellion overthrew its 5th election in game 5"
    )


def test_the_rebellion_staying_in_power_on_a_tie_is_not_an_overthrow():
    overthrow = {"united_federalists": 1, "spoiled": 3}
    tie = {"united_federalists": 1, "workers_union": 1}
    state = replay(rebellion_campaign(*[overthrow] * 4, tie), CATALOGUE)
    assert state["elections"][4] == {
        "game": 5,
        "winner": "celestial_rebellion",
        "overthrown": False,
    }
    assert state["election_wins"]["celestial_rebellion"] == 5
    assert state["overthrows"] == 4
    assert 25 not in unlocked(state)
    assert progress_of(state, 25)["words"] == "Celestial Rebellion overthrows 4 of 5"


def test_brave_new_dawn_needs_eight_wins_and_envelope_7_for_section_26():
    bnd = {"brave_new_dawn": 2}
    campaign = ballots_campaign(*[bnd] * 9)
    state = replay(campaign, CATALOGUE)
    assert state["election_wins"]["brave_new_dawn"] == 9
    assert 26 not in unlocked(state)
    assert progress_of(state, 26)["words"] == (
        "Brave New Dawn wins 8 of 8; envelope 7 not opened yet"
    )

    # Game 9 builds the zone 5 sky hooks: #10 opens envelope 7, and #26 fires the same game.
    campaign["games"][8]["megastructure"] = "skyhooks-zone-5"
    state = replay(campaign, CATALOGUE)
    assert unlocked(state)[10] == 9
    assert unlocked(state)[26] == 9
    assert state["unlock_reasons"]["26"].startswith(
        "the Brave New Dawn won its 8th election in game 8, and envelope 7 is open"
    )


def test_envelope_7_opened_by_hand_also_completes_section_26():
    campaign = ballots_campaign(*[{"brave_new_dawn": 2}] * 8)
    campaign["manual_unlocks"] = [{"section": 10, "after_game": 8}]
    state = replay(campaign, CATALOGUE)
    assert unlocked(state)[10] == 8
    assert unlocked(state)[26] == 8
    assert state["unlock_reasons"]["10"] == "the group chose to unlock it after game 8"


def test_section_19_can_be_unlocked_by_hand_only_after_game_4():
    campaign = make_campaign(corporations=2, tables=[leader_table("purple", "yellow")] * 5)
    campaign["manual_unlocks"] = [{"section": 19, "after_game": 3}]
    with pytest.raises(CampaignError) as caught:
        replay(campaign, CATALOGUE)
    assert caught.value.path == "manual_unlocks[0].after_game"
    assert caught.value.message == "section #19 can be unlocked only after game 4, not after game 3"

    campaign["manual_unlocks"] = [{"section": 19, "after_game": 4}]
    state = replay(campaign, CATALOGUE)
    assert unlocked(state)[19] == 4
    assert "wotherbys" in state["next_game"]["trade_row"]


def test_section_19_never_unlocks_without_the_group():
    state = replay(make_campaign(12, corporations=3), CATALOGUE)
    assert 19 in unlocked(state)  # the random campaign unlocks it after game 6 by hand
    campaign = make_campaign(12, corporations=3)
    campaign["manual_unlocks"] = []
    state = replay(campaign, CATALOGUE)
    assert 19 not in unlocked(state)
    assert progress_of(state, 19)["words"] == "the group decides: available now"


def test_a_manual_unlock_after_a_game_not_yet_played_waits():
    campaign = make_campaign(corporations=2, tables=[leader_table("purple", "yellow")] * 5)
    campaign["manual_unlocks"] = [{"section": 19, "after_game": 9}]
    assert 19 not in unlocked(replay(campaign, CATALOGUE))


def test_neds_selling_out_unlocks_the_wage_squeeze_only_after_game_4():
    campaign = make_campaign(corporations=2, tables=[leader_table("purple", "yellow")] * 5)
    campaign["games"][3]["neds_sold_out"] = True
    state = replay(campaign, CATALOGUE)
    assert 16 not in unlocked(state)
    assert state["next_game"]["starting_credits"] == 1

    campaign["games"][4]["neds_sold_out"] = True
    campaign["powers"] = {"yellow": "extra-credits"}
    state = replay(campaign, CATALOGUE)
    assert unlocked(state)[16] == 5
    assert state["unlock_reasons"]["16"] == "NEDs sold out in game 5"
    assert state["next_game"]["starting_credits"] == 2
    assert state["next_game"]["starting_credits_by_corporation"] == {"purple": 2, "yellow": 5}


def test_the_first_census_and_repairs_unlock_28_and_29():
    campaign = make_campaign(corporations=2, tables=[leader_table("purple", "yellow")] * 3)
    campaign["games"][1]["census_completed"] = True
    campaign["games"][2]["megastructure_repairs_completed"] = True
    state = replay(campaign, CATALOGUE)
    assert (unlocked(state)[28], unlocked(state)[29]) == (2, 3)
    assert state["unlock_reasons"]["28"] == "the first census was completed in game 2"


def test_award_triggers_14_15_17_18_and_22():
    sections = ("credits", "mining", "megastructure", "military")
    names = ["purple"] * 8 + ["yellow"] * 8
    tables = [leader_table(n, *(c for c in THREE if c != n), sections=sections) for n in names]
    state = replay(make_campaign(corporations=THREE, tables=tables), CATALOGUE)
    opened = unlocked(state)
    assert opened[14] == 8  # Benefactor of the Bank of Yurushi
    assert opened[18] == 8  # Rio Astro gold
    assert opened[22] == 8  # purple won its 4th award (five, with the Medal of Freedom)
    assert opened[15] == 16  # the first silver
    assert opened[17] == 16  # Friend of the Bank of Yurushi
    assert (
        state["unlock_reasons"]["14"]
        == "Purple corporation won Benefactor of the Bank of Yurushi in game 8"
    )
    assert state["unlock_reasons"]["22"] == "Purple corporation won its 4th award in game 8"
    assert state["unlock_reasons"]["15"].endswith("the first silver award, in game 16")


def test_awards_progress_words_name_the_closest_corporation():
    tables = [leader_table("purple", "yellow", "teal")] * 6
    state = replay(make_campaign(corporations=THREE, tables=tables), CATALOGUE)
    assert progress_of(state, 14)["words"] == (
        "Benefactor of the Bank of Yurushi: Purple corporation has 6 of 8 credit boxes"
    )
    assert (progress_of(state, 14)["current"], progress_of(state, 14)["target"]) == (6, 8)
    assert progress_of(state, 22)["words"] == "no awards won yet (one corporation needs 4)"


def type_iii_opening(**extra) -> dict:
    return {
        "after_game": 8,
        "tracker": {},
        "awards": [],
        "election_wins": {},
        "unlocked_sections": [{"section": n, "game": 0} for n in (*range(1, 13),)],
        "megastructures_built": [
            {"game": 4 + i, "megastructure": key} for i, key in enumerate(TYPE_II, start=1)
        ],
        "cities": [],
        "incumbent_party": "united_federalists",
        **extra,
    }


def test_section_32_fires_when_all_type_iii_are_built():
    tables = [leader_table("purple", "yellow")] * 4
    campaign = make_campaign(corporations=2, opening=type_iii_opening(), tables=tables)
    for game, key in zip(campaign["games"], TYPE_III, strict=True):
        game["megastructure"] = key
        game["megastructure_zone"] = 1
    state = replay(campaign, CATALOGUE)
    opened = unlocked(state)
    assert (opened[20], opened[21], opened[23], opened[24]) == (9, 10, 11, 12)
    assert opened[32] == 12
    assert state["unlock_reasons"]["32"] == (
        "the last Type III megastructure, Titanica Elite, was built in game 12"
    )


def test_section_32_fires_when_all_silver_awards_are_won():
    sections = [
        "presence_1",
        "presence_2",
        "presence_3",
        "presence_4",
        "presence_5",
        "presence_6",
        "megastructure",
        "bases",
        "military",
        "mining",
        "credits",
        "influence",
    ]
    sizes = {s: 6 if s.startswith("presence") else 8 for s in sections}
    tracker = {
        "purple": dict(sizes),
        "yellow": {**sizes, "credits": 7},
    }
    awards = [{"section": s, "tier": "gold", "corporation": "purple"} for s in sections]
    awards += [
        {"section": s, "tier": "silver", "corporation": "yellow"}
        for s in sections
        if s != "credits"
    ]
    start = type_iii_opening(tracker=tracker, awards=awards)
    start["unlocked_sections"] = [{"section": n, "game": 0} for n in range(1, 16)]
    campaign = make_campaign(
        corporations=("purple", "yellow"),
        opening=start,
        tables=[leader_table("yellow", "purple")],
    )
    state = replay(campaign, CATALOGUE)
    assert unlocked(state)[32] == 9
    assert unlocked(state)[17] == 9
    assert state["unlock_reasons"]["32"] == (
        "the last silver award, Friend of the Bank of Yurushi, was won by Yellow corporation "
        "in game 9"
    )


def test_section_31_follows_all_the_others():
    start = type_iii_opening()
    start["unlocked_sections"] = [
        {"section": n, "game": 0} for n in range(1, 34) if n not in (19, 31)
    ]
    campaign = make_campaign(
        corporations=2, opening=start, tables=[leader_table("purple", "yellow")] * 2
    )
    state = replay(campaign, CATALOGUE)
    assert 31 not in unlocked(state)
    assert progress_of(state, 31)["words"] == "31 of 32 other sections unlocked"

    campaign["manual_unlocks"] = [{"section": 19, "after_game": 10}]
    state = replay(campaign, CATALOGUE)
    assert unlocked(state)[19] == 10
    assert unlocked(state)[31] == 10


def test_a_fired_trigger_stays_fired_and_is_listed_once():
    state = replay(make_campaign(30, corporations=4, seed=5), CATALOGUE)
    numbers = [u["section"] for u in state["unlocked_sections"]]
    assert len(numbers) == len(set(numbers))
    games = [u["game"] for u in state["unlocked_sections"]]
    assert games == sorted(games)
    listed = sorted(u["section"] for g in state["games"] for u in g["unlocked_sections"])
    assert listed == sorted(numbers)
    assert all(p["section"] not in numbers for p in state["progress"])


def test_locked_sections_show_their_printed_trigger_never_their_title():
    state = replay(make_campaign(0), CATALOGUE)
    first = state["progress"][0]
    assert set(first) == {"section", "trigger", "kind", "current", "target", "words"}
    assert first["trigger"] == "When you have reached the end of your first game"
    text = repr(state["progress"])
    for title in ("Zone 3", "Saitama Slums", "Wage Squeeze", "Wotherby", "Callisto"):
        assert title not in text


def test_the_megastructure_chooser_is_the_last_winner_even_across_unlocks():
    tables = [
        make_table(make_player("purple", **holdings("credits")), "yellow"),
        make_table(make_player("purple", **holdings("credits")), "yellow"),
        make_table(make_player("purple", **holdings("credits")), "yellow"),
        make_table("purple", make_player("yellow", **holdings("credits"))),
    ]
    state = replay(make_campaign(corporations=2, tables=tables), CATALOGUE)
    assert state["next_game"]["megastructure_chooser"] == "yellow"
    campaign = make_campaign(corporations=2, tables=tables)
    campaign["games"].append(make_game(5, tables[0], megastructure="space-elevator-mars"))
    state = replay(campaign, CATALOGUE)
    assert state["games"][4]["megastructure_chooser"] == "yellow"
    assert unlocked(state)[12] == 5
    assert state["next_game"]["megastructure_chooser"] == "purple"
    assert state["next_game"]["megastructure_options"] == [
        k for k in TYPE_II if k != "space-elevator-mars"
    ]
