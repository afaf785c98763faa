"""Numbers in the players' language (no Qt): German and Czech write a decimal comma.

The window's and the report's texts are ``str.format`` templates (``"reprojection {mm:.2f} mm"``)
whose translations keep the English field specs, so a German status bar said "0.42 mm". Passing
every number through :class:`LocalNumber` keeps the templates as they are and writes the
language's decimal separator ("12,5 mm"; Qt's ``QLocale("de_DE")`` and ``QLocale("cs_CZ")`` say
``decimalPoint() == ","``). No thousands separator is added: the longest length on a table has
four digits before the comma (1828,8 mm), which both languages may write without one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The decimal separator per window language (QLocale("de_DE"/"cs_CZ").decimalPoint(); a test
# checks they agree).
DECIMAL_POINTS = {"en": ".", "de": ",", "cs": ","}


class LocalNumber:
    """A number that formats like itself with ``"."`` replaced by ``decimal_point``:
    ``format(LocalNumber(12.46, ","), ".1f") == "12,5"``; ``str()`` is ``format(value, "")``.
    Ints format as ints (``"{n}"``, ``"{n:d}"``)."""

    __slots__ = ("value", "decimal_point")

    def __init__(self, value: float, decimal_point: str = "."):
        self.value = value
        self.decimal_point = decimal_point

    def __format__(self, spec: str) -> str:
        text = format(self.value, spec)
        return text if self.decimal_point == "." else text.replace(".", self.decimal_point)

    def __str__(self) -> str:
        return format(self, "")

    def __repr__(self) -> str:
        return f"LocalNumber({self.value!r}, {self.decimal_point!r})"


def local_number(value: Any, decimal_point: str) -> Any:
    """``value`` as a :class:`LocalNumber` when it is an int or float (not a bool), else as it is."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return LocalNumber(value, decimal_point)
    return value


def local_args(args: Mapping[str, Any], decimal_point: str) -> dict[str, Any]:
    """``args`` for ``template.format(**...)`` with every number written with ``decimal_point``."""
    return {k: local_number(v, decimal_point) for k, v in args.items()}


def decimal_point_for(lang: str | None) -> str:
    """The decimal separator of a window language code (``"de"`` -> ``","``); ``"."`` for any
    other code."""
    return DECIMAL_POINTS.get((lang or "en").split("_")[0].lower(), ".")
