"""Seats and guests at the table, and a draft never dropped without a word (docs/seats.md):
joining lands on a seat, the table's QR code opens the seat picker, a guest without an account
takes a seat for one game and writes that card only, a draft is discarded with a sentence
naming who typed what and comes back by its undo, and the one-phone save asks first."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import GuestSeat, Invite, Membership, Role
from accounts.tests.factory import make_user
from campaign import actions
from campaign.models import Change, ChangeKind, Corporation, Game, join_entry
from campaign.tests.test_views_game import fill_first_game, form_data
from live import actions as live_actions
from live.actions.discards import discard_draft, draft_snapshot, typed, typed_sentence
from live.models import GameDraft
from live.table_links import table_token
from live.tests.factory import card, url

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def table(three_games, personas):  # the live tests' table, without a seat for the owner
    """Game 4 of three corporations: the player holds Purple; Yellow and Teal are free."""
    campaign = three_games
    people = personas(campaign)
    Corporation.objects.filter(campaign=campaign, key="purple").update(
        holder=people.users["player"]
    )
    return campaign, people


def open_(campaign, people) -> GameDraft:
    assert people.owner.post(url(campaign, "draft_open")).status_code == 302
    return GameDraft.objects.get(campaign=campaign)


def table_url(draft) -> str:
    return reverse("seats:table", args=[table_token(draft)])


def write(client, address, field, value, htmx=True):
    data = {f"p1-{field}": value, "_field": f"p1-{field}"}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(address, data, **headers)


def take_as_guest(client, draft, key, name):
    return client.post(table_url(draft), {"key": key, "name": name})


# --- the table's QR code and the seat choice ------------------------------------------------


def test_the_host_page_qr_code_opens_the_seat_picker_of_that_draft(table):
    campaign, people = table
    draft = open_(campaign, people)
    page = people.owner.get(url(campaign, "draft")).content.decode()
    assert table_url(draft) in page
    # A member who holds a seat at the table goes to its card; one who holds none chooses.
    assert people.player.get(table_url(draft))["Location"] == url(campaign, "draft_seat", "purple")
    assert people.owner.get(table_url(draft))["Location"] == url(campaign, "seat_choice")
    choice = people.owner.get(url(campaign, "seat_choice")).content.decode()
    assert "Take Yellow" in choice and "Take Teal" in choice and "Take Purple" not in choice
    taken = people.owner.post(url(campaign, "seat_choice"), {"key": "yellow"})
    assert taken["Location"] == url(campaign, "draft_seat", "yellow")
    assert Corporation.objects.get(campaign=campaign, key="yellow").holder == people.users["owner"]
    assert Change.objects.filter(campaign=campaign, kind=ChangeKind.SEAT_CHANGED).exists()


def take_from_the_banner(client, campaign, page: str, key: str):
    """Follow the entry page's "Take your seat" banner and take `key` as its form does."""
    banner = re.search(r'class="alert alert-info py-2 seat-prompt">.*?href="([^"]+)"', page)
    assert banner is not None, "no seat banner"
    choice = client.get(banner.group(1).replace("&amp;", "&")).content.decode()
    form = {"key": key}
    kept = re.search(r'name="next" value="([^"]+)"', choice)
    if kept:
        form["next"] = kept.group(1)
    return client.post(url(campaign, "seat_choice"), form)


def test_a_seat_taken_from_the_enter_game_banner_returns_to_the_entry(table):
    campaign, people = table
    # Before anyone opened the entry: "Enter game 4 together", the owner holds no seat.
    entry = people.owner.get(url(campaign, "draft_join")).content.decode()
    assert "Enter game 4 together" in entry
    taken = take_from_the_banner(people.owner, campaign, entry, "yellow")
    assert taken["Location"] == url(campaign, "draft_join")
    back = people.owner.get(taken["Location"]).content.decode()
    assert "Enter game 4 together" in back and "You hold Yellow" in back
    # With the entry open (the owner has left Yellow): on to the seat's card.
    Corporation.objects.filter(campaign=campaign, key="yellow").update(holder=None)
    open_(campaign, people)
    host = people.owner.get(url(campaign, "draft")).content.decode()
    taken = take_from_the_banner(people.owner, campaign, host, "teal")
    followed = people.owner.get(taken["Location"])
    assert followed["Location"] == url(campaign, "draft_seat", "teal")


