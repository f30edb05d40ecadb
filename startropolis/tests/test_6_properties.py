"""Properties: random legal games never raise, and every figure adds up.

A game is driven through `play()`'s own `next` step (the options the phone page offers), so
every session built here is legal by construction; a refusal would be a bug.
"""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from startropolis import StartropolisError, play, score, table_from_session, validate_table
from startropolis.modules import CORE, MODULE_TYPES
from startropolis.station import Module
from tests.budget import examples

from .builders import attach, revenues, session, station

GAMES = [
    ["basic_habitation", "solar", "supply", "market_center", "luxury_habitation", "civic"],
    [
        "basic_habitation",
        "luxury_habitation",
        "xenomorph_research",
        "police",
        "broadcast",
        "fusion",
    ],
    ["basic_habitation", "supply", "market_center", "stadium", "salvage", "civic"],
    ["luxury_habitation", "solar", "fusion", "police", "stadium", "market_center"],
]
SLOW = settings(
    max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def check_figures(state: dict, negative_revenue: str) -> None:
    """Each player's revenue is the sum of their modules' revenues plus the player's own
    modifiers (faction bonus, adjustments), read ST-R5's way; each module's revenue is its base
    plus the tokens on its card; held and inactive modules earn nothing."""
    by_owner: dict[str, int] = {player: 0 for player in state["revenue"]}
    for module in state["modules"]:
        assert module["revenue"] == module["base"] + sum(m["amount"] for m in module["modifiers"])
        if not module["attached"] or not module["active"]:
            assert module["revenue"] == 0
        by_owner[module["owner"]] += module["revenue"]
    for player in state["players"]:
        modifiers = [t for t in player["revenue_terms"] if t["why"].startswith(("faction", "rev"))]
        total = by_owner[player["key"]] + sum(t["amount"] for t in modifiers)
        assert player["revenue_total"] == total
        expected = max(0, total) if negative_revenue == "floor" else max(-30, total)
        assert state["revenue"][player["key"]] == expected
    stacked = [p for space in state["track"].values() for p in space]
    assert sorted(stacked) == sorted(state["revenue"])
    for space, players in state["track"].items():
        assert all(state["revenue"][p] == int(space) for p in players)
    if "credits" in state:
        assert all(0 <= c <= 999 for c in state["credits"].values())


def node_type(state: dict, node: str) -> str:
    if node == CORE:
        return CORE
    return next(m["type"] for m in state["modules"] if m["id"] == node)


@st.composite
def driven_games(draw):
    players = ["ann", "bob", "cy", "dee"][: draw(st.integers(2, 4))]
    in_play = draw(st.sampled_from(GAMES))
    track_credits = draw(st.booleans())
    negative = draw(st.sampled_from(["floor", "pay"]))
    banks = "market_center" in in_play and draw(st.booleans())
    game = session(
        players,
        modules_in_play=in_play,
        track_credits=track_credits,
        negative_revenue=negative,
        rush_fees=draw(st.lists(st.integers(0, 8), min_size=4, max_size=4)),
    )
    states = []
    counter = 0
    for _ in range(400):
        state = play(game)
        check_figures(state, negative)
        states.append(state)
        step = state["next"]
        if step["phase"] == "game_over":
            break
        rounds = game["rounds"]
        if step["phase"] == "purchase":
            if len(rounds) < step["round"]:
                rounds.append({"purchases": [], "attachments": []})
            credits = state["credits"][step["player"]] if track_credits else 99
            entry, counter = _purchase(draw, step, state, game, in_play, banks, credits, counter)
            rounds[-1]["purchases"].append(entry)
        elif step["phase"] == "attachment":
            rounds[-1]["attachments"].append(_attachment(draw, step, state))
        else:
            rounds[-1]["fusion_rolls"] = {m: draw(st.integers(1, 6)) for m in step["rolls_needed"]}
    return game, states, negative


def _purchase(
    draw,
    step: dict,
    state: dict,
    game: dict,
    in_play: list[str],
    banks: bool,
    credits: int,
    counter: int,
) -> tuple[dict, int]:
    """A random legal purchase-phase entry for the player to move; the module counter."""
    player = step["player"]
    options = [o for o in step["options"] if o["option"] == "pass"]
    options = [o for o in options if o["gain"] >= 0 or credits >= -o["gain"]]
    choice = draw(st.sampled_from(["buy", "civic", "pass", "buy"]))
    entry = None
    if choice == "buy":
        buyable = [
            t
            for t in in_play
            if t != "civic" and state["prices"][t] <= credits and not _box_full(state, t)
        ]
        if buyable:
            kind = draw(st.sampled_from(buyable))
            counter += 1
            module = {"id": f"m{counter}", "type": kind}
            if kind == "market_center" and banks:
                module["card"] = "bank"
            entry = {"player": player, "option": "buy", "slot": 6, "module": module}
    elif choice == "civic":
        civic = [o for o in step["options"] if o["option"] == "civic"]
        civic = [o for o in civic if o["price"] <= credits]
        if civic:
            option = draw(st.sampled_from(civic))
            counter += 1
            entry = {
                "player": player,
                "option": "civic",
                "discard_slot": option["discard_slot"],
                "module": {"id": f"m{counter}", "type": "civic"},
            }
    if entry is None:
        option = draw(st.sampled_from(options))
        entry = {"player": player, "option": "pass", "discard_slot": option["discard_slot"]}
    for bank in step.get("bank", []):
        spare = credits - _cost_of(entry, state, game)
        amount = draw(st.integers(0, 2))
        if amount and spare >= amount:
            entry["invest"] = {bank["module"]: amount}
            break
    return entry, counter


def _attachment(draw, step: dict, state: dict) -> dict:
    """A random legal attachment-phase entry: hold, or attach a held module somewhere."""
    held = [m for m in step["held"] if m["may_attach_to"]]
    if not held or draw(st.integers(0, 9)) == 0:
        return {"player": step["player"], "hold": True}
    module = draw(st.sampled_from(held))
    targets = draw(
        st.lists(st.sampled_from(module["may_attach_to"]), min_size=1, max_size=3, unique=True)
    )
    if module["type"] in ("broadcast", "luxury_habitation"):
        kinds = [node_type(state, t) for t in targets]
        if module["type"] == "broadcast" or len(set(kinds)) < len(kinds):
            targets = targets[:1]
    return attach(module["id"], *targets)


def _box_full(state: dict, kind: str) -> bool:
    owned = sum(1 for m in state["modules"] if m["type"] == kind)
    players = len(state["revenue"])
    return owned >= MODULE_TYPES[kind].quantity_for(players)


def _cost_of(entry: dict, state: dict, game: dict) -> int:
    fees = game["rush_fees"] + [0, 0]
    if entry["option"] == "buy":
        return state["prices"][entry["module"]["type"]]
    if entry["option"] == "civic":
        return state["prices"]["civic"] + fees[entry["discard_slot"] - 1]
    return fees[entry["discard_slot"] - 1] - 5


@SLOW
@given(driven_games())
def test_random_legal_games_never_raise_and_every_revenue_adds_up(driven):
    game, states, _ = driven
    final = states[-1]
    assert final["next"]["phase"] == "game_over"
    assert final["game_over"] is True
    credits = None if "credits" in final else {p: 10 for p in final["revenue"]}
    table = table_from_session(game, credits=credits)
    result = score(table)
    assert sorted(result["winners"]) == sorted(
        p["faction"] for p in result["players"] if p["rank"] == 1
    )


@SLOW
@given(driven_games(), st.data())
def test_a_prefix_of_a_valid_session_is_valid(driven, data):
    game, _, negative = driven
    rounds = game["rounds"]
    if not rounds:
        return
    cut = data.draw(st.integers(0, len(rounds) - 1))
    prefix = copy.deepcopy(game)
    prefix["rounds"] = rounds[:cut] + [copy.deepcopy(rounds[cut])]
    last = prefix["rounds"][-1]
    if data.draw(st.booleans()):
        last["attachments"] = last["attachments"][
            : data.draw(st.integers(0, len(last["attachments"])))
        ]
        last.pop("fusion_rolls", None)
        if not last["attachments"]:
            last["purchases"] = last["purchases"][
                : data.draw(st.integers(0, len(last["purchases"])))
            ]
    check_figures(play(prefix), negative)


# --- station level: random attachments, the module rules hold


@st.composite
def stations(draw):
    kinds = sorted(MODULE_TYPES)
    built = station()
    owners = ["a", "b", "c"]
    for index in range(draw(st.integers(1, 18))):
        module = Module(
            id=f"x{index}", type=draw(st.sampled_from(kinds)), owner=draw(st.sampled_from(owners))
        )
        nodes = sorted(n for n in built.edges if not built.is_dead(n))
        targets = draw(st.lists(st.sampled_from(nodes), min_size=1, max_size=3, unique=True))
        if built.refusal(module, targets) is not None:
            targets = targets[:1]
            if built.refusal(module, targets) is not None:
                continue
        built.modules[module.id] = module
        built.attach(module, targets, 1)
        if module.type == "fusion" and draw(st.integers(0, 3)) == 0:
            module.surged = True
    return built, owners


@settings(max_examples=examples(150), deadline=None)
@given(stations(), st.booleans())
def test_module_rules_hold_on_random_stations(built_owners, solar_counts_itself):
    built, owners = built_owners
    report = revenues(built, owners, solar_counts_itself=solar_counts_itself)
    for module in built.modules.values():
        result = report.modules[module.id]
        neighbours = built.edges[module.id] & report.active
        if not result.active:
            assert result.revenue == 0
            continue
        if module.type == "market_center":
            assert result.base == 2 * len(neighbours)
        if module.type == "luxury_habitation":
            assert result.base == 7 - len(neighbours)
            kinds = [built.type_of(n) for n in built.neighbours(module.id)]
            assert len(kinds) == len(set(kinds))
        if module.type == "broadcast" and module.host != CORE:
            host = report.modules[module.host].revenue
            assert result.base == -(-host // 2)
    for player in owners:
        owned = [report.modules[m.id].revenue for m in built.modules.values() if m.owner == player]
        assert report.players[player].total == sum(owned)


# --- any input: a sentence, never a traceback


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _replace(value, path, new):
    if not path:
        return new
    value = copy.deepcopy(value)
    target = value
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return value


SAMPLE_SESSION = json.loads(
    json.dumps(
        session(
            ["ann", "bob"],
            [
                {
                    "purchases": [
                        {
                            "player": "ann",
                            "option": "buy",
                            "slot": 5,
                            "module": {"id": "m1", "type": "market_center", "card": "bank"},
                            "invest": {"m1": 2},
                        },
                        {
                            "player": "bob",
                            "option": "civic",
                            "discard_slot": 1,
                            "module": {"id": "m2", "type": "civic"},
                        },
                    ],
                    "attachments": [attach("m2", "core"), attach("m1", "core", "m2")],
                    "fusion_rolls": {},
                }
            ],
            track_credits=True,
        )
    )
)
SAMPLE_TABLE = {
    "format": "startropolis-table",
    "version": 1,
    "rules": {"players": 2, "missions": True},
    "players": [
        {
            "faction": "a",
            "credits": 30,
            "revenue": 10,
            "modules": [{"type": "market_center", "card": "bank"}],
            "bank_invested": 2,
            "mission": {"name": "Lap of Luxury", "reward": 10, "most": "luxury_habitation"},
        },
        {"faction": "b", "credits": 30, "revenue": 10, "paid": 3, "modules": [{"type": "civic"}]},
    ],
}


@settings(max_examples=examples(300), deadline=None)
@given(st.data(), JSON_VALUES)
def test_a_mangled_session_is_refused_with_a_sentence(data, new):
    path = data.draw(st.sampled_from(list(_paths(SAMPLE_SESSION))))
    mangled = _replace(SAMPLE_SESSION, path, new)
    try:
        play(mangled)
    except StartropolisError as error:
        assert str(error).count(": ") >= 1
        assert "\n" not in str(error)


@settings(max_examples=examples(300), deadline=None)
@given(st.data(), JSON_VALUES)
def test_a_mangled_table_is_refused_with_a_sentence(data, new):
    path = data.draw(st.sampled_from(list(_paths(SAMPLE_TABLE))))
    mangled = _replace(SAMPLE_TABLE, path, new)
    problems = validate_table(mangled)
    try:
        score(mangled)
    except StartropolisError as error:
        assert "\n" not in str(error)
        assert problems and problems[0] == error
    else:
        assert problems == []
