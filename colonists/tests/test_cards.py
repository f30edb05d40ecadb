"""The expert layout's card sequence (CX:7-11, CX:24, CX:42)."""

import pytest

from colonists import ColonistsError, card_kind, card_round, read_card_sequence
from colonists.cards import validate_card_sequence

FULL = [
    "Aeolis",
    "Power Hub 1",
    "Spice Merchants",
    "Harvester",
    "Adamant Cutters",
    "Crystalin Farmers",
    "Power Hub 2",
    "Fluidum Brewers",
    "Koprolith Miners",
    "Harvester",
    "Mechanics",
    "Power Hub 3",
    "Tharsis",
    "Spaceport",
]


def refused(cards, round_number=1) -> str:
    with pytest.raises(ColonistsError) as caught:
        card_round(cards, round_number)
    return str(caught.value)


def test_it_tells_the_kind_of_a_card_by_its_name():
    assert card_kind("Spaceport") == ("spaceport", None)
    assert card_kind("  power  HUB (red)") == ("power_hub", None)
    assert card_kind("spice merchants") == ("colonists", "spice_merchants")
    assert card_kind("koprolith_miners") == ("colonists", "koprolith_miners")
    assert card_kind("Harvester") == ("card", None)


def test_a_full_layout_has_no_warnings():
    sequence = read_card_sequence(FULL)
    assert sequence.warnings == ()
    assert [card.round for card in sequence.cards] == list(range(1, 15))


def test_it_says_this_round_next_the_colonists_to_come_and_the_spaceport():
    view = card_round(FULL, 2)
    assert view["round"] == 2
    assert view["rounds"] == 14
    assert view["this_round"] == {
        "round": 2,
        "name": "Power Hub 1",
        "kind": "power_hub",
        "group": None,
    }
    assert view["next"]["group"] == "spice_merchants"
    assert [(c["group"], c["round"], c["in_rounds"]) for c in view["colonists_arriving"]] == [
        ("spice_merchants", 3, 1),
        ("adamant_cutters", 5, 3),
        ("crystalin_farmers", 6, 4),
        ("fluidum_brewers", 8, 6),
        ("koprolith_miners", 9, 7),
        ("mechanics", 11, 9),
    ]
    assert [(h["name"], h["in_rounds"]) for h in view["power_hubs_coming"]] == [
        ("Power Hub 2", 5),
        ("Power Hub 3", 10),
    ]
    assert view["spaceport"] == {"round": 14, "in_rounds": 12}
    assert view["sentences"] == [
        "Round 2 of 14: Power Hub 1.",
        "Next: the Spice Merchants' colonist card.",
        "Colonists arriving: the Spice Merchants next round (round 3); the Adamant Cutters in 3 "
        "rounds (round 5); the Crystalin Farmers in 4 rounds (round 6); the Fluidum Brewers in 6 "
        "rounds (round 8); the Koprolith Miners in 7 rounds (round 9); the Mechanics in 9 rounds "
        "(round 11).",
        "Spaceport last: round 14, in 12 rounds.",
    ]


def test_a_colonist_card_round_sends_the_stone_to_the_reception_camp():
    # CX:73, CX:79: colonist cards are not auctioned; the stone goes to the Reception Camp.
    view = card_round(FULL, 11)
    assert view["sentences"][0] == (
        "Round 11 of 14: the Mechanics arrive: their card is not auctioned, their stone goes to "
        "the Reception Camp."
    )
    assert view["colonists_arriving"] == []
    assert view["sentences"][2] == "No more colonists arrive from the cards."


def test_the_last_round_is_the_spaceport():
    view = card_round(FULL, 14)
    assert view["next"] is None
    assert view["spaceport"] == {"round": 14, "in_rounds": 0}
    assert view["sentences"] == [
        "Round 14 of 14: the Spaceport, the last card of the game.",
        "No more colonists arrive from the cards.",
    ]


def test_the_round_before_the_spaceport_says_it_comes_next_round():
    assert card_round(FULL, 13)["sentences"][-1] == "Spaceport last: round 14, next round."


# --- what the text makes certain: refused -----------------------------------------------------


def test_it_refuses_a_sequence_without_the_spaceport():
    assert (
        refused(FULL[:-1])
        == "cards: must end with the Spaceport: it is the last card of every game"
    )


def test_it_refuses_the_spaceport_before_the_end():
    cards = ["Spaceport", *FULL[:-1]]
    assert refused(cards) == (
        "cards[0]: the Spaceport must be the last card: auctions begin with the card after it, "
        "making it the last card of every game"
    )


def test_it_refuses_two_spaceports():
    cards = [*FULL[:-1], "spaceport", "Spaceport"]
    assert (
        refused(cards) == "cards[14]: repeats the Spaceport (cards[13]): there is 1 Spaceport card"
    )


def test_it_refuses_a_colonist_card_given_twice():
    cards = ["Mechanics", *FULL]
    assert refused(cards) == (
        "cards[11]: repeats the Mechanics' card (cards[0]): the 6 colonist cards are 6 "
        "different groups"
    )


def test_it_refuses_an_empty_card_name():
    assert refused(["Aeolis", " ", "Spaceport"]) == "cards[1]: must not be empty: give a card name"


def test_it_refuses_a_card_name_that_is_not_text():
    assert refused(["Aeolis", None, "Spaceport"]) == (
        "cards[1]: must be a card name (a text), not null"
    )


def test_it_refuses_an_empty_sequence():
    assert refused([]) == "cards: must list between 1 and 200 card names"


def test_it_refuses_a_sequence_that_is_not_a_list():
    assert refused("Spaceport") == 'cards: must be a list of card names, not the text "Spaceport"'


def test_it_refuses_a_round_outside_the_sequence():
    assert refused(FULL, 0) == "round: must be between 1 and 14: the sequence has 14 cards"
    assert refused(FULL, 15) == "round: must be between 1 and 14: the sequence has 14 cards"
    assert refused(FULL, "3") == 'round: must be a whole number, not the text "3"'


def test_validate_card_sequence_lists_every_problem():
    errors = validate_card_sequence(["Spaceport", "", "Mechanics", "Mechanics"])
    assert [str(e) for e in errors] == [
        "cards[0]: the Spaceport must be the last card: auctions begin with the card after it, "
        "making it the last card of every game",
        "cards[1]: must not be empty: give a card name",
        "cards[3]: repeats the Mechanics' card (cards[2]): the 6 colonist cards are 6 different "
        "groups",
    ]
    assert validate_card_sequence(FULL) == []


# --- what a typed name cannot make certain: warnings ------------------------------------------


def test_it_warns_when_there_are_not_3_power_hubs():
    cards = [name for name in FULL if name != "Power Hub 3"]
    assert read_card_sequence(cards).warnings == (
        "2 Power Hub cards found, the expert rules add 3 (CX:7): name each one beginning with "
        '"Power Hub"',
    )


def test_it_warns_of_missing_colonist_cards():
    cards = [name for name in FULL if name not in ("Mechanics", "Adamant Cutters")]
    assert read_card_sequence(cards).warnings == (
        "no colonist card for the Adamant Cutters, the Mechanics: the expert rules add 6, one "
        "per group (CX:9, CX:57); name each after its group",
    )


def test_it_warns_of_a_card_named_after_the_corpex():
    cards = ["Corpex", *FULL]
    assert read_card_sequence(cards).warnings == (
        "cards[0]: the Corpex have no card; they enter the game when a player builds the "
        "Condominium (CX:71)",
    )
    assert card_round(cards, 1)["warnings"] == list(read_card_sequence(cards).warnings)
