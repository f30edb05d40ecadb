"""One failing session per rule of OTHER-GAMES.md §1.10, with the exact line the command prints."""

import pytest

from space_explorers import play
from space_explorers.tests.factory import (
    SCIENCE_TILES,
    SIMPLE_TILES,
    deck_run_out,
    error_line,
    opponent,
    rounds,
    session,
    you,
)

DECK = you("take", "deck")


def game_over_by_the_opponent() -> list:
    """You launch four tiles; the Opponent's 8th Engineering recruit completes the fifth."""
    names = ("Sputnik 1", "Telstar 1", "Explorer 1", "Mariner 2")
    turns = []
    for number in range(8):
        turns.append(you("take", "deck", launch=names[number]) if number < 4 else DECK)
        turns.append(opponent("engineering"))
    return turns


# Your hand holds 2 cards: the payment of 2 fills the temporary row with 2, the Opponent's
# recruit refills from it, so your third turn starts with 1 card in the temporary row.
ONE_IN_THE_TEMPORARY_ROW = [DECK, opponent("testing"), you("take", "deck", cards_to_center=2)]
ONE_IN_THE_TEMPORARY_ROW.append(opponent("testing"))

RULES = [
    # The file.
    ("x", 'session: must be an object, not the text "x"'),
    (
        {**session(), "players": 1},
        "players: is not a session key; allowed: format, version, variants, projects, turns",
    ),
    (
        {**session(), "format": "space-explorers-solo-table"},
        'format: must be "space-explorers-solo-session", not text',
    ),
    ({**session(), "version": 0}, "version: must be 1, the only version of this file"),
    (
        session(projects=[{**SIMPLE_TILES[0], "completed_by": None}, *SIMPLE_TILES[1:]]),
        "projects[0].completed_by: is not a Project key; allowed: name, points, skills",
    ),
    (
        session(projects=SIMPLE_TILES[:3]),
        "projects: must list exactly 5 Project tiles (the game plays 5), not 3",
    ),
    ({**session(), "turns": {}}, "turns: must be a list, not an object"),
    ({**session(), "turns": [DECK] * 241}, "turns: must list at most 240 turns, not 241"),
    # One turn at a time, you first, alternating; nothing after the game is over.
    (
        session(["take"]),
        'turns[0]: must be an object, {"you": …} or {"opponent": …}, not the text "take"',
    ),
    (session([{"me": {}}]), "turns[0].me: is not a turn; allowed: you, opponent"),
    (
        session([{"you": {}, "opponent": {}}]),
        "turns[0]: must hold one turn: you or opponent, not both",
    ),
    (session([{}]), "turns[0]: must hold one turn: you or opponent"),
    (
        session([opponent("science")]),
        "turns[0]: must be your turn: you and the Opponent take turns, you first",
    ),
    (
        session([DECK, DECK]),
        "turns[1]: must be the Opponent's turn: you and the Opponent take turns, you first",
    ),
    (
        session([*game_over_by_the_opponent(), DECK]),
        "turns[16]: comes after the game is over (it ended with turns[15])",
    ),
    # Your turn: its keys.
    (session([{"you": 3}]), "turns[0].you: must be an object, not 3"),
    (
        session([you("take", "deck", payment=1)]),
        "turns[0].you.payment: is not a key of your turn; allowed: action, from, slot, index, "
        "cards_to_center, tokens_set_aside, launch",
    ),
    (
        session([{"you": {"from": "deck"}}]),
        "turns[0].you.action: is required: take (into your hand) or recruit (into your Hub)",
    ),
    (
        session([you("discard", "deck")]),
        'turns[0].you.action: must be take or recruit, not the text "discard"',
    ),
    (
        session([{"you": {"action": "take"}}]),
        "turns[0].you.from: is required: center, temporary, hand or deck",
    ),
    (
        session([you("take", "box")]),
        'turns[0].you.from: must be center, temporary, hand or deck, not the text "box"',
    ),
    # A take cannot come from your hand; a recruit from the deck is refused.
    (
        session([you("take", "hand")]),
        "turns[0].you.from: a card you take into your hand comes from the center, the temporary "
        "row or the deck, not from your hand",
    ),
    (
        session([you("recruit", "deck")]),
        "turns[0].you.from: you recruit from the Center or your hand, not from the deck",
    ),
    # slot: with from center only, 0..5, a slot holding a card.
    (
        session([you("take", "center")]),
        "turns[0].you.slot: is required with from center (0 = leftmost, to 5)",
    ),
    (
        session([you("take", "deck", slot=1)]),
        "turns[0].you.slot: is only for a card from the center",
    ),
    (
        session([you("take", "center", slot=6)]),
        "turns[0].you.slot: must be between 0 and 5 (0 = leftmost)",
    ),
    (
        session([you("take", "center", slot=-1)]),
        "turns[0].you.slot: must be between 0 and 5 (0 = leftmost)",
    ),
    (
        session([you("take", "center", slot="2")]),
        'turns[0].you.slot: must be a whole number, not the text "2"',
    ),
    (
        session([*deck_run_out(), you("recruit", "center", slot=2)], SCIENCE_TILES),
        "turns[54].you.slot: must be a slot holding a card: slot 2 is empty (the deck and the "
        "temporary row ran out)",
    ),
    # index: with from temporary only, within the temporary row.
    (
        session([you("take", "center", slot=1, index=0)]),
        "turns[0].you.index: is only for a card from the temporary row",
    ),
    (session([you("take", "temporary", index=0)]), "turns[0].you.from: the temporary row is empty"),
    (
        session([*ONE_IN_THE_TEMPORARY_ROW, you("take", "temporary")]),
        "turns[4].you.index: is required with from temporary (0 = leftmost card)",
    ),
    (
        session([*ONE_IN_THE_TEMPORARY_ROW, you("take", "temporary", index=1)]),
        "turns[4].you.index: must be 0: the temporary row holds 1 card",
    ),
    # The deck and your hand must hold the card.
    (
        session([*deck_run_out(), DECK], SCIENCE_TILES),
        "turns[54].you.from: the Specialist deck is empty",
    ),
    (
        session([you("recruit", "hand"), opponent("testing"), you("recruit", "hand")]),
        "turns[2].you.from: your hand is empty",
    ),
    # Payment: hand cards to the Center, tokens set aside.
    (
        session([you("take", "deck", cards_to_center=2)]),
        "turns[0].you.cards_to_center: must be between 0 and 1: your hand holds 1 card",
    ),
    (
        session([you("recruit", "hand", cards_to_center=1)]),
        "turns[0].you.cards_to_center: must be 0: your hand holds 0 other cards",
    ),
    (
        session([you("take", "deck", cards_to_center=1.0)]),
        "turns[0].you.cards_to_center: must be a whole number, not 1.0",
    ),
    (
        session([you("take", "deck", tokens_set_aside=6)]),
        "turns[0].you.tokens_set_aside: must be between 0 and 5: you hold 5 Research tokens (5 of "
        "the 10 are in the Opponent's stack)",
    ),
    (
        session([you("take", "deck", tokens_set_aside=-1)]),
        "turns[0].you.tokens_set_aside: must be between 0 and 5: you hold 5 Research tokens (5 of "
        "the 10 are in the Opponent's stack)",
    ),
    # launch names a tile still on the track.
    (
        session([you("take", "deck", launch="Gemini 4")]),
        "turns[0].you.launch: must be null or the name of a Project tile in play (Sputnik 1, "
        "Telstar 1, Explorer 1, Mariner 2 or Vostok 1)",
    ),
    (
        session([you("take", "deck", launch=3)]),
        "turns[0].you.launch: must be null or the name of a Project tile in play (Sputnik 1, "
        "Telstar 1, Explorer 1, Mariner 2 or Vostok 1)",
    ),
    (
        session(
            [
                you("take", "deck", launch="Sputnik 1"),
                opponent("testing"),
                you("take", "deck", launch="sputnik 1"),
            ]
        ),
        "turns[2].you.launch: Sputnik 1 was already launched by you",
    ),
    (
        session([*rounds(8, division="science"), you("take", "deck", launch="Sputnik 1")]),
        "turns[16].you.launch: Sputnik 1 was completed by your Opponent: it is no longer on the "
        "track",
    ),
    # The Opponent's turn: the Division of the card above the marker, null with an empty Center.
    (
        session([DECK, {"opponent": "science"}]),
        'turns[1].opponent: must be an object, not the text "science"',
    ),
    (
        session([DECK, {"opponent": {"division": "science", "slot": 0}}]),
        "turns[1].opponent.slot: is not a key of the Opponent's turn; allowed: division",
    ),
    (
        session([DECK, {"opponent": {}}]),
        "turns[1].opponent.division: is required: the Division the recruited card joins (its "
        "top-most skill), or null when the Center is empty",
    ),
    (
        session([DECK, opponent("yellow")]),
        "turns[1].opponent.division: must be the Division of the card the Opponent recruits "
        "(above the Development marker): engineering, testing, science, construction or "
        'space_flight, not the text "yellow"',
    ),
    (
        session([DECK, opponent(None)]),
        "turns[1].opponent.division: must be the Division of the card the Opponent recruits "
        "(above the Development marker): engineering, testing, science, construction or "
        "space_flight, not null",
    ),
]


@pytest.mark.parametrize(("data", "line"), RULES, ids=[line.split(":")[0] for _, line in RULES])
def test_it_refuses_a_session_breaking_a_rule_with_one_line_naming_the_field(data, line):
    assert error_line(play, data) == line


def empty_center() -> list:
    """From the deck's end (27 rounds), you and the Opponent take the Center's five cards."""
    return [
        *deck_run_out(),
        # Slot 2 is empty, the marker on 3: you take slot 4, the Opponent slot 3.
        you("take", "center", slot=4),
        opponent("testing"),
        # The marker skipped the empty 4 to 5 (SE-R3): you take 5, the Opponent takes 0.
        you("take", "center", slot=5),
        opponent("testing"),
        # The marker is on 1, the last card: you take it, the Center is empty.
        you("take", "center", slot=1),
    ]


def test_a_division_for_an_empty_center_is_refused():
    turns = empty_center()
    assert play(session(turns, SCIENCE_TILES))["center"]["empty_slots"] == [0, 1, 2, 3, 4, 5]
    assert error_line(play, session([*turns, opponent("testing")], SCIENCE_TILES)) == (
        "turns[59].opponent.division: must be null: the Center is empty, the Opponent recruits "
        "nothing"
    )
