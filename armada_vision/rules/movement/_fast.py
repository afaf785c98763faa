"""Scalar overlap tests for the per-move hot path (plain floats; no numpy call overhead).

A rectangle is a tuple ``(cx, cy, ux, uy, hl, hw, radius)`` in table mm: centre, unit length
axis (the width axis is it turned +90 degrees), half length, half width and circumradius (for
pruning). The same tolerance as :mod:`._shapes`: touching is not overlapping.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ._shapes import OVERLAP_TOL_MM

Rect = tuple[float, float, float, float, float, float, float]


def place_rects(local: Sequence[tuple[float, float, float, float]], x: float, y: float,
                heading_deg: float) -> list[Rect]:
    """Ship-frame rectangles (centre x, centre y, length, width) placed at a pose."""
    a = math.radians(heading_deg)
    c, s = math.cos(a), math.sin(a)
    return [(x + c * lx - s * ly, y + s * lx + c * ly, c, s, ln / 2.0, w / 2.0,
             math.hypot(ln, w) / 2.0) for lx, ly, ln, w in local]


def segment_rect(x0: float, y0: float, x1: float, y1: float, width: float) -> Rect | None:
    dx, dy = x1 - x0, y1 - y0
    n = math.hypot(dx, dy)
    if n == 0.0:
        return None
    hw = width / 2.0
    return ((x0 + x1) / 2.0, (y0 + y1) / 2.0, dx / n, dy / n, n / 2.0, hw, math.hypot(n / 2.0, hw))


def penetration(a: Rect, b: Rect) -> float:
    """Separating-axis penetration depth of two rectangles (mm); <= 0 when touching or apart."""
    ax, ay, aux, auy, ahl, ahw, _ = a
    bx, by, bux, buy, bhl, bhw, _ = b
    dx, dy = bx - ax, by - ay
    # the four axes: a.u, a.v, b.u, b.v (v = u turned +90 degrees)
    cuu = abs(aux * bux + auy * buy)   # |a.u . b.u| = |a.v . b.v|
    cuv = abs(-aux * buy + auy * bux)  # |a.u . b.v| = |a.v . b.u|
    best = ahl + bhl * cuu + bhw * cuv - abs(dx * aux + dy * auy)
    p = ahw + bhl * cuv + bhw * cuu - abs(-dx * auy + dy * aux)
    if p < best:
        best = p
    p = bhl + ahl * cuu + ahw * cuv - abs(dx * bux + dy * buy)
    if p < best:
        best = p
    p = bhw + ahl * cuv + ahw * cuu - abs(-dx * buy + dy * bux)
    return p if p < best else best


def overlaps(a: Rect, b: Rect) -> bool:
    dx, dy = b[0] - a[0], b[1] - a[1]
    reach = a[6] + b[6]
    if dx * dx + dy * dy >= reach * reach:
        return False
    return penetration(a, b) > OVERLAP_TOL_MM


def point_distance(px: float, py: float, r: Rect) -> float:
    """Distance from a point to a filled rectangle (0 inside)."""
    cx, cy, ux, uy, hl, hw, _ = r
    dx, dy = px - cx, py - cy
    lx = abs(dx * ux + dy * uy) - hl
    ly = abs(-dx * uy + dy * ux) - hw
    if lx <= 0.0:
        return ly if ly > 0.0 else 0.0
    if ly <= 0.0:
        return lx
    return math.hypot(lx, ly)


def disc_hits(px: float, py: float, radius: float, r: Rect) -> bool:
    dx, dy = px - r[0], py - r[1]
    reach = radius + r[6]
    if dx * dx + dy * dy >= reach * reach:
        return False
    return point_distance(px, py, r) < radius - OVERLAP_TOL_MM


def corners(r: Rect) -> list[tuple[float, float]]:
    cx, cy, ux, uy, hl, hw, _ = r
    ax, ay, bx, by = ux * hl, uy * hl, -uy * hw, ux * hw
    return [(cx + ax + bx, cy + ay + by), (cx - ax + bx, cy - ay + by),
            (cx - ax - bx, cy - ay - by), (cx + ax - bx, cy + ay - by)]


def outside_area(rects: Sequence[Rect], width: float, height: float) -> bool:
    """Any corner outside [0, width] x [0, height]? (on the edge = inside)"""
    t = OVERLAP_TOL_MM
    for r in rects:
        for x, y in corners(r):
            if x < -t or y < -t or x > width + t or y > height + t:
                return True
    return False


def tool_hits(ship: Sequence[Rect], path: Sequence[tuple[float, float]], width: float) -> bool:
    """Does a ship base overlap the tool (straight pieces ``width`` wide, round joints)?"""
    half = width / 2.0
    for k in range(len(path) - 1):
        seg = segment_rect(*path[k], *path[k + 1], width)
        if seg is not None and any(overlaps(s, seg) for s in ship):
            return True
    for jx, jy in path[1:-1]:
        if any(disc_hits(jx, jy, half, s) for s in ship):
            return True
    return False


def rect_distance(a: Rect, b: Rect) -> float:
    """Closest distance between two filled rectangles (0 when they touch or overlap)."""
    if penetration(a, b) >= 0.0:
        return 0.0
    d = min(point_distance(x, y, b) for x, y in corners(a))
    return min(d, min(point_distance(x, y, a) for x, y in corners(b)))


def hits_any(mine: Sequence[Rect], others: Sequence[tuple[int, Rect]]) -> list[int]:
    """Owners (first element) of the ``others`` rectangles that any of ``mine`` overlaps."""
    out: list[int] = []
    for m in mine:
        mx, my, mr = m[0], m[1], m[6]
        for j, r in others:
            dx, dy = r[0] - mx, r[1] - my
            reach = mr + r[6]
            if dx * dx + dy * dy < reach * reach and j not in out \
                    and penetration(m, r) > OVERLAP_TOL_MM:
                out.append(j)
    return out


def discs_under(discs: Sequence[tuple[float, float, float]], mine: Sequence[Rect]) -> list[int]:
    """Indices of the discs ``(x, y, radius)`` that any of the rectangles ``mine`` overlaps."""
    out = []
    for m in mine:
        mx, my, mr = m[0], m[1], m[6]
        for k, (x, y, r) in enumerate(discs):
            dx, dy = x - mx, y - my
            reach = mr + r
            if dx * dx + dy * dy < reach * reach and k not in out \
                    and point_distance(x, y, m) < r - OVERLAP_TOL_MM:
                out.append(k)
    out.sort()
    return out
