"""The 33 sections as data (`fixtures/sections.json`) against the rulebook's Campaign Events."""

from pathlib import Path

import pytest

from solar175.sections import (
    SECTION_NUMBERS,
    SWITCHES,
    envelopes_opened,
    load_sections,
    sections,
    sections_by_number,
    switches_on,
    zone_sections,
    zones_in_play,
)

RULEBOOK = Path("/work/shared/rules/solar175-rulebook.txt")
KNOWN_TITLES = {
    1: "Zone 3",
    2: "NEDs",
    3: "Zone 4",
    4: "White Star",
    5: "The DRUM Defence Cannon",
    6: "Political Influence",
    7: "Variable Player Powers",
    8: "Zone 5",
    9: "Type II Megastructures",
    10: "Zone 6",
    11: "Higher Type Megastructures",
    12: "Celestial Rebellion",
    13: "Trade Unions",
    14: "Saitama Slums",
    15: "Yurushi Bank Loans",
    16: "Wage Squeeze",
    17: "Rioting in Yurushi",
    18: "Mining Disaster",
    19: "Wotherby's",
    22: "Callisto",
    23: "The Kraken",
    24: "The Titanica Elite",
    29: "Mimas",
    30: "Uranus",
    31: "Neptune",
}


def test_there_are_33_sections_in_number_order():
    assert [s.number for s in sections()] == list(SECTION_NUMBERS)
    assert len(sections()) == 33


def test_titles_are_the_known_ones_and_none_for_the_untranscribed():
    titles = {s.number: s.title for s in sections()}
    for number, title in titles.items():
        assert title == KNOWN_TITLES.get(number), number


def test_pages_run_from_25_to_39_in_order():
    pages = [s.page for s in sections()]
    assert pages[0] == 25 and pages[-1] == 39
    assert pages == sorted(pages)


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the shared rulebook text is not here")
def test_trigger_texts_are_printed_in_the_rulebook():
    text = RULEBOOK.read_text(encoding="utf-8")
    for section in sections():
        assert section.trigger_text in text, section.number


def test_section_1_checks_the_rule_boxes_on_pages_6_and_12():
    boxes = sections_by_number()[1].rule_boxes
    assert [(b.page, b.printed) for b in boxes] == [(6, True), (12, True)]
    # No other section's text prints its rule box pages.
    assert not any(b.printed for s in sections() if s.number != 1 for b in s.rule_boxes)


def test_envelopes_follow_the_zone_sections():
    by_number = sections_by_number()
    assert by_number[1].envelopes == (1,)
    assert by_number[3].envelopes == (2,)
    assert by_number[8].envelopes == (6,)
    assert by_number[10].envelopes == (7,)
    assert envelopes_opened([1, 2, 3, 10]) == frozenset({1, 2, 7})
    assert by_number[26].trigger["envelope"] == 7


def test_zones_in_play_follow_sections_1_3_8_and_10():
    assert zones_in_play(switches_on([])) == (1, 2)
    assert zones_in_play(switches_on([1, 2])) == (1, 2, 3)
    assert zones_in_play(switches_on(range(1, 10))) == (1, 2, 3, 4, 5)
    assert zones_in_play(switches_on([*range(1, 10), 10])) == (1, 2, 3, 4, 5, 6)
    assert zone_sections([3, 4]) == (1, 3)


def test_the_rule_switches():
    expected = {
        1: {"zone_3", "hub_bonus_tokens"},
        2: {"neds"},
        3: {"zone_4"},
        4: {"white_star"},
        6: {"political_influence"},
        7: {"player_powers"},
        8: {"zone_5", "new_tracker_cards"},
        9: {"type_ii_choice"},
        10: {"zone_6"},
        11: {"higher_megastructures"},
        12: {"celestial_rebellion"},
        13: {"trade_unions"},
        15: {"loans"},
        16: {"wage_squeeze"},
        19: {"wotherbys"},
    }
    for section in sections():
        assert set(section.switches) == expected.get(section.number, set()), section.number
    assert set(SWITCHES) == set().union(*expected.values())


def test_the_as_dict_shape_round_trips_through_the_loader(tmp_path):
    import json

    data = {"sections": [s.as_dict() for s in sections()]}
    path = tmp_path / "sections.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_sections(path) == sections()


def test_a_sections_file_missing_one_is_refused(tmp_path):
    import json

    data = {"sections": [s.as_dict() for s in sections()][:-1]}
    path = tmp_path / "sections.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="numbered 1 to 33"):
        load_sections(path)
