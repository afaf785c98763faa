"""Draws an :class:`~armada_vision.ui.overlay_model.Overlay` with QPainter (colours live here).

Shapes arrive in image px; the painter maps them to widget px (``scale``, ``offset``) itself so
lines and text keep their width at display resolution (cv-notes 5.2: paint overlays at display
resolution over the scaled frame, not onto the full-size image). The legend box is painted by
:mod:`armada_vision.ui.legend_paint`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PyQt6.QtCore import QCoreApplication, QPointF, QRect, Qt
from PyQt6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPolygonF

from armada_vision.errors import Term
from armada_vision.geometry._boxes import clear_of_labels
from armada_vision.ui.i18n import decimal_point
from armada_vision.ui.overlay_model import Overlay, Shape
from armada_vision.ui.overlay_shapes import Label

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
    # range bands in the dice colours that reach them: close adds black, medium blue, long red.
    # Close: grey, which shows on a dark starfield mat and a light cloth alike (black vanished
    # on the starfield: its outer edge lies under the medium band's, its fill was black on black)
    "band-close": ((170, 170, 170, 255), (128, 128, 128, 100), 2.0, False),
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
# Translucent shapes Qt blends pixel by pixel (~4x the cost of opaque ones at 720p: a band's
# fill ~0.5 ms, the firing arc's dashed outline ~0.6 ms, the ~20 faint lines of sight ~1 ms)
# are painted at an opaque shape's cost instead: into a clear scratch image in Source mode
# (writing the colour, not blending it), then that image blended once. The same picture where
# they do not overlap each other: the range bands are disjoint rings (their fills go first,
# then their outlines), the arc is one outline, faint lines meet only at the attacker's
# targeting point and run close together near it (there one line's alpha, not their sum).
BAND_STYLES = ("band-close", "band-medium", "band-long")
SCRATCH_STROKE_STYLES = frozenset({"los-out", "arc"})


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


def _widget_parts(shapes: list[Shape], scale: float, dx: float, dy: float) -> list[list[np.ndarray]]:
    """Every shape's parts in widget px (``px * scale + (dx, dy)``), converted in one numpy pass
    (one pass per part cost more than the drawing); non-finite points are dropped and the rest
    clamped to ``MAX_PX``. Text shapes get their anchor like the others."""
    arrays = [np.asarray(a, dtype=np.float64).reshape(-1, 2) for s in shapes for a in s.parts]
    if not arrays:
        return [[] for _ in shapes]
    m = np.concatenate(arrays) * scale + (dx, dy)
    finite = np.isfinite(m).all(axis=1)
    np.clip(m, -MAX_PX, MAX_PX, out=m)
    ends = np.cumsum([len(a) for a in arrays]).tolist()
    spans = list(zip([0, *ends[:-1]], ends))
    flat = [m[a:b] for a, b in spans]  # slices: np.split costs ~3x more (a Python loop of its own)
    if not finite.all():
        flat = [p if finite[a:b].all() else p[finite[a:b]] for p, (a, b) in zip(flat, spans)]
    out, i = [], 0
    for s in shapes:
        out.append(flat[i:i + len(s.parts)])
        i += len(s.parts)
    return out


def _qpoly(m: np.ndarray) -> QPolygonF:
    """Widget px (N, 2) float64 -> QPolygonF, written straight into its buffer (building
    QPointF objects one by one costs ~40x more at 100 points)."""
    poly = QPolygonF()
    if len(m):
        poly.fill(QPointF(), len(m))
        buf = poly.data()
        buf.setsize(m.size * 8)
        np.frombuffer(buf, np.float64).reshape(-1, 2)[:] = m  # type: ignore[call-overload]
    return poly


def translate_label(shape: Shape) -> str:
    """The shape's label in the window's language: its text (context ``Overlay``), every
    argument that is a game :class:`~armada_vision.errors.Term` (context ``Terms``, e.g. a size
    class), numbers with the language's decimal separator; ids stay as they are."""
    assert shape.label is not None
    label = shape.label
    if any(isinstance(v, Term) for _, v in label.args):
        label = Label(label.text, tuple(
            (k, QCoreApplication.translate("Terms", str(v)) if isinstance(v, Term) else v)
            for k, v in label.args))
    return label.format(QCoreApplication.translate("Overlay", label.text), decimal_point())


