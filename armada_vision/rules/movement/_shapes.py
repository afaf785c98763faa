"""Vectorised overlap tests for rectangles (ship bases, tool pieces) and discs (squadron bases).

Pure numpy. Rectangles are stored as centre ``c`` (N, 2), unit length axis ``u`` (N, 2) (the
width axis is ``u`` turned +90 degrees), half length ``hl`` (N,) and half width ``hw`` (N,), in
table mm. Circles are exact (not polygons), so a squadron touching a base is exactly touching.

Touching is not overlapping (RRG "Overlapping", FAQ): every test here calls two pieces overlapping
only when one goes more than :data:`OVERLAP_TOL_MM` into the other (penetration depth), so that
pieces placed exactly edge to edge, up to floating-point rounding, do not overlap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

# Penetration depth (mm) below which two outlines only touch. 1e-6 mm is far below any
# physical or camera precision and far above float64 rounding on table-sized coordinates.
OVERLAP_TOL_MM = 1e-6


@dataclass(frozen=True)
class Rects:
    """N oriented rectangles in table mm (see the module docstring for the fields)."""

    c: np.ndarray
    u: np.ndarray
    hl: np.ndarray
    hw: np.ndarray

    def __len__(self) -> int:
        return len(self.hl)

    @property
    def v(self) -> np.ndarray:
        return np.stack([-self.u[:, 1], self.u[:, 0]], axis=1)

    @property
    def radius(self) -> np.ndarray:
        """Circumradius of each rectangle (N,), for bounding-circle pruning."""
        return np.hypot(self.hl, self.hw)

    def corners(self) -> np.ndarray:
        """(N, 4, 2) corners: front-left, rear-left, rear-right, front-right."""
        a = self.u * self.hl[:, None]
        b = self.v * self.hw[:, None]
        c = self.c
        return np.stack([c + a + b, c - a + b, c - a - b, c + a - b], axis=1)

    def take(self, idx) -> Rects:
        return Rects(self.c[idx], self.u[idx], self.hl[idx], self.hw[idx])

    @staticmethod
    def concat(parts: list[Rects]) -> Rects:
        if not parts:
            return EMPTY_RECTS
        return Rects(np.concatenate([p.c for p in parts]), np.concatenate([p.u for p in parts]),
                     np.concatenate([p.hl for p in parts]), np.concatenate([p.hw for p in parts]))


EMPTY_RECTS = Rects(np.zeros((0, 2)), np.zeros((0, 2)), np.zeros(0), np.zeros(0))


def local_rects_to_table(local: np.ndarray, x_mm: float, y_mm: float, heading_deg: float) -> Rects:
    """Place piece-frame rectangles on the table.

    ``local`` is (N, 4): centre x, centre y, length, width in the piece frame (+x to the bow),
    all axis-aligned in that frame. Returns their :class:`Rects` at the pose.
    """
    a = math.radians(heading_deg)
    ca, sa = math.cos(a), math.sin(a)
    lx, ly = local[:, 0], local[:, 1]
    c = np.stack([x_mm + ca * lx - sa * ly, y_mm + sa * lx + ca * ly], axis=1)
    u = np.broadcast_to(np.array([ca, sa]), c.shape).copy()
    return Rects(c, u, local[:, 2] / 2.0, local[:, 3] / 2.0)


def segment_rects(points: np.ndarray, width_mm: float) -> Rects:
    """One rectangle per straight piece of a polyline (M, 2), each ``width_mm`` wide."""
    p0, p1 = points[:-1], points[1:]
    d = p1 - p0
    length = np.hypot(d[:, 0], d[:, 1])
    keep = length > 0
    p0, p1, d, length = p0[keep], p1[keep], d[keep], length[keep]
    return Rects((p0 + p1) / 2.0, d / length[:, None], length / 2.0,
                 np.full(len(length), width_mm / 2.0))


def rect_penetration(a: Rects, b: Rects) -> np.ndarray:
    """Separating-axis penetration depth (mm) of every pair (a[i], b[j]), shape (len(a), len(b)).

    Positive: the rectangles overlap by that much along their best separating axis. Zero or
    negative: they touch or are apart (the gap along that axis, for separated pairs).
    """
    if len(a) == 0 or len(b) == 0:
        return np.zeros((len(a), len(b)))
    ca, cb = a.c[:, None, :], b.c[None, :, :]
    ua, va = a.u[:, None, :], a.v[:, None, :]
    ub, vb = b.u[None, :, :], b.v[None, :, :]
    hla, hwa = a.hl[:, None], a.hw[:, None]
    hlb, hwb = b.hl[None, :], b.hw[None, :]
    d = cb - ca
    out = None
    for axis, ra in ((ua, hla), (va, hwa), (ub, None), (vb, None)):
        # Projected half extents of both rectangles on this axis.
        pa = hla * np.abs(_dot(ua, axis)) + hwa * np.abs(_dot(va, axis)) if ra is None else ra
        pb = hlb * np.abs(_dot(ub, axis)) + hwb * np.abs(_dot(vb, axis))
        pen = pa + pb - np.abs(_dot(d, axis))
        out = pen if out is None else np.minimum(out, pen)
    return out


def _dot(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    return p[..., 0] * q[..., 0] + p[..., 1] * q[..., 1]


def point_rect_distance(points: np.ndarray, r: Rects) -> np.ndarray:
    """Distance (mm) from each point (K, 2) to each filled rectangle, shape (K, len(r)); 0 inside."""
    if len(r) == 0:
        return np.zeros((len(points), 0))
    d = points[:, None, :] - r.c[None, :, :]
    lx = np.abs(_dot(d, r.u[None])) - r.hl[None]
    ly = np.abs(_dot(d, r.v[None])) - r.hw[None]
    return np.hypot(np.maximum(lx, 0.0), np.maximum(ly, 0.0))


def rects_overlap_any(a: Rects, b: Rects) -> np.ndarray:
    """For each rectangle of ``b``: does any rectangle of ``a`` overlap it (beyond the tolerance)?"""
    if len(a) == 0 or len(b) == 0:
        return np.zeros(len(b), dtype=bool)
    return (rect_penetration(a, b) > OVERLAP_TOL_MM).any(axis=0)


def discs_hit_rects(centres: np.ndarray, radii: np.ndarray, r: Rects) -> np.ndarray:
    """(K, len(r)) bool: disc k overlaps rectangle j (goes more than the tolerance into it)."""
    return point_rect_distance(centres, r) < radii[:, None] - OVERLAP_TOL_MM


def discs_hit_discs(centres: np.ndarray, radii: np.ndarray, others: np.ndarray,
                    other_radii: np.ndarray) -> np.ndarray:
    """(K, M) bool: disc k overlaps other disc m."""
    if len(others) == 0:
        return np.zeros((len(centres), 0), dtype=bool)
    d = np.hypot(centres[:, None, 0] - others[None, :, 0], centres[:, None, 1] - others[None, :, 1])
    return d < radii[:, None] + other_radii[None, :] - OVERLAP_TOL_MM


def rects_outside_area(r: Rects, width_mm: float, height_mm: float) -> bool:
    """True if any corner of any rectangle lies outside [0, width] x [0, height] (edge = inside)."""
    if len(r) == 0:
        return False
    pts = r.corners().reshape(-1, 2)
    tol = OVERLAP_TOL_MM
    return bool((pts[:, 0] < -tol).any() or (pts[:, 0] > width_mm + tol).any()
                or (pts[:, 1] < -tol).any() or (pts[:, 1] > height_mm + tol).any())
