"""The unlocks pages: sections (checklists, notes, manual unlocks), what unlocks next, the
next-game setup sheet and the rules in force.

Campaigns are built as a group builds them: campaign files from `campaign/tests/factory.py`
imported through `campaign.campaign_io`, and manual unlocks through `campaign.actions`. Each page
reads the replay's cache, so its query count is asserted and is the same for 5 and 60 games.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.templatetags.static import static
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from accounts.tests.factory import owned, owner_user
from benchmarks.samples import leader_table, make_campaign, make_table
from campaign import actions
from campaign.models import Campaign
from campaign.tests.factory import fresh_campaign
from solar175.campaign_file import CampaignError
from unlocks.models import ComponentTick, SectionNote, SectionReveal

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]

THREE = ("purple", "yellow", "teal")
TYPE_II = (
    "skyhooks-zone-5",
    "iptc-internal-upgrade",
    "space-elevator-mars",
    "ufss-hq-security-upgrade",
)
TYPE_III = ("terraform-mars", "terraform-venus", "the-kraken", "titanica-elite")

# Each page's queries, whatever the campaign's length (the pages read the replay's cache).
# Every page first loads the session and its user (2), then the campaign with the person's
# role in it (1, `campaign.access`).
PAGE_QUERIES = {
    # session, user, campaign, component ticks, section notes, this person's reveals
    "unlocks:sections": 6,
    # session, user, campaign
    "unlocks:next": 3,
    # session, user, campaign, powers, corporations (colour joined), parties, zones,
    # megastructures and the locations placing them (the campaign's box applied), the last game
    "unlocks:setup": 10,
    # session, user, campaign, section notes
    "unlocks:rules": 4,
}


def imported(data: dict) -> Campaign:
    return owned(actions.import_campaign(data))


def games(n: int, corporations=THREE, **kwargs) -> Campaign:
    """`n` games in which purple leads in credits and wins each time."""
    tables = [leader_table(corporations[0], *corporations[1:])] * n
    return imported(make_campaign(corporations=corporations, tables=tables, **kwargs))


@pytest.fixture
def fresh() -> Campaign:
    return fresh_campaign()


def url(name: str, campaign: Campaign, number: int | None = None) -> str:
    kwargs = {"slug": campaign.slug}
    if number is not None:
        kwargs["number"] = number
    return reverse(name, kwargs=kwargs)


def page(owner_client: Client, name: str, campaign: Campaign, number: int | None = None) -> str:
    response = owner_client.get(url(name, campaign, number))
    assert response.status_code == 200
    return response.content.decode()


def unlocked_numbers(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'data-unlocked="(\d+)"', html)]


def locked_numbers(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'data-locked="(\d+)"', html)]


def card(html: str, number: int) -> str:
    """The HTML of one section's card on the sections page."""
    match = re.search(
        rf'<(article|li) [^>]*data-(?:un)?locked="{number}".*?</\1>', html, flags=re.S
    )
    assert match, f"no card for #{number}"
    return match.group(0)


# --- the sections page -------------------------------------------------------------------


def test_it_shows_unlocked_sections_newest_first_with_when_and_why(owner_client):
    campaign = games(4)
    html = page(owner_client, "unlocks:sections", campaign)
    assert unlocked_numbers(html) == [7, 8, 9, 5, 6, 3, 4, 1, 2]
    seven = card(html, 7)
    assert "#7</span> Variable Player Powers" in seven
    assert "Unlocked after game 4: the end of game 4 was reached." in seven
    assert "Each corporation picks a permanent power" in seven
    # The latest game's unlocks are announced at the top.
    assert re.search(r"Unlocked after game 4:</strong>\s*<a [^>]*href=\"#section-7\">#7", html)


def test_the_last_games_sections_are_open_and_earlier_ones_folded(owner_client):
    campaign = games(4)
    html = page(owner_client, "unlocks:sections", campaign)
    assert '<div class="card-body">' in card(html, 7)
    assert '<details class="card-body py-1">' in card(html, 1)
    assert "after game 1 · 0 of 3 done" in text(card(html, 1))
    # The address may ask for one open (where a saved checklist sends you back).
    response = owner_client.get(url("unlocks:sections", campaign) + "?open=1")
    assert '<div class="card-body">' in card(response.content.decode(), 1)


