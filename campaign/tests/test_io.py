"""The campaign file (docs/campaign-file.md) in and out of the database, the catalogue, the demo."""

import copy
import datetime
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from benchmarks.samples import leader_table, make_campaign, make_game, make_table
from campaign.actions import import_campaign
from campaign.campaign_io import campaign_to_dict, dump_campaign
from campaign.models import Campaign, Change, ChangeKind, Corporation, Game
from campaign.tests.factory import DEMO, demo_data
from scoring.catalogue import catalogue_from_db
from scoring.models import Location, Megastructure, MegastructureType
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue
from solar175.table_file import canonical_table
from solar175.tests.replayed import replay

PROJECT = Path(__file__).resolve().parents[2]

TOP_KEYS = [
    "format",
    "version",
    "name",
    "settings",
    "corporations",
    "opening",
    "games",
    "manual_unlocks",
    "powers",
]
GAME_KEYS = [
    "number",
    "played_on",
    "megastructure",
    "table",
    "neds_sold_out",
    "census_completed",
    "megastructure_repairs_completed",
    "named_city",
    "debt_marks",
]
TYPE_II = (
    "skyhooks-zone-5",
    "iptc-internal-upgrade",
    "space-elevator-mars",
    "ufss-hq-security-upgrade",
)


def rows() -> dict[str, int]:
    return {
        model.__name__: model.objects.count() for model in (Campaign, Corporation, Game, Change)
    }


@pytest.fixture
def demo(catalogue) -> Campaign:
    return import_campaign(demo_data())


def full_campaign() -> dict:
    """A small campaign using every optional key the file can hold."""
    data = make_campaign(
        tables=[
            leader_table("purple", "yellow", "teal", sections=("credits", "presence_1")),
            leader_table("yellow", "purple", "teal", sections=("mining",)),
        ],
        corporations=3,
        manual_unlocks=[],
        powers={"purple": "extra-ip"},
    )
    data["corporations"][0]["player"] = "Caro"
    data["corporations"][1] |= {"player": "Ali", "ai": True}
    data["games"][0]["named_city"] = {"location": "Mars", "name": "Nouvelle-Çaro"}
    data["games"][0]["notes"] = "First game — “learning”."
    data["games"][1]["debt_marks"] = [{"corporation": "teal", "points": 2}]
    data["games"][1]["megastructure"] = "skyhooks-zone-3"
    data["games"][1]["megastructure_zone"] = 3
    data["games"][1]["neds_sold_out"] = True
    return data


# --- export ------------------------------------------------------------------------------


def test_it_exports_the_contract_keys_in_order(demo):
    data = campaign_to_dict(demo)
    assert list(data) == TOP_KEYS
    assert data["format"] == "solar175-campaign" and data["version"] == 1
    assert list(data["corporations"][0]) == ["key", "name", "player", "ai"]
    assert [g["number"] for g in data["games"]] == list(range(1, 13))
    for game in data["games"]:
        assert [k for k in game if k in GAME_KEYS] == GAME_KEYS
        # Optional keys only where they hold something, in the documented places.
        assert set(game) - set(GAME_KEYS) <= {"megastructure_zone", "notes"}
    assert data["powers"] == {
        "purple": "extra-ip",
        "yellow": "extra-vote",
        "teal": "both-political-cards",
        "orange": "cheaper-bases",
    }


def test_it_exports_the_games_in_number_order_whatever_order_they_were_stored(catalogue):
    campaign = import_campaign(make_campaign(tables=[leader_table("purple", "yellow")] * 3))
    # Renumber behind the ORM's back so the rows' ids no longer follow their numbers.
    games = list(campaign.games.order_by("number"))
    Game.objects.filter(pk=games[0].pk).update(number=100)
    Game.objects.filter(pk=games[2].pk).update(number=1)
    Game.objects.filter(pk=games[0].pk).update(number=3)
    assert [g["number"] for g in campaign_to_dict(campaign)["games"]] == [1, 2, 3]


