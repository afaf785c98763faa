"""Ships whose bow the camera could not tell (``bow_known: false``; DESIGN.md detector output).

Which end of such a ship is the front is a guess: its hull zones may be the other way round. A
verdict that changes when the ship is turned end for end is therefore not measured, and its row
gets ``margin_mm`` 0 -- too close to call at any measurement uncertainty. Rows whose verdicts
are the same either way keep their margins.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from armada_vision.catalog import Catalog
from armada_vision.scene import Scene

from ._frame import Frame, build_frame
from ._ruleset import Ruleset

# the fields of a check that are verdicts (what a player would act on)
VERDICTS = ("in_arc", "range_band", "distance_band", "line_of_sight", "blocked_by_zone",
            "obstructed", "obstructed_by", "dice", "valid")
# the verdicts of an attack beyond long range (its arc and LOS decide nothing)
FAR_VERDICTS = ("range_band", "dice", "valid")


def unknown_bows(scene: Scene) -> list[str]:
    """Ids of the ships of known class whose bow is not known."""
    return [s.id for s in scene.ships if not s.bow_known and s.ship_class is not None]


def bow_notes(scene: Scene) -> list[str]:
    return [f"ship {i!r}: bow not known (it may point the other way); verdicts that change "
            f"with the bow at the other end are given margin 0" for i in unknown_bows(scene)]


def flag_bow_guesses(scene: Scene, catalog: Catalog, rs: Ruleset, rows: list,
                     checks: Callable[[Frame], list]) -> list:
    """``rows`` with ``margin_mm`` 0 where a verdict differs with the unknown bows turned round.

    ``checks(frame)`` computes the rows of a frame (the same attackers as ``rows``).
    """
    ids = set(unknown_bows(scene))
    if not ids or not rows:
        return rows
    turned = replace(scene, ships=tuple(
        replace(s, heading_deg=(s.heading_deg + 180.0) % 360.0) if s.id in ids else s
        for s in scene.ships))
    other = checks(build_frame(turned, catalog, rs))
    out = []
    for r, o in zip(rows, other):
        same = (r.attacker, r.attacking_zone, r.defender, r.defending_zone) == (
            o.attacker, o.attacking_zone, o.defender, o.defending_zone)
        # beyond long range both ways: only the range decides (see checks_for_frame)
        fields = FAR_VERDICTS if r.range_band == o.range_band == "extreme" else VERDICTS
        if not same or any(getattr(r, v) != getattr(o, v) for v in fields):
            r = r._replace(margin_mm=0.0)
        out.append(r)
    return out