def fit_text_origin(x: float, y: float, width: float, ascent: float, descent: float,
                    area_w: float, area_h: float, pad: float = 3.0) -> tuple[float, float]:
    """The baseline origin nearest (x, y) px at which a text ``width`` px wide (``ascent`` /
    ``descent`` px above / below its baseline) lies inside an ``area_w`` x ``area_h`` px area,
    ``pad`` px from its edges; a text wider than the area starts at its left edge. A label of a
    piece near the table's edge (longer in German and Czech) was cut off there."""
    x = max(pad, min(x, area_w - width - pad))
    y = max(ascent + pad, min(y, area_h - descent - pad))
    return x, y


# paint order of the layers, bottom first (a layer not listed goes on top, before labels)
LAYER_Z = {name: z for z, name in enumerate(("range_bands", "arc", "bases", "hull_zones",
                                             "targeting_points", "squadron_rings", "los", "maneuver"))}
LAYER_Z["labels"] = len(LAYER_Z) + 1


KIND_Z = {"polygon": 0, "polyline": 1, "dot": 2, "text": 3}
STYLE_Z = {name: z for z, name in enumerate(STYLES)}


def _runs(shapes: list[Shape]) -> list[list[int]]:
    """Indices of ``shapes`` in runs of one (kind, style, emphasis), bottom first.

    Painter state changes only between runs (each change flushes Qt's raster engine), so the
    shapes of one kind and style are gathered: layer by layer (``LAYER_Z``), in a layer the
    emphasised (chosen, highlighted) ones on top, then by kind (``KIND_Z``: fills below lines
    below dots below text) and style (``STYLES``' order), and in the order given within one
    of those. The model adds them piece by piece (base, bow, zone lines, targeting points,
    next piece), ~100 runs of one or two shapes for a full table; gathered, ~25. Pieces do
    not overlap, so only the order between layers and styles shows. The order of two shapes
    depends only on themselves and their order in the list, not on the other shapes: any
    subset is painted in the order it has among all of them (a kept layer is patched so:
    ``overlay_layers``)."""
    nk, ns = len(KIND_Z), len(STYLE_Z)
    keys = sorted(((LAYER_Z.get(s.layer, len(LAYER_Z)), s.emphasis, KIND_Z.get(s.kind, nk),
                    STYLE_Z.get(s.style, ns), s.style, s.layer), i) for i, s in enumerate(shapes))
    runs: list[list[int]] = []
    last: tuple[Any, ...] | None = None
    for group, i in keys:
        if group != last or shapes[i].kind == "text":
            runs.append([])
            last = group
        runs[-1].append(i)
    return runs


_SCRATCH: dict[tuple[int, int], QImage] = {}


