"""Pose hypotheses for the fits of :mod:`._fit`: straight runs of a blob's contour (each may
be one side of a ship base), rectangles laid on them and on the square corners two runs make,
and circles through pairs of rim points (squadron bases). Poses are (x_mm, y_mm, axis_deg) as
in :mod:`._fit`; contours are (N, 2) table mm."""

from __future__ import annotations

import math

import cv2
import numpy as np

from ._raster import BlobRaster

# Straight contour runs shorter than this are not used to propose a base side (mm).
MIN_SIDE_RUN_MM = 15.0


def side_runs(contour_mm: np.ndarray, closed: bool = True) -> list[tuple[np.ndarray, np.ndarray]]:
    """Straight runs of a closed contour (N, 2) mm (``closed=False``: an open polyline, a part
    of one), as (start, end) points, longest first.

    Polygon approximations at three tolerances (1.2, 2.5 and 4 mm): a ragged edge (shadow,
    wall, noise) breaks into short runs at the finest and stays one run at a coarser one.
    """
    pts = contour_mm.astype(np.float32).reshape(-1, 1, 2)
    runs = []
    for eps in (1.2, 2.5, 4.0):
        v = cv2.approxPolyDP(pts, eps, closed).reshape(-1, 2).astype(np.float64)
        runs += [(v[i], v[(i + 1) % len(v)]) for i in range(len(v) if closed else len(v) - 1)]
    if not runs:
        return runs
    # Lengths as np.linalg.norm gives them (sqrt of the sum of squares), all at once.
    dx, dy = (np.array([r[1] for r in runs]) - np.array([r[0] for r in runs])).T
    length = np.sqrt(dx * dx + dy * dy)
    keep = np.flatnonzero(length >= MIN_SIDE_RUN_MM)
    order = sorted(range(len(keep)), key=lambda i: -length[keep[i]])
    return [runs[keep[i]] for i in order]


def free_runs(contour_mm: np.ndarray, free: np.ndarray, n: int = 12) -> list:
    """The ``n`` longest straight runs (:func:`side_runs`) of what is left of a closed contour
    (N, 2) mm where ``free`` (N,) bool, longest first.

    Once pieces are taken out of a blob, each unbroken stretch of free points is its own open
    polyline, so no run bridges the gap a fitted piece left (a chord across it is no side of
    anything), and a run found at several tolerances counts once: with both, the twelve
    longest held three copies each of a few runs and chords across the gaps, and the seen
    sides of a second large base mostly under its miniature were not among them (held-out
    seed 5001's Venator). The whole contour keeps :func:`side_runs`' twelve longest as they
    were: counting each run once there too changed every blob's first search (tuning seeds
    1000-1099: one ship fewer and three more false ones than with the gaps alone)."""
    if free.all():
        return side_runs(contour_mm)[:n]
    else:
        runs = []
        idx = np.flatnonzero(free)
        if len(idx) == 0:
            return []
        # Stretches of consecutive free indices, the last joined to the first round the end.
        breaks = np.flatnonzero(np.diff(idx) > 1) + 1
        parts = np.split(idx, breaks)
        if len(parts) > 1 and parts[0][0] == 0 and parts[-1][-1] == len(free) - 1:
            parts = [np.concatenate([parts[-1], parts[0]])] + parts[1:-1]
        for part in parts:
            if len(part) >= 3:
                runs += side_runs(contour_mm[part], closed=False)
        if not runs:
            return []
        ln = [float(np.hypot(*(q - p))) for p, q in runs]
        runs = [runs[i] for i in sorted(range(len(runs)), key=lambda i: -ln[i])]
    out, seen = [], set()
    for p, q in runs:
        key = (float(p[0]), float(p[1]), float(q[0]), float(q[1]))
        if key not in seen:
            seen.add(key)
            out.append((p, q))
            if len(out) == n:
                break
    return out


