"""The event machinery: the ``Event`` base, the type registry and the checked JSON reader.

Each event class (``_events.py``) registers itself under its ``type`` string when defined;
``event_from_json`` looks the class up there and checks every field against its type hint,
raising ``InputError`` naming the source and the field.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from armada_vision.errors import InputError

EVENT_TYPES: dict[str, type[Event]] = {}


def _freeze(value: Any) -> Any:
    """Deep read-only copy of JSON data (dicts -> mappingproxy, lists -> tuples)."""
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): _freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    """Plain JSON data (dicts and lists) from frozen data."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Event:
    """Base of every event. Subclasses set ``type`` (kebab-case) and ``log_only``."""

    type: ClassVar[str] = ""
    log_only: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.type:
            EVENT_TYPES[cls.type] = cls

    def __post_init__(self):
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, (Mapping, list)):
                object.__setattr__(self, f.name, _freeze(v))
            elif isinstance(v, tuple):
                object.__setattr__(self, f.name, _freeze(v))

    def to_json(self) -> dict[str, Any]:
        """A plain JSON object: ``{"type": ..., <fields>}``."""
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = _thaw(getattr(self, f.name))
        return out


def _check(value: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _check(value, inner[0], where)
    if hint is bool:
        if not isinstance(value, bool):
            raise InputError(f"expected true or false, got {value!r}", field=where)
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(f"expected an integer, got {value!r}", field=where)
        return value
    if hint is float:
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not math.isfinite(value)
        ):
            raise InputError(f"expected a number, got {value!r}", field=where)
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise InputError(f"expected a string, got {value!r}", field=where)
        return value
    if origin is tuple:
        if not isinstance(value, (list, tuple)):
            raise InputError(f"expected a list, got {value!r}", field=where)
        return tuple(_check(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
    if origin in (Mapping, dict) or hint in (Mapping, dict):
        if not isinstance(value, Mapping):
            raise InputError(f"expected an object, got {value!r}", field=where)
        if args and args[1] is not Any:
            return {str(k): _check(v, args[1], f"{where}.{k}") for k, v in value.items()}
        return value
    return value


_FIELDS: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def _fields_of(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """``(name, type hint, required)`` per field of an event class (cached: hints are slow)."""
    if cls not in _FIELDS:
        hints = typing.get_type_hints(cls)
        _FIELDS[cls] = tuple(
            (
                f.name,
                hints[f.name],
                f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            )
            for f in dataclasses.fields(cls)
        )
    return _FIELDS[cls]


def event_from_json(data: Mapping[str, Any] | str, source: str = "<event>") -> Event:
    """The event described by a JSON object (or its text), as written by ``to_json``.

    Raises ``InputError`` naming ``source`` and the field for an unknown ``type``, a missing
    required field or a value of the wrong kind. Unknown keys are ignored.
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise InputError(f"not JSON ({exc.msg} at char {exc.pos})", source=source) from None
    if not isinstance(data, Mapping):
        raise InputError(
            f"an event must be a JSON object, got {type(data).__name__}", source=source
        )
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InputError(f"unknown event type {kind!r}", source=source, field="type")
    kwargs = {}
    for name, hint, required in _fields_of(cls):
        if name not in data:
            if required:
                raise InputError("missing (required)", source=source, field=f"{kind}.{name}")
            continue
        try:
            kwargs[name] = _check(data[name], hint, f"{kind}.{name}")
        except InputError as exc:
            raise InputError(str(exc), source=source) from None
    return cls(**kwargs)


def _payload() -> Any:
    return field(default_factory=dict)
