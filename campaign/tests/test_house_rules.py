"""The second house rule, `campaign_tie_break`, end to end: the file, the database, the settings
page, the History and its undo (solar175.house_rules declares it); the third,
`megastructure_choice`, from the file to the setup sheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from campaign import actions
from campaign.campaign_io import dump_campaign
from campaign.models import Campaign, ChangeKind
from solar175.campaign_file import CampaignError

pytestmark = pytest.mark.usefixtures("catalogue")

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo-campaign.json"


def demo_text(**settings: str) -> str:
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    data["settings"].update(settings)
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def test_a_file_without_the_tie_break_exports_byte_for_byte_and_never_gains_it():
    text = DEMO.read_text(encoding="utf-8")
    campaign = actions.import_campaign(json.loads(text))
    assert "campaign_tie_break" not in text
    assert dump_campaign(campaign) == text
    assert campaign.house()["campaign_tie_break"] == "awards"


def test_a_shared_tie_break_is_kept_by_import_and_export():
    text = demo_text(campaign_tie_break="shared")
    campaign = actions.import_campaign(json.loads(text))
    assert dump_campaign(campaign) == text
    again = actions.import_campaign(json.loads(dump_campaign(campaign)), name="Again")
    assert dump_campaign(again) == demo_text(campaign_tie_break="shared").replace(
        '"name": "' + campaign.name + '"', '"name": "Again"', 1
    )


def test_a_bad_tie_break_is_refused_naming_its_field_and_writes_nothing():
    with pytest.raises(CampaignError) as caught:
        actions.import_campaign(json.loads(demo_text(campaign_tie_break="coin toss")))
    assert str(caught.value).startswith(
        "settings.campaign_tie_break: must be one of awards, shared"
    )
    assert not Campaign.objects.exists()


def test_the_settings_page_offers_it_and_the_history_undoes_it(owner_client, owner):
    text = DEMO.read_text(encoding="utf-8")
    campaign = actions.import_campaign(json.loads(text))
    owned(campaign, owner)
    url = reverse("campaign:settings", args=[campaign.slug])
    page = owner_client.get(url).content.decode()
    assert 'name="campaign_tie_break"' in page
    assert "Tied corporations share the win" in page
    response = owner_client.post(
        url,
        {
            "name": campaign.name,
            "second_place_rounding": "down",
            "campaign_tie_break": "shared",
            "was_name": campaign.name,
            "was_second_place_rounding": "down",
            "was_campaign_tie_break": "awards",
        },
    )
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.house()["campaign_tie_break"] == "shared"
    assert json.loads(dump_campaign(campaign))["settings"] == {
        "second_place_rounding": "down",
        "campaign_tie_break": "shared",
    }
    change = campaign.changes.first()
    assert change.kind == ChangeKind.SETTINGS_CHANGED
    assert (change.before, change.after) == (
        {"campaign_tie_break": "awards"},
        {"campaign_tie_break": "shared"},
    )
    assert change.summary == "campaign tie break awards → shared"

    undo = actions.undo_change(change)
    campaign.refresh_from_db()
    assert undo.details == ["campaign tie break shared → awards"]
    assert (undo.before, undo.after) == (change.after, change.before)
    assert dump_campaign(campaign) == text


def test_a_page_drawn_before_the_tie_break_existed_keeps_it(owner_client, owner):
    campaign = actions.import_campaign(json.loads(demo_text(campaign_tie_break="shared")))
    owned(campaign, owner)
    url = reverse("campaign:settings", args=[campaign.slug])
    response = owner_client.post(url, {"name": "Renamed", "second_place_rounding": "up"})
    assert response.status_code == 302
    campaign.refresh_from_db()
    settings = campaign.settings()
    # What the old page sent is saved: the fields it had.
    assert settings["name"] == "Renamed"
    assert settings["second_place_rounding"] == "up"
    # The rule the old page did not know is kept as it was, not reset to its default (awards):
    # a page left open across an upgrade must not undo the group's choice.
    assert settings["campaign_tie_break"] == "shared"
    # Nor is the megastructure's chooser, which the old page did not know either.
    assert settings["megastructure_choice"] == "winner"


# --- the third: who chooses the megastructure from game 5 ---------------------------------


def test_a_file_without_the_megastructure_choice_keeps_the_winner_choosing():
    text = DEMO.read_text(encoding="utf-8")
    campaign = actions.import_campaign(json.loads(text))
    assert "megastructure_choice" not in text
    assert campaign.house()["megastructure_choice"] == "winner"
    assert campaign.replayed().next_game.megastructure_chooser is not None
    assert dump_campaign(campaign) == text


def test_a_megastructure_drawn_at_random_has_no_chooser_and_the_setup_sheet_says_so(
    owner_client, owner
):
    data = json.loads(demo_text(megastructure_choice="random"))
    # Six games in: the Type II megastructures are open, one to choose among several.
    data["games"] = data["games"][:6]
    campaign = actions.import_campaign(data)
    owned(campaign, owner)
    assert json.loads(dump_campaign(campaign))["settings"]["megastructure_choice"] == "random"
    next_game = campaign.replayed().next_game
    assert len(next_game.megastructure_options) > 1
    assert next_game.megastructure_chooser is None
    assert all(g.megastructure_chooser is None for g in campaign.game_entries() if g.number > 4)
    page = owner_client.get(reverse("unlocks:setup", args=[campaign.slug])).content.decode()
    assert "Choose at random" in page
    assert "(winner of the last game) chooses" not in page


def test_the_settings_page_offers_the_megastructure_choice_and_the_history_undoes_it(
    owner_client, owner
):
    text = DEMO.read_text(encoding="utf-8")
    campaign = actions.import_campaign(json.loads(text))
    owned(campaign, owner)
    url = reverse("campaign:settings", args=[campaign.slug])
    assert "Drawn at random" in owner_client.get(url).content.decode()
    response = owner_client.post(
        url,
        {
            "name": campaign.name,
            "second_place_rounding": "down",
            "campaign_tie_break": "awards",
            "megastructure_choice": "random",
            "was_name": campaign.name,
            "was_second_place_rounding": "down",
            "was_campaign_tie_break": "awards",
            "was_megastructure_choice": "winner",
        },
    )
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.replayed().next_game.megastructure_chooser is None
    change = campaign.changes.first()
    assert change.summary == "megastructure choice winner → random"
    actions.undo_change(change)
    campaign.refresh_from_db()
    assert dump_campaign(campaign) == text


def test_a_bad_megastructure_choice_is_refused_naming_its_field():
    with pytest.raises(CampaignError) as caught:
        actions.import_campaign(json.loads(demo_text(megastructure_choice="dice")))
    assert str(caught.value).startswith(
        "settings.megastructure_choice: must be one of winner, random"
    )
