"""Suggested placements for squadrons lifted by a ship's final position (RRG "Overlapping", p.14).

The player who did not move the ship places them, whoever owns them, touching the moved ship, as
many as possible; one that cannot touch it goes touching a squadron that touches it. None may
overlap a ship (shield dials count) or a squadron, or leave the play area. A squadron placed on
an obstacle does not resolve it, so obstacles are ignored here.

The suggestion for each squadron is the legal spot closest to where it stood, searched along the
exact touching curve (the moved base's outline grown by the squadron's radius) sampled every
:data:`STEP_MM`; the player may accept it or place the squadron elsewhere.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from ._fast import Rect, point_distance
from ._shapes import OVERLAP_TOL_MM

STEP_MM = 1.0  # spacing of candidate spots along the touching curve
TOUCH_TOL_MM = 0.01  # a squadron this close to the ship counts as touching it (for chaining)


@functools.lru_cache(maxsize=256)
def _local_ring(hl: float, hw: float, r: float, step_mm: float) -> np.ndarray:
    """Disc centres touching an axis-aligned rectangle (half sizes hl, hw) from outside."""
    n_l = max(2, int(np.ceil(2 * hl / step_mm)) + 1)
    n_w = max(2, int(np.ceil(2 * hw / step_mm)) + 1)
    tl = np.linspace(-hl, hl, n_l)
    tw = np.linspace(-hw, hw, n_w)
    n_arc = max(3, int(np.ceil(np.pi / 2 * r / step_mm)) + 1)
    local = [
        np.stack([tl, np.full(n_l, hw + r)], 1), np.stack([tl, np.full(n_l, -hw - r)], 1),
        np.stack([np.full(n_w, hl + r), tw], 1), np.stack([np.full(n_w, -hl - r), tw], 1),
    ]
    for sx, sy in ((1, 1), (-1, 1), (-1, -1), (1, -1)):
        a0 = np.arctan2(sy, sx) - np.pi / 4
        a = np.linspace(a0, a0 + np.pi / 2, n_arc)
        local.append(np.stack([sx * hl + r * np.cos(a), sy * hw + r * np.sin(a)], 1))
    out = np.concatenate(local)
    out.flags.writeable = False
    return out


def touching_ring(rect: Rect, radius_mm: float, step_mm: float = STEP_MM) -> np.ndarray:
    """Centres (K, 2) of a disc of ``radius_mm`` touching ``rect`` from outside, sampled every
    ``step_mm`` along the straight sides (and as finely around the corners)."""
    cx, cy, ux, uy, hl, hw, _ = rect
    pts = _local_ring(hl, hw, float(radius_mm), step_mm)
    return pts @ np.array([[ux, uy], [-uy, ux]]) + np.array([cx, cy])


def circle_ring(x: float, y: float, radius_mm: float, step_mm: float = STEP_MM) -> np.ndarray:
    n = max(16, int(np.ceil(2 * np.pi * radius_mm / step_mm)))
    a = np.linspace(0.0, 2 * np.pi, n, endpoint=False)
    return np.array([x, y]) + radius_mm * np.stack([np.cos(a), np.sin(a)], 1)


def _first_legal(cands: np.ndarray, home: tuple[float, float], r: float,
                 blockers: list[Rect], squads: list[tuple[float, float, float]],
                 area: tuple[float, float]) -> tuple[float, float] | None:
    """The candidate nearest ``home`` that overlaps nothing and lies inside the play area."""
    if not len(cands):
        return None
    d2 = (cands[:, 0] - home[0]) ** 2 + (cands[:, 1] - home[1]) ** 2
    w, h = area
    t = OVERLAP_TOL_MM
    lo, hi_x, hi_y = r - t, w - r + t, h - r + t
    for x, y in cands[np.argsort(d2, kind="stable")].tolist():
        if not (lo <= x <= hi_x and lo <= y <= hi_y):
            continue
        if any(point_distance(x, y, b) < r - t for b in blockers):
            continue
        if any((x - qx) ** 2 + (y - qy) ** 2 < (r + qr - t) ** 2 for qx, qy, qr in squads):
            continue
        return x, y
    return None


def place_squadrons(moved: list[Rect], blockers: list[Rect],
                    lifted: list[tuple[str, tuple[float, float], float]],
                    kept: list[tuple[float, float, float]],
                    area: tuple[float, float]) -> dict[str, tuple[float, float] | None]:
    """Suggest a legal spot for each lifted squadron.

    Parameters
    ----------
    moved : the moved ship's base rectangles at its final pose, shield dials included.
    blockers : every ship base the squadrons must not overlap (``moved`` included).
    lifted : ``(id, (x_mm, y_mm), radius_mm)`` of each lifted squadron, placed in this order.
    kept : ``(x_mm, y_mm, radius_mm)`` of the squadrons that stay on the table.
    area : play area (width_mm, height_mm).

    Returns ``{id: (x_mm, y_mm)}``, or ``None`` for a squadron that fits nowhere legal.
    """
    if not lifted:
        return {}
    # Only pieces within reach of a touching or chained spot can block one.
    cx = sum(m[0] for m in moved) / len(moved)
    cy = sum(m[1] for m in moved) / len(moved)
    reach = max(math.hypot(m[0] - cx, m[1] - cy) + m[6] for m in moved) \
        + 4.0 * max(r for _, _, r in lifted)
    blockers = [b for b in blockers if math.hypot(b[0] - cx, b[1] - cy) < reach + b[6]]
    squads = [q for q in kept if math.hypot(q[0] - cx, q[1] - cy) < reach + q[2]]
    out: dict[str, tuple[float, float] | None] = {}
    later = []
    for sid, home, r in lifted:
        cands = np.concatenate([touching_ring(m, r) for m in moved])
        spot = _first_legal(cands, home, r, blockers, squads, area)
        if spot is None:
            later.append((sid, home, r))
            continue
        out[sid] = spot
        squads.append((spot[0], spot[1], r))
    for sid, home, r in later:
        anchors = [(qx, qy, qr) for qx, qy, qr in squads
                   if abs(min(point_distance(qx, qy, m) for m in moved) - qr) <= TOUCH_TOL_MM]
        cands = np.concatenate([circle_ring(qx, qy, r + qr) for qx, qy, qr in anchors]) \
            if anchors else np.zeros((0, 2))
        spot = _first_legal(cands, home, r, blockers, squads, area)
        out[sid] = spot
        if spot is not None:
            squads.append((spot[0], spot[1], r))
    return out
