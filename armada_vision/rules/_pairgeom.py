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
from ._npgeom import point_segment_distance
from ._soa import arc_distance1, in_arc1, kernel, psd1, ring_closest1, vertex_edge1

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


def range_slide_scale(f: Frame, a: np.ndarray, d: np.ndarray, to: np.ndarray) -> np.ndarray:
    """How fast the attack range of a clipped pair can change per mm of moving either piece.

    When the attack range is measured to the part of the defender inside the arc (RRG p.11) and
    its closest point ``to`` (R, 2) is where the defender's outline crosses an arc line, moving
    a piece by x slides that crossing along the arc line by up to x / sin(angle between the
    outline and the arc line) -- much more than x when they are nearly parallel. Returns
    sin(angle) (R,) in (0, 1], 1 where ``to`` is not on an arc line; the band margin of such a
    pair is its distance from the band edge times this.
    """
    out = np.ones(len(a))
    for k in range(len(a)):
        ai, di = int(a[k]), int(d[k])
        px, py = float(to[k, 0]), float(to[k, 1])
        dirs = []
        for b in range(3):
            sx, sy = f.arc_starts[ai, b]
            ex, ey = f.arc_ends[ai, b]
            ux, uy = ex - sx, ey - sy
            n = math.hypot(ux, uy)
            if n > 1e-12 and psd1(px - sx, py - sy, ux, uy) < 1e-6:
                dirs.append((ux / n, uy / n))
        if not dirs:
            continue
        if f.is_sq[di]:          # a disc: its outline's direction is the tangent at ``to``
            cx, cy = f.centre[di]
            vx, vy = -(py - cy), px - cx
            n = math.hypot(vx, vy)
            edges = [(vx / n, vy / n)] if n > 1e-12 else []
        else:
            ring = f.ring[di]
            edges = []
            for j in range(len(ring) - 1):
                (x0, y0), (x1, y1) = ring[j], ring[j + 1]
                n = math.hypot(x1 - x0, y1 - y0)
                if n > 1e-12 and psd1(px - x0, py - y0, x1 - x0, y1 - y0) < 1e-6:
                    edges.append(((x1 - x0) / n, (y1 - y0) / n))
        if edges:
            out[k] = max(min(abs(u[0] * v[1] - u[1] * v[0]) for u in dirs for v in edges), 1e-3)
    return out


def crossing_scale(f: Frame, a: np.ndarray, d: np.ndarray, reach: np.ndarray) -> np.ndarray:
    """How fast the attack range to a defender near an arc line can change: the smallest
    sin(angle) between attacking zone ``a``'s arc boundary and an edge of defender ``d``'s
    outline within ``reach`` (R,) mm of it, 1 where there is none; at least 1e-3.

    Why: the attack range is measured to the defender's part inside the arc (RRG p.11). The
    corners of that part are the defender's own corners (moving as fast as the pieces) and
    the crossings of its outline with the arc lines, which slide along a line by x / sin(angle)
    when a piece moves by x. A move of less than ``reach`` can only make edges within ``reach``
    cross, so the range changes at most 1 / (this) times as fast -- also where the closest point
    lies just inside the arc by an edge nearly parallel to the line, and a small move puts it
    outside so the range jumps along that edge to where it crosses the line
    (``range_slide_scale`` only sees a crossing that already is the closest point). A disc
    defender: the sine where it crosses now (a disc just touching a line is covered by the arc
    margin).
    """
    out = np.ones(len(a))
    if not len(a):
        return out
    # only defenders whose bounding circle comes within reach of a boundary piece
    c = f.ecentre[d][:, None, :]
    gap = point_segment_distance(c, f.arc_starts[a], f.arc_ends[a]).min(axis=1)
    rows = np.nonzero(gap <= f.ebound[d] + reach)[0]
    if len(rows):
        out[rows] = _crossing_scale(f, a[rows], d[rows], reach[rows])
    return out


def _crossing_scale(f: Frame, a: np.ndarray, d: np.ndarray, reach: np.ndarray) -> np.ndarray:
    out = np.ones(len(a))
    ps, pe = f.arc_starts[a], f.arc_ends[a]                      # (R, 3, 2)
    ring = f.ring[d, :int(f.nv[d].max())]                        # (R, K, 2) closed, padded
    q0, q1 = ring[:, :-1], ring[:, 1:]                           # (R, E, 2) edges
    A0, A1 = ps[:, :, None, :], pe[:, :, None, :]                # (R, 3, 1, 2)
    B0, B1 = q0[:, None, :, :], q1[:, None, :, :]                # (R, 1, E, 2)
    r, s = A1 - A0, B1 - B0
    den = r[..., 0] * s[..., 1] - r[..., 1] * s[..., 0]          # (R, 3, E)
    nr = np.hypot(r[..., 0], r[..., 1])
    ns = np.hypot(s[..., 0], s[..., 1])
    ok = (nr > 1e-12) & (ns > 1e-12)
    with np.errstate(divide="ignore", invalid="ignore"):
        sin = np.abs(den) / (nr * ns)
    gap = np.minimum(np.minimum(point_segment_distance(B0, A0, A1), point_segment_distance(B1, A0, A1)),
                     np.minimum(point_segment_distance(A0, B0, B1), point_segment_distance(A1, B0, B1)))
    qp = B0 - A0
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (qp[..., 0] * s[..., 1] - qp[..., 1] * s[..., 0]) / den
        u = (qp[..., 0] * r[..., 1] - qp[..., 1] * r[..., 0]) / den
    crossing = (np.abs(den) > 1e-15) & (t >= 0.0) & (t <= 1.0) & (u >= 0.0) & (u <= 1.0)
    near = ok & (crossing | (gap <= reach[:, None, None]))
    sin = np.where(near, np.nan_to_num(sin, nan=1.0), 1.0)
    out = np.minimum(out, sin.reshape(len(a), -1).min(axis=1))
    for k in np.nonzero(f.is_sq[d])[0].tolist():
        out[k] = _disc_crossing_sin(f.centre[d[k]], float(f.r[d[k]]), ps[k], pe[k])
    return np.maximum(out, 1e-3)


def _disc_crossing_sin(c, radius: float, starts, ends) -> float:
    """sin(angle) between a circle and the segments it crosses: |distance of the line from the
    centre| / radius is the cosine, so sin = sqrt(1 - (dist / radius)^2)."""
    best = 1.0
    for (sx, sy), (ex, ey) in zip(starts.tolist(), ends.tolist()):
        dx, dy = ex - sx, ey - sy
        n = math.hypot(dx, dy)
        if n <= 1e-12 or radius <= 0.0:
            continue
        line = abs((c[0] - sx) * dy - (c[1] - sy) * dx) / n
        if line < radius and psd1(float(c[0]) - sx, float(c[1]) - sy, dx, dy) < radius:
            best = min(best, math.sqrt(max(0.0, 1.0 - (line / radius) ** 2)))
    return best
