"""Properties of the scoring engine over random valid tables (hypothesis)."""

import dataclasses
import functools

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from solar175.engine import (
    CATEGORIES,
    CELESTIAL_REBELLION,
    DOUBLED_BY,
    LEGITIMATE_PARTIES,
    PARTIES,
    TRACKER_SECTIONS,
    Ballots,
    Hubs,
    HubWorkers,
    PlayerTable,
    Rules,
    Ship,
    TableState,
    score_game,
    zone_presence,
)
from solar175.house_rules import HouseRules
from solar175.table import read_table
from solar175.table_file import table_to_dict
from tests.budget import examples

COLOURS = ("purple", "yellow", "teal", "orange", "grey")
PROPERTY_SETTINGS = settings(max_examples=examples(200), deadline=None)

hub_workers = st.builds(
    HubWorkers, workers=st.integers(0, 6), algorithms=st.integers(0, 3)
)  # at most 9 HUBs x 9 tokens: within the box's 100 worker tokens
votes = st.integers(0, 8)  # 4 x 8 ballots: within the 34 voting tokens
ballots = st.builds(
    Ballots, united_federalists=votes, workers_union=votes, brave_new_dawn=votes, spoiled=votes
)
# Some cards or none given: a card left out counts as 0 left, and round trips as left out.
hire_cards_left = st.fixed_dictionaries(
    {}, optional={card: st.integers(0, 6) for card in ("general", "engineer", "pilot")}
)


@functools.cache
def in_zones(zones: tuple[int, ...]) -> dict[str, st.SearchStrategy]:
    """The strategies that depend on the zones in play, built once per set of zones (speed)."""
    zone = st.sampled_from(zones)
    player = st.builds(
        PlayerTable,
        corporation=st.just(""),
        credits=st.integers(0, 29),
        loans=st.lists(st.integers(1, 10), max_size=3).map(tuple),
        # At most 6 mining and 5 megastructure tokens each: within the box for five players.
        mining_tokens=st.integers(0, 6),
        megastructure_tokens=st.integers(0, 5),
        military_tokens=st.integers(0, 12),
        # At most 2 outposts in each of at most 6 zones: within a corporation's 17.
        outposts=st.dictionaries(zone, st.integers(0, 2), max_size=len(zones)),
        bases=st.lists(zone, max_size=4).map(tuple),
        ships=st.lists(st.builds(Ship, zone=zone, presence=st.integers(1, 4)), max_size=2).map(
            tuple
        ),
        political_influence_ip=st.integers(0, 5),
        bonus_ip=st.sampled_from((0, 2)),
        extra_vote=st.none() | st.sampled_from(LEGITIMATE_PARTIES),
    )
    hubs = st.builds(
        Hubs,
        hensler=hub_workers,
        ufss=hub_workers,
        military=hub_workers,
        zones=st.dictionaries(zone, hub_workers),
    )
    return {"zone": zone, "player": player, "hubs": hubs}


@st.composite
def tables(draw, min_players: int = 2, max_players: int = 5) -> TableState:
    """A random table that `read_table` accepts."""
    extra_zones = draw(st.sets(st.integers(3, 6)))
    zones = tuple(sorted({1, 2} | extra_zones))
    rules = Rules(
        zones_in_play=zones,
        celestial_rebellion=draw(st.booleans()),
        trade_unions=draw(st.booleans()),
        house=HouseRules({"second_place_rounding": draw(st.sampled_from(("down", "up")))}),
    )
    strategies = in_zones(zones)
    count = draw(st.integers(min_players, max_players))
    corporations = draw(st.permutations(COLOURS))[:count]
    incumbents = PARTIES if rules.celestial_rebellion else LEGITIMATE_PARTIES
    return TableState(
        players=tuple(
            dataclasses.replace(draw(strategies["player"]), corporation=corporation)
            for corporation in corporations
        ),
        rules=rules,
        # A table with no Megastructure Location Token round trips too (the key left out).
        megastructure_zone=draw(st.none() | strategies["zone"]),
        incumbent_party=draw(st.sampled_from(incumbents)),
        hubs=draw(strategies["hubs"]),
        ballots=draw(ballots),
        hire_cards_left=draw(hire_cards_left),
    )


def elect(table: TableState, party: str) -> TableState:
    """The same table with an election `party` wins outright, and nothing else changed."""
    ballots = Ballots(**({"spoiled": 5} if party == CELESTIAL_REBELLION else {party: 5}))
    rules = dataclasses.replace(
        table.rules,
        trade_unions=False,
        celestial_rebellion=table.rules.celestial_rebellion or party == CELESTIAL_REBELLION,
    )
    quiet = tuple(dataclasses.replace(p, extra_vote=None) for p in table.players)
    return dataclasses.replace(table, players=quiet, ballots=ballots, rules=rules)


