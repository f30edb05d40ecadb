"""One failing session per bound and refusal of OTHER-GAMES.md §2.8, with the exact error line."""

import pytest

from startropolis import StartropolisError, play

from .builders import attach, buy, civic, hold, pass_, round_, session

THREE = ["emily", "caleb", "rosa"]
WITH_POLICE = ["basic_habitation", "solar", "supply", "market_center", "police", "civic"]


def error_of(game: dict) -> str:
    with pytest.raises(StartropolisError) as caught:
        play(game)
    return str(caught.value)


def first_round(attachments: list[dict] | None = None) -> dict:
    return round_(
        [
            buy("emily", "m1", "luxury_habitation"),
            civic("caleb", "m2", 5),
            pass_("rosa"),
        ],
        attachments,
    )


def test_players_between_2_and_4():
    game = session(["a", "b", "c", "d", "e"])
    assert error_of(game) == "rules.players: must be between 2 and 4"


def test_players_listed_match_rules_players():
    game = session(THREE)
    game["rules"]["players"] = 4
    assert error_of(game) == "players: 3 players are listed, but rules.players is 4"


def test_faction_keys_unique():
    game = session(THREE, factions={"emily": "fungi", "caleb": "fungi"})
    assert error_of(game) == (
        'players[1].faction: "fungi" is also players[0]\'s faction (names are compared '
        "ignoring case); each faction is played once"
    )


def test_at_most_six_module_types_in_play():
    game = session(THREE, modules_in_play=[*WITH_POLICE, "stadium"])
    assert error_of(game) == (
        "rules.modules_in_play: 7 module types are listed; a game has at most 6"
    )


def test_four_rush_fees_between_0_and_20():
    game = session(THREE, rush_fees=[3, 2, 1])
    assert error_of(game) == "rush_fees: must list the 4 rush fees printed above slots 1 to 4"
    game = session(THREE, rush_fees=[21, 2, 2, 1])
    assert error_of(game) == "rush_fees[0]: must be between 0 and 20"


def test_first_order_lists_each_player_once():
    game = session(THREE, first_order=["emily", "emily", "rosa"])
    assert error_of(game) == (
        "first_order: must list each player once, First to Last (emily, caleb, rosa in some order)"
    )


def test_bids_paid_from_the_starting_14():
    game = session(THREE)
    game["bids"] = {"emily": 15, "caleb": 0, "rosa": 0}
    assert error_of(game) == "bids.emily: must be between 0 and 14"
    game["bids"] = {"emily": 3, "caleb": 0}
    assert error_of(game) == "bids: must give every player's bid (0 for none); rosa has none"


def test_bids_come_out_of_the_starting_credits():
    game = session(THREE, track_credits=True)
    game["bids"] = {"emily": 3, "caleb": 1, "rosa": 0}
    game["first_order"] = ["emily", "caleb", "rosa"]
    assert play(game)["credits"] == {"emily": 11, "caleb": 13, "rosa": 14}


def test_rounds_at_most_by_player_count():
    game = session(THREE, [round_([pass_(p) for p in THREE])] * 7)
    assert error_of(game) == "rounds: 7 rounds are entered, but a 3-player game has 6"


def test_purchases_follow_the_order_first_to_last():
    game = session(THREE, [round_([pass_("caleb")])])
    assert error_of(game) == (
        "rounds[0].purchases[0].player: it is emily's turn to purchase (First to Last), not caleb"
    )


def test_one_purchase_per_player_per_round():
    game = session(THREE, [round_([pass_(p) for p in [*THREE, "emily"]])])
    assert error_of(game) == "rounds[0].purchases: must list at most 3 purchases, not 4"


def test_a_module_type_not_in_play_is_refused():
    game = session(THREE, [round_([buy("emily", "m1", "police")])])
    assert error_of(game) == (
        "rounds[0].purchases[0].module.type: Police is not in play in this game (in play: "
        "basic_habitation, solar, supply, market_center, luxury_habitation, civic)"
    )


def test_more_modules_of_a_type_than_the_box_holds_two_player_removal_applied():
    rounds = []
    order = ["ann", "bob"]
    for number in range(4):
        rounds.append(
            round_(
                [pass_(order[0]), buy(order[1], f"l{number}", "luxury_habitation")],
                [hold("bob")],
            )
        )
    game = session(["ann", "bob"], rounds)
    assert error_of(game) == (
        "rounds[3].purchases[1].module.type: a 4th Luxury Habitation Module cannot be bought: "
        "a 2-player game has 3"
    )


def test_the_civic_stack_holds_four():
    holds = [hold(p) for p in reversed(THREE)]
    rounds = [round_([civic(p, f"c{n}{p}") for p in THREE], holds) for n in range(2)]
    game = session(THREE, rounds)
    assert error_of(game) == (
        "rounds[1].purchases[1].module.type: a 5th Civic Module cannot be bought: the box has 4"
    )