def test_a_viewer_takes_no_seat(table):
    campaign, people = table
    draft = open_(campaign, people)
    assert people.viewer.get(table_url(draft))["Location"] == url(campaign, "draft")
    assert people.viewer.post(url(campaign, "seat_choice"), {"key": "teal"}).status_code == 403
    assert Corporation.objects.get(campaign=campaign, key="teal").holder is None


def test_a_closed_or_forged_table_code_opens_nothing(table):
    campaign, people = table
    draft = open_(campaign, people)
    forged = reverse("seats:table", args=[f"{draft.pk}-0000000000"])
    assert Client().get(forged).status_code == 404
    address = table_url(draft)
    discard_draft(draft, user=people.users["owner"])
    closed = Client().get(address)
    assert closed.status_code == 404
    assert "This entry is closed" in closed.content.decode()


def invite_link(campaign, people) -> str:
    invite = Invite.objects.create(campaign=campaign, role=Role.PLAYER)
    return reverse("accounts:join", args=[invite.token])


def test_joining_goes_to_the_seat_choice(table):
    campaign, people = table
    client = Client()
    client.force_login(make_user("ali"))
    joined = client.post(invite_link(campaign, people))
    # Yellow and Teal are free: the new player chooses.
    assert joined["Location"] == url(campaign, "seat_choice")
    assert "Which corporation is yours?" in client.get(joined["Location"]).content.decode()


def test_joining_goes_straight_to_the_only_free_seat(table):
    campaign, people = table
    Corporation.objects.filter(campaign=campaign, key="teal").update(ai=True)
    draft = open_(campaign, people)
    ali = make_user("ali")
    client = Client()
    client.force_login(ali)
    joined = client.post(invite_link(campaign, people), follow=True)
    assert Corporation.objects.get(campaign=campaign, key="yellow").holder == ali
    assert joined.redirect_chain[-1][0] == url(campaign, "draft_seat", "yellow")
    assert "the only free seat" in joined.content.decode()
    assert draft.pk == GameDraft.objects.get(campaign=campaign).pk


# --- guests ---------------------------------------------------------------------------------


def test_a_guest_takes_a_free_seat_without_an_account_and_writes_that_card_only(table):
    campaign, people = table
    draft = open_(campaign, people)
    sam = Client()
    picker = sam.get(table_url(draft)).content.decode()
    # Purple is the player's: not offered; the free seats are.
    assert "Take Yellow" in picker and "Take Teal" in picker and "Take Purple" not in picker
    taken = take_as_guest(sam, draft, "yellow", "Sam")
    seat = GuestSeat.objects.get(draft=draft)
    assert taken["Location"] == reverse("seats:guest_card", args=[seat.token])
    assert (seat.name, seat.corporation.key, seat.number) == ("Sam", "yellow", 4)
    guest_card = reverse("seats:guest_card", args=[seat.token])
    page = sam.get(guest_card).content.decode()
    assert "you are <strong>Sam</strong>, a guest" in page
    # The live panel and the writes go to the guest's own addresses.
    assert reverse("seats:guest_live", args=[seat.token]) in page
    assert write(sam, guest_card, "credits", "7").status_code == 200
    assert card(draft, "yellow").data == {"credits": "7"}
    # The same phone scanning the code again lands on its card.
    assert sam.get(table_url(draft))["Location"] == guest_card
    # No other card is writable through the guest: a member's address asks to log in.
    assert write(sam, url(campaign, "draft_seat", "teal"), "credits", "3").status_code == 302
    assert card(draft, "teal").data == {}
    # The host sees the guest beside the seat and the value in the live panel.
    host = people.owner.get(url(campaign, "draft")).content.decode()
    assert "Sam (guest)" in host


