"""The overlay painted in three transparent layers, so a moving piece repaints only itself.

When one piece moves (or the selected ship with its arc and lines of sight), every other
piece's shapes come back from the overlay model's ``ShapeCache`` as the same objects. The
pieces that are the same objects as in the last two overlays are painted into their own
image, kept while they stay the same (and patched when a few come or go: ``_Layer``); the arc and range bands go below them and the rest (pieces
that changed, lines of sight, the maneuver preview, labels, the legend) above them. The
three are composed into one image, so painting a frame still blends one image. Pieces do
not overlap, so only the order between those groups shows, and it is the painter's order
(``painter.LAYER_Z``): arc and bands, then pieces, then lines of sight and labels.

The arc and range bands are new shapes at every overlay (they are not cached per piece), but
they depend only on the selected ship's pose: their painted image is kept while every point
lies within ``UNDER_TOLERANCE_PX`` display pixels of where it was painted (another piece
moved, the detector's sub-pixel jitter on a still ship, or a ship moving slowly: the big
translucent fills cost ~1.6 ms to rasterise at 1280x720).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from PyQt6.QtCore import QRect, Qt
from PyQt6.QtGui import QImage, QPainter

from armada_vision.geometry._boxes import merge_overlapping_boxes
from armada_vision.ui.overlay_model import Overlay, Shape
from armada_vision.ui.painter import paint_overlay

UNDER = frozenset({"range_bands", "arc"})
UNDER_TOLERANCE_PX = 1.0  # display px an arc or band may be off before it is painted again
PIECES = frozenset({"bases", "hull_zones", "targeting_points", "squadron_rings"})


def split_shapes(shapes: list[Shape], last: list[Shape]) -> tuple[list[Shape], list[Shape], list[Shape]]:
    """(under, still pieces, over): the arc and bands; piece shapes that are the very objects
    of ``last`` (the previous overlay's shapes); everything else, in their order."""
    seen = {id(s) for s in last}
    under: list[Shape] = []
    still: list[Shape] = []
    over: list[Shape] = []
    for s in shapes:
        if s.layer in UNDER:
            under.append(s)
        elif s.layer in PIECES and id(s) in seen:
            still.append(s)
        else:
            over.append(s)
    return under, still, over


def _farthest_px(a: np.ndarray, b: np.ndarray, closed: bool) -> float:
    """How far (px) the farthest point of ``a`` (N, 2) lies from the line through ``b`` (M, 2)
    (a ring when ``closed``): the largest distance from a vertex of ``a`` to the nearest
    segment of ``b``."""
    if len(b) == 1:
        return float(np.max(np.hypot(*(a - b[0]).T)))
    s0 = b if closed else b[:-1]
    d = (np.roll(b, -1, axis=0) if closed else b[1:]) - s0  # (M, 2) segments
    rx = a[:, :1] - s0[:, 0]                                 # (N, M) from segment starts
    ry = a[:, 1:] - s0[:, 1]
    t = np.clip((rx * d[:, 0] + ry * d[:, 1]) / np.maximum(d[:, 0] ** 2 + d[:, 1] ** 2, 1e-12),
                0.0, 1.0)
    rx -= t * d[:, 0]
    ry -= t * d[:, 1]
    return float(np.sqrt(np.max(np.min(rx * rx + ry * ry, axis=1))))


def _same_line(pa: np.ndarray, pb: np.ndarray, closed: bool, tol_px: float) -> bool:
    """Each of two rings or lines within ``tol_px`` of the other (see :func:`same_look`)."""
    if len(pa) == 0 or len(pb) == 0:
        return len(pa) == len(pb)
    lo_a, hi_a, lo_b, hi_b = pa.min(axis=0), pa.max(axis=0), pb.min(axis=0), pb.max(axis=0)
    if np.max(np.abs(lo_a - lo_b)) > tol_px or np.max(np.abs(hi_a - hi_b)) > tol_px:
        return False  # the bounding boxes alone tell (a ship that moved)
    if pa.shape == pb.shape and np.max(np.abs(pa - pb)) <= tol_px:
        return True   # vertex by vertex
    return _farthest_px(pa, pb, closed) <= tol_px and _farthest_px(pb, pa, closed) <= tol_px


def same_look(a: Shape, b: Shape, tol_px: float) -> bool:
    """Whether ``b`` painted in place of ``a`` looks the same within ``tol_px`` (image px):
    the same kind, style, emphasis and label, as many rings or lines, and each ring or line
    of one within ``tol_px`` of the other's, both ways (every vertex of each lies that close
    to the other's outline: a band clipped at the table's edge gains and loses vertices as
    its ship moves). The very same object always does."""
    if a is b:
        return True
    if (a.kind, a.style, a.emphasis, a.label, len(a.parts)) != \
            (b.kind, b.style, b.emphasis, b.label, len(b.parts)):
        return False
    closed = a.kind == "polygon"
    return all(_same_line(np.asarray(pa, dtype=np.float64).reshape(-1, 2),
                          np.asarray(pb, dtype=np.float64).reshape(-1, 2), closed, tol_px)
               for pa, pb in zip(a.parts, b.parts))


PAD_PX = 12.0  # around the shapes' points: the widest pen (3 px x 1.6), a dot's radius, antialiasing


def painted_rect(shapes: list[Shape], scale: float, dx: float, dy: float, w: int, h: int) -> QRect | None:
    """The widget-px rectangle (clipped to w x h) that painting ``shapes`` may touch: their
    points' box mapped by ``scale``, ``(dx, dy)``, ``PAD_PX`` around it; None without a finite
    point. Text is not covered (labels are never in a kept layer)."""
    arrays = [np.asarray(a, dtype=np.float64).reshape(-1, 2) for s in shapes for a in s.parts]
    arrays = [a for a in arrays if len(a)]
    if not arrays:
        return None
    m = np.concatenate(arrays)
    m = m[np.isfinite(m).all(axis=1)]
    if not len(m):
        return None
    lo, hi = m.min(axis=0) * scale + (dx, dy) - PAD_PX, m.max(axis=0) * scale + (dx, dy) + PAD_PX
    x0, y0 = max(0, int(np.floor(lo[0]))), max(0, int(np.floor(lo[1])))
    x1, y1 = min(w, int(np.ceil(hi[0]))), min(h, int(np.ceil(hi[1])))
    return QRect(x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def shape_rects(shapes: list[Shape], scale: float, dx: float, dy: float) -> np.ndarray:
    """(K, 4) ``x0, y0, x1, y1`` widget px that painting each of ``shapes`` may touch: its
    finite points' box mapped by ``scale``, ``(dx, dy)``, ``PAD_PX`` around it (as
    :func:`painted_rect`); a row of NaN for a shape without a finite point (it paints
    nothing). Text is not covered. One numpy pass over all the points."""
    out = np.full((len(shapes), 4), np.nan)
    arrays, owner = [], []
    for k, s in enumerate(shapes):
        for a in s.parts:
            if len(a):
                arrays.append(np.asarray(a, dtype=np.float64).reshape(-1, 2))
                owner.append(k)
    if not arrays:
        return out
    m = np.concatenate(arrays)
    idx = np.repeat(np.asarray(owner), [len(a) for a in arrays])
    finite = np.isfinite(m).all(axis=1)
    m, idx = m[finite], idx[finite]
    if not len(m):
        return out
    starts = np.flatnonzero(np.r_[True, idx[1:] != idx[:-1]])
    lo, hi = np.minimum.reduceat(m, starts), np.maximum.reduceat(m, starts)
    out[idx[starts]] = np.column_stack([lo * scale + (dx, dy) - PAD_PX, hi * scale + (dx, dy) + PAD_PX])
    return out


def _merged(rects: np.ndarray, w: int, h: int) -> list[tuple[int, int, int, int]]:
    """``rects`` (K, 4) ``x0, y0, x1, y1`` (NaN rows skipped) as whole-pixel boxes clipped to
    w x h, those that overlap merged into their common bounding box until none overlap."""
    boxes = []
    for x0, y0, x1, y1 in rects[np.isfinite(rects).all(axis=1)]:
        b = (max(0, int(np.floor(x0))), max(0, int(np.floor(y0))),
             min(w, int(np.ceil(x1))), min(h, int(np.ceil(y1))))
        if b[2] > b[0] and b[3] > b[1]:
            boxes.append(b)
    return merge_overlapping_boxes(boxes)


PATCH_MAX_SHARE = 0.25  # a kept layer is patched while what changed covers at most this share


class _Layer:
    """One transparent image and the shapes and mapping it was painted with. ``tol_px``
    (display px): shapes whose points all lie that close to the painted ones are taken as the
    same (0: only the very same objects). When it is painted again, only the rectangle the
    last shapes were painted in is cleared (the whole image cost ~0.3 ms to clear at 720p).

    A layer of the very same objects (``tol_px`` 0: the still pieces) is patched instead when
    only some shapes came or went (a piece came to rest, or started to move, or the detector
    moved one a little): the boxes those shapes are painted in are cleared and every shape
    reaching into them painted again, in the order of a full repaint (``painter._runs``), and
    only those boxes copied into the image, so the picture is the same. Repainting the whole layer for one piece cost ~3-5 ms at 720p
    (load 11) and happened on most frames of a ship moving in the bench's worst case."""

    def __init__(self, tol_px: float = 0.0) -> None:
        self.tol_px = tol_px
        self.shapes: list[Shape] = []
        self.key: Any = None
        self.image: QImage | None = None
        self.rect: QRect | None = None  # where the painted shapes are (widget px)
        self.boxes: dict[int, np.ndarray] = {}  # id(shape) -> its shape_rects row (patching)
        self.patches = 0  # times patched instead of painted again (tests, bench)
        self._scratch: QImage | None = None  # where a patch's shapes are painted whole

    def _patch(self, shapes: list[Shape], w: int, h: int, scale: float, dx: float, dy: float) -> bool:
        """Patch the image from ``self.shapes`` to ``shapes`` (see the class); False when
        that is not worth it or not safe (text, a big change) and it must be painted again."""
        old = {id(s) for s in self.shapes}
        new = {id(s) for s in shapes}
        gone = [s for s in self.shapes if id(s) not in new]
        came = [s for s in shapes if id(s) not in old]
        if any(s.kind == "text" for s in gone + came):
            return False
        fresh = shape_rects(came, scale, dx, dy)
        boxes = {k: v for k, v in self.boxes.items() if k in new}
        boxes.update((id(s), r) for s, r in zip(came, fresh))
        dirty = _merged(np.array([self.boxes[id(s)] for s in gone] + list(fresh), dtype=np.float64)
                        .reshape(-1, 4), w, h)
        if sum((b[2] - b[0]) * (b[3] - b[1]) for b in dirty) > PATCH_MAX_SHARE * w * h:
            return False
        assert self.image is not None
        rows = np.array([boxes[id(s)] for s in shapes], dtype=np.float64).reshape(-1, 4)
        scratch = self._scratch = _blank(w, h, self._scratch) if self._scratch is None or \
            (self._scratch.width(), self._scratch.height()) != (w, h) else self._scratch
        p = QPainter(self.image)
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        try:
            for x0, y0, x1, y1 in dirty:
                box = QRect(x0, y0, x1 - x0, y1 - y0)
                reach = (rows[:, 0] < x1) & (rows[:, 2] > x0) & (rows[:, 1] < y1) & (rows[:, 3] > y0)
                if not reach.any():
                    p.fillRect(box, Qt.GlobalColor.transparent)
                    continue
                # painted whole into the clear scratch image, then the box copied: painting
                # through a clip rectangle gave 1-2 levels off along its edge (Qt's
                # antialiasing), painting whole gives the full repaint's pixels
                hit = rows[reach]
                area = (max(0, int(np.floor(min(x0, hit[:, 0].min())))),
                        max(0, int(np.floor(min(y0, hit[:, 1].min())))),
                        min(w, int(np.ceil(max(x1, hit[:, 2].max())))),
                        min(h, int(np.ceil(max(y1, hit[:, 3].max())))))
                q = QPainter(scratch)
                try:
                    q.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
                    q.fillRect(QRect(area[0], area[1], area[2] - area[0], area[3] - area[1]),
                               Qt.GlobalColor.transparent)
                    q.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
                    paint_overlay(q, Overlay([s for s, r in zip(shapes, reach) if r]), scale, dx, dy, True)
                finally:
                    q.end()
                p.drawImage(box.topLeft(), scratch, box)
        finally:
            p.end()
        self.shapes, self.boxes = list(shapes), boxes
        for x0, y0, x1, y1 in dirty:
            box = QRect(x0, y0, x1 - x0, y1 - y0)
            self.rect = box if self.rect is None else self.rect.united(box)
        self.patches += 1
        return True

    def get(self, shapes: list[Shape], key: Any, w: int, h: int, scale: float, dx: float,
            dy: float) -> QImage | None:
        """The image of ``shapes`` (None when there are none), repainted only when the shapes
        do not look the same as the painted ones (:func:`same_look`) or ``key`` (size,
        mapping) changed."""
        if not shapes:
            return None
        tol = self.tol_px / scale if scale > 0 else 0.0
        same = key == self.key and len(shapes) == len(self.shapes) and all(
            a is b if tol <= 0.0 else same_look(b, a, tol) for a, b in zip(shapes, self.shapes))
        if not same and self.tol_px <= 0.0 and self.image is not None and key == self.key and \
                (self.image.width(), self.image.height()) == (w, h) and \
                self._patch(shapes, w, h, scale, dx, dy):
            return self.image
        if not same or self.image is None:
            fresh = self.image is None or key != self.key or \
                (self.image.width(), self.image.height()) != (w, h)
            if fresh:
                self.image = _blank(w, h, self.image)
            assert self.image is not None
            p = QPainter(self.image)
            try:
                if not fresh and self.rect is not None:
                    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
                    p.fillRect(self.rect, Qt.GlobalColor.transparent)
                    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
                paint_overlay(p, Overlay(list(shapes)), scale, dx, dy, True)  # clear
            finally:
                p.end()
            self.shapes, self.key = list(shapes), key
            self.rect = painted_rect(self.shapes, scale, dx, dy, w, h)
            if self.tol_px <= 0.0:
                self.boxes = dict(zip(map(id, self.shapes), shape_rects(self.shapes, scale, dx, dy)))
        return self.image


def _blank(w: int, h: int, reuse: QImage | None = None) -> QImage:
    img = reuse if reuse is not None and (reuse.width(), reuse.height()) == (w, h) else \
        QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(0)
    return img


class OverlayLayers:
    """Paints overlays for a widget of one size, reusing what did not change since the last.

    A piece joins the still layer when its shapes are the same objects in two overlays
    running: a ship moved slowly is reported at a new pose every other frame or so (the
    tracker keeps a pose until it has moved enough), and joining at the first repeat patched
    it into the still layer and out again at every step, ~1 ms each (bench worst case, load
    11); painting its few shapes over the layer one more time costs a fraction of that."""

    def __init__(self) -> None:
        self._last: list[Shape] = []  # the last overlay's shapes (kept: compared by identity)
        self._steady: list[Shape] = []  # those of them also in the overlay before
        self._under, self._still = _Layer(UNDER_TOLERANCE_PX), _Layer()
        self._out: QImage | None = None

    def paint(self, overlay: Overlay, w: int, h: int, scale: float, dx: float, dy: float,
              extra: Callable[[QPainter], None] | None = None) -> QImage:
        """``overlay`` painted into one transparent (w, h) image, image px -> widget px being
        ``px * scale + (dx, dy)``; ``extra(painter)`` paints on top (the legend)."""
        under, still, over = split_shapes(overlay.shapes, self._steady)
        before = {id(s) for s in self._last}
        self._steady = [s for s in overlay.shapes if id(s) in before]
        self._last = list(overlay.shapes)
        key = (w, h, scale, dx, dy)
        below = [img for img in (self._under.get(under, key, w, h, scale, dx, dy),
                                 self._still.get(still, key, w, h, scale, dx, dy)) if img is not None]
        if below:  # the first layer is copied over the last picture: no clearing, no blending
            out = self._out = self._out if self._out is not None and \
                (self._out.width(), self._out.height()) == (w, h) else \
                QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
        else:
            out = self._out = _blank(w, h, self._out)
        p = QPainter(out)
        try:
            for i, img in enumerate(below):
                if i == 0:
                    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
                p.drawImage(0, 0, img)
                if i == 0:
                    p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            paint_overlay(p, Overlay(over), scale, dx, dy)
            if extra is not None:
                extra(p)
        finally:
            p.end()
        return out
