"""The History in the reader's language: a change keeps its sentences' words beside their
English (`Change.summary_words`, `details_words`), and a change recorded before it kept them
still shows, in the English it was stored in (issue 33)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.tests.factory import owned
from benchmarks.samples import leader_table
from campaign import actions
from campaign.models import Change, ChangeKind
from campaign.tests.factory import demo_data
from campaign.tests.test_box_views import box_url, posted_form, with_nautilus
from campaign.tests.test_history import edit, history_url, make_member, undo_url, with_credits
from campaign.views.history import details_of, summary_of

pytestmark = pytest.mark.usefixtures("catalogue")

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}


@pytest.fixture
def member(client, user, three_games):
    """A client signed in as the owner of `three_games`."""
    make_member(three_games, user)
    client.force_login(user)
    return client


@pytest.fixture
def box_demo():
    """The demo campaign with the Nautilus in its box (as test_box_views')."""
    return owned(actions.import_campaign(with_nautilus(demo_data()), name="Thursday group"))


def edit_game_1(campaign, user=None):
    game = campaign.games.get(number=1)
    table = with_credits(game.table, "purple", 14)
    return edit(campaign, 1, user, table=table, city_location="Mars", city_name="New Caro")


def test_an_edit_is_said_in_german_on_the_history_page_and_in_english_as_before(
    member, three_games, user
):
    edit_game_1(three_games, user)
    german = member.get(history_url(three_games), **GERMAN).content.decode()
    assert "Stadt Mars/New Caro hinzugefügt" in german
    assert "Credits von Purple corporation 10 → 14" in german
    assert (
        "Was sich dadurch danach geändert hat: Partie 1 neu gewertet; "
        "Partie 1: Purple corporation 5 → 7"
    ) in german
    assert "What it changed downstream" not in german and "city Mars" not in german
    english = member.get(history_url(three_games)).content.decode()
    assert "city Mars/New Caro added" in english
    assert "What it changed downstream: game 1 re-scored; game 1: Purple corporation 5 → 7" in (
        english
    )
    # Stored in English as before, its words beside.
    change = three_games.changes.first()
    assert change.summary == "city Mars/New Caro added; credits of Purple corporation 10 → 14"
    assert change.details_words[0] == {
        "template": "city %(new_city)s added",
        "params": {"new_city": "Mars/New Caro"},
    }


def test_a_change_recorded_before_its_words_were_kept_shows_its_english(member, three_games):
    # As the History wrote a change before issue 33: English only, no words.
    old = Change.objects.create(
        campaign=three_games,
        kind=ChangeKind.GAME_EDITED,
        game_number=1,
        summary="city Mars/New Caro added; notes edited",
        details=[
            "city Mars/New Caro added",
            "notes edited",
            "What it changed downstream: game 1 re-scored",
        ],
    )
    assert (old.summary_words, old.details_words) == (None, None)
    for language in (GERMAN, {}):
        html = member.get(history_url(three_games), **language).content.decode()
        assert f'id="change-{old.pk}"' in html
        assert "city Mars/New Caro added" in html
        assert "What it changed downstream: game 1 re-scored" in html
    with translation.override("de"):
        assert details_of(old) == old.details
        assert summary_of(old) == old.summary


def test_words_that_no_longer_fit_show_the_english(three_games):
    change = Change.objects.create(
        campaign=three_games,
        kind=ChangeKind.GAME_MOVED,
        summary="from 1 to 2",
        summary_words={"template": "from %(old)s to %(new)s", "params": {"old": 1}},
        details=["moved"],
        details_words=["moved", "a line too many"],
    )
    with translation.override("de"):
        assert summary_of(change) == "from 1 to 2"
        assert details_of(change) == ["moved"]


def test_an_undo_is_said_in_german_with_what_it_undid(member, three_games):
    actions.move_game(three_games.games.get(number=1), 2)
    response = member.post(undo_url(three_games.changes.first()), **GERMAN)
    html = member.get(response["Location"], **GERMAN).content.decode()
    assert "Rückgängig gemacht: Partie verschoben, Partie 2 (von 1 nach 2). Kampagne neu" in html
    # Its headline (the line of what it did is the headline's: not shown twice).
    assert "Rückgängig gemacht: Partie verschoben, Partie 2 (von 1 nach 2)</p>" in html
    assert "undid" not in html and "game moved" not in html
    undo = three_games.changes.first()
    assert undo.summary == "undid: game moved, game 2 (from 1 to 2)"
    assert undo.details == ["moved from game 2 to 1"]


def test_an_undo_of_a_change_recorded_without_words_names_it_in_its_english(three_games):
    actions.delete_game(three_games.games.get(number=3))
    deleted = three_games.changes.first()
    # As an earlier version recorded it: its English alone.
    Change.objects.filter(pk=deleted.pk).update(summary_words=None, details_words=None)
    deleted.refresh_from_db()
    undo = actions.undo_change(deleted)
    with translation.override("de"):
        assert summary_of(undo) == (
            "rückgängig gemacht: Partie gelöscht, Partie 3 (played on 19 Jan 2026)"
        )


def test_corporations_and_seats_are_said_in_german(three_games, user):
    purple = three_games.corporations.get(key="purple")
    actions.rename_corporation(purple, name="Violett", player="Ann", ai=True)
    make_member(three_games, user)
    actions.assign_seat(purple, user)
    seat, renamed = three_games.changes.all()[:2]
    assert renamed.details == [
        "corporation Purple corporation → Violett",
        "player of Violett none → Ann",
        "Violett is now played by a minister card (AI)",
    ]
    assert seat.summary == "caro holds Violett"
    with translation.override("de"):
        assert details_of(renamed) == [
            "Konzern Purple corporation → Violett",
            "Spieler von Violett keine → Ann",
            "Violett wird jetzt von einer Ministerkarte gespielt (AI)",
        ]
        assert summary_of(seat) == "caro belegt Violett"


def test_the_box_pages_last_change_is_said_in_german(owner_client, box_demo):
    demo = box_demo
    url = box_url(demo, "campaign:box_location", "Mars")
    owner_client.post(url, posted_form(owner_client, url, zone=3))
    change = Change.objects.get(campaign=demo, kind=ChangeKind.BOX_CHANGED)
    page = owner_client.get(box_url(demo), **GERMAN).content.decode()
    assert "Mars ist jetzt Zone 3 (vorher 1): Partien 3 und 5 neu gewertet; Partie 3:" in page
    assert change.summary.startswith("Mars is now zone 3 (was 1): games 3 and 5 re-scored")
    history = owner_client.get(reverse("history:list", args=[demo.slug]), **GERMAN)
    assert "Partien 3 und 5 neu gewertet" in history.content.decode()


def test_unlocks_powers_settings_moves_and_cities_are_said_in_german(demo):
    actions.set_manual_unlock(demo, 19, 5)
    actions.set_power(demo.corporations.get(key="purple"), "")
    actions.update_settings(demo, second_place_rounding="up", name="Thursday")
    actions.name_city(demo.games.get(number=2), "", "")
    settings, power, unlock = demo.changes.all()[1:4]
    city = demo.changes.first()
    assert [unlock.summary, power.summary, settings.summary, city.summary] == [
        "#19 after game 5",
        "Purple corporation: none",
        "name Demo campaign → Thursday; second place rounding down → up",
        "no city named",
    ]
    with translation.override("de"):
        assert [summary_of(unlock), summary_of(power), summary_of(city)] == [
            "#19 nach Partie 5",
            "Purple corporation: keine",
            "keine Stadt benannt",
        ]
        assert details_of(settings) == [
            "Name: Demo campaign → Thursday",
            "Rundung des zweiten Platzes: abrunden → aufrunden",
        ]


def test_a_game_added_and_one_deleted_are_said_in_german(three_games):
    actions.save_game(
        three_games,
        table=leader_table("purple", "yellow", "teal"),
        played_on=datetime.date(2026, 2, 2),
        megastructure="",
        number=2,
    )
    actions.delete_game(three_games.games.get(number=3))
    deleted, added = three_games.changes.all()[:2]
    assert added.summary == "played on 2 Feb 2026; games 3 to 4 moved up one"
    assert deleted.summary == "played on 12 Jan 2026; game 4 moved down one"
    with translation.override("de"):
        # The date kept as a Day: written as German writes it.
        assert summary_of(added) == (
            "gespielt am 2. Feb 2026; Partien 3 bis 4 um eins nach hinten verschoben"
        )
        assert (
            summary_of(deleted) == "gespielt am 12. Jan 2026; Partie 4 um eins nach vorn verschoben"
        )
