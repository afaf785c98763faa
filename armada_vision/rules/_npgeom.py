"""Exact small-polygon geometry in numpy, vectorised over pairs (no shapely calls).

Used for the many attacker/defender pairs that are far apart, where only distances and the
in-arc test are needed: convex hull zones (closed rings padded with their first vertex, (P, K, 2)),
squadron discs (a centre and a radius) and convex firing arcs (two rays and the short segment
joining their origins).
"""

from __future__ import annotations

import numpy as np

from . import _soa
from ._soa import RAY_MM  # noqa: F401  (arcs are infinite: rays this long)


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


def clipped_range(att_ring, q_star, rays, def_ring, def_is_disc, def_centre, def_r, pieces=None):
    """Attack range to the part of each defender inside a convex arc (RRG p.11), in numpy.

    ``att_ring`` (P, K, 2) attacking zones; ``q_star`` (P, 2) the defender's point closest to the
    attacker; ``rays`` (P, 2, 3, 2) the arcs; defenders are convex rings (P, L, 2) or discs
    (``def_is_disc``, ``def_centre``, ``def_r``). Returns (range_mm (P,), from (P, 2), to (P, 2)).

    If the defender's closest point is inside the arc that is the answer. Otherwise the nearest
    part inside the arc lies on the arc's boundary lines within the defender (the distance to a
    convex set is convex, so an inner boundary point could always be improved towards the
    unclipped closest point): the nearest of those chords.
    """
    P = len(att_ring)
    starts, ends, normals = pieces if pieces is not None else arc_pieces(rays)
    rel = q_star[:, None] - starts
    in_w = (rel[..., 0] * normals[..., 0] + rel[..., 1] * normals[..., 1] >= -1e-9).all(axis=1)
    d = ends - starts                                                   # (P, 3, 2)
    lo, hi = np.zeros((P, 3)), np.ones((P, 3))
    disc = def_is_disc
    if disc.any():
        s, dd = starts[disc], d[disc]
        c, r = def_centre[disc][:, None], def_r[disc][:, None]
        sc = s - c
        a = dd[..., 0] ** 2 + dd[..., 1] ** 2
        b = 2 * (dd[..., 0] * sc[..., 0] + dd[..., 1] * sc[..., 1])
        cc = sc[..., 0] ** 2 + sc[..., 1] ** 2 - r * r
        disc_ = b * b - 4 * a * cc
        ok = (disc_ >= 0) & (a > 1e-18)
        root = np.sqrt(np.where(ok, disc_, 0.0))
        a_ = np.where(ok, a, 1.0)
        lo[disc] = np.where(ok, np.maximum((-b - root) / (2 * a_), 0.0), 1.0)
        hi[disc] = np.where(ok, np.minimum((-b + root) / (2 * a_), 1.0), 0.0)
    poly = ~disc
    if poly.any():
        ring = def_ring[poly]
        r0, r1 = ring[:, :-1], ring[:, 1:]
        e = r1 - r0
        area = (r0[..., 0] * r1[..., 1] - r1[..., 0] * r0[..., 1]).sum(axis=1)
        sign = np.where(area >= 0, 1.0, -1.0)[:, None, None]
        nx, ny = -e[..., 1][:, None] * sign, e[..., 0][:, None] * sign  # (p, 1, L-1) inward
        s, dd = starts[poly][:, :, None], d[poly][:, :, None]            # (p, 3, 1, 2)
        num = nx * (s[..., 0] - r0[:, None, :, 0]) + ny * (s[..., 1] - r0[:, None, :, 1])
        den = nx * dd[..., 0] + ny * dd[..., 1]
        deg = (e[..., 0] ** 2 + e[..., 1] ** 2 < 1e-18)[:, None]
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            t = -num / den
        t_in = np.where((den > 0) & ~deg, t, -np.inf).max(axis=2)
        t_out = np.where((den < 0) & ~deg, t, np.inf).min(axis=2)
        outside = ((den == 0) & (num < 0) & ~deg).any(axis=2)
        lo[poly] = np.where(outside, 1.0, np.maximum(t_in, 0.0))
        hi[poly] = np.where(outside, 0.0, np.minimum(t_out, 1.0))
    valid = hi >= lo
    valid &= (d[..., 0] ** 2 + d[..., 1] ** 2) > 1e-18
    c0 = starts + lo[..., None] * d
    c1 = starts + hi[..., None] * d
    chord = np.stack([c0, c1, c0], axis=2).reshape(P * 3, 3, 2)        # closed 2-vertex rings
    att3 = np.repeat(att_ring, 3, axis=0)
    pa, pb = ring_closest_points(att3, chord)
    dist = np.hypot(*(pa - pb).T).reshape(P, 3)
    dist = np.where(valid, dist, np.inf)
    k = dist.argmin(axis=1)
    rows = np.arange(P)
    best = dist[rows, k]
    frm = pa.reshape(P, 3, 2)[rows, k]
    to = pb.reshape(P, 3, 2)[rows, k]
    return best, frm, to, in_w