def test_locked_sections_show_their_number_and_printed_trigger_only(owner_client):
    campaign = games(4)
    html = page(owner_client, "unlocks:sections", campaign)
    assert locked_numbers(html) == list(range(10, 34))
    ten = card(html, 10)
    assert "When you have built the sky hooks around zone 5 Type II Megastructure" in ten
    assert "Zone 6" not in ten
    assert "envelope 7" not in ten.lower()
    assert url("unlocks:section_reveal", campaign, 10) in ten


def test_a_fresh_campaign_has_nothing_unlocked(owner_client, fresh):
    html = page(owner_client, "unlocks:sections", fresh)
    assert unlocked_numbers(html) == []
    assert "Nothing unlocked yet" in html
    assert locked_numbers(html) == list(range(1, 34))


def test_the_checklist_lists_envelopes_boxes_rule_boxes_and_cards(owner_client):
    campaign = games(2)
    html = page(owner_client, "unlocks:sections", campaign)
    one, two = card(html, 1), card(html, 2)
    assert "Open envelope 1" in one
    assert "Check the #1 rule box on page 6" in one
    assert "Check the #1 rule box on page 12" in one
    assert "Open Box 1" in two
    assert "Add the Near-Earth Dynamic Systems card and the NED tokens to the game" in two
    assert "0 of 3 done" in one


def test_ticking_the_checklist_stores_it_and_redirects_without_javascript(owner_client):
    campaign = games(1)
    response = owner_client.post(
        url("unlocks:section_components", campaign, 1),
        {"s1-done": ["envelope-1", "rule-box-p6-setup-setting-up-the-solar-system"]},
    )
    assert response.status_code == 302
    assert response["Location"] == url("unlocks:sections", campaign) + "?open=1#section-1"
    assert set(
        ComponentTick.objects.filter(campaign=campaign, section=1).values_list("item", flat=True)
    ) == {"envelope-1", "rule-box-p6-setup-setting-up-the-solar-system"}
    one = card(page(owner_client, "unlocks:sections", campaign), 1)
    assert "2 of 3 done" in one
    assert re.search(r'value="envelope-1"[^>]*checked', one)

    # Unticking is the same form with the box left out (the form says what it showed ticked).
    owner_client.post(
        url("unlocks:section_components", campaign, 1),
        {
            "s1-done": ["envelope-1"],
            "s1-shown": "envelope-1 rule-box-p6-setup-setting-up-the-solar-system",
        },
    )
    assert list(
        ComponentTick.objects.filter(campaign=campaign, section=1).values_list("item", flat=True)
    ) == ["envelope-1"]


def test_ticking_with_htmx_answers_the_section_card_alone(owner_client):
    campaign = games(1)
    response = owner_client.post(
        url("unlocks:section_components", campaign, 1),
        {"s1-done": ["envelope-1"]},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<article class="card mb-3 section-card" id="section-1"')
    assert "<html" not in html
    assert "1 of 3 done" in html


def test_a_tick_that_is_not_on_the_checklist_is_refused_and_stores_nothing(owner_client):
    campaign = games(1)
    response = owner_client.post(
        url("unlocks:section_components", campaign, 1), {"s1-done": ["box-9"]}
    )
    assert response.status_code == 400
    assert "Must be one of the choices listed." in response.content.decode()
    assert not ComponentTick.objects.exists()


def test_a_locked_section_has_no_checklist_to_tick(owner_client):
    campaign = games(1)
    response = owner_client.post(url("unlocks:section_components", campaign, 3), {"s3-done": []})
    assert response.status_code == 404
    assert not ComponentTick.objects.exists()


@pytest.mark.parametrize(
    ("name", "number", "method"),
    [
        ("unlocks:sections", None, "post"),
        ("unlocks:section", 1, "post"),
        ("unlocks:next", None, "post"),
        ("unlocks:setup", None, "post"),
        ("unlocks:rules", None, "post"),
        ("unlocks:section_components", 1, "get"),
        ("unlocks:section_note", 20, "get"),
        ("unlocks:section_unlock", 19, "get"),
        ("unlocks:section_take_back", 19, "get"),
        ("unlocks:section_hide", 10, "get"),
        ("unlocks:section_reveal", 10, "put"),
    ],
)
def test_each_page_refuses_the_wrong_method(owner_client, name, number, method):
    campaign = games(1)
    response = getattr(owner_client, method)(url(name, campaign, number))
    assert response.status_code == 405


def test_an_unknown_campaign_or_section_is_404(owner_client):
    campaign = games(1)
    assert owner_client.get("/campaigns/no-such-campaign/sections/").status_code == 404
    assert owner_client.get("/campaigns/no-such-campaign/setup/").status_code == 404
    assert owner_client.get(url("unlocks:section", campaign, 34)).status_code == 404
    assert owner_client.get(url("unlocks:section", campaign, 0)).status_code == 404


def test_a_post_without_the_csrf_token_is_refused():
    campaign = games(1)
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner_user())
    response = client.post(url("unlocks:section_components", campaign, 1), {"s1-done": []})
    assert response.status_code == 403


