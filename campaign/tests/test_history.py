"""The history: every change recorded with who, when and what; undo through the replay."""

from __future__ import annotations

import copy
import datetime
import json
from pathlib import Path

import pytest
from django.apps import apps
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from benchmarks.samples import leader_table, make_campaign
from campaign import actions
from campaign.actions import UndoRefused, import_campaign
from campaign.actions.undo import UNDO
from campaign.campaign_io import campaign_to_dict, game_to_dict
from campaign.models import UNDOABLE_KINDS, Campaign, Change, ChangeKind, Game
from campaign.tests.factory import DEMO, assert_cache_is_the_replay, fields_of
from solar175.campaign_file import CampaignError
from solar175.differences import game_differences

pytestmark = pytest.mark.usefixtures("catalogue")

PROJECT = Path(__file__).resolve().parents[2]


def make_member(campaign: Campaign, user, role: str = "owner") -> None:
    """Give `user` a role in the campaign (with accounts; before them every person may)."""
    if apps.is_installed("accounts"):
        from accounts.models import Membership

        Membership.objects.create(campaign=campaign, user=user, role=role)


@pytest.fixture
def member(client, user, three_games) -> Client:
    """A client signed in as the owner of `three_games`."""
    make_member(three_games, user)
    client.force_login(user)
    return client


# --- helpers ---------------------------------------------------------------------------------


def stored(campaign: Campaign) -> tuple:
    """Everything stored for a campaign: its file, its cache, its games' versions and results,
    its history."""
    campaign = Campaign.objects.get(pk=campaign.pk)
    games = [(g.number, g.version, g.result) for g in campaign.games.order_by("number")]
    changes = list(campaign.changes.values_list("pk", "kind", "undoes_id"))
    return campaign_to_dict(campaign), campaign.replayed_state().to_dict(), games, changes


def log(campaign: Campaign) -> tuple:
    """The log and its derived state, whatever the versions and the history say."""
    campaign = Campaign.objects.get(pk=campaign.pk)
    return campaign_to_dict(campaign)["games"], campaign.replayed_state().to_dict()


def entry(game: Game) -> dict:
    return json.loads(json.dumps(game_to_dict(game)))


def edit(campaign: Campaign, number: int, user=None, **changes) -> Game:
    game = campaign.games.get(number=number)
    return actions.save_game(campaign, game=game, user=user, **fields_of(game, **changes))


def with_credits(table: dict, corporation: str, credits: int) -> dict:
    table = copy.deepcopy(table)
    next(p for p in table["players"] if p["corporation"] == corporation)["credits"] = credits
    return table


def add_entry(campaign: Campaign, data: dict) -> Game:
    """Add a campaign file's game entry through `save_game`, as the wizard would."""
    city = data.get("named_city") or {}
    return actions.save_game(
        campaign,
        table=data["table"],
        played_on=datetime.date.fromisoformat(data["played_on"]),
        megastructure=data["megastructure"] or "",
        megastructure_zone=data.get("megastructure_zone"),
        neds_sold_out=data["neds_sold_out"],
        census_completed=data["census_completed"],
        megastructure_repairs_completed=data["megastructure_repairs_completed"],
        city_location=city.get("location", ""),
        city_name=city.get("name", ""),
        debt_marks=data["debt_marks"],
        notes=data.get("notes", ""),
    )


def awards(campaign: Campaign) -> dict:
    state = Campaign.objects.get(pk=campaign.pk).state
    return {(a["section"], a["tier"]): (a["corporation"], a["game"]) for a in state["awards"]}


# --- every change is recorded with what changed ----------------------------------------------


def test_an_added_game_is_recorded_with_its_entry_and_who_added_it(three_games, user):
    game = actions.save_game(
        three_games,
        table=leader_table("purple", "yellow", "teal"),
        played_on=datetime.date(2026, 2, 2),
        megastructure="",
        number=2,
        user=user,
    )
    change = three_games.changes.first()
    assert (change.kind, change.game_number, change.made_by) == (ChangeKind.GAME_ADDED, 2, user)
    assert change.before is None
    assert change.after == entry(game)
    assert change.summary == "played on 2 Feb 2026; games 3 to 4 moved up one"
    assert change.made_at is not None


