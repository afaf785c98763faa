"""Sub-pixel edge positions along a blob's outline.

A thresholded mask puts its boundary wherever the blurred edge crosses the threshold, which for
a low (noise-based) threshold is a pixel or two outside the true edge. Each contour point is
moved along the outline's normal to where the colour distance from the background falls fastest
going outwards: the inflection of a blurred step, wherever the levels inside and outside lie.
"""

from __future__ import annotations

import cv2
import numpy as np

# Search range along the normal, px (inside negative), and the step.
_REACH_PX = 5.0
_STEP_PX = 0.5
# The steepest fall is looked for this far from the thresholded outline, px.
_SEARCH_PX = 3.5


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
    """Contour points (N, 2) px moved along their normals to the steepest fall of ``distance``
    (H, W) float32 within ``_SEARCH_PX`` (parabolic peak of the difference profile at
    ``_STEP_PX`` samples); points with less than ``min_contrast`` grey levels between inside
    and outside, or no fall of at least 0.15 of that per px, stay where they are.
    Returns (N, 2) float64."""
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
    ok = inner - outer >= min_contrast
    # The edge is where the distance falls fastest going outwards (the inflection of a
    # blurred step). A half level between the levels inside and outside is not: a black rim or
    # wall just inside a lighter token stands out more than the token, and the half level of
    # token and mat lies out on the rim's blurred flank, ~1 px outside the edge.
    d = np.diff(prof, axis=1)                       # between samples i and i + 1
    mid = 0.5 * (t[:-1] + t[1:])
    search = np.abs(mid) <= _SEARCH_PX
    dd = np.where(search[None, :], d, np.inf)
    i = np.argmin(dd, axis=1)
    rows = np.arange(len(pts))
    i0, i2 = np.clip(i - 1, 0, len(mid) - 1), np.clip(i + 1, 0, len(mid) - 1)
    y0, y1, y2 = d[rows, i0], d[rows, i], d[rows, i2]
    den = y0 - 2.0 * y1 + y2
    frac = np.where(np.abs(den) > 1e-6, 0.5 * (y0 - y2) / np.where(den == 0, 1.0, den), 0.0)
    shift = mid[i] + np.clip(frac, -0.5, 0.5) * _STEP_PX
    # A real edge falls by a good part of the contrast; else the point stays.
    valid = ok & (-y1 * (1.0 / _STEP_PX) >= 0.15 * (inner - outer))
    out = pts.copy()
    out[valid] = pts[valid] + shift[valid, None] * nrm[valid]
    return out


# A contour point shows an edge when the colour distance 2.5-5 px inside it exceeds that
# 2.5-5 px outside by ``min_contrast`` grey levels and by ``EDGE_FRACTION`` of the inside's:
# the frame outside is at least halfway back to the mat.
EDGE_FRACTION = 0.5
_EDGE_PX = np.array([-5.0, -4.0, -3.0, -2.5, 2.5, 3.0, 4.0, 5.0])


def edge_fraction(contour_px: np.ndarray, distance: np.ndarray,
                  min_contrast: float = 6.0) -> float:
    """The fraction of a closed contour's points (N, 2) px that lie on an edge of
    ``distance`` ((H, W) float32, the colour distance from the background, same pixel grid):
    a piece is a solid thing whose outline is a step (blurred over 1-2 px), with the mat
    again just outside it; the mat's own print that the background misses (a nebula's soft
    glow against a frame-estimated background) fades over tens of mm, and only the threshold
    draws an outline round it. NaN for fewer than 8 points."""
    pts = np.asarray(contour_px, dtype=np.float64)
    if len(pts) < 8:
        return float("nan")
    nrm = contour_normals(pts)
    xy = (pts[:, None, :] + _EDGE_PX[None, :, None] * nrm[:, None, :]).astype(np.float32)
    prof = cv2.remap(np.asarray(distance, np.float32), xy[..., 0], xy[..., 1],
                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    inside = np.median(prof[:, _EDGE_PX < 0], axis=1)
    step = inside - np.median(prof[:, _EDGE_PX > 0], axis=1)
    return float(np.mean((step >= min_contrast) & (step >= EDGE_FRACTION * inside)))
