"""The rulebook's printed examples, ST-E1…ST-E10 (OTHER-GAMES.md §2.6), first of all tests.

ST-E11 (ST:130–132, Figures 2–3, the Solar "shadow") is not computable: it is a physical
placement rule, the app never refuses an attachment for it, so it has no test.
"""

from startropolis import play, score
from startropolis.track import RevenueTrack

from .builders import attach, buy, hold, module, pass_, revenues, round_, session, station


def test_st_e1_emily_buys_the_luxury_habitation_from_the_completed_module_section():
    # ST:111 (Fig. 1): no rush fee, she pays the card's 7M; the cards slide right and a new
    # card fills the left-most slot.
    game = session(["emily", "caleb"], track_credits=True)
    game["construction_track"] = [
        "basic_habitation",
        "solar",
        "supply",
        "market_center",
        "supply",
        "luxury_habitation",
    ]
    game["rounds"] = [round_([buy("emily", "m1", "luxury_habitation", 6, drawn=["solar"])])]
    state = play(game)
    assert state["credits"]["emily"] == 14 - 7
    assert module(state, "m1")["paid"] == 7
    assert [slot["type"] for slot in state["construction_track"]] == [
        "solar",
        "basic_habitation",
        "solar",
        "supply",
        "market_center",
        "supply",
    ]
    assert state["next"] == state["next"] | {"phase": "purchase", "player": "caleb"}


def test_st_e2_caleb_furthest_back_on_space_9_collects_9_and_takes_first():
    # ST:152 (Fig. 4).
    game = session(
        ["emily", "rosa", "caleb"],
        [
            round_(
                [
                    buy("emily", "m1", "market_center"),
                    buy("rosa", "m2", "market_center"),
                    buy("caleb", "m3", "basic_habitation"),
                ],
                [attach("m3", "core"), attach("m2", "core", "m3"), attach("m1", "core", "m3")],
            ),
            round_(
                [
                    buy("caleb", "m4", "supply"),
                    buy("emily", "m5", "luxury_habitation"),
                    buy("rosa", "m6", "luxury_habitation"),
                ],
                [attach("m6", "m2"), attach("m5", "m1"), attach("m4", "m3")],
            ),
        ],
        track_credits=True,
    )
    state = play(game)
    assert state["revenue"] == {"emily": 12, "rosa": 12, "caleb": 9}
    assert state["collected"]["caleb"] == 9
    assert state["order_cards"]["caleb"] == "first"
    assert state["credits"]["caleb"] == 14 - 5 + 3 - 5 + 9


def test_st_e2_on_the_track_alone():
    track = RevenueTrack.start(["emily", "caleb", "rosa"])
    for player, space in (("emily", 14), ("caleb", 9), ("rosa", 11)):
        track.move(player, space)
    assert track.deal_order_cards()["caleb"] == "first"


def test_st_e3_fungi_earns_2_per_luxury_habitation_owned_and_attached_not_held():
    # ST:272: two attached, one held → +4M a round.
    game = session(
        ["ann", "bob"],
        [
            round_([buy("ann", "m1", "luxury_habitation"), pass_("bob")], [attach("m1", "core")]),
            round_([pass_("bob"), buy("ann", "m2", "luxury_habitation")], [attach("m2", "core")]),
            round_([pass_("bob"), buy("ann", "m3", "luxury_habitation")], [hold("ann")]),
        ],
        factions={"ann": "fungi", "bob": "broodmaster"},
        advanced_factions=True,
    )
    state = play(game)
    ann = next(p for p in state["players"] if p["key"] == "ann")
    bonus = [t for t in ann["revenue_terms"] if t["why"].startswith("faction bonus")]
    assert bonus == [
        {"amount": 4, "why": "faction bonus: 2M × 2 Luxury Habitation Modules owned and attached"}
    ]
    assert ann["held"] == ["m3"]
    assert state["revenue"]["ann"] == 6 + 6 + 4


def test_st_e4_lap_of_luxury_with_strictly_the_most_luxury_habitations():
    # ST:283, readings ST-R7 (by type) and ST-R8 (strictly the most).
    table = {
        "format": "startropolis-table",
        "version": 1,
        "rules": {"players": 2, "missions": True},
        "players": [
            {
                "faction": "fungi",
                "credits": 30,
                "revenue": 10,
                "modules": [{"type": "luxury_habitation"}, {"type": "luxury_habitation"}],
                "mission": {"name": "Lap of Luxury", "reward": 10, "most": "luxury_habitation"},
            },
            {
                "faction": "broodmaster",
                "credits": 35,
                "revenue": 10,
                "modules": [{"type": "luxury_habitation"}],
            },
        ],
    }
    result = score(table)
    fungi = result["players"][0]
    assert (fungi["faction"], fungi["mission"], fungi["final_credits"]) == ("fungi", 10, 40)
    assert result["winners"] == ["fungi"]


