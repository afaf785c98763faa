"""The overlay painted in three transparent layers, so a moving piece repaints only itself.

When one piece moves (or the selected ship with its arc and lines of sight), every other
piece's shapes come back from the overlay model's ``ShapeCache`` as the same objects. The
pieces that are the same objects as in the last overlay are painted into their own image,
kept while they stay the same; the arc and range bands go below them and the rest (pieces
that changed, lines of sight, the maneuver preview, labels, the legend) above them. The
three are composed into one image, so painting a frame still blends one image. Pieces do
not overlap, so only the order between those groups shows, and it is the painter's order
(``painter.LAYER_Z``): arc and bands, then pieces, then lines of sight and labels.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PyQt6.QtGui import QImage, QPainter

from armada_vision.ui.overlay_model import Overlay, Shape
from armada_vision.ui.painter import paint_overlay

UNDER = frozenset({"range_bands", "arc"})
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


class _Layer:
    """One transparent image and the shapes (by identity) and mapping it was painted with."""

    def __init__(self) -> None:
        self.shapes: list[Shape] = []
        self.key: Any = None
        self.image: QImage | None = None

    def get(self, shapes: list[Shape], key: Any, w: int, h: int, scale: float, dx: float,
            dy: float) -> QImage | None:
        """The image of ``shapes`` (None when there are none), repainted only when the shapes
        are not the same objects as last time or ``key`` (size, mapping) changed."""
        if not shapes:
            return None
        same = key == self.key and len(shapes) == len(self.shapes) and all(
            a is b for a, b in zip(shapes, self.shapes))
        if not same or self.image is None:
            self.image = _blank(w, h, self.image)
            p = QPainter(self.image)
            try:
                paint_overlay(p, Overlay(list(shapes)), scale, dx, dy)
            finally:
                p.end()
            self.shapes, self.key = list(shapes), key
        return self.image


def _blank(w: int, h: int, reuse: QImage | None = None) -> QImage:
    img = reuse if reuse is not None and (reuse.width(), reuse.height()) == (w, h) else \
        QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(0)
    return img


class OverlayLayers:
    """Paints overlays for a widget of one size, reusing what did not change since the last."""

    def __init__(self) -> None:
        self._last: list[Shape] = []  # the last overlay's shapes (kept: compared by identity)
        self._under, self._still = _Layer(), _Layer()
        self._out: QImage | None = None

    def paint(self, overlay: Overlay, w: int, h: int, scale: float, dx: float, dy: float,
              extra: Callable[[QPainter], None] | None = None) -> QImage:
        """``overlay`` painted into one transparent (w, h) image, image px -> widget px being
        ``px * scale + (dx, dy)``; ``extra(painter)`` paints on top (the legend)."""
        under, still, over = split_shapes(overlay.shapes, self._last)
        self._last = list(overlay.shapes)
        key = (w, h, scale, dx, dy)
        below = [img for img in (self._under.get(under, key, w, h, scale, dx, dy),
                                 self._still.get(still, key, w, h, scale, dx, dy)) if img is not None]
        out = self._out = _blank(w, h, self._out)
        p = QPainter(out)
        try:
            for img in below:
                p.drawImage(0, 0, img)
            paint_overlay(p, Overlay(over), scale, dx, dy)
            if extra is not None:
                extra(p)
        finally:
            p.end()
        return out
