"""Corporations and seats: renamed, added between games, taken and handed over; each in the
history with a working undo, and the pages that do it (docs/seats.md)."""

import json

import pytest
from django.urls import reverse

from accounts.models import Membership, Role
from campaign import actions
from campaign.campaign_io import campaign_to_dict
from campaign.models import Change, ChangeKind, Corporation
from campaign.tests.factory import fields_of
from solar175.campaign_file import CampaignError

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def table(three_games, personas):
    """The three-game campaign with an owner, a player and a viewer."""
    return three_games, personas(three_games)


def corporation(campaign, key="purple") -> Corporation:
    found = Corporation.objects.select_related("holder", "campaign").get(campaign=campaign, key=key)
    return found


def last_change(campaign) -> Change:
    return Change.objects.filter(campaign=campaign).first()


# --- actions -----------------------------------------------------------------------------


def test_it_renames_a_corporation_into_the_file_and_the_history_and_undoes_it(three_games, user):
    actions.rename_corporation(
        corporation(three_games), name="Hyperion Mining", player="Caroline", user=user
    )
    data = campaign_to_dict(three_games)
    assert data["corporations"][0]["name"] == "Hyperion Mining"
    assert data["corporations"][0]["player"] == "Caroline"
    change = last_change(three_games)
    assert change.kind == ChangeKind.CORPORATION_CHANGED
    assert change.details == [
        "corporation Purple corporation → Hyperion Mining",
        "player of Hyperion Mining none → Caroline",
    ]
    actions.undo_change(change, user=user)
    assert corporation(three_games).name == "Purple corporation"
    assert corporation(three_games).player == ""


def test_a_rename_to_nothing_is_refused_and_changes_nothing(three_games):
    before = campaign_to_dict(three_games)
    with pytest.raises(CampaignError) as error:
        actions.rename_corporation(corporation(three_games), name="   ")
    assert error.value.path == "name"
    assert campaign_to_dict(three_games) == before


def test_a_corporation_added_between_games_starts_blank_and_plays_the_next_game(three_games, user):
    teal_before = three_games.state["tracker"]["teal"]
    added = actions.add_corporation(
        three_games, key="orange", name="Orange corporation", player="Noor", user=user
    )
    three_games.refresh_from_db()
    tracker = three_games.state["tracker"]
    assert all(count == 0 for count in tracker["orange"].values())
    assert tracker["teal"] == teal_before
    standings = {row["corporation"]: row["points"] for row in three_games.state["standings"]}
    assert standings["orange"] == 0
    assert added.order > corporation(three_games, "teal").order
    assert last_change(three_games).kind == ChangeKind.CORPORATION_ADDED
    # It plays game 4.
    fields = fields_of(three_games.games.get(number=3))
    fields["table"]["players"].append({"corporation": "orange", "credits": 4})
    fields.pop("game", None)
    game = actions.save_game(three_games, **{**fields, "game": None, "expected_version": None})
    assert game.number == 4
    assert "orange" in {p["corporation"] for p in game.result["players"]}


def test_undoing_an_added_corporation_removes_it_unless_it_has_played(three_games, user):
    actions.add_corporation(three_games, key="orange", name="Orange", user=user)
    actions.undo_change(last_change(three_games), user=user)
    assert not Corporation.objects.filter(campaign=three_games, key="orange").exists()
    undo = last_change(three_games)
    assert undo.kind == ChangeKind.CORPORATION_REMOVED
    # Undoing the undo brings it back, blank.
    actions.undo_change(undo, user=user)
    assert Corporation.objects.filter(campaign=three_games, key="orange").exists()


def test_a_sixth_corporation_is_refused(three_games):
    actions.add_corporation(three_games, key="orange", name="Orange")
    actions.add_corporation(three_games, key="grey", name="Grey")
    with pytest.raises(CampaignError) as error:
        actions.add_corporation(three_games, key="red", name="Red")
    assert "5 corporations" in error.value.message
    assert three_games.corporations.count() == 5


