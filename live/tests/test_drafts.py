"""A game entered together (live.actions.drafts, live.views.drafts): one draft per game,
written a field at a time by several people, never losing what anyone typed, saved once."""

import pytest

from campaign.models import Game
from live import actions
from live.actions.drafts import FieldConflict
from live.models import GameDraft
from live.tests.factory import card, fill, open_, poll, url, write

pytestmark = pytest.mark.usefixtures("catalogue")


def test_enter_game_opens_one_draft_for_the_next_game_with_a_card_per_corporation(table):
    campaign, people = table
    draft = open_(campaign, people)
    assert draft.number == 4
    assert draft.cards.count() == 3
    # A second person opening it joins the same draft.
    people.owner.post(url(campaign, "draft_open"))
    assert GameDraft.objects.filter(campaign=campaign).count() == 1
    # The order of play starts with the last game's winner (the first player token).
    last_winner = campaign.games.get(number=3).result["winner"]
    assert draft.shared["setup-seat1_corporation"] == last_winner


def test_a_viewer_cannot_open_or_write_a_draft(table):
    campaign, people = table
    assert people.viewer.post(url(campaign, "draft_open")).status_code == 403
    draft = open_(campaign, people)
    assert write(people.viewer, campaign, "teal", "credits", "4").status_code == 403
    assert card(draft, "teal").data == {}
    # Reading is fine.
    assert people.viewer.get(url(campaign, "draft")).status_code == 200


def test_a_seat_is_written_by_its_holder_or_the_owner_only(table):
    campaign, people = table
    draft = open_(campaign, people)
    # Yellow is the owner's seat: the player may not write it.
    assert write(people.player, campaign, "yellow", "credits", "9").status_code == 403
    assert card(draft, "yellow").data == {}
    assert write(people.player, campaign, "purple", "credits", "9").status_code == 200
    assert write(people.owner, campaign, "purple", "mining_tokens", "2").status_code == 200
    # Teal has no holder: the host (any player) fills it in.
    assert write(people.player, campaign, "teal", "credits", "3").status_code == 200
    assert card(draft, "purple").data == {"credits": "9", "mining_tokens": "2"}


def test_two_phones_on_one_field_never_lose_a_value(table):
    campaign, people = table
    draft = open_(campaign, people)
    write(people.player, campaign, "purple", "credits", "5", was="0")
    # The owner's phone still showed 0 and types 7: refused, with both values shown.
    response = write(people.owner, campaign, "purple", "credits", "7", was="0")
    html = response.content.decode()
    assert "Keep mine (7)" in html and "<strong>5</strong>" in html
    assert card(draft, "purple").data["credits"] == "5"
    # Keeping theirs knowingly (they saw 5 now).
    write(people.owner, campaign, "purple", "credits", "7", was="5")
    assert card(draft, "purple").data["credits"] == "7"


def test_the_action_reports_conflicts_field_by_field(table):
    campaign, people = table
    draft = open_(campaign, people)
    purple = card(draft, "purple")
    actions.write_card(purple, {"credits": "5", "military_tokens": "2"}, was={}, user=None)
    _, conflicts = actions.write_card(
        purple,
        {"credits": "6", "mining_tokens": "1"},
        was={"credits": "0", "mining_tokens": "0"},
        user=people.users["owner"],
    )
    assert conflicts == [FieldConflict("credits", "6", "5", "")]
    assert card(draft, "purple").data == {
        "credits": "5",
        "military_tokens": "2",
        "mining_tokens": "1",
    }


def test_the_live_panel_answers_204_until_something_changes(table):
    campaign, people = table
    draft = open_(campaign, people)
    response = poll(people.viewer, campaign, draft, draft.revision)
    assert response.status_code == 204
    write(people.player, campaign, "purple", "credits", "12", was="0")
    response = poll(people.viewer, campaign, draft, draft.revision)
    assert response.status_code == 200
    answer = response.json()
    # Only what changed since the version the phone has: purple's credits.
    assert answer["values"] == {"card:purple": {"credits": "12"}}
    assert answer["version"] == draft.revision + 1
    assert "typing" in answer["panel"]
    # A person opening the polling address goes to the draft.
    assert people.viewer.get(url(campaign, "draft_live")).status_code == 302


