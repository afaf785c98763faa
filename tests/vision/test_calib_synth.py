"""Table calibration on frames of the synthetic-table renderer (armada_vision.vision.synth):
an independent renderer with mats, minis, hands, lighting, noise and JPEG."""

import numpy as np
import pytest

from armada_vision.vision.calibration import CameraIntrinsics, TableTracker, fit_table, load_layout


@pytest.mark.slow
def test_pose_from_a_rendered_game_table(catalog, seed=1, mat="cloth"):
    from armada_vision.vision.synth import RenderOptions, random_camera, random_scene, render

    rng = np.random.default_rng(seed)
    cam = random_camera(rng, image_size=(1280, 720))
    scene = random_scene(catalog, rng)
    frame = render(scene, cam, catalog, RenderOptions(mat=mat, hands=1), seed=seed).image
    intr = CameraIntrinsics(cam.camera_matrix, cam.dist_coeffs, cam.image_size)
    layout = load_layout("6x3")
    fit = fit_table(frame, intr, layout)
    xs, ys = np.meshgrid(np.linspace(0, 1828.8, 19), np.linspace(0, 914.4, 10))
    pts = np.column_stack([xs.ravel(), ys.ravel()])
    for height in (0.0, 8.0):
        err = np.linalg.norm(fit.camera.image_to_table(cam.table_to_image(pts, height), height) - pts,
                             axis=1)
        assert err.mean() < 0.5 and err.max() < 1.5  # issue 4's goal (stated for 1080p)
    tracker = TableTracker(intr, layout, fit=fit)
    assert tracker.update(frame).state == "ok"