def test_a_taken_colour_is_refused(three_games):
    with pytest.raises(CampaignError) as error:
        actions.add_corporation(three_games, key="teal", name="Teal again")
    assert error.value.path == "key"


def test_a_seat_goes_only_to_a_playing_member_and_one_seat_each(table):
    campaign, people = table
    player, viewer = people.users["player"], people.users["viewer"]
    with pytest.raises(actions.SeatRefused, match="viewer"):
        actions.assign_seat(corporation(campaign), viewer)
    actions.assign_seat(corporation(campaign, "purple"), player)
    actions.assign_seat(corporation(campaign, "yellow"), player)
    assert corporation(campaign, "purple").holder is None
    assert corporation(campaign, "yellow").holder == player
    assert last_change(campaign).details == [
        f"{player.username} holds Yellow corporation",
        f"{player.username} no longer holds Purple corporation",
    ]


def test_a_member_claims_a_free_seat_but_not_a_held_one(table):
    campaign, people = table
    owner, player = people.users["owner"], people.users["player"]
    actions.claim_seat(corporation(campaign), owner)
    with pytest.raises(actions.SeatRefused, match="the owner can hand it over"):
        actions.claim_seat(corporation(campaign), player)
    assert corporation(campaign).holder == owner


def test_undoing_a_hand_over_gives_the_seat_back(table):
    campaign, people = table
    owner, player = people.users["owner"], people.users["player"]
    actions.assign_seat(corporation(campaign), owner)
    actions.assign_seat(corporation(campaign), player)
    actions.undo_change(last_change(campaign), user=owner)
    assert corporation(campaign).holder == owner


def test_leaving_the_campaign_or_becoming_a_viewer_frees_the_seat(table):
    from accounts.actions import change_role, remove_member

    campaign, people = table
    player, owner = people.users["player"], people.users["owner"]
    actions.assign_seat(corporation(campaign, "purple"), player)
    actions.assign_seat(corporation(campaign, "yellow"), owner)
    change_role(Membership.objects.get(campaign=campaign, user=player), Role.VIEWER)
    assert corporation(campaign, "purple").holder is None
    Membership.objects.filter(campaign=campaign, user=owner).update(role=Role.PLAYER)
    change_role(Membership.objects.get(campaign=campaign, user=player), Role.OWNER)
    remove_member(Membership.objects.get(campaign=campaign, user=owner))
    assert corporation(campaign, "yellow").holder is None


# --- the page ----------------------------------------------------------------------------


def test_every_member_sees_who_holds_which_seat(table):
    campaign, people = table
    actions.assign_seat(corporation(campaign), people.users["player"])
    response = people.viewer.get(reverse("campaign:corporations", args=[campaign.slug]))
    assert response.status_code == 200
    html = response.content.decode()
    assert people.users["player"].username in html
    assert "Take this seat" not in html  # a viewer takes no seat
    assert "Rename or hand over" not in html


def test_a_player_takes_and_leaves_a_seat_from_the_page(table):
    campaign, people = table
    url = reverse("campaign:seat_claim", args=[campaign.slug, "yellow"])
    response = people.player.post(url)
    assert response.status_code == 302
    assert corporation(campaign, "yellow").holder == people.users["player"]
    people.player.post(url, {"leave": "1"})
    assert corporation(campaign, "yellow").holder is None


def test_a_viewer_cannot_take_a_seat(table):
    campaign, people = table
    response = people.viewer.post(reverse("campaign:seat_claim", args=[campaign.slug, "yellow"]))
    assert response.status_code == 403
    assert corporation(campaign, "yellow").holder is None


def edit_data(campaign, key="purple", **values):
    corp = corporation(campaign, key)
    data = {
        f"{key}-name": corp.name,
        f"{key}-player": corp.player,
        f"{key}-holder": str(corp.holder_id or ""),
        f"{key}-drawn_from": json.dumps(
            [corp.name, corp.player, corp.ai, corp.holder_id], separators=(",", ":")
        ),
    }
    if corp.ai:
        data[f"{key}-ai"] = "on"
    data.update({f"{key}-{field}": value for field, value in values.items()})
    return data


