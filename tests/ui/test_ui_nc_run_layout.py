"""`run --camera camera.json --layout 6x3` (README step 5): the table is found from the markers
in the first frames, and the pieces must then be detected. The window's pipeline used to build
its detector only from a camera known at start, so this path never detected anything."""

from __future__ import annotations

import pytest

from armada_vision.scene import Scene, ShipPose
from armada_vision.ui.capture import Frame
from armada_vision.ui.pipeline import SCENE_DETECTED, SCENE_NONE, Calibration, Pipeline
from armada_vision.vision import synth
from armada_vision.vision.calibration import (
    DEFAULT_LAYOUTS,
    CameraIntrinsics,
    TableTracker,
    load_layout,
)
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel

CAMERA = TableCamera.looking_down((960, 540), margin_mm=160.0)


def test_pieces_are_detected_once_the_markers_fit_the_table(catalog):
    layout = load_layout(DEFAULT_LAYOUTS["6x3"])
    intrinsics = CameraIntrinsics(CAMERA.camera_matrix, CAMERA.dist_coeffs, CAMERA.image_size, 0.2)
    opt = synth.RenderOptions(mat="cloth", minis=False)
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=4, noise_seed=9).image
    pipe = Pipeline.with_available_detector(catalog, Calibration(), play_area_mm=layout.play_area_mm,
                                            background=BackgroundModel.learn(empty))
    pipe.tracker = TableTracker(intrinsics, layout)
    assert pipe.detector is None  # no table yet: nothing to detect with
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    results = [pipe.process(Frame(synth.render(scene, CAMERA, catalog, opt, seed=4, noise_seed=n).image,
                                  n, 0.1 * n)) for n in range(2)]
    assert results[-1].calibration.kind == "markers"
    assert results[-1].scene_kind == SCENE_DETECTED
    ships = results[-1].scene.ships
    assert len(ships) == 1
    assert ships[0].x_mm == pytest.approx(700.0, abs=5.0) and ships[0].y_mm == pytest.approx(400.0, abs=5.0)


def test_without_markers_in_view_nothing_is_detected(catalog):
    layout = load_layout(DEFAULT_LAYOUTS["6x3"])
    intrinsics = CameraIntrinsics(CAMERA.camera_matrix, CAMERA.dist_coeffs, CAMERA.image_size, 0.2)
    pipe = Pipeline.with_available_detector(catalog, Calibration(), play_area_mm=layout.play_area_mm)
    pipe.tracker = TableTracker(intrinsics, layout)
    blank = synth.render(Scene(), CAMERA, catalog, seed=4).image * 0
    result = pipe.process(Frame(blank, 0, 0.0))
    assert result.scene_kind == SCENE_NONE and pipe.detector is None