def rect_hypotheses(runs, raster: BlobRaster, length: float, width: float) -> np.ndarray:
    """Poses (H, 3) of a length x width rectangle with one side on one of the straight ``runs``
    (each run may be a long or a short side, centred on the run or ending at either of its ends)."""
    a, b = length / 2.0, width / 2.0
    out = []
    if len(runs):
        # Each run's length, direction, normal and midpoint as the scalar arithmetic gives them
        # (np.linalg.norm is the root of the sum of squares), and which side is inside.
        p_all = np.array([r[0] for r in runs], np.float64)
        q_all = np.array([r[1] for r in runs], np.float64)
        v = q_all - p_all
        lengths = np.sqrt(v[:, 0] * v[:, 0] + v[:, 1] * v[:, 1])
        dirs = v / lengths[:, None]
        normals = np.column_stack([-dirs[:, 1], dirs[:, 0]])
        mids = (p_all + q_all) / 2.0
        out_in = raster.is_inside(mids + 2.0 * normals)
        back_in = raster.is_inside(mids - 2.0 * normals)
    for k in range(len(runs)):
        L, d, n, mid = float(lengths[k]), dirs[k], normals[k], mids[k]
        if not out_in[k] and back_in[k]:
            n = -n
        ang = math.degrees(math.atan2(d[1], d[0]))
        for along, across, axis in ((a, b, ang), (b, a, ang + 90.0)):
            base = mid + n * across
            for off in {0.0, along - L / 2.0, L / 2.0 - along}:
                c = base + d * off
                out.append((c[0], c[1], axis % 180.0))
    # Two runs at right angles meet at a corner, which fixes the whole pose.
    for i, j in _corner_pairs(runs):
        corner = _corner(runs[i], runs[j])
        if corner is None:
            continue
        k, di, dj = corner
        for si, sj in ((length, width), (width, length)):
            c = k + di * si / 2.0 + dj * sj / 2.0
            axis = math.degrees(math.atan2(di[1], di[0])) if si == length else math.degrees(
                math.atan2(dj[1], dj[0]))
            out.append((c[0], c[1], axis % 180.0))
    return np.array(out, dtype=np.float64).reshape(-1, 3)


def _corner_pairs(runs, tol_deg: float = 12.0) -> list[tuple[int, int]]:
    """The pairs ``(i, j)``, i < j in order, of ``runs`` that may meet at a corner
    (:func:`_corner`): all but those clearly more than ``tol_deg`` from square (a margin of
    1e-9 in the cosine keeps any pair :func:`_corner` could take)."""
    if len(runs) < 2:
        return []
    p = np.array([r[0] for r in runs], np.float64)
    d = np.array([r[1] for r in runs], np.float64) - p
    d /= np.maximum(np.sqrt((d * d).sum(axis=1)), 1e-300)[:, None]
    i, j = np.triu_indices(len(runs), 1)
    dot = np.abs((d[i] * d[j]).sum(axis=1))
    ok = dot <= math.sin(math.radians(tol_deg)) + 1e-9
    return list(zip(i[ok].tolist(), j[ok].tolist()))


def _corner(r1, r2, tol_deg: float = 12.0, reach_mm: float = 25.0):
    """Where two straight runs at right angles meet, and the unit directions from that corner
    along each run; ``None`` unless both runs end within ``reach_mm`` of the corner."""
    (p1x, p1y), (q1x, q1y) = r1
    (p2x, p2y), (q2x, q2y) = r2
    l1 = math.hypot(q1x - p1x, q1y - p1y)
    l2 = math.hypot(q2x - p2x, q2y - p2y)
    d1x, d1y = (q1x - p1x) / l1, (q1y - p1y) / l1
    d2x, d2y = (q2x - p2x) / l2, (q2y - p2y) / l2
    if abs(d1x * d2x + d1y * d2y) > math.sin(math.radians(tol_deg)):
        return None
    # p1 + t * d1 = p2 + s * d2 (Cramer's rule on the 2 x 2 system).
    det = -d1x * d2y + d1y * d2x
    if det == 0.0:
        return None
    t = (-(p2x - p1x) * d2y + (p2y - p1y) * d2x) / det
    kx, ky = p1x + d1x * t, p1y + d1y * t
    dp1, dq1 = math.hypot(p1x - kx, p1y - ky), math.hypot(q1x - kx, q1y - ky)
    dp2, dq2 = math.hypot(p2x - kx, p2y - ky), math.hypot(q2x - kx, q2y - ky)
    if min(dp1, dq1) > reach_mm or min(dp2, dq2) > reach_mm:
        return None
    # Directions from the corner towards each run's far end.
    s1 = 1.0 if dq1 > dp1 else -1.0
    s2 = 1.0 if dq2 > dp2 else -1.0
    k = np.array([kx, ky])
    u1 = np.array([s1 * d1x, s1 * d1y])
    u2 = np.array([s2 * d2x, s2 * d2y])
    return k, u1, u2


def circle_hypotheses(contour_mm: np.ndarray, r: float, rng: np.random.Generator,
                      pairs: int = 120) -> np.ndarray:
    """Centres (H, 3; the radius in the last column) of radius-``r`` circles through random
    pairs of rim points."""
    n = len(contour_mm)
    if n < 3:
        return np.zeros((0, 3))
    i = rng.integers(0, n, pairs)
    j = rng.integers(0, n, pairs)
    p, q = contour_mm[i], contour_mm[j]
    d = np.linalg.norm(q - p, axis=1)
    ok = (d > 0.6 * r) & (d < 1.95 * r)
    p, q, d = p[ok], q[ok], d[ok]
    mid = (p + q) / 2.0
    u = (q - p) / d[:, None]
    nrm = np.column_stack([-u[:, 1], u[:, 0]])
    h = np.sqrt(np.maximum(r * r - (d / 2.0) ** 2, 0.0))[:, None]
    c = np.concatenate([mid + nrm * h, mid - nrm * h])
    return np.column_stack([c, np.full(len(c), r)])
