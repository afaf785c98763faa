"""``json.loads`` for the user's files: a damaged or hostile file fails as ``JSONDecodeError``.

Every reader of a user's JSON file (scene, camera, table, layout, roster, the window's
calibration source) turns ``json.JSONDecodeError`` into its one-line ``InputError``. Plain
``json.loads`` raised other exceptions on two kinds of text, which ended in tracebacks:

- an array or object nested deeper than Python's recursion limit (about 1,000 levels):
  ``RecursionError``; here a ``JSONDecodeError`` "nested too deeply" at the first character;
- an integer with more digits than Python converts (4,300): ``ValueError``; and an integer
  past the float range (about 1.8e308) parsed, then raised ``OverflowError`` in the readers'
  ``math.isfinite`` checks. Here an integer of more than :data:`MAX_INT_DIGITS` digits reads
  as ``inf`` (``-inf``), as ``1e999`` already did, so the field's own check refuses it by name
  ("expected a number, got inf"; "expected a whole number, got inf").
"""

from __future__ import annotations

import json
import math
from typing import Any

#: Digits an integer may have and still be read as one (1e308 is about the float maximum).
MAX_INT_DIGITS = 300


def _parse_int(text: str) -> int | float:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        return -math.inf if text.startswith("-") else math.inf
    return int(text)


def loads(text: str) -> Any:
    """``json.loads(text)``; raises only ``json.JSONDecodeError`` for text it cannot read
    (including nesting too deep for Python), and reads integers of more than
    :data:`MAX_INT_DIGITS` digits as ``inf``/``-inf``."""
    try:
        return json.loads(text, parse_int=_parse_int)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text, 0) from None