def test_an_edit_is_recorded_with_the_game_before_and_after_and_what_changed(three_games, user):
    game = three_games.games.get(number=1)
    before = entry(game)
    edited = edit(
        three_games,
        1,
        user,
        table=with_credits(game.table, "purple", 14),
        city_location="Mars",
        city_name="New Caro",
    )
    change = three_games.changes.first()
    assert (change.kind, change.game_number, change.made_by) == (ChangeKind.GAME_EDITED, 1, user)
    assert change.before == before
    assert change.after == entry(edited)
    assert change.details[:2] == [
        "city Mars/New Caro added",
        "credits of Purple corporation 10 → 14",
    ]
    # Then what it did downstream, in the campaign's words.
    assert change.details[2:] == [
        "What it changed downstream: game 1 re-scored; game 1: Purple corporation 5 → 7"
    ]
    assert change.summary == "city Mars/New Caro added; credits of Purple corporation 10 → 14"


def test_what_changed_names_zones_hubs_players_and_facts():
    before = {
        "number": 3,
        "played_on": "2026-01-19",
        "megastructure": "drum-defence-cannon",
        "table": {
            "hubs": {"hensler": {"workers": 3}, "zones": {"2": {"workers": 1}}},
            "ballots": {"workers_union": 2},
            "players": [
                {"corporation": "purple", "outposts": {"1": 2}, "bases": [1]},
                {"corporation": "teal", "credits": 4},
            ],
        },
        "neds_sold_out": False,
        "named_city": {"location": "Mars", "name": "New Caro"},
        "debt_marks": [],
    }
    after = copy.deepcopy(before)
    after.update(number=4, neds_sold_out=True, named_city=None, notes="Ali was late")
    after["debt_marks"] = [{"corporation": "purple", "points": 2}]
    table = after["table"]
    table["hubs"]["zones"]["2"]["workers"] = 2
    table["ballots"]["workers_union"] = 3
    table["players"][0]["outposts"]["1"] = 3
    table["players"][0]["bases"] = [1, 2]
    table["players"][1] = {"corporation": "yellow", "credits": 1}
    assert game_differences(before, after) == [
        "moved from game 3 to 4",
        "NEDs sold out no → yes",
        "city Mars/New Caro removed",
        "debt marks none → Purple 2",
        "Yellow added to the table",
        "Teal taken off the table",
        "outposts in zone 1 of Purple 2 → 3",
        "bases of Purple 1 → 1, 2",
        "zone 2 hub workers 1 → 2",
        "ballots Workers Union 2 → 3",
        "notes added",
    ]


def test_a_deletion_is_recorded_with_the_game_as_it_was(three_games, user):
    before = entry(three_games.games.get(number=2))
    actions.delete_game(three_games.games.get(number=2), user=user)
    change = three_games.changes.first()
    assert (change.kind, change.game_number, change.made_by) == (ChangeKind.GAME_DELETED, 2, user)
    assert (change.before, change.after) == (before, None)
    assert change.summary == "played on 12 Jan 2026; game 3 moved down one"


def test_a_move_and_a_city_are_recorded_with_both_entries(three_games):
    actions.move_game(three_games.games.get(number=1), 3)
    change = three_games.changes.first()
    assert change.kind == ChangeKind.GAME_MOVED
    assert (change.before["number"], change.after["number"]) == (1, 3)
    assert change.before["table"] == change.after["table"]
    assert change.details == ["moved from game 1 to 3"]

    actions.name_city(three_games.games.get(number=2), "Mars", "New Caro")
    change = three_games.changes.first()
    assert (change.kind, change.game_number, change.summary) == (
        ChangeKind.CITY_NAMED,
        2,
        "New Caro on Mars",
    )
    assert (change.before["named_city"], change.after["named_city"]) == (
        None,
        {"location": "Mars", "name": "New Caro"},
    )
    assert change.details == ["city Mars/New Caro added"]


