"""Rulesets by name (DESIGN.md "Rulesets"): ``rrg-1.6`` (default), ``rrg-1.5``, house rules with ``+``."""

from __future__ import annotations

from dataclasses import dataclass

from armada_vision.errors import InputError

DEFAULT_RULESET = "rrg-1.6"

# base name -> where LOS to or from a squadron starts (armada-rules.md, preamble and 1.1.1)
BASES = {
    "rrg-1.6": "centre",    # RRG 1.6 "Line of Sight" p.10: the centre of the squadron's base
    "rrg-1.5": "closest",   # RRG 1.5: the point of its base closest to the other piece
}
HOUSE_RULES = {
    "squadrons-obstruct": "squadrons in the line of sight obstruct like ships",
}


@dataclass(frozen=True)
class Ruleset:
    """A rules reading.

    ``squadron_los`` is ``"centre"`` (RRG 1.6) or ``"closest"`` (RRG 1.5 wording);
    ``squadrons_obstruct`` is the house rule that squadrons obstruct like ships (off in both RRGs).
    """

    name: str = DEFAULT_RULESET
    squadron_los: str = "centre"
    squadrons_obstruct: bool = False


def parse_ruleset(name: str | None) -> Ruleset:
    """The :class:`Ruleset` for ``name``, e.g. ``"rrg-1.6"`` or ``"rrg-1.5+squadrons-obstruct"``.

    ``None`` or ``""`` gives the default (``rrg-1.6``). Raises :class:`InputError` naming the
    valid base names and house rules for anything unknown.
    """
    text = (name or DEFAULT_RULESET).strip().lower()
    base, *house = text.split("+")
    if base not in BASES:
        raise InputError(f"unknown ruleset {base!r}; expected one of {', '.join(BASES)}",
                         field="--ruleset")
    for rule in house:
        if rule not in HOUSE_RULES:
            raise InputError(
                f"unknown house rule {rule!r}; expected {', '.join(HOUSE_RULES)} "
                f"(appended with '+', e.g. {DEFAULT_RULESET}+squadrons-obstruct)",
                field="--ruleset")
    canonical = "+".join([base, *sorted(set(house))])
    return Ruleset(canonical, BASES[base], "squadrons-obstruct" in house)
