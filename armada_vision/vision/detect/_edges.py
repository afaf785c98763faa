"""Sub-pixel edge positions along a blob's outline.

A thresholded mask puts its boundary wherever the blurred edge crosses the threshold, which for
a low (noise-based) threshold is a pixel or two outside the true edge. Each contour point is
moved along the outline's normal to where the colour distance from the background falls halfway
between its level just inside and just outside: the edge of a blurred step.
"""

from __future__ import annotations

import cv2
import numpy as np

# Search range along the normal, px (inside negative), and the step.
_REACH_PX = 5.0
_STEP_PX = 0.5


def contour_normals(contour_px: np.ndarray, k: int = 3) -> np.ndarray:
    """Outward unit normals (N, 2) of a closed contour (N, 2) px, from the tangent over +-k points."""
    tangent = np.roll(contour_px, -k, axis=0) - np.roll(contour_px, k, axis=0)
    x, y = contour_px[:, 0], contour_px[:, 1]
    signed = 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))
    n = np.column_stack([tangent[:, 1], -tangent[:, 0]])
    if signed < 0:
        n = -n
    return n / np.maximum(np.linalg.norm(n, axis=1), 1e-9)[:, None]


def refine_edges(contour_px: np.ndarray, distance: np.ndarray, min_contrast: float = 6.0):
    """Contour points (N, 2) px moved to the half-level crossing of ``distance`` (H, W) float32
    along their normals; points with less than ``min_contrast`` grey levels between inside and
    outside stay where they are. Returns (N, 2) float64."""
    pts = np.asarray(contour_px, dtype=np.float64)
    if len(pts) < 8:
        return pts
    nrm = contour_normals(pts)
    t = np.arange(-_REACH_PX, _REACH_PX + 1e-9, _STEP_PX)
    xy = pts[:, None, :] + t[None, :, None] * nrm[:, None, :]
    prof = cv2.remap(distance, xy[..., 0].astype(np.float32), xy[..., 1].astype(np.float32),
                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    inner = np.median(prof[:, t <= -2.5], axis=1)
    outer = np.median(prof[:, t >= 3.0], axis=1)
    half = 0.5 * (inner + outer)
    ok = inner - outer >= min_contrast
    # Last sample still above half going outwards from the inside, then interpolate.
    above = prof >= half[:, None]
    above[:, t < -2.5] = True
    first_below = np.argmax(~above, axis=1)
    valid = ok & (first_below > 0) & (~above).any(axis=1)
    i1 = np.clip(first_below, 1, len(t) - 1)
    i0 = i1 - 1
    rows = np.arange(len(pts))
    p0, p1 = prof[rows, i0], prof[rows, i1]
    frac = np.clip((p0 - half) / np.maximum(p0 - p1, 1e-6), 0.0, 1.0)
    shift = t[i0] + frac * _STEP_PX
    out = pts.copy()
    out[valid] = pts[valid] + shift[valid, None] * nrm[valid]
    return out
