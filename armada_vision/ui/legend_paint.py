"""The overlay's legend box (which colour means what), painted once per legend into a small
kept image (colours and pens from :mod:`armada_vision.ui.painter`)."""

from __future__ import annotations

import math
from typing import Any

from PyQt6.QtCore import QCoreApplication, QPointF, Qt
from PyQt6.QtGui import QBrush, QColor, QImage, QPainter

from armada_vision.ui.overlay_model import LEGEND
from armada_vision.ui.painter import STYLES, _color, _pen

_LEGEND_SIZES: dict[tuple[Any, ...], tuple[float, float]] = {}


def legend_size(p: QPainter, styles: list[str]) -> tuple[float, float]:
    """(width, height) in px of the legend box :func:`paint_legend` draws for ``styles``; kept
    per legend texts and font (measuring the texts took ~0.15 ms at each new overlay)."""
    if not styles:
        return 0.0, 0.0
    texts = tuple(QCoreApplication.translate("Overlay", LEGEND[s]) for s in styles)
    key = (texts, p.font().key())
    size = _LEGEND_SIZES.get(key)
    if size is None:
        fm = p.fontMetrics()
        size = (float(max(fm.horizontalAdvance(t) for t in texts) + 36),
                float((fm.height() + 4) * len(texts) + 8))
        if len(_LEGEND_SIZES) > 64:
            _LEGEND_SIZES.clear()
        _LEGEND_SIZES[key] = size
    return size


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


def _tab_text() -> str:
    return QCoreApplication.translate("Panels", "Legend")


def legend_tab_size(p: QPainter) -> tuple[float, float]:
    """(width, height) px of the folded legend's tab (:func:`paint_legend_tab`)."""
    fm = p.fontMetrics()
    return float(fm.horizontalAdvance(_tab_text()) + 30), float(fm.height() + 8)


def paint_legend_tab(p: QPainter, x: float, y: float) -> None:
    """The folded legend: a small box saying "Legend" with three of its colours, from its
    top-left corner (x, y); pointing at it opens the legend (``VideoView``)."""
    fm = p.fontMetrics()
    w, h = legend_tab_size(p)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 160))
    p.drawRect(int(x), int(y), int(w), int(h))
    for i, style in enumerate(("band-close", "band-medium", "band-long")):
        p.setBrush(QBrush(_color(STYLES[style][0])))
        p.drawRect(int(x + 5), int(y + 4 + i * (h - 8) / 3), 14, max(1, int((h - 8) / 3) - 1))
    p.setPen(QColor(255, 255, 255))
    p.drawText(QPointF(x + 24, y + h / 2 + fm.ascent() / 2 - 1), _tab_text())


_LEGENDS: dict[tuple[Any, ...], QImage] = {}


def draw_legend(p: QPainter, styles: list[str], x: float, y: float) -> None:
    """:func:`paint_legend` through a small image kept per legend (styles, language, font and
    sub-pixel offset): the same legend over the next overlays costs one small blend (painting
    its box, swatches and texts took ~1 ms at each new overlay)."""
    if not styles:
        return
    x0, y0 = math.floor(x), math.floor(y)
    texts = tuple(QCoreApplication.translate("Overlay", LEGEND[s]) for s in styles)
    key = (tuple(styles), texts, p.font().key(), x - x0, y - y0)
    img = _LEGENDS.get(key)
    if img is None:
        w, h = legend_size(p, styles)
        img = QImage(int(w) + 2, int(h) + 2, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(0)
        q = QPainter(img)
        try:
            q.setFont(p.font())
            q.setRenderHints(p.renderHints())
            paint_legend(q, styles, x - x0, y - y0)
        finally:
            q.end()
        if len(_LEGENDS) > 32:
            _LEGENDS.clear()
        _LEGENDS[key] = img
    p.drawImage(x0, y0, img)
