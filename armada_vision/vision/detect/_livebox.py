"""Bookkeeping of the live path (:mod:`._live`): what a blob held when it was last measured,
box and mask arithmetic on the reduced frame (boxes are (x, y, w, h) reduced px), what a
frame cost (:class:`LiveStats`) and a camera seen through a crop."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
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
    # earlier measurements (``_live._measurement``) of a doubtful blob, which the next search
    # of it is to agree with (``_live._recheck``); ``None``: settled
    recheck: list | None = None
    expect: int = 0  # pieces it is known to hold (``_live._recheck``)


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


def _corners(entries: list, pad: int, shape) -> np.ndarray:
    """The entries' boxes grown by ``pad`` within ``shape`` (h, w; ``None``: not clipped), as
    corners (E, 4) int64: x0, y0, x1, y1 (what :func:`_pad` gives, end-exclusive)."""
    b = np.array([e.bbox for e in entries], np.int64).reshape(-1, 4)
    x0, y0 = b[:, 0] - pad, b[:, 1] - pad
    x1, y1 = b[:, 0] + b[:, 2] + pad, b[:, 1] + b[:, 3] + pad
    if shape is not None:
        x0, y0 = np.maximum(x0, 0), np.maximum(y0, 0)
        x1, y1 = np.minimum(x1, shape[1]), np.minimum(y1, shape[0])
    return np.column_stack([x0, y0, x1, y1])


def _corners_of(box) -> tuple[int, int, int, int]:
    x, y, w, h = box
    return x, y, x + w, y + h


def _pad(bbox, pad: int, shape) -> tuple[int, int, int, int]:
    x, y, w, h = bbox
    x0, y0 = max(x - pad, 0), max(y - pad, 0)
    x1, y1 = min(x + w + pad, shape[1]), min(y + h + pad, shape[0])
    return x0, y0, x1 - x0, y1 - y0


def _predict(piece: tuple, was: _Entry, cb, factor: int, camera,
             without: np.ndarray | None = None) -> tuple:
    """Where a piece ``(kind, spec, pose)`` found in the blob ``was`` is now that its blob
    moved to ``cb`` (alone in both): its pose shifted by the blob's centroid shift and, for
    an elongated blob, turned by the turn of its long axis, both measured on the piece's
    height plane (table mm, deg). ``without``: pixels of ``was`` (its box's shape, bool) that
    were other pieces', which it left (they are measured in other blobs now): its own part
    of ``was`` is what moved. Returns ``(kind, spec, pose)``."""
    kind, spec, pose = piece
    old = was
    if without is not None:
        rest = (was.mask > 0) & ~without
        if np.count_nonzero(rest):
            old = _Masked(was.bbox, rest.astype(np.uint8))
    (c0, a0, e0), (c1, a1, e1) = _centre_axis(old), _centre_axis(cb)
    to_px = lambda c: np.asarray(c, np.float64) * factor + (factor - 1) / 2.0  # noqa: E731
    h = float(spec.height_mm)
    m0, m1 = camera.image_to_table(np.array([to_px(c0), to_px(c1)]), h)
    new = np.array(pose, np.float64)
    new[:2] += m1 - m0
    if kind == "rect" and min(e0, e1) > 1.3:
        # The axis's turn measured on the table (the image may be skewed by the tilt).
        ends = []
        for c, a in ((c0, a0), (c1, a1)):
            d = np.array([math.cos(a), math.sin(a)]) * 10.0
            p = camera.image_to_table(np.array([to_px(c - d), to_px(c + d)]), h)
            ends.append(math.degrees(math.atan2(*(p[1] - p[0])[::-1])))
        turn = (ends[1] - ends[0] + 90.0) % 180.0 - 90.0
        new[2] = (new[2] + turn) % 180.0
    return kind, spec, new


@dataclass
class _Masked:
    """A blob's box (x, y, w, h reduced px) and a mask (h, w uint8) of part of it."""

    bbox: tuple
    mask: np.ndarray


def _centroid_shift_mm(was: _Entry, cb, factor: int, camera) -> float:
    """How far (mm, on the table plane) the centroid of blob ``cb`` lies from that of the
    entry ``was`` (both in reduced px of ``factor``)."""
    (c0, _, _), (c1, _, _) = _centre_axis(was), _centre_axis(cb)
    px = np.array([c0, c1], np.float64) * factor + (factor - 1) / 2.0
    m = camera.image_to_table(px, 0.0)
    return float(np.hypot(*(m[1] - m[0])))


def _centre_axis(blob) -> tuple[np.ndarray, float, float]:
    """Centroid (reduced px), long-axis angle (rad, image) and elongation of a blob's mask."""
    m = cv2.moments(blob.mask, binaryImage=True)
    x, y = blob.bbox[:2]
    c = np.array([m["m10"] / m["m00"] + x, m["m01"] / m["m00"] + y])
    mu20, mu02, mu11 = m["mu20"] / m["m00"], m["mu02"] / m["m00"], m["mu11"] / m["m00"]
    a = 0.5 * math.atan2(2.0 * mu11, mu20 - mu02)
    root = math.sqrt(4.0 * mu11 ** 2 + (mu20 - mu02) ** 2)
    big, small = (mu20 + mu02 + root) / 2.0, (mu20 + mu02 - root) / 2.0
    return c, a, math.sqrt(big / max(small, 1e-9))


def _hist(img: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Per-channel histograms (C, 256) of a uint8 image (h, w[, C]) where ``mask`` (h, w
    uint8) is set."""
    img = np.ascontiguousarray(img)
    ch = 1 if img.ndim == 2 else img.shape[2]
    return np.stack([cv2.calcHist([img], [c], mask, [256], [0, 256]).ravel() for c in range(ch)])


def _order_stat(hist: np.ndarray, k: int) -> int:
    """The ``k``-th smallest (0-based) of the values counted in ``hist`` (256,)."""
    return int(np.searchsorted(np.cumsum(hist), k + 1))


def _median(hist: np.ndarray) -> float:
    """``np.median`` of the values counted in ``hist`` (256,), as it gives for float32."""
    n = int(hist.sum())
    lo, hi = _order_stat(hist, (n - 1) // 2), _order_stat(hist, n // 2)
    return float(np.float32((lo + hi) / 2.0))


def _percentile(hist: np.ndarray, q: float) -> float:
    """``np.percentile(values, q)`` (linear) of the values counted in ``hist`` (256,)."""
    n = int(hist.sum())
    virtual = (n - 1) * (q / 100.0)
    below = math.floor(virtual)
    gamma = virtual - below
    a = _order_stat(hist, min(below, n - 1))
    b = _order_stat(hist, min(below + 1, n - 1))
    return a + (b - a) * gamma if gamma < 0.5 else b - (b - a) * (1.0 - gamma)


@dataclass
class LiveStats:
    """What the last frame cost: ``skipped`` (nothing changed, every detection reused),
    blobs ``reused`` untouched, ``searched`` (re-segmented), pieces ``confirmed`` by one
    refinement, blobs ``frozen`` by a hand, ``changed_px`` (reduced px), ``windowed``:
    blobs were looked for only around the change (the rest of the frame stood still), and
    ``rechecked``: still blobs searched again because their last measurement was doubtful
    (counted on the frame whose search finished), ``pending``: such a search was let run
    for this frame's slice and goes on on the next still frame (:class:`._livejob.SpreadSearch`;
    the detections are the last frame's meanwhile)."""

    skipped: bool = False
    reused: int = 0
    searched: int = 0
    confirmed: int = 0
    frozen: int = 0
    changed_px: int = 0
    windowed: bool = False
    rechecked: int = 0
    pending: bool = False


class _ShiftedCamera:
    """A camera seen through a crop whose top-left corner is ``offset`` px."""

    def __init__(self, camera, offset):
        self.camera, self.offset = camera, np.asarray(offset, np.float64)

    def image_to_table(self, pts_px, height_mm):
        return self.camera.image_to_table(np.asarray(pts_px, np.float64) + self.offset, height_mm)


def identify_in_box(detector, img: np.ndarray, bbox, f: int, part: Detections) -> None:
    """Tags on the ships of ``part`` newly found in a blob, looked for round its box only
    (``bbox``, small px of ``f``; 20 mm more each side): ``detector.roster.identify`` on that
    crop of the frame ``img`` (H, W, 3)."""
    pad = int(20 * detector.px_per_mm) + 4
    x, y, w, h = bbox
    H, W = img.shape[:2]
    x0, y0 = max(x * f - pad, 0), max(y * f - pad, 0)
    x1, y1 = min((x + w) * f + pad, W), min((y + h) * f + pad, H)
    crop = np.ascontiguousarray(img[y0:y1, x0:x1])
    detector.roster.identify(crop, _ShiftedCamera(detector.camera, (x0, y0)), part)
