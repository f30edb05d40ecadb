"""Every body the live table reads goes through a form (live.forms): a valid post answers as it
always did, and a bad value is refused with a plain sentence naming the field, nothing changed.
The seats' (`key`, `next`, `name`, `confirm`, `member`) and the draft's (`_draft`, the seating
form's `at_`/`position_`, the save's `revision`, `_phone`, `_seq` and questions)."""

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from accounts.models import GuestSeat, Membership, Role
from accounts.tests.factory import make_user
from campaign.models import Corporation, Game
from live.models import GameDraft
from live.table_links import table_token
from live.tests.factory import card, fill, open_, url, write
from live.views.drafts import table_order

pytestmark = pytest.mark.usefixtures("catalogue")

HTMX = {"HTTP_HX_REQUEST": "true"}


def said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def holders(campaign) -> dict[str, int | None]:
    return dict(campaign.corporations.values_list("key", "holder_id"))


def drafts_as_stored(campaign) -> list[tuple]:
    return [
        (
            d.pk,
            d.revision,
            d.shared,
            sorted((c.corporation_id, c.data, c.done) for c in d.cards.all()),
        )
        for d in GameDraft.objects.filter(campaign=campaign)
    ]


# --- seats ----------------------------------------------------------------------------------


@pytest.mark.parametrize("posted", [{}, {"key": ""}, {"key": "zz"}, {"key": "purple\x00"}])
def test_a_seat_choice_of_no_corporation_listed_is_refused(table, posted):
    campaign, people = table
    Corporation.objects.filter(campaign=campaign, key="yellow").update(holder=None)
    before = holders(campaign)
    response = people.owner.post(url(campaign, "seat_choice"), posted)
    assert response.status_code == 302
    assert response["Location"] == url(campaign, "seat_choice")
    assert said(response) == ["Choose one of the corporations listed."]
    assert holders(campaign) == before


def test_a_seat_choice_goes_on_to_a_next_address_of_this_site_only(table):
    campaign, people = table
    Corporation.objects.filter(campaign=campaign, key="yellow").update(holder=None)
    here = url(campaign, "draft_join")
    taken = people.owner.post(url(campaign, "seat_choice"), {"key": "yellow", "next": here})
    assert (taken.status_code, taken["Location"]) == (302, here)
    Corporation.objects.filter(campaign=campaign, key="yellow").update(holder=None)
    # Another site's address is left out without a word, as Django's login does: to the seat.
    elsewhere = people.owner.post(
        f"{url(campaign, 'seat_choice')}?next={here}",
        {"key": "yellow", "next": "https://elsewhere.example/"},
    )
    assert (elsewhere.status_code, elsewhere["Location"]) == (302, here)
    Corporation.objects.filter(campaign=campaign, key="yellow").update(holder=None)
    nowhere = people.owner.post(
        url(campaign, "seat_choice"), {"key": "yellow", "next": "//elsewhere.example/x"}
    )
    assert (nowhere.status_code, nowhere["Location"]) == (302, campaign.get_absolute_url())
    assert said(nowhere)[-1] == "You hold Yellow corporation: its card is yours to fill in."


@pytest.mark.parametrize("key", [None, "", "zz", "purple"])
def test_a_guest_seat_not_free_is_refused(table, key):
    campaign, people = table
    draft = open_(campaign, people)
    posted = {"name": "Sam"} if key is None else {"name": "Sam", "key": key}
    response = Client().post(reverse("seats:table", args=[table_token(draft)]), posted)
    assert response.status_code == 400
    assert "That seat is not free any more: choose another." in response.content.decode()
    # The name typed is kept in its box.
    assert 'value="Sam"' in response.content.decode()
    assert not GuestSeat.objects.exists()


def test_a_guest_seat_free_is_taken(table):
    campaign, people = table
    draft = open_(campaign, people)
    response = Client().post(
        reverse("seats:table", args=[table_token(draft)]), {"name": "Sam", "key": "teal"}
    )
    seat = GuestSeat.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("seats:guest_card", args=[seat.token])