def test_unlocks_powers_and_settings_are_recorded_with_before_and_after(demo, user):
    actions.set_manual_unlock(demo, 19, 5, user=user)
    change = demo.changes.first()
    assert (change.kind, change.made_by) == (ChangeKind.MANUAL_UNLOCK, user)
    assert (change.before, change.after) == (
        {"section": 19, "after_game": 8},
        {"section": 19, "after_game": 5},
    )

    actions.set_power(demo.corporations.get(key="purple"), "", user=user)
    change = demo.changes.first()
    assert (change.kind, change.before, change.after) == (
        ChangeKind.POWER_SET,
        {"corporation": "purple", "power": "extra-ip"},
        {"corporation": "purple", "power": ""},
    )

    actions.update_settings(demo, second_place_rounding="up", name="Thursday", user=user)
    change = demo.changes.first()
    assert (change.kind, change.made_by) == (ChangeKind.SETTINGS_CHANGED, user)
    assert change.before == {"name": "Demo campaign", "second_place_rounding": "down"}
    assert change.after == {"name": "Thursday", "second_place_rounding": "up"}
    assert change.summary == "name Demo campaign → Thursday; second place rounding down → up"
    assert_cache_is_the_replay(demo)


def test_settings_unchanged_record_nothing_and_bad_ones_are_refused(demo):
    count = demo.changes.count()
    actions.update_settings(demo, second_place_rounding="down")
    assert demo.changes.count() == count
    before = stored(demo)
    for bad in ({"second_place_rounding": "sideways"}, {"name": "  "}, {"name": "x" * 101}):
        with pytest.raises(CampaignError):
            actions.update_settings(demo, **bad)
    assert stored(demo) == before


def test_record_change_records_what_other_pages_change_and_refuses_log_kinds(three_games, user):
    change = actions.record_change(
        three_games, ChangeKind.COMPONENT_TICKED, "#1 envelope 1", user=user, game_number=1
    )
    assert (change.kind, change.summary, change.made_by) == (
        ChangeKind.COMPONENT_TICKED,
        "#1 envelope 1",
        user,
    )
    assert not change.can_be_undone
    with pytest.raises(UndoRefused):
        actions.undo_change(change)
    for kind in (ChangeKind.GAME_EDITED, ChangeKind.SETTINGS_CHANGED, "made_up"):
        with pytest.raises(ValueError):
            actions.record_change(three_games, kind, "x")


def test_every_kind_the_history_undoes_has_its_undo_and_no_other():
    assert set(UNDO) == set(UNDOABLE_KINDS)


def test_a_long_summary_is_cut_with_an_ellipsis(three_games):
    change = actions.record_change(three_games, ChangeKind.SECTION_NOTE_EDITED, "x" * 300)
    assert len(change.summary) == 200 and change.summary.endswith("x…")


# --- undo ------------------------------------------------------------------------------------


def test_undoing_an_edit_restores_the_game_and_everything_derived(three_games, user):
    original = log(three_games)
    edit(three_games, 2, table=leader_table("teal", "purple", "yellow", sections=("mining",)))
    assert log(three_games) != original
    undo = actions.undo_change(three_games.changes.first(), user=user)
    assert log(three_games) == original
    assert_cache_is_the_replay(three_games)
    game = three_games.games.get(number=2)
    assert (game.version, game.updated_by, game.result["winner"]) == (3, user, "yellow")
    assert (undo.kind, undo.game_number, undo.made_by) == (ChangeKind.GAME_EDITED, 2, user)
    assert undo.summary.startswith("undid: game edited, game 2 (")
    assert undo.undoes.undone_by == undo


def test_undoing_an_edit_to_game_3_of_12_gives_the_later_award_back(demo):
    original = log(demo)
    assert awards(demo)["presence_1", "gold"] == ("purple", 7)
    game = demo.games.get(number=3)
    table = copy.deepcopy(game.table)
    caro = next(p for p in table["players"] if p["corporation"] == "purple")
    caro["outposts"].pop("1", None)
    caro["bases"] = [zone for zone in caro["bases"] if zone != 1]
    caro["ships"] = [{**ship, "zone": 2} if ship["zone"] == 1 else ship for ship in caro["ships"]]
    edit(demo, 3, table=table)
    assert awards(demo)["presence_1", "gold"] == ("yellow", 12)

    actions.undo_change(demo.changes.first())
    assert awards(demo)["presence_1", "gold"] == ("purple", 7)
    assert awards(demo)["presence_1", "silver"] == ("yellow", 12)
    assert log(demo) == original
    assert_cache_is_the_replay(demo)