def test_an_unlocked_section_has_its_own_page(owner_client):
    campaign = games(1)
    html = page(owner_client, "unlocks:section", campaign, 1)
    assert "#1</span> Zone 3" in html
    assert "Open envelope 1" in html


# --- manual unlocks ----------------------------------------------------------------------


def test_section_19_waits_for_game_4(owner_client):
    campaign = games(3)
    nineteen = card(page(owner_client, "unlocks:sections", campaign), 19)
    assert "The group may unlock it any time after game 4." in nineteen
    assert url("unlocks:section_unlock", campaign, 19) not in nineteen
    response = owner_client.post(
        url("unlocks:section_unlock", campaign, 19), {"unlock19-after_game": 3}
    )
    assert response.status_code == 404
    assert Campaign.objects.get(pk=campaign.pk).manual_unlocks == []


def test_the_group_unlocks_section_19_when_it_feels_ready(owner_client):
    campaign = games(5)
    nineteen = card(page(owner_client, "unlocks:sections", campaign), 19)
    assert url("unlocks:section_unlock", campaign, 19) in nineteen
    assert '<option value="5" selected>after game 5</option>' in nineteen
    assert '<option value="4">after game 4</option>' in nineteen

    response = owner_client.post(
        url("unlocks:section_unlock", campaign, 19), {"unlock19-after_game": 5}
    )
    assert response.status_code == 302
    assert response["Location"] == url("unlocks:section", campaign, 19)
    campaign.refresh_from_db()
    assert campaign.manual_unlocks == [{"section": 19, "after_game": 5}]
    html = page(owner_client, "unlocks:section", campaign, 19)
    assert "#19</span> Wotherby&#x27;s" in html
    assert "the group chose to unlock it after game 5" in html
    assert "Wotherby&#x27;s Auction House" in page(owner_client, "unlocks:setup", campaign)


def test_a_manual_unlock_can_be_taken_back(owner_client):
    campaign = games(5)
    actions.set_manual_unlock(campaign, 19, 4)
    assert "take it back" in card(page(owner_client, "unlocks:sections", campaign), 19)
    assert "take it back" not in card(page(owner_client, "unlocks:sections", campaign), 1)
    response = owner_client.post(url("unlocks:section_take_back", campaign, 19))
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert campaign.manual_unlocks == []
    assert 19 in locked_numbers(page(owner_client, "unlocks:sections", campaign))
    # Only a section the group unlocked by hand can be taken back.
    assert owner_client.post(url("unlocks:section_take_back", campaign, 1)).status_code == 404


def test_section_30_the_achievements_is_the_groups_call_after_a_game(owner_client):
    campaign = games(1)
    thirty = card(page(owner_client, "unlocks:sections", campaign), 30)
    assert url("unlocks:section_unlock", campaign, 30) in thirty
    # Achievements are gained in games: never "before the first game"; the page says what the
    # button does.
    assert re.findall(r'<option value="(\d+)"[^>]*>([^<]*)<', thirty) == [("1", "after game 1")]
    assert "before the first game" not in thirty
    assert "The app cannot see this happen: when it has, your group unlocks #30 here" in thirty
    assert "Unlocked after game" in thirty
    response = owner_client.post(
        url("unlocks:section_unlock", campaign, 30), {"unlock30-after_game": 1}
    )
    assert response.status_code == 302
    assert 30 in unlocked_numbers(page(owner_client, "unlocks:sections", campaign))


