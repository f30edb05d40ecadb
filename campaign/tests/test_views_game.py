"""Entering and correcting a campaign game through the scoring wizard, and the post-game checklist.

The forms are filled the way a browser without JavaScript fills them: read every field of the
page as served, change a few, post the lot.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from accounts.tests.factory import owned
from benchmarks.samples import leader_table, make_campaign, make_game
from campaign import actions
from campaign.models import Campaign, Change, ChangeKind, Corporation, Game
from campaign.tests.test_views import snapshot
from live.actions import discards
from solar175.campaign_file import CampaignError

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


@pytest.fixture
def fresh() -> Campaign:
    return owned(
        actions.create_campaign(
            "Thursday group",
            [
                {"key": "purple", "name": "Purple corporation", "player": "Caro"},
                {"key": "yellow", "name": "Yellow corporation", "player": "Ali"},
                {"key": "teal", "name": "Teal corporation", "player": "Rosa"},
            ],
        )
    )


class _FormReader(HTMLParser):
    """The values a browser would post for the form with `id`, as served."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.data: dict[str, list[str]] = {}
        self.select: str | None = None
        self.select_first: str | None = None
        self.select_chosen = False
        self.textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.inside = attrs.get("id") == self.form_id or self.form_id == "*"
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name and "disabled" not in attrs:
            kind = attrs.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    self.data.setdefault(name, []).append(attrs.get("value", "on"))
            elif kind not in ("submit", "button"):
                self.data.setdefault(name, []).append(attrs.get("value", ""))
        elif tag == "select" and name:
            self.select, self.select_first, self.select_chosen = name, None, False
        elif tag == "option" and self.select:
            value = attrs.get("value", "")
            if self.select_first is None:
                self.select_first = value
            if "selected" in attrs:
                self.data.setdefault(self.select, []).append(value)
                self.select_chosen = True
        elif tag == "textarea" and name:
            self.textarea = name
            self.data.setdefault(name, []).append("")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select:
            if not self.select_chosen and self.select_first is not None:
                self.data.setdefault(self.select, []).append(self.select_first)
            self.select = None
        elif tag == "textarea":
            self.textarea = None

    def handle_data(self, data):
        if self.textarea:
            self.data[self.textarea][-1] += data


def form_data(html: str, form_id: str = "table-form") -> dict[str, list[str] | str]:
    reader = _FormReader(form_id)
    reader.feed(html)
    return {k: v if len(v) > 1 else v[0] for k, v in reader.data.items()}


def add_url(campaign: Campaign) -> str:
    return reverse("campaign:game_add", args=[campaign.slug])


def fill_first_game(data: dict) -> dict:
    """Purple wins game 1 clearly: credits, tokens, outposts in zone 1."""
    data.update(
        {
            "game-played_on": "2026-01-05",
            "hubs-hensler_workers": "3",
            "hubs-ufss_workers": "3",
            "hubs-military_workers": "2",
            "hubs-zone1_workers": "3",
            "hubs-zone2_workers": "3",
            "ballots-united_federalists": "2",
            "p1-credits": "12",
            "p1-megastructure_tokens": "3",
            "p1-mining_tokens": "2",
            "p1-outposts_1": "3",
            "p1-ship_zone": "1",
            "p2-credits": "3",
            "p2-outposts_2": "2",
            "p2-ship_zone": "2",
            "p3-outposts_2": "1",
            "p3-ship_zone": "2",
        }
    )
    return data


# The game form ------------------------------------------------------------------------------


def test_the_game_form_is_the_wizard_with_the_campaigns_rules_fixed(owner_client, fresh):
    page = owner_client.get(add_url(fresh)).content.decode()

    assert "Game 1 · Thursday group" in page
    assert "Zones in play: 1, 2" in page
    assert "In power before the election: United Federalists" in page
    # The rules are fixed: no field for them; the players are the campaign's corporations.
    assert 'name="setup-zones_in_play"' not in page
    assert 'name="setup-incumbent_party"' not in page
    assert "Purple corporation" in page and "Teal corporation" in page
    assert 'name="p3-credits"' in page
    # Campaign-only fields; the events only once the sections that bring them are open
    # (NEDs with #2, the census and repairs with one of #20-#27: docs/wizard.md).
    for name in ("game-played_on", "game-megastructure", "game-notes"):
        assert f'name="{name}"' in page
    for name in (
        "game-neds_sold_out",
        "game-census_completed",
        "game-megastructure_repairs_completed",
    ):
        assert f'name="{name}"' not in page
    assert 'value="skyhooks-zones-1-2" selected' in page
    # No debt boxes before #8 brings the new tracker cards.
    assert "Bank of Yurushi" not in page