def test_marking_done_and_progress(table):
    campaign, people = table
    draft = open_(campaign, people)
    people.player.post(url(campaign, "draft_seat", "purple"), {"_done": "1"})
    assert card(draft, "purple").done
    page = people.owner.get(url(campaign, "draft")).content.decode()
    assert "1 of 3 seats done" in page
    # A change after "done" makes the seat say so again.
    write(people.player, campaign, "purple", "credits", "4", was="0")
    assert not card(draft, "purple").done


def test_the_host_saves_the_draft_once_and_it_becomes_the_next_game(table):
    campaign, people = table
    draft = fill(campaign, people, open_(campaign, people))
    response = people.owner.post(url(campaign, "draft_save"), {"revision": draft.revision})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert response["Location"] == url(campaign, "checklist", 4)
    game = Game.objects.get(campaign=campaign, number=4)
    totals = {p["corporation"]: p["total"] for p in game.result["players"]}
    assert game.result["winner"] == "purple"
    assert totals["purple"] > totals["yellow"]
    assert not GameDraft.objects.filter(campaign=campaign).exists()
    # A second save (another phone still on the page) saves nothing more.
    again = people.player.post(url(campaign, "draft_save"), {"revision": draft.revision})
    assert again.status_code == 302
    assert Game.objects.filter(campaign=campaign).count() == 4
    # Every phone polling the draft is sent to the game's checklist.
    closed = poll(people.viewer, campaign, draft, 1).json()
    assert closed["closed"] == "Game 4 has been saved."
    assert closed["go"] == url(campaign, "checklist", 4)


def test_a_save_from_an_older_look_at_the_draft_is_refused(table):
    campaign, people = table
    draft = fill(campaign, people, open_(campaign, people))
    seen = draft.revision
    write(people.player, campaign, "purple", "credits", "11", was="10")
    response = people.owner.post(
        url(campaign, "draft_save"), {"revision": seen, "confirm_unfinished": "on"}
    )
    assert response.status_code == 400
    assert "check the totals again" in response.content.decode()
    assert not Game.objects.filter(campaign=campaign, number=4).exists()


def test_an_unfinished_or_empty_table_asks_before_saving(table):
    campaign, people = table
    draft = open_(campaign, people)
    response = people.owner.post(url(campaign, "draft_save"), {"revision": draft.revision})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Not every seat is done" in html
    assert "Nothing has been entered anywhere" in html
    assert not Game.objects.filter(campaign=campaign, number=4).exists()
    response = people.owner.post(
        url(campaign, "draft_save"),
        {"revision": draft.revision, "confirm_unfinished": "on", "confirm_empty": "on"},
    )
    # An empty table ties on everything: the order of play decides, and it asks that too.
    assert response.status_code == 400
    assert "decided by the order of play" in response.content.decode()
    assert not Game.objects.filter(campaign=campaign, number=4).exists()
    response = people.owner.post(
        url(campaign, "draft_save"),
        {
            "revision": draft.revision,
            "confirm_unfinished": "on",
            "confirm_empty": "on",
            "confirm_order": "on",
        },
    )
    assert response.status_code == 302
    assert Game.objects.filter(campaign=campaign, number=4).exists()


def test_a_reload_loses_nothing(table):
    campaign, people = table
    open_(campaign, people)
    write(people.player, campaign, "purple", "credits", "13", was="0")
    page = people.player.get(url(campaign, "draft_seat", "purple")).content.decode()
    assert 'value="13"' in page


def test_the_join_address_lands_on_ones_own_seat(table):
    campaign, people = table
    join = url(campaign, "draft_join")
    assert "Start entering game 4" in people.player.get(join).content.decode()
    open_(campaign, people)
    assert people.player.get(join)["Location"] == url(campaign, "draft_seat", "purple")
    assert people.viewer.get(join)["Location"] == url(campaign, "draft")


def test_without_javascript_a_whole_card_is_saved_by_its_button(table):
    campaign, people = table
    draft = open_(campaign, people)
    response = people.player.post(
        url(campaign, "draft_seat", "purple"),
        {"p1-credits": "8", "p1-mining_tokens": "1", "_drawn": "{}"},
    )
    assert response.status_code == 302
    assert card(draft, "purple").data["credits"] == "8"


# --- changes kept on a phone offline, sent later (live/static/js/draft.js, docs/offline.md) -----