def test_it_exports_each_table_as_stored_in_the_documented_key_order(catalogue):
    data = full_campaign()
    shuffled = copy.deepcopy(data)
    table = shuffled["games"][0]["table"]
    shuffled["games"][0]["table"] = dict(reversed(list(table.items())))
    player = table["players"][0]
    table["players"][0] = dict(reversed(list(player.items())))
    campaign = import_campaign(shuffled)
    exported = campaign_to_dict(campaign)["games"][0]["table"]
    assert exported == data["games"][0]["table"]
    assert list(exported) == ["hubs", "ballots", "players"]
    assert list(exported["players"][0])[0] == "corporation"
    assert exported == canonical_table(exported)


def test_it_reads_a_campaign_in_two_queries_or_none_when_prefetched(demo):
    with CaptureQueriesContext(connection) as queries:
        campaign_to_dict(demo)
    assert len(queries) == 2
    campaign = Campaign.objects.prefetch_related("corporations", "games").get(pk=demo.pk)
    with CaptureQueriesContext(connection) as queries:
        campaign_to_dict(campaign)
    assert len(queries) == 0


def test_the_dump_is_indented_utf8_json_with_a_trailing_newline(catalogue):
    campaign = import_campaign(full_campaign())
    text = dump_campaign(campaign)
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert "Nouvelle-Çaro" in text and "“learning”" in text  # not \u escapes
    assert text.startswith('{\n  "format": "solar175-campaign",\n  "version": 1,\n')
    assert json.loads(text) == campaign_to_dict(campaign)


# --- export -> import -> export ----------------------------------------------------------


def test_export_import_export_is_byte_identical(catalogue):
    first = import_campaign(full_campaign())
    text = dump_campaign(first)
    second = import_campaign(json.loads(text))
    assert second.pk != first.pk
    assert dump_campaign(second) == text


def test_export_import_export_is_byte_identical_for_the_demo(demo):
    text = dump_campaign(demo)
    again = import_campaign(json.loads(text))
    assert dump_campaign(again) == text


def test_the_demo_fixture_is_its_own_export(demo):
    # The generator writes the canonical file, so a loaded demo exports the fixture itself.
    assert dump_campaign(demo) == DEMO.read_text(encoding="utf-8")


def test_export_import_export_is_byte_identical_with_an_opening_snapshot(catalogue):
    played = make_campaign(6, corporations=3)
    state = replay(played, Catalogue.from_fixture())
    opening = {
        "after_game": 6,
        "tracker": state["tracker"],
        "awards": state["awards"],
        "election_wins": state["election_wins"],
        "unlocked_sections": state["unlocked_sections"],
        "megastructures_built": state["megastructures_built"],
        "cities": state["cities"],
        "incumbent_party": state["next_game"]["incumbent_party"],
    }
    data = make_campaign(corporations=3, opening=opening, tables=[], powers=played["powers"])
    campaign = import_campaign(data)
    assert campaign.state["games_played"] == 6
    text = dump_campaign(campaign)
    assert dump_campaign(import_campaign(json.loads(text))) == text


# --- import ------------------------------------------------------------------------------


def test_it_imports_corporations_games_and_the_derived_cache(catalogue):
    data = full_campaign()
    campaign = import_campaign(data)
    assert campaign.name == "Thursday group"
    assert [(c.key, c.player, c.ai, c.power) for c in campaign.corporations.all()] == [
        ("purple", "Caro", False, "extra-ip"),
        ("yellow", "Ali", True, ""),
        ("teal", "", False, ""),
    ]
    first, second = campaign.games.order_by("number")
    assert first.played_on == datetime.date(2026, 1, 5)
    assert (first.city_location, first.city_name) == ("Mars", "Nouvelle-Çaro")
    assert second.megastructure_zone == 3 and second.neds_sold_out
    assert second.debt_marks == [{"corporation": "teal", "points": 2}]
    expected = replay(data, Catalogue.from_fixture())
    campaign.refresh_from_db()
    assert campaign.replayed_state().to_dict() == json.loads(json.dumps(expected))
    assert first.result == expected["games"][0]["score"]
    assert second.result["winner"] == "yellow"
    change = Change.objects.get(campaign=campaign)
    assert change.kind == ChangeKind.CAMPAIGN_IMPORTED


def test_it_gives_each_import_its_own_slug(catalogue):
    data = make_campaign(tables=[leader_table("purple", "yellow")])
    slugs = [import_campaign(data).slug for _ in range(3)]
    assert slugs == ["thursday-group", "thursday-group-2", "thursday-group-3"]
    assert import_campaign(data, name="Friday group").slug == "friday-group"
    assert import_campaign(data, name="!!!").slug == "campaign"