def test_it_saves_a_game_then_shows_its_checklist(owner_client, fresh):
    data = fill_first_game(form_data(owner_client.get(add_url(fresh)).content.decode()))

    response = owner_client.post(add_url(fresh), data)

    game = Game.objects.get(campaign=fresh)
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:checklist", args=[fresh.slug, 1])
    assert game.number == 1
    assert game.megastructure == "skyhooks-zones-1-2"
    assert "rules" not in game.table  # the campaign derives them
    assert game.result["winner"] == "purple"
    fresh.refresh_from_db()
    assert fresh.state["games_played"] == 1


def test_an_invalid_table_changes_nothing_and_says_why_beside_the_field(owner_client, fresh):
    data = fill_first_game(form_data(owner_client.get(add_url(fresh)).content.decode()))
    data["p1-credits"] = "35"
    before = snapshot()

    response = owner_client.post(add_url(fresh), data)

    assert response.status_code == 400
    assert "29" in response.content.decode()  # "You may never have more than 29 credits."
    assert snapshot() == before


def test_a_replay_refusal_is_shown_as_its_sentence_and_nothing_changes(
    owner_client, fresh, monkeypatch
):
    data = fill_first_game(form_data(owner_client.get(add_url(fresh)).content.decode()))
    before = snapshot()

    def refuse(*args, **kwargs):
        raise CampaignError("games[0].megastructure", "was not among the megastructures open")

    # A new game is saved through the one-phone save over a draft (live.actions.discards).
    monkeypatch.setattr(discards, "save_game", refuse)
    response = owner_client.post(add_url(fresh), data)

    assert response.status_code == 400
    assert "Game 1, megastructure: was not among the megastructures open." in (
        response.content.decode()
    )
    assert snapshot() == before