def test_a_guest_seat_is_theirs_alone(table):
    campaign, people = table
    draft = open_(campaign, people)
    take_as_guest(Client(), draft, "yellow", "Sam")
    # Another guest cannot take it.
    bo = Client()
    refused = take_as_guest(bo, draft, "yellow", "Bo")
    assert refused.status_code == 400
    assert "That seat is not free any more" in refused.content.decode()
    assert GuestSeat.objects.get(draft=draft, corporation__key="yellow").name == "Sam"
    # Nor a member: a player writes a free seat's card, not a guest's (the owner still may).
    assert (
        write(people.player, url(campaign, "draft_seat", "yellow"), "credits", "9").status_code
        == 403
    )
    assert (
        write(people.player, url(campaign, "draft_seat", "teal"), "credits", "4").status_code == 200
    )
    assert (
        write(people.owner, url(campaign, "draft_seat", "yellow"), "credits", "5").status_code
        == 200
    )
    refused = people.owner.post(url(campaign, "seat_choice"), {"key": "yellow"})
    assert Corporation.objects.get(campaign=campaign, key="yellow").holder is None
    # A guest's link opens that seat only: another guest's token writes Bo's own card.
    take_as_guest(bo, draft, "teal", "Bo")
    bo_seat = GuestSeat.objects.get(draft=draft, corporation__key="teal")
    bo_card = reverse("seats:guest_card", args=[bo_seat.token])
    write(bo, bo_card, "credits", "2")
    assert card(draft, "teal").data["credits"] == "2"
    assert card(draft, "yellow").data == {"credits": "5"}
    # A name is needed.
    assert take_as_guest(Client(), draft, "teal", " ").status_code == 400


def test_a_guest_name_goes_through_the_names_rule(table):
    # docs/names.md: a right-to-left override would turn the text after it around on the
    # owner's pages; a name of invisible marks only shows nothing.
    campaign, people = table
    draft = open_(campaign, people)
    for invisible in ("\u202e\u200b", "\u202e", "\u200b\u2060 \ufeff", "\u3164"):
        refused = take_as_guest(Client(), draft, "yellow", invisible)
        assert refused.status_code == 400
        page = refused.content.decode()
        assert (
            "Your name has no visible character (only spaces, or invisible direction or "
            "zero-width marks); write a name people can read." in page
        )
    assert not GuestSeat.objects.filter(draft=draft).exists()
    # Visible letters with the marks: the marks go, the name stays; full-width letters are
    # written as the usual ones.
    assert take_as_guest(Client(), draft, "yellow", "\u202eSam\u200b").status_code == 302
    assert GuestSeat.objects.get(draft=draft, corporation__key="yellow").name == "Sam"
    assert take_as_guest(Client(), draft, "teal", "Ｂｏ").status_code == 302
    assert GuestSeat.objects.get(draft=draft, corporation__key="teal").name == "Bo"


def test_the_write_function_refuses_a_guest_another_seat(table):
    campaign, people = table
    draft = open_(campaign, people)
    take_as_guest(Client(), draft, "yellow", "Sam")
    seat = GuestSeat.objects.get(draft=draft)
    from campaign.access import campaign_for_guest

    as_guest = campaign_for_guest(seat.token)
    from django.contrib.auth.models import AnonymousUser

    assert live_actions.may_write_card(card(draft, "yellow"), AnonymousUser(), as_guest)
    assert not live_actions.may_write_card(card(draft, "teal"), AnonymousUser(), as_guest)
    assert not live_actions.may_write_card(card(draft, "purple"), AnonymousUser(), as_guest)


def test_a_guest_link_closes_with_its_draft(table):
    campaign, people = table
    draft = open_(campaign, people)
    sam = Client()
    take_as_guest(sam, draft, "yellow", "Sam")
    seat = GuestSeat.objects.get(draft=draft)
    guest_card = reverse("seats:guest_card", args=[seat.token])
    write(sam, guest_card, "credits", "7")
    discard_draft(draft, user=people.users["owner"])
    closed = sam.get(guest_card)
    assert closed.status_code == 410
    assert "That game's entry is closed" in closed.content.decode()
    # A late write is refused with a sentence (the phone keeps the value), never stored.
    late = write(sam, guest_card, "credits", "8")
    assert late.status_code == 410
    live = sam.get(reverse("seats:guest_live", args=[seat.token]), HTTP_HX_REQUEST="true")
    assert live.status_code == 286  # htmx stops polling
    # The row stays: who held which seat in game 4.
    seat.refresh_from_db()
    assert seat.draft is None and not seat.is_open
    # A new draft of the same game is another link.
    reopened = open_(campaign, people)
    assert sam.get(guest_card).status_code == 410
    assert sam.get(table_url(reopened)).status_code == 200


