"""The live draft as a sync protocol (docs/draft-protocol.md): each phone's changes numbered,
applied once and in order, "done" and the save in the same sequence; a poll with nothing new
costs one lookup; the panel drawn once per version; what the draft reads as JSON goes through
the project's JSON reader."""

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from campaign.models import Game
from live import actions
from live.models import DraftLive, GameDraft
from live.tests.factory import card, fill, open_, poll, url, write

pytestmark = pytest.mark.usefixtures("catalogue")


def push(client, campaign, changes, phone="phone-a", since=0, draft=None):
    body = {"phone": phone, "since": since, "changes": changes}
    if draft is not None:
        body["draft"] = draft.pk
    return client.post(
        url(campaign, "draft_push"), json.dumps(body), content_type="application/json"
    )


def field(seq, name, value, was="", card="purple"):
    return {"seq": seq, "card": card, "field": name, "value": value, "was": was}


@pytest.fixture
def reader_language():
    """A German request leaves German active in this thread (LocaleMiddleware activates the
    request's language and nothing takes it back): the language before is put back after."""
    language = translation.get_language()
    yield
    translation.activate(language)


def test_four_values_then_done_stay_done_even_when_the_batch_comes_again(table):
    campaign, people = table
    draft = open_(campaign, people)
    batch = [
        field(1, "credits", "12"),
        field(2, "mining_tokens", "2"),
        field(3, "outposts_1", "3"),
        field(4, "bases_2", "1"),
        {"seq": 5, "card": "purple", "done": True},
    ]
    answer = push(people.player, campaign, batch, draft=draft).json()
    assert answer["applied"] == 5
    assert answer["done"]["purple"] is True
    purple = card(draft, "purple")
    assert purple.done and purple.data["credits"] == "12" and purple.data["bases_2"] == "1"
    version = GameDraft.objects.get(pk=draft.pk).revision
    # The answer was lost: the phone sends the same batch again. Applied once: nothing moves.
    again = push(people.player, campaign, batch, draft=draft).json()
    assert again["applied"] == 5
    assert GameDraft.objects.get(pk=draft.pk).revision == version
    # A field change numbered before "done" that arrives after it never sets the seat back.
    late = push(people.player, campaign, [field(4, "bases_2", "2")], draft=draft).json()
    assert late["applied"] == 5
    assert card(draft, "purple").done
    assert card(draft, "purple").data["bases_2"] == "1"
    # One batch raised the version once.
    assert version == draft.revision + 1
    # A change typed after "done" makes the seat say "typing" again, as before.
    push(people.player, campaign, [field(6, "credits", "13", was="12")], draft=draft)
    assert not card(draft, "purple").done


def test_two_phones_on_one_field_still_see_both_values(table):
    campaign, people = table
    draft = open_(campaign, people)
    push(people.player, campaign, [field(1, "credits", "5", was="0")], phone="purple-phone")
    answer = push(people.owner, campaign, [field(1, "credits", "7", was="0")], phone="host").json()
    assert answer["applied"] == 1
    [conflict] = answer["conflicts"]
    assert (conflict["scope"], conflict["field"], conflict["theirs"]) == (
        "card:purple",
        "credits",
        "5",
    )
    assert "Keep mine (7)" in conflict["html"]
    assert card(draft, "purple").data["credits"] == "5"


