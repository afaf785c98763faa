"""The window's pipeline detects through the live path with the learned empty table, and
`run --background` learns it from image files."""

from __future__ import annotations

import cv2
import pytest

from armada_vision.cli.run import learn_background
from armada_vision.errors import InputError
from armada_vision.scene import Scene, ShipPose
from armada_vision.ui.capture import Frame
from armada_vision.ui.pipeline import Calibration, Pipeline
from armada_vision.vision import synth
from armada_vision.vision.camera import TableCamera
from armada_vision.vision.detect import BackgroundModel, LiveDetector

CAMERA = TableCamera.looking_down((960, 540))


def test_the_pipeline_reuses_still_pieces_with_the_learned_background(catalog):
    scene = Scene((ShipPose("vsd", "victory-ii-star-destroyer", 1, 700.0, 400.0, 30.0),))
    opt = synth.RenderOptions(mat="cloth", minis=False)
    empty = synth.render(Scene(), CAMERA, catalog, opt, seed=4, noise_seed=9).image
    bg = BackgroundModel.learn(empty)
    pipe = Pipeline.with_available_detector(catalog, Calibration(CAMERA, "exact"), background=bg)
    assert isinstance(pipe.detector, LiveDetector) and pipe.detector.background is bg
    results, skipped = [], []
    for n in range(4):
        img = synth.render(scene, CAMERA, catalog, opt, seed=4, noise_seed=n).image
        results.append(pipe.process(Frame(img, n, 0.1 * n)))
        skipped.append(pipe.detector.stats.skipped)
    ships = [r.scene.ships for r in results]
    assert len(ships[-1]) == 1 and ships[-1][0].x_mm == pytest.approx(700.0, abs=3.0)
    # Nothing moved: frames whose pixels did not change are not detected again, and the
    # tracked pose does not move by even 0.01 mm (zero jitter).
    assert skipped[-1]
    assert all(ships[n] == ships[n - 1] for n in range(2, 4) if skipped[n])


def test_run_learns_the_background_from_images_of_the_same_size(tmp_path, catalog):
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    img = synth.render(Scene(), CAMERA, catalog, seed=1).image
    cv2.imwrite(str(a), img)
    cv2.imwrite(str(b), img[:200])
    assert learn_background(None) is None
    assert learn_background([str(a)]).shape == (540, 960)
    with pytest.raises(InputError, match="b.png"):
        learn_background([str(a), str(b)])
