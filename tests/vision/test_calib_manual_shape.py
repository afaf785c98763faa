"""`calibrate table --corners` warns when the clicked corners cannot be the layout's play area.

On the real overhead webcam board (../shared/realdata, a 1.53 : 1 grid) a 3' x 3' layout and the
lens file of another camera (OpenCV's ChArUco photos) gave a table whose corners reprojected 64
px off, and a small base fitted over half of a ship model, without a word (docs/detection.md,
"Real overhead webcam frames").
"""

from __future__ import annotations

import numpy as np
import pytest

from armada_vision.vision.calibration import manual_fit
from armada_vision.vision.calibration._files import CameraIntrinsics
from armada_vision.vision.calibration._manual import MANUAL_WARNING, shape_misfit_px
from armada_vision.vision.camera import TableCamera

SIX_BY_THREE = (1828.8, 914.4)
THREE_BY_THREE = (914.4, 914.4)
# the yarn grid's corners on the real board's first capture day, table order (px)
BOARD_CORNERS = np.array([[42.0, 424.0], [594.0, 424.0], [594.0, 63.0], [42.0, 63.0]])


def _corners(cam: TableCamera, play):
    w, h = play
    return cam.table_to_image(np.array([[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]]))


@pytest.mark.parametrize("size", [(1920, 1080), (640, 480)])
@pytest.mark.parametrize("tilt_deg", [0.0, 12.0])
def test_the_right_play_area_fits_and_the_wrong_one_is_warned_about(size, tilt_deg):
    dist = np.array([0.057, -0.203, -0.0014, 0.0004, 0.159])  # a C920, cv-notes 2.3
    cam = TableCamera.looking_down(size, tilt_deg=tilt_deg, yaw_deg=2.0, dist_coeffs=dist,
                                   margin_mm=40.0)
    px = _corners(cam, SIX_BY_THREE)
    assert shape_misfit_px(px, SIX_BY_THREE, size) < 0.5
    assert manual_fit(px, SIX_BY_THREE, size).warnings == [MANUAL_WARNING]
    # measured 80-290 px for the 3' x 3' layout on this 6' x 3' table
    assert shape_misfit_px(px, THREE_BY_THREE, size) > 0.05 * np.hypot(*size)
    warned = manual_fit(px, THREE_BY_THREE, size).warnings
    assert len(warned) == 2 and "914.4 x 914.4 mm play area" in warned[1]
    assert "--layout" in warned[1] and "--camera" not in warned[1]


def test_a_lens_file_of_another_camera_is_named():
    # the real overhead webcam's board with a board-shaped play area, but the strong lens of the
    # ChArUco photos' camera (fx 457, k3 3.1): the corners still fit (1 px) -- the lens is only
    # named when the shape does not fit it
    lens = CameraIntrinsics(np.array([[457.3, 0, 317.2], [0, 461.3, 275.6], [0, 0, 1.0]]),
                            np.array([0.120, -1.101, 0.0003, -0.0010, 3.103]), (640, 480))
    assert shape_misfit_px(BOARD_CORNERS, (552.0, 361.0), (640, 480), lens) < 2.0
    warned = manual_fit(BOARD_CORNERS, THREE_BY_THREE, (640, 480), lens).warnings
    assert len(warned) == 2 and "off by 64 px RMS" in warned[1] and "--camera" in warned[1]
    # without a lens file: the 3' x 3' and 6' x 3' layouts on the 1.53 : 1 board
    assert shape_misfit_px(BOARD_CORNERS, THREE_BY_THREE, (640, 480)) == pytest.approx(65.3, abs=1)
    assert shape_misfit_px(BOARD_CORNERS, SIX_BY_THREE, (640, 480)) == pytest.approx(37.8, abs=1)
    assert manual_fit(BOARD_CORNERS, (552.0, 361.0), (640, 480)).warnings == [MANUAL_WARNING]


@pytest.mark.parametrize("size, tilt_deg", [((1920, 1080), 25.0), ((640, 480), 40.0)])
def test_a_tilted_manual_fit_has_a_camera_centre(size, tilt_deg):
    # OpenCV's IPPE returned "ok" with a NaN pose for these exact views: the camera centre
    # (used for every raised plane: bases, tokens) was NaN
    cam = TableCamera.looking_down(size, play_area_mm=THREE_BY_THREE, tilt_deg=tilt_deg,
                                   yaw_deg=2.0, margin_mm=40.0)
    fit = manual_fit(_corners(cam, THREE_BY_THREE), THREE_BY_THREE, size)
    assert np.allclose(fit.camera.centre_mm, cam.centre_mm, atol=1.0)
    assert fit.warnings == [MANUAL_WARNING]
