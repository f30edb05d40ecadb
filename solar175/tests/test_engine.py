"""The scoring engine, starting with the examples the rulebook prints (RULES-NOTES.md §1–§2)."""

import json

import pytest

from solar175.engine import (
    BRAVE_NEW_DAWN,
    CELESTIAL_REBELLION,
    TIE_BREAK_PLAY_ORDER,
    TIE_BREAK_ZONE_1,
    UNITED_FEDERALISTS,
    WORKERS_UNION,
    Ballots,
    Hubs,
    HubWorkers,
    PlayerTable,
    Rules,
    Ship,
    TableState,
    run_election,
    score_game,
    union_votes,
    zone_presence,
)
from solar175.house_rules import HouseRules
from solar175.table import read_table

STARTING_SHIP = 2  # DC-Xerxes 8050


def make_player(corporation: str = "purple", **fields) -> PlayerTable:
    return PlayerTable(corporation=corporation, **fields)


def make_table(*players: PlayerTable, **fields) -> TableState:
    """A table of the given players (by default two with nothing); the megastructure in zone 1."""
    if not players:
        players = (make_player("purple"), make_player("yellow"))
    fields.setdefault("megastructure_zone", 1)
    return TableState(players=players, **fields)


def wv(value: int) -> HubWorkers:
    """A HUB of plain workers with the given worker value."""
    return HubWorkers(workers=value)


def ballots_for(party: str, votes: int = 3) -> Ballots:
    return Ballots(**{party: votes})


def ip_of(table: TableState, corporation: str = "purple") -> dict[str, int]:
    return score_game(table).player(corporation).ip


# --- the rulebook's printed examples -----------------------------------------------------


def test_it_values_megastructure_tokens_at_7_with_2_algorithms_and_3_workers_on_the_ufss():
    # HUBs, Megastructure Funding: "2 algorithms and 3 other workers ... worth 7 influence points".
    ufss = HubWorkers(workers=3, algorithms=2)
    table = make_table(
        make_player("purple", megastructure_tokens=1),
        make_player("yellow"),
        hubs=Hubs(ufss=ufss),
        ballots=ballots_for(WORKERS_UNION),
    )
    assert ufss.worker_value == 7
    assert ip_of(table)["megastructure"] == 7


def test_it_doubles_caros_3_megastructure_tokens_to_30_when_the_united_federalists_win():
    # The Election: Caro's 3 tokens at UFSS WV 5 "would have been worth 15 ... (30 IP in total)".
    table = make_table(
        make_player("purple", megastructure_tokens=3),
        make_player("yellow"),
        hubs=Hubs(ufss=wv(5)),
        ballots=ballots_for(UNITED_FEDERALISTS),
    )
    assert score_game(table).election.winner == UNITED_FEDERALISTS
    assert ip_of(table)["megastructure"] == 30


def test_it_scores_caros_2_megastructure_tokens_at_ufss_worker_value_4_as_8():
    # End Game Scoring, Megastructure Funding example: 2 x 4 = 8.
    table = make_table(
        make_player("purple", megastructure_tokens=2),
        make_player("yellow"),
        hubs=Hubs(ufss=HubWorkers(workers=2, algorithms=1)),
        ballots=ballots_for(BRAVE_NEW_DAWN),
    )
    assert ip_of(table)["megastructure"] == 8


@pytest.mark.parametrize(("military_wv", "expected"), [(4, 4), (5, 4)])
def test_it_scores_military_tokens_at_half_the_military_hub_rounded_down(military_wv, expected):
    # UFSS Peacekeeping Force: WV 4 -> 2 x 2 = 4 IP; "if the Worker Value ... is 5, then
    # Military Tokens are worth 2 IP each".
    table = make_table(
        make_player("purple", military_tokens=2),
        make_player("yellow"),
        hubs=Hubs(military=wv(military_wv)),
        ballots=ballots_for(UNITED_FEDERALISTS),
    )
    assert ip_of(table)["military"] == expected


