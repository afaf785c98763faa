"""Exact small-polygon geometry in numpy, vectorised over pairs (no shapely calls).

Used for the many attacker/defender pairs that are far apart, where only distances and the
in-arc test are needed: convex hull zones (closed rings padded with their first vertex, (P, K, 2)),
squadron discs (a centre and a radius) and convex firing arcs (two rays and the short segment
joining their origins).
"""

from __future__ import annotations

import math

import numpy as np

from . import _soa
from ._soa import RAY_MM, clip1, in_arc1, kernel, vertex_edge1  # noqa: F401  (RAY_MM: arcs are rays this long)


def _rows(rings: np.ndarray) -> np.ndarray:
    """Column indices 0..P-1 of (P, K, 2) rings (the kernels take an index per row)."""
    return np.arange(len(rings), dtype=np.intp)


def _lens(rings: np.ndarray) -> np.ndarray:
    """Every ring's closed length: the whole padded (P, K, 2) ring."""
    return np.full(len(rings), rings.shape[1], dtype=np.intp)


def _ends(p0: np.ndarray, p1: np.ndarray):
    """x0, y0, x1, y1 contiguous (n,) arrays of segments p0 -> p1 (n, 2)."""
    p0, p1 = np.asarray(p0, dtype=float), np.asarray(p1, dtype=float)
    return (np.ascontiguousarray(p0[:, 0]), np.ascontiguousarray(p0[:, 1]),
            np.ascontiguousarray(p1[:, 0]), np.ascontiguousarray(p1[:, 1]))


def point_segment_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance from points ``p`` to segments ``a``-``b`` (broadcast, last axis 2), in mm."""
    return _soa.psd(p[..., 0] - a[..., 0], p[..., 1] - a[..., 1], b[..., 0] - a[..., 0],
                    b[..., 1] - a[..., 1])


def ring_distance(ra: np.ndarray, rb: np.ndarray) -> np.ndarray:
    """Distance between disjoint convex polygons given as closed rings (P, K, 2), in mm.

    The closest points of two disjoint convex polygons are a vertex of one and an edge of the
    other. A ring whose vertices all coincide is a point. Overlapping polygons are not detected.
    """
    return _soa.ring_distance(*_soa.xy(ra), *_soa.xy(rb))


def arc_pieces(rays: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Boundary segments (P, 3, 2) starts, ends and inward normals of convex arcs.

    ``rays`` (P, 2, 3, 2): per ray origin, unit direction, unit inward normal. The pieces are
    ray A, ray B (each ``RAY_MM`` long) and the segment joining their origins.
    """
    rays = np.ascontiguousarray(rays, dtype=float)
    out = tuple(np.empty((len(rays), 3, 2)) for _ in range(3))
    _soa.arc_pieces_into(rays, *out)
    return out


def arc_distance(ring: np.ndarray, radius: np.ndarray, rays: np.ndarray,
                 pieces=None) -> np.ndarray:
    """Distance (mm) from convex pieces to convex arcs; 0 when any part is inside.

    ``ring`` (P, K, 2) closed rings (a squadron: its centre repeated, with ``radius``);
    ``rays`` (P, 2, 3, 2) as in :func:`arc_pieces`; ``pieces`` its result if already known.
    """
    starts, ends, normals = pieces if pieces is not None else arc_pieces(rays)
    o = rays[:, :, 0]                                               # (P, 2, 2) ray origins
    k = _rows(ring)
    return _soa.arc_distance(*_soa.xy(ring), k, np.asarray(radius, dtype=float), *_soa.xy(o),
                             *_soa.xy(starts), *_soa.xy(ends), *_soa.xy(normals), k)


def segment_ring(p0: np.ndarray, p1: np.ndarray, ring: np.ndarray):
    """A segment against a simple polygon, per row: (touches, distance_mm, depth_mm).

    ``p0``, ``p1`` (P, 2); ``ring`` (P, K, 2) closed, padded with repeats of its first vertex.
    ``touches``: any point in common; ``distance_mm``: their distance (0 when touching);
    ``depth_mm``: how far the infinite line must move sideways to clear every vertex.
    """
    touches, dist = segment_ring_distance(p0, p1, ring)
    return touches, dist, line_depth(p0, p1, ring)


