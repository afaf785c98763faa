"""The video widget: the newest frame scaled to the widget, overlays painted at display size."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
from PyQt6.QtCore import QCoreApplication, QPointF, QRectF, Qt, pyqtSignal
from PyQt6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent
from PyQt6.QtWidgets import QSizePolicy, QWidget

from armada_vision.ui.legend_place import legend_rect
from armada_vision.ui.overlay_layers import OverlayLayers
from armada_vision.ui.overlay_model import Overlay
from armada_vision.ui.painter import draw_legend, legend_size


def shape_boxes(shapes: list[Any]) -> np.ndarray:
    """Bounding boxes (K, 4) ``x0, y0, x1, y1`` in image px of the polygons and polylines
    among ``shapes`` that have points. Each shape's box is kept on it (``box_px``), so a piece
    that did not move is not measured again; the others in one numpy pass over their points."""
    todo = [s for s in shapes if s.box_px is None and s.kind in ("polygon", "polyline")]
    arrays, owner = [], []
    for k, s in enumerate(todo):
        for a in s.parts:
            if len(a):
                arrays.append(np.asarray(a, dtype=np.float64).reshape(-1, 2))
                owner.append(k)
    if arrays:
        pts = np.concatenate(arrays)
        idx = np.repeat(np.asarray(owner), [len(a) for a in arrays])  # shape of each point
        starts = np.flatnonzero(np.r_[True, idx[1:] != idx[:-1]])
        lo, hi = np.minimum.reduceat(pts, starts), np.maximum.reduceat(pts, starts)
        for k, box in zip(idx[starts], np.column_stack([lo, hi])):
            todo[k].box_px = box
    boxes = [s.box_px for s in shapes if s.box_px is not None and s.kind in ("polygon", "polyline")]
    return np.array(boxes, dtype=np.float64).reshape(-1, 4)


def frame_to_qimage(bgr: np.ndarray) -> QImage:
    """A QImage owning a copy of the BGR uint8 (H, W, 3) frame (cv-notes 5.2: wrap, then copy)."""
    arr = np.ascontiguousarray(bgr)
    h, w = arr.shape[:2]
    return QImage(arr.data, w, h, arr.strides[0], QImage.Format.Format_BGR888).copy()  # type: ignore[call-overload]


class VideoView(QWidget):
    """Shows a frame and an overlay; reports mouse presses, drags and releases in image px."""

    pressed = pyqtSignal(float, float, int)  # x_px, y_px, Qt.MouseButton value
    dragged = pyqtSignal(float, float)
    released = pyqtSignal(float, float)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 180)
        self.setMouseTracking(False)
        self.frame: np.ndarray | None = None  # BGR (H, W, 3), full resolution
        self._scaled: tuple[Any, QImage] | None = None  # (key, frame resized to the display)
        self._bgrx: np.ndarray | None = None  # the display-size picture the QImage wraps
        self._bgr: np.ndarray | None = None  # the resize's output, before the 4th byte
        self._layer: tuple[Any, QImage] | None = None  # (key, overlay painted, transparent)
        self._layers = OverlayLayers()
        self.overlay = Overlay()
        self.show_legend = True
        self.legend_rect: tuple[float, float, float, float] | None = None  # widget px, last drawn
        self.message = ""  # shown across the picture, e.g. "camera disconnected"
        self.paint_count = 0

    def set_frame(self, bgr: np.ndarray) -> None:
        self.frame = bgr
        self._scaled = None
        self.update()

    def _display_image(self, w: int, h: int) -> QImage:
        """The frame resized to (w, h) once per frame and size (bilinear: a few ms at 1080p,
        where INTER_AREA at a 1.5x ratio costs ~10x more and QPainter's smooth scaling at
        every paint more still), as 32-bit BGRX: the widget's own pixel format, so drawing it
        is a copy (a 24-bit image was converted at every paint, ~0.8 ms CPU at 720p)."""
        key = (id(self.frame), w, h)
        assert self.frame is not None
        if self._scaled is None or self._scaled[0] != key:
            self._scaled = (key, self._to_display(self.frame, w, h))
        return self._scaled[1]

    def _to_display(self, bgr: np.ndarray, w: int, h: int) -> QImage:
        """``bgr`` (H, W, 3) uint8 resized into this view's (h, w, 4) buffer, wrapped (not
        copied) by a new QImage of format RGB32 (bytes B, G, R, X); the buffer lives as long
        as the view and is rewritten by the next frame, after this one has been painted."""
        if self._bgrx is None or self._bgrx.shape[:2] != (h, w):
            self._bgrx = np.empty((h, w, 4), np.uint8)
            self._bgr = np.empty((h, w, 3), np.uint8)
        src = np.ascontiguousarray(bgr)
        if src.ndim == 2:
            src = cv2.cvtColor(src, cv2.COLOR_GRAY2BGR)
        if src.shape[:2] != (h, w):
            src = cv2.resize(src, (w, h), dst=self._bgr, interpolation=cv2.INTER_LINEAR)
        cv2.cvtColor(src, cv2.COLOR_BGR2BGRA, dst=self._bgrx)
        return QImage(self._bgrx.data, w, h, self._bgrx.strides[0], QImage.Format.Format_RGB32)  # type: ignore[call-overload]

    def set_overlay(self, overlay: Overlay) -> None:
        if overlay is not self.overlay:
            self.overlay = overlay
            self._layer = None
        self.update()

    def _overlay_layer(self, scale: float, dx: float, dy: float) -> QImage:
        """Overlay and legend painted once into a transparent image of the widget's size and
        reused until the overlay, the size or the legend toggle changes; pieces that did not
        change since the last overlay are not painted again (``OverlayLayers``)."""
        key = (id(self.overlay), self.width(), self.height(), self.show_legend)
        if self._layer is None or self._layer[0] != key:
            def legend(p: QPainter) -> None:
                last, self.legend_rect = self.legend_rect, None
                if self.show_legend and self.overlay.legend:
                    self.legend_rect = self._legend_rect(p, scale, dx, dy, last)
                    draw_legend(p, self.overlay.legend, self.legend_rect[0], self.legend_rect[1])

            layer = self._layers.paint(self.overlay, self.width(), self.height(), scale, dx, dy, legend)
            self._layer = (key, layer)
        return self._layer[1]

    def _legend_rect(self, p: QPainter, scale: float, dx: float, dy: float,
                     last: tuple[float, float, float, float] | None) -> tuple[float, float, float, float]:
        """Where the legend covers no calibration marker (``legend_place``)."""
        assert self.frame is not None
        ih, iw = self.frame.shape[:2]
        area = self.overlay.play_area_px
        area_w = None if area is None else np.asarray(area) * scale + (dx, dy)
        boxes = shape_boxes(self.overlay.shapes) * scale + (dx, dy, dx, dy)
        boxes[:, 2:] -= boxes[:, :2]  # x, y, w, h
        busy = boxes[boxes[:, 2] * boxes[:, 3] < 0.1 * iw * ih * scale * scale]  # pieces, not arcs
        return legend_rect(legend_size(p, self.overlay.legend), (self.width(), self.height()),
                           (dx, dy, iw * scale, ih * scale), area_w, busy, last)

    def mapping(self) -> tuple[float, float, float]:
        """(scale, dx, dy) taking image px to widget px, keeping the aspect ratio."""
        if self.frame is None:
            return 1.0, 0.0, 0.0
        ih, iw = self.frame.shape[:2]
        scale = min(self.width() / iw, self.height() / ih)
        return scale, (self.width() - iw * scale) / 2.0, (self.height() - ih * scale) / 2.0

    def to_image(self, x: float, y: float) -> tuple[float, float]:
        scale, dx, dy = self.mapping()
        return (x - dx) / scale, (y - dy) / scale

    def paintEvent(self, event: QPaintEvent | None) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        try:  # always end the painter: an active painter on a destroyed widget crashes Qt
            self._paint(p)
        finally:
            p.end()
        self.paint_count += 1

    def _paint(self, p: QPainter) -> None:
        p.fillRect(self.rect(), QColor(20, 20, 24))
        if self.frame is not None:
            scale, dx, dy = self.mapping()
            ih, iw = self.frame.shape[:2]
            w, h = max(1, round(iw * scale)), max(1, round(ih * scale))
            p.drawImage(QPointF(dx, dy), self._display_image(w, h))
            p.drawImage(0, 0, self._overlay_layer(scale, dx, dy))
        if self.message or self.frame is None:
            text = self.message or QCoreApplication.translate("VideoView", "Waiting for the camera...")
            p.setPen(QColor(255, 220, 120))
            f = p.font()
            f.setPointSizeF(f.pointSizeF() * 1.4)
            p.setFont(f)
            p.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, text)

    def _img_pos(self, event: QMouseEvent | None) -> tuple[float, float]:
        assert event is not None
        pos: QPointF = event.position()
        return self.to_image(pos.x(), pos.y())

    def mousePressEvent(self, event: QMouseEvent | None) -> None:  # noqa: N802 - Qt API
        x, y = self._img_pos(event)
        assert event is not None
        self.pressed.emit(x, y, event.button().value)

    def mouseMoveEvent(self, event: QMouseEvent | None) -> None:  # noqa: N802 - Qt API
        if event is not None and event.buttons() & Qt.MouseButton.LeftButton:
            self.dragged.emit(*self._img_pos(event))

    def mouseReleaseEvent(self, event: QMouseEvent | None) -> None:  # noqa: N802 - Qt API
        self.released.emit(*self._img_pos(event))