def test_it_scores_a_base_in_zone_2_with_hensler_worker_value_5_as_7():
    # Bases: "worker value of 5 ... this base is in zone 2, as such it is worth 7 (5 + 2)".
    table = make_table(
        make_player("purple", bases=(2,)),
        make_player("yellow"),
        hubs=Hubs(hensler=wv(5)),
        ballots=ballots_for(UNITED_FEDERALISTS),
    )
    assert ip_of(table)["bases"] == 7


def test_it_reads_the_ufss_and_jupiter_example():
    # HUBs example: 3 general workers + 1 algorithm on the UFSS, 2 lobbyists + 1 engineer on
    # Jupiter -> megastructure tokens 5 IP each, most presence in zone 2 gets 3 IP.
    table = make_table(
        make_player("purple", megastructure_tokens=1, outposts={2: 1}),
        make_player("yellow"),
        hubs=Hubs(ufss=HubWorkers(workers=3, algorithms=1), zones={2: HubWorkers(workers=3)}),
        ballots=ballots_for(WORKERS_UNION),
    )
    score = score_game(table)
    assert score.worker_values["ufss"] == 5
    assert score.worker_values["zones"][2] == 3
    assert score.player("purple").ip["megastructure"] == 5
    assert score.player("purple").ip["presence"] == 3


def test_it_counts_a_base_3_outposts_and_the_starting_ship_as_presence_7():
    # Presence: "1 base, 3 outposts and your starting ship in zone one ... presence is 7".
    player = make_player(bases=(1,), outposts={1: 3}, ships=(Ship(zone=1, presence=STARTING_SHIP),))
    assert zone_presence(player, 1) == 7


def test_it_gives_ali_and_rosa_12_and_caro_nothing_in_the_zone_1_example():
    # End Game Scoring, Presence example: zone 1 HUB WV 7 (2 algorithms, a lobbyist, a pilot, a
    # general worker), megastructure in zone 1; Ali and Rosa tie on 7, Caro has 5.
    caro = make_player("purple", outposts={1: 3}, bases=(1,))
    ali = make_player("yellow", outposts={1: 1}, bases=(1, 1), ships=(Ship(1, STARTING_SHIP),))
    rosa = make_player("teal", outposts={1: 5}, bases=(1,))
    table = make_table(
        caro,
        ali,
        rosa,
        megastructure_zone=1,
        hubs=Hubs(zones={1: HubWorkers(workers=3, algorithms=2)}),
        ballots=ballots_for(UNITED_FEDERALISTS),
    )
    score = score_game(table)
    assert [p.presence[1] for p in score.players] == [5, 7, 7]
    assert score.player("yellow").ip["presence"] == 12
    assert score.player("teal").ip["presence"] == 12
    # "two players came in first so there is no second place bonus".
    assert score.player("purple").ip["presence"] == 0


def test_it_adds_union_votes_for_the_trade_union_example():
    # #13 example: 2 general, 2 engineers, 4 pilots left -> +2 Workers Union, +2 United Federalists.
    assert union_votes({"general": 2, "engineer": 2, "pilot": 4}) == {
        UNITED_FEDERALISTS: 2,
        WORKERS_UNION: 2,
        BRAVE_NEW_DAWN: 0,
    }
    table = make_table(
        rules=Rules(trade_unions=True),
        hire_cards_left={"general": 2, "engineer": 2, "pilot": 4},
        ballots=Ballots(brave_new_dawn=3),
        incumbent_party=BRAVE_NEW_DAWN,
    )
    election = run_election(table)
    assert election.votes == {
        UNITED_FEDERALISTS: 2,
        WORKERS_UNION: 2,
        BRAVE_NEW_DAWN: 3,
        CELESTIAL_REBELLION: 0,
    }
    assert election.winner == BRAVE_NEW_DAWN


# --- the docs/table-file.md example ---------------------------------------------------------

