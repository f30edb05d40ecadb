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
    for plan in _plans(type(obj)):
        value = getattr(obj, plan.name)
        if plan.omit == "none" and value is None:
            continue
        if plan.omit == "empty" and not value and value is not False and value != 0:
            continue
        if plan.flatten is not None:
            out.update(_write(value))
        elif plan.write is not None:
            out[plan.key] = plan.write(value)
        else:
            out[plan.key] = _write(value)
    return out


def _write(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_dict(value)
    if isinstance(value, list | tuple):
        return [_write(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _write(item) for key, item in value.items()}
    return value


# --- reading --------------------------------------------------------------------------------


def from_dict(cls: type[T], data: Mapping[str, Any] | None) -> T:
    """The `cls` a `to_dict` wrote; keys absent take their `absent` value or default."""
    data = data or {}
    values: dict[str, Any] = {}
    for plan in _plans(cls):
        if plan.flatten is not None:
            values[plan.name] = {key: data[key] for key in plan.flatten if key in data}
            continue
        raw = data.get(plan.key, MISSING)
        if raw is MISSING or (plan.falsy and not raw):
            if plan.absent is not MISSING:
                raw = plan.absent
            elif plan.has_default:
                # A key absent reads as its default, whose type is already the field's.
                continue
            else:
                raw = data[plan.key]  # required: the KeyError of a malformed cache
        values[plan.name] = plan.read(raw) if plan.read else _read(plan.type, raw)
    return cls(**values)


def _read(kind: Any, value: Any) -> Any:
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in typing.get_args(kind) if arg is not type(None)]
        inner = options[0] if len(options) == 1 else Any
        if value is None:
            return None
        if dataclasses.is_dataclass(inner) and not value:
            return None
        return _read(inner, value)
    if kind is bool:
        return bool(value)
    if origin is tuple or kind is tuple:
        args = typing.get_args(kind)
        item = args[0] if args else Any
        return tuple(_read(item, v) for v in value or ())
    if origin is list:
        args = typing.get_args(kind)
        item = args[0] if args else Any
        return [_read(item, v) for v in value or ()]
    if origin is dict or kind is dict:
        args = typing.get_args(kind)
        item = args[1] if args else Any
        return {k: _read(item, v) for k, v in (value or {}).items()}
    if dataclasses.is_dataclass(kind):
        reader = getattr(kind, "from_dict", None)
        return reader(value) if reader is not None else from_dict(kind, value)
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    name: str
    key: str
    type: Any
    has_default: bool
    absent: Any
    falsy: bool
    omit: str | None
    flatten: Collection[str] | None
    write: Callable[[Any], Any] | None
    read: Callable[[Any], Any] | None


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
                hints[f.name],
                has_default,
                meta.absent,
                meta.falsy,
                meta.omit,
                meta.flatten,
                meta.write,
                meta.read,
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
