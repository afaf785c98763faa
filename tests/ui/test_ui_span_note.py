"""`run --camera` whose first table fit comes from markers along one edge: the window says, under
the picture and once on the terminal, that the far corners are extrapolated (as `calibrate
table` does), with the markers' ids and how far off the corners may be."""

import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision.ui.pipeline import Calibration, Pipeline  # noqa: E402
from armada_vision.vision.calibration import (  # noqa: E402
    DEFAULT_LAYOUTS,
    CameraIntrinsics,
    TableTracker,
    detect_layout_markers,
    load_layout,
)
from armada_vision.vision.calibration._render_markers import render_table_markers  # noqa: E402
from armada_vision.vision.camera import TableCamera  # noqa: E402

LAYOUT = load_layout(DEFAULT_LAYOUTS["6x3"])


def _three_markers_on_one_edge():
    cam = TableCamera.looking_down((1280, 720), tilt_deg=8, margin_mm=200,
                                   dist_coeffs=np.array([0.057, -0.203, -0.0014, 0.0004, 0.159]))
    img = render_table_markers(cam, LAYOUT)
    for i, quad in detect_layout_markers(img, LAYOUT).items():
        if i not in (0, 1, 4):
            lo, hi = quad.min(axis=0) - 12, quad.max(axis=0) + 12
            cv2.rectangle(img, tuple(int(v) for v in lo), tuple(int(v) for v in hi),
                          (128, 128, 128), -1)
    return cam, img


def test_the_window_says_the_markers_do_not_span_the_table(catalog, qtbot, tmp_path, capsys):
    from armada_vision.ui.capture import CaptureThread, FolderSource
    from armada_vision.ui.session import Session
    from armada_vision.ui.window import MainWindow

    cam, img = _three_markers_on_one_edge()
    cv2.imwrite(str(tmp_path / "frame.png"), img)
    intrinsics = CameraIntrinsics(cam.camera_matrix, cam.dist_coeffs, cam.image_size, 0.2)
    pipe = Pipeline(catalog, Calibration(None, "none"), tracker=TableTracker(intrinsics, LAYOUT))
    win = MainWindow(Session(catalog), CaptureThread(FolderSource([tmp_path / "frame.png"],
                                                                  fps=30.0)), pipe)
    keep(qtbot, win)
    win.show()
    win.start()
    qtbot.waitUntil(lambda: "do not span" in win.statusBar().currentMessage(), timeout=30000)
    msg = win.statusBar().currentMessage()
    assert msg.startswith("the table markers found (ids: 0, 1, 4) do not span the table: "
                          "its far corners may be off by up to ")
    qtbot.waitUntil(lambda: win.result is not None and win.result.calibration.kind == "markers",
                    timeout=30000)
    win.close()  # stops the capture and processing threads
    err = capsys.readouterr().err
    assert err.count("armada-vision: note: the table markers found (ids: 0, 1, 4)") == 1