def test_a_discard_with_another_confirm_changes_nothing(table):
    campaign, people = table
    draft = open_(campaign, people)
    write(people.player, campaign, "purple", "credits", "6")
    response = people.owner.post(url(campaign, "draft_discard"), {"confirm": "not-the-token"})
    assert response.status_code == 302
    assert response["Location"] == url(campaign, "draft_discard")
    assert GameDraft.objects.filter(pk=draft.pk).exists()
    assert card(draft, "purple").data == {"credits": "6"}


@pytest.mark.parametrize("member", [None, "", "x", "0", "-1", "99999", "9" * 30, "1.5"])
def test_a_guest_seat_handed_to_no_member_is_refused(table, member):
    campaign, people = table
    draft = open_(campaign, people)
    Client().post(reverse("seats:table", args=[table_token(draft)]), {"name": "Sam", "key": "teal"})
    seat = GuestSeat.objects.get()
    stranger = make_user("stranger")  # not a member of this campaign
    for value in (member, str(stranger.pk)):
        posted = {} if value is None else {"member": value}
        response = people.owner.post(url(campaign, "guest_tie", seat.pk), posted)
        assert response.status_code == 302
        assert response["Location"].endswith("#guests")
        assert said(response)[-1] == "Member: choose one of the campaign's players."
    seat.refresh_from_db()
    assert seat.tied_to is None
    assert Corporation.objects.get(campaign=campaign, key="teal").holder is None


def test_a_guest_seat_handed_to_a_member(table):
    campaign, people = table
    draft = open_(campaign, people)
    Client().post(reverse("seats:table", args=[table_token(draft)]), {"name": "Sam", "key": "teal"})
    sam = make_user("sam")
    Membership.objects.create(campaign=campaign, user=sam, role=Role.PLAYER)
    seat = GuestSeat.objects.get()
    response = people.owner.post(url(campaign, "guest_tie", seat.pk), {"member": str(sam.pk)})
    assert response.status_code == 302
    assert said(response) == [
        f"sam holds Teal corporation, the seat Sam held as a guest in game {draft.number}."
    ]
    assert Corporation.objects.get(campaign=campaign, key="teal").holder == sam


# --- the draft: `_draft` --------------------------------------------------------------------


@pytest.mark.parametrize("value", ["x", "0", "-3", "1.5"])
def test_a_write_naming_no_draft_is_refused(table, value):
    campaign, people = table
    draft = open_(campaign, people)
    before = drafts_as_stored(campaign)
    posted = {"p1-credits": "7", "_field": "p1-credits", "_draft": value}
    seat = people.player.post(url(campaign, "draft_seat", "purple"), posted, **HTMX)
    shared = people.player.post(
        url(campaign, "draft_shared"),
        {"hubs-zone1_workers": "4", "_field": "hubs-zone1_workers", "_draft": value},
        **HTMX,
    )
    for response in (seat, shared):
        assert response.status_code == 400
        assert response.content.decode().startswith(
            "The draft the page was drawn from (_draft): Must be "
        )
    # Without JavaScript: back to the page, the sentence said.
    plain = people.player.post(url(campaign, "draft_seat", "purple"), posted)
    assert plain["Location"] == url(campaign, "draft_seat", "purple")
    assert said(plain)[0].startswith("The draft the page was drawn from (_draft): Must be ")
    assert said(plain)[0].endswith("Nothing was saved: open the page again and retype.")
    assert drafts_as_stored(campaign) == before
    assert draft.pk


def test_a_write_naming_the_open_draft_is_written(table):
    campaign, people = table
    draft = open_(campaign, people)
    posted = {"p1-credits": "7", "_field": "p1-credits", "_draft": str(draft.pk)}
    assert (
        people.player.post(url(campaign, "draft_seat", "purple"), posted, **HTMX).status_code == 200
    )
    assert card(draft, "purple").data == {"credits": "7"}
    # Another draft's: closed for this one (410), nothing written.
    posted.update({"p1-credits": "8", "_draft": str(draft.pk + 1)})
    assert (
        people.player.post(url(campaign, "draft_seat", "purple"), posted, **HTMX).status_code == 410
    )
    assert card(draft, "purple").data == {"credits": "7"}


# --- the draft: who is at the table ---------------------------------------------------------