def test_changes_kept_offline_for_a_saved_game_never_reach_the_next_games_draft(table):
    campaign, people = table
    old = fill(campaign, people, open_(campaign, people))
    people.owner.post(url(campaign, "draft_save"), {"revision": old.revision})
    new = open_(campaign, people)
    assert new.number == 5
    # Purple's phone, offline since game 4's draft, sends what it kept: refused (410) with a
    # sentence, written nowhere.
    kept = {"p1-credits": "9", "_field": "p1-credits", "_was": "10", "_draft": str(old.pk)}
    response = people.player.post(
        url(campaign, "draft_seat", "purple"), kept, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 410
    assert "its draft is closed" in response.content.decode()
    assert card(new, "purple").data.get("credits") != "9"
    shared = {"hubs-zone1_workers": "7", "_field": "hubs-zone1_workers", "_was": "4"}
    response = people.owner.post(
        url(campaign, "draft_shared"), {**shared, "_draft": str(old.pk)}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 410
    new.refresh_from_db()
    assert new.shared.get("hubs-zone1_workers") != "7"
    # Without JavaScript: back to the game log with the sentence.
    response = people.player.post(url(campaign, "draft_seat", "purple"), kept)
    assert response.status_code == 302
    assert response["Location"] == url(campaign, "games")
    # Naming the open draft writes as before.
    response = people.player.post(
        url(campaign, "draft_seat", "purple"),
        {**kept, "_draft": str(new.pk), "_was": "0"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert card(new, "purple").data["credits"] == "9"


def test_the_forms_name_their_draft_and_the_person_the_phone_keeps_changes_for(table):
    campaign, people = table
    draft = open_(campaign, people)
    html = people.player.get(url(campaign, "draft_seat", "purple")).content.decode()
    assert f'name="_draft" value="{draft.pk}"' in html
    assert f'data-offline-draft="{draft.pk}"' in html
    person = people.player.get(url(campaign, "draft_seat", "purple"))["Offline-Person"]
    assert f'data-person="{person}"' in html
    # A card the person only reads has nothing to keep.
    html = people.player.get(url(campaign, "draft_seat", "yellow")).content.decode()
    assert "data-offline-draft" not in html
    # The save says what it needs while offline.
    html = people.owner.get(url(campaign, "draft")).content.decode()
    assert 'data-offline-label="Saving the game needs a connection"' in html
    assert f'data-offline-draft="{draft.pk}"' in html


def test_a_phone_keeps_the_draft_pages_a_person_types_in_and_no_others(table):
    campaign, people = table
    open_(campaign, people)
    # One's own card, and the host's page (the shared part), open offline when seen before.
    assert "Offline-Keep" in people.player.get(url(campaign, "draft_seat", "purple"))
    assert "Offline-Keep" in people.player.get(url(campaign, "draft"))
    # Another person's card is not kept on this person's phone; the owner writes every card.
    assert "Offline-Keep" not in people.player.get(url(campaign, "draft_seat", "yellow"))
    assert "Offline-Keep" not in people.viewer.get(url(campaign, "draft_seat", "purple"))
    assert "Offline-Keep" in people.owner.get(url(campaign, "draft_seat", "purple"))
    # Never a write, an htmx fragment, or the live panel.
    response = write(people.player, campaign, "purple", "credits", "3", was="0")
    assert "Offline-Keep" not in response
    live = people.player.get(url(campaign, "draft_live"), {"v": 0})
    assert "Offline-Keep" not in live


def test_the_draft_pages_a_phone_keeps_show_no_locked_section(table):
    from unlocks.tests.test_spoilers import (
        locked_sections,
        open_vocabulary,
        spoilers_in,
        visible_text,
    )

    campaign, people = table
    open_(campaign, people)
    campaign.refresh_from_db()
    locked = locked_sections(campaign)
    assert locked
    vocabulary = open_vocabulary()
    for client, address in (
        (people.player, url(campaign, "draft")),
        (people.player, url(campaign, "draft_seat", "purple")),
        (people.owner, url(campaign, "draft_seat", "yellow")),
    ):
        response = client.get(address)
        assert "Offline-Keep" in response
        assert not spoilers_in(visible_text(response.content.decode()), locked, vocabulary)
