"""Typed reading of one TOML file: every value checked, every error naming the file and field.

``_read_toml(path)`` gives a ``_Table``; its getters (``str``, ``num``, ``int``, ``point``,
``dice``, ...) raise :class:`armada_vision.errors.InputError` with the file and the dotted path
of the field and what was expected, so the loaders in ``_load.py`` never let a ``KeyError`` or
``TypeError`` escape.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from armada_vision.errors import InputError

from ._types import DICE_COLOURS, Dice

#: Largest number a catalog value may have: lengths and points in mm (10 m, as a scene's
#: ``scene.MAX_COORD_MM``), angles in degrees. A base 1e300 mm long was accepted and its
#: geometry overflowed in shapely.
MAX_NUMBER = 10_000.0
#: Largest whole number (hull, dice, shields, speeds, clicks). A dice count of 10**23 passed
#: and overflowed a C long in the rules' arrays.
MAX_COUNT = 1000


class _Table:
    """A TOML table with the file and dotted path it came from, for error messages."""

    def __init__(self, data: dict[str, Any], source: str, path: str = ""):
        self.data = data
        self.source = source
        self.path = path

    def _name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str, message: str) -> InputError:
        return InputError(message, source=self.source, field=self._name(key))

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = ...) -> Any:
        if key not in self.data:
            if default is ...:
                raise self.error(key, "missing (required)")
            return default
        return self.data[key]

    def str(self, key: str, default: Any = ..., choices: Iterable[str] | None = None) -> str:
        value = self.raw(key, default)
        if not isinstance(value, str):
            raise self.error(key, f"expected a string, got {value!r}")
        if choices is not None and value not in choices:
            raise self.error(key, f"expected one of {', '.join(choices)}, got {value!r}")
        return value

    def num(self, key: str, default: Any = ..., positive: bool = False) -> float:
        value = self.raw(key, default)
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or isinstance(value, float) and not math.isfinite(value)):
            raise self.error(key, f"expected a number, got {value!r}")
        if positive and value <= 0:
            raise self.error(key, f"expected a number above 0, got {value!r}")
        if abs(value) > MAX_NUMBER:
            raise self.error(key, f"expected a number of at most {MAX_NUMBER:.0f}, got {value!r}")
        return float(value)

    def int(self, key: str, default: Any = ..., minimum: int = 0) -> int:
        value = self.raw(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"expected a whole number, got {value!r}")
        if value < minimum:
            raise self.error(key, f"expected a whole number of at least {minimum}, got {value}")
        if value > MAX_COUNT:
            raise self.error(key, f"expected a whole number of at most {MAX_COUNT}, got {value}")
        return value

    def table(self, key: str, default: Any = ...) -> _Table:
        value = self.raw(key, default)
        if not isinstance(value, dict):
            raise self.error(key, f"expected a table, got {value!r}")
        return _Table(value, self.source, self._name(key))

    def point(self, key: str, default: Any = ...) -> tuple[float, float]:
        value = self.raw(key, default)
        if (
            not isinstance(value, (list, tuple))
            or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
        ):
            raise self.error(key, f"expected a point [x_mm, y_mm], got {value!r}")
        if not all(abs(v) <= MAX_NUMBER for v in value):  # also False for nan and inf
            raise self.error(key, f"expected a point [x_mm, y_mm] of finite numbers within "
                             f"{MAX_NUMBER:.0f}, got {list(value)!r}")
        return (float(value[0]), float(value[1]))

    def points(self, key: str, minimum: int = 1) -> tuple[tuple[float, float], ...]:
        value = self.raw(key)
        if not isinstance(value, list) or len(value) < minimum:
            raise self.error(key, f"expected a list of at least {minimum} points [x_mm, y_mm]")
        sub = _Table({str(i): v for i, v in enumerate(value)}, self.source, self._name(key))
        return tuple(sub.point(str(i)) for i in range(len(value)))

    def strs(self, key: str, default: Any = ..., choices: Iterable[str] | None = None) -> tuple[str, ...]:
        value = self.raw(key, default)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(key, f"expected a list of strings, got {value!r}")
        if choices is not None:
            allowed = tuple(choices)
            for v in value:
                if v not in allowed:
                    raise self.error(key, f"expected each of {', '.join(allowed)}, got {v!r}")
        return tuple(value)

    def dice(self, key: str, default: Any = ...) -> Dice:
        if key not in self.data and default is not ...:
            return default
        t = self.table(key)
        for k in t.data:
            if k not in DICE_COLOURS:
                raise t.error(k, f"expected a dice colour ({', '.join(DICE_COLOURS)})")
        return Dice(*(t.int(c, 0) for c in DICE_COLOURS))


def _read_toml(path: Path) -> _Table:
    try:
        # utf-8-sig: a file saved with a BOM (Windows Notepad) reads as without one; tomllib
        # said only "Invalid statement (at line 1, column 1)" there
        return _Table(tomllib.loads(path.read_text(encoding="utf-8-sig")), str(path))
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", source=str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"not valid TOML: {exc}", source=str(path)) from None
    except UnicodeDecodeError as exc:
        raise InputError(f"not a UTF-8 text file (byte {exc.start})", source=str(path)) from None
