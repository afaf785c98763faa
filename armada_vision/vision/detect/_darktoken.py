"""An obstacle token darker than the mat but of the mat's hue, found whole.

Foreground is a colour change or a brightness ratio under the dark ratio (0.35: no cast
shadow is darker); a token printed in a darker shade of the mat's own hue (a brown asteroid on
the tan cloth: brightness ratio 0.37-0.45, no colour difference) shows only its darkest print
parts as foreground, fragments too small or too few to match any outline. Round such
fragments, the region darker than ``TOKEN_DARK_RATIO`` joined to them is a candidate; the
catalog decides: it is an obstacle only when its outline matches one well (a shadow's or a
ship's dark region does not).
"""

from __future__ import annotations

import numpy as np

from ._background import hysteresis
from ._blobs import Blob, clean_mask, find_blobs

# Pixels darker than this (brightness ratio against the relit background) join a foreground
# fragment as a candidate token. Tuning seeds' dark cloth tokens: 0.37-0.45 (median), their
# lighter print spots up to ~0.57 (filled as holes); the renderer's cast shadows 0.6-0.7
# (0.45 where two overlap), left out but for overlaps, which the outline match refuses.
TOKEN_DARK_RATIO = 0.55
# A candidate must hold this much more than the foreground fragments in it (a piece's own
# blob and its black plastic are already foreground).
MIN_GROWTH = 1.25


def dark_candidates(alpha: np.ndarray, mask: np.ndarray, roi: np.ndarray, open_px: int,
                    min_area_px: float, offset: tuple[int, int], coarse: Blob,
                    others: list, factor: int) -> list[Blob]:
    """Candidate tokens in one coarse blob's full-resolution region: the regions darker than
    ``TOKEN_DARK_RATIO`` joined to the foreground ``mask`` (both (h, w), the region's
    ``alpha`` and uint8 mask; ``roi`` the play area there), cleaned as the foreground is, at
    least ``MIN_GROWTH`` x the foreground in them, not cut by the region's side, and owned by
    ``coarse`` among ``others`` (the frame's coarse blobs, 1/``factor`` px: the one sharing
    most of the candidate's pixels, so two fragments' regions do not both report it).
    Returns blobs in full-frame px."""
    dark = (alpha < TOKEN_DARK_RATIO) & (roi > 0) & (mask == 0)
    if np.count_nonzero(dark) < min_area_px:
        return []
    grown = clean_mask(hysteresis(mask > 0, dark), open_px)
    x0, y0 = offset
    h, w = mask.shape
    out = []
    for b in find_blobs(grown, min_area_px):
        bx, by, bw, bh = b.bbox
        if bx <= 1 or by <= 1 or bx + bw >= w - 1 or by + bh >= h - 1:
            continue
        inside = np.count_nonzero(mask[by:by + bh, bx:bx + bw][b.mask > 0])
        if b.area_px < MIN_GROWTH * inside:
            continue
        ys, xs = np.nonzero(b.mask)
        cx, cy = (xs + bx + x0) // factor, (ys + by + y0) // factor
        shares = [_share(cb, cx, cy) for cb in others]
        if not shares or others[int(np.argmax(shares))] is not coarse:
            continue
        gb = (bx + x0, by + y0, bw, bh)
        out.append(Blob(b.contour_px + (x0, y0), b.area_px, gb, False, b.mask))
    return out


def _share(cb: Blob, cx: np.ndarray, cy: np.ndarray) -> int:
    """How many of the points (coarse px) lie on the coarse blob ``cb``."""
    x, y, w, h = cb.bbox
    sel = (cx >= x) & (cx < x + w) & (cy >= y) & (cy < y + h)
    if not sel.any():
        return 0
    return int(np.count_nonzero(cb.mask[cy[sel] - y, cx[sel] - x]))
