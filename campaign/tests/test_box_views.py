"""A campaign's own box from its pages: read by every member, corrected by players and the
owner, each change replayed, recorded in the History with what it changed downstream, and
undone from there. Another campaign on the same server never moves."""

from __future__ import annotations

import copy
import json

import pytest
from django.urls import reverse

from accounts.models import Role
from accounts.tests.factory import add_member, make_user, owned
from benchmarks.samples import make_campaign
from campaign import actions
from campaign.campaign_io import dump_campaign
from campaign.models import Campaign, Change, ChangeKind, Game
from campaign.tests.factory import DEMO, demo_data
from campaign.tests.test_views import new_campaign_data
from campaign.tests.test_views_game import form_data

pytestmark = pytest.mark.django_db


# The group copied the Nautilus EV-280's presence from its card: the rulebook text prints none.
NAUTILUS_BOX = {"ships": [{"name": "Nautilus EV-280", "presence": 2}]}


def with_nautilus(data: dict) -> dict:
    """Yellow leases the Nautilus EV-280 in games 11 (zone 2) and 12 (zone 6), its table naming
    the card: where its presence decides who is first or second. The box holds the presence
    the group copied from its card (2)."""
    data = copy.deepcopy(data)
    data["box"] = copy.deepcopy(NAUTILUS_BOX)
    for index, zone in ((10, 2), (11, 6)):
        for player in data["games"][index]["table"]["players"]:
            if player["corporation"] == "yellow":
                player["ships"].append({"zone": zone, "card": "Nautilus EV-280"})
    return data


@pytest.fixture
def demo() -> Campaign:
    return owned(actions.import_campaign(with_nautilus(demo_data()), name="Thursday group"))


def box_url(campaign: Campaign, name: str = "campaign:box", *args) -> str:
    return reverse(name, args=[campaign.slug, *args])


def totals(campaign: Campaign) -> dict[int, dict[str, int]]:
    return {
        game.number: {p["corporation"]: p["total"] for p in game.result["players"]}
        for game in Game.objects.filter(campaign=campaign).order_by("number")
    }


def posted_form(client, url: str, **changes) -> dict:
    """The form as the page serves it, with `changes`: what a browser posts."""
    data = form_data(client.get(url).content.decode(), "*")
    data.pop("csrfmiddlewaretoken", None)
    data.update({key: str(value) for key, value in changes.items()})
    return data


# --- reading -------------------------------------------------------------------------------


def test_every_member_reads_the_box_and_only_players_get_its_buttons(demo):
    viewer = make_user("vic")
    add_member(demo, viewer, Role.VIEWER)
    from django.test import Client

    client = Client()
    client.force_login(viewer)
    page = client.get(box_url(demo)).content.decode()
    assert "Mars" in page and "Zone 1 · base location, 2 naming spaces" in page
    assert "Nautilus EV-280" in page  # #4 is unlocked in the demo
    assert "Correct" not in page and "Add a location" not in page
    assert client.post(box_url(demo, "campaign:box_location", "Mars"), {"zone": 3}).status_code == (
        403
    )


def test_the_ships_and_the_debt_boxes_wait_for_their_sections(owner_client):
    campaign = owned(actions.import_campaign(make_campaign(1, corporations=3)))
    page = owner_client.get(box_url(campaign)).content.decode()
    assert "Section #4" in page and "Section #8" in page
    for word in ("Nautilus", "White Star", "Leased ships", "Yurushi"):
        assert word not in page
    response = owner_client.get(box_url(campaign, "campaign:box_ship_add"))
    assert response.status_code == 302
    assert owner_client.get(box_url(campaign, "campaign:box_debt")).status_code == 302


# --- a correction, replayed and recorded ----------------------------------------------------


def test_moving_mars_re_scores_the_games_built_there_and_says_so(owner_client, demo):
    before = totals(demo)
    url = box_url(demo, "campaign:box_location", "Mars")
    response = owner_client.post(url, posted_form(owner_client, url, zone=3))
    assert response.status_code == 302
    assert response["Location"] == box_url(demo) + "#location-mars"
    page = owner_client.get(response["Location"]).content.decode()
    sentence = (
        "Mars is now zone 3 (was 1): games 3 and 5 re-scored; game 3: Orange corporation 87 → "
        "92, Purple corporation 86 → 81; game 5: Purple corporation 79 → 74, Teal corporation "
        "55 → 60"
    )
    assert sentence in page
    demo.refresh_from_db()
    assert demo.box == {**NAUTILUS_BOX, "locations": [{"name": "Mars", "zone": 3}]}
    after = totals(demo)
    assert [n for n in before if before[n] != after[n]] == [3, 5]
    assert after[5] == {**before[5], "purple": 74, "teal": 60}
    change = Change.objects.get(campaign=demo, kind=ChangeKind.BOX_CHANGED)
    assert change.before == NAUTILUS_BOX and change.after == demo.box
    assert change.details[:2] == ["Mars is now zone 3 (was 1)", "games 3 and 5 re-scored"]
    # The History shows it, with its undo.
    history = owner_client.get(reverse("history:list", args=[demo.slug])).content.decode()
    assert "Box corrected" in history and "Mars is now zone 3 (was 1)" in history
    assert reverse("history:undo", args=[demo.slug, change.pk]) in history