def test_a_guest_link_closes_when_the_game_is_saved(table):
    campaign, people = table
    draft = open_(campaign, people)
    sam = Client()
    take_as_guest(sam, draft, "yellow", "Sam")
    seat = GuestSeat.objects.get(draft=draft)
    guest_card = reverse("seats:guest_card", args=[seat.token])
    assert sam.get(guest_card).status_code == 200
    response = people.owner.post(
        url(campaign, "draft_save"),
        {
            "revision": GameDraft.objects.get().revision,
            "confirm_unfinished": "on",
            "confirm_empty": "on",
            "confirm_order": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Game.objects.filter(campaign=campaign, number=4).exists()
    closed = sam.get(guest_card)
    assert closed.status_code == 410
    # Issue 31: the guest sees the result as members do (places and totals), read-only.
    page = closed.content.decode()
    assert "Game 4: the result" in page
    score = join_entry(
        *Game.objects.filter(campaign=campaign, number=4).values_list("replay_entry", "result")[0]
    ).score
    places = re.findall(
        r'aria-label="Place (\d)".*?corp-swatch.*?</span>([^<]+)</span>', page, re.S
    )
    totals = re.findall(r'result-total">(-?\d+) IP<', page)
    names = dict(Corporation.objects.filter(campaign=campaign).values_list("key", "name"))
    assert [(rank, name.strip()) for rank, name in places] == [
        (str(p.rank), names[p.corporation]) for p in score.ranked()
    ]
    assert totals == [str(p.total) for p in score.ranked()]
    assert "(you)" in page
    # No link they cannot open: nothing of the campaign's pages.
    assert f"/campaigns/{campaign.slug}/" not in page


def test_a_guest_page_without_a_saved_game_shows_no_result(table):
    """A discarded draft's guest sees no result (nothing was saved)."""
    campaign, people = table
    draft = open_(campaign, people)
    sam = Client()
    take_as_guest(sam, draft, "yellow", "Sam")
    seat = GuestSeat.objects.get(draft=draft)
    discard_draft(draft, user=people.users["owner"])
    page = sam.get(reverse("seats:guest_card", args=[seat.token])).content.decode()
    assert "Game 4 is closed" in page and "the result" not in page


def test_the_next_draft_offers_the_guest_the_same_seat_in_one_tap(table):
    """Issue 31: a guest stays seated for the evening: the next game's code offers the same
    phone the seat it held, with its name, in one tap."""
    campaign, people = table
    draft = open_(campaign, people)
    sam, stranger = Client(), Client()
    take_as_guest(sam, draft, "yellow", "Sam")
    first = GuestSeat.objects.get(draft=draft)
    discard_draft(draft, user=people.users["owner"])
    reopened = open_(campaign, people)
    page = sam.get(table_url(reopened)).content.decode()
    assert "Welcome back, <strong" in page and "Take Yellow corporation again" in page
    assert '<input type="hidden" name="name" value="Sam">' in page
    # Another phone is not offered it.
    offered = stranger.get(table_url(reopened)).content.decode()
    assert "Welcome back" not in offered and "corporation again" not in offered
    # The one tap: the same seat, a new link for this game.
    taken = sam.post(table_url(reopened), {"key": "yellow", "name": "Sam"})
    seat = GuestSeat.objects.get(draft=reopened)
    assert taken["Location"] == reverse("seats:guest_card", args=[seat.token])
    assert (seat.name, seat.corporation.key) == ("Sam", "yellow") and seat.token != first.token
    # A seat someone else holds now is not offered again.
    discard_draft(reopened, user=people.users["owner"])
    third = open_(campaign, people)
    take_as_guest(stranger, third, "yellow", "Bo")
    page = sam.get(table_url(third)).content.decode()
    assert "corporation again" not in page and 'value="Sam"' in page


def test_a_guest_panel_links_to_no_page_they_cannot_open(table):
    campaign, people = table
    draft = open_(campaign, people)
    sam = Client()
    take_as_guest(sam, draft, "yellow", "Sam")
    seat = GuestSeat.objects.get(draft=draft)
    guest_card = reverse("seats:guest_card", args=[seat.token])
    member_link = url(campaign, "draft_seat", "purple")
    # A member's panel links each seat; the guest's names them.
    assert member_link in people.owner.get(url(campaign, "draft")).content.decode()
    assert member_link not in sam.get(guest_card).content.decode()
    live = reverse("seats:guest_live", args=[seat.token])
    polled = sam.get(live, {"v": 0, "d": draft.pk, "p": 0}, HTTP_ACCEPT="application/json")
    assert "Purple" in polled.json()["panel"]
    assert "/campaigns/" not in polled.json()["panel"]
    written = write(sam, guest_card, "credits", "7")
    assert "Purple" in written.content.decode()
    assert "/campaigns/" not in written.content.decode()


def test_a_guest_sees_no_locked_section_title(table):
    from unlocks.tests.test_spoilers import (
        locked_sections,
        open_vocabulary,
        spoilers_in,
        visible_text,
    )

    campaign, people = table
    draft = open_(campaign, people)
    sam = Client()
    take_as_guest(sam, draft, "yellow", "Sam")
    seat = GuestSeat.objects.get(draft=draft)
    campaign.refresh_from_db()
    locked = locked_sections(campaign)
    assert locked
    vocabulary = open_vocabulary()
    assert Client().get(table_url(draft)).status_code == 200
    for address, headers in (
        (reverse("seats:guest_card", args=[seat.token]), {}),
        # The phones' poll from version 0: what changed, and the live panel.
        (reverse("seats:guest_live", args=[seat.token]) + "?v=0&p=0", {}),
    ):
        response = sam.get(address, **headers)
        assert response.status_code == 200, address
        body = response.content.decode()
        if response["Content-Type"].startswith("application/json"):
            body = response.json()["panel"]
        assert not spoilers_in(visible_text(body), locked, vocabulary)
    # No more than a viewer: no page of the campaign opens for the guest.
    for name in ("dashboard", "games", "trackers", "draft"):
        assert sam.get(url(campaign, name)).status_code == 302  # to log in


def test_the_owner_hands_a_guest_seat_to_a_member(table):
    campaign, people = table
    draft = open_(campaign, people)
    take_as_guest(Client(), draft, "yellow", "Sam")
    sam = make_user("sam")
    Membership.objects.create(campaign=campaign, user=sam, role=Role.PLAYER)
    page = people.owner.get(url(campaign, "corporations")).content.decode()
    assert 'Sam</strong> (guest) held <strong class="word-break">Yellow' in page
    seat = GuestSeat.objects.get()
    done = people.owner.post(url(campaign, "guest_tie", seat.pk), {"member": sam.pk})
    assert done.status_code == 302
    assert Corporation.objects.get(campaign=campaign, key="yellow").holder == sam
    seat.refresh_from_db()
    assert seat.tied_to == sam
    assert "(guest) held" not in people.owner.get(url(campaign, "corporations")).content.decode()
    # Only the owner.
    assert (
        people.player.post(url(campaign, "guest_tie", seat.pk), {"member": sam.pk}).status_code
        == 403
    )


# --- discards -------------------------------------------------------------------------------


def test_who_typed_what_in_words(table):
    campaign, people = table
    draft = open_(campaign, people)
    write(people.player, url(campaign, "draft_seat", "purple"), "credits", "6")
    write(people.player, url(campaign, "draft_seat", "purple"), "mining_tokens", "2")
    people.owner.post(
        url(campaign, "draft_shared"),
        {"_field": "hubs-hensler_workers", "hubs-hensler_workers": "3"},
        HTTP_HX_REQUEST="true",
    )
    sentence = typed_sentence(typed(draft_snapshot(GameDraft.objects.get(pk=draft.pk))))
    player = people.users["player"].username
    owner = people.users["owner"].username
    assert sentence == (
        f"{player} typed Purple corporation's card (2 values), "
        f"{owner} typed the shared part (1 value)."
    )


def test_the_owner_discards_a_draft_and_its_undo_brings_it_back(table):
    campaign, people = table
    open_(campaign, people)
    write(people.player, url(campaign, "draft_seat", "purple"), "credits", "6")
    player = people.users["player"].username
    asked = people.owner.get(url(campaign, "draft_discard")).content.decode()
    assert f"{player} typed Purple corporation&#x27;s card (1 value)." in asked
    confirm = re.search(r'name="confirm" value="([^"]+)"', asked).group(1)
    # Only the owner.
    assert (
        people.player.post(url(campaign, "draft_discard"), {"confirm": confirm}).status_code == 403
    )
    done = people.owner.post(url(campaign, "draft_discard"), {"confirm": confirm})
    assert done.status_code == 302
    assert not GameDraft.objects.filter(campaign=campaign).exists()
    change = Change.objects.get(campaign=campaign, kind=ChangeKind.DRAFT_DISCARDED)
    assert f"{player} typed Purple corporation's card (1 value)" in change.summary
    assert "Purple corporation's card: credits 6" in change.details
    history = people.owner.get(reverse("history:list", args=[campaign.slug])).content.decode()
    assert "Draft discarded" in history and "Undo: as it was" in history
    # The undo opens the draft again with its values.
    undone = people.player.post(reverse("history:undo", args=[campaign.slug, change.pk]))
    assert undone.status_code == 302
    back = GameDraft.objects.get(campaign=campaign, number=4)
    assert card(back, "purple").data == {"credits": "6"}
    assert card(back, "purple").updated_by == people.users["player"]
    # And undoing that undo discards it again, recorded too.
    restore = Change.objects.get(campaign=campaign, kind=ChangeKind.DRAFT_RESTORED)
    people.player.post(reverse("history:undo", args=[campaign.slug, restore.pk]))
    assert not GameDraft.objects.filter(campaign=campaign).exists()


def test_undoing_a_discard_opens_the_guests_links_again(table):
    campaign, people = table
    draft = open_(campaign, people)
    sam, bo = Client(), Client()
    take_as_guest(sam, draft, "yellow", "Sam")
    take_as_guest(bo, draft, "teal", "Bo")
    sam_seat = GuestSeat.objects.get(draft=draft, corporation__key="yellow")
    bo_seat = GuestSeat.objects.get(draft=draft, corporation__key="teal")
    sam_card = reverse("seats:guest_card", args=[sam_seat.token])
    bo_card = reverse("seats:guest_card", args=[bo_seat.token])
    write(sam, sam_card, "credits", "7")
    change = discard_draft(draft, user=people.users["owner"])
    assert sam.get(sam_card).status_code == 410
    # Bo's seat was handed to a member meanwhile: that link stays closed.
    GuestSeat.objects.filter(pk=bo_seat.pk).update(tied_to=people.users["player"])
    actions.undo_change(change, user=people.users["owner"])
    back = GameDraft.objects.get(campaign=campaign, number=4)
    sam_seat.refresh_from_db()
    bo_seat.refresh_from_db()
    assert sam_seat.draft == back and bo_seat.draft is None
    # Sam's link opens the card again, with what Sam typed, and writes it.
    assert sam.get(sam_card).status_code == 200
    assert write(sam, sam_card, "credits", "9").status_code == 200
    assert card(back, "yellow").data["credits"] == "9"
    assert bo.get(bo_card).status_code == 410
    # The restore's snapshot names the guest, and undoing it closes the link again.
    restore = Change.objects.get(campaign=campaign, kind=ChangeKind.DRAFT_RESTORED)
    assert {c["corporation"]: c["guest"] for c in restore.after["cards"]}["yellow"] == "Sam"
    actions.undo_change(restore, user=people.users["owner"])
    assert sam.get(sam_card).status_code == 410


def test_a_discard_shown_before_someone_typed_asks_again(table):
    campaign, people = table
    open_(campaign, people)
    asked = people.owner.get(url(campaign, "draft_discard")).content.decode()
    confirm = re.search(r'name="confirm" value="([^"]+)"', asked).group(1)
    write(people.player, url(campaign, "draft_seat", "purple"), "credits", "6")
    people.owner.post(url(campaign, "draft_discard"), {"confirm": confirm})
    assert GameDraft.objects.filter(campaign=campaign).exists()


def one_phone_data(client, campaign):
    return fill_first_game(form_data(client.get(url(campaign, "game_add")).content.decode()))


def test_the_one_phone_save_never_drops_a_draft_that_holds_values(table):
    campaign, people = table
    open_(campaign, people)
    write(people.player, url(campaign, "draft_seat", "purple"), "credits", "6")
    player = people.users["player"].username
    # The wizard sees the open draft and offers to continue it.
    page = people.owner.get(url(campaign, "game_add")).content.decode()
    assert "Game 4 is being entered together." in page
    assert f"{player} typed Purple corporation&#x27;s card (1 value)." in page
    assert url(campaign, "draft") in page
    data = one_phone_data(people.owner, campaign)
    data.pop("discard_draft", None)
    refused = people.owner.post(url(campaign, "game_add"), data)
    assert refused.status_code == 400
    assert not Game.objects.filter(campaign=campaign, number=4).exists()
    # The top of the page says it was not saved, and why, before the form.
    said = refused.content.decode()
    top = said.index("<main")
    alert = said.index("Not saved: game 4 is being entered together", top)
    assert alert < said.index('id="table-form"')
    assert f"{player} typed Purple corporation&#x27;s card (1 value)." in said[alert:][:400]
    assert card(GameDraft.objects.get(campaign=campaign), "purple").data == {"credits": "6"}
    # Ticking "discard the draft" saves the game and records the discard.
    confirm = re.search(r'name="discard_draft" value="([^"]+)"', refused.content.decode()).group(1)
    saved = people.owner.post(url(campaign, "game_add"), {**data, "discard_draft": confirm})
    assert saved.status_code == 302
    assert Game.objects.filter(campaign=campaign, number=4).exists()
    assert not GameDraft.objects.filter(campaign=campaign).exists()
    change = Change.objects.get(campaign=campaign, kind=ChangeKind.DRAFT_DISCARDED)
    assert "discarded for the game saved on one phone" in change.summary
    # Its undo waits for game 4's save to be undone first.
    with pytest.raises(actions.UndoRefused, match="The next game is game 5 now"):
        actions.undo_change(change, user=people.users["owner"])
    added = Change.objects.get(campaign=campaign, kind=ChangeKind.GAME_ADDED, game_number=4)
    actions.undo_change(added, user=people.users["owner"])
    actions.undo_change(change, user=people.users["owner"])
    back = GameDraft.objects.get(campaign=campaign, number=4)
    assert card(back, "purple").data == {"credits": "6"}


def test_a_discard_ticked_before_someone_typed_again_says_not_saved_and_why(table):
    campaign, people = table
    open_(campaign, people)
    write(people.player, url(campaign, "draft_seat", "purple"), "credits", "6")
    shown = people.owner.get(url(campaign, "game_add")).content.decode()
    confirm = re.search(r'name="discard_draft" value="([^"]+)"', shown).group(1)
    data = one_phone_data(people.owner, campaign)
    write(people.player, url(campaign, "draft_seat", "purple"), "credits", "7")
    refused = people.owner.post(url(campaign, "game_add"), {**data, "discard_draft": confirm})
    assert refused.status_code == 400
    said = refused.content.decode()
    assert "Not saved: game 4 is being entered together" in said
    assert "Someone typed in it after this page showed it" in said
    assert not Game.objects.filter(campaign=campaign, number=4).exists()
    assert card(GameDraft.objects.get(campaign=campaign), "purple").data == {"credits": "7"}


def test_the_one_phone_save_closes_a_draft_nobody_typed_in(table):
    campaign, people = table
    open_(campaign, people)
    page = people.owner.get(url(campaign, "game_add")).content.decode()
    assert "being entered together" not in page
    saved = people.owner.post(url(campaign, "game_add"), one_phone_data(people.owner, campaign))
    assert saved.status_code == 302
    assert not GameDraft.objects.filter(campaign=campaign).exists()
    assert not Change.objects.filter(kind=ChangeKind.DRAFT_DISCARDED).exists()


# --- query counts ---------------------------------------------------------------------------


@pytest.mark.parametrize("guests", [1, 2])
def test_the_seat_pages_answer_in_the_same_queries_however_many_seats(
    table, django_assert_num_queries, guests
):
    campaign, people = table
    draft = open_(campaign, people)
    for key, name in (("yellow", "Sam"), ("teal", "Bo"))[:guests]:
        take_as_guest(Client(), draft, key, name)
    # session, user, campaign (with the role), the open draft, the corporations (holder,
    # colour and guest joined)
    with django_assert_num_queries(5):
        assert people.owner.get(url(campaign, "seat_choice")).status_code == 200
    # the draft (its campaign joined), the corporations; no session for a new phone
    with django_assert_num_queries(2):
        assert Client().get(table_url(draft)).status_code == 200
    # The Corporations page: the guests' list is one query, whatever its length.
    # session, user, campaign, corporations, members, free colours, the guests' seats (the
    # one query this adds), the frame's corporations with their colours
    with django_assert_num_queries(8):
        assert people.owner.get(url(campaign, "corporations")).status_code == 200


def test_a_member_who_holds_no_seat_is_asked_to_take_one(table):
    campaign, people = table
    open_(campaign, people)
    asked = people.owner.get(url(campaign, "draft")).content.decode()
    assert "You hold no corporation in this campaign." in asked
    assert url(campaign, "seat_choice") in asked
    # The player holds Purple; a viewer takes no seat.
    assert (
        "You hold no corporation" not in people.player.get(url(campaign, "draft")).content.decode()
    )
    assert (
        "You hold no corporation" not in people.viewer.get(url(campaign, "draft")).content.decode()
    )


def test_someone_signed_in_but_not_a_member_takes_a_seat_as_a_guest(table):
    campaign, people = table
    draft = open_(campaign, people)
    page = people.outsider.get(table_url(draft)).content.decode()
    assert "who is not a member of this campaign" in page
    taken = take_as_guest(people.outsider, draft, "teal", "Rosa")
    seat = GuestSeat.objects.get(draft=draft)
    assert taken["Location"] == reverse("seats:guest_card", args=[seat.token])
    # Still no page of the campaign for them.
    assert people.outsider.get(url(campaign, "dashboard")).status_code == 404


def test_a_stale_draft_holding_values_is_discarded_with_a_word(table):
    campaign, people = table
    draft = open_(campaign, people)
    write(people.player, url(campaign, "draft_seat", "purple"), "credits", "6")
    # Game 4 saved some other way (an import, the replay of an undo): draft 4 is left over.
    game = campaign.games.get(number=3)
    actions.save_game(
        campaign, table=game.table, played_on=game.played_on, megastructure=game.megastructure
    )
    campaign.refresh_from_db()
    assert open_(campaign, people).number == 5
    assert not GameDraft.objects.filter(pk=draft.pk).exists()
    change = Change.objects.get(campaign=campaign, kind=ChangeKind.DRAFT_DISCARDED)
    assert change.game_number == 4
    assert "Purple corporation's card: credits 6" in change.details


# --- every phone told of a discard (issue 31) -------------------------------------------------


def test_every_phone_of_a_discarded_draft_is_told_what_happened_and_where_it_is(table):
    import json

    campaign, people = table
    draft = open_(campaign, people)
    sam = Client()
    take_as_guest(sam, draft, "yellow", "Sam")
    seat = GuestSeat.objects.get(draft=draft)
    write(people.player, url(campaign, "draft_seat", "purple"), "credits", "7")
    change = discard_draft(draft, user=people.users["owner"])
    owner = people.users["owner"].get_username()
    told = (
        f"The draft of game 4 was discarded by {owner}: nothing of it was saved. The History "
        "keeps what it held; its Undo opens the draft again."
    )
    params = {"v": draft.revision, "d": draft.pk, "n": 4}
    # A member's phone, polling: the words, and the page where the next entry starts.
    answer = people.player.get(url(campaign, "draft_live"), params).json()
    assert answer["closed"] == told
    assert answer["go"] == f"{url(campaign, 'draft_join')}?discarded={change.pk}"
    landed = people.player.get(answer["go"]).content.decode()
    assert told in landed and "Enter game 4 together" in landed
    # Before, the phone was told "Game 3 has been saved." and sent to game 3's checklist.
    assert "has been saved" not in answer["closed"]
    # A change sent late: refused with the same words (the phone keeps it and says so).
    body = {"phone": "p", "since": 0, "draft": draft.pk, "changes": []}
    body["changes"] = [{"seq": 1, "card": "purple", "field": "credits", "value": "8"}]
    late = people.player.post(
        url(campaign, "draft_push"), json.dumps(body), content_type="application/json"
    )
    assert late.status_code == 410 and late.json()["closed"] == told
    # The card's page, opened again: the words, on the page where the entry starts.
    again = people.player.get(url(campaign, "draft_seat", "purple"), follow=True)
    assert told in again.content.decode()
    assert again.redirect_chain[-1][0] == url(campaign, "draft_join")
    # The guest's phone is sent to its link, which says the entry is closed.
    guest = sam.get(
        reverse("seats:guest_live", args=[seat.token]), params, HTTP_ACCEPT="application/json"
    ).json()
    assert guest["go"] == reverse("seats:guest_card", args=[seat.token])
    assert "Game 4 is closed" in sam.get(guest["go"]).content.decode()