def test_option_2_only_while_civic_is_in_play():
    # Reading ST-R10.
    game = session(
        THREE,
        [round_([civic("emily", "m1")])],
        modules_in_play=["basic_habitation", "solar", "supply", "market_center", "police"],
    )
    assert error_of(game) == (
        "rounds[0].purchases[0].option: Option 2 needs the Civic Module, which is not in play "
        "in this game"
    )


def test_nothing_is_bought_on_credit():
    rounds = [
        round_([buy("emily", "m1", "luxury_habitation"), pass_("caleb"), pass_("rosa")]),
    ]
    game = session(THREE, rounds, track_credits=True)
    game["bids"] = {"emily": 10, "caleb": 0, "rosa": 0}
    assert error_of(game) == (
        "rounds[0].purchases[0]: emily has 4M in hand and cannot pay 7M for the Luxury "
        "Habitation in slot 6"
    )


def test_construction_track_card_must_match():
    game = session(THREE, [round_([buy("emily", "m1", "luxury_habitation", 6)])])
    game["construction_track"] = ["supply"] * 5 + ["solar"]
    assert error_of(game) == (
        "rounds[0].purchases[0].module.type: slot 6 holds a Solar Power card, not a Luxury "
        "Habitation"
    )


def test_attaching_a_module_nobody_bought():
    game = session(THREE, [first_round([attach("m9", "core")])])
    assert error_of(game) == (
        "rounds[0].attachments[0].module: m9 is not a module anyone has bought"
    )


def test_attaching_after_the_turn_was_skipped():
    # Skipping caleb's turn is his hold (ST:124): m2 waits for a later round.
    game = session(THREE, [first_round([attach("m1", "core"), attach("m2", "core")])])
    assert error_of(game) == (
        "rounds[0].attachments[1].module: caleb held their modules earlier in this round (a "
        "turn with no attachment is a hold, ST:124); m2 waits for a later round"
    )


def test_attaching_after_an_explicit_hold():
    game = session(THREE, [first_round([hold("caleb"), attach("m2", "core")])])
    assert error_of(game) == (
        "rounds[0].attachments[1].module: caleb held their modules earlier in this round (a "
        "turn with no attachment is a hold, ST:124); m2 waits for a later round"
    )


def test_attaching_a_module_already_attached():
    game = session(THREE, [first_round([attach("m2", "core"), attach("m2", "core")])])
    assert error_of(game) == (
        "rounds[0].attachments[1].module: m2 is already attached to the station"
    )


def test_attaching_to_a_held_module():
    game = session(THREE, [first_round([attach("m2", "m1")])])
    assert error_of(game) == (
        "rounds[0].attachments[0].to[0]: m1 is held by its owner, not attached to the station"
    )


def test_a_luxury_habitation_takes_one_of_each_type_itself():
    rounds = [
        round_(
            [buy("emily", "m1", "supply"), buy("caleb", "m2", "supply"), pass_("rosa")],
            [attach("m2", "core"), attach("m1", "core")],
        ),
        round_(
            [pass_("rosa"), pass_("emily"), buy("caleb", "m3", "luxury_habitation")],
            [attach("m3", "m1", "m2")],
        ),
    ]
    game = session(THREE, rounds)
    assert play(session(THREE, rounds[:1]))["order"] == ["rosa", "emily", "caleb"]
    assert error_of(game) == (
        "rounds[1].attachments[0].to[1]: a Luxury Habitation takes only one of each module "
        "type, and m2 is a second Supply Module (after m1)"
    )


def test_a_round_is_finished_before_the_next():
    unfinished = round_([buy("emily", "m1", "luxury_habitation"), civic("caleb", "m2", 5)])
    game = session(THREE, [unfinished, round_([pass_("rosa")])])
    assert error_of(game) == (
        "rounds[1]: round 1 is not finished (rosa has not taken a Purchase Phase turn); finish "
        "it before entering round 2"
    )


def test_the_attachment_phase_ends_when_nobody_holds_a_module():
    game = session(THREE, [first_round([attach("m2", "core"), attach("m1", "core"), hold("rosa")])])
    assert error_of(game) == (
        "rounds[0].attachments[2]: the Attachment Phase is over: nobody holds a module that may "
        "still be attached this round"
    )


def test_a_fusion_roll_is_a_die():
    modules = ["basic_habitation", "solar", "supply", "market_center", "fusion", "civic"]
    game = session(
        ["ann", "bob"],
        [
            round_(
                [buy("ann", "m1", "fusion"), pass_("bob")],
                [attach("m1", "core")],
                fusion_rolls={"m1": 7},
            )
        ],
        modules_in_play=modules,
    )
    assert error_of(game) == "rounds[0].fusion_rolls.m1: must be between 1 and 6"