def test_the_undo_puts_the_box_back_and_says_what_that_changed(owner_client, demo):
    before = totals(demo)
    url = box_url(demo, "campaign:box_location", "Mars")
    owner_client.post(url, posted_form(owner_client, url, zone=3))
    change = Change.objects.get(campaign=demo, kind=ChangeKind.BOX_CHANGED)
    response = owner_client.post(reverse("history:undo", args=[demo.slug, change.pk]))
    assert response.status_code == 302
    demo.refresh_from_db()
    assert demo.box == NAUTILUS_BOX
    assert totals(demo) == before
    undo = Change.objects.get(undoes=change)
    assert undo.summary.startswith("undid: box corrected (Mars is now zone 3")
    assert undo.details[:2] == ["Mars is now zone 1 (was 3)", "games 3 and 5 re-scored"]
    # And the undo can be undone: Mars goes back to zone 3.
    actions.undo_change(undo)
    demo.refresh_from_db()
    assert demo.box == {**NAUTILUS_BOX, "locations": [{"name": "Mars", "zone": 3}]}


def test_the_box_page_offers_the_last_changes_undo(owner_client, demo):
    url = box_url(demo, "campaign:box_ship", "Nautilus EV-280")
    owner_client.post(url, posted_form(owner_client, url, presence=4))
    change = Change.objects.get(campaign=demo, kind=ChangeKind.BOX_CHANGED)
    page = owner_client.get(box_url(demo)).content.decode()
    assert "Last change to the box" in page
    assert reverse("history:undo", args=[demo.slug, change.pk]) in page
    assert "Undo this change" in page


def test_correcting_a_ship_re_scores_only_the_tables_that_name_its_card(owner_client, demo):
    before = totals(demo)
    url = box_url(demo, "campaign:box_ship", "Nautilus EV-280")
    response = owner_client.post(url, posted_form(owner_client, url, presence=5))
    message = owner_client.get(response["Location"]).content.decode()
    assert "Nautilus EV-280 now has presence 5 (was 2)" in message
    after = totals(demo)
    assert [n for n in before if before[n] != after[n]] == [11, 12]
    demo.refresh_from_db()
    assert demo.box == {"ships": [{"name": "Nautilus EV-280", "presence": 5}]}


def test_two_campaigns_on_one_server_keep_their_own_box(owner_client):
    """Done means: one corrects a ship's presence, the other's scores do not move, and the
    first's History shows the change with a working undo."""
    ours = owned(actions.import_campaign(with_nautilus(demo_data()), name="Ours"))
    theirs_owner = make_user("bea")
    theirs = actions.import_campaign(with_nautilus(demo_data()), name="Theirs")
    add_member(theirs, theirs_owner, Role.OWNER)
    theirs_before = (totals(theirs), Campaign.objects.get(pk=theirs.pk).state)
    ours_before = totals(ours)

    url = box_url(ours, "campaign:box_ship", "Nautilus EV-280")
    owner_client.post(url, posted_form(owner_client, url, presence=6))

    assert totals(ours) != ours_before
    assert (totals(theirs), Campaign.objects.get(pk=theirs.pk).state) == theirs_before
    assert Campaign.objects.get(pk=theirs.pk).box == NAUTILUS_BOX
    assert not Change.objects.filter(campaign=theirs, kind=ChangeKind.BOX_CHANGED).exists()
    change = Change.objects.get(campaign=ours, kind=ChangeKind.BOX_CHANGED)
    history = owner_client.get(reverse("history:list", args=[ours.slug])).content.decode()
    assert "Nautilus EV-280 now has presence 6 (was 2)" in history
    owner_client.post(reverse("history:undo", args=[ours.slug, change.pk]))
    assert totals(ours) == ours_before
    assert (totals(theirs), Campaign.objects.get(pk=theirs.pk).state) == theirs_before


