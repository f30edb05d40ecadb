"""The scoring wizard's pages: setup, the table form, the live result, saved one-off games."""

from __future__ import annotations

import copy
import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.tests.factory import owner_user
from campaign.models import Campaign, Game
from scoring.wizard.table_form import TableForm
from solar175.engine import score_game
from solar175.table import read_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

# docs/table-file.md's example, with two more players, in the wizard's own shape (every zone in
# play listed, the starting ship first, and the optional `sections` the group said it had
# unlocked: none, a first game), so that the form gives it back unchanged.
TABLE = {
    "format": "solar175-table",
    "version": 1,
    "rules": {
        "zones_in_play": [1, 2],
        "celestial_rebellion": False,
        "trade_unions": False,
        "second_place_rounding": "down",
    },
    "megastructure_zone": 1,
    "incumbent_party": "united_federalists",
    "hubs": {
        "hensler": {"workers": 3, "algorithms": 1},
        "ufss": {"workers": 3, "algorithms": 1},
        "military": {"workers": 2, "algorithms": 0},
        "zones": {"1": {"workers": 3, "algorithms": 2}, "2": {"workers": 3, "algorithms": 0}},
    },
    "ballots": {"united_federalists": 2, "workers_union": 1, "brave_new_dawn": 0},
    "players": [
        {
            "corporation": "purple",
            "credits": 12,
            "loans": [],
            "mining_tokens": 2,
            "megastructure_tokens": 3,
            "military_tokens": 2,
            "outposts": {"1": 3, "2": 1},
            "bases": [1, 2],
            "ships": [{"zone": 1, "presence": 2}],
            "political_influence_ip": 0,
            "bonus_ip": 0,
            "extra_vote": None,
        },
        {
            "corporation": "yellow",
            "credits": 5,
            "loans": [],
            "mining_tokens": 1,
            "megastructure_tokens": 1,
            "military_tokens": 0,
            "outposts": {"1": 1, "2": 4},
            "bases": [2],
            "ships": [{"zone": 2, "presence": 2}],
            "political_influence_ip": 0,
            "bonus_ip": 0,
            "extra_vote": None,
        },
        {
            "corporation": "teal",
            "credits": 20,
            "loans": [],
            "mining_tokens": 0,
            "megastructure_tokens": 0,
            "military_tokens": 3,
            "outposts": {"1": 2, "2": 2},
            "bases": [],
            "ships": [{"zone": 1, "presence": 2}],
            "political_influence_ip": 0,
            "bonus_ip": 0,
            "extra_vote": None,
        },
    ],
    "sections": [],
}
# Section titles and the words of what they bring, which no page may show before the group
# says the section is unlocked (RULES-NOTES §5; the distinctive ones).
SECRET_WORDS = (
    "Celestial Rebellion",
    "Trade unions",
    "from the union",
    "hire card",
    "Spoiled ballots",
    "Loans held",
    "Political influence",
    "Player power",
    "Leased ship",
    "White Star",
)


def form_data(table: dict = TABLE, **changes: str | list[str]) -> dict[str, list[str]]:
    """The wizard's POST for `table`, as a browser would send it, with `changes` applied
    (a list for a field of several values: `setup__sections=["4", "15"]`)."""
    data = TableForm(table=table).data
    posted = {key: data.getlist(key) for key in data}
    posted["game-played_on"] = ["2026-01-05"]
    for key, value in changes.items():
        posted[key.replace("__", "-")] = value if isinstance(value, list) else [value]
    return posted


def secrets_in(html: str) -> list[str]:
    """The secret words anywhere in the page, attributes and scripts included."""
    lowered = html.lower()
    return [word for word in SECRET_WORDS if word.lower() in lowered]


def make_game(table: dict = TABLE, played_on: str = "2026-01-05") -> Game:
    return Game.objects.create(
        campaign=None,
        number=1,
        played_on=played_on,
        table=table,
        result=score_game(read_table(table).valid_state()).as_dict(),
        created_by=owner_user(),
    )