def test_section_30_offers_nothing_before_the_first_game(owner_client, fresh):
    thirty = card(page(owner_client, "unlocks:sections", fresh), 30)
    assert url("unlocks:section_unlock", fresh, 30) not in thirty
    assert "The group may unlock it any time after game 1, once it has happened." in thirty
    response = owner_client.post(
        url("unlocks:section_unlock", fresh, 30), {"unlock30-after_game": 0}
    )
    assert response.status_code == 404


def test_a_section_with_a_trigger_cannot_be_unlocked_by_hand(owner_client):
    campaign = games(5)
    response = owner_client.post(
        url("unlocks:section_unlock", campaign, 10), {"unlock10-after_game": 5}
    )
    assert response.status_code == 404
    campaign.refresh_from_db()
    assert campaign.manual_unlocks == []


def test_a_manual_unlock_starts_at_the_opening_snapshot(owner_client):
    opening = {
        "after_game": 8,
        "tracker": {},
        "awards": [],
        "election_wins": {},
        "unlocked_sections": [{"section": n, "game": 0} for n in range(1, 10)],
        "megastructures_built": [],
        "cities": [],
        "incumbent_party": "united_federalists",
    }
    campaign = games(1, opening=opening)
    nineteen = card(page(owner_client, "unlocks:sections", campaign), 19)
    assert re.findall(r'<option value="(\d+)"', nineteen) == ["8", "9"]


def test_a_manual_unlock_the_replay_refuses_says_why_and_changes_nothing(owner_client, monkeypatch):
    campaign = games(5)

    def refuse(*args, **kwargs):
        raise CampaignError("manual_unlocks[0].after_game", "the replay says no")

    monkeypatch.setattr(actions, "set_manual_unlock", refuse)
    response = owner_client.post(
        url("unlocks:section_unlock", campaign, 19), {"unlock19-after_game": 5}
    )
    assert response.status_code == 400
    assert "the replay says no" in card(response.content.decode(), 19)
    campaign.refresh_from_db()
    assert campaign.manual_unlocks == []


def test_a_choice_that_is_not_offered_is_refused(owner_client):
    campaign = games(5)
    response = owner_client.post(
        url("unlocks:section_unlock", campaign, 19), {"unlock19-after_game": 9}
    )
    assert response.status_code == 400
    campaign.refresh_from_db()
    assert campaign.manual_unlocks == []


# --- notes on sections 20-33 -------------------------------------------------------------


def terraformed() -> Campaign:
    """Type II all built in games 5-8, Terraform Mars (#20) in game 9."""
    data = make_campaign(corporations=THREE, tables=[leader_table(*THREE)] * 9)
    for game, key in zip(data["games"][4:], (*TYPE_II, "terraform-mars"), strict=True):
        game["megastructure"] = key
    return imported(data)


def test_the_group_types_the_title_and_note_of_an_untranscribed_section(owner_client):
    campaign = terraformed()
    twenty = card(page(owner_client, "unlocks:sections", campaign), 20)
    assert "(untitled: type it from your rulebook)" in twenty
    assert "Terraform Mars was built in game 9" in twenty
    response = owner_client.post(
        url("unlocks:section_note", campaign, 20),
        {"note20-title": "Red Planet", "note20-note": "Mars locations flip to side B."},
    )
    assert response.status_code == 302
    note = SectionNote.objects.get(campaign=campaign, section=20)
    assert (note.title, note.note) == ("Red Planet", "Mars locations flip to side B.")
    twenty = card(page(owner_client, "unlocks:sections", campaign), 20)
    assert "#20</span> Red Planet" in twenty
    assert "Mars locations flip to side B." in twenty


