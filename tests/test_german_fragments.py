"""The rules' sentences read right in German where they used to have English glued in (issue
33): an ordinal, a resource, a table's key, a HUB, a hire card, a card's name wanted, a step of
the turn runner inside a sentence. Each is said by `hosting.words.translated` with German
active; its English is pinned by the rules' own tests."""

from __future__ import annotations

import copy

import pytest
from django.utils import translation

from colonists.groups import group
from colonists.helpers import _where
from gamefile.words import ordinal
from hosting.words import translated
from solar175.box import box_differences, read_box
from solar175.campaign_file import CampaignError
from solar175.catalogue import Catalogue
from solar175.differences import game_differences
from solar175.tests.test_triggers import award, reason, snapshot, trigger, wins
from space_explorers.changes import step_in_sentence, step_name


@pytest.fixture
def german():
    with translation.override("de"):
        yield


def test_ordinals_are_said_in_german_and_shared_by_the_rules(german):
    assert [translated(ordinal(n)) for n in (1, 2, 3, 4, 11, 21, 112)] == [
        "1.",
        "2.",
        "3.",
        "4.",
        "11.",
        "21.",
        "112.",
    ]
    assert [str(ordinal(n)) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 111, 112)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "111th",
        "112th",
    ]


def test_the_trigger_reasons_say_the_ordinal_in_german(german):
    five = snapshot(**wins("workers_union", [2, 5, 9, 12, 14]))
    said = translated(reason(trigger(13), five, 14))
    assert said == "Workers Union Party gewann in Partie 14 zum 5. Mal eine Wahl"
    p = snapshot(overthrows=5, **wins("celestial_rebellion", [1, 2, 3, 4, 7]))
    assert translated(reason(trigger(25), p, 7)) == (
        "die Celestial Rebellion stürzte in Partie 7 zum 5. Mal eine Wahl"
    )
    held = (
        award("credits", "gold", "purple", 8),
        award("mining", "gold", "yellow", 9),
        award("bases", "gold", "purple", 10),
        award("military", "gold", "purple", 12),
        award("influence", "gold", "purple", 15),
    )
    assert translated(reason(trigger(22), snapshot(awards=held), 15)) == (
        "purple gewann in Partie 15 zum 4. Mal eine Auszeichnung"
    )


def test_a_step_inside_a_sentence_keeps_its_german_capitals(german):
    assert translated(step_name(2)) == "Runde 2, dein Zug"
    assert translated(step_in_sentence(2)) == "Runde 2, dein Zug"
    assert translated(step_in_sentence(3)) == "Runde 2, Zug des Opponent"
    assert str(step_in_sentence(2)) == "round 2, your turn"
    assert str(step_in_sentence(3)) == "round 2, the Opponent’s turn"


def test_the_spice_merchants_resource_is_said_in_german(german):
    merchants = group("spice_merchants")
    assert str(merchants.resource_words) == "spice"
    assert translated(merchants.resource_words) == "Gewürz"
    assert translated(_where("spice_merchants", "reception_camp", None)) == (
        "im Reception Camp („Limbo“), bis ein Spieler ein Gebiet mit Gewürz hat"
    )
    # Koprolith is printed on the game: kept.
    assert translated(group("koprolith_miners").resource_words) == "Koprolith"


def test_what_changed_in_a_game_names_keys_hubs_and_hire_cards_in_german(german):
    before = {
        "number": 3,
        "neds_sold_out": False,
        "debt_marks": [],
        "table": {
            "hubs": {
                "hensler": {"workers": 3},
                "military": {"algorithms": 1},
                "zones": {"2": {"workers": 1}},
            },
            "hire_cards_left": {"general": 4},
            "players": [{"corporation": "purple", "mining_tokens": 2, "credits": 4}],
        },
    }
    after = copy.deepcopy(before)
    after.update(neds_sold_out=True)
    after["debt_marks"] = [{"corporation": "purple", "row": 2}]
    table = after["table"]
    table["hubs"]["hensler"]["workers"] = 4
    table["hubs"]["military"]["algorithms"] = 2
    table["hubs"]["zones"]["2"]["workers"] = 2
    table["hire_cards_left"]["general"] = 3
    table["players"][0].update(mining_tokens=3, credits=6)
    lines = game_differences(before, after)
    assert lines == [
        "NEDs sold out no → yes",
        "debt marks none → Purple a box of row 2",
        "mining tokens of Purple 2 → 3",
        "credits of Purple 4 → 6",
        "hensler hub workers 3 → 4",
        "military hub algorithms 1 → 2",
        "zone 2 hub workers 1 → 2",
        "general hire card: workers left 4 → 3",
    ]
    assert [translated(line) for line in lines] == [
        "NEDs ausverkauft nein → ja",
        "Schuldenkreuze keine → Purple ein Kästchen der Reihe 2",
        "Bergbaumarker von Purple 2 → 3",
        "Credits von Purple 4 → 6",
        "HUB Hensler: Arbeiter 3 → 4",
        "Militär-HUB: Algorithmen 1 → 2",
        "HUB Zone 2: Arbeiter 1 → 2",
        "Anheuerkarte General: verbliebene Arbeiter 4 → 3",
    ]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (
            {"locations": [{"zone": 3}]},
            "ist erforderlich (der Name des Ortes, wie ihn seine Karte druckt)",
        ),
        (
            {"ships": [{"presence": 3}]},
            "ist erforderlich (der Name des Schiffs, wie ihn seine Karte druckt)",
        ),
    ],
)
def test_a_missing_card_name_is_asked_for_in_german(german, data, words):
    with pytest.raises(CampaignError) as caught:
        read_box(data, Catalogue.from_fixture())
    assert translated(caught.value.message) == words


def test_where_a_megastructure_is_built_is_one_sentence_in_german(german):
    catalogue = Catalogue.from_fixture()
    after = read_box(
        {
            "locations": [{"name": "Venus", "zone": 1}],
            "megastructures": [{"key": "terraform-venus", "location": "Venus"}],
        },
        catalogue,
    ).apply(catalogue)
    lines = box_differences(catalogue, after)
    line = next(line for line in lines if line.startswith("Terraform Venus"))
    assert line == "Terraform Venus is now built on Venus, zone 1 (was placed nowhere)"
    assert line.params["where"].template == "built on %(location)s, zone %(zone)s"
    assert translated(line).startswith("Terraform Venus ")
    assert "gebaut auf Venus, Zone 1" in translated(line)