def test_a_refresh_redraws_the_form_without_saving(owner_client, fresh):
    data = form_data(owner_client.get(add_url(fresh)).content.decode())
    data["refresh"] = "1"
    data["setup-players"] = "2"

    response = owner_client.post(add_url(fresh), data)
    assert response.status_code == 200
    assert 'name="p3-credits"' not in response.content.decode()
    assert Game.objects.count() == 0

    response = owner_client.post(add_url(fresh), data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert '<div id="wizard-body"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_the_live_preview_scores_with_the_campaigns_rules(owner_client, fresh):
    data = fill_first_game(form_data(owner_client.get(add_url(fresh)).content.decode()))
    response = owner_client.post(
        reverse("campaign:game_preview", args=[fresh.slug]), data, headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="live-result"' in page
    assert "<html" not in page
    assert Game.objects.count() == 0
    assert owner_client.get(reverse("campaign:game_preview", args=[fresh.slug])).status_code == 405


def test_the_game_pages_refuse_other_methods(owner_client, fresh):
    assert owner_client.put(add_url(fresh)).status_code == 405
    assert owner_client.delete(add_url(fresh)).status_code == 405


# Editing --------------------------------------------------------------------------------------


def edit_url(campaign: Campaign, number: int) -> str:
    return reverse("campaign:game_edit", args=[campaign.slug, number])


def test_the_edit_form_is_prefilled_with_the_game_and_its_version(owner_client, played):
    game = played.games.get(number=2)
    page = owner_client.get(edit_url(played, 2)).content.decode()
    data = form_data(page)

    assert "Edit game 2 · Thursday group" in page
    assert data["p1-credits"] == "10"
    assert data["game-expected_version"] == str(game.version)
    assert data["game-played_on"] == game.played_on.isoformat()
    assert "Zones in play: 1, 2, 3" in page  # game 2's rules: #1 unlocked after game 1


def test_an_edit_is_saved_and_the_campaign_replayed(owner_client, played):
    data = form_data(owner_client.get(edit_url(played, 2)).content.decode())
    data["p1-credits"] = "0"
    data["p2-credits"] = "6"

    response = owner_client.post(edit_url(played, 2), data)

    assert response.status_code == 302
    game = played.games.get(number=2)
    assert game.result["winner"] == "yellow"
    assert game.version == 2
    played.refresh_from_db()
    assert played.state["tracker"]["yellow"]["credits"] == 1


def test_a_stale_edit_keeps_the_input_shows_what_changed_and_changes_nothing(owner_client, played):
    mine = form_data(owner_client.get(edit_url(played, 2)).content.decode())
    mine["p2-credits"] = "4"
    # Someone else saves game 2 first: purple's credits 10 -> 8.
    theirs = played.games.get(number=2)
    table = dict(theirs.table)
    table["players"] = [dict(p) for p in table["players"]]
    table["players"][0]["credits"] = 8
    actions.save_game(
        played,
        table=table,
        played_on=theirs.played_on,
        megastructure=theirs.megastructure,
        game=theirs,
        expected_version=theirs.version,
    )
    before = snapshot()

    response = owner_client.post(edit_url(played, 2), mine)

    page = response.content.decode()
    assert response.status_code == 400
    assert "was saved while you were editing it" in page
    assert "They changed credits of Purple corporation 10 → 8" in page
    assert page.count("was saved while you were editing it") == 1  # said once, above the form
    assert form_data(page)["p2-credits"] == "4"  # the input is kept
    assert snapshot() == before

    # Saving again, knowingly, replaces their version.
    response = owner_client.post(edit_url(played, 2), form_data(page))
    assert response.status_code == 302
    game = played.games.get(number=2)
    assert game.table["players"][1]["credits"] == 4
    assert game.version == 3


@pytest.mark.parametrize(
    ("original", "sentence"),
    [
        ("[" * 100_000 + "]" * 100_000, "is not JSON this app reads (nested too deeply)"),
        ('{"table": ' + "9" * 5_000 + "}", "is not JSON this app reads (a number of 5,000 digits"),
    ],
    ids=["deep", "long-number"],
)
def test_a_stale_edit_whose_original_cannot_be_read_says_so(
    owner_client, played, original, sentence
):
    mine = form_data(owner_client.get(edit_url(played, 2)).content.decode())
    mine["game-original"] = original
    theirs = played.games.get(number=2)
    table = dict(theirs.table)
    table["players"] = [dict(p) for p in table["players"]]
    table["players"][0]["credits"] = 8
    actions.save_game(
        played,
        table=table,
        played_on=theirs.played_on,
        megastructure=theirs.megastructure,
        game=theirs,
        expected_version=theirs.version,
    )
    before = snapshot()

    response = owner_client.post(edit_url(played, 2), mine)

    page = response.content.decode()
    assert response.status_code == 400
    assert "was saved while you were editing it" in page
    assert "What they changed cannot be listed: this page&#x27;s copy of the game" in page
    assert sentence in page
    assert snapshot() == before


def test_a_stale_edit_lists_only_real_changes_not_zeros_the_file_left_out(owner_client, played):
    mine = form_data(owner_client.get(edit_url(played, 2)).content.decode())
    theirs = played.games.get(number=2)
    table = dict(theirs.table)
    table["players"] = [dict(p) for p in table["players"]]
    # Their save writes every field, as the wizard does; only purple's credits change.
    for player in table["players"]:
        player.setdefault("bonus_ip", 0)
        player.setdefault("outposts", {"1": 0, "2": 0})
    table["players"][0]["credits"] = 8
    actions.save_game(
        played,
        table=table,
        played_on=theirs.played_on,
        megastructure=theirs.megastructure,
        game=theirs,
        expected_version=theirs.version,
    )

    page = owner_client.post(edit_url(played, 2), mine).content.decode()

    assert page.count("They changed") == 1
    assert "They changed credits of Purple corporation 10 → 8" in page


def test_editing_an_unknown_game_is_404(owner_client, played):
    assert owner_client.get(edit_url(played, 9)).status_code == 404


# The checklist --------------------------------------------------------------------------------


def checklist_url(campaign: Campaign, number: int) -> str:
    return reverse("campaign:checklist", args=[campaign.slug, number])


def test_the_checklist_walks_the_five_steps(owner_client, played):
    page = owner_client.get(checklist_url(played, 1)).content.decode()

    assert "Cross off tracker boxes" in page
    assert "Most profitable" in page  # purple's credits box
    assert "Check awards; the winner names a city" in page
    assert "No award this game." in page
    assert 'name="city-location"' in page
    assert "Mars (zone 1)" in page
    assert "Check off <strong>Sky hooks throughout zones 1 and 2</strong>" in page
    # Events: #1 and #2 unlocked here (so their titles may show), nothing later.
    assert "<strong>#1</strong> Zone 3" in page
    assert "<strong>#2</strong> NEDs" in page
    assert "<strong>#3</strong>" not in page
    assert "White Star" not in page
    assert "Read a solar system narrative" in page


def test_the_checklist_names_the_award_and_why(owner_client):
    tables = [leader_table("purple", "yellow", sections=("credits",)) for _ in range(8)]
    campaign = owned(actions.import_campaign(make_campaign(corporations=2, tables=tables)))

    page = owner_client.get(checklist_url(campaign, 8)).content.decode()

    assert (
        "Purple corporation</span> completed Most profitable first: gold, "
        "Benefactor of the Bank of Yurushi, 5 points." in page
    )


def test_the_checklist_explains_a_same_game_tie(owner_client):
    # Purple and yellow tie for credits every game: both complete the section in game 8.
    both = {"credits": 10}
    tables = [
        {
            "players": [
                {"corporation": "purple", "credits": 10, "outposts": {"1": 1}},
                {"corporation": "yellow", **both},
            ],
            "hubs": {"zones": {"1": {"workers": 1}}},
            "ballots": {},
        }
        for _ in range(8)
    ]
    campaign = owned(actions.import_campaign(make_campaign(corporations=2, tables=tables)))
    page = owner_client.get(checklist_url(campaign, 8)).content.decode()

    assert "sticker-gold" in page and "sticker-silver" in page
    assert (
        "completed it in the same game too, and most IP in that game takes the higher award" in page
    )


def test_naming_the_city(owner_client, played):
    response = owner_client.post(
        reverse("campaign:checklist_city", args=[played.slug, 3]),
        {"city-location": "Ganymede", "city-name": "New Caro"},
    )
    assert response.status_code == 302
    assert response["Location"] == checklist_url(played, 3)
    game = played.games.get(number=3)
    assert (game.city_location, game.city_name) == ("Ganymede", "New Caro")
    page = owner_client.get(checklist_url(played, 3)).content.decode()
    assert 'named <strong class="word-break">New Caro</strong> on Ganymede' in page
    page = owner_client.get(reverse("campaign:cities", args=[played.slug])).content.decode()
    assert "New Caro" in page


def test_a_full_location_is_not_offered_and_a_bad_city_changes_nothing(owner_client, played):
    for number, name in ((1, "A"), (2, "B")):
        actions.name_city(played.games.get(number=number), "Mars", name)
    page = owner_client.get(checklist_url(played, 3)).content.decode()
    assert "Mars (zone 1)" not in page  # both naming spaces used
    before = snapshot()

    response = owner_client.post(
        reverse("campaign:checklist_city", args=[played.slug, 3]),
        {"city-location": "Mars", "city-name": "C"},
    )
    assert response.status_code == 400
    assert "Must be one of the choices listed." in response.content.decode()
    assert snapshot() == before

    response = owner_client.post(
        reverse("campaign:checklist_city", args=[played.slug, 3]),
        {"city-location": "Ganymede", "city-name": ""},
        headers={"HX-Request": "true"},
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="city-step">')
    assert "Required: write it here." in page
    assert snapshot() == before


def test_the_city_step_is_skipped_when_no_space_is_free(owner_client, played):
    from scoring.models import Location

    for number, name in ((1, "A"), (2, "B")):
        actions.name_city(played.games.get(number=number), "Mars", name)
    Location.objects.exclude(name="Mars").update(naming_spaces=0)

    page = owner_client.get(checklist_url(played, 3)).content.decode()

    assert "fully developed" in page
    assert 'name="city-location"' not in page


def test_the_checklist_refuses_other_methods(owner_client, played):
    assert owner_client.post(checklist_url(played, 1)).status_code == 405
    assert (
        owner_client.get(reverse("campaign:checklist_city", args=[played.slug, 1])).status_code
        == 405
    )


# Section #7: player powers ----------------------------------------------------------------------


@pytest.fixture
def four_games() -> Campaign:
    games = [
        make_game(n, leader_table(leader, *others, sections=("credits",)))
        for n, (leader, *others) in enumerate(
            [("purple", "yellow", "teal")] * 3 + [("yellow", "purple", "teal")], start=1
        )
    ]
    return owned(actions.import_campaign(make_campaign(corporations=3, games=games)))


def power_url(campaign: Campaign, key: str) -> str:
    return reverse("campaign:checklist_power", args=[campaign.slug, 4, key])


def test_when_7_unlocks_each_corporation_picks_a_power_in_placing_order(owner_client, four_games):
    page = owner_client.get(checklist_url(four_games, 4)).content.decode()
    assert "#7: each corporation picks a power" in page
    # Yellow won game 4: it chooses first, and only it has a form now.
    assert page.count('name="power-yellow-power"') == 1
    assert 'name="power-purple-power"' not in page

    response = owner_client.post(
        power_url(four_games, "yellow"), {"power-yellow-power": "extra-ip"}
    )
    assert response.status_code == 302
    assert Corporation.objects.get(campaign=four_games, key="yellow").power == "extra-ip"

    page = owner_client.get(checklist_url(four_games, 4)).content.decode()
    assert 'name="power-purple-power"' in page
    # The power yellow took is no longer offered.
    assert '<option value="extra-ip"' not in page


def test_a_power_already_taken_is_refused_and_nothing_changes(owner_client, four_games):
    owner_client.post(power_url(four_games, "yellow"), {"power-yellow-power": "extra-ip"})
    before = snapshot()

    response = owner_client.post(
        power_url(four_games, "purple"), {"power-purple-power": "extra-ip"}
    )

    assert response.status_code == 400
    assert "Must be one of the choices listed." in response.content.decode()
    assert snapshot() == before


def test_the_extra_ip_power_is_added_by_the_app_not_asked(owner_client, four_games):
    owner_client.post(power_url(four_games, "yellow"), {"power-yellow-power": "extra-ip"})
    page = owner_client.get(add_url(four_games)).content.decode()
    fields = form_data(page)
    # The rules give the holder of "+2 end game IP" its 2 IP every game (#7): nobody ticks it
    # (docs/replay.md), the holder's card says so.
    assert not any(key.endswith("-bonus") for key in fields)
    assert "Player power: +2 end-game IP, added by the app every game (#7)." in page


def test_no_power_step_when_7_did_not_unlock_in_that_game(owner_client, four_games):
    assert "picks a power" not in owner_client.get(checklist_url(four_games, 3)).content.decode()


def test_a_mid_way_campaign_goes_on_from_the_next_game(owner_client):
    data = make_campaign(
        corporations=3,
        opening={
            "after_game": 4,
            "tracker": {},
            "awards": [],
            "election_wins": {"united_federalists": 4},
            "unlocked_sections": list(range(1, 10)),
            "megastructures_built": [],
            "cities": [],
            "incumbent_party": "united_federalists",
        },
    )
    campaign = owned(actions.import_campaign(data))
    page = owner_client.get(add_url(campaign)).content.decode()
    assert "Game 5 · Thursday group" in page
    form = fill_first_game(form_data(page))
    form["game-megastructure"] = "skyhooks-zone-5"

    response = owner_client.post(add_url(campaign), form)

    assert response.status_code == 302
    assert campaign.games.get().number == 5


# Query counts: the same for a 5-game and a 60-game campaign -------------------------------------

GAME_PAGE_QUERIES = {
    # session, user, campaign (with the person's role), corporations, megastructures and the
    # locations placing them (the campaign's box applied), the wizard's catalogue names (3:
    # ships, hubs with their zones, parties), the live result's tracker sections, the open
    # draft of the same game (docs/seats.md: the one-phone path offers to continue it)
    "campaign:game_add": 11,
    # the same, the game, the colours and the last game's number (the move range)
    "campaign:game_edit": 12,
    # session, user, campaign, game, corporations
    "campaign:game_delete": 5,
    # session, user, campaign, game, corporations, sections, awards, locations,
    # megastructures, parties, the game's photo (its size, not its bytes)
    "campaign:checklist": 11,
}


@pytest.mark.parametrize("name", GAME_PAGE_QUERIES)
def test_each_game_page_answers_in_the_same_queries_for_5_and_60_games(
    owner_client, django_assert_num_queries, name
):
    for n_games, corporations in ((5, 3), (60, 5)):
        campaign = owned(actions.import_campaign(make_campaign(n_games, corporations=corporations)))
        args = [campaign.slug] if name == "campaign:game_add" else [campaign.slug, 3]
        with django_assert_num_queries(GAME_PAGE_QUERIES[name]):
            assert owner_client.get(reverse(name, args=args)).status_code == 200


def test_the_live_preview_answers_in_the_same_queries_for_5_and_60_games(
    owner_client, django_assert_num_queries
):
    for n_games, corporations in ((5, 3), (60, 5)):
        campaign = owned(actions.import_campaign(make_campaign(n_games, corporations=corporations)))
        page = owner_client.get(reverse("campaign:game_edit", args=[campaign.slug, 3]))
        data = form_data(page.content.decode())
        # session, user, campaign, corporations, the game (once),
        # megastructures and the locations placing them, catalogue names (4)
        with django_assert_num_queries(11):
            response = owner_client.post(
                reverse("campaign:game_preview", args=[campaign.slug]),
                data,
                headers={"HX-Request": "true"},
            )
        assert 'id="live-result"' in response.content.decode()


# Moving a game --------------------------------------------------------------------------------


def move_url(campaign: Campaign, number: int) -> str:
    return reverse("campaign:game_move", args=[campaign.slug, number])


def played_on(campaign: Campaign) -> list[str]:
    return [g.played_on.isoformat() for g in campaign.games.order_by("number")]


def test_the_edit_page_offers_the_move_and_a_new_game_does_not(owner_client, played):
    page = owner_client.get(edit_url(played, 3)).content.decode()
    assert "Move to game number" in page
    assert f'formaction="{move_url(played, 3)}"' in page
    assert 'min="1" max="3"' in page
    new = owner_client.get(reverse("campaign:game_add", args=[played.slug])).content.decode()
    assert "Move to game number" not in new


def test_a_game_is_moved_the_campaign_replayed_and_the_history_says_so(owner_client, played):
    days = played_on(played)

    response = owner_client.post(move_url(played, 3), {"move-to": "1"})

    assert response.status_code == 302
    assert response["Location"] == reverse("campaign:games", args=[played.slug])
    assert played_on(played) == [days[2], days[0], days[1]]
    change = played.changes.order_by("pk").last()
    assert (change.kind, change.game_number) == (ChangeKind.GAME_MOVED, 1)
    page = owner_client.get(response["Location"]).content.decode()
    assert "Game 3 is now game 1; the campaign was replayed." in page


@pytest.mark.parametrize("value", ["", "abc", "0", "4", "2.5", "-1"])
def test_a_bad_number_is_refused_with_a_sentence_and_nothing_moves(owner_client, played, value):
    days, changes = played_on(played), played.changes.count()

    response = owner_client.post(move_url(played, 3), {"move-to": value}, follow=True)

    assert response.redirect_chain == [(edit_url(played, 3), 302)]
    assert "Move to game number: must be a whole number from 1 to 3." in response.content.decode()
    assert played_on(played) == days
    assert played.changes.count() == changes


def test_a_move_the_replay_refuses_says_why_and_changes_nothing(owner_client, played, monkeypatch):
    def refuse(*args, **kwargs):
        raise CampaignError("games[0].table", "section #1 is not unlocked yet")

    monkeypatch.setattr(actions, "move_game", refuse)
    days = played_on(played)

    response = owner_client.post(move_url(played, 3), {"move-to": "1"}, follow=True)

    assert response.redirect_chain == [(edit_url(played, 3), 302)]
    assert (
        "Game 3 was not moved. Game 1: section #1 is not unlocked yet." in response.content.decode()
    )
    assert played_on(played) == days


def test_moving_is_for_players_and_by_post(played, personas):
    people = personas(played)
    assert people.viewer.post(move_url(played, 3), {"move-to": "1"}).status_code == 403
    assert people.outsider.post(move_url(played, 3), {"move-to": "1"}).status_code == 404
    assert people.player.get(move_url(played, 3)).status_code == 405
    assert moves_by_post(people.player, played)


def moves_by_post(client, campaign: Campaign) -> bool:
    return client.post(move_url(campaign, 2), {"move-to": "3"}).status_code == 302


# --- fewer fields: what the campaign already knows is not asked again (docs/wizard.md) ----


def test_nes_sold_out_is_asked_once_the_neds_card_is_in_play(owner_client, played):
    # #2 (NEDs) unlocks after game 1; the census and repairs with none of #1-#19.
    page = owner_client.get(add_url(played)).content.decode()
    assert 'name="game-neds_sold_out"' in page
    assert 'name="game-census_completed"' not in page
    first = owner_client.get(reverse("campaign:game_edit", args=[played.slug, 1])).content
    assert b'name="game-neds_sold_out"' not in first


def test_a_power_field_is_only_on_its_holders_card(owner_client, four_games):
    owner_client.post(power_url(four_games, "yellow"), {"power-yellow-power": "extra-vote"})
    owner_client.post(power_url(four_games, "teal"), {"power-teal-power": "extra-ip"})
    fields = form_data(owner_client.get(add_url(four_games)).content.decode())
    seats = {fields[f"setup-seat{n}_corporation"]: f"p{n}" for n in range(1, 4)}
    assert f"{seats['yellow']}-extra_vote" in fields
    assert f"{seats['yellow']}-bonus" not in fields
    assert f"{seats['teal']}-bonus" not in fields
    assert not any(
        name.startswith(seats["purple"] + "-") and name.endswith(("bonus", "extra_vote"))
        for name in fields
    )


def test_the_megastructure_is_never_none_by_default(owner_client):
    # After #9 the last winner picks among the Type II megastructures: the group chooses.
    campaign = owned(actions.import_campaign(make_campaign(5, corporations=3)))
    options = campaign.state["next_game"]["megastructure_options"]
    assert len(options) > 1
    page = owner_client.get(add_url(campaign)).content.decode()
    fields = form_data(page)
    assert fields["game-megastructure"] == ""
    assert "None built this game" in page
    response = owner_client.post(add_url(campaign), fields)
    assert response.status_code == 400
    assert "Choose the megastructure built this game" in response.content.decode()
    # "None built" is a choice of its own.
    fields["game-megastructure"] = "none-built"
    response = owner_client.post(add_url(campaign), fields)
    # Refused only because the table is empty (the blank form), not for the megastructure.
    assert response.status_code == 400
    page = response.content.decode()
    assert "Choose the megastructure built this game" not in page
    assert "Nothing has been entered anywhere on this table" in page


def test_a_zone_with_nothing_in_it_folds_away(owner_client, played, demo):
    page = owner_client.get(add_url(played)).content.decode()
    assert page.count('<details class="zone-fold">') >= 4  # every zone closed on a new card
    assert '<details class="zone-fold" open>' not in page
    demo = owned(demo)
    edit = owner_client.get(reverse("campaign:game_edit", args=[demo.slug, 1])).content.decode()
    assert '<details class="zone-fold" open>' in edit  # where the players had outposts


def test_an_edit_says_what_it_changed_downstream_on_the_page_and_in_history(owner_client, played):
    edit = reverse("campaign:game_edit", args=[played.slug, 2])
    data = form_data(owner_client.get(edit).content.decode())
    seat = next(n for n in (1, 2) if data[f"setup-seat{n}_corporation"] == "yellow")
    data[f"p{seat}-credits"] = "29"
    response = owner_client.post(edit, data, follow=True)
    page = response.content.decode()
    assert "Game 2 saved. What it changed:" in page
    assert "game 2 now won by Yellow corporation (was Purple corporation)" in page
    change = Change.objects.filter(campaign=played, kind=ChangeKind.GAME_EDITED).first()
    assert any("now won by Yellow corporation" in line for line in change.details)
    assert not any("purple" in line for line in change.details if "downstream" in line)
