"""Translucent shapes painted at an opaque shape's cost (through a clear scratch image in
Source mode, then blended once) look as they did blended one by one: the range bands (disjoint
rings), the firing arc (one outline) and faint lines of sight that do not touch."""

import sys
from pathlib import Path

import numpy as np
from PyQt6.QtGui import QImage, QPainter

from armada_vision.scene import Scene, ShipPose
from armada_vision.ui import painter
from armada_vision.ui.app import application
from armada_vision.ui.overlay_model import Overlay, Selection, Shape, build_overlay
from armada_vision.vision.camera import TableCamera

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import image_pixels as _pixels  # noqa: E402
from ui_helpers import paint_direct  # noqa: E402

VSD = "victory-ii-star-destroyer"
W, H = 640, 360


def _blended_one_by_one(monkeypatch):
    """The painter as before the scratch image: every shape blended straight onto the picture."""
    monkeypatch.setattr(painter, "_via_scratch", lambda p, rect, paint: paint(p))


def _under(ov):
    return Overlay([s for s in ov.shapes if s.layer in ("arc", "range_bands")])


def test_the_arc_and_range_bands_look_as_when_blended_one_by_one(catalog, monkeypatch):
    app = application("en")
    cam = TableCamera.looking_down((1280, 720), tilt_deg=15.0)
    scene = Scene(ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0),
                         ShipPose("d", VSD, 2, 900.0, 600.0, 270.0)))
    ov = _under(build_overlay(scene, catalog, cam, selection=Selection("a", "front")))
    assert {s.style for s in ov.shapes} == {"arc", "band-close", "band-medium", "band-long"}
    scale = W / 1280
    fast = _pixels(paint_direct(ov, scale, W, H))
    with monkeypatch.context() as m:  # each band filled and outlined in turn, then the arc
        _blended_one_by_one(m)
        img = QImage(W, H, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(0)
        p = QPainter(img)
        for shape in ov.shapes:
            painter.paint_overlay(p, Overlay([shape]), scale)
        p.end()
        slow = _pixels(img)
    # the bands' translucent fills are there (a medium-range pixel: blue, 55/255 opaque) ...
    assert (fast.reshape(H, W, 4)[..., 3] > 40).mean() > 0.05
    # ... and every pixel within 2 levels of blending them one by one
    assert np.abs(fast - slow).max() <= 2
    assert app is not None


def test_faint_lines_that_do_not_touch_look_as_when_blended_one_by_one(monkeypatch):
    app = application("en")
    lines = [Shape("los", "polyline", (np.array([[20.0, 20.0 + 30 * k], [600.0, 40.0 + 30 * k]]),),
                   "los-out") for k in range(8)]
    ov = Overlay(lines)
    fast = _pixels(paint_direct(ov, 1.0, W, H))
    with monkeypatch.context() as m:
        _blended_one_by_one(m)
        slow = _pixels(paint_direct(ov, 1.0, W, H))
    alpha = fast.reshape(H, W, 4)[..., 3]
    assert 80 <= alpha.max() <= 95        # the faint style's alpha, 90 of 255
    assert np.abs(fast - slow).max() <= 2
    assert app is not None
