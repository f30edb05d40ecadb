"""gamefile.shape: a dataclass written as JSON in its fields' order, and read back, with what
its field metadata says about keys, absent keys, omitted keys and flattened ones."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from gamefile.shape import Shaped, from_dict, spec, to_dict


@dataclass(frozen=True, slots=True)
class Leaf(Shaped):
    name: str
    points: int = 0


@dataclass(frozen=True, slots=True)
class Tree(Shaped):
    number: int = spec(default=1, falsy=True)
    leaves: tuple[Leaf, ...] = ()
    by_name: dict[str, Leaf] = field(default_factory=dict)
    best: Leaf | None = None
    label: str = spec(key="title", default="")
    row: int | None = spec(default=None, omit="none")
    notes: tuple[str, ...] = spec(default=(), omit="empty")
    extra: dict[str, str] = spec(default_factory=dict, flatten=("colour", "shape"))
    zones: tuple[int, ...] = spec(default=(1, 2), absent=())
    sure: bool = False
    counts: dict[str, int] | None = None


def test_a_state_is_written_in_its_fields_order_with_its_keys():
    tree = Tree(
        3,
        (Leaf("a", 2),),
        {"b": Leaf("b")},
        Leaf("c"),
        "T",
        None,
        (),
        {"colour": "red"},
        (1,),
        True,
        {"x": 1},
    )
    assert list(to_dict(tree)) == [
        "number",
        "leaves",
        "by_name",
        "best",
        "title",
        "colour",
        "zones",
        "sure",
        "counts",
    ]
    assert to_dict(tree)["leaves"] == [{"name": "a", "points": 2}]
    assert to_dict(tree)["by_name"] == {"b": {"name": "b", "points": 0}}
    assert Tree.from_dict(tree.to_dict()) == tree


def test_what_an_absent_or_false_key_reads():
    assert from_dict(Tree, None) == Tree(zones=())
    assert from_dict(Tree, {"number": 0, "sure": None, "best": {}}).number == 1
    assert from_dict(Tree, {"sure": None}).sure is False
    assert from_dict(Tree, {"best": {}}).best is None
    assert from_dict(Tree, {"leaves": None}).leaves == ()
    assert from_dict(Tree, {"counts": None}).counts is None
    assert from_dict(Tree, {"counts": {}}).counts == {}
    assert from_dict(Tree, {"zones": [3]}).zones == (3,)


def test_omitted_keys_and_flattened_ones():
    written = to_dict(Tree(row=0, notes=("n",), extra={"shape": "round"}))
    assert written["row"] == 0 and written["notes"] == ["n"] and written["shape"] == "round"
    assert from_dict(Tree, {"colour": "blue", "other": "x"}).extra == {"colour": "blue"}


def test_a_required_key_absent_is_a_key_error():
    with pytest.raises(KeyError):
        from_dict(Leaf, {"points": 1})


def test_omit_says_none_or_empty():
    with pytest.raises(ValueError):
        spec(omit="never")
