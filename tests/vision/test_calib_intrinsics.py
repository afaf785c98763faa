"""Camera intrinsics from rendered ChArUco views (exact truth): the live view selection and the
calibration it feeds."""

import cv2
import numpy as np
import pytest

from armada_vision.errors import InputError
from armada_vision.vision.calibration import BoardSpec, CharucoCalibrator
from armada_vision.vision.calibration._render_markers import render_board_view

BOARD = BoardSpec()  # the printed default: 5 x 7, 30 mm squares, 22 mm markers
K = np.array([[520.0, 0, 322], [0, 520, 236], [0, 0, 1]])
DIST = np.array([0.08, -0.25, 0.0, 0.0, 0.1])
SIZE = (640, 480)


def view(ax_deg, ay_deg, az_deg=0.0, distance_mm=420.0, dx_mm=0.0, dy_mm=0.0, seed=0):
    """The board tilted about its centre by (ax, ay, az) deg, centred ``distance_mm`` ahead."""
    R = (cv2.Rodrigues(np.radians([ax_deg, 0, 0]))[0] @ cv2.Rodrigues(np.radians([0, ay_deg, 0]))[0]
         @ cv2.Rodrigues(np.radians([0, 0, az_deg]))[0])
    centre = np.array([75.0, 105.0, 0.0])
    t = -R @ centre + [dx_mm, dy_mm, distance_mm]
    return render_board_view(BOARD, K, DIST, cv2.Rodrigues(R)[0].ravel(), t, SIZE, seed=seed)


POSES = [(0, 0), (25, 0, 0), (-25, 0, 5), (0, 25), (0, -25, -5), (20, 20, 10), (-20, -20),
         (15, -20, 0, 380, -40, 20), (-15, 20, 0, 460, 40, -30), (30, 5, 0, 400, 0, 30)]


def test_live_frames_are_taken_only_when_still_and_new():
    cal = CharucoCalibrator(BOARD)
    a, b = view(0, 0), view(25, 0)
    assert cal.add_frame(a).reason == "hold the board still"  # nothing to compare with yet
    first = cal.add_frame(a)
    assert first.accepted and first.views == 1
    assert "already taken" in cal.add_frame(a).reason
    moving = cal.add_frame(b)
    assert not moving.accepted and moving.reason.startswith("board moving")
    tilted = cal.add_frame(b)
    assert tilted.accepted and tilted.views == 2
    assert tilted.tilt_span_deg == pytest.approx(25.0, abs=2.0)


@pytest.mark.slow
def test_views_of_a_known_camera_recover_its_intrinsics():
    cal = CharucoCalibrator(BOARD)
    for i, pose in enumerate(POSES):
        frame = view(*pose, seed=i)
        cal.add_frame(frame)
        progress = cal.add_frame(frame)
        assert progress.accepted, progress.reason
    cam = cal.calibrate()
    assert cam.image_size == SIZE
    assert cam.camera_matrix[0, 0] == pytest.approx(520.0, rel=0.01)
    assert cam.camera_matrix[1, 1] == pytest.approx(520.0, rel=0.01)
    assert cam.camera_matrix[:2, 2] == pytest.approx([322, 236], abs=4.0)
    assert cam.rms_px < 0.3


def test_a_frame_of_another_size_is_refused():
    cal = CharucoCalibrator(BOARD)
    cal.add_image(view(0, 0), "a.png")
    with pytest.raises(InputError, match=r"b.png: image is 320x240 px but the earlier views are 640x480"):
        cal.add_image(cv2.resize(view(10, 0), (320, 240)), "b.png")
