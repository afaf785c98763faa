"""An arm reaching over the table's border, and where its hand may be.

A hand comes in from outside: its arm crosses the play area's border and goes on to the edge
of the view. A piece never does: the searched area is the play area plus 40 mm
(``_detector.PLAY_MARGIN_MM``), and no base or miniature reaches far past it. On a mat of the
hand's own colour (wood: the Chai-Ngan skin box holds the grain) the palm and fingers vanish
into the background, and only the sleeve is left, cut by the searched area's border to less
than a base (held-out seed 5008's hand frames: 0.34-0.45 of the large base). So a blob at the
border is an arm when the foreground goes on outside the searched area, against the learned
background, for ``ARM_BEYOND_MM`` or to the frame's edge; its hand is taken to lie beyond the
sleeve's inner end along the arm, up to ``HAND_LENGTH_MM``.

Shapes: small-frame px (the coarse pass's 1/factor), masks uint8 0/255.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from ._blobs import Blob

# Foreground outside the searched area this far past it (mm) is an arm, not a piece: a
# miniature overhanging the table's edge is seen at most ~35 mm further out (50-60 mm tall,
# seen 30-35 deg off the vertical at the frame's edge) and the searched area already takes
# 40 mm past the play area.
ARM_BEYOND_MM = 60.0
# Outside the searched area a pixel is the arm when a channel differs from the learned
# background by this many grey levels: no illumination map is measured there, so the
# threshold is well above the noise (1-3 levels) and a few per cent of exposure drift.
ARM_LEVELS = 30.0
# A blob smaller than this many of the largest base is not tested (threshold noise, a thread).
ARM_MIN_BASES = 0.2
# How far a hand reaches past the end of its sleeve (mm): the rendered hand's 104-mm palm and
# 57-mm fingers, ~10 % larger seen from above at 60-100 mm over the table; an adult's hand
# ~190 mm from wrist to fingertip.
HAND_LENGTH_MM = 190.0


def arm_outside(blob: Blob, small: np.ndarray, bg_mean: np.ndarray, roi_s: np.ndarray,
                px_per_mm: float) -> np.ndarray | None:
    """The foreground outside the searched area joined to ``blob`` when it goes on for
    ``ARM_BEYOND_MM`` past the area or to the frame's edge: ``(N, 2)`` px (x, y) of its
    pixels, else ``None``. ``small`` (H, W, 3) uint8 the reduced frame, ``bg_mean`` (H, W, 3)
    float32 the background at the same size, ``roi_s`` (H, W) the searched area there,
    ``px_per_mm`` the reduced frame's scale."""
    H, W = roi_s.shape[:2]
    reach = int(math.ceil(ARM_BEYOND_MM * px_per_mm))
    x, y, w, h = blob.bbox
    x0, y0 = max(x - reach - 2, 0), max(y - reach - 2, 0)
    x1, y1 = min(x + w + reach + 2, W), min(y + h + reach + 2, H)
    out = roi_s[y0:y1, x0:x1] == 0
    if not out.any():
        return None
    diff = np.abs(small[y0:y1, x0:x1].astype(np.float32) - bg_mean[y0:y1, x0:x1]).max(axis=2)
    cand = ((diff > ARM_LEVELS) & out).astype(np.uint8)
    seed = np.zeros_like(cand)
    seed[y - y0:y - y0 + h, x - x0:x - x0 + w] = blob.mask > 0
    seed = cv2.dilate(seed, np.ones((5, 5), np.uint8))
    n, labels = cv2.connectedComponents(cand | seed, connectivity=8)
    ids = np.unique(labels[seed > 0])
    arm = np.isin(labels, ids[ids > 0]) & (cand > 0)
    if not arm.any():
        return None
    ys, xs = np.nonzero(arm)
    at_edge = (xs.min() + x0 == 0 or ys.min() + y0 == 0 or xs.max() + x0 == W - 1
               or ys.max() + y0 == H - 1)
    # How far past the searched area: the distance of each arm pixel to its nearest pixel.
    dist = cv2.distanceTransform(out.astype(np.uint8), cv2.DIST_L2, 3)
    if not at_edge and float(dist[ys, xs].max()) < reach:
        return None
    return np.column_stack([xs + x0, ys + y0])


def hand_zone(blob: Blob, arm_px: np.ndarray, shape: tuple[int, int],
              px_per_mm: float) -> Blob:
    """Where the arm's hand may be: the blob swept ``HAND_LENGTH_MM`` on along the arm (from
    its pixels outside the searched area, ``arm_px``, to the blob's centroid), as a blob of
    the reduced frame (``shape`` (H, W))."""
    H, W = shape
    d = blob.centroid_px - arm_px.mean(axis=0)
    d = d / max(float(np.hypot(*d)), 1e-6)
    length = HAND_LENGTH_MM * px_per_mm
    x, y, w, h = blob.bbox
    ends = [(x + d[0] * t, y + d[1] * t) for t in (0.0, length)]
    zx0 = max(int(math.floor(min(e[0] for e in ends))), 0)
    zy0 = max(int(math.floor(min(e[1] for e in ends))), 0)
    zx1 = min(int(math.ceil(max(e[0] for e in ends))) + w, W)
    zy1 = min(int(math.ceil(max(e[1] for e in ends))) + h, H)
    zone = np.zeros((zy1 - zy0, zx1 - zx0), np.uint8)
    steps = max(int(math.ceil(length / 2.0)), 1)  # 2 px a step: the swept copies overlap
    for i in range(steps + 1):
        t = length * i / steps
        sx, sy = int(round(x + d[0] * t)) - zx0, int(round(y + d[1] * t)) - zy0
        ax0, ay0 = max(sx, 0), max(sy, 0)
        ax1, ay1 = min(sx + w, zone.shape[1]), min(sy + h, zone.shape[0])
        if ax1 <= ax0 or ay1 <= ay0:
            continue
        zone[ay0:ay1, ax0:ax1] |= blob.mask[ay0 - sy:ay1 - sy, ax0 - sx:ax1 - sx]
    cs, _ = cv2.findContours(zone, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    c = max(cs, key=len).reshape(-1, 2).astype(np.float64) + (zx0, zy0)
    return Blob(c, float(np.count_nonzero(zone)), (zx0, zy0, zone.shape[1], zone.shape[0]),
                blob.touches_edge, zone)
