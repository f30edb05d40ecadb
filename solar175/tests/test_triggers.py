"""Each Campaign Events trigger kind as a pure predicate, with its progress and reason words."""

import pytest

from solar175.catalogue import Catalogue, MegastructureEntry
from solar175.sections import sections_by_number
from solar175.triggers import (
    TRIGGER_KINDS,
    AwardWon,
    CampaignProgress,
    ElectionResult,
    fired,
    ordinal,
    progress,
    reason,
)

CATALOGUE = Catalogue.from_fixture()
TYPE_II = (
    "skyhooks-zone-5",
    "iptc-internal-upgrade",
    "space-elevator-mars",
    "ufss-hq-security-upgrade",
)


def snapshot(**fields) -> CampaignProgress:
    return CampaignProgress(catalogue=fields.pop("catalogue", CATALOGUE), **fields)


def trigger(section: int) -> dict:
    return dict(sections_by_number()[section].trigger)


def wins(party: str, games: list[int], **others) -> dict:
    return {
        "election_wins": {party: len(games), **others},
        "elections": tuple(
            ElectionResult(game=g, winner=party, overthrown=party == "celestial_rebellion")
            for g in games
        ),
    }


def test_every_section_trigger_is_a_known_kind():
    kinds = set()
    for section in sections_by_number().values():
        kinds.add(section.trigger["kind"])
        for child in section.trigger.get("triggers", ()):
            kinds.add(child["kind"])
    assert kinds <= TRIGGER_KINDS
    assert kinds == TRIGGER_KINDS


def test_end_of_game():
    t = trigger(7)
    assert not fired(t, snapshot(games_played=3))
    assert fired(t, snapshot(games_played=4))
    assert progress(t, snapshot(games_played=3)) == (3, 4, "3 of 4 games played")
    assert reason(t, snapshot(games_played=4), 4) == "the end of game 4 was reached"
    assert reason(t, snapshot(games_played=9), 9) == "game 4 had been played (checked after game 9)"


def test_a_megastructure_built():
    t = trigger(12)
    assert t == {"kind": "megastructure_built", "key": "space-elevator-mars"}
    before = snapshot(megastructures_built=((5, "skyhooks-zone-5"),))
    after = snapshot(megastructures_built=((5, "skyhooks-zone-5"), (9, "space-elevator-mars")))
    assert not fired(t, before)
    assert fired(t, after)
    assert progress(t, before) == (0, 1, "Space Elevator on Mars not built yet")
    assert reason(t, after, 9) == "Space Elevator on Mars was built in game 9"


def test_all_of_a_type_built():
    t = trigger(11)
    two = snapshot(megastructures_built=((5, TYPE_II[0]), (6, TYPE_II[2])))
    assert not fired(t, two)
    assert progress(t, two) == (2, 4, "Type II built 2 of 4")
    every = snapshot(megastructures_built=tuple((5 + i, k) for i, k in enumerate(TYPE_II)))
    assert fired(t, every)
    assert reason(t, every, 8) == (
        "the last Type II megastructure, UFSS HQ Security Upgrade, was built in game 8"
    )


def test_all_of_a_type_never_fires_for_a_type_the_catalogue_lacks():
    t = {"kind": "all_of_type_built", "type": 4}
    assert not fired(t, snapshot(megastructures_built=((5, TYPE_II[0]),)))
    assert progress(t, snapshot()) == (0, 0, "Type IV built 0 of 0")


def test_any_type_vi_built():
    t = trigger(33)
    catalogue = CATALOGUE.with_megastructures(
        MegastructureEntry(key="ring-world", name="Ring World", type=6)
    )
    assert not fired(t, snapshot(catalogue=catalogue, megastructures_built=((13, "dyson-swarm"),)))
    done = snapshot(catalogue=catalogue, megastructures_built=((20, "ring-world"),))
    assert fired(t, done)
    assert progress(t, done) == (1, 1, "Type VI completed")
    assert reason(t, done, 20) == "Type VI megastructure Ring World was completed in game 20"


def test_election_wins():
    t = trigger(13)
    assert t == {"kind": "election_wins", "party": "workers_union", "count": 5}
    three = snapshot(**wins("workers_union", [2, 5, 9]))
    assert not fired(t, three)
    assert progress(t, three) == (3, 5, "Workers Union Party wins 3 of 5")
    five = snapshot(**wins("workers_union", [2, 5, 9, 12, 14]))
    assert fired(t, five)
    assert reason(t, five, 14) == "the Workers Union Party won its 5th election in game 14"


