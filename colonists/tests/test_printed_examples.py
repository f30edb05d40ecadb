"""The examples the expert rules print (OTHER-GAMES §3.4), first."""

from colonists import bid_value


def test_cx_e1_spice_merchants_add_2_to_a_9_credit_bid_for_aeolis():
    # CX:128: Aeolis (Spice) is for sale; the Spice Merchants' contract holder bids a credit
    # card of 9: "his bid has a value of 11 credits. (9 + 2 = 11)".
    bid = bid_value(9, "territory", "spice_merchants", ["spice_merchants"])
    assert (bid["credits"], bid["bonus"], bid["value"]) == (9, 2, 11)
    assert bid["readings"] is None
    assert bid["why"] == (
        "9 + 2 = 11 credits: the Spice Merchants support the player who contracted them: "
        "+2 credits (CX:122)"
    )


def test_cx_e2_a_bid_without_cards_shows_both_readings_of_cx_r2():
    # CX:131: "the player's bid without credit cards had still a value of 1", although the bonus
    # is 2 (CX:122). CX-R2: the app counts 2 and shows the printed 1 beside it.
    bid = bid_value(0, "territory", "spice_merchants", ["spice_merchants"])
    assert bid["value"] == 2
    assert bid["readings"]["rule"] == 2
    assert bid["readings"]["printed_example"] == 1
    assert "CX-R2" in bid["why"]
    assert "had still a value of 1" in bid["readings"]["why"]


# CX-E3 (CX:83, "Example: Game Stone Koprolith Miners") is an illustration only: no numbers,
# nothing to compute.