CONTRACT_TABLE = """
{
  "format": "solar175-table", "version": 1,
  "rules": {"zones_in_play": [1, 2], "celestial_rebellion": false, "trade_unions": false,
            "second_place_rounding": "down"},
  "megastructure_zone": 1,
  "incumbent_party": "united_federalists",
  "hubs": {"hensler": {"workers": 3, "algorithms": 1}, "ufss": {"workers": 3, "algorithms": 1},
           "military": {"workers": 2, "algorithms": 0},
           "zones": {"1": {"workers": 3, "algorithms": 2}, "2": {"workers": 3, "algorithms": 0}}},
  "ballots": {"united_federalists": 2, "workers_union": 1, "brave_new_dawn": 0, "spoiled": 0},
  "hire_cards_left": {"general": 2, "engineer": 2, "pilot": 4},
  "players": [
    {"corporation": "purple", "credits": 12, "loans": [], "mining_tokens": 2,
     "megastructure_tokens": 3, "military_tokens": 2,
     "outposts": {"1": 3, "2": 1}, "bases": [1, 2], "ships": [{"zone": 1, "presence": 2}],
     "political_influence_ip": 0, "bonus_ip": 0, "extra_vote": null},
    {"corporation": "yellow", "credits": 3, "outposts": {"1": 2},
     "ships": [{"zone": 2, "presence": 2}]}
  ]
}
"""
# The contract shows one player; a table needs two, so `yellow` is added, behind purple
# everywhere and with nothing that changes purple's numbers.
CONTRACT_OUTPUT = """
{
  "election": {"winner": "united_federalists", "overthrown": false,
               "votes": {"united_federalists": 2, "workers_union": 1, "brave_new_dawn": 0,
                         "celestial_rebellion": 0}},
  "worker_values": {"hensler": 5, "ufss": 5, "military": 2, "zones": {"1": 7, "2": 3}},
  "players": [
    {"corporation": "purple", "presence": {"1": 7, "2": 3},
     "ip": {"credits": 6, "loans": 0, "mining": 4, "political_influence": 0, "bases": 13,
            "megastructure": 30, "military": 2, "presence": 15, "bonus": 0},
     "total": 70, "rank": 1}
  ],
  "winner": "purple",
  "tracker": {"presence_1": ["purple"], "presence_2": ["purple"], "megastructure": ["purple"],
              "bases": ["purple"], "military": ["purple"], "mining": ["purple"],
              "credits": ["purple"], "influence": ["purple"]}
}
"""


def test_it_scores_the_contract_example_exactly():
    result = score_game(read_table(json.loads(CONTRACT_TABLE)).valid_state()).as_dict()
    expected = json.loads(CONTRACT_OUTPUT)
    assert result["election"] == expected["election"]
    assert result["worker_values"] == expected["worker_values"]
    assert result["players"][0] == expected["players"][0]
    assert result["winner"] == expected["winner"]
    assert result["tracker"] == expected["tracker"]
    # The documented keys come in the documented order (an optional `tie_break` may sit among them).
    documented = [key for key in result if key in expected]
    assert documented == list(expected)
    assert list(result["players"][0]["ip"]) == list(expected["players"][0]["ip"])


# --- the election (RULES-NOTES §2) -------------------------------------------------------


def election_of(ballots: Ballots, *, incumbent=UNITED_FEDERALISTS, rebellion=True, players=()):
    table = make_table(
        *players,
        rules=Rules(celestial_rebellion=rebellion),
        ballots=ballots,
        incumbent_party=incumbent,
    )
    return run_election(table)


def test_it_lets_the_rebellion_overthrow_when_spoiled_ballots_outnumber_the_top_party():
    # Step 1 (#12): "If spoiled ballots outnumber the votes for the most popular legitimate party".
    election = election_of(Ballots(united_federalists=3, workers_union=2, spoiled=4))
    assert (election.winner, election.overthrown) == (CELESTIAL_REBELLION, True)
    assert election.votes[CELESTIAL_REBELLION] == 4


def test_it_elects_the_single_party_with_most_votes():
    # Step 2: the party with the highest number of votes is elected.
    election = election_of(Ballots(united_federalists=1, brave_new_dawn=4, spoiled=2))
    assert (election.winner, election.overthrown) == (BRAVE_NEW_DAWN, False)
    assert not election.incumbent_kept_power


