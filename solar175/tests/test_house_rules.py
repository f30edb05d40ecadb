"""The house rules: declared once, read and checked once, written to the file and the table."""

import pytest

from gamefile.errors import FieldError
from solar175.house_rules import HOUSE_RULES, SETTINGS_KEYS, TABLE_KEYS, HouseRules


def test_each_house_rule_declares_its_default_first_its_sentence_and_its_rulebook_page():
    for rule in HOUSE_RULES:
        assert rule.values[0] == rule.default
        assert rule.label and rule.sentence.endswith(".") and rule.rulebook
    assert len(set(SETTINGS_KEYS)) == len(SETTINGS_KEYS)


def test_a_missing_house_rule_is_its_default_and_the_first_is_always_written():
    rules = HouseRules.read({}, "settings")
    assert rules == HouseRules()
    assert rules.to_settings() == {"second_place_rounding": "down"}
    assert rules.to_table_rules() == {"second_place_rounding": "down"}


def test_one_check_names_the_field_by_its_path_and_what_is_allowed():
    with pytest.raises(FieldError) as caught:
        HouseRules.read({"second_place_rounding": "sideways"}, "settings")
    assert str(caught.value) == (
        'settings.second_place_rounding: must be one of down, up, not the text "sideways"'
    )
    with pytest.raises(FieldError) as caught:
        HouseRules.read({"second_place_rounding": 3}, "rules", TABLE_KEYS)
    assert str(caught.value) == "rules.second_place_rounding: must be one of down, up, not 3"
    with pytest.raises(FieldError) as caught:
        HouseRules().changed({"third_place": "up"})
    assert caught.value.path == "settings.third_place"


def test_a_change_keeps_the_others_and_is_checked():
    rules = HouseRules().changed({"second_place_rounding": "up"})
    assert rules["second_place_rounding"] == "up"
    assert rules.to_settings() == {"second_place_rounding": "up"}
    with pytest.raises(FieldError):
        rules.changed({"second_place_rounding": "nearest"})


@pytest.mark.parametrize(
    ("rounding", "worth", "half"), [("down", 7, 3), ("up", 7, 4), ("up", 6, 3)]
)
def test_second_place_is_half_rounded_as_the_group_plays(rounding, worth, half):
    rules = HouseRules({"second_place_rounding": rounding})
    assert rules.half_for_second_place(worth) == half
    assert rules.second_place_rounds_up == (rounding == "up")


def test_the_tie_break_is_written_only_when_the_group_shares_ties():
    assert "campaign_tie_break" not in HouseRules({"campaign_tie_break": "awards"}).to_settings()
    shared = HouseRules.read({"campaign_tie_break": "shared"}, "settings")
    assert shared.to_settings() == {"second_place_rounding": "down", "campaign_tie_break": "shared"}
    assert "campaign_tie_break" not in shared.to_table_rules()
    assert HouseRules().campaign_tie_key(8, 2, 3) == (8, 2, 3)
    assert shared.campaign_tie_key(8, 2, 3) == (8,)
