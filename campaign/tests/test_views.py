"""The campaign pages: list, new campaign, dashboard, game log, trackers, elections, cities.

Campaigns are built the way a group builds them: through `campaign.actions` and the import of a
generated campaign file (`campaign/tests/factory.py`), never by writing the cache by hand.
Every page is read from the replay's cache, so its query count is asserted and is the same for
a 5-game and a 60-game campaign.
"""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.tests.factory import owned, owner_user
from benchmarks.samples import leader_table, make_campaign, make_game, make_table
from campaign import actions
from campaign.models import Campaign, Change, Corporation, Game
from campaign.tests.factory import fresh_campaign

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

# Each page's queries, whatever the campaign's length (the page reads the replay's cache).
# Every page first loads the session and its user (2), then the campaign with the person's
# role in it (1, `campaign.access`).
PAGE_QUERIES = {
    # session, user, campaign, the open draft's number (the button's words), corporations
    # (colour joined), awards, last game, parties, megastructures, games with no zone given
    "campaign:dashboard": 10,
    # session, user, campaign, corporations, games (counted, then a page), parties, megastructures
    "campaign:games": 8,
    # session, user, campaign, corporations, tracker sections, awards, powers,
    # the games' replay entries (debt marks)
    "campaign:trackers": 8,
    # session, user, campaign, corporations, parties
    "campaign:elections": 5,
    # session, user, campaign, corporations, locations
    "campaign:cities": 5,
}


def import_campaign(n_games: int, **kwargs) -> Campaign:
    return owned(actions.import_campaign(make_campaign(n_games, **kwargs)))


@pytest.fixture
def five() -> Campaign:
    return import_campaign(5, corporations=3)


@pytest.fixture
def sixty() -> Campaign:
    return import_campaign(60, corporations=5)


@pytest.fixture
def fresh() -> Campaign:
    return fresh_campaign()


def snapshot() -> dict:
    """Everything a request could change, to show that it changed nothing."""
    return {
        "campaigns": list(Campaign.objects.values()),
        "corporations": list(Corporation.objects.values()),
        "games": list(Game.objects.values()),
        "changes": Change.objects.count(),
    }


def page_urls(campaign: Campaign) -> list[str]:
    return [reverse(name, args=[campaign.slug]) for name in PAGE_QUERIES]


# The campaign list and a new campaign --------------------------------------------------------


def test_it_lists_campaigns(owner_client, five):
    response = owner_client.get(reverse("campaign:list"))
    assert response.status_code == 200
    assert five.name in response.content.decode()
    assert reverse("campaign:dashboard", args=[five.slug]) in response.content.decode()


def test_the_list_answers_in_the_same_queries_however_many_campaigns(
    owner_client, django_assert_num_queries
):
    import_campaign(2)
    # session, user, the person's campaigns
    with django_assert_num_queries(3):
        owner_client.get(reverse("campaign:list"))
    import_campaign(8)
    import_campaign(3)
    with django_assert_num_queries(3):
        owner_client.get(reverse("campaign:list"))


def new_campaign_data(**overrides) -> dict:
    data = {
        "name": "Thursday group",
        "second_place_rounding": "down",
        "corp-TOTAL_FORMS": "5",
        "corp-INITIAL_FORMS": "0",
        "corp-MIN_NUM_FORMS": "0",
        "corp-MAX_NUM_FORMS": "5",
        "corp-0-colour": "purple",
        "corp-0-player": "Caro",
        "corp-1-colour": "yellow",
        "corp-1-player": "Ali",
        "corp-1-ai": "on",
        "corp-2-colour": "teal",
        "corp-3-colour": "orange",
        "corp-4-colour": "fifth",
    }
    data.update(overrides)
    return data


def test_the_new_campaign_form_offers_five_rows_each_with_its_colour(owner_client):
    response = owner_client.get(reverse("campaign:create"))
    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="corp-4-colour"' in page
    assert 'name="corp-5-colour"' not in page
    assert 'name="csrfmiddlewaretoken"' in page
    assert '<option value="orange" selected>' in page


def test_it_creates_a_campaign_from_the_filled_rows_and_redirects_to_it(owner_client):
    response = owner_client.post(
        reverse("campaign:create"), new_campaign_data(name="Thursday group")
    )

    campaign = Campaign.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:dashboard", args=[campaign.slug])
    corps = list(campaign.corporations.values_list("key", "name", "player", "ai"))
    assert corps == [
        ("purple", "Purple corporation", "Caro", False),
        ("yellow", "Yellow corporation", "Ali", True),
    ]
    assert campaign.state["next_game"]["number"] == 1
    assert Change.objects.filter(campaign=campaign).exists()