def test_it_elects_the_single_top_party_even_when_the_spoiled_ballots_tie_it():
    # Step 2: a tie with the Rebellion goes to a legitimate party "using the normal rules".
    election = election_of(
        Ballots(united_federalists=1, brave_new_dawn=3, spoiled=3), incumbent=WORKERS_UNION
    )
    assert election.winner == BRAVE_NEW_DAWN


def test_it_keeps_a_legitimate_incumbent_when_the_rebellion_ties_the_tied_leaders():
    # Step 3: several tie at the top and the spoiled ballots equal them -> the incumbent, even if
    # it is not among the tied parties.
    election = election_of(
        Ballots(united_federalists=1, workers_union=3, brave_new_dawn=3, spoiled=3),
        incumbent=UNITED_FEDERALISTS,
    )
    assert (election.winner, election.overthrown) == (UNITED_FEDERALISTS, False)
    assert election.incumbent_kept_power


def test_it_hands_power_to_the_first_tied_party_when_the_rebellion_incumbent_ties_the_leaders():
    # Step 3: the Rebellion in power and tied -> the first tied party in the order United
    # Federalists, Workers Union Party, Brave New Dawn.
    election = election_of(
        Ballots(workers_union=2, brave_new_dawn=2, spoiled=2), incumbent=CELESTIAL_REBELLION
    )
    assert (election.winner, election.overthrown) == (WORKERS_UNION, False)


def test_it_keeps_the_incumbent_on_a_tie_even_when_it_was_not_tied():
    # Step 4 and The Election Phase note: "the party that is currently in power remains in power
    # (even if they weren't one of the tied parties)".
    election = election_of(
        Ballots(united_federalists=0, workers_union=2, brave_new_dawn=2),
        incumbent=UNITED_FEDERALISTS,
        rebellion=False,
    )
    assert election.winner == UNITED_FEDERALISTS
    assert election.incumbent_kept_power


def test_it_keeps_the_rebellion_in_power_on_a_tie_without_calling_it_an_overthrow():
    # Step 4: the government stays shut down; this does not count as an overthrow.
    election = election_of(
        Ballots(united_federalists=3, workers_union=3, spoiled=1), incumbent=CELESTIAL_REBELLION
    )
    assert (election.winner, election.overthrown) == (CELESTIAL_REBELLION, False)


def test_it_adds_the_extra_vote_power_before_counting():
    # #7: "add one vote to the party of your choice ... before the votes are counted".
    voter = make_player("purple", extra_vote=WORKERS_UNION)
    election = election_of(
        Ballots(united_federalists=2, workers_union=2),
        incumbent=UNITED_FEDERALISTS,
        rebellion=False,
        players=(voter, make_player("yellow")),
    )
    assert election.winner == WORKERS_UNION
    assert election.votes[WORKERS_UNION] == 3


def test_it_ignores_spoiled_ballots_without_the_rebellion_in_play():
    election = election_of(Ballots(united_federalists=1, spoiled=9), rebellion=False)
    assert (election.winner, election.overthrown) == (UNITED_FEDERALISTS, False)
    assert election.votes[CELESTIAL_REBELLION] == 0


def test_it_ignores_the_hire_cards_without_the_trade_unions():
    table = make_table(
        hire_cards_left={"general": 0, "engineer": 5, "pilot": 5},
        ballots=Ballots(united_federalists=1),
    )
    election = run_election(table)
    assert election.winner == UNITED_FEDERALISTS
    assert election.votes[WORKERS_UNION] == 0


def test_it_gives_every_union_two_votes_when_all_hire_cards_tie():
    # #13: "In the case of a tie, all tied worker types get two votes".
    assert union_votes({"general": 0, "engineer": 0, "pilot": 0}) == {
        UNITED_FEDERALISTS: 2,
        WORKERS_UNION: 2,
        BRAVE_NEW_DAWN: 2,
    }