def test_a_refused_change_sent_again_after_a_lost_answer_is_refused_again(table):
    """The answer to a batch with a refused change is lost (the signal went as it came): the
    phone sends the batch again. The refused change is refused again, never answered as
    applied (the phone would then drop what its person typed without a word)."""
    campaign, people = table
    draft = open_(campaign, people)
    push(people.owner, campaign, [field(1, "credits", "15", was="0")], phone="host")
    batch = [field(1, "credits", "14", was="0"), field(2, "mining_tokens", "2")]
    first = push(people.player, campaign, batch, phone="purple-phone").json()
    again = push(people.player, campaign, batch, phone="purple-phone").json()
    for answer in (first, again):
        assert answer["applied"] == 2
        [conflict] = answer["conflicts"]
        assert (conflict["field"], conflict["theirs"]) == ("credits", "15")
        assert "Keep mine (14)" in conflict["html"]
    assert card(draft, "purple").data["credits"] == "15"
    assert card(draft, "purple").data["mining_tokens"] == "2"
    # A later batch of that phone with a new change is answered on its own.
    later = push(people.player, campaign, [field(3, "bases_2", "1")], phone="purple-phone")
    assert later.json().get("conflicts", []) == []
    # Once the value stored is the phone's, the old batch sent again is simply applied.
    push(people.owner, campaign, [field(2, "credits", "14", was="15")], phone="host")
    assert (
        push(people.player, campaign, batch, phone="purple-phone").json().get("conflicts", []) == []
    )


