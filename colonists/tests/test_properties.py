"""Properties over generated tables: totals add up, ranks follow totals, nothing crashes."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from colonists import (
    ColonistsError,
    bid_value,
    canonical_table,
    card_round,
    change_of_loyalty,
    claimant_priority,
    colonists_board,
    score,
    validate_table,
)
from colonists.groups import GROUP_KEYS, RIVALS
from colonists.table import vp_terms
from tests.budget import examples

CATEGORY_NAMES = ["territories", "omnium", "harvesters", "ships", "Trade"]


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    condominium = draw(st.booleans())
    categories = draw(st.lists(st.sampled_from(CATEGORY_NAMES), unique=True, max_size=4))
    count = draw(st.integers(1, 8))
    players: list[dict[str, Any]] = [
        {
            "name": f"player {i}",
            "cities": [],
            "unhoused_colonists": [],
            "other": {c: draw(st.integers(-99, 999)) for c in categories},
        }
        for i in range(count)
    ]
    held: list[set[str]] = [set() for _ in players]
    for key in GROUP_KEYS:
        if key == "corpex" and not condominium:
            continue
        where = draw(st.sampled_from(["nowhere", "city", "unhoused"]))
        if where == "nowhere":
            continue
        index = draw(st.integers(0, count - 1))
        if RIVALS.get(key) in held[index]:
            continue
        held[index].add(key)
        if where == "city":
            players[index]["cities"].append(
                {
                    "colonists": key,
                    "powered": draw(st.booleans()),
                    "metropolis": draw(st.booleans()),
                }
            )
        else:
            players[index]["unhoused_colonists"].append(key)
    for player in players:
        for _ in range(draw(st.integers(0, 3))):
            player["cities"].append(
                {
                    "colonists": None,
                    "powered": draw(st.booleans()),
                    "metropolis": draw(st.booleans()),
                }
            )
        player["cities"] = draw(st.permutations(player["cities"]))
    return {
        "format": "colonists-expert-table",
        "version": 1,
        "rules": {"condominium_built": condominium, "categories": categories},
        "players": players,
    }


@given(tables())
def test_a_players_total_is_the_sum_of_their_vp_terms(table):
    for player in score(table)["players"]:
        vp = player["vp"]
        categories = [v for k, v in vp.items() if k not in ("cities", "unrest")]
        assert player["total"] == sum(vp["cities"]) + vp["unrest"] + sum(categories)
        assert player["total"] == sum(vp_terms(vp))
        assert player["why"]["total"].endswith(f"{player['total']} VP".replace("-", "−"))


@given(tables())
def test_ranks_follow_totals_and_every_top_player_wins(table):
    result = score(table)
    totals = {p["name"]: p["total"] for p in result["players"]}
    best = max(totals.values())
    assert result["winners"] == [name for name, total in totals.items() if total == best]
    for player in result["players"]:
        assert player["rank"] == 1 + sum(t > player["total"] for t in totals.values())
        assert (player["rank"] == 1) == (player["name"] in result["winners"])


@given(tables())
def test_every_city_and_unhoused_group_is_explained(table):
    for given_player, player in zip(table["players"], score(table)["players"], strict=True):
        assert len(player["why"]["vp"]["cities"]) == len(given_player["cities"])
        assert player["vp"]["unrest"] == -len(given_player["unhoused_colonists"])
        assert all(0 <= v <= 5 for v in player["vp"]["cities"])


@given(tables())
def test_the_canonical_form_is_the_table_itself_and_scores_the_same(table):
    assert canonical_table(table) == table
    assert canonical_table(canonical_table(table)) == canonical_table(table)
    assert score(canonical_table(table)) == score(table)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=examples(200))
@given(JSON)
def test_any_json_is_read_without_a_traceback(data):
    assert isinstance(validate_table(data), list)


@given(tables(), st.sampled_from(["players", "rules", "version", "format"]), JSON)
def test_a_table_with_one_key_replaced_is_read_without_a_traceback(table, key, value):
    table[key] = value
    assert isinstance(validate_table(table), list)


def _only_field_errors(function, *args) -> None:
    try:
        function(*args)
    except ColonistsError:
        pass


@settings(max_examples=examples(100))
@given(JSON, JSON, JSON, JSON)
def test_the_helpers_refuse_any_bad_input_with_a_field_error(a, b, c, d):
    _only_field_errors(card_round, a, b)
    _only_field_errors(card_round, ["Aeolis", a, "Spaceport"], 1)
    _only_field_errors(colonists_board, a)
    _only_field_errors(colonists_board, {"players": ["caro"], "groups": {"mechanics": a}})
    _only_field_errors(
        colonists_board,
        {"players": ["caro"], "groups": {"mechanics": {"place": "city", "player": a}}},
    )
    _only_field_errors(claimant_priority, "mechanics", a, b)
    _only_field_errors(claimant_priority, "spice_merchants", [{"player": "caro", "groups": a}], b)
    _only_field_errors(change_of_loyalty, a, b, c)
    _only_field_errors(change_of_loyalty, "mechanics", {"player": "ben", "contracted": a}, c)
    _only_field_errors(bid_value, a, b, c, d)
    _only_field_errors(bid_value, 3, "territory", a, b)
