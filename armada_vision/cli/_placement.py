"""Notes on a scene no real table can hold: bases that overlap, bases off the play area.

``check`` still answers for such a scene (a hand-written one may be a what-if), but says what is
wrong first, naming the pieces: the verdicts around them are otherwise silently odd (a ship
overlapping a friend is "obstructed" by it). Touching is fine (RRG "Overlapping": pieces may
touch); a shared area above ``TOLERANCE_MM2`` counts.
"""

from __future__ import annotations

from typing import Any

import shapely
from shapely.geometry import box

from armada_vision.geometry import ship_base_polygon, squadron_disc

# Two bases placed flush share a sliver of rounding; a real overlap is hundreds of mm^2.
TOLERANCE_MM2 = 1.0


def _bases(scene: Any, catalog: Any) -> list[tuple[str, str, Any]]:
    """(id, kind, polygon) of every ship and squadron whose class is known."""
    out = []
    for s in scene.ships:
        if s.ship_class:
            cls = catalog.ship(s.ship_class)
            out.append((s.id, "ship", ship_base_polygon(cls, s.x_mm, s.y_mm, s.heading_deg)))
    for q in scene.squadrons:
        if q.squadron_class:
            out.append((q.id, "squadron", squadron_disc(catalog.squadron(q.squadron_class),
                                                        q.x_mm, q.y_mm)))
    return out


def placement_notes(scene: Any, catalog: Any, said: set | None = None) -> list[str]:
    """One line per pair of ship/squadron bases that overlap and per base reaching off the
    play area (``scene.play_area_mm``) but not wholly outside it, in scene order. The ids of
    each overlapping pair named are added to ``said`` (frozensets), when given: the rules
    core's own note on such a pair then says nothing more."""
    bases = _bases(scene, catalog)
    notes = []
    polys = [b[2] for b in bases]
    pairs = shapely.STRtree(polys).query(polys, predicate="intersects") if polys else ((), ())
    for i, j in zip(*pairs):
        if i < j:
            area = polys[i].intersection(polys[j]).area
            if area > TOLERANCE_MM2:
                notes.append(f"{bases[i][0]} and {bases[j][0]} overlap ({area:.0f} mm\u00b2 of "
                             "their bases): no table can hold this; verdicts near them are odd "
                             "and their checks are given margin 0")
                if said is not None:
                    said.add(frozenset((bases[i][0], bases[j][0])))
    w, h = scene.play_area_mm
    table = box(0.0, 0.0, w, h)
    for pid, kind, poly in bases:
        outside = poly.difference(table).area
        if outside > TOLERANCE_MM2 and poly.intersects(table):  # wholly outside: the rules
            # core's own note says it (rules._offtable), and this one contradicted it
            notes.append(f"{pid}: its {kind} base reaches {outside:.0f} mm\u00b2 outside the "
                         f"{w:g} x {h:g} mm play area (a base partly outside is destroyed, "
                         "RRG \"Play Area\"; its attacks are still listed)")
    return notes
