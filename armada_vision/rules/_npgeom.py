"""Exact small-polygon geometry in numpy, vectorised over pairs (no shapely calls).

Used for the many attacker/defender pairs that are far apart, where only distances and the
in-arc test are needed: convex hull zones (closed rings padded with their first vertex, (P, K, 2)),
squadron discs (a centre and a radius) and convex firing arcs (two rays and the short segment
joining their origins).
"""

from __future__ import annotations

import numpy as np

RAY_MM = 6000.0   # arcs are infinite; any piece on a 6' x 3' table is within this of the ship


def point_segment_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance from points ``p`` to segments ``a``-``b`` (broadcast, last axis 2), in mm."""
    abx, aby = b[..., 0] - a[..., 0], b[..., 1] - a[..., 1]
    apx, apy = p[..., 0] - a[..., 0], p[..., 1] - a[..., 1]
    den = np.maximum(abx * abx + aby * aby, 1e-300)
    t = np.clip((apx * abx + apy * aby) / den, 0.0, 1.0)
    dx, dy = apx - t * abx, apy - t * aby
    return np.sqrt(dx * dx + dy * dy)


def ring_distance(ra: np.ndarray, rb: np.ndarray) -> np.ndarray:
    """Distance between disjoint convex polygons given as closed rings (P, K, 2), in mm.

    The closest points of two disjoint convex polygons are a vertex of one and an edge of the
    other. A ring whose vertices all coincide is a point. Overlapping polygons are not detected.
    """
    a0, a1 = ra[:, :-1], ra[:, 1:]
    b0, b1 = rb[:, :-1], rb[:, 1:]
    d1 = point_segment_distance(ra[:, :, None, :], b0[:, None], b1[:, None]).min(axis=(1, 2))
    d2 = point_segment_distance(rb[:, :, None, :], a0[:, None], a1[:, None]).min(axis=(1, 2))
    return np.minimum(d1, d2)


def _cross(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    return u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]


def segments_cross(p0, p1, q0, q1) -> np.ndarray:
    """Whether segments p0-p1 and q0-q1 intersect (touching counts), broadcast over pairs."""
    d1 = _cross(q1 - q0, p0 - q0)
    d2 = _cross(q1 - q0, p1 - q0)
    d3 = _cross(p1 - p0, q0 - p0)
    d4 = _cross(p1 - p0, q1 - p0)
    return (d1 * d2 <= 0) & (d3 * d4 <= 0)


def arc_pieces(rays: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Boundary segments (P, 3, 2) starts, ends and inward normals of convex arcs.

    ``rays`` (P, 2, 3, 2): per ray origin, unit direction, unit inward normal. The pieces are
    ray A, ray B (each ``RAY_MM`` long) and the segment joining their origins.
    """
    o, d, n = rays[:, :, 0], rays[:, :, 1], rays[:, :, 2]
    starts = np.stack([o[:, 0], o[:, 1], o[:, 0]], axis=1)
    ends = np.stack([o[:, 0] + RAY_MM * d[:, 0], o[:, 1] + RAY_MM * d[:, 1], o[:, 1]], axis=1)
    seg = o[:, 1] - o[:, 0]
    ns = np.stack([-seg[:, 1], seg[:, 0]], axis=-1)
    ln = np.hypot(ns[:, 0], ns[:, 1])
    ok = ln > 1e-9
    ns[ok] /= ln[ok, None]
    # point the spine's normal into the arc (towards far along ray A)
    probe = o[:, 0] + 1000.0 * (d[:, 0] + d[:, 1])
    rel = probe - o[:, 0]
    flip = rel[:, 0] * ns[:, 0] + rel[:, 1] * ns[:, 1] < 0
    ns[flip] *= -1
    ns[~ok] = 0.0
    normals = np.stack([n[:, 0], n[:, 1], ns], axis=1)
    return starts, ends, normals


def inside_arc(points: np.ndarray, starts, normals) -> np.ndarray:
    """Whether points (P, K, 2) lie in their convex arc (all three half-planes), (P, K)."""
    relx = points[:, :, None, 0] - starts[:, None, :, 0]          # (P, K, 3)
    rely = points[:, :, None, 1] - starts[:, None, :, 1]
    return (relx * normals[:, None, :, 0] + rely * normals[:, None, :, 1] >= -1e-9).all(axis=-1)


def arc_distance(ring: np.ndarray, radius: np.ndarray, rays: np.ndarray) -> np.ndarray:
    """Distance (mm) from convex pieces to convex arcs; 0 when any part is inside.

    ``ring`` (P, K, 2) closed rings (a squadron: its centre repeated, with ``radius``);
    ``rays`` (P, 2, 3, 2) as in :func:`arc_pieces`.
    """
    starts, ends, normals = arc_pieces(rays)
    any_in = inside_arc(ring, starts, normals).any(axis=1)
    r0, r1 = ring[:, :-1], ring[:, 1:]
    # the arc's corners (the ray origins) inside the polygon (convex: same side of every edge)
    o = rays[:, :, 0]                                               # (P, 2, 2)
    side = _cross((r1 - r0)[:, None], o[:, :, None] - r0[:, None])  # (P, 2, K-1)
    e = r1 - r0
    deg = (e[..., 0] * e[..., 0] + e[..., 1] * e[..., 1])[:, None] < 1e-18
    corner_in = (((side >= 0) | deg).all(-1) | ((side <= 0) | deg).all(-1)).any(-1)
    corner_in &= ~deg.all(-1)[:, 0]
    crossing = segments_cross(r0[:, :, None], r1[:, :, None], starts[:, None], ends[:, None])
    crossing &= ~deg[:, 0, :, None]          # a zero-length edge (a squadron's centre) never crosses
    touching = any_in | corner_in | crossing.any(axis=(1, 2))
    d1 = point_segment_distance(ring[:, :, None], starts[:, None], ends[:, None]).min(axis=(1, 2))
    d2 = point_segment_distance(o[:, :, None], r0[:, None], r1[:, None]).min(axis=(1, 2))
    d = np.where(touching, 0.0, np.minimum(d1, d2))
    return np.maximum(d - radius, 0.0)
