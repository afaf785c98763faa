"""How far each verdict of a maneuver is from changing (``ManeuverResult.margin_mm``).

DESIGN.md: every measured verdict carries its margin. A maneuver's verdicts are the speed it
ends at (which ships each tried speed overlaps), the closest overlapped ship (who takes the second card), the squadrons lifted, the
obstacles overlapped, the gravity rifts within distance 2 of the start and whether the base
ends partly outside the play area. For each the margin is the distance, in table mm, that the
two outlines deciding it would have to move relative to each other to flip it:

- two outlines apart: their closest distance (touching is not overlapping, RRG p.14 FAQ);
- two rectangles overlapping: the separating-axis penetration depth (for convex outlines,
  the shortest translation that separates them); a rectangle on a disc: the disc's depth;
  an obstacle: the radius of the largest circle inside the shared area (a translation
  shorter than that leaves the circle's centre inside both, a lower bound);
- the play-area edge: the nearest base corner to an edge when inside; the farthest corner
  outside when destroyed;
- the gravity rift's distance-2 line: how far the start base is from it;
- the closest overlapped ship: half the difference between its distance and the next one's.

The tool side is not among them: the tool sits in the ship's own notches, so where the camera
puts the ship moves the tool with it (and a base beside the tool always touches it). It is a
bound for translations of one piece; a turn of a piece moves its far corners more
than its centre (read the margin against how far the camera may have misplaced a corner).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import shapely
from shapely.geometry import Polygon

from . import _fast
from ._table import PieceTable


def _pair_margin(mine: Sequence[_fast.Rect], theirs: Sequence[_fast.Rect]) -> float:
    """Clearance of two rectangle sets, or how deep they overlap (max over overlapping pairs)."""
    depth = max(_fast.penetration(m, r) for m in mine for r in theirs)
    if depth > 0.0:
        return depth
    return min(_fast.rect_distance(m, r) for m in mine for r in theirs)


def _apart_at_least(mine: Sequence[_fast.Rect], theirs: Sequence[_fast.Rect]) -> float:
    """Lower bound of the clearance of two rectangle sets from their bounding circles."""
    return min(math.hypot(a[0] - b[0], a[1] - b[1]) - a[6] - b[6] for a in mine for b in theirs)


def ships_margin(final_dials: Sequence[_fast.Rect], tried: Sequence[Sequence[_fast.Rect]],
                 table: PieceTable, i: int, bound: float = math.inf) -> float:
    """Clearance of the final base (dials included) to every other ship, and at every speed
    tried above the executed one (``tried``) the clearance or overlap depth of each ship (a
    lower bound: a speed stays blocked until all its overlaps clear). Ships farther than
    ``bound`` (a margin already found) are skipped."""
    others: dict[int, list[_fast.Rect]] = {}
    for j, r in table.ship_rect_list:
        if j != i:
            others.setdefault(j, []).append(r)
    m = bound
    for rects in others.values():
        for pose in (final_dials, *tried):
            if _apart_at_least(pose, rects) < m:
                m = min(m, _pair_margin(pose, rects))
    return m


def squadrons_margin(final_dials: Sequence[_fast.Rect], table: PieceTable,
                     bound: float = math.inf) -> float:
    """Clearance of the final base to every squadron disc, or a lifted disc's depth (discs
    farther than ``bound`` skipped)."""
    m = bound
    for x, y, r in table.squadron_list:
        if min(math.hypot(x - a[0], y - a[1]) - a[6] for a in final_dials) - r >= m:
            continue
        d = min(_fast.point_distance(x, y, rect) for rect in final_dials)
        m = min(m, abs(d - r))
    return m


def obstacles_margin(final_dials: Sequence[_fast.Rect], table: PieceTable,
                     hit: Sequence[str], reach_mm: float) -> float:
    """Clearance to each obstacle within ``reach_mm`` of the base's bounding box, or the
    inscribed radius of the area shared with an overlapped one."""
    pts = [p for r in final_dials for p in _fast.corners(r)]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    m = reach_mm
    near = [k for k, (bx0, by0, bx1, by1) in enumerate(table.obstacle_bound_list)
            if not (bx0 > x1 + m or bx1 < x0 - m or by0 > y1 + m or by1 < y0 - m)]
    if not near:
        return m
    polys = [Polygon(_fast.corners(r)) for r in final_dials]
    base = polys[0] if len(polys) == 1 else shapely.union_all(polys)
    for k in near:
        ob = table.obstacle_polys[k]
        if table.obstacle_ids[k] in hit:
            shared = base.intersection(ob)
            m = min(m, float(shapely.maximum_inscribed_circle(shared).length))
        else:
            m = min(m, float(base.distance(ob)))
    return m


def edge_margin(final_plain: Sequence[_fast.Rect], width: float, height: float,
                destroyed: bool) -> float:
    """Nearest corner to an edge (inside), or the farthest corner outside (destroyed)."""
    pts = [p for r in final_plain for p in _fast.corners(r)]
    inside = [min(x, y, width - x, height - y) for x, y in pts]
    return -min(inside) if destroyed else min(inside)


def rift_margin(start_plain: Sequence[_fast.Rect], table: PieceTable, reach_mm: float) -> float:
    """How far the start base is from the distance-2 line of every gravity rift."""
    ks = [k for k, kind in enumerate(table.obstacle_kinds) if kind == "gravity-rift"]
    if not ks:
        return math.inf
    polys = [Polygon(_fast.corners(r)) for r in start_plain]
    base = polys[0] if len(polys) == 1 else shapely.union_all(polys)
    return min(abs(float(base.distance(table.obstacle_polys[k])) - reach_mm) for k in ks)


def closest_margin(final_plain: Sequence[_fast.Rect], table: PieceTable,
                   overlapped: Sequence[int]) -> float:
    """Half the gap between the closest overlapped ship's distance and the next one's."""
    if len(overlapped) < 2:
        return math.inf
    d = sorted(min(_fast.rect_distance(m, r) for m in final_plain
                   for k, r in table.plain_rect_list if k == j) for j in overlapped)
    return (d[1] - d[0]) / 2.0
