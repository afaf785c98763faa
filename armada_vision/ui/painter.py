"""Draws an :class:`~armada_vision.ui.overlay_model.Overlay` with QPainter (colours live here).

Shapes arrive in image px; the painter maps them to widget px (``scale``, ``offset``) itself so
lines and text keep their width at display resolution (cv-notes 5.2: paint overlays at display
resolution over the scaled frame, not onto the full-size image).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PyQt6.QtCore import QCoreApplication, QPointF, Qt
from PyQt6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from armada_vision.ui.overlay_model import LEGEND, Overlay, Shape

# style -> (line colour RGBA, fill colour RGBA or None, line width px, dashed)
STYLES: dict[str, tuple[tuple[int, ...], tuple[int, ...] | None, float, bool]] = {
    "p1": ((80, 170, 255, 255), (80, 170, 255, 40), 2.0, False),
    "p2": ((255, 120, 80, 255), (255, 120, 80, 40), 2.0, False),
    "unknown": ((230, 230, 230, 255), (230, 230, 230, 30), 2.0, True),
    "highlight": ((255, 170, 0, 255), (255, 170, 0, 90), 3.0, False),
    "obstacle": ((200, 200, 200, 200), None, 1.5, True),
    "obstructing": ((255, 170, 0, 255), (255, 170, 0, 110), 3.0, False),
    "zone": ((220, 220, 220, 120), None, 1.0, False),
    "zone-selected": ((255, 255, 255, 255), (255, 255, 255, 70), 2.5, False),
    "blocking-zone": ((255, 40, 40, 255), (255, 40, 40, 130), 3.0, False),
    "target": ((255, 215, 0, 255), (255, 215, 0, 255), 1.0, False),
    "arc": ((255, 255, 255, 230), None, 2.0, True),
    # range bands in the dice colours that reach them: close adds black, medium blue, long red
    "band-close": ((20, 20, 20, 255), (20, 20, 20, 70), 2.0, False),
    "band-medium": ((40, 110, 255, 255), (40, 110, 255, 55), 2.0, False),
    "band-long": ((230, 30, 30, 255), (230, 30, 30, 45), 2.0, False),
    "los-clear": ((40, 230, 90, 255), None, 2.0, False),
    "los-obstructed": ((255, 170, 0, 255), None, 2.0, False),
    "los-blocked": ((255, 40, 40, 255), None, 2.0, True),
    "los-out": ((170, 170, 170, 90), None, 1.0, False),
    "uncertain": ((255, 0, 255, 255), (255, 0, 255, 255), 2.0, False),
    "ring": ((120, 220, 255, 180), None, 1.0, True),
    "ring-engaged": ((255, 80, 200, 255), None, 1.5, True),
    "engaged": ((255, 80, 200, 255), None, 2.5, False),
    "tool": ((120, 255, 255, 255), (120, 255, 255, 45), 2.0, False),
    "overlap": ((255, 40, 40, 255), (255, 40, 40, 80), 2.5, False),
    "displaced": ((255, 255, 120, 255), (255, 255, 120, 255), 2.0, True),
    "text": ((255, 255, 255, 255), None, 1.0, False),
}
DOT_RADIUS_PX = 3.0
ANTIALIAS = True
AREA_STYLES = frozenset({"band-close", "band-medium", "band-long", "arc", "tool"})


def _color(rgba: tuple[int, ...]) -> QColor:
    return QColor(*rgba)


_PENS: dict[tuple[str, bool], QPen] = {}
_BRUSHES: dict[str, QBrush | Qt.BrushStyle] = {}


def _brush(style: str) -> QBrush | Qt.BrushStyle:
    b = _BRUSHES.get(style)
    if b is None:
        line, fill, _w, _d = STYLES.get(style, STYLES["text"])
        b = _BRUSHES[style] = QBrush(_color(fill)) if fill else Qt.BrushStyle.NoBrush
    return b


def _pen(style: str, emphasis: bool) -> QPen:
    pen = _PENS.get((style, emphasis))
    if pen is None:
        pen = _PENS[(style, emphasis)] = _make_pen(style, emphasis)
    return pen


def _make_pen(style: str, emphasis: bool) -> QPen:
    line, _fill, width, dashed = STYLES.get(style, STYLES["text"])
    pen = QPen(_color(line), width * (1.6 if emphasis else 1.0))
    pen.setCosmetic(True)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


MAX_PX = 1.0e5  # points projected from far outside the view are clamped (Qt rasteriser limits)


def _poly(pts: np.ndarray, scale: float, dx: float, dy: float) -> QPolygonF:
    """Image px (N, 2) -> a QPolygonF in widget px, written straight into its buffer
    (building QPointF objects one by one costs ~40x more at 100 points)."""
    m = np.asarray(pts, dtype=np.float64) * scale + (dx, dy)
    m = m[np.all(np.isfinite(m), axis=1)]
    np.clip(m, -MAX_PX, MAX_PX, out=m)
    poly = QPolygonF()
    if len(m):
        poly.fill(QPointF(), len(m))
        buf = poly.data()
        buf.setsize(m.size * 8)
        np.frombuffer(buf, np.float64).reshape(-1, 2)[:] = m  # type: ignore[call-overload]
    return poly


def translate_label(shape: Shape) -> str:
    assert shape.label is not None
    return shape.label.format(QCoreApplication.translate("Overlay", shape.label.text))


def fit_text_origin(x: float, y: float, width: float, ascent: float, descent: float,
                    area_w: float, area_h: float, pad: float = 3.0) -> tuple[float, float]:
    """The baseline origin nearest (x, y) px at which a text ``width`` px wide (``ascent`` /
    ``descent`` px above / below its baseline) lies inside an ``area_w`` x ``area_h`` px area,
    ``pad`` px from its edges; a text wider than the area starts at its left edge. A label of a
    piece near the table's edge (longer in German and Czech) was cut off there."""
    x = max(pad, min(x, area_w - width - pad))
    y = max(ascent + pad, min(y, area_h - descent - pad))
    return x, y