def test_undoing_a_deletion_puts_the_game_back_at_its_number(three_games, user):
    original = log(three_games)
    actions.delete_game(three_games.games.get(number=1))
    assert [g.result["winner"] for g in three_games.games.order_by("number")] == ["yellow", "teal"]
    undo = actions.undo_change(three_games.changes.first(), user=user)
    assert log(three_games) == original
    assert [g.result["winner"] for g in three_games.games.order_by("number")] == [
        "purple",
        "yellow",
        "teal",
    ]
    assert_cache_is_the_replay(three_games)
    assert (undo.kind, undo.game_number, undo.before) == (ChangeKind.GAME_ADDED, 1, None)
    assert undo.after == original[0][0]


def test_undoing_an_addition_takes_the_game_out(three_games):
    original = log(three_games)
    actions.save_game(
        three_games,
        table=leader_table("purple", "yellow", "teal"),
        played_on=datetime.date(2026, 2, 2),
        megastructure="",
        number=1,
    )
    assert three_games.games.count() == 4
    undo = actions.undo_change(three_games.changes.first())
    assert log(three_games) == original
    assert_cache_is_the_replay(three_games)
    assert (undo.kind, undo.game_number, undo.after) == (ChangeKind.GAME_DELETED, 1, None)


def test_undoing_a_move_puts_the_game_back_in_its_place(three_games):
    original = log(three_games)
    actions.move_game(three_games.games.get(number=3), 1)
    actions.undo_change(three_games.changes.first())
    assert log(three_games) == original
    assert_cache_is_the_replay(three_games)


def test_undoing_a_city_unlock_power_and_settings_puts_them_back(demo):
    original = stored(demo)[:2]
    actions.name_city(demo.games.get(number=1), "Mars", "")
    actions.set_manual_unlock(demo, 19, 5)
    actions.set_power(demo.corporations.get(key="purple"), "")
    actions.update_settings(demo, second_place_rounding="up")
    for change in list(demo.changes.all()[:4]):
        actions.undo_change(change)
    assert stored(demo)[:2] == original
    assert_cache_is_the_replay(demo)


def test_undoing_the_undo_does_the_change_again(three_games):
    actions.delete_game(three_games.games.get(number=2))
    deleted = log(three_games)
    undo = actions.undo_change(three_games.changes.first())
    redo = actions.undo_change(undo)
    assert redo.kind == ChangeKind.GAME_DELETED
    assert log(three_games) == deleted
    assert_cache_is_the_replay(three_games)


def test_an_edit_edited_again_since_is_refused_until_the_later_edit_is_undone(three_games):
    original = log(three_games)
    game = three_games.games.get(number=2)
    edit(three_games, 2, table=with_credits(game.table, "yellow", 3))
    first = three_games.changes.first()
    edit(three_games, 2, notes="Ali was late")
    later = three_games.changes.first()
    before = stored(three_games)

    with pytest.raises(UndoRefused) as caught:
        actions.undo_change(first)
    assert caught.value.blocking == later
    assert caught.value.message.startswith("Game 2 has been changed since: “Game edited” on ")
    assert caught.value.message.endswith("Undo that later change first.")
    assert stored(three_games) == before

    actions.undo_change(later)
    actions.undo_change(first)
    assert log(three_games) == original


def test_a_deletion_after_later_deletions_waits_for_them(three_games):
    original = log(three_games)
    actions.delete_game(three_games.games.get(number=3))
    first = three_games.changes.first()
    actions.delete_game(three_games.games.get(number=2))
    later = three_games.changes.first()
    before = stored(three_games)
    with pytest.raises(UndoRefused) as caught:
        actions.undo_change(first)
    assert caught.value.message.startswith("The log now ends at game 1, so game 3 cannot go back")
    assert caught.value.blocking == later
    assert stored(three_games) == before
    actions.undo_change(later)
    actions.undo_change(first)
    assert log(three_games) == original


def test_a_change_is_undone_only_once(three_games):
    actions.delete_game(three_games.games.get(number=3))
    change = three_games.changes.first()
    undo = actions.undo_change(change)
    before = stored(three_games)
    with pytest.raises(UndoRefused) as caught:
        actions.undo_change(change)
    assert caught.value.message.startswith("This change was already undone on ")
    assert caught.value.blocking == undo
    assert stored(three_games) == before