def test_it_lets_union_votes_decide_the_election():
    table = make_table(
        rules=Rules(trade_unions=True),
        hire_cards_left={"general": 1, "engineer": 3, "pilot": 3},
        ballots=Ballots(united_federalists=2, workers_union=1),
    )
    election = run_election(table)
    assert election.winner == WORKERS_UNION
    assert election.union_votes[WORKERS_UNION] == 2


# --- doubling ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("party", "doubled"),
    [
        (BRAVE_NEW_DAWN, "bases"),
        (UNITED_FEDERALISTS, "megastructure"),
        (WORKERS_UNION, "military"),
    ],
)
def test_it_doubles_the_elected_partys_category_only(party, doubled):
    # The Election Phase: each party makes one path to victory worth double.
    purple = make_player("purple", bases=(1,), megastructure_tokens=1, military_tokens=1)
    table = make_table(
        purple,
        make_player("yellow"),
        hubs=Hubs(hensler=wv(3), ufss=wv(3), military=wv(6)),
        ballots=ballots_for(party),
    )
    plain = {"bases": 4, "megastructure": 3, "military": 3}
    expected = {key: value * 2 if key == doubled else value for key, value in plain.items()}
    ip = ip_of(table)
    assert {key: ip[key] for key in plain} == expected


# --- presence ----------------------------------------------------------------------------


def three_player_zone_1(rounding: str, hub_value: int = 5) -> TableState:
    return make_table(
        make_player("purple", outposts={1: 3}),
        make_player("yellow", outposts={1: 2}),
        make_player("teal", outposts={1: 1}),
        rules=Rules(house=HouseRules({"second_place_rounding": rounding})),
        megastructure_zone=2,
        hubs=Hubs(zones={1: wv(hub_value)}),
    )


@pytest.mark.parametrize(("rounding", "half"), [("down", 2), ("up", 3)])
def test_it_rounds_second_place_by_the_campaign_setting(rounding, half):
    # Printed contradiction: HUBs says "rounded up", End Game Scoring says "rounded down".
    score = score_game(three_player_zone_1(rounding))
    assert score.player("purple").ip["presence"] == 5
    assert score.player("yellow").ip["presence"] == half
    assert score.player("teal").ip["presence"] == 0


def test_it_gives_half_to_every_player_tied_for_second():
    table = make_table(
        make_player("purple", outposts={1: 3}),
        make_player("yellow", outposts={1: 2}),
        make_player("teal", outposts={1: 2}),
        megastructure_zone=2,
        hubs=Hubs(zones={1: wv(6)}),
    )
    score = score_game(table)
    assert [p.ip["presence"] for p in score.players] == [6, 3, 3]


def test_it_gives_no_second_place_with_two_players():
    # "In games of 3+ players the player(s) with the second most influence will gain half".
    table = make_table(
        make_player("purple", outposts={1: 3}),
        make_player("yellow", outposts={1: 2}),
        megastructure_zone=2,
        hubs=Hubs(zones={1: wv(6)}),
    )
    assert [p.ip["presence"] for p in score_game(table).players] == [6, 0]


def test_it_gives_no_second_place_to_a_player_without_presence():
    table = make_table(
        make_player("purple", outposts={1: 3}),
        make_player("yellow"),
        make_player("teal"),
        megastructure_zone=2,
        hubs=Hubs(zones={1: wv(6)}),
    )
    assert [p.ip["presence"] for p in score_game(table).players] == [6, 0, 0]


def test_it_gives_the_megastructure_bonus_only_to_first_place():
    # "the player(s) who has the most presence in the Zone which contains the Megastructure
    # Location Token gains an additional 5 influence points".
    table = make_table(
        make_player("purple", outposts={2: 3}),
        make_player("yellow", outposts={2: 1}),
        make_player("teal"),
        megastructure_zone=2,
        hubs=Hubs(zones={2: wv(4)}),
    )
    assert [p.ip["presence"] for p in score_game(table).players] == [9, 2, 0]


def test_it_scores_no_one_in_a_zone_where_no_one_has_presence():
    table = make_table(megastructure_zone=1, hubs=Hubs(zones={1: wv(6)}))
    score = score_game(table)
    assert [p.ip["presence"] for p in score.players] == [0, 0]
    assert score.tracker["presence_1"] == []


