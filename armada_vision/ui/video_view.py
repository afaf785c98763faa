"""The video widget: the newest frame scaled to the widget, overlays painted at display size."""

from __future__ import annotations

import numpy as np
from PyQt6.QtCore import QCoreApplication, QPointF, QRectF, Qt, pyqtSignal
from PyQt6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent
from PyQt6.QtWidgets import QSizePolicy, QWidget

from armada_vision.ui.overlay_model import Overlay
from armada_vision.ui.painter import paint_legend, paint_overlay


def frame_to_qimage(bgr: np.ndarray) -> QImage:
    """A QImage owning a copy of the BGR uint8 (H, W, 3) frame (cv-notes 5.2: wrap, then copy)."""
    arr = np.ascontiguousarray(bgr)
    h, w = arr.shape[:2]
    return QImage(arr.data, w, h, arr.strides[0], QImage.Format.Format_BGR888).copy()


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
        self.image: QImage | None = None
        self.overlay = Overlay()
        self.show_legend = True
        self.message = ""  # shown across the picture, e.g. "camera disconnected"
        self.paint_count = 0

    def set_frame(self, image: QImage) -> None:
        self.image = image
        self.update()

    def set_overlay(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.update()

    def mapping(self) -> tuple[float, float, float]:
        """(scale, dx, dy) taking image px to widget px, keeping the aspect ratio."""
        if self.image is None or self.image.isNull():
            return 1.0, 0.0, 0.0
        iw, ih = self.image.width(), self.image.height()
        scale = min(self.width() / iw, self.height() / ih)
        return scale, (self.width() - iw * scale) / 2.0, (self.height() - ih * scale) / 2.0

    def to_image(self, x: float, y: float) -> tuple[float, float]:
        scale, dx, dy = self.mapping()
        return (x - dx) / scale, (y - dy) / scale

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt API
        p = QPainter(self)
        try:  # always end the painter: an active painter on a destroyed widget crashes Qt
            self._paint(p)
        finally:
            p.end()
        self.paint_count += 1

    def _paint(self, p: QPainter) -> None:
        p.fillRect(self.rect(), QColor(20, 20, 24))
        if self.image is not None and not self.image.isNull():
            scale, dx, dy = self.mapping()
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            target = QRectF(dx, dy, self.image.width() * scale, self.image.height() * scale)
            p.drawImage(target, self.image)
            paint_overlay(p, self.overlay, scale, dx, dy)
            if self.show_legend:
                paint_legend(p, self.overlay.legend, dx + 8, dy + 8)
        if self.message or self.image is None:
            text = self.message or QCoreApplication.translate("VideoView", "Waiting for the camera...")
            p.setPen(QColor(255, 220, 120))
            f = p.font()
            f.setPointSizeF(f.pointSizeF() * 1.4)
            p.setFont(f)
            p.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, text)

    def _img_pos(self, event: QMouseEvent) -> tuple[float, float]:
        pos: QPointF = event.position()
        return self.to_image(pos.x(), pos.y())

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        x, y = self._img_pos(event)
        self.pressed.emit(x, y, int(event.button().value))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.dragged.emit(*self._img_pos(event))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt API
        self.released.emit(*self._img_pos(event))