def test_an_undo_the_replay_refuses_changes_nothing():
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    campaign = import_campaign({**data, "games": [], "manual_unlocks": [], "powers": {}})
    add_entry(campaign, data["games"][0])
    added_first = campaign.changes.first()
    add_entry(campaign, data["games"][1])
    before = stored(campaign)
    # Without game 1, game 2 (zone 3 in play) would become game 1, when only zones 1 and 2 are.
    with pytest.raises(UndoRefused) as caught:
        actions.undo_change(added_first)
    assert caught.value.path.startswith("games[0].table")
    assert caught.value.message.startswith("Undoing this change would leave a campaign the rules")
    assert stored(campaign) == before


def test_what_cannot_be_undone_says_why(three_games):
    created = three_games.changes.get(kind=ChangeKind.CAMPAIGN_IMPORTED)
    with pytest.raises(UndoRefused, match="cannot be undone from the history"):
        actions.undo_change(created)
    # Recorded before the history kept snapshots.
    old = Change.objects.create(campaign=three_games, kind=ChangeKind.GAME_EDITED, game_number=1)
    assert not old.can_be_undone
    with pytest.raises(UndoRefused, match="recorded before the history kept"):
        actions.undo_change(old)


# --- the history page ------------------------------------------------------------------------


def history_url(campaign: Campaign, **query) -> str:
    url = reverse("history:list", kwargs={"slug": campaign.slug})
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def undo_url(change: Change) -> str:
    return reverse("history:undo", kwargs={"slug": change.campaign.slug, "pk": change.pk})


def test_the_page_lists_each_change_newest_first_with_who_when_and_what(member, three_games, user):
    table = with_credits(three_games.games.get(number=1).table, "purple", 14)
    edit(three_games, 1, user, table=table)
    actions.delete_game(three_games.games.get(number=3))
    response = member.get(history_url(three_games))
    assert response.status_code == 200
    html = response.content.decode()
    deleted = html.index("Game deleted · game 3")
    edited = html.index("Game edited · game 1")
    imported = html.index("Campaign imported from a file")
    assert deleted < edited < imported
    assert "credits of Purple corporation 10 → 14" in html
    assert "by caro" in html and "by someone not signed in" in html
    assert "Undo: put game 3 back" in html
    assert "Undo: game 1 as it was" in html
    assert html.count('/undo/"') == 2  # the import has no Undo
    assert 'name="csrfmiddlewaretoken"' in html


def test_a_long_edit_folds_its_lines_beyond_four(member, three_games):
    game = three_games.games.get(number=1)
    table = copy.deepcopy(game.table)
    for player, credits in zip(table["players"], (20, 21, 22), strict=True):
        player["credits"] = credits
    edit(three_games, 1, table=table, notes="n", played_on=datetime.date(2026, 1, 6))
    html = member.get(history_url(three_games)).content.decode()
    # Five lines of its own and the one of what it did downstream: four shown, two folded.
    assert "<summary>2 more changes</summary>" in html


def make_changes(campaign: Campaign, count: int, user) -> None:
    """`count` changes, some by a person, some undone: every row the page draws."""
    actions.name_city(campaign.games.get(number=1), "Mars", "New Caro", user=user)
    actions.undo_change(campaign.changes.first(), user=user)
    actions.delete_game(campaign.games.get(number=3))
    game = entry(campaign.games.get(number=1))
    Change.objects.bulk_create(
        Change(
            campaign=campaign,
            kind=ChangeKind.GAME_EDITED,
            game_number=1,
            summary=f"notes edited {i}",
            details=["notes edited"],
            before=game,
            after=game,
            made_by=user if i % 2 else None,
        )
        for i in range(count - campaign.changes.count())
    )
    assert campaign.changes.count() == count