def field_error(html: str, field_id: str) -> str:
    match = re.search(rf'id="{re.escape(field_id)}_error"[^>]*>(.*?)</div>', html, re.S)
    assert match, f"no error slot for {field_id}"
    return re.sub(r"<[^>]+>", " ", match.group(1)).strip()


def writes(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].split()[0].upper() in ("INSERT", "UPDATE", "DELETE")
    ]


# --- the first step ---------------------------------------------------------------------


def test_it_shows_the_first_step(owner_client, django_assert_num_queries):
    # the session and its user, then the page's own queries
    with django_assert_num_queries(4):
        response = owner_client.get(reverse("scoring:wizard"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="setup-players"' in html
    # Three seats by default, in the catalogue's colour order.
    assert 'name="setup-seat3_corporation"' in html
    assert 'name="setup-seat4_corporation"' not in html
    assert 'value="purple" selected' in html
    assert 'name="step" value="table"' in html
    # First the sections unlocked, by number only: "none" ticked for a first game.
    assert re.search(r'name="setup-sections" value="none"[^>]*checked', html)
    labels = re.findall(r'<label class="btn btn-outline-primary" for="[^"]+">([^<]*)</label>', html)
    assert labels == ["None: our first game"] + [f"#{n}" for n in (*range(1, 20), 23, 24)]
    # One tap for what the first games unlock, whatever happened in them.
    assert 'name="setup-after_game" value="4"' in html
    assert 'data-sections="1 2 3 4 5 6 7 8 9"' in html
    # The rules come with the table; nothing yet hints at what a section brings.
    assert 'name="setup-zones_in_play"' not in html
    assert secrets_in(html) == []


def test_a_preset_without_javascript_ticks_what_the_first_games_unlocked(owner_client):
    response = owner_client.get(
        reverse("scoring:wizard"),
        {"setup-sections": ["none", "13"], "setup-players": "3", "setup-after_game": "2"},
    )
    html = response.content.decode()
    ticked = re.findall(r'name="setup-sections" value="(\w+)"[^>]*checked', html)
    assert ticked == ["1", "2", "3", "4"]
    assert 'name="p1-credits"' not in html


def test_a_section_ticked_wins_over_none_left_ticked(owner_client):
    response = owner_client.get(
        reverse("scoring:wizard"),
        {"setup-sections": ["none", "15"], "setup-players": "3", "step": "table"},
    )
    html = response.content.decode()
    assert 'name="p1-loans"' in html
    assert re.findall(r'name="setup-sections" value="(\w+)"[^>]*checked', html) == ["15"]


def test_the_first_step_asks_for_an_answer_about_sections(owner_client):
    response = owner_client.get(reverse("scoring:wizard"), {"setup-players": "3", "step": "table"})
    html = response.content.decode()
    assert 'name="p1-credits"' not in html
    assert field_error(html, "id_setup-sections") == (
        "Tick the sections your group has unlocked, or “None: our first game”."
    )


def test_the_first_step_redraws_for_more_players(owner_client):
    response = owner_client.get(
        reverse("scoring:wizard"),
        {"setup-players": "5", "setup-seat1_corporation": "teal"},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'name="setup-seat5_corporation"' in html
    # A new seat takes a colour no earlier seat has.
    assert re.search(r'name="setup-seat2_corporation".*?value="purple" selected', html, re.S)


def test_the_first_step_refuses_a_colour_twice_with_the_commands_sentence(owner_client):
    response = owner_client.get(
        reverse("scoring:wizard"),
        {
            "setup-sections": "none",
            "setup-players": "2",
            "setup-seat1_corporation": "purple",
            "setup-seat2_corporation": "purple",
            "step": "table",
        },
    )
    html = response.content.decode()
    assert 'name="p1-credits"' not in html
    assert field_error(html, "id_setup-seat2_corporation") == (
        "repeats &quot;purple&quot; of players[0]; each corporation plays once"
    )


def test_it_lays_out_the_table_for_the_chosen_players_and_sections(owner_client):
    response = owner_client.get(
        reverse("scoring:wizard"),
        {
            "setup-players": "4",
            "setup-seat1_corporation": "orange",
            "setup-seat2_corporation": "purple",
            "setup-seat3_corporation": "yellow",
            "setup-seat4_corporation": "teal",
            # Zones 3 and 4, the Celestial Rebellion and the unions.
            "setup-sections": ["1", "3", "12", "13"],
            "step": "table",
        },
    )
    html = response.content.decode()
    assert response.status_code == 200
    for name in (
        "p4-credits",
        "p1-outposts_4",
        "p2-bases_3",
        "hubs-zone4_workers",
        "ballots-spoiled",
        "ballots-hire_pilot",
    ):
        assert f'name="{name}"' in html, name
    assert 'name="p1-outposts_5"' not in html
    # The zones the sections opened start in play and can be taken out.
    assert re.search(r'name="setup-zones_in_play" value="4"[^>]*checked', html)
    assert 'name="setup-zones_in_play" value="5"' not in html
    assert '<option value="celestial_rebellion">Celestial Rebellion</option>' in html
    assert "1. Orange corporation" in html
    assert 'inputmode="numeric"' in html
    # The sections fold away under their numbers.
    assert "Sections unlocked: #1, #3, #12, #13" in html
    # No zone is chosen for the group's location token: the page asks for it first.
    assert '<option value="" selected>Choose the zone</option>' in html
    assert "Choose the zone of the location card the Megastructure Location Token is on" in html
    assert 'data-total="orange"' not in html


def test_a_fresh_table_of_zeros_scores_once_the_token_has_its_zone(owner_client):
    response = owner_client.get(
        reverse("scoring:wizard"),
        {
            "setup-players": "3",
            "setup-sections": ["none"],
            "setup-megastructure_zone": "2",
            "step": "table",
        },
    )
    html = response.content.decode()
    assert 'data-total="purple"' in html
    assert '<option value="2" selected>Zone 2 · Jupiter</option>' in html


def test_a_first_game_shows_no_field_a_section_brings(owner_client):
    response = owner_client.get(
        reverse("scoring:wizard"),
        {"setup-sections": "none", "setup-players": "3", "step": "table"},
    )
    html = response.content.decode()
    assert 'name="p1-credits"' in html
    for name in (
        "p1-loans",
        "p1-political_influence_ip",
        "p1-bonus",
        "p1-extra_vote",
        "p1-leased1_zone",
        "ballots-spoiled",
        "ballots-hire_general",
        "p1-outposts_3",
        "hubs-zone3_workers",
    ):
        assert f'name="{name}"' not in html, name
    # Only zones 1 and 2 exist: no choice to show, no zone beyond them to name.
    assert 'name="setup-zones_in_play"' not in html
    assert not re.search(r"Zone [3-6]", html)
    assert secrets_in(html) == []
    assert "Sections unlocked: none (a first game)" in html


def test_each_section_brings_its_fields_named_in_the_games_words(owner_client):
    html = owner_client.get(
        reverse("scoring:wizard"),
        {"setup-sections": ["4", "6", "7", "15"], "setup-players": "2", "step": "table"},
    ).content.decode()
    assert 'name="p2-leased3_presence"' in html
    assert "Loans held (#15)" in html
    assert "Political influence card IP (#6)" in html
    assert "Player power: +2 end-game IP" in html
    assert "Leased ships, loans, political influence, player power" in html
    # Not the Rebellion's or the unions' sections.
    assert 'name="ballots-spoiled"' not in html
    assert 'name="ballots-hire_pilot"' not in html
    only_loans = owner_client.get(
        reverse("scoring:wizard"),
        {"setup-sections": ["15"], "setup-players": "2", "step": "table"},
    ).content.decode()
    assert "<summary>Loans</summary>" in only_loans
    assert [w for w in secrets_in(only_loans) if w != "Loans held"] == []


# --- saving --------------------------------------------------------------------------------


def test_it_saves_a_valid_game_and_redirects_to_its_result(owner_client, django_assert_num_queries):
    data = form_data()
    # the session and its user, then the page's own queries
    with django_assert_num_queries(9):
        response = owner_client.post(reverse("scoring:wizard"), data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game_detail", args=[game.pk])
    assert game.campaign is None
    assert game.number == 1
    assert game.played_on == datetime.date(2026, 1, 5)
    assert game.table == TABLE
    assert game.result == score_game(read_table(TABLE).valid_state()).as_dict()


def test_it_keeps_the_sections_a_game_was_scored_with_and_reopens_with_them(owner_client):
    data = form_data(setup__sections=["1", "6", "12"], p2__political_influence_ip="3")
    owner_client.post(reverse("scoring:wizard"), data)
    game = Game.objects.get()
    assert game.table["sections"] == [1, 6, 12]
    assert game.table["rules"]["zones_in_play"] == [1, 2, 3]
    assert game.table["rules"]["celestial_rebellion"] is True
    assert game.table["players"][1]["political_influence_ip"] == 3
    html = owner_client.get(reverse("scoring:game_edit", args=[game.pk])).content.decode()
    ticked = re.findall(r'name="setup-sections" value="(\w+)"[^>]*checked', html)
    assert ticked == ["1", "6", "12"]
    assert 'name="p2-political_influence_ip" value="3"' in html
    assert 'name="ballots-spoiled"' in html
    assert 'name="p1-loans"' not in html


def test_an_older_game_without_sections_reopens_with_what_its_table_holds(owner_client):
    table = copy.deepcopy(TABLE)
    del table["sections"]
    table["rules"]["zones_in_play"] = [1, 2, 3]
    table["players"][0]["loans"] = [5]
    game = make_game(table)
    html = owner_client.get(reverse("scoring:game_edit", args=[game.pk])).content.decode()
    # Zone 3 needs #1, a loan #15: those fields show with their values; nothing else does.
    assert "Sections unlocked: #1, #15" in html
    assert 'name="p1-loans" value="5"' in html
    assert 'name="p1-outposts_3"' in html
    assert 'name="p1-political_influence_ip"' not in html


def test_invalid_input_changes_nothing_and_shows_the_sentence_beside_the_field(owner_client):
    response = owner_client.post(reverse("scoring:wizard"), form_data(p2__credits="30"))
    html = response.content.decode()
    assert response.status_code == 200
    assert Game.objects.count() == 0
    assert field_error(html, "id_p2-credits") == "must be between 0 and 29"
    # The other fields keep what was typed.
    assert re.search(r'name="p3-credits" value="20"', html)


def test_it_places_each_sentence_where_its_path_points(owner_client):
    data = form_data(
        setup__sections=["4", "15"],
        hubs__ufss_workers="-1",
        ballots__brave_new_dawn="40",
        p1__outposts_1="17",
        p1__leased1_zone="2",
        p3__loans="5, 0",
    )
    html = owner_client.post(reverse("scoring:wizard"), data).content.decode()
    assert field_error(html, "id_hubs-ufss_workers") == "must be 0 or more"
    assert "more than the 34 voting tokens in the box" in html
    assert "Outposts: must total at most 17" in html
    assert field_error(html, "id_p1-leased1_presence") == (
        "is required (a ship has a zone and its card&#x27;s presence, or names its card)"
    )
    assert field_error(html, "id_p3-loans") == "Loan 2: must be 1 or more"
    assert Game.objects.count() == 0


def test_a_change_of_players_or_sections_redraws_the_form_without_saving(owner_client):
    data = form_data(setup__players="4", setup__sections="12", refresh="1")
    response = owner_client.post(reverse("scoring:wizard"), data, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="wizard-body"')
    assert 'name="p4-credits"' in html
    assert 'name="ballots-spoiled"' in html
    # What was typed stays; the new player starts at the defaults.
    assert 'name="p3-credits" value="20"' in html
    assert 'name="p4-credits" value="0"' in html
    assert Game.objects.count() == 0


def test_a_section_ticked_later_brings_its_zone_into_play_and_a_zone_taken_out_stays_out(
    owner_client,
):
    # Zones 3 and 4 open (#1, #3); the group takes zone 4 out of play.
    data = form_data(setup__sections=["1", "3"], refresh="1")
    html = owner_client.post(reverse("scoring:wizard"), data).content.decode()
    assert 'name="setup-zones_offered" value="1,2,3,4"' in html
    data = form_data(
        setup__sections=["1", "3"], setup__zones_offered="1,2,3,4", setup__zones_in_play="3"
    )
    data["refresh"] = ["1"]
    html = owner_client.post(reverse("scoring:wizard"), data).content.decode()
    assert 'name="p1-outposts_3"' in html and 'name="p1-outposts_4"' not in html
    # Then #8 is ticked: zone 5 joins, zone 4 stays out.
    data["setup-sections"] = ["1", "3", "8"]
    html = owner_client.post(reverse("scoring:wizard"), data).content.decode()
    assert 'name="p1-outposts_5"' in html and 'name="p1-outposts_4"' not in html
    # And un-ticking #1 takes zone 3 out of play with it.
    data["setup-sections"] = ["3", "8"]
    data["setup-zones_offered"] = ["1,2,3,4,5"]
    data["setup-zones_in_play"] = ["3", "5"]
    html = owner_client.post(reverse("scoring:wizard"), data).content.decode()
    assert 'name="p1-outposts_3"' not in html and 'name="p1-outposts_5"' in html


def test_a_field_of_a_section_not_unlocked_counts_as_zero(owner_client):
    # Typed while #15 and #6 were ticked, then un-ticked: the values do not reach the table.
    data = form_data(setup__sections="none", p1__loans="5", p1__political_influence_ip="4")
    response = owner_client.post(reverse("scoring:wizard"), data)
    assert response.status_code == 302
    player = Game.objects.get().table["players"][0]
    assert (player["loans"], player["political_influence_ip"]) == ([], 0)


def test_without_javascript_the_update_button_redraws_the_whole_page(owner_client):
    response = owner_client.post(
        reverse("scoring:wizard"), form_data(setup__players="2", refresh="1")
    )
    html = response.content.decode()
    assert "<html" in html
    assert 'name="p3-credits"' not in html
    assert Game.objects.count() == 0


# --- the live result -------------------------------------------------------------------------


def test_the_live_preview_returns_the_result_fragment(owner_client, django_assert_num_queries):
    data = form_data()
    # the session and its user, then the page's own queries
    with django_assert_num_queries(7):
        response = owner_client.post(
            reverse("scoring:preview"), data, headers={"HX-Request": "true"}
        )
    html = response.content.decode()
    score = score_game(read_table(TABLE).valid_state())
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="live-result"')
    assert "<html" not in html
    for player in score.players:
        assert f'data-total="{player.corporation}">{player.total}<' in html
    # The totals bar and every field's sentence slot come along out of band, now empty.
    assert 'id="live-totals" class="live-totals d-lg-none" hx-swap-oob' in html
    assert '<div class="field-error" id="id_p1-credits_error" hx-swap-oob="true"></div>' in html
    assert Game.objects.count() == 0


def test_an_invalid_live_preview_is_a_200_with_the_sentences_beside_the_fields(owner_client):
    data = form_data(p1__mining_tokens="31", p2__credits="30")
    response = owner_client.post(reverse("scoring:preview"), data, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-total="purple"' not in html
    assert (
        '<div class="field-error" id="id_p2-credits_error" hx-swap-oob="true">'
        "<span>must be between 0 and 29</span></div>"
    ) in html
    assert (
        '<div class="form-errors" id="players-errors" hx-swap-oob="true"><p>Players: hold 32 '
        "mining resource tokens, more than the 30 in the box.</p></div>"
    ) in html


# --- methods and writes ------------------------------------------------------------------------


def test_wrong_methods_are_refused(owner_client):
    game = make_game()
    assert owner_client.get(reverse("scoring:preview")).status_code == 405
    assert owner_client.put(reverse("scoring:wizard")).status_code == 405
    assert owner_client.post(reverse("scoring:game_detail", args=[game.pk])).status_code == 405
    assert owner_client.post(reverse("scoring:game_list")).status_code == 405
    assert owner_client.post(reverse("scoring:home")).status_code == 405
    assert owner_client.delete(reverse("scoring:game_delete", args=[game.pk])).status_code == 405
    assert owner_client.patch(reverse("scoring:game_edit", args=[game.pk])).status_code == 405


def test_get_never_writes(owner_client):
    game = make_game()
    before = Game.objects.values().get()
    urls = [
        reverse("scoring:home"),
        reverse("scoring:wizard"),
        reverse("scoring:wizard") + "?setup-sections=none&setup-players=2&step=table",
        reverse("scoring:game_list"),
        reverse("scoring:game_detail", args=[game.pk]),
        reverse("scoring:game_edit", args=[game.pk]),
        reverse("scoring:game_delete", args=[game.pk]),
    ]
    with CaptureQueriesContext(connection) as queries:
        for url in urls:
            assert owner_client.get(url).status_code == 200, url
    assert writes(queries) == []
    assert Game.objects.values().get() == before


# --- the saved game ----------------------------------------------------------------------------


def test_the_result_page_shows_the_breakdown_election_tie_break_and_tracker(
    owner_client, django_assert_num_queries
):
    game = make_game()
    score = score_game(read_table(TABLE).valid_state())
    # the session and its user, then the page's own queries
    with django_assert_num_queries(7):
        response = owner_client.get(reverse("scoring:game_detail", args=[game.pk]))
    html = response.content.decode()
    for player in score.players:
        assert f'data-total="{player.corporation}">{player.total}<' in html
    winner = score.player(score.winner)
    assert f"Purple corporation</strong> wins with <strong>{winner.total}</strong> IP." in html
    assert "The United Federalists won the election with 2 votes." in html
    assert "Megastructure IP is doubled." in html
    assert "Megastructure funding" in html
    assert re.search(r"Purple corporation</strong> crosses: Zone 1 presence, [^<]*Highest", html)


def test_the_result_page_names_the_tie_break_in_words(owner_client):
    table = copy.deepcopy(TABLE)
    # Two players with the same table but for the order: the first in play order wins.
    table["players"][1] = {**table["players"][0], "corporation": "yellow"}
    game = make_game(table)
    html = owner_client.get(reverse("scoring:game_detail", args=[game.pk])).content.decode()
    score = score_game(read_table(table).valid_state())
    assert score.tie_break == "play_order"
    total = score.player("purple").total
    assert (
        f"Tie on {total} IP and on presence in zone 1 broken by the order of play: "
        "Purple corporation takes the first player marker soonest."
    ) in html


def test_the_result_page_shows_union_votes_and_an_overthrow(owner_client):
    table = copy.deepcopy(TABLE)
    table["rules"].update(celestial_rebellion=True, trade_unions=True)
    table["ballots"]["spoiled"] = 7
    table["hire_cards_left"] = {"general": 2, "engineer": 2, "pilot": 4}
    game = make_game(table)
    html = owner_client.get(reverse("scoring:game_detail", args=[game.pk])).content.decode()
    assert "The Celestial Rebellion took power: 7 spoiled ballots" in html
    assert "incl. +2 from the union" in html
    assert "Presence IP is doubled." in html


def test_a_campaign_game_is_not_a_one_off_game(owner_client):
    campaign = Campaign.objects.create(name="Thursday", slug="thursday")
    game = Game.objects.create(campaign=campaign, number=1, played_on="2026-01-05", table=TABLE)
    assert owner_client.get(reverse("scoring:game_detail", args=[game.pk])).status_code == 404
    assert owner_client.get(reverse("scoring:game_edit", args=[game.pk])).status_code == 404
    assert owner_client.post(reverse("scoring:game_delete", args=[game.pk])).status_code == 404
    assert (
        reverse("scoring:game_detail", args=[game.pk])
        not in owner_client.get(reverse("scoring:game_list")).content.decode()
    )


def test_the_list_shows_date_players_winner_and_totals_in_constant_queries(
    owner_client, django_assert_num_queries
):
    make_game(played_on="2026-01-05")
    # the session and its user, then the page's own queries
    with django_assert_num_queries(4):
        response = owner_client.get(reverse("scoring:game_list"))
    html = response.content.decode()
    assert "5 Jan 2026" in html
    assert "Purple corporation won" in html
    assert "Teal corporation" in html
    for _ in range(4):
        make_game(played_on="2026-02-01")
    # the session and its user, then the page's own queries
    with django_assert_num_queries(4):
        owner_client.get(reverse("scoring:game_list"))
    # the session and its user, then the page's own queries
    with django_assert_num_queries(4):
        html = owner_client.get(reverse("scoring:home")).content.decode()
    assert "Score a game" in html


def test_edit_reopens_the_wizard_prefilled(owner_client, django_assert_num_queries):
    game = make_game()
    # the session and its user, then the page's own queries
    with django_assert_num_queries(8):
        response = owner_client.get(reverse("scoring:game_edit", args=[game.pk]))
    html = response.content.decode()
    assert 'name="p3-credits" value="20"' in html
    assert 'name="hubs-zone1_algorithms" value="2"' in html
    assert 'name="game-played_on" value="2026-01-05"' in html
    assert 'name="game-version" value="1"' in html


def test_edit_saves_a_new_version_and_rescores(owner_client):
    game = make_game()
    data = form_data(p3__credits="29", game__version="1")
    response = owner_client.post(reverse("scoring:game_edit", args=[game.pk]), data)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.version == 2
    assert game.table["players"][2]["credits"] == 29
    assert game.result == score_game(read_table(game.table).valid_state()).as_dict()
    assert Game.objects.count() == 1


def test_edit_refuses_a_stale_version(owner_client):
    game = make_game()
    Game.objects.filter(pk=game.pk).update(version=2)
    data = form_data(p3__credits="29", game__version="1")
    response = owner_client.post(reverse("scoring:game_edit", args=[game.pk]), data)
    assert response.status_code == 200
    assert "Someone saved this game after you opened it" in response.content.decode()
    game.refresh_from_db()
    assert game.table == TABLE


def test_invalid_edit_changes_nothing(owner_client):
    game = make_game()
    data = form_data(p1__credits="-3", game__version="1")
    html = owner_client.post(reverse("scoring:game_edit", args=[game.pk]), data).content.decode()
    assert field_error(html, "id_p1-credits") == "must be between 0 and 29"
    game.refresh_from_db()
    assert (game.version, game.table) == (1, TABLE)


def test_delete_asks_first_then_deletes(owner_client):
    game = make_game()
    response = owner_client.get(reverse("scoring:game_delete", args=[game.pk]))
    assert "Delete the game of 5 January 2026?" in response.content.decode()
    assert Game.objects.count() == 1
    response = owner_client.post(reverse("scoring:game_delete", args=[game.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("scoring:game_list")
    assert Game.objects.count() == 0