def test_a_note_with_htmx_answers_the_card(owner_client):
    campaign = terraformed()
    response = owner_client.post(
        url("unlocks:section_note", campaign, 20),
        {"note20-title": "Red Planet", "note20-note": ""},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "#20</span> Red Planet" in response.content.decode()


def test_only_an_unlocked_section_20_to_33_takes_a_note(owner_client):
    campaign = terraformed()
    data = {"note21-title": "Guess", "note21-note": ""}
    assert owner_client.post(url("unlocks:section_note", campaign, 21), data).status_code == 404
    data = {"note1-title": "Zone 3 again", "note1-note": ""}
    assert owner_client.post(url("unlocks:section_note", campaign, 1), data).status_code == 404
    assert not SectionNote.objects.exists()


def test_a_too_long_title_is_refused_beside_the_field(owner_client):
    campaign = terraformed()
    response = owner_client.post(
        url("unlocks:section_note", campaign, 20), {"note20-title": "x" * 101, "note20-note": ""}
    )
    assert response.status_code == 400
    assert "Must be at most 100 characters long." in response.content.decode()
    assert not SectionNote.objects.exists()


# --- what unlocks next -------------------------------------------------------------------


def test_what_unlocks_next_shows_the_groups_own_numbers_nearest_first(owner_client):
    tables = [leader_table(*THREE, ballots={"workers_union": 2})] * 3
    tables += [leader_table(*THREE, ballots={"united_federalists": 2})] * 3
    data = make_campaign(corporations=THREE, tables=tables)
    for game, key in zip(data["games"][4:], TYPE_II[:2], strict=True):
        game["megastructure"] = key
    campaign = imported(data)
    html = page(owner_client, "unlocks:next", campaign)
    numbers = [int(n) for n in re.findall(r'id="next-(\d+)"', html)]
    assert numbers[0] == 19  # the group may unlock it now: nearest of all
    assert numbers.index(14) < numbers.index(13) < numbers.index(11)
    assert "Benefactor of the Bank of Yurushi: Purple corporation has 6 of 8 credit boxes" in html
    assert "Workers Union Party wins 3 of 5" in html
    assert "Type II built 2 of 4" in html
    assert "Zone 6" not in html and "Trade Unions" not in html


# --- the next game's setup sheet ---------------------------------------------------------


def text(html: str) -> str:
    """The page's words, tags and runs of white space squeezed out."""
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_first_games_setup_is_the_rulebooks(owner_client, fresh):
    sheet = text(page(owner_client, "unlocks:setup", fresh))
    assert "Setup for game 1" in sheet
    assert "Zones in play: 1, 2" in sheet
    assert "2 on each mining location (3 players)" in sheet
    assert "Sky hooks throughout zones 1 and 2 (Type I): fixed for this game" in sheet
    assert "Megastructure Location Token on Earth (zone 1)" in sheet
    assert "Hensler Rio Astro Corp Bank of Yurushi" in sheet
    assert "Election token on United Federalists , UFSS logo face up" in sheet
    assert "HUB bonus tokens" not in sheet
    assert "Political influence cards" not in sheet
    assert "Power" not in sheet
    assert "the player who most recently earned some money" in sheet
    assert "Yurushi Employment Center (general workers): side A" in sheet


def test_after_game_4_the_sheet_has_zone_5_powers_and_the_type_ii_choice(owner_client):
    data = make_campaign(corporations=THREE, tables=[leader_table(*THREE)] * 4)
    data["powers"] = {"purple": "extra-credits", "yellow": "both-political-cards"}
    campaign = imported(data)
    sheet = text(page(owner_client, "unlocks:setup", campaign))
    assert "Setup for game 5" in sheet
    assert "Zones in play: 1, 2, 3, 4, 5" in sheet
    assert "HUB bonus tokens: shuffle the 9 face down" in sheet
    assert "Near-Earth Dynamic Systems" in sheet and "White Star Shipyard" in sheet
    assert "Purple corporation (winner of the last game) chooses one of:" in sheet
    for name in ("Sky hooks throughout zone 5", "IPTC Internal Upgrade", "Space Elevator on Mars"):
        assert name in sheet
    assert "deal 2 to each player; each keeps 1 (Yellow corporation keeps both)" in sheet
    assert re.search(r"Purple corporation \( Caro \)|Purple corporation 4 Start each game", sheet)
    assert "Start each game with three additional credits" in sheet
    assert "First player: Purple corporation (won game 4)" in sheet
    assert "Celestial Rebellion" not in sheet


def test_the_sheet_marks_what_the_last_games_sections_add(owner_client):
    sheet = text(page(owner_client, "unlocks:setup", games(4)))
    assert "Zones in play: 1, 2, 3, 4, 5 new" in sheet
    assert "Each player new: powers" in sheet
    assert "Megastructure new" in sheet
    assert "HUB bonus tokens:" in sheet and "HUB bonus tokens new" not in sheet
    assert " new" not in text(page(owner_client, "unlocks:setup", games(5))).split("last game's")[1]


def test_the_sheet_follows_the_later_sections(owner_client):
    """#12 the Rebellion, #13 side B, #15 the loan bank, #16 two credits."""
    tables = [leader_table(*THREE, ballots={"workers_union": 2})] * 5
    tables += [make_table(*THREE)]
    data = make_campaign(corporations=THREE, tables=tables)
    data["games"][4]["megastructure"] = "space-elevator-mars"
    data["games"][4]["neds_sold_out"] = True
    campaign = imported(data)
    sheet = text(page(owner_client, "unlocks:setup", campaign))
    assert "Workers Union Party United Federalists Brave New Dawn Celestial Rebellion" in sheet
    assert "Election token on Workers Union Party" in sheet
    assert "Nakamura Flight Academy (pilots): side B" in sheet
    assert "Akins and Van Shoyoc (lobbyists): side A" in sheet
    assert re.search(r"Purple corporation 2 ", sheet)


def test_a_rebellion_in_power_puts_the_token_anarchy_side_up(owner_client):
    overthrow = {"united_federalists": 1, "spoiled": 3}
    data = make_campaign(corporations=THREE, tables=[leader_table(*THREE, ballots=overthrow)])
    data["manual_unlocks"] = [{"section": 12, "after_game": 0}]
    sheet = text(page(owner_client, "unlocks:setup", imported(data)))
    assert "Election token on Celestial Rebellion , anarchy side up" in sheet


def test_two_players_put_one_mining_token_per_location(owner_client):
    campaign = games(1, corporations=("purple", "yellow"))
    sheet = text(page(owner_client, "unlocks:setup", campaign))
    assert "1 on each mining location (2 players, as at game 1's table)" in sheet
    assert "By player count: 2 players 1 · 3 players 2 · 4 players 2 · 5 players 2" in sheet


def test_the_mining_tokens_count_the_players_at_the_table_not_the_corporations(owner_client):
    # Three corporations; two of them played the last game (RULES-NOTES §9: "2 with 3+ players").
    tables = [leader_table(*THREE), leader_table("purple", "yellow")]
    campaign = imported(make_campaign(corporations=THREE, tables=tables))
    sheet = text(page(owner_client, "unlocks:setup", campaign))
    assert "1 on each mining location (2 players, as at game 2's table)" in sheet


def test_the_sheet_prints_on_one_a4_page(owner_client, fresh):
    html = page(owner_client, "unlocks:setup", fresh)
    assert static("css/unlocks.css") in html
    stylesheet = (settings.BASE_DIR / "static" / "css" / "unlocks.css").read_text()
    assert "@page { size: A4" in stylesheet
    assert 'class="btn btn-outline-secondary no-print"' in html


def test_the_sheet_says_when_no_megastructure_is_open(owner_client):
    opening = {
        "after_game": 13,
        "tracker": {},
        "awards": [],
        "election_wins": {},
        "unlocked_sections": [{"section": n, "game": 0} for n in range(1, 12)],
        "megastructures_built": [
            {"game": 4 + i, "megastructure": key}
            for i, key in enumerate(
                (*TYPE_II, *TYPE_III, "dyson-swarm"),
                start=1,
            )
        ],
        "cities": [],
        "incumbent_party": "united_federalists",
    }
    campaign = imported(make_campaign(corporations=THREE, opening=opening, tables=[]))
    sheet = text(page(owner_client, "unlocks:setup", campaign))
    assert "No megastructure is open in the catalogue" in sheet


# --- the rules in force ------------------------------------------------------------------


def test_the_rules_reference_marks_the_changes_in_force_and_links_them(owner_client):
    campaign = games(1)
    html = page(owner_client, "unlocks:rules", campaign)
    zones = re.search(r'<section [^>]*id="area-zones".*?</section>', html, flags=re.S).group(0)
    assert "changed" in zones
    assert f'href="{url("unlocks:section", campaign, 1)}"><strong>#1 Zone 3</strong>' in zones
    assert "Zone 3 location cards join the solar system" in zones
    # #3, #8 and #10 are locked: only that they may change the zones later.
    assert re.search(r"May change later in the campaign \(locked\): #3 #8 #10 ", text(zones))
    assert "Zone 4" not in zones and "Zone 5" not in zones


def test_a_fresh_campaign_has_no_change_in_force_only_locks(owner_client, fresh):
    html = page(owner_client, "unlocks:rules", fresh)
    assert "badge text-bg-success" not in html
    players = re.search(r'id="area-setup-players".*?</section>', html, flags=re.S).group(0)
    assert "starts on 1 credit" in players
    assert re.search(rf'href="{url("unlocks:section", fresh, 16)}">#16</a>', players)
    assert "Wage Squeeze" not in html and "2 credits" not in players
    # The area that is the text of section #4 appears only once #4 is unlocked.
    assert 'id="area-section-4"' not in html


def test_the_section_4_area_appears_once_section_4_is_unlocked(owner_client):
    html = page(owner_client, "unlocks:rules", games(2))
    assert 'id="area-section-4"' in html
    assert "Section #4 White Star" in html


# --- query counts ------------------------------------------------------------------------


@pytest.fixture
def five() -> Campaign:
    return imported(make_campaign(5, corporations=3))


@pytest.fixture
def sixty() -> Campaign:
    return imported(make_campaign(60, corporations=5))


def queries(owner_client: Client, address: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert owner_client.get(address).status_code == 200
    return len(captured)


@pytest.mark.parametrize("name", sorted(PAGE_QUERIES))
def test_each_page_answers_in_the_same_queries_for_5_and_60_games(owner_client, five, sixty, name):
    assert five.state["games_played"] == 5
    assert sixty.state["games_played"] == 60
    assert queries(owner_client, url(name, five)) == PAGE_QUERIES[name]
    assert queries(owner_client, url(name, sixty)) == PAGE_QUERIES[name]


def test_the_sections_page_counts_the_same_with_ticks_notes_and_a_reveal(owner_client, five, sixty):
    for campaign in (five, sixty):
        owner_client.post(
            url("unlocks:section_components", campaign, 1), {"s1-done": ["envelope-1"]}
        )
        owner_client.post(url("unlocks:section_reveal", campaign, 33), {"confirm": "True"})
    # Ticks, notes and reveals are a query each, however many there are.
    expected = PAGE_QUERIES["unlocks:sections"]
    assert queries(owner_client, url("unlocks:sections", five)) == expected
    assert queries(owner_client, url("unlocks:sections", sixty)) == expected


def test_get_never_writes(owner_client, five):
    before = (Campaign.objects.get(pk=five.pk).state, ComponentTick.objects.count())
    for name in PAGE_QUERIES:
        owner_client.get(url(name, five))
    for number in (1, 19, 33):
        owner_client.get(url("unlocks:section", five, number))
        owner_client.get(url("unlocks:section_reveal", five, number))
    assert (Campaign.objects.get(pk=five.pk).state, ComponentTick.objects.count()) == before


# --- the models' rules -------------------------------------------------------------------


def test_a_note_is_only_for_sections_20_to_33():
    campaign = games(1)
    with pytest.raises(IntegrityError), transaction.atomic():
        SectionNote.objects.create(campaign=campaign, section=19, title="Early")
    note = SectionNote.objects.create(campaign=campaign, section=20, title="Red Planet")
    assert str(note) == "#20 Red Planet"


def test_a_reveal_needs_a_person_and_is_kept_once_per_session():
    campaign = games(1)
    with pytest.raises(IntegrityError), transaction.atomic():
        SectionReveal.objects.create(campaign=campaign, section=16, session_key="")
    SectionReveal.objects.create(campaign=campaign, section=16, session_key="abcdef123")
    with pytest.raises(IntegrityError), transaction.atomic():
        SectionReveal.objects.create(campaign=campaign, section=16, session_key="abcdef123")
    assert str(SectionReveal.objects.get()) == "#16 revealed to session abcdef…"
    tick = ComponentTick.objects.create(campaign=campaign, section=1, item="envelope-1")
    assert str(tick).startswith("#1 envelope-1 ticked")


def test_ticks_and_unticks_show_on_the_history_page(owner_client):
    campaign = games(1)
    owner_client.post(url("unlocks:section_components", campaign, 1), {"s1-done": ["envelope-1"]})
    owner_client.post(
        url("unlocks:section_components", campaign, 1), {"s1-done": [], "s1-shown": "envelope-1"}
    )
    kinds = list(campaign.changes.order_by("pk").values_list("kind", "summary"))[-2:]
    assert kinds == [
        ("component_ticked", "#1 Open envelope 1"),
        ("component_unticked", "#1 Open envelope 1"),
    ]
    history = owner_client.get(reverse("history:list", args=[campaign.slug]))
    assert history.status_code == 200
    assert history.content.decode().count("#1 Open envelope 1") == 2
    # Saving the same ticks again records nothing.
    before = campaign.changes.count()
    owner_client.post(url("unlocks:section_components", campaign, 1), {"s1-done": []})
    assert campaign.changes.count() == before


def test_a_section_note_shows_on_the_history_page(owner_client):
    campaign = terraformed()
    owner_client.post(
        url("unlocks:section_note", campaign, 20),
        {"note20-title": "Red Planet", "note20-note": "Mars locations flip to side B."},
    )
    change = campaign.changes.order_by("pk").last()
    assert (change.kind, change.summary) == ("section_note_edited", "#20 Red Planet")
    history = owner_client.get(reverse("history:list", args=[campaign.slug])).content.decode()
    assert "#20 Red Planet" in history


def test_a_stale_checklist_changes_only_what_its_person_changed(owner_client, client, make_user):
    """Two phones drew the checklist with nothing ticked; one ticks envelope 1, then the other
    (its form older) ticks the rule box: both stay ticked, nothing is unticked, and the
    history says exactly those two ticks."""
    from accounts.tests.factory import add_member

    campaign = games(1)
    other = make_user("second-phone")
    add_member(campaign, other, "player")
    client.force_login(other)
    address = url("unlocks:section_components", campaign, 1)
    owner_client.post(address, {"s1-done": ["envelope-1"], "s1-shown": ""})
    client.post(
        address, {"s1-done": ["rule-box-p6-setup-setting-up-the-solar-system"], "s1-shown": ""}
    )
    ticked = ComponentTick.objects.filter(campaign=campaign, section=1)
    assert set(ticked.values_list("item", flat=True)) == {
        "envelope-1",
        "rule-box-p6-setup-setting-up-the-solar-system",
    }
    assert not campaign.changes.filter(kind="component_unticked").exists()
    # An untick from a form drawn before someone ticked the item again changes nothing of theirs:
    # the second phone's form showed envelope 1 unticked, so leaving it out unticks nothing.
    client.post(address, {"s1-done": [], "s1-shown": ""})
    assert ticked.filter(item="envelope-1").exists()


def test_a_tick_is_stored_in_english_and_said_in_each_readers_language(owner_client):
    # Ticked by a German phone: the History keeps the English and the words, not the German.
    campaign = games(1)
    german = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
    try:
        owner_client.post(
            url("unlocks:section_components", campaign, 1), {"s1-done": ["envelope-1"]}, **german
        )
        tick = campaign.changes.order_by("pk").last()
        assert tick.summary == "#1 Open envelope 1"
        history = reverse("history:list", args=[campaign.slug])
        assert "#1 Umschlag 1 öffnen" in owner_client.get(history, **german).content.decode()
        assert "#1 Open envelope 1" in owner_client.get(history).content.decode()
    finally:
        translation.deactivate()