def test_the_page_answers_in_the_same_queries_for_5_and_60_changes(client, user):
    client.force_login(user)
    counts = []
    for changes in (5, 60):
        campaign = import_campaign(
            make_campaign(
                tables=[leader_table(c, "yellow", sections=("credits",)) for c in ("purple",) * 3],
                corporations=("purple", "yellow"),
                name=f"Group {changes}",
            )
        )
        make_member(campaign, user)
        make_changes(campaign, changes, user)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(history_url(campaign))
        assert response.status_code == 200
        assert response.content.decode().count('class="history-change') == min(changes, 50)
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_the_page_is_paginated_by_50(member, three_games, user):
    make_changes(three_games, 60, user)
    first = member.get(history_url(three_games)).content.decode()
    assert first.count('class="history-change') == 50
    assert "Page 1 of 2" in first and "?page=2" in first
    second = member.get(history_url(three_games, page=2)).content.decode()
    assert second.count('class="history-change') == 10
    assert "Campaign imported from a file" in second


def test_undo_is_post_only_and_the_page_get_only(member, three_games):
    actions.delete_game(three_games.games.get(number=3))
    change = three_games.changes.first()
    assert member.get(undo_url(change)).status_code == 405
    assert member.post(history_url(three_games)).status_code == 405
    assert three_games.games.count() == 2


def test_an_undo_without_the_csrf_token_is_refused(user, three_games):
    make_member(three_games, user)
    actions.delete_game(three_games.games.get(number=3))
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post(undo_url(three_games.changes.first())).status_code == 403
    assert three_games.games.count() == 2


def test_pressing_undo_puts_the_game_back_and_says_so(member, three_games):
    original = log(three_games)
    actions.delete_game(three_games.games.get(number=2))
    response = member.post(undo_url(three_games.changes.first()))
    undo = three_games.changes.first()
    assert response.status_code == 302
    assert response["Location"] == history_url(three_games) + f"#change-{undo.pk}"
    assert log(three_games) == original
    assert undo.made_by.username == "caro"
    html = member.get(response["Location"]).content.decode()
    assert "Undone: game deleted, game 2 (played on 12 Jan 2026" in html
    assert "Undone on " in html
    assert "Undo: take game 2 out" in html  # the undo can be undone in its turn


def test_a_refused_undo_says_why_and_points_at_the_later_change(member, three_games):
    edit(three_games, 2, notes="first")
    first = three_games.changes.first()
    edit(three_games, 2, notes="second")
    later = three_games.changes.first()
    before = stored(three_games)
    response = member.post(undo_url(first))
    assert response["Location"] == history_url(three_games) + f"#change-{later.pk}"
    html = member.get(response["Location"]).content.decode()
    assert "Not undone. Game 2 has been changed since" in html
    assert stored(three_games) == before


def test_a_refused_undo_points_at_the_change_on_its_page(member, three_games, user):
    make_changes(three_games, 60, user)
    old = three_games.changes.get(kind=ChangeKind.CAMPAIGN_IMPORTED)
    response = member.post(undo_url(old))
    assert response["Location"] == history_url(three_games, page=2) + f"#change-{old.pk}"


def test_unknown_campaigns_and_changes_of_another_campaign_are_404(member, three_games):
    other = import_campaign(make_campaign(tables=[leader_table("purple", "yellow")], name="Other"))
    change = other.changes.first()
    assert member.get(reverse("history:list", kwargs={"slug": "nope"})).status_code == 404
    url = reverse("history:undo", kwargs={"slug": three_games.slug, "pk": change.pk})
    assert member.post(url).status_code == 404


def test_someone_signed_out_is_sent_to_sign_in(client, three_games):
    response = client.get(history_url(three_games))
    assert response.status_code == 302 and "next=" in response["Location"]
    actions.delete_game(three_games.games.get(number=3))
    assert client.post(undo_url(three_games.changes.first())).status_code == 302
    assert three_games.games.count() == 2


def test_a_viewer_reads_the_history_but_cannot_undo(client, user, three_games):
    if not apps.is_installed("accounts"):
        pytest.skip("roles come with the accounts app")
    make_member(three_games, user, role="viewer")
    client.force_login(user)
    actions.delete_game(three_games.games.get(number=3))
    html = client.get(history_url(three_games)).content.decode()
    assert "Game deleted · game 3" in html and "Undo:" not in html
    assert client.post(undo_url(three_games.changes.first())).status_code == 403
    assert three_games.games.count() == 2
