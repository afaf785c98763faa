"""Labels are drawn through small images kept per text, colour, font and sub-pixel position:
the picture must be the one drawing the texts directly gives (within a level: the shadow and
the text are blended in another order of operations), and a label whose text, colour or place
changed must not come back from the cache as it was."""

import sys
from pathlib import Path

import numpy as np
from PyQt6.QtCore import QPointF
from PyQt6.QtGui import QColor, QImage, QPainter, QPen

from armada_vision.ui import painter
from armada_vision.ui.app import application
from armada_vision.ui.overlay_model import Label, Overlay, Shape

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import image_pixels as _pixels  # noqa: E402

W, H = 320, 120


def _label(text, x, y, style="text", margin=None):
    label = Label(text) if margin is None else Label(text, (("margin", margin),))
    return Shape("labels", "text", (np.array([[x, y]]),), style, label=label)


def _paint(shapes, direct=False):
    img = QImage(W, H, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor(40, 80, 40))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if direct:  # what the painter did before: the shadow, then the text, straight on
        fm = p.fontMetrics()
        for s in shapes:
            text = painter.translate_label(s)
            x, y = painter.fit_text_origin(float(s.parts[0][0, 0]), float(s.parts[0][0, 1]),
                                           fm.horizontalAdvance(text), fm.ascent(), fm.descent(), W, H)
            p.setPen(QPen(QColor(0, 0, 0, 200)))
            p.drawText(QPointF(x + 1, y + 1), text)
            p.setPen(QPen(painter._color(painter.STYLES[s.style][0])))
            p.drawText(QPointF(x, y), text)
    else:
        painter.paint_overlay(p, Overlay(list(shapes)))
    p.end()
    return _pixels(img)


def test_a_label_through_the_cache_is_the_text_drawn_directly():
    app = application("en")
    shapes = [_label("unknown small ship", 20.3, 30.6), _label("too close to call ({margin:.1f} mm)", 40.0, 80.25,
                                                                 "uncertain", 1.25)]
    for _ in range(2):  # painted, then from the cache
        diff = np.abs(_paint(shapes) - _paint(shapes, direct=True))
        assert diff.max() <= 1
    assert _paint(shapes).std() > 5  # something was drawn
    assert app is not None


def test_a_changed_text_colour_or_place_is_not_taken_from_the_cache():
    app = application("en")
    base = _paint([_label("too close to call ({margin:.1f} mm)", 40.0, 60.0, "uncertain", 1.2)])
    for changed in (_label("too close to call ({margin:.1f} mm)", 40.0, 60.0, "uncertain", 1.3),  # text
                    _label("too close to call ({margin:.1f} mm)", 40.0, 60.0, "text", 1.2),       # colour
                    _label("too close to call ({margin:.1f} mm)", 40.5, 60.0, "uncertain", 1.2)):  # place
        got = _paint([changed])
        assert np.abs(got - _paint([changed], direct=True)).max() <= 1
        assert np.abs(got - base).max() > 40
    assert app is not None