def test_it_scores_only_zones_in_play():
    # Zone 3 is scored only once #1 puts it in play; the engine trusts the table, so an outpost
    # there here (which solar175/table.py would refuse) must not count.
    table = make_table(
        make_player("purple", outposts={1: 1, 3: 4}),
        make_player("yellow"),
        rules=Rules(zones_in_play=(1, 2)),
        hubs=Hubs(zones={1: wv(2), 3: wv(4)}),
    )
    score = score_game(table)
    assert score.player("purple").presence == {1: 1, 2: 0}
    assert score.player("purple").ip["presence"] == 2 + 5
    assert score.worker_values["zones"] == {1: 2, 2: 0}
    assert "presence_3" not in score.tracker


# --- credits, loans and the Celestial Rebellion ------------------------------------------


def test_it_scores_one_ip_per_two_credits_left():
    # End Game Scoring, Credits: "Score 1 IP for every 2 credits you have left over".
    table = make_table(make_player("purple", credits=7), make_player("yellow"))
    assert ip_of(table)["credits"] == 3


def test_it_repays_loans_before_scoring_credits():
    # #15: "you must repay your loan tokens in full before counting ... your remaining credits".
    table = make_table(make_player("purple", credits=10, loans=(3, 2)), make_player("yellow"))
    ip = ip_of(table)
    assert (ip["credits"], ip["loans"]) == (2, 0)
    assert score_game(table).player("purple").credits_left == 5


def test_it_takes_one_ip_per_credit_a_loan_is_short():
    # #15: "you will lose an influence point for each credit you were unable to repay, this can
    # result in negative scores".
    table = make_table(make_player("purple", credits=3, loans=(5, 2)), make_player("yellow"))
    score = score_game(table)
    assert (score.player("purple").ip["credits"], score.player("purple").ip["loans"]) == (0, -4)
    assert score.player("purple").total == -4


def test_it_scores_credits_one_each_and_doubles_presence_with_the_bonus_under_the_rebellion():
    # #12: "Influence points gained for having presence ... are doubled and Credits you have
    # remaining ... are worth 1 influence point each"; the +5 is presence IP, so it doubles too.
    table = make_table(
        make_player("purple", credits=7, loans=(2,), outposts={1: 2}, megastructure_tokens=1),
        make_player("yellow"),
        rules=Rules(celestial_rebellion=True),
        megastructure_zone=1,
        hubs=Hubs(ufss=wv(3), zones={1: wv(4)}),
        ballots=Ballots(united_federalists=1, spoiled=2),
    )
    score = score_game(table)
    assert score.election.winner == CELESTIAL_REBELLION
    ip = score.player("purple").ip
    assert ip["credits"] == 5
    assert ip["presence"] == (4 + 5) * 2
    assert ip["megastructure"] == 3


# --- other categories --------------------------------------------------------------------


def test_it_adds_mining_political_influence_and_bonus_ip():
    table = make_table(
        make_player("purple", mining_tokens=3, political_influence_ip=4, bonus_ip=2),
        make_player("yellow"),
    )
    ip = ip_of(table)
    assert (ip["mining"], ip["political_influence"], ip["bonus"]) == (6, 4, 2)
    assert score_game(table).player("purple").total == 12


# --- winner and tie-breakers -------------------------------------------------------------


def test_it_ranks_by_most_ip():
    table = make_table(
        make_player("purple", bonus_ip=1),
        make_player("yellow", bonus_ip=5),
        make_player("teal", bonus_ip=3),
    )
    score = score_game(table)
    assert [p.rank for p in score.players] == [3, 1, 2]
    assert (score.winner, score.tie_break) == ("yellow", None)
    assert score.tracker["influence"] == ["yellow"]


