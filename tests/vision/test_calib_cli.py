"""`armada-vision calibrate table` end to end on a rendered table photo."""

import cv2
import numpy as np
import pytest

from armada_vision.cli import main
from armada_vision.vision.calibration import (
    DEFAULT_LAYOUTS,
    CameraIntrinsics,
    load_layout,
    load_table,
    save_camera,
)
from armada_vision.vision.calibration._render_markers import render_table_markers
from armada_vision.vision.camera import TableCamera

PLAY = np.array([[0.0, 0.0], [1828.8, 0.0], [1828.8, 914.4], [0.0, 914.4]])


@pytest.fixture(scope="module")
def shot(tmp_path_factory):
    d = tmp_path_factory.mktemp("shot")
    cam = TableCamera.looking_down((1280, 720), tilt_deg=8, yaw_deg=-1,
                                   dist_coeffs=np.array([0.057, -0.203, -0.0014, 0.0004, 0.159]),
                                   margin_mm=200)
    cv2.imwrite(str(d / "table.png"), render_table_markers(cam, load_layout(DEFAULT_LAYOUTS["6x3"])))
    save_camera(CameraIntrinsics(cam.camera_matrix, cam.dist_coeffs, cam.image_size, 0.2), d / "camera.json")
    return d, cam


def test_calibrate_table_writes_a_file_that_maps_like_the_camera(shot, capsys):
    d, cam = shot
    out = d / "table.json"
    assert main(["calibrate", "table", "--source", str(d / "table.png"), "--camera",
                 str(d / "camera.json"), "--out", str(out)]) == 0
    assert "markers 0, 1, 2, 3, 4, 5" in capsys.readouterr().out
    fit, layout, intrinsics = load_table(out)
    assert fit.accuracy == "intrinsics" and intrinsics is not None
    pts = np.array([[100.0, 100.0], [1700.0, 800.0], [914.4, 457.2]])
    for height in (0.0, 8.0):
        est = fit.camera.image_to_table(cam.table_to_image(pts, height), height)
        assert np.abs(est - pts).max() < 0.5


def test_calibrate_table_from_clicked_corners_is_marked_manual(shot, capsys):
    d, cam = shot
    corners = ";".join(f"{x:.1f},{y:.1f}" for x, y in cam.table_to_image(PLAY))
    out = d / "manual.json"
    assert main(["calibrate", "table", "--source", str(d / "table.png"), "--corners", corners,
                 "--out", str(out)]) == 0
    assert "lower accuracy" in capsys.readouterr().err
    fit, _, intrinsics = load_table(out)
    assert fit.accuracy == "manual" and intrinsics is None
    # the four clicked corners map back exactly; in between, the uncorrected lens distortion
    # (cv-notes 2.4) leaves about a millimetre here (~1 px/1.4 mm at 720p)
    assert np.abs(fit.camera.image_to_table(cam.table_to_image(PLAY)) - PLAY).max() < 0.2  # 0.1 px typed
    mid_edge = np.array([[914.4, 457.2], [457.2, 228.6], [1828.8, 457.2]])
    assert np.abs(fit.camera.image_to_table(cam.table_to_image(mid_edge)) - mid_edge).max() < 3.0