def test_election_wins_counted_partly_in_an_opening():
    # Three wins before the app, then games 8 and 11.
    t = trigger(13)
    p = snapshot(
        election_wins={"workers_union": 5},
        elections=(
            ElectionResult(8, "workers_union", False),
            ElectionResult(11, "workers_union", False),
        ),
    )
    assert reason(t, p, 11) == "the Workers Union Party won its 5th election in game 11"


def test_overthrows():
    t = trigger(25)
    p = snapshot(overthrows=4, **wins("celestial_rebellion", [1, 2, 3, 4]))
    assert not fired(t, p)
    assert progress(t, p) == (4, 5, "Celestial Rebellion overthrows 4 of 5")
    p = snapshot(overthrows=5, **wins("celestial_rebellion", [1, 2, 3, 4, 7]))
    assert fired(t, p)
    assert reason(t, p, 7) == "the Celestial Rebellion overthrew its 5th election in game 7"


def test_brave_new_dawn_with_envelope_7():
    t = trigger(26)
    eight = wins("brave_new_dawn", list(range(1, 9)))
    assert not fired(t, snapshot(**eight))
    assert not fired(t, snapshot(envelopes=frozenset({7}), **wins("brave_new_dawn", [1, 2])))
    opened = snapshot(envelopes=frozenset({1, 2, 6, 7}), **eight)
    assert fired(t, opened)
    assert progress(t, snapshot(**eight)) == (
        8,
        9,
        "Brave New Dawn wins 8 of 8; envelope 7 not opened yet",
    )
    assert reason(t, opened, 8).startswith("the Brave New Dawn won its 8th election in game 8")


def award(section, tier, corporation, game) -> AwardWon:
    return AwardWon(section=section, tier=tier, corporation=corporation, game=game)


def test_an_award_won():
    t = trigger(14)
    assert t == {"kind": "award_won", "section": "credits", "tier": "gold"}
    racing = snapshot(tracker={"purple": {"credits": 6}, "teal": {"credits": 3}, "yellow": {}})
    assert not fired(t, racing)
    assert progress(t, racing) == (
        6,
        8,
        "Benefactor of the Bank of Yurushi: purple has 6 of 8 credit boxes",
    )
    won = snapshot(awards=(award("credits", "gold", "purple", 12),))
    assert fired(t, won)
    assert reason(t, won, 12) == "purple won Benefactor of the Bank of Yurushi in game 12"
    assert progress(t, won) == (8, 8, "Benefactor of the Bank of Yurushi: won by purple in game 12")


def test_a_silver_award_race_waits_for_gold():
    t = trigger(17)
    tracker = {"purple": {"credits": 7}, "teal": {"credits": 5}, "yellow": {"credits": 5}}
    p = snapshot(tracker=tracker)
    assert progress(t, p) == (
        5,
        8,
        "Friend of the Bank of Yurushi: teal and yellow each have 5 of 8 credit boxes "
        "(gold goes first)",
    )
    tracker = {"purple": {"credits": 8}, "teal": {"credits": 5}}
    p = snapshot(tracker=tracker, awards=(award("credits", "gold", "purple", 9),))
    assert progress(t, p) == (5, 8, "Friend of the Bank of Yurushi: teal has 5 of 8 credit boxes")


def test_the_first_silver():
    t = trigger(15)
    p = snapshot(
        tracker={"purple": {"presence_1": 6, "mining": 8}, "teal": {"presence_1": 5, "mining": 2}},
        awards=(award("presence_1", "gold", "purple", 6), award("mining", "gold", "purple", 8)),
    )
    assert not fired(t, p)
    assert progress(t, p) == (
        5,
        6,
        "closest silver award: Niven Zone 1 Silver: teal has 5 of 6 zone 1 presence boxes",
    )
    p = snapshot(awards=(*p.awards, award("presence_1", "silver", "teal", 9)))
    assert fired(t, p)
    assert reason(t, p, 9) == "teal won Niven Zone 1 Silver, the first silver award, in game 9"


