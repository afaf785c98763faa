"""``json.loads`` for the user's files: a damaged or hostile file fails as ``JSONDecodeError``.

Every reader of a user's JSON file (scene, camera, table, layout, roster, the window's
calibration source) turns ``json.JSONDecodeError`` into its one-line ``InputError``. Plain
``json.loads`` raised other exceptions on two kinds of text, which ended in tracebacks:

- an array or object nested deeper than Python's recursion limit (about 1,000 levels):
  ``RecursionError``; here a ``JSONDecodeError`` "nested too deeply" at the first character;
- an integer with more digits than Python converts (4,300): ``ValueError``; and an integer
  past the float range (about 1.8e308) parsed, then raised ``OverflowError`` in the readers'
  ``math.isfinite`` checks. Here an integer of more than :data:`MAX_INT_DIGITS` digits reads
  as ``inf`` (``-inf``), as ``1e999`` does, so the field's own check refuses it by name. Such a
  number (and a float literal past the range, ``1e999``) is an :class:`AsGiven` ``inf``: its
  ``repr``/``str``/format are the text of the file (shortened past 40 characters), so the
  message quotes what the user wrote ("expected a number, got 1e999"; "got
  1000000000...0000 (401 digits)"), not "inf".
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from armada_vision.errors import InputError

#: Digits an integer may have and still be read as one (1e308 is about the float maximum).
MAX_INT_DIGITS = 300


class AsGiven(float):
    """An infinite float read from a number too large for one; shows the file's text."""

    text: str

    def __new__(cls, value: float, text: str | None = None) -> AsGiven:
        self = super().__new__(cls, value)
        text = float.__repr__(self) if text is None else text  # None: copy and pickle
        digits = text.lstrip("-")
        self.text = (text if len(text) <= 40 else
                     f"{text[:len(text) - len(digits) + 10]}...{digits[-4:]} ({len(digits)} digits)")
        return self

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return self.text


def _parse_int(text: str) -> int | float:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        return AsGiven(-math.inf if text.startswith("-") else math.inf, text)
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    return AsGiven(value, text) if math.isinf(value) else value


def loads(text: str) -> Any:
    """``json.loads(text)``; raises only ``json.JSONDecodeError`` for text it cannot read
    (including nesting too deep for Python), and reads integers of more than
    :data:`MAX_INT_DIGITS` digits as ``inf``/``-inf``."""
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text, 0) from None


def check_format(fmt: Any, expected: str, source: str) -> None:
    """Refuse a ``"format"`` value other than ``expected`` (e.g. ``"armada-scene/1"``), naming
    ``source`` and the field; ``None`` (no ``"format"`` key, files written before it) passes.

    Only the exact name and version are read: ``"armada-scene/10"`` or ``"armada-scene/1x"``
    used to pass a prefix check. A later version of the same format says so, since its fields
    may mean something else.
    """
    if fmt is None or fmt == expected:
        return
    name, _, version = expected.rpartition("/")
    m = re.fullmatch(re.escape(name) + r"/([0-9]{1,6})", fmt) if isinstance(fmt, str) else None
    if m and int(m.group(1)) > int(version):
        raise InputError(f"{fmt!r} is a later version than this armada-vision reads "
                         f"({expected!r}): update armada-vision", source=source, field="format")
    raise InputError(f"expected {expected!r}, got {fmt!r}", source=source, field="format")


#: the first bytes of files a user may give where a JSON file is asked for, and what they are
_MAGIC = ((b"\xff\xd8\xff", "a JPEG picture"), (b"\x89PNG\r\n\x1a\n", "a PNG picture"),
          (b"SQLite format 3\x00", "an SQLite database (a game log?)"),
          (b"%PDF", "a PDF document"), (b"PK\x03\x04", "a ZIP archive"),
          (b"GIF8", "a GIF picture"), (b"BM", "a BMP picture"))


def not_text(path: Any, exc: UnicodeDecodeError) -> str:
    """The message for a file that is not UTF-8 text: what it is, when its first bytes say
    (``--camera photo.jpg`` said only "not a UTF-8 text file (byte 0)"), else where it stops
    being text."""
    try:
        with open(path, "rb") as f:
            head = f.read(16)
    except OSError:
        head = b""
    kind = next((name for magic, name in _MAGIC if head.startswith(magic)), None)
    if kind is not None:
        return f"is {kind}, not a JSON text file"
    return f"not a UTF-8 text file (byte {exc.start})"
