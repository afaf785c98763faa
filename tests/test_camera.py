import numpy as np
import pytest

from armada_vision.vision.camera import TableCamera


@pytest.mark.parametrize("height_mm", [0.0, 5.0, 40.0])
def test_table_to_image_and_back_is_identity(height_mm):
    cam = TableCamera.looking_down(tilt_deg=8.0, dist_coeffs=np.array([0.057, -0.203, -0.0014, 0.0004, 0.159]))
    pts = np.array([[0.0, 0.0], [1828.8, 914.4], [914.4, 457.2], [100.0, 800.0]])
    px = cam.table_to_image(pts, height_mm)
    assert np.all((px >= 0) & (px < [1920, 1080]))
    back = cam.image_to_table(px, height_mm)
    assert np.allclose(back, pts, atol=1e-3)


def test_raised_point_appears_shifted_outward():
    cam = TableCamera.looking_down()
    corner = np.array([[0.0, 0.0]])
    at_mat = cam.image_to_table(cam.table_to_image(corner, 10.0), 0.0)
    # A point 10 mm up at the corner looks further out from the centre, by ~0.6-0.8 mm per mm.
    shift = np.linalg.norm(at_mat - corner)
    assert 4.0 < shift < 10.0
    assert at_mat[0, 0] < 0 and at_mat[0, 1] < 0
