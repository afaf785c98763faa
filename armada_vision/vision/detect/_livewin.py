"""Where the live path (:mod:`._live`) looks for blobs: windows round the changed pixels of a
reduced frame, grown over the earlier blobs the changes touch (small px boxes); and the
reference the next frame is compared with (:func:`next_reference`)."""

from __future__ import annotations

import cv2
import numpy as np

from armada_vision.geometry._boxes import merge_overlapping_boxes

from ._livebox import _corners, _corners_of, _pad
from ._liveplan import _footprints_mask

# Blobs are looked for only in a window around the changed pixels, this much wider (reduced
# px; more than the coarse pass's clearance, so a still blob just outside is not cut), and
# the whole frame when that window would exceed this fraction of it.
WINDOW_PAD_PX = 16
WINDOW_MAX_FRACTION = 0.5
# Changed pixels are grouped on cells this wide (reduced px): those within about
# 2 * WINDOW_PAD_PX of each other (up to one cell more) are one group.
GROUP_CELL_PX = 4
# Reference kept around a reused blob (reduced px): a neighbour moving in shows as a change
# (and a change this close to an earlier blob touches it).
REF_PAD_PX = 3


def find_windows(changed: np.ndarray, entries: list, extra: list | tuple = ()) -> list | None:
    """Where to look for blobs (small px boxes), or ``None`` for the whole frame, given the
    change map ``changed`` (small px bool) and the earlier blobs ``entries`` (``_Entry``): the
    changed pixels in groups (those within ``2 * WINDOW_PAD_PX`` of each other, on cells
    of ``GROUP_CELL_PX``), each
    group's box grown by ``WINDOW_PAD_PX`` and over the entries its changed pixels touch
    (where the moved piece was), boxes that meet merged; ``extra`` boxes (changed blobs
    found at a window's side, the last frame's hands, blobs measured by a hand) are taken
    in as groups of their own. A still neighbour a window cuts is left out by
    :meth:`Detector.prepare` (its pieces stand), so a window does not grow from neighbour
    to neighbour over a full table. ``None`` when together they exceed
    ``WINDOW_MAX_FRACTION`` of the frame."""
    # Grouped on cells of GROUP_CELL_PX (the changed pixels are few; a dilation and
    # labelling of the whole map cost ~1.5 ms a frame).
    pts = cv2.findNonZero(np.ascontiguousarray(changed).view(np.uint8))
    pts = np.zeros((0, 2), np.int32) if pts is None else pts.reshape(-1, 2)
    xs, ys = pts[:, 0], pts[:, 1]
    c = GROUP_CELL_PX
    cells = np.zeros((-(-changed.shape[0] // c), -(-changed.shape[1] // c)), np.uint8)
    cells[ys // c, xs // c] = 1
    k = 2 * (-(-WINDOW_PAD_PX // c)) + 1
    _, labels = cv2.connectedComponents(cv2.dilate(cells, np.ones((k, k), np.uint8)),
                                        connectivity=8)
    lab = labels[ys // c, xs // c]
    H, W = changed.shape
    # Each group's changed pixels' box (x0, y0, x1, y1), by label, and the extra boxes.
    cores = _group_boxes(xs, ys, lab) + [_corners_of(b) for b in extra]
    # Corners (x0, y0, x1, y1): each entry's box grown by REF_PAD_PX (what touching it
    # means) and by WINDOW_PAD_PX (what a window takes in of it).
    touch = _corners(entries, REF_PAD_PX, changed.shape)
    take = _corners(entries, WINDOW_PAD_PX, changed.shape)
    wins = []
    for x0, y0, x1, y1 in cores:
        box = (max(x0 - WINDOW_PAD_PX, 0), max(y0 - WINDOW_PAD_PX, 0),
               min(x1 + WINDOW_PAD_PX, W), min(y1 + WINDOW_PAD_PX, H))
        hit = ((touch[:, 0] < x1) & (x0 < touch[:, 2]) & (touch[:, 1] < y1)
               & (y0 < touch[:, 3]))
        if hit.any():
            t = take[hit]
            box = (min(box[0], int(t[:, 0].min())), min(box[1], int(t[:, 1].min())),
                   max(box[2], int(t[:, 2].max())), max(box[3], int(t[:, 3].max())))
        wins.append(box)
    wins = merge_overlapping_boxes(wins)
    out = [(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in wins]
    return out if sum(w * h for _, _, w, h in out) <= WINDOW_MAX_FRACTION * H * W else None


def _group_boxes(xs: np.ndarray, ys: np.ndarray, lab: np.ndarray) -> list[tuple]:
    """The box (x0, y0, x1, y1) of the points ``(xs, ys)`` of each label in ``lab`` (one
    label a point), by label ascending. Sorted by label and reduced over each run: on a
    hand's ~10^4 changed pixels ``np.minimum.at`` and the like cost ~0.45 ms each, 1.8 ms a
    call of :func:`find_windows` (this: ~0.05 ms)."""
    if not len(lab):
        return []
    order = np.argsort(lab, kind="stable")
    sl, sx, sy = lab[order], xs[order], ys[order]
    starts = np.flatnonzero(np.concatenate(([True], sl[1:] != sl[:-1])))
    x0, y0 = np.minimum.reduceat(sx, starts), np.minimum.reduceat(sy, starts)
    x1, y1 = np.maximum.reduceat(sx, starts) + 1, np.maximum.reduceat(sy, starts) + 1
    return [(int(a), int(b), int(c), int(d)) for a, b, c, d in zip(x0, y0, x1, y1)]


def next_reference(small: np.ndarray, ref: np.ndarray | None, kept: list, fresh: list,
                   standing: list, weak: list, factor: int, camera, catalog) -> np.ndarray:
    """The reduced frame the next one is compared with, after ``small`` (H, W, 3 small px of
    ``factor``) was measured against ``ref`` (``None``: the first frame; it is ``small``).
    ``kept``: entries (``_Entry``) reused or frozen, whose reference stays over their box and
    ``REF_PAD_PX`` round it; ``fresh``: those measured on this frame, which take it as their
    reference on their own pixels; ``standing``: those whose pieces stand unmeasured
    (``BlobPlan.stands``), whose outlines keep their reference (a creep below the change
    threshold adds up); ``weak``: coarse blobs that are hands by their size and the border
    alone, which take this frame over their box and 2 px round it."""
    new = small.copy()
    if ref is None:
        return new
    for e in kept:
        x, y, w, h = _pad(e.bbox, REF_PAD_PX, new.shape)
        new[y:y + h, x:x + w] = ref[y:y + h, x:x + w]
    for e in fresh if kept else ():
        # A blob measured on this frame takes it as its reference, also where a kept
        # neighbour's margin reaches it (else what moved there changed on every frame).
        x, y, w, h = e.bbox
        on = e.mask > 0
        new[y:y + h, x:x + w][on] = small[y:y + h, x:x + w][on]
    if standing:
        old = _footprints_mask(standing, new.shape[:2], factor, camera, catalog)
        new[old] = ref[old]
    for cb in weak:
        # A weak hand (by its size and the border alone) takes this frame as its reference
        # over the box ``LiveDetector._judged`` looks at, also where a kept neighbour's margin
        # or pixels reach it: else a false one (a ship on the mat's edge) changed there on
        # every frame (a still squadron beside it under its shadow) and was searched again on
        # each (~50-70 ms). A real hand moves on, and once it is gone the frame is compared
        # with the one before it came (``LiveDetector._since_hand``).
        x, y, w, h = _pad(cb.bbox, 2, new.shape)
        new[y:y + h, x:x + w] = small[y:y + h, x:x + w]
    return new