# --- forms: bad input changes nothing ------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "changes", "sentence"),
    [
        ("campaign:box_location_add", {"name": "", "zone": 2}, "Name is required"),
        ("campaign:box_location_add", {"name": "mars", "zone": 2}, "already a location called"),
        (
            "campaign:box_location_add",
            {"name": "Io", "zone": 2, "naming_spaces": 2},
            "Naming spaces count only on a base location",
        ),
        (
            "campaign:box_location_add",
            {"name": "Io", "zone": 9},
            "Zone must be one of the zones listed.",
        ),
        (
            "campaign:box_ship_add",
            {"name": "X", "presence": 12},
            "Presence must be a whole number from 1 to 9.",
        ),
        ("campaign:box_ship_add", {"name": "the manchester", "presence": 2}, "already a ship"),
        (
            "campaign:box_megastructure_add",
            {"name": "Dyson Swarm", "type": 5},
            "a megastructure already has the key dyson-swarm",
        ),
        (
            "campaign:box_megastructure_add",
            {"name": "Ring", "type": 1},
            "Type must be one of Type II to Type VI",
        ),
    ],
)
def test_a_bad_entry_changes_nothing_and_names_the_field(
    owner_client, demo, name, changes, sentence
):
    before = (Campaign.objects.get(pk=demo.pk).box, totals(demo), Change.objects.count())
    url = box_url(demo, name)
    response = owner_client.post(url, posted_form(owner_client, url, **changes))
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing was changed" in page
    assert sentence in page
    assert (Campaign.objects.get(pk=demo.pk).box, totals(demo), Change.objects.count()) == before


def test_it_adds_a_location_and_places_a_megastructure_on_it(owner_client, demo):
    url = box_url(demo, "campaign:box_location_add")
    owner_client.post(
        url,
        posted_form(owner_client, url, name="Venus", zone=1, base_location="on", naming_spaces=2),
    )
    url = box_url(demo, "campaign:box_megastructure", "terraform-venus")
    response = owner_client.post(url, posted_form(owner_client, url, location="Venus"))
    page = owner_client.get(response["Location"]).content.decode()
    assert "Terraform Venus is now built on Venus, zone 1 (was placed nowhere)" in page
    demo.refresh_from_db()
    assert demo.box == {
        **NAUTILUS_BOX,
        "locations": [
            {"name": "Venus", "zone": 1, "base_location": True, "naming_spaces": 2, "mining": False}
        ],
        "megastructures": [{"key": "terraform-venus", "location": "Venus"}],
    }
    # Game 10 stated its own zone (1): a fact of that game, not re-scored by the placing.
    game = Game.objects.get(campaign=demo, number=10)
    assert game.replay_entry["megastructure_zone_stated"] is True


def test_a_new_megastructure_gets_a_key_from_its_name(owner_client, demo):
    url = box_url(demo, "campaign:box_megastructure_add")
    owner_client.post(url, posted_form(owner_client, url, name="Orbital Ring", type=4))
    demo.refresh_from_db()
    assert demo.box["megastructures"] == [
        {"key": "orbital-ring", "name": "Orbital Ring", "type": 4, "location": None}
    ]
    page = owner_client.get(box_url(demo, "campaign:box_megastructure", "orbital-ring"))
    assert "<code>orbital-ring</code>" in page.content.decode()


def test_putting_back_the_rulebooks_values_and_removing_what_was_added(owner_client, demo):
    url = box_url(demo, "campaign:box_location", "Mars")
    owner_client.post(url, posted_form(owner_client, url, zone=3))
    page = owner_client.get(url).content.decode()
    assert "Put back the rulebook&#x27;s values" in page
    owner_client.post(url, {"reset": "1"})
    demo.refresh_from_db()
    assert demo.box == NAUTILUS_BOX
    add = box_url(demo, "campaign:box_location_add")
    owner_client.post(add, posted_form(owner_client, add, name="Io", zone=2))
    io = box_url(demo, "campaign:box_location", "Io")
    assert "Remove from the box" in owner_client.get(io).content.decode()
    owner_client.post(io, {"reset": "1"})
    demo.refresh_from_db()
    assert demo.box == NAUTILUS_BOX


def test_a_location_a_city_was_named_on_cannot_leave_the_box(owner_client, demo):
    add = box_url(demo, "campaign:box_location_add")
    owner_client.post(
        add, posted_form(owner_client, add, name="Io", zone=2, base_location="on", naming_spaces=1)
    )
    game = Game.objects.get(campaign=demo, number=12)
    actions.name_city(game, "Io", "New Io")
    io = box_url(demo, "campaign:box_location", "Io")
    response = owner_client.post(io, {"reset": "1"})
    page = owner_client.get(response["Location"]).content.decode()
    assert "Io cannot be renamed or removed: game 12&#x27;s winner named a city there" in page
    assert Campaign.objects.get(pk=demo.pk).box["locations"][0]["name"] == "Io"