def segment_ring_distance(p0: np.ndarray, p1: np.ndarray, ring: np.ndarray):
    """(touches, distance_mm) of :func:`segment_ring`, without the depth."""
    return _soa.segment_ring(*_ends(p0, p1), *_soa.xy(ring), _rows(ring), _lens(ring))


def line_depth(p0: np.ndarray, p1: np.ndarray, verts: np.ndarray) -> np.ndarray:
    """How far each line ``p0`` -> ``p1`` (P, 2) must move sideways to clear its polygon, in mm.

    ``verts`` (P, V, 2) are the polygon's vertices: the smaller of the farthest vertex on either
    side of the line (0 when all lie on one side).
    """
    return _soa.line_depth(*_ends(p0, p1), *_soa.xy(verts), _rows(verts), _lens(verts))


def convex_inside_length(p0: np.ndarray, p1: np.ndarray, ring: np.ndarray) -> np.ndarray:
    """Length (mm) of each segment inside its convex polygon (Cyrus-Beck clipping)."""
    return _soa.convex_inside_length(*_ends(p0, p1), *_soa.xy(ring), _rows(ring), _lens(ring))


def vertex_edge_nearest(src: np.ndarray, dst: np.ndarray):
    """Per row, the nearest pair (vertex of ring ``src``, point on an edge of ring ``dst``).

    ``src`` (P, K, 2), ``dst`` (P, L, 2) closed rings. Returns squared distance (P,), the
    vertex (P, 2) and the edge point (P, 2); ties go to the first vertex, then the first edge.
    """
    k = _rows(src)
    d, vx, vy, qx, qy = _soa.vertex_edge_nearest(*_soa.xy(src), k, *_soa.xy(dst), k)
    return d, np.stack([vx, vy], axis=1), np.stack([qx, qy], axis=1)


def ring_closest_points(ra: np.ndarray, rb: np.ndarray):
    """Closest points (P, 2), (P, 2) of disjoint convex polygons given as closed rings.

    The vertices of ``ra`` against the edges of ``rb`` first; the other way round only where
    strictly nearer.
    """
    d1, v1, q1 = vertex_edge_nearest(ra, rb)
    d2, v2, q2 = vertex_edge_nearest(rb, ra)
    return pick_closest(d1, v1, q1, d2, v2, q2)


def pick_closest(d1, v1, q1, d2, v2, q2):
    """Closest points on a, b from :func:`vertex_edge_nearest` of (a, b) and of (b, a)."""
    second = (d2 < d1)[:, None]
    return np.where(second, q2, v1), np.where(second, v2, q1)


