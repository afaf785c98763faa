"""The video widget: the newest frame scaled to the widget, overlays painted at display size."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from PyQt6.QtCore import QCoreApplication, QPointF, QRectF, Qt, pyqtSignal
from PyQt6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent
from PyQt6.QtWidgets import QSizePolicy, QWidget

from armada_vision.ui.capture import display_picture
from armada_vision.ui.legend_paint import (
    draw_legend,
    legend_size,
    legend_tab_size,
    paint_legend_tab,
)
from armada_vision.ui.legend_place import place_legend
from armada_vision.ui.overlay_layers import OverlayLayers
from armada_vision.ui.overlay_model import Overlay


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


BACKGROUND = QColor(20, 20, 24)  # around the picture


def _fill_around(p: QPainter, width: int, height: int, x: float, y: float, w: int, h: int) -> None:
    """The background around a w x h picture at (x, y) in a width x height widget: the
    letterbox bands only (the picture covers the rest; filling it too cost a full-size
    fill at every paint). The bands reach a pixel into the picture, so no column is left."""
    x0, y0 = math.ceil(x), math.ceil(y)
    x1, y1 = math.floor(x + w), math.floor(y + h)
    for rx, ry, rw, rh in ((0, 0, width, y0), (0, y1, width, height - y1),
                           (0, y0, x0, y1 - y0), (x1, y0, width - x1, y1 - y0)):
        if rw > 0 and rh > 0:
            p.fillRect(rx, ry, rw, rh, BACKGROUND)


NOTE_TEXT = QColor(255, 220, 120)
NOTE_BACK = QColor(0, 0, 0, 170)


def _draw_note(p: QPainter, text: str, x: float, y: float) -> None:
    """``text`` on a dark box whose top left is (x, y) widget px."""
    metrics = p.fontMetrics()
    box = QRectF(x, y, metrics.horizontalAdvance(text) + 12, metrics.height() + 6)
    p.fillRect(box, NOTE_BACK)
    p.setPen(NOTE_TEXT)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class VideoView(QWidget):
    """Shows a frame and an overlay; reports mouse presses, drags and releases in image px."""

    pressed = pyqtSignal(float, float, int)  # x_px, y_px, Qt.MouseButton value
    dragged = pyqtSignal(float, float)
    released = pyqtSignal(float, float)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 180)
        self.setMouseTracking(True)   # pointing at the folded legend opens it
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)  # every pixel is painted
        self.frame: np.ndarray | None = None  # BGR (H, W, 3), full resolution
        self.display: np.ndarray | None = None  # the frame at display size, when given
        self._scaled: tuple[Any, QImage] | None = None  # (key, frame resized to the display)
        self._bgrx: np.ndarray | None = None  # the display-size picture the view made itself
        self._work: dict[str, np.ndarray] = {}  # and display_picture's buffer for it
        self._layer: tuple[Any, QImage] | None = None  # (key, overlay painted, transparent)
        self._layers = OverlayLayers()
        self.overlay = Overlay()
        self.show_legend = True
        self.legend_rect: tuple[float, float, float, float] | None = None  # widget px, last drawn
        # Where every place for the legend would cover a piece, it is folded to a small tab
        # (``legend_folded``) that opens while the mouse points at it (``legend_open``).
        self.legend_folded = False
        self.legend_open = False
        self._tab_last: tuple[float, float, float, float] | None = None
        self.message = ""  # shown across the picture, e.g. "camera disconnected"
        self.lag_note = ""  # shown in the picture's top left, e.g. "Overlays 2.1 s behind the video"
        self.paint_count = 0

    def set_frame(self, bgr: np.ndarray, display: np.ndarray | None = None) -> None:
        """Show ``bgr`` (H, W, 3) uint8; ``display``: the same picture already resized to
        :meth:`picture_size` as (h, w, 4) B, G, R, X bytes (``capture.display_picture``, made
        on the capture thread), used as it is when its size is still the one drawn."""
        self.frame = bgr
        self.display = display
        self._scaled = None
        self.update()

    def picture_size(self, shape: tuple[int, ...] | None = None) -> tuple[int, int] | None:
        """(w, h) px at which a frame of ``shape`` (default: the current frame's) is drawn
        in this view, keeping its aspect ratio; None without a frame."""
        if shape is None:
            if self.frame is None:
                return None
            shape = self.frame.shape
        ih, iw = shape[:2]
        scale = min(self.width() / iw, self.height() / ih)
        return max(1, round(iw * scale)), max(1, round(ih * scale))

    def _display_image(self, w: int, h: int) -> QImage:
        """The frame at (w, h) as a QImage of format RGB32 wrapping (not copying) a B, G, R,
        X buffer: the widget's own pixel format, so drawing it is a copy. The capture
        thread's ``display`` picture when it has that size, else the frame resized here once
        per frame and size (``display_picture``) into this view's buffer, which the next
        frame rewrites after this one has been painted."""
        key = (id(self.frame), id(self.display), w, h)
        assert self.frame is not None
        if self._scaled is None or self._scaled[0] != key:
            pic = self.display
            if pic is None or pic.shape != (h, w, 4) or pic.dtype != np.uint8 or \
                    not pic.flags.c_contiguous:
                pic = self._bgrx = display_picture(self.frame, (w, h), self._bgrx, self._work)
            img = QImage(pic.data, w, h, pic.strides[0], QImage.Format.Format_RGB32)  # type: ignore[call-overload]
            self._scaled = (key, img)
        return self._scaled[1]

    def set_overlay(self, overlay: Overlay) -> None:
        if overlay is not self.overlay:
            self.overlay = overlay
            self._layer = None
        self.update()

    def _overlay_layer(self, scale: float, dx: float, dy: float) -> QImage:
        """Overlay and legend painted once into a transparent image of the widget's size and
        reused until the overlay, the size or the legend toggle changes; pieces that did not
        change since the last overlay are not painted again (``OverlayLayers``)."""
        key = (id(self.overlay), self.width(), self.height(), self.show_legend, self.legend_open)
        if self._layer is None or self._layer[0] != key:
            def legend(p: QPainter) -> None:
                last, self.legend_rect = self.legend_rect, None
                if self.show_legend and self.overlay.legend:
                    self.legend_rect = rect = self._place_legend(p, scale, dx, dy, last)
                    if self.legend_folded and not self.legend_open:
                        paint_legend_tab(p, rect[0], rect[1])
                    else:
                        draw_legend(p, self.overlay.legend, rect[0], rect[1])

            layer = self._layers.paint(self.overlay, self.width(), self.height(), scale, dx, dy, legend)
            self._layer = (key, layer)
        return self._layer[1]

    def _place_legend(self, p: QPainter, scale: float, dx: float, dy: float,
                      last: tuple[float, float, float, float] | None
                      ) -> tuple[float, float, float, float]:
        """Where the legend covers no calibration marker and the fewest pieces
        (``legend_place``). Where it would cover a piece, the tab's place is returned
        instead (``legend_folded``), or, while the mouse points at the tab, the whole legend
        opened from the tab's corner."""
        assert self.frame is not None
        ih, iw = self.frame.shape[:2]
        area = self.overlay.play_area_px
        area_w = None if area is None else np.asarray(area) * scale + (dx, dy)
        boxes = shape_boxes(self.overlay.shapes) * scale + (dx, dy, dx, dy)
        boxes[:, 2:] -= boxes[:, :2]  # x, y, w, h
        busy = boxes[boxes[:, 2] * boxes[:, 3] < 0.1 * iw * ih * scale * scale]  # pieces, not arcs
        widget, picture = (self.width(), self.height()), (dx, dy, iw * scale, ih * scale)
        size = legend_size(p, self.overlay.legend)
        if self.legend_open and self.legend_folded and self._tab_last is not None:
            tx, ty = self._tab_last[:2]
            return (max(0.0, min(tx, widget[0] - size[0])), max(0.0, min(ty, widget[1] - size[1])),
                    *size)
        rect, covered = place_legend(size, widget, picture, area_w, busy,
                                     None if self.legend_folded else last)
        self.legend_folded = covered > 0
        if not self.legend_folded:
            return rect
        self._tab_last = place_legend(legend_tab_size(p), widget, picture, area_w, busy,
                                      self._tab_last)[0]
        return self._tab_last

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
        if self.frame is None:
            p.fillRect(self.rect(), BACKGROUND)
        else:
            scale, dx, dy = self.mapping()
            size = self.picture_size()
            assert size is not None
            _fill_around(p, self.width(), self.height(), dx, dy, *size)
            p.drawImage(QPointF(dx, dy), self._display_image(*size))
            p.drawImage(0, 0, self._overlay_layer(scale, dx, dy))
            if self.lag_note:
                _draw_note(p, self.lag_note, dx + 6, dy + 6)
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
        elif event is not None:
            self._point_at(event.position().x(), event.position().y())

    def leaveEvent(self, event: Any) -> None:  # noqa: N802 - Qt API
        self._point_at(-1.0, -1.0)
        super().leaveEvent(event)

    def _point_at(self, x: float, y: float) -> None:
        """Open the folded legend while the mouse (widget px) is over it; fold it again when
        the mouse leaves it."""
        r = self.legend_rect
        inside = r is not None and r[0] <= x <= r[0] + r[2] and r[1] <= y <= r[1] + r[3]
        want = bool(self.legend_folded and inside)
        if want != self.legend_open:
            self.legend_open = want
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent | None) -> None:  # noqa: N802 - Qt API
        self.released.emit(*self._img_pos(event))
