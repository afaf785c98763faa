"""Per attacker/defender pair geometry of :func:`._attack.checks_for_frame`: closest distances
and points, the in-arc test and the arc margin. RRG p.6 (arcs), p.11 (range).

One compiled call (numba) per stage loops over all pairs: each kernel takes the frame's tables
(entities (N,), rings vertex-first (K, N), arcs (3, N)) and the pair indices ``ai``, ``di``
(P,), so no per-pair copies are made; the arithmetic is that of the scalar helpers in
:mod:`._soa`. Touching hull zones and arcs wider than 180 degrees go to shapely.
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from ._frame import Frame
from ._soa import arc_distance1, in_arc1, kernel, ring_closest1, vertex_edge1

# Touching within this distance (mm) counts as touching: floating-point slack, far below any
# camera accuracy.
TOUCH_MM = 1e-6


@kernel
def _zone_points(rx, ry, a, b):
    """Closest points of hull zones ``a`` and ``b`` (disjoint convex rings): the vertex-to-edge
    search both ways, always from the lower index first so (a, b) and (b, a) agree; returns
    (pa x, y, pb x, y, squared distance)."""
    lo, hi = min(a, b), max(a, b)
    K = rx.shape[0]
    d1, v1x, v1y, q1x, q1y = vertex_edge1(rx, ry, lo, K, rx, ry, hi, K)
    d2, v2x, v2y, q2x, q2y = vertex_edge1(rx, ry, hi, K, rx, ry, lo, K)
    dd = min(d1, d2)
    if a > b:           # a's own search is the second one
        d1, v1x, v1y, q1x, q1y, d2, v2x, v2y, q2x, q2y = d2, v2x, v2y, q2x, q2y, d1, v1x, v1y, \
            q1x, q1y
    if d2 < d1:
        return q2x, q2y, v2x, v2y, dd
    return v1x, v1y, q1x, q1y, dd


@kernel
def pair_distances(ai, di, one_way, is_sq, centre, r, rx, ry, ecentre, ebound):
    """Per pair: the closest distance of the whole pieces (P,) (mm, >= 0) and the closest points
    pa, pb (P, 2), and ``close`` (P,): hull-zone pairs whose bounding circles overlap (they may
    intersect: the caller measures their distance with shapely; their points are the
    vertex-to-edge ones all the same). ``one_way``: every attacker is one player's (only decides
    which way round the circle gap of a zone pair is summed, as before)."""
    P = len(ai)
    plain = np.empty(P)
    pa, pb = np.empty((P, 2)), np.empty((P, 2))
    close = np.zeros(P, dtype=np.bool_)
    for k in range(P):
        a, d = ai[k], di[k]
        if is_sq[a] and is_sq[d]:
            vx, vy = centre[d, 0] - centre[a, 0], centre[d, 1] - centre[a, 1]
            n = math.hypot(vx, vy)
            ux, uy = (vx / n, vy / n) if n > 1e-12 else (0.0, 0.0)
            plain[k] = n - r[a] - r[d]
            ma, md = min(r[a], n), min(r[d], n)
            pa[k, 0], pa[k, 1] = centre[a, 0] + ux * ma, centre[a, 1] + uy * ma
            pb[k, 0], pb[k, 1] = centre[d, 0] - ux * md, centre[d, 1] - uy * md
        elif is_sq[a] or is_sq[d]:
            z, q = (d, a) if is_sq[a] else (a, d)
            cx, cy, rq = centre[q, 0], centre[q, 1], r[q]
            qx, qy, inside = ring_closest1(cx, cy, rx, ry, z, rx.shape[0])
            if inside:
                plain[k] = 0.0
                zx, zy, sx, sy = cx, cy, cx, cy
            else:
                vx, vy = qx - cx, qy - cy
                n = math.hypot(vx, vy)
                ux, uy = (vx / n, vy / n) if n > 1e-12 else (0.0, 0.0)
                plain[k] = n - rq
                m = min(rq, n)
                zx, zy, sx, sy = qx, qy, cx + ux * m, cy + uy * m
            if is_sq[a]:
                zx, zy, sx, sy = sx, sy, zx, zy
            pa[k, 0], pa[k, 1], pb[k, 0], pb[k, 1] = zx, zy, sx, sy
        else:
            s, t = (a, d) if one_way else (min(a, d), max(a, d))
            gap = math.hypot(ecentre[s, 0] - ecentre[t, 0], ecentre[s, 1] - ecentre[t, 1])
            gap = gap - ebound[s] - ebound[t]
            pa[k, 0], pa[k, 1], pb[k, 0], pb[k, 1], dd = _zone_points(rx, ry, a, d)
            if gap <= 0:
                close[k] = True
                plain[k] = 0.0
            else:
                plain[k] = math.sqrt(dd)
        if plain[k] < 0.0:
            plain[k] = 0.0
    return plain, pa, pb, close


@kernel
def in_arc(ai, di, is_sq, r, rx, ry, ecentre, ebound, reflex, ox, oy, sx, sy, ex, ey, nx, ny):
    """Whether any part of the defender is in the attacking arc (P,), the distance to the arc
    (P,) (mm; a lower bound when far out), and ``covered`` (P,): the defender wholly inside.
    Squadrons attack all round (True, 0, True). Arcs wider than 180 degrees (``reflex``) are
    left to the caller (False, 0, False). Arcs: ray origins (2, N), boundary pieces (3, N)
    (see ``Frame.arc_sx``)."""
    P = len(ai)
    inn = np.zeros(P, dtype=np.bool_)
    d_arc = np.zeros(P)
    covered = np.zeros(P, dtype=np.bool_)
    K = rx.shape[0]
    sd = np.empty(3)
    for k in range(P):
        a, d = ai[k], di[k]
        if is_sq[a]:
            inn[k] = True
            covered[k] = True
            continue
        if reflex[a]:
            continue
        # signed distances of the defender's circle centre past the arc's three boundaries
        for b in range(3):
            v = ecentre[d, 0] - sx[b, a]
            v *= nx[b, a]
            v += (ecentre[d, 1] - sy[b, a]) * ny[b, a]
            sd[b] = v
        if nx[2, a] == 0 and ny[2, a] == 0:       # no spine (the rays share their origin)
            sd[2] = np.inf
        bound = ebound[d]
        if sd[0] < -bound or sd[1] < -bound or sd[2] < -bound:
            d_arc[k] = max(-sd[0], -sd[1], -sd[2]) - bound
            continue
        if sd[0] >= bound and sd[1] >= bound and sd[2] >= bound:
            inn[k] = True
            covered[k] = True
            continue
        da = arc_distance1(rx, ry, d, K, r[d], ox, oy, sx, sy, ex, ey, nx, ny, a)
        d_arc[k] = da
        inn[k] = da <= TOUCH_MM
        if is_sq[d]:
            covered[k] = sd[0] >= r[d] and sd[1] >= r[d] and sd[2] >= r[d]
        else:       # convex pieces in a convex arc: every vertex inside
            cov = True
            for v in range(K):
                cov &= in_arc1(rx[v, d], ry[v, d], sx, sy, nx, ny, a)
            covered[k] = cov
    return inn, d_arc, covered


@kernel
def arc_margin(ai, di, in_arc_, d_arc, is_sq, reflex, centre, r, rx, ry, ox, oy, rnx, rny):
    """How far (mm) each defender is from leaving (in arc) or entering (not) the firing arc:
    for one inside, the depth of its deepest point past the nearer arc line. Rays: origins
    ``ox``, ``oy`` and inward normals ``rnx``, ``rny`` (2, N)."""
    P = len(ai)
    m = np.empty(P)
    K = rx.shape[0]
    for k in range(P):
        a, d = ai[k], di[k]
        if not in_arc_[k]:
            m[k] = d_arc[k]
            continue
        if is_sq[a]:
            m[k] = np.inf
            continue
        if is_sq[d]:
            s0 = (centre[d, 0] - ox[0, a]) * rnx[0, a] + (centre[d, 1] - oy[0, a]) * rny[0, a]
            s1 = (centre[d, 0] - ox[1, a]) * rnx[1, a] + (centre[d, 1] - oy[1, a]) * rny[1, a]
            depth = (max(s0, s1) if reflex[a] else min(s0, s1)) + r[d]
        else:
            depth = -np.inf
            for v in range(K):
                s0 = rx[v, d] - ox[0, a]
                s0 *= rnx[0, a]
                s0 += (ry[v, d] - oy[0, a]) * rny[0, a]
                s1 = rx[v, d] - ox[1, a]
                s1 *= rnx[1, a]
                s1 += (ry[v, d] - oy[1, a]) * rny[1, a]
                depth = max(depth, max(s0, s1) if reflex[a] else min(s0, s1))
        m[k] = abs(depth)
    return m


def _distances(f: Frame, ai, di, one_way: bool = False):
    """Closest distance of the whole pieces (P,) and closest points (P, 2) x2.

    Hull zones whose bounding circles overlap may intersect: their distance is shapely's,
    measured from the lower entity index (``one_way``: from the attacker, as every attacker is
    one player's), so (a, b) and (b, a) agree to the bit."""
    plain, pa, pb, close = pair_distances(ai, di, one_way, f.is_sq, f.centre, f.r, f.rx, f.ry,
                                          f.ecentre, f.ebound)
    c = np.nonzero(close)[0]
    if len(c):
        a, b = ai[c], di[c]
        if not one_way:
            a, b = np.minimum(a, b), np.maximum(a, b)
        plain[c] = np.maximum(shapely.distance(f.geoms(a), f.geoms(b)), 0.0)
    return plain, pa, pb


def _in_arc(f: Frame, ai, di):
    """In-arc verdict, arc distance (a lower bound far away) and ``covered`` of every pair."""
    inn, d_arc, covered = in_arc(ai, di, f.is_sq, f.r, f.rx, f.ry, f.ecentre, f.ebound, f.reflex,
                                 f.ray_ox, f.ray_oy, f.arc_sx, f.arc_sy, f.arc_ex, f.arc_ey,
                                 f.arc_nx, f.arc_ny)
    rf = np.nonzero(f.reflex[ai])[0]
    if len(rf):
        a, d = ai[rf], di[rf]
        d_arc[rf] = np.maximum(shapely.distance(f.arcs(a), f.cores(d)) - f.r[d], 0.0)
        inn[rf] = d_arc[rf] <= TOUCH_MM
    return inn, d_arc, covered


def _arc_margin(f: Frame, ai, di, in_arc_, d_arc) -> np.ndarray:
    """How far the defender is from leaving (in arc) or entering (not in arc) the firing arc."""
    return arc_margin(ai, di, in_arc_, d_arc, f.is_sq, f.reflex, f.centre, f.r, f.rx, f.ry,
                      f.ray_ox, f.ray_oy, f.arc_nx, f.arc_ny)