def test_it_breaks_a_tie_by_most_presence_in_zone_1():
    # Tie Breaker: "the player with the most influence in zone 1 is declared the winner".
    # Zone HUBs at 0 and the megastructure elsewhere, so presence itself scores nothing.
    table = make_table(
        make_player("purple", bonus_ip=4, outposts={1: 1}),
        make_player("yellow", bonus_ip=4, outposts={1: 2}),
        make_player("teal", bonus_ip=2, outposts={1: 5}),
        megastructure_zone=None,
    )
    score = score_game(table)
    assert [p.total for p in score.players] == [4, 4, 2]
    assert (score.winner, score.tie_break) == ("yellow", TIE_BREAK_ZONE_1)
    assert [p.rank for p in score.players] == [2, 1, 3]


def test_it_breaks_a_remaining_tie_by_the_next_order_of_play():
    # Tie Breaker: "the player who is closest to next receiving the first player marker".
    table = make_table(
        make_player("purple", bonus_ip=2),
        make_player("yellow", bonus_ip=4, outposts={1: 1}),
        make_player("teal", bonus_ip=4, outposts={1: 1}),
        megastructure_zone=None,
    )
    score = score_game(table)
    assert (score.winner, score.tie_break) == ("yellow", TIE_BREAK_PLAY_ORDER)
    assert [p.rank for p in score.players] == [3, 1, 2]


def test_it_ranks_tied_players_below_the_winner_by_the_same_tie_breakers():
    table = make_table(
        make_player("purple", bonus_ip=9),
        make_player("yellow", bonus_ip=1),
        make_player("teal", bonus_ip=1, outposts={1: 1}),
        make_player("orange", bonus_ip=1),
        megastructure_zone=None,
    )
    score = score_game(table)
    assert score.tie_break is None
    assert [p.rank for p in score.players] == [1, 3, 2, 4]


# --- the tracker card (RULES-NOTES §3) ---------------------------------------------------


def test_it_crosses_mining_only_with_at_least_one_token_left():
    table = make_table(make_player("purple"), make_player("yellow"))
    assert score_game(table).tracker["mining"] == []
    table = make_table(make_player("purple", mining_tokens=1), make_player("yellow"))
    assert score_game(table).tracker["mining"] == ["purple"]


def test_it_crosses_credits_only_with_at_least_two_left_after_loans():
    table = make_table(
        make_player("purple", credits=3, loans=(2,)), make_player("yellow", credits=1)
    )
    assert score_game(table).tracker["credits"] == []
    table = make_table(make_player("purple", credits=2), make_player("yellow", credits=2))
    assert score_game(table).tracker["credits"] == ["purple", "yellow"]


@pytest.mark.parametrize("section", ["megastructure", "bases", "military"])
def test_it_crosses_the_ip_areas_only_for_a_score_above_zero(section):
    # Tokens held but the HUBs empty and no base built: every score is 0, so no one crosses.
    table = make_table(
        make_player("purple", megastructure_tokens=2, military_tokens=2),
        make_player("yellow", megastructure_tokens=2, military_tokens=2),
    )
    assert score_game(table).tracker[section] == []


def test_it_crosses_the_ip_areas_for_every_tied_leader():
    table = make_table(
        make_player("purple", megastructure_tokens=2, bases=(1,), military_tokens=1),
        make_player("yellow", megastructure_tokens=2, bases=(2,), military_tokens=3),
        make_player("teal", megastructure_tokens=1),
        hubs=Hubs(hensler=wv(1), ufss=wv(2), military=wv(2)),
    )
    tracker = score_game(table).tracker
    assert tracker["megastructure"] == ["purple", "yellow"]
    assert tracker["bases"] == ["yellow"]
    assert tracker["military"] == ["yellow"]


def test_it_crosses_presence_for_every_tied_leader_of_each_zone_in_play():
    table = make_table(
        make_player("purple", outposts={1: 2, 2: 1}),
        make_player("yellow", outposts={1: 2}),
    )
    tracker = score_game(table).tracker
    assert tracker["presence_1"] == ["purple", "yellow"]
    assert tracker["presence_2"] == ["purple"]
    assert list(tracker) == [
        "presence_1",
        "presence_2",
        "megastructure",
        "bases",
        "military",
        "mining",
        "credits",
        "influence",
    ]