def test_four_awards_held_by_one_corporation():
    t = trigger(22)
    held = (
        award("credits", "gold", "purple", 8),
        award("mining", "gold", "yellow", 9),
        award("bases", "gold", "purple", 10),
        award("military", "gold", "purple", 12),
    )
    p = snapshot(awards=held)
    assert not fired(t, p)
    assert progress(t, p) == (3, 4, "purple holds 3 of 4 awards")
    p = snapshot(awards=(*held, award("influence", "gold", "purple", 15)))
    assert fired(t, p)
    assert reason(t, p, 15) == "purple won its 4th award in game 15"


def test_all_silvers_or_all_type_iii():
    t = trigger(32)
    assert t["kind"] == "any_of"
    type_iii = ("terraform-mars", "terraform-venus", "the-kraken", "titanica-elite")
    built = snapshot(megastructures_built=tuple((9 + i, k) for i, k in enumerate(type_iii)))
    assert fired(t, built)
    assert reason(t, built, 12).startswith("the last Type III megastructure, Titanica Elite")

    sections = CATALOGUE.silver_sections()
    silvers = tuple(award(s, "silver", "teal", 20 + i) for i, s in enumerate(sections))
    assert not fired(t, snapshot(awards=silvers[:-1]))
    words = progress(t, snapshot(awards=silvers[:-1]))[2]
    assert words == "11 of 12 silver awards won, or Type III built 0 of 4"
    assert progress(t, snapshot(awards=silvers[:-1]))[:2] == (11, 12)
    assert fired(t, snapshot(awards=silvers))
    assert reason(t, snapshot(awards=silvers), 31) == (
        "the last silver award, Order of the Shepherd, was won by teal in game 31"
    )


def test_neds_sold_out_only_after_game_4():
    t = trigger(16)
    assert t == {"kind": "neds_sold_out_after", "game": 4}
    assert not fired(t, snapshot(neds_sold_out_games=(2, 4)))
    assert fired(t, snapshot(neds_sold_out_games=(4, 6)))
    assert reason(t, snapshot(neds_sold_out_games=(4, 6)), 6) == "NEDs sold out in game 6"
    assert progress(t, snapshot()) == (0, 1, "NEDs have not sold out in a game after game 4")


def test_census_and_repairs():
    assert fired(trigger(28), snapshot(census_games=(30,)))
    assert not fired(trigger(28), snapshot(repairs_games=(30,)))
    assert fired(trigger(29), snapshot(repairs_games=(31,)))
    assert reason(trigger(29), snapshot(repairs_games=(31,)), 31) == (
        "the first megastructure repairs were completed in game 31"
    )


def test_manual_triggers_never_fire_alone():
    assert trigger(19) == {"kind": "manual", "after_game": 4}
    assert trigger(30) == {"kind": "manual"}
    for section in (19, 30):
        assert not fired(trigger(section), snapshot(games_played=40))
    assert progress(trigger(19), snapshot(games_played=2)) == (
        0,
        1,
        "the group decides, any time after game 4",
    )
    assert progress(trigger(19), snapshot(games_played=4))[2] == "the group decides: available now"
    assert reason(trigger(19), snapshot(), 6) == "the group chose to unlock it after game 6"


def test_all_others():
    t = trigger(31)
    others = frozenset(n for n in range(1, 34) if n != 31)
    assert fired(t, snapshot(unlocked=others))
    assert not fired(t, snapshot(unlocked=others - {19}))
    assert progress(t, snapshot(unlocked=others - {19})) == (
        31,
        32,
        "31 of 32 other sections unlocked",
    )


@pytest.mark.parametrize(
    ("n", "text"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
    ],
)
def test_ordinals(n, text):
    assert ordinal(n) == text


def test_progress_is_complete_once_fired():
    p = snapshot(
        games_played=60,
        megastructures_built=tuple((5 + i, k) for i, k in enumerate(TYPE_II)),
        **wins("workers_union", [1, 2, 3, 4, 5]),
    )
    for section in sections_by_number().values():
        if fired(section.trigger, p):
            current, target, _ = progress(section.trigger, p)
            assert current == target, section.number


def test_every_trigger_kind_says_why_it_fired_by_one_small_function():
    from solar175.triggers import PREDICATES, REASONS

    assert set(REASONS) == set(PREDICATES)