def test_it_keeps_the_house_rule(owner_client):
    owner_client.post(reverse("campaign:create"), new_campaign_data(second_place_rounding="up"))
    assert Campaign.objects.get().house()["second_place_rounding"] == "up"


@pytest.mark.parametrize(
    "overrides, sentence",
    [
        ({"corp-1-player": "", "corp-1-ai": ""}, "fill in at least 2 rows"),
        ({"corp-1-colour": "purple"}, "Each corporation needs its own colour."),
        ({"name": ""}, "Required: write it here."),
        ({"corp-1-colour": "mauve"}, "Must be one of the choices listed."),
    ],
)
def test_an_invalid_new_campaign_changes_nothing_and_says_why(owner_client, overrides, sentence):
    response = owner_client.post(reverse("campaign:create"), new_campaign_data(**overrides))

    assert response.status_code == 200
    assert sentence in response.content.decode()
    assert Campaign.objects.count() == 0


def test_a_row_needs_a_player_or_the_ai_box(owner_client):
    data = new_campaign_data(**{"corp-2-player": "", "corp-2-name": "Teal Inc"})
    response = owner_client.post(reverse("campaign:create"), data)
    assert "Give the player&#x27;s name, or tick AI player." in response.content.decode()
    assert Campaign.objects.count() == 0


def test_the_new_campaign_pages_refuse_other_methods(owner_client):
    for url in (reverse("campaign:create"), reverse("campaign:create_midway")):
        assert owner_client.put(url).status_code == 405
        assert owner_client.delete(url).status_code == 405
    assert owner_client.post(reverse("campaign:list")).status_code == 405
    assert owner_client.get(reverse("campaign:import")).status_code == 405


def test_a_post_without_the_csrf_token_is_refused_and_creates_nothing():
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner_user())
    response = client.post(reverse("campaign:create"), new_campaign_data())
    assert response.status_code == 403
    assert Campaign.objects.count() == 0


# Import and export ---------------------------------------------------------------------------


