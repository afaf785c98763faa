"""Pixels back to the table through a strong lens, out to the picture's corners.

The real ChArUco photos in ../shared/realdata calibrate to a lens with k3 of about 3
(README figures: fx 457.3, fy 461.3); the table markers sit near the picture's corners, where
OpenCV's default five undistortion iterations fall short.
"""

from __future__ import annotations

import numpy as np

from armada_vision.vision.camera import TableCamera

STRONG_LENS = np.array([-0.29, 0.11, 0.0, 0.0, 3.1])  # k1, k2, p1, p2, k3


def _table_points_in_view(cam: TableCamera) -> np.ndarray:
    w, h = cam.image_size
    xs, ys = np.meshgrid(np.linspace(-300.0, 2130.0, 60), np.linspace(-300.0, 1210.0, 40))
    pts = np.column_stack([xs.ravel(), ys.ravel()])
    px = cam.table_to_image(pts)
    inside = (px[:, 0] >= 0) & (px[:, 0] < w) & (px[:, 1] >= 0) & (px[:, 1] < h)
    return pts[inside]


def test_image_to_table_inverts_projection_to_the_picture_corners():
    cam = TableCamera.looking_down((640, 480), hfov_deg=70.0, margin_mm=60.0, tilt_deg=3.0,
                                   dist_coeffs=STRONG_LENS)
    pts = _table_points_in_view(cam)
    px = cam.table_to_image(pts)
    # Some of these points are far out in the corners (more than 0.9 of the half-diagonal).
    centre = np.array(cam.image_size) / 2.0
    assert (np.linalg.norm(px - centre, axis=1) > 0.9 * np.linalg.norm(centre)).sum() >= 3
    back = cam.image_to_table(px)
    err_mm = np.linalg.norm(back - pts, axis=1)
    assert err_mm.max() < 0.05, f"worst {err_mm.max():.3f} mm at {pts[np.argmax(err_mm)]}"


def test_image_to_table_on_a_lens_without_distortion_is_the_plain_ray():
    cam = TableCamera.looking_down((1920, 1080), tilt_deg=5.0)
    pts = _table_points_in_view(cam)
    assert np.abs(cam.image_to_table(cam.table_to_image(pts)) - pts).max() < 1e-6