def test_the_host_saves_right_after_typing_the_shared_part(table):
    campaign, people = table
    draft = fill(campaign, people, open_(campaign, people))
    seen = draft.revision
    # The host types on after the totals they looked at, and saves: their own changes are
    # theirs, never "someone changed the draft".
    shared = [
        {"seq": 1, "card": None, "field": "ballots-workers_union", "value": "4", "was": "3"},
        {"seq": 2, "card": None, "field": "hubs-zone1_workers", "value": "5", "was": "4"},
    ]
    assert push(people.owner, campaign, shared, phone="host").json()["applied"] == 2
    response = people.owner.post(
        url(campaign, "draft_save"), {"revision": seen, "_phone": "host", "_seq": "3"}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Game.objects.filter(campaign=campaign, number=4).exists()


def test_someone_elses_change_after_the_look_still_refuses_the_save(table):
    campaign, people = table
    draft = fill(campaign, people, open_(campaign, people))
    seen = draft.revision
    push(people.player, campaign, [field(1, "credits", "11", was="10")], phone="purple-phone")
    response = people.owner.post(
        url(campaign, "draft_save"),
        {"revision": seen, "_phone": "host", "_seq": "1", "confirm_unfinished": "on"},
    )
    assert response.status_code == 400
    assert "someone changed the draft" in response.content.decode()
    # A save numbered before a change of the same phone already applied arrived out of order.
    push(people.owner, campaign, [field(5, "credits", "3", card="teal")], phone="host")
    response = people.owner.post(
        url(campaign, "draft_save"),
        {
            "revision": GameDraft.objects.get(pk=draft.pk).revision,
            "_phone": "host",
            "_seq": "4",
            "confirm_unfinished": "on",
        },
    )
    assert "out of order" in response.content.decode()
    assert not Game.objects.filter(campaign=campaign, number=4).exists()


def test_a_poll_with_nothing_new_costs_one_lookup_and_draws_nothing(table):
    campaign, people = table
    draft = open_(campaign, people)
    poll(people.viewer, campaign, draft, 0)  # the session and the panel, once
    with CaptureQueriesContext(connection) as queries:
        response = poll(people.viewer, campaign, draft, draft.revision)
    assert response.status_code == 204
    # The session, the person, the campaign with their role, the draft's version.
    assert len(queries) <= 4, [q["sql"] for q in queries]
    assert not any("campaign_draftlive" in q["sql"] for q in queries)


def test_the_panel_is_drawn_once_per_version_for_every_phone(table):
    campaign, people = table
    draft = open_(campaign, people)
    push(people.player, campaign, [field(1, "credits", "9")], phone="p")
    version = draft.revision + 1
    first = poll(people.viewer, campaign, draft, draft.revision).json()
    assert first["panel_version"] == version
    drawn = DraftLive.objects.get(draft=draft)
    assert drawn.revision == version
    second = poll(people.owner, campaign, draft, draft.revision).json()
    assert second["panel"] == first["panel"]
    assert DraftLive.objects.get(draft=draft).drawn_at == drawn.drawn_at
    # A phone that has the panel of this version is not sent it again.
    third = poll(people.player, campaign, draft, draft.revision, p=version).json()
    assert "panel" not in third and third["values"] == {"card:purple": {"credits": "9"}}


def test_each_phone_gets_the_panel_in_its_own_language(table, reader_language):
    """An English phone and a German phone on one draft: each its language's panel, each
    drawn once per version and language (issue 33)."""
    campaign, people = table
    draft = open_(campaign, people)
    people.viewer.defaults["HTTP_ACCEPT_LANGUAGE"] = "de-DE,de;q=0.9,en;q=0.5"
    push(people.player, campaign, [field(1, "credits", "9")], phone="p")
    english = poll(people.owner, campaign, draft, draft.revision).json()
    german = poll(people.viewer, campaign, draft, draft.revision).json()
    assert english["panel_version"] == german["panel_version"] == draft.revision + 1
    assert "0 of 3 seats done" in english["panel"]
    assert "Plätzen fertig" not in english["panel"]
    assert "0 von 3 Plätzen fertig" in german["panel"]
    assert "seats done" not in german["panel"]
    kept = {row.language: row for row in DraftLive.objects.filter(draft=draft)}
    assert set(kept) == {"en-gb", "de"}
    # The next phone of each language is shown its language's panel as kept, not drawn again.
    assert poll(people.player, campaign, draft, draft.revision).json()["panel"] == english["panel"]
    people.player.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    assert poll(people.player, campaign, draft, draft.revision).json()["panel"] == german["panel"]
    again = {row.language: row.drawn_at for row in DraftLive.objects.filter(draft=draft)}
    assert again == {language: row.drawn_at for language, row in kept.items()}


def test_a_push_answers_what_a_poll_would_so_the_phone_skips_its_poll(table):
    campaign, people = table
    draft = open_(campaign, people)
    body = {"phone": "p", "since": draft.revision, "panel": draft.revision, "changes": []}
    body["changes"] = [field(1, "credits", "9")]
    sent = people.player.post(
        url(campaign, "draft_push"), json.dumps(body), content_type="application/json"
    ).json()
    version = draft.revision + 1
    # The panel of the new version, as a poll would send it, drawn once for every phone.
    assert sent["version"] == sent["panel_version"] == version
    assert "Purple" in sent["panel"]
    assert DraftLive.objects.get(draft=draft).revision == version
    polled = poll(people.owner, campaign, draft, draft.revision).json()
    assert polled["panel"] == sent["panel"] and polled["panel_version"] == version
    # A phone that has that panel is not sent it again; a push that names no panel (an
    # older page) gets none, as before.
    body.update(since=version, panel=version, changes=[field(2, "credits", "10", was="9")])
    again = people.player.post(
        url(campaign, "draft_push"), json.dumps(body), content_type="application/json"
    ).json()
    assert again["version"] == version + 1 and "panel" not in again
    bare = push(people.player, campaign, [field(3, "credits", "11", was="10")], phone="p")
    assert bare.status_code == 200 and "panel" not in bare.json()


def test_one_request_draws_a_panel_gone_stale_the_others_show_the_last_one(table):
    campaign, people = table
    draft = open_(campaign, people)
    poll(people.viewer, campaign, draft, 0)  # drawn and kept
    push(people.player, campaign, [field(1, "credits", "9")], phone="p")
    DraftLive.objects.filter(draft=draft).update(drawn_at=timezone.now() - timedelta(seconds=30))
    kept = DraftLive.objects.get(draft=draft)
    # Two requests found it stale at once: the first to claim it draws, the second does not.
    assert actions.claim_live_panel(draft, kept.drawn_at, kept.language)
    assert not actions.claim_live_panel(draft, kept.drawn_at, kept.language)
    # Meanwhile a poll is shown the last panel drawn (older than the draft), not a new draw.
    answer = poll(people.owner, campaign, draft, draft.revision).json()
    assert answer["panel_version"] == kept.revision < answer["version"]
    assert DraftLive.objects.get(draft=draft).revision == kept.revision


def test_a_change_is_checked_by_its_own_field_and_kept(table):
    campaign, people = table
    draft = open_(campaign, people)
    answer = push(
        people.player,
        campaign,
        [field(1, "credits", "lots"), field(2, "no_such_field", "1")],
        draft=draft,
    ).json()
    assert answer["applied"] == 2
    assert answer["problems"]["card:purple/credits"].startswith("Credits")
    assert "no_such_field" in answer["refused"]["card:purple/no_such_field"]
    # What was typed is kept all the same; the unknown field is not.
    assert card(draft, "purple").data == {"credits": "lots"}


def test_a_phone_may_push_only_the_cards_it_may_write(table):
    campaign, people = table
    draft = open_(campaign, people)
    response = push(people.player, campaign, [field(1, "credits", "9", card="yellow")])
    assert response.status_code == 403
    assert "Yellow" in response.json()["error"]
    response = push(people.viewer, campaign, [field(1, "credits", "9")])
    assert response.status_code == 403
    assert card(draft, "yellow").data == {} and card(draft, "purple").data == {}


@pytest.mark.parametrize(
    "body",
    ["[" * 100000 + "]" * 100000, '{"phone": "p", "changes": [], "since": ' + "9" * 5000 + "}"],
    ids=["nested", "long-number"],
)
def test_json_the_phones_send_is_read_by_the_projects_reader(table, body):
    campaign, people = table
    draft = open_(campaign, people)
    response = people.player.post(
        url(campaign, "draft_push"), body, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["error"].startswith("The changes sent is not JSON this app reads")
    assert GameDraft.objects.get(pk=draft.pk).revision == draft.revision


@pytest.mark.parametrize(
    "drawn",
    ["[" * 100000 + "]" * 100000, '{"p1-credits": ' + "7" * 5000 + "}"],
    ids=["nested", "long-number"],
)
def test_a_cards_drawn_values_are_read_by_the_projects_reader(table, drawn):
    campaign, people = table
    draft = open_(campaign, people)
    write(people.player, campaign, "purple", "credits", "4", was="0")
    # The whole card without JavaScript: its `_drawn` is the staleness check, so JSON that
    # cannot be read refuses the write with a sentence (never a 500, never "saw nothing").
    response = people.player.post(
        url(campaign, "draft_seat", "purple"), {"p1-credits": "8", "_drawn": drawn}, follow=True
    )
    assert response.status_code == 200
    assert "is not JSON this app reads" in response.content.decode()
    assert card(draft, "purple").data["credits"] == "4"
    response = people.owner.post(
        url(campaign, "draft_shared"), {"hubs-zone1_workers": "8", "_drawn": drawn}, follow=True
    )
    assert "is not JSON this app reads" in response.content.decode()
    assert "hubs-zone1_workers" not in GameDraft.objects.get(pk=draft.pk).shared


NOT_A_LIST = "The changes sent are not a list of changes."
NOT_A_CHANGE = "A change sent is not a change (an object with its number)."
NOT_A_NUMBER = "A change's number (seq) is a whole number from 1."
NOT_DONE = "“My card is done” is true or false, for one card."


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        ([], NOT_A_LIST),
        ({"phone": "p", "changes": {"seq": 1}}, NOT_A_LIST),
        ({"phone": "p"}, NOT_A_LIST),
        ({"changes": []}, "The changes sent name no phone (letters, digits and dashes)."),
        ({"phone": "p", "changes": [5]}, NOT_A_CHANGE),
        ({"phone": "p", "changes": [["seq", 1]]}, NOT_A_CHANGE),
        ({"phone": "p", "changes": [{"field": "credits"}]}, NOT_A_NUMBER),
        ({"phone": "p", "changes": [{"seq": True, "field": "credits"}]}, NOT_A_NUMBER),
        ({"phone": "p", "changes": [{"seq": 0, "field": "credits"}]}, NOT_A_NUMBER),
        ({"phone": "p", "changes": [{"seq": 2**31, "field": "credits"}]}, NOT_A_NUMBER),
        ({"phone": "p", "changes": [{"seq": 1.0, "field": "credits"}]}, NOT_A_NUMBER),
        ({"phone": "p", "changes": [{"seq": "1", "field": "credits"}]}, NOT_A_NUMBER),
        (
            {"phone": "p", "changes": [{"seq": 1, "card": 5, "field": "credits"}]},
            "A change's card is a corporation's key.",
        ),
        ({"phone": "p", "changes": [{"seq": 1, "card": "purple", "done": "yes"}]}, NOT_DONE),
        ({"phone": "p", "changes": [{"seq": 1, "card": "purple", "done": 1}]}, NOT_DONE),
        ({"phone": "p", "changes": [{"seq": 1, "done": True}]}, NOT_DONE),
        ({"phone": "p", "changes": [{"seq": 1, "field": ""}]}, "A change names its field."),
        ({"phone": "p", "changes": [{"seq": 1, "field": 3}]}, "A change names its field."),
        (
            {"phone": "p", "changes": [{"seq": 1, "field": "credits", "value": 5}]},
            "A change's value for credits is text or a list of texts.",
        ),
        (
            {"phone": "p", "changes": [{"seq": 1, "field": "credits", "value": ["1", 2]}]},
            "A change's value for credits is text or a list of texts.",
        ),
        (
            {"phone": "p", "changes": [{"seq": 1, "field": "credits", "was": {"x": "1"}}]},
            "A change's value for credits is text or a list of texts.",
        ),
    ],
)
def test_a_push_the_protocol_cannot_read_is_refused_whole_in_its_sentence(table, body, sentence):
    campaign, people = table
    draft = open_(campaign, people)
    response = people.player.post(
        url(campaign, "draft_push"), json.dumps(body), content_type="application/json"
    )
    assert (response.status_code, response.json()) == (400, {"error": sentence})
    assert GameDraft.objects.get(pk=draft.pk).revision == draft.revision