@kernel
def _chord_range(q_star, arx, ary, aidx, sx, sy, ex, ey, nx, ny, cidx, drx, dry, didx, disc,
                 centre, r):
    """:func:`clipped_range` per row, on ring tables (K, N) / arc tables (3, N) by index."""
    P = len(aidx)
    best, frm, to = np.empty(P), np.empty((P, 2)), np.empty((P, 2))
    in_w = np.empty(P, dtype=np.bool_)
    lo, hi = np.empty(3), np.empty(3)
    cx, cy = np.empty((3, 1)), np.empty((3, 1))          # one chord as a closed 2-vertex ring
    Ka, Kd = arx.shape[0], drx.shape[0]
    c0, c3 = np.intp(0), np.intp(3)     # the chord's column and length (not literals: one
    #                                     compiled vertex_edge1 serves every caller)
    for k in range(P):
        a, c, d = aidx[k], cidx[k], didx[k]
        in_w[k] = in_arc1(q_star[k, 0], q_star[k, 1], sx, sy, nx, ny, c)
        if disc[d]:
            for b in range(3):
                d0, d1 = ex[b, c] - sx[b, c], ey[b, c] - sy[b, c]
                sc0, sc1 = sx[b, c] - centre[d, 0], sy[b, c] - centre[d, 1]
                aa = d0 * d0 + d1 * d1
                bb = 2 * (d0 * sc0 + d1 * sc1)
                cc = sc0 * sc0 + sc1 * sc1 - r[d] * r[d]
                dis = bb * bb - 4 * aa * cc
                if dis >= 0 and aa > 1e-18:
                    root = math.sqrt(dis)
                    lo[b] = max((-bb - root) / (2 * aa), 0.0)
                    hi[b] = min((-bb + root) / (2 * aa), 1.0)
                else:
                    lo[b], hi[b] = 1.0, 0.0
        else:
            for b in range(3):
                t_in, t_out, outside = clip1(sx[b, c], sy[b, c], ex[b, c] - sx[b, c],
                                             ey[b, c] - sy[b, c], drx, dry, d, Kd)
                lo[b], hi[b] = (1.0, 0.0) if outside else (max(t_in, 0.0), min(t_out, 1.0))
        best[k] = np.inf
        for b in range(3):
            d0, d1 = ex[b, c] - sx[b, c], ey[b, c] - sy[b, c]
            cx[0, 0], cy[0, 0] = sx[b, c] + lo[b] * d0, sy[b, c] + lo[b] * d1
            cx[1, 0], cy[1, 0] = sx[b, c] + hi[b] * d0, sy[b, c] + hi[b] * d1
            cx[2, 0], cy[2, 0] = cx[0, 0], cy[0, 0]
            d1_, v1x, v1y, q1x, q1y = vertex_edge1(arx, ary, a, Ka, cx, cy, c0, c3)
            d2_, v2x, v2y, q2x, q2y = vertex_edge1(cx, cy, c0, c3, arx, ary, a, Ka)
            if d2_ < d1_:
                pax, pay, pbx, pby = q2x, q2y, v2x, v2y
            else:
                pax, pay, pbx, pby = v1x, v1y, q1x, q1y
            dist = math.hypot(pax - pbx, pay - pby)
            if not (hi[b] >= lo[b] and d0 * d0 + d1 * d1 > 1e-18):
                dist = np.inf
            if b == 0 or dist < best[k]:
                best[k] = dist
                frm[k, 0], frm[k, 1], to[k, 0], to[k, 1] = pax, pay, pbx, pby
    return best, frm, to, in_w


def clipped_range(att_ring, q_star, rays, def_ring, def_is_disc, def_centre, def_r, pieces=None):
    """Attack range to the part of each defender inside a convex arc (RRG p.11).

    ``att_ring`` (P, K, 2) attacking zones; ``q_star`` (P, 2) the defender's point closest to the
    attacker; ``rays`` (P, 2, 3, 2) the arcs; defenders are convex rings (P, L, 2) or discs
    (``def_is_disc``, ``def_centre``, ``def_r``). Returns (range_mm (P,), from (P, 2), to (P, 2),
    whether the closest point is in the arc (P,)).

    If the defender's closest point is inside the arc that is the answer. Otherwise the nearest
    part inside the arc lies on the arc's boundary lines within the defender (the distance to a
    convex set is convex, so an inner boundary point could always be improved towards the
    unclipped closest point): the nearest of those chords. (The frame's tables go straight to
    the kernel; this is the same call on (P, ...) arrays.)
    """
    starts, ends, normals = pieces if pieces is not None else arc_pieces(rays)
    k = _rows(att_ring)
    return _chord_range(np.ascontiguousarray(q_star, dtype=float), *_soa.xy(att_ring), k,
                        *_soa.xy(starts), *_soa.xy(ends), *_soa.xy(normals), k,
                        *_soa.xy(def_ring), k, np.asarray(def_is_disc, dtype=bool),
                        np.ascontiguousarray(def_centre, dtype=float),
                        np.asarray(def_r, dtype=float))
