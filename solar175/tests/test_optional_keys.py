"""An optional key of the campaign file: left out, its documented default; given, read as given.
Only the top-level `settings`, `manual_unlocks` and `powers` may be null (a test of the campaign
file's checks keeps that); any other null is refused, never read as the default."""

import pytest

from benchmarks.samples import make_campaign
from solar175.campaign_file import CampaignError, parse_campaign, validate_campaign
from solar175.catalogue import Catalogue

CATALOGUE = Catalogue.from_fixture()


def refused(data) -> CampaignError:
    with pytest.raises(CampaignError) as caught:
        validate_campaign(data, CATALOGUE)
    return caught.value


def test_a_games_debt_marks_given_as_null_are_refused_not_read_as_none():
    # A null here once read as "no red box checked": the game's Bank of Yurushi debt points
    # (#8) silently gone from the standings.
    data = make_campaign(2)
    data["games"][0]["debt_marks"] = None
    assert refused(data) == CampaignError("games[0].debt_marks", "must be a list, not null")


def test_a_games_debt_marks_left_out_are_none():
    data = make_campaign(2)
    data["games"][0].pop("debt_marks", None)
    assert parse_campaign(data, CATALOGUE).games[0].debt_marks == ()


def test_a_corporations_player_given_as_null_is_refused_and_left_out_is_nobody():
    data = make_campaign(2)
    data["corporations"][0]["player"] = None
    assert refused(data) == CampaignError("corporations[0].player", "must be text, not null")
    data["corporations"][0].pop("player")
    assert parse_campaign(data, CATALOGUE).corporations[0].player == ""


@pytest.mark.parametrize("key", ["settings", "manual_unlocks", "powers"])
def test_the_top_level_optional_keys_may_be_null_or_left_out(key):
    data = make_campaign(2)
    data[key] = None
    validate_campaign(data, CATALOGUE)
    data.pop(key)
    validate_campaign(data, CATALOGUE)