def upload(data: dict | str, name: str = "campaign.json"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = data if isinstance(data, str) else json.dumps(data)
    return SimpleUploadedFile(name, content.encode(), content_type="application/json")


def test_it_imports_a_campaign_file(owner_client):
    response = owner_client.post(reverse("campaign:import"), {"file": upload(make_campaign(3))})
    campaign = Campaign.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:dashboard", args=[campaign.slug])
    assert campaign.games.count() == 3


def test_a_bad_campaign_file_changes_nothing_and_names_the_field(owner_client):
    data = make_campaign(3)
    data["games"][1]["table"]["players"][0]["credits"] = 99
    response = owner_client.post(reverse("campaign:import"), {"file": upload(data)})
    assert response.status_code == 400
    assert "Game 2, player 1, credits: must be between 0 and 29" in response.content.decode()
    assert Campaign.objects.count() == 0

    response = owner_client.post(reverse("campaign:import"), {"file": upload("{not json")})
    assert response.status_code == 400
    assert (
        "Campaign file: must be a JSON file of at most 2 MB; this one is not JSON ("
        in response.content.decode()
    )
    assert Campaign.objects.count() == 0


def test_a_campaign_file_over_2_mb_is_refused_and_creates_nothing(owner_client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = make_campaign(3)
    # A valid campaign file, padded past the limit with whitespace: refused for its size alone.
    content = json.dumps(data).encode() + b" " * int(2.45 * 1024 * 1024)
    big = SimpleUploadedFile("campaign.json", content, content_type="application/json")
    response = owner_client.post(reverse("campaign:import"), {"file": big})
    assert response.status_code == 400
    assert (
        "Campaign file: must be a JSON file of at most 2 MB; this one is 2.5 MB."
        in response.content.decode()
    )
    assert Campaign.objects.count() == 0
    assert Change.objects.count() == 0


def test_a_request_over_3_mb_is_refused_unread_with_a_sentence(owner_client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = b" " * int(3.05 * 1024 * 1024)
    big = SimpleUploadedFile("campaign.json", content, content_type="application/json")
    response = owner_client.post(reverse("campaign:import"), {"file": big})
    assert response.status_code == 413
    assert "This request is 3.1 MB: the app takes at most 3.0 MB" in response.content.decode()
    assert Campaign.objects.count() == 0


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        (b"\xff\xfe{}", "this one is not UTF-8 text."),
        (b"PK\x03\x04\x14\x00\x08\x00\xa3\x8f a zip", "this one is not UTF-8 text."),
        (b"name,games\nThursday,3\n", "this one is not JSON (Expecting value"),
        (b"[" * 100_000 + b"]" * 100_000, "this one is not JSON this app reads (nested"),
        (b'{"games": ' + b"9" * 5000 + b"}", "this one is not JSON this app reads ("),
        (b"", "Campaign file: must be a JSON file of at most 2 MB; this one is empty."),
    ],
)
def test_a_file_that_is_not_a_json_text_is_refused_and_creates_nothing(
    owner_client, content, sentence
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    bad = SimpleUploadedFile("campaign.json", content, content_type="application/json")
    response = owner_client.post(reverse("campaign:import"), {"file": bad})
    assert response.status_code == 400
    assert sentence in response.content.decode()
    assert Campaign.objects.count() == 0
    assert Change.objects.count() == 0


def test_a_campaign_file_of_exactly_2_mb_is_read(owner_client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    content = json.dumps(make_campaign(3)).encode()
    content += b" " * (2 * 1024 * 1024 - len(content))
    exact = SimpleUploadedFile("campaign.json", content, content_type="application/json")
    response = owner_client.post(reverse("campaign:import"), {"file": exact})
    assert response.status_code == 302
    assert Campaign.objects.get().games.count() == 3


def test_it_exports_the_campaign_file(owner_client, five):
    response = owner_client.get(reverse("campaign:export", args=[five.slug]))
    assert response.status_code == 200
    assert json.loads(response.content)["name"] == five.name
    assert "attachment" in response["Content-Disposition"]


# Every campaign page --------------------------------------------------------------------------


@pytest.mark.parametrize("name", PAGE_QUERIES)
def test_each_page_answers_in_the_same_queries_for_5_and_60_games(
    owner_client, django_assert_num_queries, five, sixty, name
):
    for campaign in (five, sixty):
        with django_assert_num_queries(PAGE_QUERIES[name]):
            response = owner_client.get(reverse(name, args=[campaign.slug]))
        assert response.status_code == 200


@pytest.mark.parametrize("name", PAGE_QUERIES)
def test_each_page_refuses_post(owner_client, five, name):
    assert owner_client.post(reverse(name, args=[five.slug])).status_code == 405


def test_get_never_writes(owner_client, five):
    before = snapshot()
    games = five.games.order_by("number")
    urls = page_urls(five) + [
        reverse("campaign:list"),
        reverse("campaign:create"),
        reverse("campaign:create_midway"),
        reverse("campaign:export", args=[five.slug]),
        reverse("campaign:game_add", args=[five.slug]),
    ]
    for game in games:
        urls += [
            reverse("campaign:game_edit", args=[five.slug, game.number]),
            reverse("campaign:game_delete", args=[five.slug, game.number]),
            reverse("campaign:checklist", args=[five.slug, game.number]),
        ]
    with CaptureQueriesContext(connection) as queries:
        for url in urls:
            assert owner_client.get(url).status_code == 200, url
    writes = [q["sql"] for q in queries if not q["sql"].lstrip().upper().startswith("SELECT")]
    assert writes == []
    assert snapshot() == before


def test_an_unknown_campaign_is_404(owner_client):
    assert owner_client.get(reverse("campaign:dashboard", args=["nope"])).status_code == 404
    assert owner_client.get(reverse("campaign:games", args=["nope"])).status_code == 404


# Dashboard ------------------------------------------------------------------------------------


def test_a_fresh_campaign_dashboard_shows_the_first_game_setup(owner_client, fresh):
    page = owner_client.get(reverse("campaign:dashboard", args=[fresh.slug])).content.decode()
    assert "Next: game 1" in page
    assert "1, 2" in page  # zones in play
    assert "United Federalists" in page
    assert "Sky hooks throughout zones 1 and 2" in page
    assert "No game played yet" in page
    assert reverse("campaign:draft_join", args=[fresh.slug]) in page


def test_the_dashboard_shows_standings_awards_last_game_and_next_game(owner_client):
    # Purple leads the credits section 8 games running: it wins the gold credits award.
    tables = [leader_table("purple", "yellow", sections=("credits",)) for _ in range(8)]
    campaign = owned(actions.import_campaign(make_campaign(corporations=2, tables=tables)))

    page = owner_client.get(reverse("campaign:dashboard", args=[campaign.slug])).content.decode()

    assert "Benefactor of the Bank of Yurushi · 5" in page
    assert "sticker-gold" in page
    assert "Last game: game 8" in page
    assert "Next: game 9" in page
    standings = campaign.state["standings"]
    assert standings[0]["corporation"] == "purple"


# Game log -------------------------------------------------------------------------------------


def test_the_game_log_shows_every_game_with_its_winner_election_and_city(owner_client, five):
    page = owner_client.get(reverse("campaign:games", args=[five.slug])).content.decode()
    for number in range(1, 6):
        assert f'id="game-{number}"' in page
    assert "City 1 on Mars" in page
    assert "Sky hooks throughout zones 1 and 2" in page
    assert reverse("campaign:game_edit", args=[five.slug, 3]) in page
    assert reverse("campaign:checklist", args=[five.slug, 3]) in page


# Delete ---------------------------------------------------------------------------------------


def test_delete_asks_first_then_deletes_and_replays(owner_client, five):
    url = reverse("campaign:game_delete", args=[five.slug, 5])
    page = owner_client.get(url).content.decode()
    assert "Delete game 5?" in page
    assert Game.objects.filter(campaign=five).count() == 5

    response = owner_client.post(url)

    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:games", args=[five.slug])
    five.refresh_from_db()
    assert five.games.count() == 4
    assert five.state["games_played"] == 4


def test_a_delete_the_replay_refuses_changes_nothing_and_says_why(owner_client):
    # Game 2 plays zone 3, which game 1 unlocked (#1): without game 1, game 2 is impossible.
    tables = [
        make_table("purple", "yellow"),
        make_table(
            {"corporation": "purple", "outposts": {"3": 2}},
            "yellow",
            hubs={
                "hensler": {"workers": 1},
                "ufss": {"workers": 1},
                "military": {"workers": 1},
                "zones": {"1": {}, "2": {}, "3": {"workers": 2}},
            },
        ),
    ]
    campaign = owned(actions.import_campaign(make_campaign(corporations=2, tables=tables)))
    before = snapshot()

    response = owner_client.post(reverse("campaign:game_delete", args=[campaign.slug, 1]))

    page = response.content.decode()
    assert response.status_code == 400
    assert "alert-danger" in page
    assert "Game 1" in page  # the sentence names the game that no longer fits
    assert snapshot() == before


def test_delete_refuses_put(owner_client, five):
    assert owner_client.put(reverse("campaign:game_delete", args=[five.slug, 1])).status_code == 405


# Trackers, elections, cities --------------------------------------------------------------------


def test_tracker_cards_draw_each_section_with_its_boxes(owner_client):
    tables = [leader_table("purple", "yellow", sections=("credits",)) for _ in range(8)]
    campaign = owned(actions.import_campaign(make_campaign(corporations=2, tables=tables)))

    page = owner_client.get(reverse("campaign:trackers", args=[campaign.slug])).content.decode()

    assert page.count('class="tracker-card"') == 2
    assert page.count("tracker-boxes boxes-6") == 12  # six presence sections a card
    assert page.count("tracker-boxes boxes-8") == 12  # six other sections a card
    # Purple: 8 credits boxes and 8 influence boxes crossed.
    assert page.count("tracker-box crossed") == 16
    assert "Benefactor of the Bank of Yurushi · 5" in page
    assert "Wins after full" not in page


def test_tracker_cards_show_the_influence_tally_debt_and_power(owner_client):
    tables = [leader_table("purple", "yellow", sections=("credits",)) for _ in range(10)]
    games = [make_game(n, t) for n, t in enumerate(tables, start=1)]
    games[9]["debt_marks"] = [{"corporation": "yellow", "points": 3}]
    data = make_campaign(corporations=2, games=games, powers={"purple": "extra-ip"})
    campaign = owned(actions.import_campaign(data))

    page = owner_client.get(reverse("campaign:trackers", args=[campaign.slug])).content.decode()

    assert 'Wins after full: <span class="tally">2</span>' in page
    assert "−3" in page
    assert "You get an additional 2 end game influence points" in page


def test_the_elections_page_counts_toward_the_events(owner_client, sixty):
    page = owner_client.get(reverse("campaign:elections", args=[sixty.slug])).content.decode()
    wins = sixty.state["election_wins"]
    assert f"<strong>{wins['workers_union']}</strong> of 5" in page
    assert f"<strong>{wins['brave_new_dawn']}</strong> of 8" in page
    assert "#13" in page and "#25" in page and "#26" in page
    assert page.count("<tr>") >= 60


def test_the_cities_page_lists_each_named_city(owner_client, five):
    page = owner_client.get(reverse("campaign:cities", args=[five.slug])).content.decode()
    for number in range(1, 5):
        assert f"City {number}" in page
    assert "Ganymede" in page


# Start mid-campaign ---------------------------------------------------------------------------


def midway_data(**overrides) -> dict:
    data = new_campaign_data(
        **{
            "after_game": "4",
            "incumbent_party": "workers_union",
            "last_winner": "1",
            "tracker_1_presence_1": "6",
            "tracker_1_credits": "3",
            "tracker_1_influence": "3",
            "tracker_2_presence_1": "2",
            "tracker_2_influence": "1",
            "tracker_2_debt": "2",
            "award_presence_1_gold": "1",
            "wins_united_federalists": "2",
            "wins_workers_union": "2",
            "unlocked_sections": [str(n) for n in range(1, 10)],
            "megastructures_built": [
                "skyhooks-zones-1-2",
                "skyhooks-zone-3",
                "drum-defence-cannon",
                "skyhooks-zone-4",
            ],
            "city_1_location": "Mars",
            "city_1_name": "New Caro",
            "city_1_row": "1",
        }
    )
    data.update(overrides)
    return data


def test_it_starts_a_campaign_mid_way_from_the_state_after_a_game(owner_client):
    response = owner_client.post(reverse("campaign:create_midway"), midway_data())

    campaign = Campaign.objects.get()
    assert response.status_code == 302
    opening = campaign.opening
    assert opening["after_game"] == 4
    assert opening["tracker"]["purple"]["presence_1"] == 6
    assert opening["tracker"]["yellow"]["presence_1"] == 2
    assert opening["awards"] == [
        {"section": "presence_1", "tier": "gold", "corporation": "purple", "game": 0, "points": 3}
    ]
    assert opening["debt"] == {"yellow": 2}
    assert opening["cities"][0]["corporation"] == "purple"
    state = campaign.state
    assert state["next_game"]["number"] == 5
    assert state["next_game"]["incumbent_party"] == "workers_union"
    assert state["next_game"]["zones_in_play"] == [1, 2, 3, 4, 5]
    assert {"corporation": "purple", "points": 3, "rank": 1} in state["standings"]

    page = owner_client.get(reverse("campaign:dashboard", args=[campaign.slug])).content.decode()
    assert "Next: game 5" in page
    assert "Niven Zone 1 Gold · 3" in page


def test_a_mid_way_state_the_replay_refuses_changes_nothing_and_says_why(owner_client):
    # An award needs its section complete: yellow has 2 of 6 zone 1 boxes.
    response = owner_client.post(
        reverse("campaign:create_midway"), midway_data(award_presence_1_silver="2")
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "an award needs the section complete" in page
    assert Campaign.objects.count() == 0


def test_a_mid_way_row_without_a_corporation_is_refused(owner_client):
    response = owner_client.post(
        reverse("campaign:create_midway"), midway_data(tracker_4_bases="3")
    )
    assert "There is no corporation 4 on this page." in response.content.decode()
    assert Campaign.objects.count() == 0


def test_tracker_cards_hide_the_debt_boxes_and_power_before_they_unlock(owner_client, fresh):
    page = owner_client.get(reverse("campaign:trackers", args=[fresh.slug])).content.decode()
    assert "Bank of Yurushi" not in page
    assert "Player power" not in page


def test_the_dashboard_names_the_winner_when_the_campaign_is_over(owner_client):
    # The group's box has the Type VI megastructure the rulebook text does not print.
    data = make_campaign(14, corporations=3)
    data["box"] = {"megastructures": [{"key": "ark", "name": "The Ark", "type": 6}]}
    data["games"][13]["megastructure"] = "ark"
    data["games"][13]["megastructure_zone"] = 2
    campaign = owned(actions.import_campaign(data))
    assert campaign.state["campaign_over"]

    page = owner_client.get(reverse("campaign:dashboard", args=[campaign.slug])).content.decode()

    winner = Corporation.objects.get(campaign=campaign, key=campaign.state["winner"])
    assert "The campaign is over" in page
    assert f"{winner.name}</span> wins the campaign." in page
    assert reverse("campaign:draft_join", args=[campaign.slug]) not in page
    response = owner_client.get(reverse("campaign:game_add", args=[campaign.slug]))
    assert response.status_code == 302


# Settings and deleting (the owner's) ----------------------------------------------------------


def test_the_owner_renames_the_campaign_and_changes_the_rounding(owner_client, five):
    url = reverse("campaign:settings", args=[five.slug])
    page = owner_client.get(url).content.decode()
    assert f'value="{five.name}"' in page
    response = owner_client.post(url, {"name": "Friday group", "second_place_rounding": "up"})
    assert response["Location"] == reverse("campaign:dashboard", args=[five.slug])
    five.refresh_from_db()
    assert five.settings()["second_place_rounding"] == "up"
    assert (five.name, five.slug) == ("Friday group", five.slug)
    assert Change.objects.filter(campaign=five, kind="settings_changed").count() == 1


def test_a_bad_setting_changes_nothing(owner_client, five):
    before = snapshot()
    url = reverse("campaign:settings", args=[five.slug])
    response = owner_client.post(url, {"name": "", "second_place_rounding": "sideways"})
    assert response.status_code == 400
    assert snapshot() == before


def test_the_owner_deletes_the_campaign_after_being_asked(owner_client, five):
    url = reverse("campaign:delete", args=[five.slug])
    page = owner_client.get(url).content.decode()
    assert "Delete the campaign?" in page and "5 games" in page
    assert Campaign.objects.filter(pk=five.pk).exists()
    response = owner_client.post(url)
    assert response["Location"] == reverse("campaign:list")
    assert not Campaign.objects.filter(pk=five.pk).exists()
    assert not Game.objects.filter(campaign_id=five.pk).exists()


# Links to the charts, the history, the pictures ------------------------------------------------


def test_the_navigation_links_the_charts_and_the_history(owner_client, five):
    page = owner_client.get(reverse("campaign:dashboard", args=[five.slug])).content.decode()
    assert f'href="{reverse("pictures:charts", args=[five.slug])}"' in page
    assert f'href="{reverse("history:list", args=[five.slug])}"' in page
    charts = owner_client.get(reverse("pictures:charts", args=[five.slug])).content.decode()
    assert f'href="{reverse("pictures:charts", args=[five.slug])}" aria-current="page"' in charts
    history = owner_client.get(reverse("history:list", args=[five.slug])).content.decode()
    assert f'href="{reverse("history:list", args=[five.slug])}" aria-current="page"' in history


def test_each_tracker_card_and_game_links_its_picture(owner_client, five):
    trackers = owner_client.get(reverse("campaign:trackers", args=[five.slug])).content.decode()
    for key in five.corporations.values_list("key", flat=True):
        assert reverse("pictures:tracker_png", args=[five.slug, key]) in trackers
    log = owner_client.get(reverse("campaign:games", args=[five.slug])).content.decode()
    for number in range(1, 6):
        assert reverse("pictures:game_summary", args=[five.slug, number]) in log
    checklist = owner_client.get(reverse("campaign:checklist", args=[five.slug, 3])).content
    assert reverse("pictures:game_summary", args=[five.slug, 3]) in checklist.decode()


def test_after_a_delete_the_message_links_the_history(owner_client, five):
    response = owner_client.post(reverse("campaign:game_delete", args=[five.slug, 5]), follow=True)
    page = response.content.decode()
    assert "You can undo this from the" in page
    assert f'<a href="{reverse("history:list", args=[five.slug])}">History page</a>' in page


def test_the_game_log_shows_the_newest_20_games_a_page(owner_client, sixty):
    address = reverse("campaign:games", args=[sixty.slug])
    first = owner_client.get(address).content.decode()
    assert 'id="game-60"' in first and 'id="game-41"' in first
    assert 'id="game-40"' not in first
    assert first.index('id="game-60"') < first.index('id="game-41"')
    assert "Page 1 of 3" in first and 'href="?page=2">Older games' in first
    assert f"Enter game {sixty.state['next_game']['number']}" in first
    last = owner_client.get(address, {"page": 3}).content.decode()
    assert 'id="game-20"' in last and 'id="game-1"' in last and 'id="game-21"' not in last
    assert 'href="?page=2">Newer games' in last and "Older games" not in last
    # A page past the end, or not a page number written plainly, is no page: 404.
    for bogus in (99, "x", "01", "0"):
        assert owner_client.get(address, {"page": bogus}).status_code == 404
