"""Shared helpers for the window tests (not a test module)."""

from armada_vision.ui.capture import Frame
from armada_vision.ui.demo_source import fallback_demo
from armada_vision.ui.pipeline import Calibration, Pipeline
from armada_vision.ui.session import Session
from armada_vision.ui.window import MainWindow

# Windows stay referenced until the end of the session: a window whose Python wrapper is
# garbage-collected while Qt paints it (pytest-qt processes events after each test) crashes Qt.
KEEP = []


def keep(qtbot, widget):
    qtbot.addWidget(widget)
    KEEP.append(widget)
    return widget


def make_window(qtbot, catalog, scene=None, *, log=None, uncertainty_mm=2.0):
    """A window on the stand-in demo's camera, driven frame by frame (no capture thread)."""
    demo = fallback_demo(catalog, n_frames=1)
    frame = demo.source.read()
    if scene is not None:
        frame = Frame(frame.image, 0, 0.0, scene)
    session = Session(catalog, "rrg-1.6", uncertainty_mm=uncertainty_mm)
    win = MainWindow(session, None, Pipeline(catalog, Calibration(demo.camera, "exact")), log=log)
    keep(qtbot, win)
    win.resize(1400, 800)
    win.show()
    qtbot.waitExposed(win)
    win.show_frame(frame)
    return win, demo.camera


def widget_px(win, image_px):
    scale, dx, dy = win.view.mapping()
    return image_px[0] * scale + dx, image_px[1] * scale + dy


VSD = "victory-ii-star-destroyer"


def two_ship_scene():
    """Player 1's ship "a" facing player 2's ship "d" across 300 mm (front arcs on each other)."""
    from armada_vision.scene import Scene, ShipPose

    return Scene(ships=(ShipPose("a", VSD, 1, 900.0, 300.0, 90.0, 2),
                        ShipPose("d", VSD, 2, 900.0, 600.0, 270.0, 2)))


def image_pixels(img):
    """The pixels of a 32-bit QImage as an int array (h, 4 w): the bytes per line without padding."""
    import numpy as np

    ptr = img.constBits()
    ptr.setsize(img.sizeInBytes())
    return np.frombuffer(ptr, np.uint8).reshape(img.height(), img.bytesPerLine())[:, :4 * img.width()].astype(int)


def paint_direct(ov, scale, w, h):
    """``ov`` painted straight into a cleared w x h premultiplied image (no cached layers)."""
    from PyQt6.QtGui import QImage, QPainter

    from armada_vision.ui.painter import paint_overlay

    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(0)
    p = QPainter(img)
    paint_overlay(p, ov, scale, 0.0, 0.0)
    p.end()
    return img