def test_bank_invests_at_most_2_a_turn():
    game = session(
        ["ann", "bob"],
        [round_([buy("ann", "m1", "market_center", card="bank", invest={"m1": 3})])],
    )
    assert error_of(game) == "rounds[0].purchases[0].invest.m1: must be between 1 and 2"


def test_withdraw_at_most_what_the_bank_holds():
    game = session(
        ["ann", "bob"],
        [
            round_(
                [buy("ann", "m1", "market_center", card="bank", invest={"m1": 2}), pass_("bob")],
                [attach("m1", "core")],
            ),
            round_([pass_("bob"), {**pass_("ann"), "withdraw": {"m1": 3}}]),
        ],
    )
    assert error_of(game) == "rounds[1].purchases[1].withdraw.m1: must be between 1 and 2"


def test_salvage_needs_an_attached_salvage_module():
    game = session(THREE, [round_([{**pass_("emily"), "salvage": [{"slot": 6, "type": "solar"}]}])])
    assert error_of(game) == (
        "rounds[0].purchases[0].salvage: emily owns 0 attached Salvage Modules; each trashes at "
        "most one card a turn"
    )


def test_mission_only_with_rules_missions():
    game = session(THREE)
    game["players"][0]["mission"] = {"dealt": ["A", "B"], "kept": "A", "reward": 5}
    assert (
        error_of(game) == "players[0].mission: missions are not in play (rules.missions is false)"
    )


def test_mission_cards_dealt_once():
    game = session(THREE, missions=True)
    game["players"][0]["mission"] = {"dealt": ["A", "B"], "kept": "A", "reward": 5}
    game["players"][1]["mission"] = {"dealt": ["C", "A"], "kept": "C", "reward": 5}
    assert error_of(game) == (
        'players[1].mission.dealt[1]: "A" is also dealt to emily (names are compared ignoring '
        "case); each Mission Card is dealt once"
    )


def test_one_time_power_once_per_game():
    rounds = [
        round_([pass_(p) for p in THREE], powers_used=["emily"]),
        round_([pass_(p) for p in THREE], powers_used=["emily"]),
    ]
    game = session(THREE, rounds, advanced_factions=True)
    assert error_of(game) == (
        "rounds[1].powers_used[0]: emily used the one-time power in round 1; it is once per game"
    )


def test_the_advanced_sets_own_basic_card_beside_a_bank_is_legal():
    # ST:289: each advanced set "contains one card from the Basic Module set (the yellow
    # module)": a basic Market Center bought after a Bank is that set's own card.
    game = session(
        ["ann", "bob"],
        [
            round_(
                [buy("ann", "m1", "market_center", card="bank"), buy("bob", "m2", "market_center")]
            )
        ],
    )
    owned = {m["id"]: (m["card"], m["paid"]) for m in play(game)["modules"]}
    assert owned == {"m1": ("bank", 5), "m2": ("basic", 7)}


def test_a_second_basic_card_beside_the_advanced_set_is_refused():
    game = session(
        ["ann", "bob"],
        [
            round_(
                [buy("ann", "m1", "market_center", card="bank"), buy("bob", "m2", "market_center")]
            ),
            round_([buy("ann", "m3", "market_center"), pass_("bob")]),
        ],
    )
    assert error_of(game) == (
        "rounds[1].purchases[0].module.card: is a basic Market Center card, but "
        "rounds[0].purchases[0].module is advanced and rounds[0].purchases[1].module is basic: "
        "the advanced Market Center set holds one basic card, and the basic and advanced sets of "
        "one module type are never both played"
    )


def test_an_advanced_cards_own_cost_between_1_and_20():
    for cost in (0, 21):
        game = session(
            ["ann", "bob"], [round_([buy("ann", "m1", "supply", card="smelter", cost=cost)])]
        )
        assert error_of(game) == "rounds[0].purchases[0].module.cost: must be between 1 and 20"


def test_card_revenue_only_for_advanced_cards():
    game = session(THREE, [first_round([attach("m2", "core"), attach("m1", "core")])])
    game["rounds"][0]["card_revenue"] = {"m1": 4}
    assert error_of(game) == (
        "rounds[0].card_revenue.m1: m1 is a basic Luxury Habitation card; its revenue follows "
        "its printed rule"
    )


def test_unknown_round_key():
    game = session(THREE, [{"purchases": [], "bonus": 1}])
    assert error_of(game) == (
        "rounds[0].bonus: is not a round key; allowed: purchases, attachments, fusion_rolls, "
        "card_revenue, revenue_adjustments, credit_adjustments, powers_used"
    )