def rename_purple(data: dict) -> None:
    """Give purple a key that is no slug, everywhere the file names it."""
    text = json.dumps(data).replace('"purple"', '"Purple Corp"')
    data.clear()
    data.update(json.loads(text))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (
            lambda d: d["games"][1]["table"]["players"].append({"corporation": "fifth"}),
            "games[1].table.players[3].corporation",
        ),
        (lambda d: d["games"].reverse(), "games[0].number"),
        (lambda d: d["games"][0].update(megastructure="death-star"), "games[0].megastructure"),
        (lambda d: d["games"][0].update(played_on="2026-02-30"), "games[0].played_on"),
        (lambda d: d.update(name="x" * 101), "name"),
        (rename_purple, "corporations[0].key"),
        (lambda d: d["games"][0]["named_city"].update(name="y" * 61), "games[0].named_city.name"),
        # A table that contradicts the rules games before it derive: zone 4 is not in play.
        (
            lambda d: d["games"][1]["table"]["hubs"]["zones"].update({"4": {"workers": 1}}),
            "games[1].table.hubs.zones.4",
        ),
    ],
)
def test_a_bad_file_raises_its_path_and_writes_nothing(catalogue, change, path):
    data = full_campaign()
    change(data)
    before = rows()
    with pytest.raises(CampaignError) as caught:
        import_campaign(data)
    assert caught.value.path == path
    assert rows() == before


# --- the catalogue from the database -----------------------------------------------------


def test_the_database_catalogue_is_the_fixture_catalogue_when_nothing_was_corrected(catalogue):
    from_db = catalogue_from_db()
    from_fixture = Catalogue.from_fixture()
    assert dict(from_db.megastructures) == dict(from_fixture.megastructures)
    assert list(from_db.section_boxes.items()) == list(from_fixture.section_boxes.items())
    assert dict(from_db.awards) == dict(from_fixture.awards)
    assert dict(from_db.locations) == dict(from_fixture.locations)
    assert dict(from_db.ships) == dict(from_fixture.ships)


def test_the_database_catalogue_has_what_staff_corrected_in_the_admin(catalogue):
    # Staff correct the reference: Mars is zone 2, and a Type IV megastructure is added.
    Location.objects.filter(name="Mars").update(zone=2)
    Megastructure.objects.create(
        key="ring-world",
        name="Ring World",
        type=MegastructureType.TYPE_IV,
        location=Location.objects.get(name="Titan"),
    )
    catalogue = catalogue_from_db()
    assert catalogue.zone_of("space-elevator-mars") == 2
    assert catalogue.locations["Mars"].zone == 2
    assert catalogue.zone_of("ring-world") == 3
    assert catalogue.keys_of_type(MegastructureType.TYPE_IV) == ("ring-world",)
    assert catalogue.zone_of("terraform-mars") == 2
    assert catalogue.zone_of("the-kraken") is None


def test_the_database_catalogue_takes_five_queries_however_big(catalogue):
    with CaptureQueriesContext(connection) as queries:
        catalogue_from_db()
    before = len(queries)
    for i in range(20):
        Megastructure.objects.create(
            key=f"extra-{i}", name=f"Extra {i}", type=4, location=Location.objects.first()
        )
    with CaptureQueriesContext(connection) as queries:
        catalogue_from_db()
    assert before == len(queries) == 5


# --- the demo tells its story ------------------------------------------------------------


@pytest.fixture(scope="module")
def demo_state() -> dict:
    return replay(demo_data(), Catalogue.from_fixture())


def test_the_demo_is_twelve_weekly_games_of_four_corporations(demo_state):
    data = demo_data()
    assert len(data["games"]) >= 12 and demo_state["games_played"] == len(data["games"])
    players = {c["key"]: c["player"] for c in data["corporations"]}
    assert list(players) == ["purple", "yellow", "teal", "orange"]
    assert (players["purple"], players["yellow"], players["teal"]) == ("Caro", "Ali", "Rosa")
    assert players["orange"]
    dates = [datetime.date.fromisoformat(g["played_on"]) for g in data["games"]]
    assert all(b - a == datetime.timedelta(weeks=1) for a, b in zip(dates, dates[1:], strict=False))
    assert demo_state["warnings"] == []


