"""The tracker's periodic whole-frame search while a marker is missing (aruco3 mode, sized
for the markers the pose shows): a marker knocked out of its window is still found there and
ignored, a hidden one stays hidden, and the pose is kept."""

from dataclasses import replace

import numpy as np
import pytest

from armada_vision.vision.calibration import (
    DEFAULT_LAYOUTS,
    CameraIntrinsics,
    TableTracker,
    load_layout,
)
from armada_vision.vision.calibration._render_markers import render_table_markers
from armada_vision.vision.calibration._tracker import PERIODIC_MARKER_SCALE, periodic_fraction
from armada_vision.vision.camera import TableCamera

SIZE = (1280, 720)
C920_DIST = np.array([0.057, -0.203, -0.0014, 0.0004, 0.159])


@pytest.fixture(scope="module")
def layout():
    return load_layout(DEFAULT_LAYOUTS["6x3"])


@pytest.fixture(scope="module")
def camera():
    return TableCamera.looking_down(SIZE, tilt_deg=10, yaw_deg=2, dist_coeffs=C920_DIST, margin_mm=200)


@pytest.fixture
def tracker(camera, layout):
    intr = CameraIntrinsics(camera.camera_matrix, camera.dist_coeffs, camera.image_size, 0.2)
    t = TableTracker(intr, layout, full_search_every=5)
    assert t.update(render_table_markers(camera, layout, seed=1)).state == "fitted"
    return t


def test_a_marker_knocked_out_of_its_window_is_found_by_the_periodic_search(tracker, camera, layout):
    before = tracker.fit
    # marker 0 pushed 150 mm along the edge: ~100 px at 720p, far outside its search window
    m0 = replace(layout.markers[0], center_mm=(layout.markers[0].center_mm[0] + 150.0,
                                               layout.markers[0].center_mm[1]))
    knocked = replace(layout, markers=(m0, *layout.markers[1:]))
    frame = render_table_markers(camera, knocked, seed=4)
    statuses = [tracker.update(frame) for _ in range(6)]
    # frames 1-4: marker 0 is not in its window (hidden); frame 5: the periodic search finds it
    assert [s.hidden_ids for s in statuses[:4]] == [[0]] * 4
    assert statuses[4].hidden_ids == [] and "markers 0 ignored" in statuses[4].message
    assert statuses[5].hidden_ids == [0]  # the next frame: windows only again
    assert all(s.state == "ok" and s.fit is before for s in statuses)


def test_a_hidden_marker_stays_hidden_through_the_periodic_search(tracker, camera, layout):
    frame = render_table_markers(camera, layout, hidden_ids=(2,), seed=5)
    statuses = [tracker.update(frame) for _ in range(6)]
    assert all(s.state == "ok" and s.hidden_ids == [2] for s in statuses)


def test_periodic_fraction_keeps_the_smallest_marker_above_the_loss_size():
    # two square markers of 60 and 40 px sides in a 1920 px frame: sized for 0.8 x 40 = 32 px
    quads = {0: np.array([[0, 0], [60, 0], [60, 60], [0, 60]], float),
             1: np.array([[100, 100], [140, 100], [140, 140], [100, 140]], float)}
    frac = periodic_fraction(quads, (1920, 1080))
    assert frac == pytest.approx(0.5 * (PERIODIC_MARKER_SCALE * 40 - 16) / 1920)
    # aruco3's scale (S / (S + long side x fraction), S = 16) takes the 40 px marker to
    # 26.7 px: above 1.5 S, where markers began to be lost (make_detector's docstring)
    fxfy = 16 / (16 + 1920 * frac)
    assert 40 * fxfy == pytest.approx(26.67, abs=0.01)
