"""A state's JSON shape declared once, on its dataclass: one writer and one reader for all.

Pure Python, no Django, no game. A game's derived state (Solar 175's `CampaignState`, the other
games' companion states) is a tree of frozen dataclasses; `to_dict(state)` writes it as JSON
(keys in the fields' order) and `from_dict(Type, data)` reads such a dict back. What a field's
type does not say, its metadata does (`spec(...)` below):

- `key`: the JSON key, where it differs from the field's name;
- `default` / `default_factory`: the value of a new object (as `dataclasses.field`);
- `absent`: the value read when the key is absent, where it differs from the default (a cache
  written before the key existed); `falsy=True` reads any false value (null, 0, "", []) so too;
- `omit`: leave the key out when the value is `None` ("none") or empty ("empty");
- `flatten`: a dict whose keys are written into the object itself, and read back from the keys
  named (a table's house rules beside its `zones_in_play`);
- `write`: a function giving the JSON of the value, where it is not the value written whole;
  `read`: the function reading the value back, where the type's reading is not the one.

Each `spec(...)` call is one field: a dataclass field object is never shared between two fields
(a helper that returns `spec(...)` gives a fresh one per use).

The types say the rest: a nested dataclass, `tuple[X, ...]` (a JSON list, read as a tuple),
`dict[str, X]` (an object, read as a plain dict), `X | None`. A value read is never checked
here: the states are the app's own output (a person's file goes through `gamefile.fields`).

How a value is read, from its type:

- a key absent takes the field's `absent` value, else its default; a field without a default
  is required (`data[key]`);
- `bool`: `bool(value)` (null is false);
- a list or an object: null is empty; each item read by its type;
- a dataclass: null or an empty object is `None` where the type allows it, else the defaults;
- `X | None` of a list or an object: null stays null;
- anything else as given.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Collection, Mapping
from functools import cache
from typing import Any, TypeVar

__all__ = ["MISSING", "Shaped", "from_dict", "spec", "to_dict"]

# A key absent, or a metadata word not given (`dataclasses.MISSING` means "no default").
MISSING: Any = object()
METADATA = "gamefile.shape"
T = TypeVar("T")


@dataclasses.dataclass(frozen=True, slots=True)
class Spec:
    """What a field's metadata says beyond its type (see the module's docstring)."""

    key: str | None = None
    absent: Any = MISSING
    falsy: bool = False
    omit: str | None = None
    flatten: Collection[str] | None = None
    write: Callable[[Any], Any] | None = None
    read: Callable[[Any], Any] | None = None


def spec(
    *,
    key: str | None = None,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    absent: Any = MISSING,
    falsy: bool = False,
    omit: str | None = None,
    flatten: Collection[str] | None = None,
    write: Callable[[Any], Any] | None = None,
    read: Callable[[Any], Any] | None = None,
) -> Any:
    """A dataclass field with its JSON shape (`dataclasses.field` plus the shape's words)."""
    if omit not in (None, "none", "empty"):
        raise ValueError(f'omit is "none" or "empty", not {omit!r}')
    meta = {METADATA: Spec(key, absent, falsy, omit, flatten, write, read)}
    return dataclasses.field(
        default=dataclasses.MISSING if default is MISSING else default,
        default_factory=dataclasses.MISSING if default_factory is MISSING else default_factory,
        metadata=meta,
    )


# --- writing --------------------------------------------------------------------------------


def to_dict(obj: Any) -> dict[str, Any]:
    """A dataclass's JSON object: each field under its key, in the fields' order."""
    out: dict[str, Any] = {}
    for name, key, writer, omit, flatten in _writing(type(obj)):
        value = getattr(obj, name)
        if omit is not None and (
            value is None if omit == "none" else not value and value is not False and value != 0
        ):
            continue
        if flatten:
            out.update(value)
        else:
            out[key] = writer(value)
    return out


@cache
def _writing(cls: type) -> tuple[tuple[str, str, Callable[[Any], Any], str | None, bool], ...]:
    return tuple(
        (plan.name, plan.key, plan.writer, plan.omit, plan.flatten is not None)
        for plan in _plans(cls)
    )


def _same(value: Any) -> Any:
    return value


SCALARS = (bool, int, float, str, type(None))


def _deep(value: Any) -> Any:
    """Any value's JSON, whatever its declared type (`Any`)."""
    if isinstance(value, SCALARS):
        return value
    if hasattr(type(value), "__dataclass_fields__"):
        return to_dict(value)
    if isinstance(value, list | tuple):
        return [_deep(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _deep(item) for key, item in value.items()}
    return value


@cache
def _writer(kind: Any) -> Callable[[Any], Any]:
    """The function writing a value of type `kind` (compiled once per type)."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in args if arg is not type(None)]
        inner = _writer(options[0]) if len(options) == 1 else _deep
        if inner is _same:
            return _same
        return lambda value: None if value is None else inner(value)
    if kind in SCALARS:
        return _same
    if origin in (tuple, list) or kind in (tuple, list):
        item = _writer(args[0]) if args and args[-1] is Ellipsis or len(args) == 1 else _deep
        if item is _same:
            return list
        return lambda value: [item(v) for v in value]
    if origin is dict or kind is dict:
        item = _writer(args[1]) if args else _deep
        if item is _same:
            return dict
        return lambda value: {k: item(v) for k, v in value.items()}
    if dataclasses.is_dataclass(kind):
        return to_dict
    return _deep


# --- reading --------------------------------------------------------------------------------


def from_dict(cls: type[T], data: Mapping[str, Any] | None) -> T:
    """The `cls` a `to_dict` wrote; keys absent take their `absent` value or default."""
    data = data or {}
    values: dict[str, Any] = {}
    for name, key, reader, absent, falsy, has_default, flatten in _reading(cls):
        if flatten is not None:
            values[name] = {k: data[k] for k in flatten if k in data}
            continue
        raw = data.get(key, MISSING)
        if raw is MISSING or (falsy and not raw):
            if absent is not MISSING:
                raw = absent
            elif has_default:
                # A key absent reads as its default, whose type is already the field's.
                continue
            else:
                raw = data[key]  # required: the KeyError of a malformed cache
        values[name] = reader(raw)
    return cls(**values)


@cache
def _reading(cls: type) -> tuple[tuple[Any, ...], ...]:
    return tuple(
        (p.name, p.key, p.reader, p.absent, p.falsy, p.has_default, p.flatten) for p in _plans(cls)
    )


@cache
def _reader(kind: Any) -> Callable[[Any], Any]:
    """The function reading a value of type `kind` (compiled once per type)."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in args if arg is not type(None)]
        inner_type = options[0] if len(options) == 1 else Any
        inner = _reader(inner_type)
        if dataclasses.is_dataclass(inner_type):
            # Null or an empty object: no such thing.
            return lambda value: inner(value) if value else None
        return lambda value: None if value is None else inner(value)
    if kind is bool:
        return bool
    if origin in (tuple, list) or kind in (tuple, list):
        item = _reader(args[0]) if args else _same
        make = tuple if (origin or kind) is tuple else list
        if item is _same:
            return lambda value: make(value or ())
        return lambda value: make(item(v) for v in value or ())
    if origin is dict or kind is dict:
        item = _reader(args[1]) if args else _same
        if item is _same:
            return lambda value: dict(value or {})
        return lambda value: {k: item(v) for k, v in (value or {}).items()}
    if dataclasses.is_dataclass(kind):
        # A class's own `from_dict` (one that adds to this reading) where it has one.
        return lambda value: _class_reader(kind)(value)
    return _same


@cache
def _class_reader(kind: type) -> Callable[[Any], Any]:
    own = getattr(kind, "from_dict", None)
    return own if own is not None else (lambda value: from_dict(kind, value))


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    name: str
    key: str
    has_default: bool
    absent: Any
    falsy: bool
    omit: str | None
    flatten: Collection[str] | None
    writer: Callable[[Any], Any]
    reader: Callable[[Any], Any]


@cache
def _plans(cls: type) -> tuple[_Plan, ...]:
    hints = typing.get_type_hints(cls)
    plans = []
    for f in dataclasses.fields(cls):
        meta: Spec = f.metadata.get(METADATA) or Spec()
        has_default = f.default is not dataclasses.MISSING or (
            f.default_factory is not dataclasses.MISSING
        )
        plans.append(
            _Plan(
                f.name,
                meta.key or f.name,
                has_default,
                meta.absent,
                meta.falsy,
                meta.omit,
                meta.flatten,
                meta.write or _writer(hints[f.name]),
                meta.read or _reader(hints[f.name]),
            )
        )
    return tuple(plans)


class Shaped:
    """`to_dict()` and `from_dict(data)` as methods, for a dataclass that declares its shape."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        return to_dict(self)

    @classmethod
    def from_dict(cls: type[T], data: Mapping[str, Any] | None) -> T:
        return from_dict(cls, data)