@PROPERTY_SETTINGS
@given(tables())
def test_it_generates_only_tables_the_parser_accepts_and_round_trips_them(table):
    data = table_to_dict(table)
    assert read_table(data).errors == []
    assert read_table(data).valid_state() == table
    assert table_to_dict(read_table(data).valid_state()) == data


@PROPERTY_SETTINGS
@given(tables())
def test_it_totals_the_categories(table):
    for player in score_game(table).players:
        assert list(player.ip) == list(CATEGORIES)
        assert player.total == sum(player.ip.values())


@PROPERTY_SETTINGS
@given(tables())
def test_it_ranks_every_player_once_and_the_winner_first(table):
    score = score_game(table)
    ranks = sorted(p.rank for p in score.players)
    assert ranks == list(range(1, len(table.players) + 1))
    assert score.player(score.winner).rank == 1
    assert score.tracker["influence"] == [score.winner]
    # A better rank never has fewer IP.
    by_rank = sorted(score.players, key=lambda p: p.rank)
    assert all(a.total >= b.total for a, b in zip(by_rank, by_rank[1:], strict=False))


@PROPERTY_SETTINGS
@given(tables())
def test_it_crosses_tracker_boxes_only_for_corporations_in_the_game(table):
    score = score_game(table)
    corporations = {p.corporation for p in table.players}
    expected_sections = [f"presence_{z}" for z in table.rules.zones_in_play] + list(
        TRACKER_SECTIONS
    )
    assert list(score.tracker) == expected_sections
    for leaders in score.tracker.values():
        assert set(leaders) <= corporations
        assert len(leaders) == len(set(leaders))


@PROPERTY_SETTINGS
@given(tables(), st.data())
def test_it_never_lowers_presence_ip_for_an_added_outpost(table, data):
    index = data.draw(st.integers(0, len(table.players) - 1))
    zone = data.draw(st.sampled_from(table.rules.zones_in_play))
    player = table.players[index]
    outposts = dict(player.outposts)
    outposts[zone] = outposts.get(zone, 0) + 1
    more = dataclasses.replace(player, outposts=outposts)
    players = table.players[:index] + (more,) + table.players[index + 1 :]
    after_table = dataclasses.replace(table, players=players)
    assume(sum(outposts.values()) <= 17)
    assert read_table(table_to_dict(after_table)).errors == []

    before, after = score_game(table), score_game(after_table)
    assert after.players[index].ip["presence"] >= before.players[index].ip["presence"]
    for i, (b, a) in enumerate(zip(before.players, after.players, strict=True)):
        for z in table.rules.zones_in_play:
            expected = b.presence[z] + (1 if (i, z) == (index, zone) else 0)
            assert a.presence[z] == expected
            assert a.presence[z] == zone_presence(after_table.players[i], z)


@PROPERTY_SETTINGS
@given(tables(), st.permutations(LEGITIMATE_PARTIES))
def test_it_doubles_only_the_winning_partys_category(table, parties):
    party, other = parties[:2]
    won, lost = score_game(elect(table, party)), score_game(elect(table, other))
    assert (won.election.winner, lost.election.winner) == (party, other)
    doubled, other_doubled = DOUBLED_BY[party], DOUBLED_BY[other]
    for w, o in zip(won.players, lost.players, strict=True):
        for category in CATEGORIES:
            if category == doubled:
                assert w.ip[category] == 2 * o.ip[category]
            elif category == other_doubled:
                assert 2 * w.ip[category] == o.ip[category]
            else:
                assert w.ip[category] == o.ip[category]


@PROPERTY_SETTINGS
@given(tables(), st.sampled_from(LEGITIMATE_PARTIES))
def test_it_doubles_presence_and_counts_credits_singly_under_the_rebellion(table, party):
    # #12: presence doubled, credits 1 IP each; "All other influence points are scored as usual".
    rebel, legit = score_game(elect(table, CELESTIAL_REBELLION)), score_game(elect(table, party))
    assert rebel.election.winner == CELESTIAL_REBELLION and rebel.election.overthrown
    for r, g in zip(rebel.players, legit.players, strict=True):
        assert r.ip["presence"] == 2 * g.ip["presence"]
        assert r.ip["credits"] == r.credits_left == g.credits_left
        for category in CATEGORIES:
            if category not in ("presence", "credits", DOUBLED_BY[party]):
                assert r.ip[category] == g.ip[category]