def test_the_seating_form_orders_the_table(table):
    campaign, people = table
    open_(campaign, people)
    posted = {"at_purple": "on", "position_purple": "2", "at_teal": "1", "position_teal": "1"}
    posted.update({"at_yellow": "true", "position_yellow": ""})  # without a place: last
    response = people.player.post(url(campaign, "draft_table"), posted)
    assert (response.status_code, response["Location"]) == (302, url(campaign, "draft"))
    assert table_order(GameDraft.objects.get(campaign=campaign)) == ["teal", "purple", "yellow"]
    # A box unticked ("", "0", "false", "off" or absent) leaves its corporation out.
    posted.update({"at_yellow": "off", "at_purple": "0"})
    people.player.post(url(campaign, "draft_table"), {**posted, "at_purple": "on"})
    assert table_order(GameDraft.objects.get(campaign=campaign)) == ["teal", "purple"]


@pytest.mark.parametrize(
    "bad, sentence",
    [
        (
            {"position_teal": "x"},
            "Place of Teal corporation in the order of play (position_teal): "
            "Must be a whole number from 0 to 99.",
        ),
        (
            {"position_teal": "100"},
            "Place of Teal corporation in the order of play (position_teal): "
            "Must be between 0 and 99.",
        ),
        (
            {"at_teal": "yes"},
            "Teal corporation at the table (at_teal): Must be ticked (on) or not.",
        ),
    ],
)
def test_a_bad_seating_value_is_refused(table, bad, sentence):
    campaign, people = table
    open_(campaign, people)
    before = drafts_as_stored(campaign)
    posted = {"at_purple": "on", "position_purple": "2", "at_teal": "on", "position_teal": "1"}
    response = people.player.post(url(campaign, "draft_table"), {**posted, **bad})
    assert (response.status_code, response["Location"]) == (302, url(campaign, "draft"))
    assert said(response) == [f"Who is at the table: {sentence}"]
    assert drafts_as_stored(campaign) == before


# --- the draft: the save --------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad, sentence",
    [
        ({"revision": "x"}, "Revision (revision): Must be a whole number of 0 or more."),
        ({"revision": "-1"}, "Revision (revision): Must be 0 or more."),
        ({"_phone": "a phone"}, "Phone (_phone): Must be letters, digits, - or _, at most 64."),
        ({"_phone": "p" * 65}, "Phone (_phone): Must be letters, digits, - or _, at most 64."),
        (
            {"_phone": "host", "_seq": "x"},
            "Change (_seq): Must be a whole number from 0 to 999999999.",
        ),
        ({"_phone": "host", "_seq": "1" * 10}, "Change (_seq): Must be between 0 and 999999999."),
        (
            {"confirm_unfinished": "yes"},
            "Not every seat is done: save anyway (confirm_unfinished): Must be ticked (on) or not.",
        ),
    ],
)
def test_a_bad_save_value_is_refused(table, bad, sentence):
    campaign, people = table
    draft = fill(campaign, people, open_(campaign, people))
    before = drafts_as_stored(campaign)
    posted = {"revision": str(draft.revision), "_phone": "", "_seq": "", **bad}
    response = people.owner.post(url(campaign, "draft_save"), posted)
    assert response.status_code == 400
    assert sentence in response.content.decode()
    assert not Game.objects.filter(campaign=campaign, number=draft.number).exists()
    assert drafts_as_stored(campaign) == before


def test_a_save_posted_without_javascript_saves(table):
    campaign, people = table
    draft = fill(campaign, people, open_(campaign, people))
    # The page's form: the phone's fields empty, the boxes absent.
    posted = {"revision": str(draft.revision), "_phone": "", "_seq": ""}
    response = people.owner.post(url(campaign, "draft_save"), posted)
    assert response.status_code == 302
    assert Game.objects.filter(campaign=campaign, number=draft.number).exists()


def test_a_save_without_its_revision_is_taken_for_an_older_look(table):
    campaign, people = table
    draft = fill(campaign, people, open_(campaign, people))
    response = people.owner.post(url(campaign, "draft_save"), {})
    assert response.status_code == 400
    assert "check the totals again" in response.content.decode()
    assert not Game.objects.filter(campaign=campaign, number=draft.number).exists()