def test_a_ship_card_a_table_names_cannot_leave_the_box(owner_client, demo):
    add = box_url(demo, "campaign:box_ship_add")
    owner_client.post(add, posted_form(owner_client, add, name="Solar Sail", presence=3))
    data = demo_data()
    data["box"] = Campaign.objects.get(pk=demo.pk).box
    game = Game.objects.get(campaign=demo, number=12)
    table = copy.deepcopy(game.table)
    table["players"][0]["ships"].append({"zone": 2, "card": "Solar Sail"})
    actions.save_game(
        demo, table=table, played_on=game.played_on, megastructure=game.megastructure, game=game
    )
    url = box_url(demo, "campaign:box_ship", "Solar Sail")
    response = owner_client.post(
        url, posted_form(owner_client, url, name="Solar Sails", presence=3)
    )
    assert response.status_code == 400
    assert "Solar Sail cannot be renamed or removed: game 12" in response.content.decode()


def test_the_debt_boxes_are_copied_from_the_card_and_shown_on_the_game_form(owner_client, demo):
    url = box_url(demo, "campaign:box_debt")
    response = owner_client.post(
        url, {"name1": "Emergency {{ funds }}", "values1": "1, 2, 3, 5", "name2": "", "values2": ""}
    )
    assert response.status_code == 302
    demo.refresh_from_db()
    assert demo.box == {
        **NAUTILUS_BOX,
        "debt_boxes": [{"name": "Emergency {{ funds }}", "values": [1, 2, 3, 5]}],
    }
    game = owner_client.get(reverse("campaign:game_edit", args=[demo.slug, 12])).content.decode()
    # The group's words, escaped and never read as template code.
    assert "Emergency &#123;&#123; funds &#125;&#125;: 1, 2, 3, 5" in game
    bad = owner_client.post(url, {"name1": "Emergency", "values1": "1, two"})
    assert bad.status_code == 400
    assert "Write the box values as whole numbers" in bad.content.decode()
    too_big = owner_client.post(url, {"name1": "Emergency", "values1": "1, 40"})
    assert "Must be between 1 and 30." in too_big.content.decode()


# --- the campaign file carries the box ------------------------------------------------------


def test_the_export_carries_the_box_and_round_trips_byte_for_byte(owner_client, demo):
    url = box_url(demo, "campaign:box_ship", "Nautilus EV-280")
    owner_client.post(url, posted_form(owner_client, url, presence=4))
    url = box_url(demo, "campaign:box_location", "Mars")
    owner_client.post(url, posted_form(owner_client, url, zone=2, mining="on"))
    text = dump_campaign(Campaign.objects.get(pk=demo.pk))
    data = json.loads(text)
    assert list(data)[-1] == "box"
    assert data["box"] == {
        "locations": [{"name": "Mars", "zone": 2, "mining": True}],
        "ships": [{"name": "Nautilus EV-280", "presence": 4}],
    }
    again = actions.import_campaign(data, name=data["name"])
    assert dump_campaign(again) == text.replace(data["name"], again.name, 1)


def test_a_campaign_without_a_box_exports_as_before():
    data = demo_data()
    campaign = actions.import_campaign(data)
    assert "box" not in json.loads(dump_campaign(campaign))
    assert dump_campaign(campaign) == DEMO.read_text(encoding="utf-8")


# --- a new campaign starts from the reference or another of one's campaigns' boxes ----------


def test_a_new_campaign_may_start_from_another_of_ones_campaigns_boxes(owner_client, demo):
    url = box_url(demo, "campaign:box_location", "Mars")
    owner_client.post(url, posted_form(owner_client, url, zone=3))
    someone = actions.import_campaign(make_campaign(1, corporations=2), name="Someone else's")
    actions.change_box(someone, lambda box: box.with_debt_boxes(()))  # nothing: still empty
    page = owner_client.get(reverse("campaign:create")).content.decode()
    assert "Thursday group&#x27;s box (2 of your own)" in page
    assert "Someone else" not in page
    data = new_campaign_data(name="Next campaign", box_from=demo.slug)
    response = owner_client.post(reverse("campaign:create"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    created = Campaign.objects.get(name="Next campaign")
    assert created.box == {**NAUTILUS_BOX, "locations": [{"name": "Mars", "zone": 3}]}
    # A copy: correcting one leaves the other.
    actions.change_box(created, lambda box: box.without_location("Mars"))
    assert Campaign.objects.get(pk=demo.pk).box == {
        **NAUTILUS_BOX,
        "locations": [{"name": "Mars", "zone": 3}],
    }
    # Another person's campaign is no choice.
    data.update(name="Stolen box", box_from=someone.slug)
    assert owner_client.post(reverse("campaign:create"), data).status_code == 200
    assert not Campaign.objects.filter(name="Stolen box").exists()