def paint_overlay(p: QPainter, ov: Overlay, scale: float = 1.0, dx: float = 0.0,
                  dy: float = 0.0) -> None:
    """Paint every shape of ``ov``; image px -> widget px is ``px * scale + (dx, dy)``."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing, ANTIALIAS)
    font = QFont(p.font())
    font.setPointSizeF(max(8.0, font.pointSizeF()))
    p.setFont(font)
    state: tuple[Any, ...] = ()
    for s in ov.shapes:
        _line, fill, _w, _d = STYLES.get(s.style, STYLES["text"])
        if s.kind in ("polygon", "polyline", "dot") and state != (s.style, s.emphasis, s.kind):
            # painter state changes only between runs of one style (state changes flush Qt's
            # raster engine); big translucent areas are filled without antialiasing (several
            # times cheaper; their edges are straight lines and arcs at display size)
            state = (s.style, s.emphasis, s.kind)
            p.setRenderHint(QPainter.RenderHint.Antialiasing, ANTIALIAS and s.style not in AREA_STYLES)
            p.setPen(_pen(s.style, s.emphasis and s.kind != "dot"))
            p.setBrush(Qt.BrushStyle.NoBrush if s.kind == "polyline" else _brush(s.style))
        if s.kind == "polygon":
            if len(s.parts) == 1:  # one ring: drawPolygon is cheaper than a path
                p.drawPolygon(_poly(s.parts[0], scale, dx, dy))
                continue
            path = QPainterPath()
            path.setFillRule(Qt.FillRule.OddEvenFill)
            for ring in s.parts:
                if len(ring) >= 2:
                    path.addPolygon(_poly(ring, scale, dx, dy))
                    path.closeSubpath()
            p.drawPath(path)
        elif s.kind == "polyline":
            for part in s.parts:
                if len(part) >= 2:
                    p.drawPolyline(_poly(part, scale, dx, dy))
        elif s.kind == "dot":
            x, y = s.parts[0][0] * scale + (dx, dy)
            p.drawEllipse(QPointF(float(x), float(y)), DOT_RADIUS_PX, DOT_RADIUS_PX)
        elif s.kind == "text" and s.label is not None:
            state = ()
            x, y = s.parts[0][0] * scale + (dx, dy)
            text = translate_label(s)
            fm, area = p.fontMetrics(), p.window()
            x, y = fit_text_origin(float(x), float(y), fm.horizontalAdvance(text), fm.ascent(),
                                   fm.descent(), area.width(), area.height())
            p.setPen(QPen(QColor(0, 0, 0, 200)))
            p.drawText(QPointF(float(x) + 1, float(y) + 1), text)
            p.setPen(QPen(_color(STYLES.get(s.style, STYLES["text"])[0])))
            p.drawText(QPointF(float(x), float(y)), text)


def legend_size(p: QPainter, styles: list[str]) -> tuple[float, float]:
    """(width, height) in px of the legend box :func:`paint_legend` draws for ``styles``."""
    if not styles:
        return 0.0, 0.0
    fm = p.fontMetrics()
    texts = [QCoreApplication.translate("Overlay", LEGEND[s]) for s in styles]
    return float(max(fm.horizontalAdvance(t) for t in texts) + 36), float((fm.height() + 4) * len(texts) + 8)


def paint_legend(p: QPainter, styles: list[str], x: float, y: float) -> None:
    """A legend box listing ``styles`` (keys of ``LEGEND``) from the top-left corner (x, y)."""
    if not styles:
        return
    fm = p.fontMetrics()
    texts = [QCoreApplication.translate("Overlay", LEGEND[s]) for s in styles]
    line_h = fm.height() + 4
    width = legend_size(p, styles)[0]
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 160))
    p.drawRect(int(x), int(y), int(width), int(line_h * len(texts) + 8))
    for i, (style, text) in enumerate(zip(styles, texts)):
        cy = y + 4 + i * line_h + line_h / 2
        line, fill, _w, _d = STYLES[style]
        p.setPen(_pen(style, True))
        p.setBrush(QBrush(_color(fill)) if fill else Qt.BrushStyle.NoBrush)
        p.drawRect(int(x + 6), int(cy - 5), 18, 10)
        p.setPen(QColor(255, 255, 255))
        p.drawText(QPointF(x + 30, cy + fm.ascent() / 2 - 1), text)