def test_the_demo_opens_the_zones_as_their_sections_unlock(demo_state):
    zones = {g["number"]: g["rules"]["zones_in_play"] for g in demo_state["games"]}
    assert zones[1] == [1, 2]
    assert 3 in zones[2] and 4 in zones[3] and 5 in zones[5]
    assert zones[12] == [1, 2, 3, 4, 5, 6]
    for game in demo_state["games"]:
        # Every zone in play has somebody in it, leading its presence box.
        for zone in game["rules"]["zones_in_play"]:
            assert any(p["presence"][str(zone)] > 0 for p in game["score"]["players"])


def test_the_demo_builds_the_fixed_megastructures_then_type_ii_picked_by_the_last_winner(
    demo_state,
):
    built = [b["megastructure"] for b in demo_state["megastructures_built"]]
    assert built[:4] == [
        "skyhooks-zones-1-2",
        "skyhooks-zone-3",
        "drum-defence-cannon",
        "skyhooks-zone-4",
    ]
    assert sorted(built[4:8]) == sorted(TYPE_II)
    games = demo_state["games"]
    for previous, game in zip(games, games[1:], strict=False):
        if game["number"] > 4:
            assert game["megastructure_chooser"] == previous["winner"]
            assert game["megastructure"] in game["megastructure_options"]


def test_the_demo_has_a_gold_and_a_silver_award(demo_state):
    tiers = {a["tier"] for a in demo_state["awards"]}
    assert tiers == {"gold", "silver"}


def test_the_demo_has_a_same_game_award_tie_decided_by_that_games_ip(demo_state):
    ties = []
    for game in demo_state["games"]:
        completed: dict[str, list[str]] = {}
        for corp, sections in game["sections_completed"].items():
            for section in sections:
                completed.setdefault(section, []).append(corp)
        for section, corps in completed.items():
            if len(corps) == 2:
                ties.append((game, section, corps))
    assert ties, "no section completed by two corporations in the same game"
    game, section, corps = ties[0]
    awards = {a["corporation"]: a["tier"] for a in game["awards"] if a["section"] == section}
    assert sorted(awards.values()) == ["gold", "silver"]
    ip = {p["corporation"]: p["total"] for p in game["score"]["players"]}
    gold = next(c for c, tier in awards.items() if tier == "gold")
    silver = next(c for c, tier in awards.items() if tier == "silver")
    assert ip[gold] > ip[silver]
    # Decided by IP, not by the order of play: the gold winner plays after the silver one.
    order = [p["corporation"] for p in game["score"]["players"]]
    assert order.index(gold) > order.index(silver)


def test_the_demo_builds_the_space_elevator_early_then_the_rebellion_overthrows(demo_state):
    built = {b["megastructure"]: b["game"] for b in demo_state["megastructures_built"]}
    elevator = built["space-elevator-mars"]
    assert elevator == min(built[k] for k in TYPE_II)
    unlocked = {u["section"]: u["game"] for u in demo_state["unlocked_sections"]}
    assert unlocked[12] == elevator
    overthrown = [g for g in demo_state["games"] if g["election"]["overthrown"]]
    assert overthrown and overthrown[0]["number"] > elevator
    votes = overthrown[0]["score"]["election"]["votes"]
    legitimate = max(votes[p] for p in ("united_federalists", "workers_union", "brave_new_dawn"))
    assert votes["celestial_rebellion"] > legitimate
    assert overthrown[0]["election"]["winner"] == "celestial_rebellion"


def test_the_demo_winners_name_cities(demo_state):
    cities = demo_state["cities"]
    assert len(cities) >= 4
    winners = {g["number"]: g["winner"] for g in demo_state["games"]}
    assert all(city["corporation"] == winners[city["game"]] for city in cities)


def test_the_demo_fixture_is_what_the_generator_writes():
    result = subprocess.run(
        [sys.executable, "scripts/make_demo_campaign.py", "--check"],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr


def test_the_demo_uses_the_games_own_table_shape():
    for game in demo_data()["games"]:
        table = game["table"]
        assert "rules" not in table and "incumbent_party" not in table
        assert table == canonical_table(table)
        assert make_game(game["number"], make_table("purple", "yellow"))  # the factory agrees
