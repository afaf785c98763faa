"""Bookkeeping of the live path (:mod:`._live`): what a blob held when it was last measured,
and box and mask arithmetic on the reduced frame (boxes are (x, y, w, h) reduced px)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ._types import Detections


@dataclass
class _Entry:
    """A blob's pieces and where they were found (reduced px)."""

    bbox: tuple[int, int, int, int]
    mask: np.ndarray
    area_px: float
    placed: list = field(default_factory=list)  # (kind, spec, pose) for confirming
    ships: list = field(default_factory=list)
    squadrons: list = field(default_factory=list)
    obstacles: list = field(default_factory=list)
    tentative: bool = False  # found near a hand (its shadow, fingers): measure again after


def _split_ratio(near: list[_Entry], touching: dict[int, list]) -> float:
    """Area of every blob sharing pixels with the entries ``near`` over those entries' area:
    a moved piece's blob that parted from a thin neighbour it was merged with (a mat edge, a
    marker line) is the same piece as before, seen in two blobs."""
    blobs = {id(b): b for e in near for b in touching.get(id(e), ())}
    return sum(b.area_px for b in blobs.values()) / max(sum(e.area_px for e in near), 1.0)


def _copy(det: Detections) -> Detections:
    return Detections(list(det.ships), list(det.squadrons), list(det.obstacles), list(det.hands),
                      det.play_area_mm, det.image_size)


def _iou(e: _Entry, cb) -> float:
    shared = _shared_px(e, cb)
    return shared / max(float(np.count_nonzero(e.mask)) + float(np.count_nonzero(cb.mask))
                        - shared, 1.0)


def _shared_px(e: _Entry, cb) -> int:
    """Pixels of the blob ``cb`` inside the entry's mask (reduced px)."""
    ax, ay, aw, ah = e.bbox
    bx, by, bw, bh = cb.bbox
    x0, y0 = max(ax, bx), max(ay, by)
    x1, y1 = min(ax + aw, bx + bw), min(ay + ah, by + bh)
    if x1 <= x0 or y1 <= y0:
        return 0
    ma = e.mask[y0 - ay:y1 - ay, x0 - ax:x1 - ax] > 0
    mb = cb.mask[y0 - by:y1 - by, x0 - bx:x1 - bx] > 0
    return int(np.count_nonzero(ma & mb))


def _meets(a, b) -> bool:
    """Whether two (x, y, w, h) boxes share a pixel."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _union(a, b) -> tuple[int, int, int, int]:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    x1, y1 = max(a[0] + a[2], b[0] + b[2]), max(a[1] + a[3], b[1] + b[3])
    return x0, y0, x1 - x0, y1 - y0


def _pad(bbox, pad: int, shape) -> tuple[int, int, int, int]:
    x, y, w, h = bbox
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1, y1 = min(x + w + pad, shape[1]), min(y + h + pad, shape[0])
    return x0, y0, x1 - x0, y1 - y0