def test_st_e5_bank_earns_1_per_1_invested():
    # ST:291: 2M invested → 2M interest; a second 2M → 4M.
    game = session(
        ["ann", "bob"],
        [
            round_(
                [buy("ann", "m1", "market_center", card="bank", invest={"m1": 2}), pass_("bob")],
                [attach("m1", "core")],
            ),
        ],
        track_credits=True,
    )
    state = play(game)
    assert state["collected"]["ann"] == 2
    assert module(state, "m1")["why"] == "1M interest per 1M invested: 2M on the card"
    assert state["credits"]["ann"] == 14 - 5 - 2 + 2
    order = state["order"]
    game["rounds"].append(
        round_([pass_(p) if p == "bob" else {**pass_(p), "invest": {"m1": 2}} for p in order])
    )
    state = play(game)
    assert state["collected"]["ann"] == 4
    assert state["credits"]["ann"] == 9 + 5 - 2 + 4


def test_st_e6_broadcast_on_a_basic_habitation_earning_9():
    # ST:312: half of 9M, rounded up.
    built = station(
        ("h", "basic_habitation", "a", ["core"]),
        ("s", "supply", "a", ["h"]),
        ("m", "market_center", "a", ["h"]),
        ("l", "luxury_habitation", "a", ["h"]),
        ("b", "broadcast", "a", ["h"]),
    )
    report = revenues(built, ["a"])
    assert report.modules["h"].revenue == 9
    assert report.modules["b"].revenue == 5
    assert report.modules["b"].why == "half of h's 9M, rounded up"


def test_st_e7_police_with_one_basic_habitation():
    # ST:319: the Police 3M + 2M; the Basic Habitation +1M on top of its own revenue.
    built = station(
        ("h", "basic_habitation", "a", ["core"]),
        ("p", "police", "b", ["h"]),
    )
    report = revenues(built, ["a", "b"])
    assert report.modules["p"].revenue == 5
    assert report.modules["h"].base == 3  # the Core and the Police: two different types
    assert report.modules["h"].revenue == 3 + 1
    assert report.modules["h"].full_why.endswith("; +1M Police p attached")


def test_st_e8_salvage_trashes_a_free_zone_card_for_half_its_cost():
    # ST:335: a Basic Habitation gives 2M, a Solar Power 3M; two cards to replace at the end.
    for slot, discard, gain in ((5, 6, 2), (6, 5, 3)):
        game = session(
            ["ann", "bob"],
            modules_in_play=["basic_habitation", "solar", "supply", "market_center", "salvage"],
            track_credits=True,
        )
        game["construction_track"] = [
            "supply",
            "supply",
            "market_center",
            "salvage",
            "basic_habitation",
            "solar",
        ]
        game["rounds"] = [
            round_(
                [buy("ann", "m1", "salvage", 4, drawn=["supply"]), pass_("bob", 1)],
                [attach("m1", "core")],
            ),
            round_(
                [
                    {
                        **pass_("ann", discard, drawn=["solar", "supply"]),
                        "salvage": [{"slot": slot}],
                    }
                ]
            ),
        ]
        state = play(game)
        assert state["credits"]["ann"] == 14 - (5 + 1) + gain + 5
        trash = [e["text"] for e in state["log"] if "with Salvage" in e["text"]]
        assert trash[0].endswith(f"with Salvage and gains {gain}M")
        assert [s["type"] for s in state["construction_track"]][:2] == ["supply", "solar"]


def test_st_e9_stadium_with_solar_supply_and_basic_habitation():
    # ST:342: 2M for 3 connections, +2M for the Residential and the Utility.
    built = station(
        ("s", "supply", "b", ["core"]),
        ("st", "stadium", "a", ["s"]),
        ("so", "solar", "b", ["st"]),
        ("h", "basic_habitation", "b", ["st"]),
    )
    assert revenues(built, ["a", "b"]).modules["st"].revenue == 4


def test_st_e9_another_player_connecting_to_a_stadium_gets_2_once():
    game = session(
        ["ann", "bob"],
        [
            round_([buy("ann", "m1", "stadium"), pass_("bob")], [attach("m1", "core")]),
            round_([pass_("ann"), buy("bob", "m2", "basic_habitation")], [attach("m2", "m1")]),
        ],
        modules_in_play=[
            "basic_habitation",
            "solar",
            "supply",
            "market_center",
            "stadium",
            "civic",
        ],
        track_credits=True,
    )
    state = play(game)
    bonus = [e["text"] for e in state["log"] if "from the bank" in e["text"]]
    assert bonus == ["bob gains 2M from the bank for connecting Basic Habitation m2 to Stadium m1"]
    assert state["credits"]["bob"] == 14 + 5 - 5 + 2 + state["collected"]["bob"]


def test_st_e10_xenomorph_research_and_a_basic_habitation_two_modules_away():
    # ST:349: the Xenomorph earns 4M; the Basic Habitation on the Market Center gets −2M;
    # the Supply and the Market Center keep their own rules (Market Center, 2 connections: 4M).
    built = station(
        ("s", "supply", "a", ["core"]),
        ("x", "xenomorph_research", "a", ["s"]),
        ("m", "market_center", "b", ["x"]),
        ("h", "basic_habitation", "b", ["m"]),
    )
    report = revenues(built, ["a", "b"])
    assert report.modules["x"].revenue == 4
    assert [(m.amount, m.source) for m in report.modules["h"].modifiers] == [(-2, "x")]
    assert report.modules["m"].revenue == 4
    assert report.modules["m"].modifiers == ()
    assert report.modules["s"].modifiers == ()
