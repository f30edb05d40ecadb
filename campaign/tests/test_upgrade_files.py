"""Campaign files older versions wrote (fixtures/upgrades/) still import, replay and stay
editable; a write is judged on what it changes (campaign.actions.cache.rebuild)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.core.management import call_command

from accounts.tests.factory import owner_user
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.campaign_io import dump_campaign
from campaign.models import Campaign
from campaign.tests.upgrades import (
    KRAKEN,
    LATER,
    LEASED,
    OLD,
    PROJECT,
    THIRTEEN,
    ZONELESS,
    add_game,
    edit_credits,
    old_file,
    old_results,
    presence,
    results,
    totals,
)
from playlog import actions as playlog_actions
from playlog.playfile import dump_play_file
from solar175.box import MegastructureChange
from solar175.campaign_file import CampaignError

pytestmark = pytest.mark.usefixtures("catalogue")


def imported(slug: str) -> Campaign:
    return actions.import_campaign(old_file(slug))


def zone_warnings(campaign: Campaign) -> dict[int, str]:
    state = Campaign.objects.get(pk=campaign.pk).replayed_state()
    return {
        w.game: w.message
        for w in state.warnings
        if w.path.endswith(".megastructure_zone") and "no zone" in w.message
    }


@pytest.mark.parametrize("slug", [KRAKEN, THIRTEEN])
def test_a_600b321_file_replays_with_a_warning_per_game_without_its_zone(slug):
    command = [sys.executable, "manage.py", "replay", str(OLD / f"{slug}.json")]
    done = subprocess.run(command, cwd=PROJECT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)
    asked = {w["game"] for w in state["warnings"] if w["path"].endswith("megastructure_zone")}
    assert asked == set(ZONELESS[slug]) - ({9} if slug == THIRTEEN else set())
    for number in asked:
        assert state["games"][number - 1]["megastructure_zone"] is None


def test_the_kraken_file_imports_scores_as_600b321_did_and_exports_as_it_came():
    campaign = imported(KRAKEN)
    before = old_results(KRAKEN)
    now = results(campaign)
    assert {n: totals(r) for n, r in now.items()} == {n: totals(r) for n, r in before.items()}
    assert {n: presence(r) for n, r in now.items()} == {n: presence(r) for n, r in before.items()}
    assert dump_campaign(campaign) == (OLD / f"{KRAKEN}.json").read_text(encoding="utf-8")
    assert set(zone_warnings(campaign)) == {11, 13}
    assert "The Kraken was built in game 11 with no zone" in zone_warnings(campaign)[11]


def test_the_import_command_reads_a_600b321_file(tmp_path, capsys):
    call_command("import_campaign", str(OLD / f"{THIRTEEN}.json"))
    slug = capsys.readouterr().out.split()[-1]
    campaign = Campaign.objects.get(slug=slug)
    assert campaign.games.count() == 13
    # Presence IP (the +5 goes there) as 600b321 scored it, but Terraform Mars in game 9,
    # which the reference places on Mars since (scoring 0003): a file follows the site's
    # reference; the database upgrade keeps that game's score (campaign 0015).
    before, now = old_results(THIRTEEN), results(campaign)
    assert {n: presence(now[n]) for n in now if n != 9} == {
        n: presence(before[n]) for n in before if n != 9
    }
    assert campaign.games.get(number=9).entry().megastructure_zone == 1


def test_an_upgraded_campaign_stays_editable_and_keeps_its_scores():
    campaign = imported(KRAKEN)
    before = {n: totals(r) for n, r in results(campaign).items()}
    actions.update_settings(campaign, name="Kraken, renamed")
    assert Campaign.objects.get(pk=campaign.pk).name == "Kraken, renamed"
    game_11 = campaign.games.get(number=11)
    edited = edit_credits(game_11)
    assert edited.megastructure_zone is None
    after = {n: totals(r) for n, r in results(campaign).items()}
    # One more credit is one more IP at most for the first player of game 11; the other
    # games' scores are as they were.
    assert {n: t for n, t in after.items() if n != 11} == {
        n: t for n, t in before.items() if n != 11
    }
    add_game(campaign)
    assert campaign.games.count() == 14
    assert set(zone_warnings(campaign)) == {11, 13}


def test_a_write_that_brings_in_a_game_without_its_zone_is_refused():
    campaign = imported(KRAKEN)
    stored = dump_campaign(campaign)
    # A new game building a megastructure the box places nowhere states its zone.
    with pytest.raises(CampaignError) as caught:
        add_game(campaign, megastructure="titanica-elite")
    assert caught.value.path == "games[13].megastructure_zone"
    assert "the box places Titanica Elite nowhere" in caught.value.message
    # An edit that changes game 11's megastructure to another placed nowhere, likewise.
    game_11 = campaign.games.get(number=11)
    with pytest.raises(CampaignError) as caught:
        actions.save_game(
            campaign,
            table=game_11.table,
            played_on=game_11.played_on,
            megastructure="titanica-elite",
            game=game_11,
        )
    assert caught.value.path == "games[10].megastructure_zone"
    # A box change that places nowhere a megastructure a game took its zone from.
    game_3 = campaign.games.get(number=3)
    assert game_3.megastructure == "drum-defence-cannon" and game_3.megastructure_zone is None
    with pytest.raises(CampaignError) as caught:
        actions.change_box(
            campaign,
            lambda box: box.with_megastructure(
                None, MegastructureChange("drum-defence-cannon", location=None)
            ),
        )
    assert caught.value.path == "games[2].megastructure_zone"
    assert dump_campaign(Campaign.objects.get(pk=campaign.pk)) == stored
    # The new game with its zone is saved.
    saved = add_game(campaign, megastructure="titanica-elite", megastructure_zone=2)
    assert saved.number == 14


def test_the_zone_given_scores_the_bonus_and_ends_the_warning():
    campaign = imported(KRAKEN)
    game_11 = campaign.games.get(number=11)
    before = presence(game_11.result)
    given = actions.give_megastructure_zone(game_11, 5, expected_version=game_11.version)
    assert given.megastructure_zone == 5
    after = presence(given.result)
    # The leaders of zone 5 score the +5 (doubled when the Rebellion is in power).
    assert sum(after.values()) - sum(before.values()) in (5, 10)
    assert set(zone_warnings(campaign)) == {13}
    history = campaign.changes.order_by("-pk").first()
    assert history.kind == "game_edited" and "zone" in history.summary + str(history.details)
    # A zone not in play is refused with a sentence, and nothing changes.
    game_13 = campaign.games.get(number=13)
    with pytest.raises(CampaignError):
        actions.give_megastructure_zone(game_13, 7)


def test_a_stored_zone_out_of_play_stays_editable_and_a_new_one_is_refused():
    data = make_campaign(2, corporations=3)
    # Before 9b70d36 a game's own zone was not checked against the zones in play.
    data["games"][0]["megastructure_zone"] = 4
    campaign = actions.import_campaign(data)
    assert campaign.games.get(number=1).entry().megastructure_zone == 4
    actions.update_settings(campaign, name="Renamed")
    edit_credits(campaign.games.get(number=1))
    add_game(campaign)
    with pytest.raises(CampaignError) as caught:
        add_game(campaign, megastructure="skyhooks-zone-4", megastructure_zone=6)
    assert caught.value.path == "games[3].megastructure_zone"
    assert caught.value.message.startswith("must be a zone in play in game 4")
    assert campaign.games.count() == 3


def test_a_stored_debt_mark_on_an_ai_player_stays_and_a_new_one_is_refused():
    data = make_campaign(2, corporations=3)
    data["corporations"][2]["ai"] = True
    ai = data["corporations"][2]["key"]
    data["games"][1]["debt_marks"] = [{"corporation": ai, "points": 2}]
    campaign = actions.import_campaign(data)
    assert Campaign.objects.get(pk=campaign.pk).replayed_state().debt[ai] == 2
    actions.update_settings(campaign, name="Renamed")
    edit_credits(campaign.games.get(number=2))
    human = data["corporations"][0]["key"]
    add_game(campaign, debt_marks=[{"corporation": human, "points": 1}])
    with pytest.raises(CampaignError) as caught:
        add_game(campaign, debt_marks=[{"corporation": ai, "points": 1}])
    assert caught.value.path == "games[3].debt_marks[0].corporation"
    assert "AI players never borrow from the Bank of Yurushi (#8)" in caught.value.message
    assert campaign.games.count() == 3


def test_a_352ec41_file_naming_a_leased_card_asks_for_its_presence_in_the_box():
    # The reference no longer guesses a leased ship's presence (scoring 0005): a database
    # keeps the 2 its games were scored with (campaign 0013); a file imported anew says which
    # card needs it, and with the card's presence in its box scores as 352ec41 did.
    data = json.loads((LATER / f"{LEASED}.json").read_text(encoding="utf-8"))
    with pytest.raises(CampaignError) as caught:
        actions.import_campaign(data)
    assert caught.value.path == "games[5].table.players[0].ships[0].card"
    assert "Nautilus EV-280" in caught.value.message and "Box" in caught.value.message
    data["box"] = {"ships": [{"name": "Nautilus EV-280", "presence": 2}]}
    campaign = actions.import_campaign(data)
    old = old_results(LEASED, LATER)
    assert {n: totals(r) for n, r in results(campaign).items()} == {
        n: totals(r) for n, r in old.items()
    }


def test_352ec41_play_files_import_and_export_as_they_came():
    log = playlog_actions.create_play_log("Other games night", owner_user())
    for number in (1, 2, 3):
        text = (LATER / f"play-{number}.json").read_text(encoding="utf-8")
        play = playlog_actions.add_play(log, json.loads(text))
        assert dump_play_file(playlog_actions.play_file_of(play)) == text


def test_the_zone_given_is_undone_in_the_history_and_the_game_asks_again():
    campaign = imported(KRAKEN)
    game_11 = campaign.games.get(number=11)
    before = game_11.result
    actions.give_megastructure_zone(game_11, 5)
    given = campaign.changes.order_by("-pk").first()
    # Putting back what the campaign held is no new problem: the undo is applied.
    actions.undo_change(given)
    game_11.refresh_from_db()
    assert game_11.megastructure_zone is None
    assert game_11.result == before
    assert set(zone_warnings(campaign)) == {11, 13}
