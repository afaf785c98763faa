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

import numpy as np

from ._shapes import OVERLAP_TOL_MM, Rects, discs_hit_discs, discs_hit_rects, point_rect_distance

STEP_MM = 1.0  # spacing of candidate spots along the touching curve
TOUCH_TOL_MM = 0.01  # a squadron this close to the ship counts as touching it (for chaining)


def touching_ring(rects: Rects, radius_mm: float, step_mm: float = STEP_MM) -> np.ndarray:
    """Centres (K, 2) of a disc of ``radius_mm`` touching each rectangle from outside."""
    out = []
    for i in range(len(rects)):
        hl, hw = float(rects.hl[i]), float(rects.hw[i])
        r = radius_mm
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
        pts = np.concatenate(local)
        u, v, c = rects.u[i], rects.v[i], rects.c[i]
        out.append(c + pts[:, :1] * u + pts[:, 1:] * v)
    return np.concatenate(out) if out else np.zeros((0, 2))


def circle_ring(centre: np.ndarray, radius_mm: float, step_mm: float = STEP_MM) -> np.ndarray:
    n = max(16, int(np.ceil(2 * np.pi * radius_mm / step_mm)))
    a = np.linspace(0.0, 2 * np.pi, n, endpoint=False)
    return centre + radius_mm * np.stack([np.cos(a), np.sin(a)], 1)


def _legal(cands: np.ndarray, r: float, blockers: Rects, sq_c: np.ndarray, sq_r: np.ndarray,
           area: tuple[float, float]) -> np.ndarray:
    w, h = area
    ok = ((cands[:, 0] >= r - OVERLAP_TOL_MM) & (cands[:, 0] <= w - r + OVERLAP_TOL_MM)
          & (cands[:, 1] >= r - OVERLAP_TOL_MM) & (cands[:, 1] <= h - r + OVERLAP_TOL_MM))
    if len(blockers):
        ok &= ~discs_hit_rects(cands, np.full(len(cands), r), blockers).any(axis=1)
    if len(sq_c):
        ok &= ~discs_hit_discs(cands, np.full(len(cands), r), sq_c, sq_r).any(axis=1)
    return ok


def _pick(cands: np.ndarray, ok: np.ndarray, home: np.ndarray) -> tuple[float, float] | None:
    if not ok.any():
        return None
    c = cands[ok]
    k = int(np.argmin(np.hypot(c[:, 0] - home[0], c[:, 1] - home[1])))
    return float(c[k, 0]), float(c[k, 1])


def place_squadrons(moved: Rects, blockers: Rects, lifted: list[tuple[str, np.ndarray, float]],
                    kept_centres: np.ndarray, kept_radii: np.ndarray,
                    area: tuple[float, float]) -> dict[str, tuple[float, float] | None]:
    """Suggest a legal spot for each lifted squadron.

    Parameters
    ----------
    moved : the moved ship's base rectangles at its final pose, shield dials included.
    blockers : every ship base the squadrons must not overlap (``moved`` included).
    lifted : ``(id, centre (2,), radius_mm)`` of each lifted squadron, placed in this order.
    kept_centres, kept_radii : squadrons that stay on the table, (M, 2) and (M,).
    area : play area (width_mm, height_mm).

    Returns ``{id: (x_mm, y_mm)}``, or ``None`` for a squadron that fits nowhere legal.
    """
    sq_c = kept_centres.reshape(-1, 2).copy()
    sq_r = kept_radii.reshape(-1).copy()
    out: dict[str, tuple[float, float] | None] = {}
    later = []
    for sid, home, r in lifted:
        cands = touching_ring(moved, r)
        spot = _pick(cands, _legal(cands, r, blockers, sq_c, sq_r, area), home)
        if spot is None:
            later.append((sid, home, r))
            continue
        out[sid] = spot
        sq_c = np.vstack([sq_c, spot])
        sq_r = np.append(sq_r, r)
    for sid, home, r in later:
        gap = point_rect_distance(sq_c, moved).min(axis=1) - sq_r if len(sq_c) else np.zeros(0)
        anchors = np.flatnonzero(np.abs(gap) <= TOUCH_TOL_MM)
        cands = np.concatenate([circle_ring(sq_c[j], r + sq_r[j]) for j in anchors]) \
            if len(anchors) else np.zeros((0, 2))
        spot = _pick(cands, _legal(cands, r, blockers, sq_c, sq_r, area), home)
        out[sid] = spot
        if spot is not None:
            sq_c = np.vstack([sq_c, spot])
            sq_r = np.append(sq_r, r)
    return out
