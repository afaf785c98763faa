"""On a still table the tracker does not search the marker windows again: a window whose
picture is the same up to sensor noise gives the corners found in it before; a marker that
moved (by 0.2 px or more), was covered, or a re-fitted pose, is searched again."""

import cv2
import numpy as np
import pytest

from armada_vision.vision.calibration import (
    DEFAULT_LAYOUTS,
    CameraIntrinsics,
    TableTracker,
    load_layout,
)
from armada_vision.vision.calibration._render_markers import render_table_markers
from armada_vision.vision.calibration._table import (
    detect_layout_markers,
    make_detector,
    window_unchanged,
)
from armada_vision.vision.camera import TableCamera

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def layout():
    return load_layout(DEFAULT_LAYOUTS["6x3"])


@pytest.fixture(scope="module")
def camera():
    return TableCamera.looking_down(SIZE, tilt_deg=10, yaw_deg=2, margin_mm=200)


class _Counting:
    """An ArucoDetector that counts the windows it is asked to search."""

    def __init__(self, det):
        self.det, self.calls = det, 0

    def detectMarkers(self, image):  # noqa: N802 - OpenCV's name
        self.calls += 1
        return self.det.detectMarkers(image)


def _predicted(camera, layout):
    return {m.id: camera.table_to_image(m.corners_mm(), 0.0) for m in layout.markers}


def _shift(image, dx_px):
    m = np.float32([[1, 0, dx_px], [0, 1, 0]])
    return cv2.warpAffine(image, m, (image.shape[1], image.shape[0]), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)


def test_fresh_sensor_noise_reuses_every_window_and_its_corners(camera, layout):
    det = _Counting(make_detector(layout.dictionary, window=True))
    pred, memory = _predicted(camera, layout), {}
    first = detect_layout_markers(render_table_markers(camera, layout, seed=1), layout, det, pred,
                                  memory=memory)
    assert sorted(first) == [0, 1, 2, 3, 4, 5] and det.calls == 6
    again = detect_layout_markers(render_table_markers(camera, layout, seed=2), layout, det, pred,
                                  memory=memory)
    assert det.calls == 6  # nothing searched: the same corners as found in the first frame
    assert all(np.array_equal(again[i], first[i]) for i in first)


def test_a_moved_or_covered_marker_is_searched_again(camera, layout):
    det = _Counting(make_detector(layout.dictionary, window=True))
    pred, memory = _predicted(camera, layout), {}
    image = render_table_markers(camera, layout, seed=1)
    first = detect_layout_markers(image, layout, det, pred, memory=memory)
    # the whole picture 1 px to the right (a camera bump): all six windows searched, corners moved
    moved = detect_layout_markers(_shift(image, 1.0), layout, det, pred, memory=memory)
    assert det.calls == 12
    for i in first:
        assert np.allclose(moved[i] - first[i], [1.0, 0.0], atol=0.15)
    # a hand over marker 3: searched, not found, and not served from memory afterwards
    covered = render_table_markers(camera, layout, hidden_ids=(3,), seed=5)
    found = detect_layout_markers(_shift(covered, 1.0), layout, det, pred, memory=memory)
    assert 3 not in found and 3 not in memory


def test_noise_is_unchanged_a_fifth_of_a_pixel_is_not(camera, layout):
    grey = cv2.cvtColor(render_table_markers(camera, layout, seed=1), cv2.COLOR_BGR2GRAY)
    noisy = cv2.cvtColor(render_table_markers(camera, layout, seed=9), cv2.COLOR_BGR2GRAY)
    quad = _predicted(camera, layout)[0]
    (x0, y0), (x1, y1) = np.floor(quad.min(axis=0) - 30).astype(int), np.ceil(quad.max(axis=0) + 30).astype(int)
    win = np.s_[y0:y1, x0:x1]
    assert window_unchanged(noisy[win], grey[win])
    assert not window_unchanged(_shift(grey, 0.3)[win], grey[win])


def test_the_tracker_keeps_its_pose_on_a_still_table_and_follows_a_bump(camera, layout):
    intr = CameraIntrinsics(camera.camera_matrix, camera.dist_coeffs, camera.image_size, 0.2)
    t = TableTracker(intr, layout)
    image = render_table_markers(camera, layout, seed=1)
    assert t.update(image).state == "fitted"
    fit = t.fit
    for seed in (2, 3, 4):
        status = t.update(render_table_markers(camera, layout, seed=seed))
        assert status.state == "ok" and status.fit is fit
    states = [t.update(_shift(render_table_markers(camera, layout, seed=s), 4.0)).state for s in (5, 6, 7)]
    assert states == ["moving", "moving", "refitted"]
    assert t.fit is not fit