def _bbox(pts: list[list[np.ndarray]], idx: list[int], pad: float, w: int, h: int) -> QRect | None:
    """The widget-px rectangle (clipped to w x h) holding the parts of shapes ``idx``, ``pad``
    px around them; None when empty."""
    arrays = [a for i in idx for a in pts[i] if len(a)]
    if not arrays:
        return None
    m = np.concatenate(arrays)
    x0, y0 = np.floor(m.min(axis=0) - pad)
    x1, y1 = np.ceil(m.max(axis=0) + pad)
    x0, y0, x1, y1 = max(0, int(x0)), max(0, int(y0)), min(w, int(x1)), min(h, int(y1))
    return QRect(x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def _via_scratch(p: QPainter, rect: QRect | None, paint: Any) -> None:
    """``paint(q)`` into a clear scratch image of ``p``'s device size with ``q`` in Source
    mode (within ``rect``), then that rectangle blended onto ``p`` (see ``BAND_STYLES``)."""
    dev = p.device()
    if rect is None or dev is None:
        return
    key = (dev.width(), dev.height())
    img = _SCRATCH.get(key)
    if img is None:
        if len(_SCRATCH) > 2:
            _SCRATCH.clear()
        img = _SCRATCH[key] = QImage(key[0], key[1], QImage.Format.Format_ARGB32_Premultiplied)
    q = QPainter(img)
    try:
        q.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        q.fillRect(rect, Qt.GlobalColor.transparent)
        q.setClipRect(rect)
        paint(q)
    finally:
        q.end()
    p.drawImage(rect.topLeft(), img, rect)


def _fill_rings(p: QPainter, rings: list[np.ndarray]) -> None:
    rings = [r for r in rings if len(r) >= 2]
    if len(rings) == 1:  # one ring: drawPolygon is cheaper than a path
        p.drawPolygon(_qpoly(rings[0]))
    elif rings:
        path = QPainterPath()
        path.setFillRule(Qt.FillRule.OddEvenFill)
        for ring in rings:
            path.addPolygon(_qpoly(ring))
            path.closeSubpath()
        p.drawPath(path)


def _paint_bands(p: QPainter, shapes: list[Shape], pts: list[list[np.ndarray]],
                 runs: list[list[int]], clear: bool = False) -> None:
    """The range bands' runs: every fill through the scratch image, then the outlines.
    ``clear``: ``p``'s device is transparent where they go (a layer just cleared), so the
    fills are written there in Source mode straight away: the same pixels as the scratch
    image blended onto nothing, without clearing and blending its box."""
    def fills(q: QPainter) -> None:
        q.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        q.setPen(Qt.PenStyle.NoPen)
        for run in runs:
            q.setBrush(_brush(shapes[run[0]].style))
            for i in run:
                _fill_rings(q, pts[i])

    dev = p.device()
    if clear:
        p.save()
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        fills(p)
        p.restore()
    elif dev is not None:
        _via_scratch(p, _bbox(pts, [i for run in runs for i in run], 1.0, dev.width(), dev.height()), fills)
    for run in runs:
        _paint_polygons(p, shapes, pts, run, fill=False)


def _paint_polygons(p: QPainter, shapes: list[Shape], pts: list[list[np.ndarray]], run: list[int],
                    fill: bool = True) -> None:
    """Fill every polygon of a run without antialiasing (unless ``fill`` is False: filled
    already), then stroke the outlines (antialiased unless a big area): a fill's aliased edge
    lies under its outline, and an antialiased fill costs ~5x an aliased one (tens of us per
    base at 720p)."""
    s0 = shapes[run[0]]
    brush = _brush(s0.style)
    if fill and brush != Qt.BrushStyle.NoBrush:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(brush)
        for i in run:
            _fill_rings(p, pts[i])
    def outlines(q: QPainter) -> None:
        q.setRenderHint(QPainter.RenderHint.Antialiasing, ANTIALIAS and s0.style not in AREA_STYLES)
        q.setPen(_pen(s0.style, s0.emphasis))
        q.setBrush(Qt.BrushStyle.NoBrush)
        for i in run:
            for ring in pts[i]:
                if len(ring) >= 2:
                    q.drawPolygon(_qpoly(ring))

    _stroke(p, shapes, pts, run, outlines)


def _stroke(p: QPainter, shapes: list[Shape], pts: list[list[np.ndarray]], run: list[int],
            draw: Any) -> None:
    """``draw(painter)`` strokes the run: on ``p``, or for ``SCRATCH_STROKE_STYLES`` through
    the scratch image (within the run's bounding box and its pen's width)."""
    s0 = shapes[run[0]]
    dev = p.device()
    if s0.style not in SCRATCH_STROKE_STYLES or dev is None:
        draw(p)
        return
    width = STYLES[s0.style][2] * (1.6 if s0.emphasis else 1.0)
    _via_scratch(p, _bbox(pts, run, width + 2.0, dev.width(), dev.height()), draw)


def _paint_polylines(p: QPainter, shapes: list[Shape], pts: list[list[np.ndarray]], run: list[int]) -> None:
    """Two-point lines of a run in one ``drawLines`` call (Qt rasterises a wide line drawn
    that way several times faster than the same line as a polyline); longer ones one by one,
    so a dash pattern runs on along them."""
    _stroke(p, shapes, pts, run, lambda q: _stroke_lines(q, shapes, pts, run))


def _stroke_lines(p: QPainter, shapes: list[Shape], pts: list[list[np.ndarray]], run: list[int]) -> None:
    s0 = shapes[run[0]]
    p.setRenderHint(QPainter.RenderHint.Antialiasing, ANTIALIAS)
    p.setPen(_pen(s0.style, s0.emphasis))
    p.setBrush(Qt.BrushStyle.NoBrush)
    pairs = [part for i in run for part in pts[i] if len(part) == 2]
    if pairs:
        p.drawLines(_qpoly(np.concatenate(pairs)))
    for i in run:
        for part in pts[i]:
            if len(part) > 2:
                p.drawPolyline(_qpoly(part))


def _paint_dots(p: QPainter, shapes: list[Shape], pts: list[list[np.ndarray]], run: list[int]) -> None:
    """Dots of a run as round points of the dot's diameter, in one call (a dot's fill and
    outline have the same colour)."""
    s0 = shapes[run[0]]
    centres = [pts[i][0][:1] for i in run if pts[i] and len(pts[i][0])]
    if not centres:
        return
    line, _fill, width, _dashed = STYLES.get(s0.style, STYLES["text"])
    pen = QPen(_color(line), 2.0 * DOT_RADIUS_PX + width)
    pen.setCosmetic(True)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, ANTIALIAS)
    p.setPen(pen)
    p.drawPoints(_qpoly(np.concatenate(centres)))


