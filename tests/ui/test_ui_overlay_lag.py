"""Under load the overlays lag behind the video (a cold detection at load 13 took 8.4 s): the
window measures by how much (the capture times of the frame shown and of the frame the
overlays were made from) and says so in the status bar and, from 1 s on, on the picture."""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))
from ui_helpers import make_window, two_ship_scene  # noqa: E402

from armada_vision.ui import window_status  # noqa: E402
from armada_vision.ui.capture import Frame  # noqa: E402
from armada_vision.ui.pipeline import Calibration, Result  # noqa: E402


class _Capture:
    status, fps, retry_in_s, display_size = "live", 30.0, 0.0, None

    def __init__(self):
        self.frame, self.serial = None, 0

    def show(self, t_s):
        self.serial += 1
        self.frame = Frame(np.full((1080, 1920, 3), 128, np.uint8), self.serial, t_s)

    def latest(self):
        return self.frame, self.serial

    def stop(self):
        pass


class _Processor:
    ms = 2400.0

    def __init__(self):
        self.out = (None, None, 0)

    def done(self, t_s, calib):
        self.out = (Frame(np.zeros((1080, 1920, 3), np.uint8), 0, t_s),
                    Result(None, "no detection", calib), self.out[2] + 1)

    def latest(self):
        return self.out

    def rate_fps(self):
        return 0.5

    def stop(self):
        pass


def test_the_overlays_say_how_far_behind_the_video_they_are(qtbot, catalog):
    win, cam = make_window(qtbot, catalog, two_ship_scene())
    calib = Calibration(cam, "exact")
    win.capture, win.processor = _Capture(), _Processor()
    win.capture.show(8.0)
    win.tick()
    assert win.overlay_lag_s() is None and win.view.lag_note == ""   # nothing processed yet
    win.capture.show(10.0)   # the first frame still in the detector 2 s on
    win.tick()
    assert win.view.lag_note == "No overlays yet: the first frame is being processed (2 s)"
    win.processor.done(10.0, calib)
    win.capture.show(10.4)
    win.tick()
    assert win.overlay_lag_s() == np.float64(10.4) - 10.0             # 0.4 s: the status bar only
    assert win.view.lag_note == ""
    win._status_t = -window_status.STATUS_REFRESH_S
    win._update_status()
    assert "processed 0.5, 2400 ms; overlays 0.4 s behind)" in win.lbl_fps.text()
    win.capture.show(12.5)   # the detector still on the frame of 10.0 s
    win.tick()
    assert win.view.lag_note == "Overlays 2.5 s behind the video"
    painted = win.view.grab().toImage()
    win.processor.done(12.5, calib)                                   # caught up
    win.capture.show(12.55)
    win.tick()
    assert win.view.lag_note == ""
    assert abs(win.overlay_lag_s() - 0.05) < 1e-9
    # the note was drawn: the picture's top left differs from the same picture without it
    win.view.repaint()
    plain = win.view.grab().toImage()
    scale, dx, dy = win.view.mapping()
    x, y = int(dx) + 10, int(dy) + 10
    assert painted.pixelColor(x, y) != plain.pixelColor(x, y)
    win.capture = win.processor = None