@pytest.mark.parametrize("named", [True, "1", 1.5])
def test_a_push_naming_a_draft_by_no_number_is_told_the_entry_is_closed(table, named):
    campaign, people = table
    draft = open_(campaign, people)
    body = {"phone": "p", "draft": named, "changes": [field(1, "credits", "9")]}
    response = people.player.post(
        url(campaign, "draft_push"), json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 410 and set(response.json()) == {"closed"}
    assert card(draft, "purple").data == {}


@pytest.mark.parametrize("drawn", ["[1]", '"values"', "3"])
def test_a_drawn_that_is_not_the_forms_values_refuses_the_write_in_its_sentence(table, drawn):
    campaign, people = table
    draft = open_(campaign, people)
    sentence = "What the page showed (_drawn) is not the form's values."
    response = people.player.post(
        url(campaign, "draft_seat", "purple"),
        {"p1-credits": "8", "_drawn": drawn},
        headers={"HX-Request": "true"},
    )
    assert (response.status_code, response.content.decode()) == (400, sentence)
    response = people.owner.post(
        url(campaign, "draft_shared"), {"hubs-zone1_workers": "8", "_drawn": drawn}, follow=True
    )
    assert f"{sentence} Nothing was saved: open the page again and retype." in (
        response.content.decode().replace("&#x27;", "'")
    )
    assert card(draft, "purple").data == {}
    assert "hubs-zone1_workers" not in GameDraft.objects.get(pk=draft.pk).shared


def test_a_written_field_with_its_was_ignores_the_drawn_values(table):
    """`_was` for the one field posted is what the writer saw: `_drawn` is not read then."""
    campaign, people = table
    draft = open_(campaign, people)
    response = people.player.post(
        url(campaign, "draft_seat", "purple"),
        {"p1-credits": "8", "_field": "p1-credits", "_was": "", "_drawn": "[1]"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert card(draft, "purple").data["credits"] == "8"


def test_every_phone_polling_a_saved_draft_is_sent_to_the_games_checklist(table):
    campaign, people = table
    draft = fill(campaign, people, open_(campaign, people))
    people.owner.post(url(campaign, "draft_save"), {"revision": draft.revision})
    answer = poll(people.player, campaign, draft, draft.revision).json()
    assert answer["go"] == url(campaign, "checklist", 4)


def test_a_phone_at_the_latest_version_still_gets_the_newer_panel(table):
    campaign, people = table
    draft = open_(campaign, people)
    answer = push(people.player, campaign, [field(1, "credits", "9")], phone="p").json()
    # The phone knows the version from its push's answer; its panel is still the older one.
    response = poll(people.player, campaign, draft, answer["version"], p=draft.revision)
    assert response.status_code == 200
    assert response.json()["panel_version"] == answer["version"]
    # Once it has that panel too, nothing new: 204.
    again = poll(people.player, campaign, draft, answer["version"], p=answer["version"])
    assert again.status_code == 204


def test_a_count_out_of_its_bounds_comes_back_under_its_field(table):
    """Issue 31: credits 40, outposts −2, 5 bases and 31 mining tokens each come back in
    `problems` as a sentence naming the field and what is allowed (the counts' fields carry
    no min/max validator: the stepper's bounds are checked), and are kept all the same."""
    campaign, people = table
    draft = open_(campaign, people)
    answer = push(
        people.player,
        campaign,
        [
            field(1, "credits", "40"),
            field(2, "outposts_1", "-2"),
            field(3, "bases_2", "5"),
            field(4, "mining_tokens", "31"),
            field(5, "military_tokens", "3"),
        ],
        draft=draft,
    ).json()
    assert answer["problems"] == {
        "card:purple/credits": "Credits must be between 0 and 29, not 40.",
        "card:purple/outposts_1": "Outposts in zone 1 must be between 0 and 17, not -2.",
        "card:purple/bases_2": "Bases in zone 2 must be between 0 and 4, not 5.",
        "card:purple/mining_tokens": "Mining tokens must be between 0 and 30, not 31.",
    }
    assert card(draft, "purple").data["credits"] == "40"
    # Put right, the field's sentence is gone.
    fixed = push(people.player, campaign, [field(6, "credits", "29", was="40")], draft=draft)
    assert fixed.json()["problems"] == {}


def test_a_german_panel_says_each_refusal_in_german(table, reader_language):
    campaign, people = table
    draft = open_(campaign, people)
    people.owner.defaults["HTTP_ACCEPT_LANGUAGE"] = "de"
    push(
        people.player,
        campaign,
        [field(1, "credits", "40"), field(2, "mining_tokens", "31")],
        draft=draft,
    )
    for seat in ("yellow", "teal"):
        push(people.owner, campaign, [field(1, "mining_tokens", "20", card=seat)], draft=draft)
    html = poll(people.owner, campaign, draft, 0).json()["panel"]
    assert "Credits muss zwischen 0 und 29 liegen." in html
    assert (
        "stimmig sind: Spieler enthalten 31 Bergbau-Ressourcenmarker, mehr als die 30 in der "
        "Schachtel.</p>" in html
    )


def test_the_panel_says_each_refusal_once_without_prefixes(table):
    """The seat panel's sentences name their field once ("Card: Bases: …" no more) and end
    with one full stop ("… in the box. ." no more)."""
    campaign, people = table
    draft = open_(campaign, people)
    push(
        people.player,
        campaign,
        [field(1, "credits", "40"), field(2, "mining_tokens", "31")],
        draft=draft,
    )
    for seat in ("yellow", "teal"):
        push(people.owner, campaign, [field(1, "mining_tokens", "20", card=seat)], draft=draft)
    html = poll(people.owner, campaign, draft, 0).json()["panel"]
    assert "Card:" not in html and "Shared part:" not in html
    assert ". ." not in html and ".." not in html
    assert "Credits must be between 0 and 29." in html
    assert (
        "read right: Players hold 31 mining resource tokens, more than the 30 in the box.</p>"
        in html
    )