_TEXT_METRICS: dict[tuple[str, str], tuple[float, float, float, QRect]] = {}
_TEXTS: dict[tuple[Any, ...], QImage] = {}
TEXT_SHADOW = QColor(0, 0, 0, 200)


def _text_metrics(fm: Any, text: str, font_key: str) -> tuple[float, float, float, QRect]:
    """(advance, ascent, descent, ink box from the baseline origin) px of ``text``, kept."""
    key = (text, font_key)
    hit = _TEXT_METRICS.get(key)
    if hit is None:
        if len(_TEXT_METRICS) > 512:
            _TEXT_METRICS.clear()
        hit = _TEXT_METRICS[key] = (float(fm.horizontalAdvance(text)), float(fm.ascent()),
                                    float(fm.descent()), fm.boundingRect(text))
    return hit


def _paint_text(p: QPainter, s: Shape, at: np.ndarray,
                placed: list[tuple[float, float, float, float]] | None = None) -> None:
    """The label with its shadow (1 px down and right), through a small image kept per text,
    colour, font and sub-pixel position: a label that did not move (a piece's name, an
    unchanged margin) costs one small blend at the next overlay, not two texts laid out and
    drawn (~0.09 ms a label at 720p, load 15; ~7 labels a frame on the bench's full table)."""
    x, y = at[0]
    text = translate_label(s)
    font = p.font()
    font_key = font.key()
    advance, ascent, descent, ink = _text_metrics(p.fontMetrics(), text, font_key)
    area = p.window()
    x, y = fit_text_origin(float(x), float(y), advance, ascent, descent, area.width(), area.height())
    if placed is not None:  # clear of the labels painted before it in this overlay
        x, y = clear_of_labels(x, y, advance, ascent, descent, placed, area.height())
        placed.append((x, y - ascent, x + advance, y + descent))
    x0, y0 = np.floor(x), np.floor(y)
    color = STYLES.get(s.style, STYLES["text"])[0]
    key = (text, font_key, color, float(x - x0), float(y - y0), p.testRenderHint(QPainter.RenderHint.Antialiasing))
    left, top = ink.left() - 3, ink.top() - 3  # the image's corner from the baseline origin
    img = _TEXTS.get(key)
    if img is None:
        img = QImage(ink.width() + 8, ink.height() + 8, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(0)
        q = QPainter(img)
        try:
            q.setFont(font)
            q.setRenderHints(p.renderHints())
            ox, oy = float(x - x0) - left, float(y - y0) - top
            q.setPen(QPen(TEXT_SHADOW))
            q.drawText(QPointF(ox + 1, oy + 1), text)
            q.setPen(QPen(_color(color)))
            q.drawText(QPointF(ox, oy), text)
        finally:
            q.end()
        if len(_TEXTS) > 256:
            _TEXTS.clear()
        _TEXTS[key] = img
    p.drawImage(int(x0) + left, int(y0) + top, img)


def paint_overlay(p: QPainter, ov: Overlay, scale: float = 1.0, dx: float = 0.0,
                  dy: float = 0.0, clear: bool = False) -> None:
    """Paint every shape of ``ov`` in order; image px -> widget px is ``px * scale + (dx, dy)``.
    ``clear``: ``p`` paints on a transparent image (a layer just cleared), see
    :func:`_paint_bands`."""
    font = QFont(p.font())
    font.setPointSizeF(max(8.0, font.pointSizeF()))
    p.setFont(font)
    shapes = ov.shapes
    pts = _widget_parts(shapes, scale, dx, dy)
    runs = _runs(shapes)
    bands = [r for r in runs if shapes[r[0]].kind == "polygon" and shapes[r[0]].style in BAND_STYLES
             and shapes[r[0]].layer == "range_bands"]
    if bands:  # the bottom runs (LAYER_Z): their fills first, through the scratch image
        _paint_bands(p, shapes, pts, bands, clear)
        runs = [r for r in runs if not any(r is b for b in bands)]
    placed: list[tuple[float, float, float, float]] = []  # the labels' boxes, widget px
    for run in runs:
        s0 = shapes[run[0]]
        if s0.kind == "polygon":
            _paint_polygons(p, shapes, pts, run)
        elif s0.kind == "polyline":
            _paint_polylines(p, shapes, pts, run)
        elif s0.kind == "dot":
            _paint_dots(p, shapes, pts, run)
        elif s0.kind == "text" and s0.label is not None and pts[run[0]] and len(pts[run[0]][0]):
            p.setRenderHint(QPainter.RenderHint.Antialiasing, ANTIALIAS)
            _paint_text(p, s0, pts[run[0]][0], placed)
