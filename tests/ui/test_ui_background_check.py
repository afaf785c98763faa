"""`run` with an empty table learned before the camera moved: the pipeline holds it against the
first frame, drops it (detection estimates the mat instead) and the status bar says why."""

import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import keep  # noqa: E402

from armada_vision.scene import Scene, ShipPose  # noqa: E402
from armada_vision.ui.capture import Frame  # noqa: E402
from armada_vision.ui.pipeline import Calibration, Pipeline  # noqa: E402
from armada_vision.vision import synth  # noqa: E402
from armada_vision.vision.camera import TableCamera  # noqa: E402
from armada_vision.vision.detect import BackgroundModel  # noqa: E402
from armada_vision.vision.empty_table import NOTES  # noqa: E402

CAMERA = TableCamera.looking_down((960, 540))


def _frames(catalog, shift_px):
    opt = synth.RenderOptions(mat="cloth")
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=4, noise_seed=9).image
    m = np.float32([[1, 0, shift_px], [0, 1, 0]])
    empty = cv2.warpAffine(empty, m, (960, 540), borderMode=cv2.BORDER_REPLICATE)
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    return empty, synth.render(scene, CAMERA, catalog, opt, seed=4, noise_seed=1).image


def test_an_empty_table_that_fits_is_kept(catalog):
    empty, img = _frames(catalog, 0.0)
    bg = BackgroundModel.learn(empty)
    pipe = Pipeline.with_available_detector(catalog, Calibration(CAMERA, "exact"), background=bg)
    result = pipe.process(Frame(img, 0, 0.0))
    assert pipe.detector.background is bg and result.background_note == ("", {})
    assert pipe.process(Frame(img, 1, 0.1)).background_note == ("", {})  # checked once


def test_an_empty_table_from_before_the_camera_moved_is_dropped_and_said(catalog, qtbot):
    empty, img = _frames(catalog, 5.0)
    pipe = Pipeline.with_available_detector(catalog, Calibration(CAMERA, "exact"),
                                            background=BackgroundModel.learn(empty))
    result = pipe.process(Frame(img, 0, 0.0))
    assert pipe.detector.background is None
    template, args = result.background_note
    assert template == NOTES["moved"] and abs(args["shift"] - 5.0) < 0.5
    ships = result.scene.ships  # detected against the estimate, not the stale picture
    assert len(ships) == 1 and abs(ships[0].x_mm - 700.0) < 3.0
    assert pipe.process(Frame(img, 1, 0.1)).background_note == ("", {})

def test_the_window_says_the_empty_table_was_dropped(catalog, qtbot, tmp_path):
    from armada_vision.ui.capture import CaptureThread, FolderSource
    from armada_vision.ui.session import Session
    from armada_vision.ui.window import MainWindow

    empty, img = _frames(catalog, 5.0)
    cv2.imwrite(str(tmp_path / "frame.png"), img)
    pipe = Pipeline.with_available_detector(catalog, Calibration(CAMERA, "exact"),
                                            background=BackgroundModel.learn(empty))
    win = MainWindow(Session(catalog), CaptureThread(FolderSource([tmp_path / "frame.png"],
                                                                  fps=30.0)), pipe)
    keep(qtbot, win)
    win.empty_table.show_source("file", file="empty.png")
    win.show()
    win.start()
    qtbot.waitUntil(lambda: win.result is not None, timeout=30000)
    assert win.empty_table.label.text() == "Background: estimated (Ctrl+E learns the empty table)"
    assert "px off it (the camera moved since it was learned?)" in win.empty_table.last_message
    assert win.empty_table.last_message in win.empty_table.label.toolTip()
    win.close()  # stops the capture and processing threads