def test_the_owner_renames_and_hands_over_in_one_save(table):
    campaign, people = table
    player = people.users["player"]
    response = people.owner.post(
        reverse("campaign:corporation_edit", args=[campaign.slug, "purple"]),
        edit_data(campaign, name="Hyperion", player="Caroline", holder=str(player.pk)),
    )
    assert response.status_code == 302
    corp = corporation(campaign)
    assert (corp.name, corp.player, corp.holder) == ("Hyperion", "Caroline", player)


def test_a_stale_edit_is_refused_with_the_input_kept(table, response_context):
    campaign, people = table
    stale = edit_data(campaign, name="Mine")
    actions.rename_corporation(corporation(campaign), player="Somebody else")
    response = people.owner.post(
        reverse("campaign:corporation_edit", args=[campaign.slug, "purple"]), stale
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "changed by someone else" in html
    assert 'value="Mine"' in html
    assert corporation(campaign).name == "Purple corporation"
    # Saving again replaces their change knowingly.
    again = dict(response.context["rows"][0]["form"].data.items())
    response = people.owner.post(
        reverse("campaign:corporation_edit", args=[campaign.slug, "purple"]), again
    )
    assert response.status_code == 302
    assert corporation(campaign).name == "Mine"


@pytest.mark.parametrize(
    "drawn_from",
    [
        "[" * 100_000 + "]" * 100_000,  # deeper than Python's own parser goes
        "[" + "9" * 5_000 + "]",  # a number Python's parser refuses
        '{"name": "Purple corporation"}',  # JSON, but not the list the page wrote
    ],
    ids=["deep", "long-number", "not-a-list"],
)
def test_an_unreadable_drawn_from_is_refused_with_a_sentence_never_skipped(table, drawn_from):
    campaign, people = table
    actions.rename_corporation(corporation(campaign), player="Somebody else")
    response = people.owner.post(
        reverse("campaign:corporation_edit", args=[campaign.slug, "purple"]),
        edit_data(campaign, name="Mine", drawn_from=drawn_from),
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "record of the corporation as the page showed it cannot be read" in html
    assert 'value="Mine"' in html
    assert (corporation(campaign).name, corporation(campaign).player) == (
        "Purple corporation",
        "Somebody else",
    )


def test_a_player_cannot_rename(table):
    campaign, people = table
    response = people.player.post(
        reverse("campaign:corporation_edit", args=[campaign.slug, "purple"]),
        edit_data(campaign, name="Mine"),
    )
    assert response.status_code == 403
    assert corporation(campaign).name == "Purple corporation"


def test_the_owner_adds_a_corporation_from_the_page(table):
    campaign, people = table
    response = people.owner.post(
        reverse("campaign:corporation_add", args=[campaign.slug]),
        {"colour": "orange", "name": "Orange corporation", "player": "Noor", "holder": ""},
    )
    assert response.status_code == 302
    assert corporation(campaign, "orange").player == "Noor"
    page = people.owner.get(reverse("campaign:corporations", args=[campaign.slug]))
    assert "Orange corporation" in page.content.decode()


def test_undoing_the_addition_of_a_corporation_that_has_played_is_refused(three_games, user):
    actions.add_corporation(three_games, key="orange", name="Orange", user=user)
    added = last_change(three_games)
    fields = fields_of(three_games.games.get(number=3))
    fields["table"]["players"].append({"corporation": "orange"})
    actions.save_game(three_games, **{**fields, "game": None, "expected_version": None})
    with pytest.raises(actions.UndoRefused) as refused:
        actions.undo_change(added, user=user)
    assert "Nothing was changed" in refused.value.message
    assert Corporation.objects.filter(campaign=three_games, key="orange").exists()
