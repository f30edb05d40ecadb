"""An award's reason follows from the facts it names (issue 22, "a reason that is false").

Each kind of reason — alone, after an earlier gold, more IP, equal IP and zone 1 presence,
equal on both and the order of play — is checked against the facts that produced the award:
the awards are handed out by the replay's own rule (the engine's rank order) and the sentence
must say what decided, and nothing that did not happen.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from solar175.explain import award_sentence
from tests.budget import examples

CORPS = ("purple", "yellow", "teal")


def _name(key: str) -> str:
    return key.capitalize()


def _hand_out(facts: list[dict], gold_taken: bool) -> list[dict]:
    """The replay's rule: those completing in one game in rank order (most IP, most presence
    in zone 1, earlier in the order of play) take the free tiers, gold first."""
    ranked = sorted(
        range(len(facts)), key=lambda i: (-facts[i]["total"], -facts[i]["presence"]["1"], i)
    )
    tiers = ["silver"] if gold_taken else ["gold", "silver"]
    return [
        {"section": "mining", "tier": tier, "corporation": facts[i]["corporation"], "game": 6}
        for tier, i in zip(tiers, ranked, strict=False)
    ]


def _facts(totals: list[int], zone_1: list[int]) -> list[dict]:
    return [
        {"corporation": corp, "total": total, "presence": {"1": z, "2": 0}, "rank": 0}
        for corp, total, z in zip(CORPS, totals, zone_1, strict=False)
    ]


@settings(max_examples=examples(300), deadline=None)
@given(
    n=st.integers(min_value=1, max_value=3),
    totals=st.lists(st.integers(min_value=13, max_value=16), min_size=3, max_size=3),
    zone_1=st.lists(st.integers(min_value=0, max_value=2), min_size=3, max_size=3),
    gold_taken=st.booleans(),
    copies=st.booleans(),
    with_completed=st.booleans(),
)
def test_every_award_reason_follows_from_its_facts(
    n, totals, zone_1, gold_taken, copies, with_completed
):
    players = _facts(totals[:n], zone_1[:n])
    earlier = (
        [{"section": "mining", "tier": "gold", "corporation": "orange", "game": 4}]
        if gold_taken
        else []
    )
    won = _hand_out(players, gold_taken)
    every_award = earlier + won
    scores = {6: {"players": players}}
    completed = {p["corporation"]: ["mining"] for p in players} if with_completed else None
    for award in won:
        # The checklist reads the game's awards from its entry and the campaign's from the
        # state: equal dicts, not the same objects.
        given_award = dict(award) if copies else award
        text = award_sentence(given_award, every_award, scores, _name, completed=completed)
        me = award["corporation"]
        mine = next(p for p in players if p["corporation"] == me)
        rivals = (
            [p for p in players if p["corporation"] != me]
            if with_completed
            else [
                p
                for p in players
                if p["corporation"] != me and p["corporation"] in {a["corporation"] for a in won}
            ]
        )
        assert f"; {_name(me)} completed it in the same game" not in text
        alone = award["tier"] == "gold" and not rivals
        assert ("the first to do so" in text) == alone, text
        assert ("Orange had completed it first (in game 4)" in text) == gold_taken, text
        for rival in rivals:
            them = _name(rival["corporation"])
            assert f"; {them} completed it in the same game too" in text, text
        equal_ip = [r for r in rivals if r["total"] == mine["total"]]
        more_ip = [r for r in rivals if r["total"] != mine["total"]]
        assert ("with as many IP" in text) == bool(equal_ip), text
        assert ("most IP in that game takes the higher award" in text) == bool(more_ip), text
        for rival in more_ip:
            them = _name(rival["corporation"])
            assert f"({_name(me)} {mine['total']}, {them} {rival['total']})" in text, text
        zone_decides = [r for r in equal_ip if r["presence"]["1"] != mine["presence"]["1"]]
        order_decides = [r for r in equal_ip if r["presence"]["1"] == mine["presence"]["1"]]
        assert ("most presence in zone 1 (" in text) == bool(zone_decides), text
        assert ("order of play" in text) == bool(order_decides), text
        for rival in order_decides:
            mine_first = players.index(mine) < players.index(rival)
            first = _name(me) if mine_first else _name(rival["corporation"])
            assert f"decides: {first} is closer to receiving the first player marker" in text


def test_the_only_one_to_complete_is_the_first_and_has_no_rival():
    """The sentence of the issue: Yellow alone, read from the entry's copy of the award."""
    award = {"section": "credits", "tier": "gold", "corporation": "yellow", "game": 6}
    scores = {6: {"players": _facts([20, 14], [1, 1])}}
    text = award_sentence(dict(award), [award], scores, _name)
    assert text == "Yellow completed the section in game 6, the first to do so."


def test_sixteen_against_thirteen_is_decided_by_ip_not_by_tie_breakers():
    awards = [
        {"section": "mining", "tier": "gold", "corporation": "purple", "game": 6},
        {"section": "mining", "tier": "silver", "corporation": "teal", "game": 6},
    ]
    players = [
        {"corporation": "teal", "total": 13, "presence": {"1": 3}},
        {"corporation": "purple", "total": 16, "presence": {"1": 0}},
    ]
    text = award_sentence(dict(awards[0]), awards, {6: {"players": players}}, _name)
    assert text == (
        "Purple completed the section in game 6; Teal completed it in the same game too, and "
        "most IP in that game takes the higher award (Purple 16, Teal 13)."
    )


def test_equal_ip_names_the_tie_breaker_that_decided():
    awards = [
        {"section": "mining", "tier": "gold", "corporation": "teal", "game": 6},
        {"section": "mining", "tier": "silver", "corporation": "purple", "game": 6},
    ]
    on_zone_1 = [
        {"corporation": "purple", "total": 15, "presence": {"1": 2}},
        {"corporation": "teal", "total": 15, "presence": {"1": 4}},
    ]
    assert award_sentence(awards[0], awards, {6: {"players": on_zone_1}}, _name) == (
        "Teal completed the section in game 6; Purple completed it in the same game too, with "
        "as many IP (15), and the first end-game tie-breaker decides: most presence in zone 1 "
        "(Teal 4, Purple 2)."
    )
    on_order = [
        {"corporation": "teal", "total": 15, "presence": {"1": 2}},
        {"corporation": "purple", "total": 15, "presence": {"1": 2}},
    ]
    assert award_sentence(awards[1], awards, {6: {"players": on_order}}, _name) == (
        "Purple completed the section in game 6; Teal completed it in the same game too, with "
        "as many IP (15) and as much presence in zone 1 (2), and the second end-game "
        "tie-breaker decides: Teal is closer to receiving the first player marker (earlier in "
        "the order of play)."
    )


def test_a_corporation_completing_with_nothing_left_is_named_beside_the_silver():
    awards = [
        {"section": "mining", "tier": "gold", "corporation": "orange", "game": 4},
        {"section": "mining", "tier": "silver", "corporation": "teal", "game": 6},
    ]
    players = [
        {"corporation": "teal", "total": 20, "presence": {"1": 0}},
        {"corporation": "purple", "total": 18, "presence": {"1": 0}},
    ]
    completed = {"teal": ["mining"], "purple": ["mining", "credits"]}
    assert award_sentence(awards[1], awards, {6: {"players": players}}, _name, None, completed) == (
        "Teal completed the section in game 6; Orange had completed it first (in game 4); "
        "Purple completed it in the same game too, and most IP in that game takes the higher "
        "award (Teal 20, Purple 18)."
    )
