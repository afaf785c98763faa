"""Shared helpers for the window tests (not a test module)."""

from armada_vision.ui.capture import Frame
from armada_vision.ui.demo_source import fallback_demo
from armada_vision.ui.pipeline import Calibration, Pipeline
from armada_vision.ui.session import Session
from armada_vision.ui.window import MainWindow


def make_window(qtbot, catalog, scene=None, *, log=None, uncertainty_mm=2.0):
    """A window on the stand-in demo's camera, driven frame by frame (no capture thread)."""
    demo = fallback_demo(catalog, n_frames=1)
    frame = demo.source.read()
    if scene is not None:
        frame = Frame(frame.image, 0, 0.0, scene)
    session = Session(catalog, "rrg-1.6", uncertainty_mm=uncertainty_mm)
    win = MainWindow(session, None, Pipeline(catalog, Calibration(demo.camera, "exact")), log=log)
    qtbot.addWidget(win)
    win.resize(1400, 800)
    win.show()
    qtbot.waitExposed(win)
    win.show_frame(frame)
    return win, demo.camera


def widget_px(win, image_px):
    scale, dx, dy = win.view.mapping()
    return image_px[0] * scale + dx, image_px[1] * scale + dy
